"""Linking a unit into the graph: the entities it is about, the code it names, its episode.

Runs inside the remember transaction; an unlinked unit gets a review task instead.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from hippograph.errors import IngestError
from hippograph.graph.client import Tx
from hippograph.graph.fulltext import escape
from hippograph.schema import (
    Ambiguity,
    Edge,
    Entity,
    InvolvedAs,
    MemoryRecord,
    RelType,
    Task,
    UnitInput,
    new_id,
)
from hippograph.schema.targets import file_target
from hippograph.units import entities, policy, store
from hippograph.units.records import RememberResult, WriteContext


def link(
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
                target_id=_governed(tx, ctx, name, record, batch, result),
            )
        )
    for name in unit.broke:
        edges.append(
            Edge(
                type=RelType.BROKE,
                source_id=record.id,
                created_at=ctx.clock(),
                target_id=_governed(tx, ctx, name, record, batch, result),
            )
        )
    edges += _code_mentions(tx, ctx, record, batch, result)
    if edges:
        store.create_edges(tx, edges, actor=ctx.actor, batch_id=batch, at=ctx.clock())
        return
    if record.kind in ("episode", "rule") or record.scope.startswith("agent:"):
        # evidence itself, a rule (its scope says where it applies), or an agent's private notes
        return
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


def _governed(
    tx: Tx, ctx: WriteContext, name: str, record: MemoryRecord, batch: str, result: RememberResult
) -> str:
    """What --governs names: a file, one symbol, or else an entity;
    several symbols must be qualified. A file name that is none of this project's files is
    linked as an entity of that name, and the result says so. A path is read from the
    repository root, so a leading "./" is dropped: `./shop/payments.py` is `shop/payments.py`."""
    name = name.strip()
    name = name[2:] if name.startswith("./") else name
    found = _code_targets(tx, name, ctx.project)  # this project's code only
    if len(found) == 1:
        return str(found[0]["id"])
    if len(found) > 1:
        options = ", ".join(sorted(r["label"] for r in found)[:5])
        raise IngestError(
            f"--governs {name!r} names {len(found)} symbols ({options}); give the qualified name."
        )
    if ctx.project is not None and file_target(name) is not None:
        result.notes.append(
            f"{name.strip()} is no file or symbol of this project's code graph (not written yet, "
            "or not a source file), so it is linked as a name; pre-edit and check-patch show it "
            "with the file once the file exists."
        )
    return ensure_entity(tx, ctx, name, record.scope, batch, context=record.text)


def _code_targets(tx: Tx, name: str, project: str | None) -> list[dict[str, Any]]:
    """A file, a symbol by (qualified) name, or a symbol in a file given as FILE:SYMBOL."""
    target = file_target(name)
    if target is None or target.symbol is None:
        return tx.run("find_code_target", name=name, project=project)
    found = tx.run(
        "find_code_symbol_in_file", path=target.path, symbol=target.symbol, project=project
    )
    # `mod.py:send` names the outermost `send` (a function, not a method or a nested helper of
    # the same name) when exactly one is outermost; else the caller must say which
    depth = {r["id"]: len(re.split(r"\.|::", r["label"])) for r in found}
    outer = [r for r in found if depth[r["id"]] == min(depth.values())]
    return outer if len(outer) == 1 else found


_CODE_NAME = re.compile(
    r"`([A-Za-z_][\w.:\\/]*)(?:\(\))?`|\b([a-z][a-z0-9]*_[a-z0-9_]+|[a-z]+[A-Z]\w+|[A-Z][a-z0-9]+[A-Z]\w+)\b"
)


def _code_mentions(
    tx: Tx, ctx: WriteContext, record: MemoryRecord, batch: str, result: RememberResult
) -> list[Edge]:
    """A unit that names a code symbol is ABOUT it when the name resolves to one symbol,
    else an ambiguity."""
    if record.kind == "episode":
        return []
    names = sorted({a or b for a, b in _CODE_NAME.findall(record.text)})
    if not names:
        return []
    rows = {
        r["name"]: r
        for r in tx.run(
            "symbols_by_name", project=ctx.project, names=[n.rsplit(".", 1)[-1] for n in names]
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
                    Edge(
                        type=RelType.INVOLVES,
                        source_id=amb.id,
                        target_id=i,
                        created_at=now,
                        role=InvolvedAs.UNCERTAIN if i == record.id else InvolvedAs.CANDIDATE,
                    )
                    for i in [record.id, *ids]
                ],
                actor=ctx.actor,
                batch_id=batch,
                at=now,
            )
    return edges


def link_existing(
    tx: Tx, ctx: WriteContext, unit: UnitInput, unit_id: str, record: MemoryRecord, batch: str
) -> None:
    """A re-mention may say what the unit is about or where it came from:
    add the links it lacked."""
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
    """The entity a mention names, resolved by SameEntityScore: reused, linked SAME_AS,
    flagged ambiguous, or new."""
    key = policy.key_of(name)
    if not key:
        raise IngestError("an --about entity name is empty.")
    # writers naming one entity take turns, so the second finds the first's instead of another
    store.take_lock(tx, f"entity\x1f{scope}\x1f{key}", ctx.clock())
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
                Edge(
                    type=RelType.INVOLVES,
                    source_id=amb.id,
                    target_id=target,
                    created_at=now,
                    role=role,
                )
                for target, role in (
                    (entity.id, InvolvedAs.UNCERTAIN),  # the new name, in doubt
                    (linked.id, InvolvedAs.CANDIDATE),  # what it may be
                )
            ],
            actor=ctx.actor,
            batch_id=batch,
            at=now,
        )
    return entity.id
