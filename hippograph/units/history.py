"""Memory's own history (docs/lifecycle-and-history.md): the log, undo, rollback,
and units as of a time.

Every mutation is a ``:Change`` holding before/after property JSON, grouped in
batches (one user action). Undo applies the inverse of a batch as new changes;
"as of T" replays the changes after T backwards over the current state.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import Field

from hippograph.errors import ConflictError, NotFoundError
from hippograph.graph.client import Graph, Tx
from hippograph.repo.sources import source_lines
from hippograph.schema import Change, ChangeOp, new_id
from hippograph.schema.base import VECTOR_PROPERTIES
from hippograph.schema.results import Result, Rows
from hippograph.units import store
from hippograph.units.records import WriteContext


class ChangeLog(Rows[Change]):
    """Changes to memory, newest first."""


class UndoResult(Result):
    """The changes one undo reversed, and the batch that records the undo."""

    undone: list[str]
    batch_id: str


class RollbackResult(Result):
    """The changes made after ``to`` that a rollback reversed (none: nothing to reverse)."""

    to: datetime
    undone: list[str]
    batch_id: str | None


class ChainLink(Result):
    """One unit of a supersession chain, with the reason the edge gives."""

    id: str
    text: str | None
    recorded_at: datetime | None
    valid_from: datetime | None
    valid_until: datetime | None
    reason: str | None


class UnitHistory(Result):
    """When a unit was first believed, its changes, what it replaced and what replaced it."""

    id: str
    kind: str
    text: str | None
    believed_since: datetime | None
    valid_from: datetime | None
    valid_until: datetime | None
    truth_status: str | None
    supersedes: list[ChainLink]
    superseded_by: list[ChainLink]
    edges: int
    changes: list[Change]


class UnitView(Result):
    """A node with its edges and the exact source lines, now or as it was at ``as_of``."""

    id: str
    kind: str | None
    labels: list[str]
    unit: dict[str, Any]
    edges: list[dict[str, Any]]
    source_lines: str | None = Field(description="The exact lines of source_ref, when readable.")
    source_problem: str | None = Field(
        default=None,
        description="Why the lines of source_ref were not read: outside the project root, "
        "not a regular file, or too large.",
    )
    believed: bool | None = Field(description="Whether memory believed it at as_of (or now).")
    as_of: datetime | None


def log(
    graph: Graph,
    *,
    since: datetime | None = None,
    until: datetime | None = None,
    unit_id: str | None = None,
    limit: int = 100,
) -> ChangeLog:
    """Changes, newest first."""
    rows = graph.read("list_changes", since=since, until=until, id=unit_id, limit=limit)
    return ChangeLog.model_validate([row["change"] for row in rows])


def _get_change(graph: Graph, change_id: str) -> dict[str, Any]:
    rows = graph.read("get_change", id=change_id)
    if not rows:
        raise NotFoundError(f"no change has id {change_id!r}; list changes with `hippo log`.")
    return dict(rows[0]["change"])


def _invert(tx: Tx, ctx: WriteContext, change: dict[str, Any], batch: str) -> None:
    """Apply the inverse of one change, recorded as a new change that ``undoes`` it."""
    op = change["op"]
    now = ctx.clock()
    reason = f"undo {change['id']}"
    if op == ChangeOp.CREATE_NODE:
        store.update_node(
            tx,
            change["target_id"],
            {"retired_at": now, "dedup_key": None},
            actor=ctx.actor,
            batch_id=batch,
            reason=reason,
            undoes=change["id"],
            at=ctx.clock(),
        )
    elif op == ChangeOp.UPDATE_NODE:
        before = store.props_from_json(change.get("before"))
        store.update_node(
            tx,
            change["target_id"],
            before,
            actor=ctx.actor,
            batch_id=batch,
            reason=reason,
            undoes=change["id"],
            at=ctx.clock(),
        )
    elif op in (ChangeOp.CREATE_EDGE, ChangeOp.RETIRE_EDGE, ChangeOp.UPDATE_EDGE):
        edge = {
            "id": change["target_id"],
            "type": change["target_kind"],
            "source_id": change["source_id"],
            "target_id": change["end_id"],
        }
        store.set_edge_retired(
            tx,
            edge,
            now if op == ChangeOp.CREATE_EDGE else None,
            actor=ctx.actor,
            reason=reason,
            batch_id=batch,
            undoes=change["id"],
            at=now,
        )
    elif op == ChangeOp.OVERRIDE_RULE:
        return  # a record of a decision taken outside memory; undoing it changes nothing stored
    else:
        raise ConflictError(f"change {change['id']} ({op}) cannot be undone.")


def describe(change: Change) -> str:
    """What a change did, in words, for `hippo log`: the text of what was created, each property
    changed as ``key: before -> after``, the relationship made or retired."""
    after = store.props_from_json(change.after)
    before = store.props_from_json(change.before)
    kind = change.target_kind.lower()
    if change.op == ChangeOp.CREATE_NODE:
        label = next((after[k] for k in _LABEL_KEYS if after.get(k)), change.target_id)
        return f"new {kind}: {_short(label)}"
    if change.op in (ChangeOp.CREATE_EDGE, ChangeOp.RETIRE_EDGE):
        verb = "linked" if change.op == ChangeOp.CREATE_EDGE else "unlinked"
        return f"{verb} {change.source_id} -{change.target_kind}-> {change.end_id}"
    if change.op in (ChangeOp.UPDATE_NODE, ChangeOp.UPDATE_EDGE):
        keys = sorted((set(after) | set(before)) - _BOOKKEEPING)
        parts = [
            f"{k} changed"
            if k in _FINGERPRINTS
            else f"{k}: {_short(before.get(k))} -> {_short(after.get(k))}"
            for k in keys
        ]
        return f"{kind} " + "; ".join(parts) if parts else f"{kind} updated"
    if change.op == ChangeOp.PURGE:
        return f"{kind}'s words purged"
    return change.op.replace("_", " ")


_LABEL_KEYS = ("title", "text", "name", "qualified_name", "path")
# not said in words (a source file's stat, size and mtime_ns, included)
_BOOKKEEPING = frozenset({"dedup_key", "closed_dedup_key", "size", "mtime_ns"}) | VECTOR_PROPERTIES
# a code body's fingerprints: hashes and number lists that say only that the body changed
_FINGERPRINTS = frozenset({"body_hash", "body_sketch", "content_hash"})


def _short(value: Any, limit: int = 60) -> str:
    if value is None:
        return "-"
    if isinstance(value, datetime):
        return value.isoformat(timespec="seconds")
    text = str(value).replace("\n", " ")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def undo(graph: Graph, ctx: WriteContext, change_id: str) -> UndoResult:
    """Undo the action (batch) that made ``change_id``; refuse when a later change depends on it."""
    change = _get_change(graph, change_id)
    batch_id = change.get("batch_id") or change_id
    changes = [r["change"] for r in graph.read("batch_changes", batch_id=batch_id)] or [change]
    if any(c.get("undone_by") for c in changes):
        raise ConflictError(
            f"change {change_id} was already undone by {changes[0].get('undone_by')}."
        )
    targets = sorted({c["target_id"] for c in changes})
    later = graph.read(
        "later_changes", targets=targets, at=max(c["at"] for c in changes), batch_id=batch_id
    )
    if later:
        dep = later[0]["change"]
        raise ConflictError(
            f"change {change_id} cannot be undone: later change {dep['id']} ({dep['op']} on "
            f"{dep['target_id']} at {dep['at'].isoformat()}) depends on it; undo that one first."
        )
    undo_batch = new_id("batch")

    def work(tx: Tx) -> None:
        for c in reversed(changes):
            _invert(tx, ctx, c, undo_batch)
        _mark_undone(tx, changes, undo_batch)

    graph.write_tx(work)
    return UndoResult(undone=[c["id"] for c in changes], batch_id=undo_batch)


def _mark_undone(tx: Tx, changes: list[dict[str, Any]], undo_batch: str) -> None:
    """Record that ``changes`` were undone; where one of them was itself an undo (undoing a
    rollback, say), what it had undone is live again and may be undone on its own later."""
    tx.run("mark_undone", ids=[c["id"] for c in changes], undo_batch=undo_batch)
    revived = [c["undoes"] for c in changes if c.get("undoes")]
    if revived:
        tx.run("clear_undone", ids=revived, undo_batch=undo_batch)


def rollback(
    graph: Graph, ctx: WriteContext, to: datetime, *, scopes: list[str] | None = None
) -> RollbackResult:
    """Reverse every change after ``to`` (only those of ``scopes`` when given: a project's),
    newest first, as one recorded action. A change already undone, and its undo, are skipped."""
    everything = [r["change"] for r in graph.read("changes_after", at=to, scopes=scopes)]
    # a change undone after ``to`` and the undo of it cancel out: reverse neither
    undone = {c["id"] for c in everything if c.get("undone_by")}
    changes = [c for c in everything if c["id"] not in undone and c.get("undoes") not in undone]
    if not changes:
        return RollbackResult(to=to, undone=[], batch_id=None)
    undo_batch = new_id("batch")

    def work(tx: Tx) -> None:
        for c in changes:
            _invert(tx, ctx, c, undo_batch)
        _mark_undone(tx, changes, undo_batch)

    graph.write_tx(work)
    return RollbackResult(to=to, undone=[c["id"] for c in changes], batch_id=undo_batch)


def state_at(graph: Graph, node_id: str, at: datetime) -> dict[str, Any] | None:
    """A node's properties as they were at ``at`` (None if it did not exist yet)."""
    store.get_node(graph, node_id)  # a clear error for an unknown id
    return states_at(graph, [node_id], at).get(node_id)


def states_at(graph: Graph, node_ids: list[str], at: datetime) -> dict[str, dict[str, Any] | None]:
    """Many nodes as they were at ``at``, in one read: id -> properties, None when created later.

    Each node is rebuilt by undoing, newest first, the changes recorded after ``at``."""
    out: dict[str, dict[str, Any] | None] = {}
    for row in graph.read("nodes_with_changes_after", ids=node_ids, at=at):
        props: dict[str, Any] | None = {k: v for k, v in row["props"].items() if v is not None}
        for change in row["changes"]:
            if change["op"] == ChangeOp.CREATE_NODE:
                props = None
                break
            if change["op"] == ChangeOp.UPDATE_NODE and props is not None:
                for key, value in store.props_from_json(change.get("before")).items():
                    if value is None:
                        props.pop(key, None)
                    else:
                        props[key] = value
        out[row["id"]] = props
    return out


def was_believed(props: dict[str, Any], at: datetime) -> bool:
    """True when a unit in this state was current memory at ``at``."""
    if props.get("retired_at") is not None or props.get("truth_status") == "deprecated":
        return False
    valid_from, valid_until = props.get("valid_from"), props.get("valid_until")
    return (valid_from is None or valid_from <= at) and (valid_until is None or valid_until > at)


def unit_history(graph: Graph, unit_id: str) -> UnitHistory:
    """When a unit was first believed, every change to it,
    and what it replaced and what replaced it."""
    labels, props = store.get_node(graph, unit_id)
    edges = store.get_edges(graph, unit_id)

    def chain(start: str, outgoing: bool) -> list[ChainLink]:
        seen: set[str] = {start}
        out: list[ChainLink] = []
        current = start
        while True:
            nxt = [
                e
                for e in store.get_edges(graph, current)
                if e["type"] == "SUPERSEDED_BY"
                and (e["source_id"] == current if outgoing else e["target_id"] == current)
                and not e["props"].get("retired_at")
            ]
            if not nxt:
                return out
            other = nxt[0]["target_id"] if outgoing else nxt[0]["source_id"]
            if other in seen:
                return out
            seen.add(other)
            _, other_props = store.get_node(graph, other)
            out.append(
                ChainLink(
                    id=other,
                    text=other_props.get("text"),
                    recorded_at=other_props.get("recorded_at"),
                    valid_from=other_props.get("valid_from"),
                    valid_until=other_props.get("valid_until"),
                    reason=nxt[0]["props"].get("reason"),
                )
            )
            current = other

    timeline = sorted(log(graph, unit_id=unit_id, limit=1000), key=lambda c: (c.at, c.seq))
    return UnitHistory(
        id=unit_id,
        kind=store.kind_of(labels),
        text=props.get("text"),
        believed_since=props.get("recorded_at"),
        valid_from=props.get("valid_from"),
        valid_until=props.get("valid_until"),
        truth_status=props.get("truth_status"),
        supersedes=chain(unit_id, outgoing=False),
        superseded_by=chain(unit_id, outgoing=True),
        edges=len(edges),
        changes=timeline,
    )


def unit_view(
    graph: Graph, unit_id: str, *, as_of: datetime | None, now: datetime, root: Path
) -> UnitView:
    """A unit with its edges and the exact source lines (read inside the project ``root``);
    ``as_of`` rebuilds it as it was then."""
    labels, props = store.get_node(graph, unit_id)
    edges = store.get_edges(graph, unit_id)
    if as_of is not None:
        past = state_at(graph, unit_id, as_of)
        if past is None:
            raise NotFoundError(f"{unit_id} was not in memory yet on {as_of.isoformat()}.")
        props = past
        edges = [
            e
            for e in edges
            if e["props"].get("created_at") is None or e["props"]["created_at"] <= as_of
        ]
        edges = [
            e for e in edges if not e["props"].get("retired_at") or e["props"]["retired_at"] > as_of
        ]
    else:
        edges = [e for e in edges if not e["props"].get("retired_at")]
    source_ref = props.get("source_ref")
    lines = source_lines(source_ref, root) if isinstance(source_ref, str) else None
    return UnitView(
        id=unit_id,
        kind=str(props.get("kind") or store.kind_of(labels)),
        labels=labels,
        unit=props,
        edges=edges,
        source_lines=lines.text if lines else None,
        source_problem=lines.problem if lines else None,
        believed=was_believed(props, as_of or now) if "text" in props else None,
        as_of=as_of,
    )
