"""Each agent's private working notes, carried across its runs: one current unit per agent.

The notes live in the scope ``agent:NAME``, on the main branch (they follow the agent across
checkouts), as a fact whose subject is ``working notes``; an update supersedes the previous
version, so their history is kept. Who may read or write them is the caller's question
(``Memory`` lets an agent see its own only).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from hippograph.errors import IngestError
from hippograph.graph.client import Graph
from hippograph.schema import MemoryKind, UnitInput
from hippograph.schema.defaults import AGENT_NAME
from hippograph.schema.results import Result
from hippograph.units import pipeline, policy
from hippograph.units.records import RememberResult, WriteContext

SUBJECT = "working notes"


class AgentNotes(Result):
    """An agent's private working notes: the current text, its unit id and when it was recorded."""

    agent: str
    notes: str
    id: str
    recorded_at: datetime


def scope_of(agent: str) -> str:
    """The private scope of one agent's notes; the name is checked because it becomes a scope."""
    if not AGENT_NAME.match(agent or ""):
        raise IngestError(
            f"agent name {agent!r} is not valid; use 1-64 letters, digits, '.', '_', '@' or '-', "
            "starting with a letter or digit."
        )
    return f"agent:{agent}"


def current(graph: Graph, agent: str, branches: list[str]) -> AgentNotes | None:
    """The agent's notes now, or None before its first update."""
    rows = graph.read(
        "list_units",
        branches=branches,
        kind="fact",
        subject=policy.key_of(SUBJECT),
        scope=scope_of(agent),
        include_closed=False,
        limit=1,
    )
    if not rows:
        return None
    unit = rows[0]["unit"]
    return AgentNotes(
        agent=agent, notes=unit["text"], id=unit["id"], recorded_at=unit["recorded_at"]
    )


def update(
    graph: Graph, ctx: WriteContext, agent: str, notes: str, *, mode: str, main_branch: str
) -> RememberResult:
    """Replace (or append to) the agent's notes; the previous version is superseded."""
    if mode not in ("replace", "append"):
        raise IngestError(f"unknown notes mode {mode!r}; use replace or append.")
    scope = scope_of(agent)
    now = current(graph, agent, list(ctx.visible_branches))
    text = f"{now.notes}\n{notes}" if mode == "append" and now else notes
    # Pinned to the main branch: notes follow the agent across branches, not the checkout.
    fields: dict[str, Any] = {
        "source": "agent",
        "source_ref": scope,
        "scope": scope,
        "memory_type": "profile",
        "subject": SUBJECT,
        "topic": "notes",
        "branch": main_branch,
    }
    if now is None:
        return pipeline.remember(graph, ctx, UnitInput(text=text, kind=MemoryKind.FACT, **fields))
    if policy.normalise(now.notes) == policy.normalise(text):
        return RememberResult(id=now.id, action="unchanged", kind="fact")
    unit = UnitInput(text=text, **fields)
    return pipeline.supersede(graph, ctx, now.id, unit, f"{agent} updated its notes ({mode})")
