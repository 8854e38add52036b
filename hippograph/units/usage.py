"""What recall leaves to record: usage of the units it returned, a :Task for what it could not
answer.

The recall engine only reads; its result says what to record (``RecallResult.to_record``) and
the caller (``Memory.recall``, ``Memory.why``) records it here. The per-prompt hook records nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

from hippograph.graph.client import Graph, Row, Tx
from hippograph.schema import Edge, RelType, Task, new_id
from hippograph.units import policy, store


def record_usage(graph: Graph, ids: Sequence[str], now: datetime) -> None:
    """Mark units returned together as used at ``now`` (usage_count, last_used_at) and raise the
    co-occurrence of every pair of them, in one transaction.

    Usage is telemetry, not a change of belief: no :Change is recorded."""
    used = list(ids)
    pairs = [{"a": a, "b": b} for i, a in enumerate(used) for b in used[i + 1 :]]

    def work(tx: Tx) -> None:
        tx.run("record_usage", ids=used, now=now)
        if pairs:
            tx.run("record_co_occurrence", pairs=pairs, now=now)

    graph.write_tx(work)


def record_feedback(graph: Graph, unit_id: str, *, helped: bool, now: datetime) -> Row | None:
    """Count that a recalled unit helped (success) or was wrong (failure); None if no such unit.

    Like usage, feedback is a signal for the scoring jobs, not a change of belief."""
    rows = graph.write("record_feedback", id=unit_id, delta=1 if helped else -1, now=now)
    return rows[0] if rows else None


def record_task(
    graph: Graph,
    *,
    actor: str,
    clock: Callable[[], datetime],
    query: str,
    reason: str,
    detail: str,
    involved: Sequence[str],
    scope: str,
) -> str:
    """Record (once) that memory could not answer ``query`` for ``reason`` (``detail`` says it in
    words), INVOLVING the closest units; returns the task id, an open one's when it exists."""
    key = policy.normalise(query)
    found = graph.read("find_open_task", query_key=key, reason=reason, scope=scope)
    if found:
        return str(found[0]["id"])
    now = clock()
    task = Task(
        id=new_id("task"),
        text=f"Need evidence for: {query[:300]} ({detail}).",
        reason=reason,
        query=query[:2000],
        query_key=key,
        scope=scope,
        created_at=now,
    )
    batch = new_id("batch")

    def work(tx: Tx) -> None:
        store.create_nodes(tx, [task], actor=actor, batch_id=batch, at=now)
        edges = [
            Edge(type=RelType.INVOLVES, source_id=task.id, target_id=i, created_at=now)
            for i in involved
        ]
        if edges:
            store.create_edges(tx, edges, actor=actor, batch_id=batch, at=now)

    graph.write_tx(work)
    return task.id
