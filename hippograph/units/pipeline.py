"""Remember a unit (docs/lifecycle-and-history.md): validate, deduplicate, link, detect
contradictions, stage; and supersede, which remembers a replacement and closes the old unit.

Every function here runs inside one managed transaction: a unit, its links,
its review records and their ``:Change`` entries commit together or not at all.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Sequence
from typing import Any

from hippograph.errors import ConflictError, IngestError, NotFoundError
from hippograph.graph.client import Graph, Tx
from hippograph.schema import (
    Change,
    ChangeOp,
    Conflict,
    Edge,
    MemoryRecord,
    RelType,
    SourceKind,
    UnitInput,
    new_id,
)
from hippograph.units import policy, store
from hippograph.units.lifecycle import close_as_superseded, refresh_lifecycle
from hippograph.units.links import link, link_existing
from hippograph.units.records import (
    RememberResult,
    WriteContext,
    build_record,
    record_view,
    vectors,
)

NEAR_DUPLICATE_SCORE = 0.95  # the vector index's score, (1 + cosine) / 2: a cosine of 0.90
_NUMBERS = re.compile(r"\d+(?:[.,]\d+)*")


def _change(
    ctx: WriteContext, op: ChangeOp, target_id: str, kind: str, batch: str, **kw: Any
) -> Change:
    return Change(
        id=new_id("chg"),
        op=op,
        actor=ctx.actor,
        at=ctx.clock(),
        target_id=target_id,
        target_kind=kind,
        batch_id=batch,
        **kw,
    )


def remember_in_tx(
    tx: Tx,
    ctx: WriteContext,
    unit: UnitInput,
    record: MemoryRecord,
    batch: str,
    *,
    reason: str | None = None,
    about_ids: Sequence[str] = (),
    exclude_ids: Sequence[str] = (),
) -> RememberResult:
    """The pipeline for one unit inside an open transaction."""
    if record.subject and record.topic:
        # first of all: writers about one subject and topic take turns (no two current units)
        store.take_lock(
            tx,
            f"topic\x1f{record.scope}\x1f{record.kind}\x1f{record.subject}\x1f{record.topic}",
            ctx.clock(),
        )
    keys = [
        policy.dedup_key(record.kind, record.scope, b, record.text) for b in ctx.visible_branches
    ]
    if record.dedup_key not in keys:
        keys.append(record.dedup_key or "")
    existing = tx.run("find_units_by_keys", keys=keys)
    if existing:
        link_existing(tx, ctx, unit, existing[0]["id"], record, batch)
        return _strengthen(
            tx, ctx, existing[0]["id"], SourceKind(record.source_kind), batch, record.kind
        )
    if record.embedding is not None:
        near = tx.run(
            "find_near_duplicates",
            embedding=record.embedding,
            k=10,
            kind=record.kind,
            scope=record.scope,
            branches=list(ctx.visible_branches),
            min_score=NEAR_DUPLICATE_SCORE,
        )
        # Close in meaning is not the same statement when the numbers differ ("limit 100" vs
        # "limit 600"), nor when it says more (``policy.says_more``): a change said in the
        # earlier words must not be folded into them and lost.
        near = [
            n
            for n in near
            if _NUMBERS.findall(n["text"]) == _NUMBERS.findall(record.text)
            and not policy.says_more(n["text"], record.text)
        ]
        if near:
            return _strengthen(
                tx, ctx, near[0]["id"], SourceKind(record.source_kind), batch, record.kind
            )
    props = store.without_secrets(record.to_properties(), embedded_redacted=True)
    rows = tx.run(
        "merge_unit",
        dedup_key=record.dedup_key,
        props=props,
        labels=record.all_labels(),
        token=uuid.uuid4().hex,
    )
    if not rows[0]["created"]:  # another writer created it first
        return _strengthen(
            tx, ctx, rows[0]["id"], SourceKind(record.source_kind), batch, record.kind
        )
    store.record_changes(
        tx,
        [
            _change(
                ctx,
                ChangeOp.CREATE_NODE,
                record.id,
                record.kind,
                batch,
                after=store.props_json(props),
                scope=record.scope,
            )
        ],
    )
    result = RememberResult(id=record.id, action="created", kind=record.kind, batch_id=batch)
    link(tx, ctx, unit, record, batch, result, about_ids)
    if record.subject and record.topic:
        _resolve_contradictions(tx, ctx, record, batch, result, reason, exclude_ids)
    return result


def _strengthen(
    tx: Tx, ctx: WriteContext, unit_id: str, source: SourceKind, batch: str, kind: str
) -> RememberResult:
    rows = tx.run("strengthen_unit", id=unit_id, step=policy.MENTION_STEP[source], now=ctx.clock())
    before, after = rows[0]["before"], rows[0]["after"]
    changed = {k: after.get(k) for k in ("mention_count", "confidence", "last_mentioned_at")}
    store.record_changes(
        tx,
        [
            _change(
                ctx,
                ChangeOp.UPDATE_NODE,
                unit_id,
                kind,
                batch,
                reason="mentioned again",
                before=store.props_json(before, keep_none=True),
                after=store.props_json(changed, keep_none=True),
            )
        ],
    )
    refresh_lifecycle(tx, ctx, unit_id, batch)
    return RememberResult(id=unit_id, action="strengthened", kind=kind, batch_id=batch)


def _resolve_contradictions(
    tx: Tx,
    ctx: WriteContext,
    new: MemoryRecord,
    batch: str,
    result: RememberResult,
    reason: str | None,
    exclude_ids: Sequence[str] = (),
) -> None:
    rows = tx.run(
        "find_topic_units",
        subject=new.subject,
        topic=new.topic,
        kind=new.kind,
        scope=new.scope,
        branches=list(ctx.visible_branches),
        exclude_id=new.id,
    )
    new_from = new.valid_from or new.recorded_at
    for row in rows:
        old = row["unit"]
        if old["id"] in exclude_ids:
            continue
        old_from = old.get("valid_from") or old["recorded_at"]
        if new_from >= old_from and new.trust >= old["trust"] and old.get("branch") != new.branch:
            # Learned on a branch about a unit of main: main must not change until the merge.
            # The edge hides the old unit on this branch; `hippo branch merge` closes it for real.
            store.create_edges(
                tx,
                [
                    Edge(
                        type=RelType.SUPERSEDED_BY,
                        source_id=old["id"],
                        target_id=new.id,
                        created_at=ctx.clock(),
                        reason=reason or f"superseded on {new.branch}",
                    )
                ],
                actor=ctx.actor,
                batch_id=batch,
                at=ctx.clock(),
            )
            result.superseded.append(old["id"])
            continue
        if new_from < old_from and old["trust"] >= new.trust:
            # An older statement learned late (an import of history): it was already replaced.
            close_as_superseded(
                tx,
                ctx,
                {**record_view(new)},
                old["id"],
                old_from,
                batch,
                reason=f"already replaced by {old['id']} about {new.subject} / {new.topic}",
            )
            result.superseded_by = old["id"]
            continue
        if new_from >= old_from and new.trust >= old["trust"]:
            close_as_superseded(
                tx,
                ctx,
                old,
                new.id,
                new_from,
                batch,
                reason=reason or f"a newer statement about {new.subject} / {new.topic} replaced it",
            )
            result.superseded.append(old["id"])
            continue
        conflict = Conflict(
            id=new_id("conf"),
            scope=new.scope,
            created_at=ctx.clock(),
            text=f"{new.id} ({new.source_kind}, trust {new.trust:g}) contradicts {old['id']} "
            f"({old['source_kind']}, trust {old['trust']:g}) about {new.subject} / {new.topic}.",
        )
        store.create_nodes(tx, [conflict], actor=ctx.actor, batch_id=batch, at=ctx.clock())
        now = ctx.clock()
        store.create_edges(
            tx,
            [
                Edge(
                    type=RelType.CONTRADICTS, source_id=new.id, target_id=old["id"], created_at=now
                ),
                Edge(
                    type=RelType.INVOLVES, source_id=conflict.id, target_id=new.id, created_at=now
                ),
                Edge(
                    type=RelType.INVOLVES,
                    source_id=conflict.id,
                    target_id=old["id"],
                    created_at=now,
                ),
            ],
            actor=ctx.actor,
            batch_id=batch,
            at=ctx.clock(),
        )
        for unit_id in (new.id, old["id"]):
            store.update_node(
                tx,
                unit_id,
                {"in_conflict": True},
                actor=ctx.actor,
                batch_id=batch,
                reason=f"in conflict {conflict.id}",
                at=ctx.clock(),
            )
        result.conflicts.append(conflict.id)


def remember(graph: Graph, ctx: WriteContext, unit: UnitInput) -> RememberResult:
    """Run one unit through the pipeline; nothing is written if any step fails."""
    _index_named(ctx, unit)
    # Embed outside the transaction (a model call must not hold locks) and before the
    # record is stamped, so recorded_at is not earlier than the write.
    fields = vectors(ctx, [unit.text])[0]
    record = build_record(ctx, unit, ctx.clock()).model_copy(update=fields)
    batch = new_id("batch")
    return graph.write_tx(lambda tx: remember_in_tx(tx, ctx, unit, record, batch))


def _index_named(ctx: WriteContext, unit: UnitInput) -> None:
    """Index the source files the unit links to, before its transaction (links.py resolves
    them inside it)."""
    if ctx.index_named is not None and (unit.governs or unit.broke):
        ctx.index_named([*unit.governs, *unit.broke])


def supersede(
    graph: Graph, ctx: WriteContext, old_id: str, unit: UnitInput, reason: str
) -> RememberResult:
    """Replace ``old_id`` with a new unit; the old one is closed, never edited."""
    rows = graph.read("unit_link_state", id=old_id)
    if not rows:
        raise NotFoundError(
            f"no memory unit has id {old_id!r}; check it with `hippo log` or `hippo recall`."
        )
    old = rows[0]["unit"]
    about_ids = (
        []
        if unit.about
        else [
            e["target_id"]
            for e in store.get_edges(graph, old_id)
            if e["type"] == "ABOUT"
            and e["source_id"] == old_id
            and not e["props"].get("retired_at")
        ]
    )
    if old.get("valid_until") is not None or old.get("retired_at") is not None:
        raise ConflictError(
            f"{old_id} is already closed (valid until {old.get('valid_until')}); "
            "supersede its successor instead."
        )
    if policy.normalise(old["text"]) == policy.normalise(unit.text):
        raise IngestError(
            f"the new text is the same as {old_id}'s; nothing to supersede (use "
            "`hippo confirm` to strengthen it)."
        )
    merged = unit.model_copy(
        update={
            "kind": old["kind"],
            "subject": unit.subject or old.get("subject"),
            "topic": unit.topic or old.get("topic"),
            "scope": unit.scope or old.get("scope"),
        }
    )
    _index_named(ctx, merged)
    fields = vectors(ctx, [merged.text])[0]
    now = ctx.clock()
    record = build_record(ctx, merged, now).model_copy(update=fields)
    batch = new_id("batch")

    def work(tx: Tx) -> RememberResult:
        result = remember_in_tx(
            tx, ctx, merged, record, batch, reason=reason, about_ids=about_ids, exclude_ids=[old_id]
        )
        if old_id not in result.superseded:
            close_as_superseded(
                tx, ctx, old, result.id, record.valid_from or now, batch, reason=reason
            )
            result.superseded.append(old_id)
        result.action = "superseded" if result.action == "created" else result.action
        return result

    return graph.write_tx(work)
