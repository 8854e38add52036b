"""The MCP server: lists the tools, validates arguments, runs them on one ``Memory``, and turns
every error into a tool error result with the CLI's text (STYLE §5). The agent never gets a
stack trace, and a bad call never stops the server.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

import anyio
import anyio.to_thread
from mcp import types
from mcp.server import Server, ServerRequestContext
from mcp.server.stdio import stdio_server
from pydantic import ValidationError

from hippograph.config import Settings, format_validation_error
from hippograph.errors import GraphUnavailableError, HippographError
from hippograph.mcp import knowledge, workflow
from hippograph.mcp.registry import ToolSpec
from hippograph.memory import Memory
from hippograph.schema.defaults import MCP_CALL_DEADLINE_S
from hippograph.version import __version__

log = logging.getLogger(__name__)

TOOLS: tuple[ToolSpec, ...] = (*knowledge.TOOLS, *workflow.TOOLS)
INSTRUCTIONS = (
    "hippograph is this project's long-term memory (facts, decisions, failures, rules) in a Neo4j "
    "graph. At the start of a session call read_my_notes; before answering about the project call "
    "search_memory; before editing code call pre_edit, and before applying a patch call "
    "check_patch. Record what you learn with propose_fact, record_decision and record_failure; "
    "save where you stopped with update_my_notes. When a tool abstains, memory does not know: "
    "say so instead of guessing."
)
# Memory calls block on Neo4j (and the embedding model): run them in worker threads,
# a few at a time.
MAX_CONCURRENT_CALLS = 4


class Connection:
    """The one ``Memory`` the tools run on, connected when first needed.

    ``hippo serve`` starts whether or not Neo4j is up, so that an agent started before the
    database still gets its tools, ``memory_status`` says what is wrong, and every other tool
    says why it cannot answer. A failed connect is tried again on the next call: once Neo4j
    runs, the tools work without restarting the agent."""

    def __init__(
        self,
        connect: Callable[[], Memory],
        settings: Settings,
        on_connect: Callable[[Memory], None] | None = None,
    ) -> None:
        self._connect = connect
        self.settings = settings
        self._on_connect = on_connect  # e.g. load the embedding model in the background
        self._memory: Memory | None = None
        self._lock = threading.Lock()

    @classmethod
    def of(cls, memory: Memory) -> Connection:
        """A connection that is already open (tests, the demo)."""
        conn = cls(lambda: memory, memory.settings)
        conn._memory = memory
        return conn

    def memory(self) -> Memory:
        """The connected memory; raises the connect error's sentence when Neo4j cannot be
        reached (or is not configured)."""
        with self._lock:
            if self._memory is None:
                self._memory = self._connect()
                if self._on_connect is not None:
                    self._on_connect(self._memory)
            return self._memory

    @property
    def connected(self) -> bool:
        """True once the memory was connected."""
        return self._memory is not None

    def close(self) -> None:
        """Close the memory if it was ever connected."""
        with self._lock:
            if self._memory is not None:
                self._memory.close()
                self._memory = None


def build_server(
    memory: Memory | Connection,
    *,
    tools: Sequence[ToolSpec] = TOOLS,
    deadline_s: float = MCP_CALL_DEADLINE_S,
) -> Server[Any]:
    """The MCP server around one ``Memory`` (or a ``Connection`` that opens it when first
    needed); tests inject theirs, ``hippo serve`` its own. A call that passes ``deadline_s`` is
    answered with why, so one stuck call (Neo4j frozen, say) never holds the others up."""
    conn = memory if isinstance(memory, Connection) else Connection.of(memory)
    by_name = {t.name: t for t in tools}
    listing = [_describe(t) for t in tools]
    limiter = anyio.CapacityLimiter(MAX_CONCURRENT_CALLS)

    async def list_tools(
        _ctx: ServerRequestContext[Any], _params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=listing)

    async def call_tool(
        _ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        tool = by_name.get(params.name)
        if tool is None:
            return _error(f"unknown tool {params.name!r}; the tools are: {', '.join(by_name)}.")
        work = partial(call, tool, conn, params.arguments or {})
        with anyio.move_on_after(deadline_s) as scope:
            return await anyio.to_thread.run_sync(work, limiter=limiter, abandon_on_cancel=True)
        assert scope.cancelled_caught
        log.warning("tool %s passed its %g s deadline", tool.name, deadline_s)
        return _error(
            f"{tool.name} did not finish within {deadline_s:g} s (Neo4j slow or stopped?); it "
            "was left to finish in the background and its result dropped. Try again, or ask "
            "the user to check `hippo status`.",
            tool.name,
        )

    def input_schema(name: str) -> Mapping[str, Any] | None:
        tool = by_name.get(name)
        return tool.input.model_json_schema() if tool else None

    return Server(
        "hippograph",
        version=__version__,
        instructions=INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
        get_tool_input_schema=input_schema,
    )


def call(tool: ToolSpec, conn: Connection, arguments: Mapping[str, Any]) -> types.CallToolResult:
    """Validate the arguments, run the tool, shape the result; every failure is an error result
    (a tool with an answer for an unreachable Neo4j gives that instead)."""
    try:
        args = tool.input.model_validate(dict(arguments))
    except ValidationError as exc:
        return _error(f"invalid input: {format_validation_error(exc)}.", tool.name)
    try:
        try:
            data = tool.run(conn.memory(), args).model_dump(mode="json")
        except HippographError as exc:
            down = not conn.connected or isinstance(exc, GraphUnavailableError)
            if tool.unreachable is None or not down:
                raise
            data = tool.unreachable(conn.settings, str(exc)).model_dump(mode="json")
    except HippographError as exc:
        return _error(str(exc), tool.name)
    except ValidationError as exc:  # a library input record refused a value (e.g. an empty text)
        return _error(f"invalid input: {format_validation_error(exc)}.", tool.name)
    except Exception as exc:
        log.exception("tool %s failed unexpectedly", tool.name)
        return _error(
            f"unexpected {type(exc).__name__} in {tool.name}: {exc} (the server logged "
            "the traceback to stderr)."
        )
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=text)], structured_content=data
    )


def _error(message: str, tool: str | None = None) -> types.CallToolResult:
    if tool is not None:
        log.info("tool %s refused: %s", tool, message)
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=message)], is_error=True
    )


def _describe(tool: ToolSpec) -> types.Tool:
    return types.Tool(
        name=tool.name,
        description=tool.description,
        input_schema=tool.input.model_json_schema(),
        output_schema=tool.output.model_json_schema(),
        annotations=types.ToolAnnotations(
            read_only_hint=tool.read_only, destructive_hint=False, open_world_hint=False
        ),
    )


def serve_stdio(memory: Memory | Connection) -> None:
    """Serve ``memory`` on stdin/stdout until the client closes the connection."""
    server = build_server(memory)

    async def main() -> None:
        async with stdio_server() as (read_stream, write_stream):
            await server.run(read_stream, write_stream, server.create_initialization_options())

    anyio.run(main)
