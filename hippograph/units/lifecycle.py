"""State changes of existing units: confirm, deprecate, close as superseded, lifecycle moves.

Each is a recorded change (``:Change``) in the transaction that makes it; a unit is closed,
never edited in place or deleted.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from hippograph.errors import ConflictError, IngestError, NotFoundError
from hippograph.graph.client import Graph, Tx
from hippograph.schema import Edge, Lifecycle, RelType, TruthStatus, new_id
from hippograph.schema.results import Result
from hippograph.units import policy, store
from hippograph.units.records import WriteContext


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
    """Close ``old`` (never edit it in place): valid_until, SUPERSEDED_BY the new unit,
    key released."""
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


def confirm(
    graph: Graph, ctx: WriteContext, unit_id: str, *, reason: str | None = None
) -> ConfirmResult:
    """A user (or a passing test) confirms a unit: truth confirmed, confidence up,
    lifecycle re-evaluated."""
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
                f"{unit_id} is closed (superseded, expired or undone); "
                "confirm its successor instead."
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
