"""``hippo serve``: the MCP server on stdin/stdout for coding agents."""

from __future__ import annotations

import logging
import sys
from contextlib import redirect_stdout

import typer

from hippograph.cli.app import app, open_memory


@app.command("serve")
def serve(
    ctx: typer.Context,
    scope: str | None = typer.Option(
        None, "--scope", help="Scope new memory is written to (default: HIPPOGRAPH_SCOPE)."
    ),
    warm: bool = typer.Option(
        True,
        "--warm/--no-warm",
        help="Load the embedding model before serving, not on the first search.",
    ),
) -> None:
    """Run the MCP server on stdin/stdout for Claude Code and other MCP clients (see docs/mcp.md)."""
    from hippograph.mcp import serve_stdio

    if not logging.getLogger().handlers:  # stdout is the protocol: logs go to stderr only
        logging.basicConfig(
            stream=sys.stderr, level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s"
        )
    with open_memory(ctx, embed=True, scope=scope) as memory:
        if warm and memory.embedder is not None:
            with redirect_stdout(
                sys.stderr
            ):  # nothing a model loader prints may reach the protocol stream
                memory.embedder.embed(["warm up"])
        serve_stdio(memory)
