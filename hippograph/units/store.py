"""Generic node and edge writes, each recorded as a ``:Change`` in the same transaction.

Higher layers (ingest, recall, history) build on these; every mutation of memory
passes through ``record_changes`` so history exists from the first write.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from datetime import UTC, date, datetime, timedelta, timezone
from typing import Any

from hippograph.errors import NotFoundError
from hippograph.graph.client import Graph, Row, Tx
from hippograph.schema import Change, ChangeOp, Edge, NodeRecord, new_id, utc_now
from hippograph.schema.base import VECTOR_PROPERTIES
from hippograph.units import secrets

BATCH_ROWS = 1000
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)


def _jsonable(value: Any) -> Any:
    if isinstance(value, datetime):
        return {"$datetime": value.isoformat()}
    if isinstance(value, date):
        return {"$date": value.isoformat()}
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in sorted(value.items()) if k not in VECTOR_PROPERTIES}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


def _revive(value: Any) -> Any:
    if isinstance(value, dict):
        if set(value) == {"$datetime"}:
            return datetime.fromisoformat(value["$datetime"])
        if set(value) == {"$date"}:
            return date.fromisoformat(value["$date"])
        return {k: _revive(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_revive(v) for v in value]
    return value


def props_json(props: dict[str, Any] | None, *, keep_none: bool = False) -> str | None:
    """Stable JSON of a property map for the change log; datetimes tagged, embeddings left out.

    With ``keep_none`` a missing property is written as null, so an undo knows to remove it.
    """
    if props is None:
        return None
    cleaned = {
        k: v
        for k, v in props.items()
        if (keep_none or v is not None) and k not in VECTOR_PROPERTIES
    }
    if any(isinstance(v, dict) for v in cleaned.values()):  # a map inside: its embeddings too
        return json.dumps(_jsonable(cleaned), sort_keys=True, ensure_ascii=False)
    # a property map (no maps inside): the encoder walks it once, tagging only the dates (a
    # symbol's change holds a list of 32 integers, which _jsonable would copy one by one)
    return json.dumps(cleaned, sort_keys=True, ensure_ascii=False, default=_tagged)


def _tagged(value: Any) -> Any:
    """A datetime or date as the change log tags it (``json.dumps`` asks for what it cannot
    encode itself)."""
    if isinstance(value, datetime):
        return {"$datetime": value.isoformat()}
    if isinstance(value, date):
        return {"$date": value.isoformat()}
    raise TypeError(f"{type(value).__name__} is not a property value the change log keeps")


def props_from_json(text: str | None) -> dict[str, Any]:
    """Inverse of ``props_json``: datetimes come back as datetimes."""
    if not text:
        return {}
    value = _revive(json.loads(text))
    return value if isinstance(value, dict) else {}


def kind_of(labels: Iterable[str]) -> str:
    """The most specific label, for display and the change log."""
    rest = [label for label in labels if label not in ("Node", "Memory")]
    return rest[-1] if rest else "Node"


def _chunks(rows: Sequence[Any], size: int = BATCH_ROWS) -> Iterable[Sequence[Any]]:
    for start in range(0, len(rows), size):
        yield rows[start : start + size]


def without_secrets(
    props: dict[str, Any],
    *,
    embedded_redacted: bool = False,
    code: frozenset[str] = frozenset(),
) -> dict[str, Any]:
    """The properties to store: free text redacted (``secrets``). A node that held a secret says
    which kinds in ``redacted``, and loses an embedding unless it was made from the redacted
    text (``WriteContext``'s embedder redacts); maintenance embeds it again."""
    cleaned, kinds = secrets.redact_properties(props, code)
    if not kinds:
        return props
    if not embedded_redacted:
        for name in VECTOR_PROPERTIES:
            cleaned.pop(name, None)
    cleaned["redacted"] = sorted({*cleaned.get("redacted", []), *kinds})
    return cleaned


def _epoch_times(props: dict[str, Any]) -> tuple[dict[str, Any], dict[str, list[int]] | None]:
    """``props`` less its UTC datetimes, and those by key as [epoch seconds, nanoseconds] (None
    when there are none): the statement turns each pair back into the DateTime (offset Z) the
    driver would have sent, and the driver spends ~50-70 µs on a datetime but next to nothing on
    two integers. A datetime in a named zone, at another offset or naive goes as it is."""
    times: dict[str, list[int]] | None = None
    for key, value in props.items():
        if (
            isinstance(value, datetime)
            and isinstance(value.tzinfo, timezone)
            and not value.utcoffset()
        ):
            seconds, micros = divmod((value - _EPOCH) // _MICROSECOND, 1_000_000)
            times = times or {}
            times[key] = [seconds, micros * 1000]
    if times is None:
        return props, None
    return {k: v for k, v in props.items() if k not in times}, times


def _sent(row: dict[str, Any]) -> dict[str, Any]:
    """A create row as it goes to the statement: its UTC datetimes apart (``_epoch_times``)."""
    props, times = _epoch_times(row["props"])
    if times is None:
        return row
    return {**row, "props": props, "times": times}


def record_changes(tx: Tx, changes: Sequence[Change]) -> None:
    """Append changes to the history in this transaction; a reason someone typed is redacted
    like any other text (before/after are made from properties already redacted)."""
    for chunk in _chunks(changes):
        rows = [c.to_properties() for c in chunk]
        for row in rows:
            if row.get("reason"):
                row["reason"] = secrets.redact(row["reason"]).text
        at = _shared(rows, "at")
        tx.run("record_changes", rows=rows, at=at)


def _shared(rows: list[dict[str, Any]], key: str) -> Any:
    """The value of ``key`` most rows share, taken out of those rows (the statement puts it back
    with coalesce): one datetime sent per batch instead of one per row."""
    if not rows:
        return None
    value = Counter(repr(r.get(key)) for r in rows).most_common(1)[0][0]
    common = next(r.get(key) for r in rows if repr(r.get(key)) == value)
    if common is None:
        return None
    for row in rows:
        if row.get(key) == common:
            del row[key]
    return common


def create_nodes(
    tx: Tx,
    records: Sequence[NodeRecord],
    *,
    actor: str,
    reason: str | None = None,
    batch_id: str | None = None,
    at: datetime | None = None,
) -> list[str]:
    """Create nodes and their ``create_node`` changes; all or nothing with the transaction."""
    ids: list[str] = []
    for chunk in _chunks(records):
        rows = [
            {
                "labels": r.all_labels(),
                "props": without_secrets(r.to_properties(), code=r.code),
            }
            for r in chunk
        ]
        ids.extend(tx.run("create_nodes", rows=[_sent(row) for row in rows])[0]["ids"])
        record_changes(
            tx,
            [
                Change(
                    id=new_id("chg"),
                    op=ChangeOp.CREATE_NODE,
                    actor=actor,
                    at=at or utc_now(),
                    target_id=row["props"]["id"],
                    target_kind=kind_of(row["labels"]),
                    after=props_json(row["props"]),
                    scope=row["props"].get("scope"),
                    reason=reason,
                    batch_id=batch_id,
                )
                for row in rows
            ],
        )
    return ids


def create_edges(
    tx: Tx,
    edges: Sequence[Edge],
    *,
    actor: str,
    reason: str | None = None,
    batch_id: str | None = None,
    at: datetime | None = None,
) -> list[str]:
    """Create relationships and their changes; a missing end raises ``NotFoundError``."""
    ids: list[str] = []
    for chunk in _chunks(edges):
        rows = [
            {
                "type": e.type,
                "source_id": e.source_id,
                "target_id": e.target_id,
                "props": e.edge_properties(),
            }
            for e in chunk
        ]
        created_at = _shared([r["props"] for r in rows], "created_at")
        sent = [_sent(row) for row in rows]
        created = tx.run("create_edges", rows=sent, created_at=created_at)[0]["ids"]
        if created_at is not None:  # the change log keeps every property as stored
            for row in rows:
                row["props"].setdefault("created_at", created_at)
        if len(created) != len(rows):
            made = set(created)
            missing = next(r for r in rows if r["props"]["id"] not in made)
            raise NotFoundError(
                f"cannot link {missing['source_id']} -[{missing['type']}]-> "
                f"{missing['target_id']}: one of the two ids is not in memory."
            )
        ids.extend(created)
        record_changes(
            tx,
            [
                Change(
                    id=new_id("chg"),
                    op=ChangeOp.CREATE_EDGE,
                    actor=actor,
                    at=at or utc_now(),
                    target_id=row["props"]["id"],
                    target_kind=str(row["type"]),
                    source_id=row["source_id"],
                    end_id=row["target_id"],
                    after=props_json(
                        {
                            **row["props"],
                            "source_id": row["source_id"],
                            "target_id": row["target_id"],
                        }
                    ),
                    reason=reason,
                    batch_id=batch_id,
                )
                for row in rows
            ],
        )
    return ids


def set_edge_retired(
    tx: Tx,
    edge: Row,
    retired_at: datetime | None,
    *,
    actor: str,
    reason: str | None = None,
    batch_id: str | None = None,
    undoes: str | None = None,
    at: datetime | None = None,
) -> None:
    """Retire one relationship (or, with ``retired_at`` None, restore it) and record the change.

    ``edge`` names it: ``id``, ``type``, ``source_id``, ``target_id``. Edges are never deleted."""
    set_edges_retired(
        tx, [(edge, reason)], retired_at, actor=actor, batch_id=batch_id, undoes=undoes, at=at
    )


def set_edges_retired(
    tx: Tx,
    edges: Sequence[tuple[Row, str | None]],
    retired_at: datetime | None,
    *,
    actor: str,
    batch_id: str | None = None,
    undoes: str | None = None,
    at: datetime | None = None,
) -> None:
    """Retire (or restore) many relationships, ``(edge, reason)`` each (an edge once), in one
    statement, and record their changes in one more."""
    if not edges:
        return
    rows = tx.run(
        "set_edge_retired",
        rows=[
            {"source_id": e["source_id"], "target_id": e["target_id"], "id": e["id"]}
            for e, _ in edges
        ],
        retired_at=retired_at,
    )
    before = {row["id"]: row["before"] for row in rows}
    missing = next((e for e, _ in edges if e["id"] not in before), None)
    if missing is not None:
        raise NotFoundError(
            f"the relationship {missing['id']} ({missing['source_id']} -> "
            f"{missing['target_id']}) is not in memory."
        )
    when = at or utc_now()
    record_changes(
        tx,
        [
            Change(
                id=new_id("chg"),
                op=ChangeOp.RETIRE_EDGE if retired_at is not None else ChangeOp.UPDATE_EDGE,
                actor=actor,
                at=when,
                target_id=edge["id"],
                target_kind=str(edge["type"]),
                source_id=edge["source_id"],
                end_id=edge["target_id"],
                before=props_json({"retired_at": before[edge["id"]]}, keep_none=True),
                after=props_json({"retired_at": retired_at}, keep_none=True),
                reason=reason,
                batch_id=batch_id,
                undoes=undoes,
            )
            for edge, reason in edges
        ],
    )


def mark_edge_stale(tx: Tx, edge: Row, reason: str) -> None:
    """Mark one relationship stale: what it points at changed its signature and needs review.

    ``edge`` names it: ``id``, ``source_id``, ``target_id``. The mark is a review flag that the
    indexer sets with the :Task asking for the review (whose creation is recorded); the flag
    itself is not yet a ``:Change``, so undoing the index batch does not clear it."""
    rows = tx.run(
        "set_edge_stale",
        source_id=edge["source_id"],
        target_id=edge["target_id"],
        id=edge["id"],
        reason=reason,
    )
    if not rows:
        raise NotFoundError(f"the relationship {edge['id']} is not in memory.")


def take_lock(tx: Tx, key: str, at: datetime | None = None) -> None:
    """Hold the write lock named ``key`` until this transaction ends: writers that read and then
    change one thing (the units about a subject and topic, an entity name) take it first, so
    concurrent writers take turns and each reads what the one before it wrote."""
    tx.run("take_lock", key=key, at=at or utc_now())


def update_node(
    tx: Tx,
    node_id: str,
    props: dict[str, Any],
    *,
    actor: str,
    reason: str | None = None,
    batch_id: str | None = None,
    undoes: str | None = None,
    at: datetime | None = None,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Set properties on a node, record before/after, and return them."""
    return update_nodes(
        tx, [(node_id, props, reason)], actor=actor, batch_id=batch_id, undoes=undoes, at=at
    )[0]


def update_nodes(
    tx: Tx,
    updates: Sequence[tuple[str, dict[str, Any], str | None]],
    *,
    actor: str,
    batch_id: str | None = None,
    undoes: str | None = None,
    at: datetime | None = None,
    code: frozenset[str] = frozenset(),
) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Set properties on many nodes in one statement, ``(id, props, reason)`` each (an id once),
    record every before/after in one more, and return them in the order given. ``code`` names
    the properties that hold code (the nodes' ``NodeRecord.code``), scanned for secrets as
    ``create_nodes`` scans them."""
    if not updates:
        return []
    clean = [
        (node_id, without_secrets(props, code=code), reason) for node_id, props, reason in updates
    ]
    rows = tx.run("update_node", rows=[{"id": i, "props": p} for i, p, _ in clean])
    found = {row["id"]: (row["before"], row["after"]) for row in rows}
    missing = [i for i, _, _ in clean if i not in found]
    if missing:
        raise NotFoundError(
            f"no memory node has id {missing[0]!r}; check the id with `hippo log` or "
            "`hippo recall`."
        )
    when = at or utc_now()
    changes = []
    for node_id, props, reason in clean:
        before, after = found[node_id]
        changes.append(
            Change(
                id=new_id("chg"),
                op=ChangeOp.UPDATE_NODE,
                actor=actor,
                at=when,
                target_id=node_id,
                target_kind=str(after.get("kind") or "Node"),
                before=props_json({k: before.get(k) for k in props}, keep_none=True),
                after=props_json({k: after.get(k) for k in props}, keep_none=True),
                scope=after.get("scope"),
                reason=reason,
                batch_id=batch_id,
                undoes=undoes,
            )
        )
    record_changes(tx, changes)
    return [found[node_id] for node_id, _, _ in clean]


def get_node(graph: Graph, node_id: str) -> tuple[list[str], dict[str, Any]]:
    """Labels and properties (without embedding) of one node."""
    rows = graph.read("get_node", id=node_id)
    if not rows:
        raise NotFoundError(
            f"no memory node has id {node_id!r}; check the id with `hippo log` or `hippo recall`."
        )
    props = {k: v for k, v in rows[0]["props"].items() if v is not None}
    return list(rows[0]["labels"]), props


def get_edges(graph: Graph, node_id: str) -> list[Row]:
    """Every relationship touching a node, with the other end described."""
    return graph.read("get_edges", id=node_id)
