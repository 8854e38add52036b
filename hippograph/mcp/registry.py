"""What a tool is: its name, the description the agent reads, its input and output models."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, get_type_hints

from pydantic import BaseModel

from hippograph.config import Settings
from hippograph.mcp.models import ToolInput
from hippograph.memory import Memory
from hippograph.schema.base import VECTOR_PROPERTIES
from hippograph.schema.isotime import parse_when


@dataclass(frozen=True)
class ToolSpec:
    """One MCP tool: the function's docstring is the description, its annotations the schemas."""

    name: str
    description: str
    input: type[ToolInput]
    output: type[BaseModel]
    run: Callable[[Memory, Any], BaseModel]
    read_only: bool
    # The answer when Neo4j cannot be reached (given the settings and the error's sentence),
    # for a tool that has one: the others answer with the error itself.
    unreachable: Callable[[Settings, str], BaseModel] | None = None


def spec(
    fn: Callable[[Memory, Any], BaseModel],
    *,
    read_only: bool,
    unreachable: Callable[[Settings, str], BaseModel] | None = None,
) -> ToolSpec:
    """Describe ``fn(memory, args: <Input>) -> <Output>`` as a tool named after it."""
    hints = get_type_hints(fn)
    return ToolSpec(
        name=fn.__name__,
        description=inspect.cleandoc(fn.__doc__ or ""),
        input=hints["args"],
        output=hints["return"],
        run=fn,
        read_only=read_only,
        unreachable=unreachable,
    )


def plain(value: Any) -> Any:
    """JSON-ready data: dates as ISO text, tuples as lists, embeddings summarised
    (they mean nothing to a reader)."""
    if isinstance(value, dict):
        return {
            str(k): _vector_note(v) if k in VECTOR_PROPERTIES else plain(v)
            for k, v in value.items()
        }
    if isinstance(value, list | tuple | set | frozenset):
        return [plain(v) for v in value]
    if isinstance(value, datetime | date):
        return value.isoformat()
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


def _vector_note(value: Any) -> Any:
    return f"<{len(value)} floats omitted>" if isinstance(value, list) else plain(value)


def when(memory: Memory, text: str | None) -> datetime | None:
    """An ``as_of`` argument (ISO 8601 or an age like 30d) against the memory's clock."""
    return parse_when(text, "as_of", now=memory.clock())


def mcp_source_ref(memory: Memory) -> str:
    """The source of a write the agent gave no source for: this MCP call by this agent (the
    actor the change log records, ``agent:NAME``), dated."""
    return f"mcp:{memory.actor}@{memory.clock().isoformat(timespec='seconds')}"
