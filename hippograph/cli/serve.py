"""``hippo serve``: the MCP server on stdin/stdout for coding agents."""

from __future__ import annotations

import logging
import sys
from contextlib import redirect_stdout

import typer

from hippograph.cli.app import app, open_memory
from hippograph.schema import defaults


@app.command("serve")
def serve(
    ctx: typer.Context,
    scope: str | None = typer.Option(
        None, "--scope", help="Scope new memory is written to (default: HIPPOGRAPH_SCOPE)."
    ),
    agent: str = typer.Option(
        defaults.AGENT,
        "--agent",
        help="The agent this server serves: what it writes is recorded as that agent's "
        "(source agent, never user), and it reads and updates that agent's notes only.",
    ),
    warm: bool = typer.Option(
        True,
        "--warm/--no-warm",
        help="Load the embedding model before serving, not on the first search.",
    ),
) -> None:
    """Run the MCP server on stdin/stdout for Claude Code and other MCP clients
    (see docs/mcp.md)."""
    from hippograph.mcp import serve_stdio

    if not logging.getLogger().handlers:  # stdout is the protocol: logs go to stderr only
        logging.basicConfig(
            stream=sys.stderr, level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s"
        )
    if not defaults.AGENT_NAME.match(agent):
        raise typer.BadParameter(
            f"{agent!r} is not an agent name; use letters, digits, '.', '_' or '-'.",
            param_hint="--agent",
        )
    with open_memory(ctx, embed=True, scope=scope, agent=agent) as memory:
        if warm and memory.embedder is not None:
            with redirect_stdout(
                sys.stderr
            ):  # nothing a model loader prints may reach the protocol stream
                memory.embedder.embed(["warm up"])
        serve_stdio(memory)
