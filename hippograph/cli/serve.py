"""``hippo serve``: the MCP server on stdin/stdout for coding agents."""

from __future__ import annotations

import logging
import sys
import threading
from typing import TYPE_CHECKING

import typer

from hippograph.cli.app import app, open_memory, settings_of
from hippograph.schema import defaults

if TYPE_CHECKING:
    from hippograph.memory import Memory
    from hippograph.units.embedder import Embedder


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
        help="Load the embedding model in the background as the server starts, not on the "
        "first search (the server answers at once either way).",
    ),
) -> None:
    """Run the MCP server on stdin/stdout for Claude Code and other MCP clients
    (see docs/mcp.md)."""
    from hippograph.errors import HippographError
    from hippograph.mcp import serve_stdio
    from hippograph.mcp.server import Connection

    if not logging.getLogger().handlers:  # stdout is the protocol: logs go to stderr only
        logging.basicConfig(
            stream=sys.stderr, level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s"
        )
    if not defaults.AGENT_NAME.match(agent):
        raise typer.BadParameter(
            f"{agent!r} is not an agent name; use letters, digits, '.', '_' or '-'.",
            param_hint="--agent",
        )
    if logging.getLogger().getEffectiveLevel() > logging.INFO:
        # The driver logs every retry while Neo4j is down; the tools say it in one sentence.
        logging.getLogger("neo4j").setLevel(logging.ERROR)

    def connected(memory: Memory) -> None:
        if warm and memory.embedder is not None:
            threading.Thread(
                target=_warm, args=(memory.embedder,), name="warm-model", daemon=True
            ).start()

    conn = Connection(
        lambda: open_memory(ctx, scope=scope, agent=agent), settings_of(ctx), connected
    )
    try:
        conn.memory()
    except HippographError as exc:  # serve anyway: memory_status says why, tools retry
        logging.getLogger(__name__).warning(
            "%s The MCP server starts anyway; its tools connect when they are called.", exc
        )
    try:
        serve_stdio(conn)
    finally:
        conn.close()


def _warm(embedder: Embedder) -> None:
    """Load the model while the server already answers; a search that comes first waits for the
    same load (the embedder loads once). A failure here is the first search's to report."""
    try:
        embedder.embed(["warm up"])
    except Exception:  # logged; the first search raises it again, as a sentence
        logging.getLogger(__name__).warning("the embedding model did not load", exc_info=True)
