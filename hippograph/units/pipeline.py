"""The write path of SPEC §3: validate, deduplicate, detect contradictions, link, stage.

Every function here runs inside one managed transaction: a unit, its links,
its review records and their ``:Change`` entries commit together or not at all.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from hippograph.errors import ConflictError, IngestError, NotFoundError
from hippograph.graph.client import Graph, Tx
from hippograph.graph.fulltext import escape
from hippograph.schema import (
    MEMORY_CLASSES,
    Ambiguity,
    Change,
    ChangeOp,
    Conflict,
    Edge,
    Entity,
    Lifecycle,
    MemoryRecord,
    RelType,
    SourceKind,
    Task,
    TruthStatus,
    UnitInput,
    new_id,
    utc_now,
)
from hippograph.schema.results import Result
from hippograph.units import entities, policy, store
from hippograph.units.embedder import Embedder

NEAR_DUPLICATE_SCORE = 0.95  # the vector index's score, (1 + cosine) / 2: a cosine of 0.90
_NUMBERS = re.compile(r"\d+(?:[.,]\d+)*")


@dataclass(frozen=True)
class WriteContext:
    """Who writes, where, and with which embedder and clock."""

    actor: str
    scope: str
    branch: str
    visible_branches: tuple[str, ...]
    embedder: Embedder | None = None
    clock: Callable[[], datetime] = utc_now
    project: str | None = None  # the repository worked in: code names resolve there first


@dataclass
class RememberResult:
    """What one remember did: created, strengthened, superseded others, or opened a conflict."""

    id: str
    action: str
    kind: str
    superseded: list[str] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)
    tasks: list[str] = field(default_factory=list)
    superseded_by: str | None = None  # set when the new unit was already out of date
    batch_id: str = ""

    def as_dict(self) -> dict[str, Any]:
        """Plain dict for JSON output."""
        return dict(self.__dict__)


class ConfirmResult(Result):
    """A unit after confirmation: its new confidence and the lifecycle it was re-evaluated to."""

    id: str
    truth_status: str
    confidence: float
    lifecycle: str
    linked: bool
    in_conflict: bool
    batch_id: str


class DeprecateResult(Result):
    """A unit no longer believed: deprecated and archived, kept as history."""

    id: str
    truth_status: str
    lifecycle: str
    batch_id: str


def build_record(ctx: WriteContext, unit: UnitInput, now: datetime) -> MemoryRecord:
    """Validate the input into the record of its kind (raises pydantic errors on bad fields)."""
    if (
        unit.valid_from is not None
        and unit.valid_from > now + policy.FUTURE_SLACK
        and not unit.future
    ):
        raise IngestError(
            f"valid_from {unit.valid_from.isoformat()} is in the future; pass --future if the change is planned."
        )
    if not unit.source_ref or not unit.source_ref.strip():
        raise IngestError(
            "a unit needs a source: give source_ref (path#Lx-Ly, commit, session#turn or URL)."
        )
    cls = MEMORY_CLASSES[unit.kind]
    source = SourceKind(unit.source)
    scope = unit.scope or ctx.scope
    branch = unit.branch or ctx.branch
    subject = unit.subject or (unit.about[0] if unit.about else None)
    path = unit.source_ref.split("#", 1)[0] if "#" in unit.source_ref else None
    values: dict[str, Any] = {
        "id": new_id(cls.id_prefix),
        "text": unit.text,
        "title": unit.title,
        "aliases": unit.aliases,
        "topic": policy.key_of(unit.topic) if unit.topic else None,
        "subject": policy.key_of(subject) if subject else None,
        "truth_status": policy.initial_truth(source),
        "lifecycle": Lifecycle.STAGING,
        "source_ref": unit.source_ref,
        "source_path": path,
        "source_kind": source,
        "trust": policy.initial_trust(source, unit.trust),
        "confidence": policy.initial_confidence(source, unit.confidence),
        "valid_from": unit.valid_from,
        "valid_until": unit.valid_until,
        "recorded_at": now,
        "scope": scope,
        "branch": branch,
        "dedup_key": policy.dedup_key(cls.memory_kind.value, scope, branch, unit.text),
        "ttl_until": policy.ttl_for(Lifecycle.STAGING, now),
        **unit.details,
    }
    detail = " ".join(
        str(values.get(k))
        for k in ("problem", "reasoning", "alternatives_text", "why", "fix")
        if values.get(k)
    )
    values.pop("alternatives_text", None)
    if detail:
        values["details_text"] = detail
    if unit.memory_type is not None:
        values["memory_type"] = unit.memory_type
    return cls(**values)


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
    keys = [
        policy.dedup_key(record.kind, record.scope, b, record.text) for b in ctx.visible_branches
    ]
    if record.dedup_key not in keys:
        keys.append(record.dedup_key or "")
    existing = tx.run("find_units_by_keys", keys=keys)
    if existing:
        _link_existing(tx, ctx, unit, existing[0]["id"], record, batch)
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
        # Close in meaning is not the same statement when the numbers differ ("limit 100" vs "limit 600").
        near = [n for n in near if _NUMBERS.findall(n["text"]) == _NUMBERS.findall(record.text)]
        if near:
            return _strengthen(
                tx, ctx, near[0]["id"], SourceKind(record.source_kind), batch, record.kind
            )
    props = record.to_properties()
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
            )
        ],
    )
    result = RememberResult(id=record.id, action="created", kind=record.kind, batch_id=batch)
    _link(tx, ctx, unit, record, batch, result, about_ids)
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


def _link(
    tx: Tx,
    ctx: WriteContext,
    unit: UnitInput,
    record: MemoryRecord,
    batch: str,
    result: RememberResult,
    about_ids: Sequence[str] = (),
) -> None:
    edges: list[Edge] = [
        Edge(type=RelType.ABOUT, source_id=record.id, target_id=target, created_at=ctx.clock())
        for target in about_ids
    ]
    for name in unit.about:
        entity_id = ensure_entity(
            tx, ctx, name, record.scope, batch, context=record.text, neighbors=unit.about
        )
        edges.append(
            Edge(
                type=RelType.ABOUT, source_id=record.id, target_id=entity_id, created_at=ctx.clock()
            )
        )
    if unit.episode_id:
        edges.append(
            Edge(
                type=RelType.FROM,
                source_id=record.id,
                target_id=unit.episode_id,
                created_at=ctx.clock(),
            )
        )
    for name in unit.governs:
        edges.append(
            Edge(
                type=RelType.GOVERNS,
                source_id=record.id,
                created_at=ctx.clock(),
                target_id=_governed(tx, ctx, name, record, batch),
            )
        )
    for name in unit.broke:
        edges.append(
            Edge(
                type=RelType.BROKE,
                source_id=record.id,
                created_at=ctx.clock(),
                target_id=_governed(tx, ctx, name, record, batch),
            )
        )
    edges += _code_mentions(tx, ctx, record, batch, result)
    if edges:
        store.create_edges(tx, edges, actor=ctx.actor, batch_id=batch, at=ctx.clock())
        return
    if record.kind in ("episode", "rule") or record.scope.startswith("agent:"):
        return  # evidence itself, a rule (its scope says where it applies), or an agent's private notes
    task = Task(
        id=new_id("task"),
        text=f"Link {record.id} to its source episode or to what it is about.",
        reason="unlinked",
        scope=record.scope,
        created_at=ctx.clock(),
    )
    store.create_nodes(tx, [task], actor=ctx.actor, batch_id=batch, at=ctx.clock())
    store.create_edges(
        tx,
        [
            Edge(
                type=RelType.INVOLVES,
                source_id=task.id,
                target_id=record.id,
                created_at=ctx.clock(),
            )
        ],
        actor=ctx.actor,
        batch_id=batch,
        at=ctx.clock(),
    )
    result.tasks.append(task.id)


def _governed(tx: Tx, ctx: WriteContext, name: str, record: MemoryRecord, batch: str) -> str:
    """What --governs names: a file, one symbol, or else an entity; several symbols must be qualified."""
    found = tx.run("find_code_target", name=name.strip(), project=ctx.project)
    if not found and ctx.project is not None:
        found = tx.run("find_code_target", name=name.strip(), project=None)
    if len(found) == 1:
        return str(found[0]["id"])
    if len(found) > 1:
        options = ", ".join(sorted(r["label"] for r in found)[:5])
        raise IngestError(
            f"--governs {name!r} names {len(found)} symbols ({options}); give the qualified name."
        )
    return ensure_entity(tx, ctx, name, record.scope, batch, context=record.text)


_CODE_NAME = re.compile(
    r"`([A-Za-z_][\w.:\\/]*)(?:\(\))?`|\b([a-z][a-z0-9]*_[a-z0-9_]+|[a-z]+[A-Z]\w+|[A-Z][a-z0-9]+[A-Z]\w+)\b"
)


def _code_mentions(
    tx: Tx, ctx: WriteContext, record: MemoryRecord, batch: str, result: RememberResult
) -> list[Edge]:
    """A unit that names a code symbol is ABOUT it when the name resolves to one symbol, else an ambiguity."""
    if record.kind == "episode":
        return []
    names = sorted({a or b for a, b in _CODE_NAME.findall(record.text)})
    if not names:
        return []
    rows = {
        r["name"]: r
        for r in tx.run(
            "symbols_by_name", project=None, names=[n.rsplit(".", 1)[-1] for n in names]
        )
    }
    edges: list[Edge] = []
    now = ctx.clock()
    for name in names:
        row = rows.get(name.rsplit(".", 1)[-1])
        if row is None:
            continue
        ids = [
            i
            for i, q in zip(row["ids"], row["qualified"], strict=True)
            if "." not in name or q.endswith(name)
        ]
        if len(ids) == 1:
            edges.append(
                Edge(type=RelType.ABOUT, source_id=record.id, target_id=ids[0], created_at=now)
            )
        elif ids:
            amb = Ambiguity(
                id=new_id("amb"),
                text=f"{record.id} mentions `{name}`: {len(ids)} symbols have that name.",
                score=1.0 / len(ids),
                scope=record.scope,
                created_at=now,
            )
            store.create_nodes(tx, [amb], actor=ctx.actor, batch_id=batch, at=now)
            store.create_edges(
                tx,
                [
                    Edge(type=RelType.INVOLVES, source_id=amb.id, target_id=i, created_at=now)
                    for i in [record.id, *ids]
                ],
                actor=ctx.actor,
                batch_id=batch,
                at=now,
            )
    return edges


def _link_existing(
    tx: Tx, ctx: WriteContext, unit: UnitInput, unit_id: str, record: MemoryRecord, batch: str
) -> None:
    """A re-mention may say what the unit is about or where it came from: add the links it lacked."""
    wanted: list[Edge] = []
    for name in unit.about:
        entity_id = ensure_entity(
            tx, ctx, name, record.scope, batch, context=record.text, neighbors=unit.about
        )
        wanted.append(
            Edge(type=RelType.ABOUT, source_id=unit_id, target_id=entity_id, created_at=ctx.clock())
        )
    if unit.episode_id:
        wanted.append(
            Edge(
                type=RelType.FROM,
                source_id=unit_id,
                target_id=unit.episode_id,
                created_at=ctx.clock(),
            )
        )
    new = [
        e
        for e in wanted
        if tx.run("has_edge", source_id=e.source_id, target_id=e.target_id, type=e.type)[0]["n"]
        == 0
    ]
    if not new:
        return
    store.create_edges(tx, new, actor=ctx.actor, batch_id=batch, at=ctx.clock())
    for row in tx.run("open_tasks_for_unit", id=unit_id, reason="unlinked"):
        store.update_node(
            tx,
            row["id"],
            {"status": "done", "resolved_at": ctx.clock(), "resolution": "linked"},
            actor=ctx.actor,
            batch_id=batch,
            at=ctx.clock(),
        )


def ensure_entity(
    tx: Tx,
    ctx: WriteContext,
    name: str,
    scope: str,
    batch: str,
    *,
    context: str = "",
    neighbors: Sequence[str] = (),
) -> str:
    """The entity a mention names, resolved by SameEntityScore: reused, linked SAME_AS, flagged ambiguous, or new."""
    key = policy.key_of(name)
    if not key:
        raise IngestError("an --about entity name is empty.")
    fuzzy = " OR ".join(f"{escape(w)}~" for w in key.split() if len(w) >= 3) or escape(key)
    rows = tx.run("entity_candidates", key=key, fuzzy=fuzzy, scope=scope, limit=10)
    views = [
        entities.EntityView(
            id=r["entity"]["id"],
            name=r["entity"]["name"],
            aliases=tuple(r["entity"].get("aliases") or ()),
            contexts=tuple(r["contexts"]),
            neighbors=frozenset(r["neighbors"]),
            scope=r["entity"].get("scope", scope),
        )
        for r in rows
    ]
    mention = entities.Mention(
        name=name,
        context=context,
        neighbors=frozenset(policy.key_of(n) for n in neighbors if policy.key_of(n) != key),
        scope=scope,
    )
    outcome = entities.resolve(mention, views)
    now = ctx.clock()
    if outcome.action == "merge" and outcome.candidate is not None:
        cand = outcome.candidate
        if key != policy.key_of(cand.name) and key not in {policy.key_of(a) for a in cand.aliases}:
            aliases = [*cand.aliases, name.strip()]
            store.update_node(
                tx,
                cand.id,
                {"aliases": aliases, "alias_keys": [policy.key_of(a) for a in aliases]},
                actor=ctx.actor,
                batch_id=batch,
                reason=f"alias by SameEntityScore {outcome.score}",
                at=now,
            )
        return cand.id
    entity = Entity(id=new_id("ent"), name=name.strip(), name_key=key, scope=scope, created_at=now)
    store.create_nodes(tx, [entity], actor=ctx.actor, batch_id=batch, at=now)
    linked = outcome.candidate
    if outcome.action == "same_as" and linked is not None:
        store.create_edges(
            tx,
            [
                Edge(
                    type=RelType.SAME_AS,
                    source_id=entity.id,
                    target_id=linked.id,
                    created_at=now,
                    reason=f"SameEntityScore {outcome.score}",
                )
            ],
            actor=ctx.actor,
            batch_id=batch,
            at=now,
        )
    elif outcome.action == "ambiguous" and linked is not None:
        amb = Ambiguity(
            id=new_id("amb"),
            text=f"Is '{entity.name}' the same as '{linked.name}'? "
            f"(SameEntityScore {outcome.score})",
            score=outcome.score,
            scope=scope,
            created_at=now,
        )
        store.create_nodes(tx, [amb], actor=ctx.actor, batch_id=batch, at=now)
        store.create_edges(
            tx,
            [
                Edge(type=RelType.INVOLVES, source_id=amb.id, target_id=entity.id, created_at=now),
                Edge(type=RelType.INVOLVES, source_id=amb.id, target_id=linked.id, created_at=now),
            ],
            actor=ctx.actor,
            batch_id=batch,
            at=now,
        )
    return entity.id


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


def record_view(record: MemoryRecord) -> dict[str, Any]:
    """The fields ``close_as_superseded`` reads, from a record just written."""
    return {"id": record.id, "dedup_key": record.dedup_key}


def close_as_superseded(
    tx: Tx,
    ctx: WriteContext,
    old: dict[str, Any],
    new_id_: str,
    at: datetime,
    batch: str,
    *,
    reason: str,
) -> None:
    """Close ``old`` (never edit it in place): valid_until, SUPERSEDED_BY the new unit, key released."""
    store.update_node(
        tx,
        old["id"],
        {
            "valid_until": at,
            "superseded_at": ctx.clock(),
            "dedup_key": None,
            "closed_dedup_key": old.get("dedup_key"),
        },
        actor=ctx.actor,
        batch_id=batch,
        reason=reason,
        at=ctx.clock(),
    )
    store.create_edges(
        tx,
        [
            Edge(
                type=RelType.SUPERSEDED_BY,
                source_id=old["id"],
                target_id=new_id_,
                created_at=ctx.clock(),
                reason=reason,
            )
        ],
        actor=ctx.actor,
        batch_id=batch,
        at=ctx.clock(),
    )


def refresh_lifecycle(tx: Tx, ctx: WriteContext, unit_id: str, batch: str) -> str:
    """Move a unit to the lifecycle its state calls for; the move is a recorded change."""
    rows = tx.run("unit_link_state", id=unit_id)
    if not rows:
        raise NotFoundError(f"no memory unit has id {unit_id!r}; check it with `hippo log`.")
    unit = rows[0]["unit"]
    target = policy.next_lifecycle(
        unit["lifecycle"],
        truth_status=unit["truth_status"],
        confidence=unit["confidence"],
        mention_count=unit.get("mention_count", 1),
        linked=rows[0]["linked"],
        in_conflict=rows[0]["in_conflict"],
    )
    if target.value != unit["lifecycle"]:
        props: dict[str, Any] = {
            "lifecycle": target.value,
            "ttl_until": policy.ttl_for(target, ctx.clock()),
        }
        if target == Lifecycle.CONSOLIDATED:
            props["ttl_until"] = None
        store.update_node(
            tx,
            unit_id,
            props,
            actor=ctx.actor,
            batch_id=batch,
            reason=f"lifecycle -> {target.value}",
            at=ctx.clock(),
        )
    return target.value


def remember(graph: Graph, ctx: WriteContext, unit: UnitInput) -> RememberResult:
    """Run one unit through the pipeline; nothing is written if any step fails."""
    # Embed outside the transaction (a model call must not hold locks) and before the
    # record is stamped, so recorded_at is not earlier than the write.
    vector = ctx.embedder.embed([unit.text])[0] if ctx.embedder is not None else None
    record = build_record(ctx, unit, ctx.clock()).model_copy(update={"embedding": vector})
    batch = new_id("batch")
    return graph.write_tx(lambda tx: remember_in_tx(tx, ctx, unit, record, batch))


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
            f"{old_id} is already closed (valid until {old.get('valid_until')}); supersede its successor instead."
        )
    if policy.normalise(old["text"]) == policy.normalise(unit.text):
        raise IngestError(
            f"the new text is the same as {old_id}'s; nothing to supersede (use `hippo confirm` to strengthen it)."
        )
    merged = unit.model_copy(
        update={
            "kind": old["kind"],
            "subject": unit.subject or old.get("subject"),
            "topic": unit.topic or old.get("topic"),
            "scope": unit.scope or old.get("scope"),
        }
    )
    vector = ctx.embedder.embed([merged.text])[0] if ctx.embedder is not None else None
    now = ctx.clock()
    record = build_record(ctx, merged, now).model_copy(update={"embedding": vector})
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


def confirm(
    graph: Graph, ctx: WriteContext, unit_id: str, *, reason: str | None = None
) -> ConfirmResult:
    """A user (or a passing test) confirms a unit: truth confirmed, confidence up, lifecycle re-evaluated."""
    batch = new_id("batch")

    def work(tx: Tx) -> ConfirmResult:
        rows = tx.run("unit_link_state", id=unit_id)
        if not rows:
            raise NotFoundError(
                f"no memory unit has id {unit_id!r}; check it with `hippo log` or `hippo recall`."
            )
        unit = rows[0]["unit"]
        if unit["truth_status"] == TruthStatus.DEPRECATED.value:
            raise ConflictError(
                f"{unit_id} was deprecated; remember the statement again instead of confirming it."
            )
        if unit.get("valid_until") is not None or unit.get("retired_at") is not None:
            raise ConflictError(
                f"{unit_id} is closed (superseded, expired or undone); confirm its successor instead."
            )
        conf = round(unit["confidence"] + policy.CONFIRM_STEP * (1.0 - unit["confidence"]), 6)
        props: dict[str, Any] = {"truth_status": TruthStatus.CONFIRMED.value, "confidence": conf}
        if unit["lifecycle"] == Lifecycle.ARCHIVED.value:  # expired by TTL: confirmation revives it
            props |= {
                "lifecycle": Lifecycle.STAGING.value,
                "dedup_key": unit.get("closed_dedup_key"),
            }
        store.update_node(
            tx,
            unit_id,
            props,
            actor=ctx.actor,
            batch_id=batch,
            reason=reason or "confirmed",
            at=ctx.clock(),
        )
        lifecycle = refresh_lifecycle(tx, ctx, unit_id, batch)
        return ConfirmResult(
            id=unit_id,
            truth_status="confirmed",
            confidence=conf,
            lifecycle=lifecycle,
            linked=rows[0]["linked"],
            in_conflict=rows[0]["in_conflict"],
            batch_id=batch,
        )

    return graph.write_tx(work)


def deprecate(graph: Graph, ctx: WriteContext, unit_id: str, *, reason: str) -> DeprecateResult:
    """Stop believing a unit: deprecated and archived, with a reason; never deleted."""
    if not reason.strip():
        raise IngestError("forgetting a unit needs a --reason, so the history says why.")
    batch = new_id("batch")

    def work(tx: Tx) -> DeprecateResult:
        rows = tx.run("unit_link_state", id=unit_id)
        if not rows:
            raise NotFoundError(
                f"no memory unit has id {unit_id!r}; check it with `hippo log` or `hippo recall`."
            )
        unit = rows[0]["unit"]
        if unit["truth_status"] == TruthStatus.DEPRECATED.value:
            raise ConflictError(
                f"{unit_id} is already deprecated; `hippo undo` the deprecation to restore it."
            )
        now = ctx.clock()
        props = {
            "truth_status": TruthStatus.DEPRECATED.value,
            "lifecycle": Lifecycle.ARCHIVED.value,
            "valid_until": unit.get("valid_until") or now,
            "dedup_key": None,
            "closed_dedup_key": unit.get("dedup_key") or unit.get("closed_dedup_key"),
            "ttl_until": None,
        }
        store.update_node(
            tx, unit_id, props, actor=ctx.actor, batch_id=batch, reason=reason, at=ctx.clock()
        )
        return DeprecateResult(
            id=unit_id, truth_status="deprecated", lifecycle="archived", batch_id=batch
        )

    return graph.write_tx(work)
