"""The review queue: conflicts, ambiguities and tasks, resolved by recorded changes."""

from __future__ import annotations

from typing import Any

from hippograph.errors import ConflictError, IngestError, NotFoundError
from hippograph.graph.client import Graph, Tx
from hippograph.schema import Edge, RelType, ReviewStatus, new_id
from hippograph.schema.results import Result, Rows
from hippograph.units import store
from hippograph.units.lifecycle import close_as_superseded
from hippograph.units.records import WriteContext


class ReviewEntry(Result):
    """One open review item (Conflict, Ambiguity or Task): its properties and what it involves."""

    kind: str
    item: dict[str, Any]
    involves: list[dict[str, Any]]


class ReviewQueue(Rows[ReviewEntry]):
    """Open review items, oldest first."""


class Resolution(Result):
    """How a review item was decided; ``kept`` is the unit that won a conflict."""

    id: str
    kind: str
    status: str
    kept: str | None = None


def list_open(graph: Graph, limit: int = 100) -> ReviewQueue:
    """Open review items, oldest first, with the units they involve."""
    return ReviewQueue.model_validate(graph.read("list_open_reviews", limit=limit))


def _load(tx: Tx, item_id: str) -> dict[str, Any]:
    rows = tx.run("get_review", id=item_id)
    if not rows:
        raise NotFoundError(f"no review item has id {item_id!r}; list them with `hippo review`.")
    item = rows[0]
    if item["item"]["status"] != ReviewStatus.OPEN.value:
        raise ConflictError(f"{item_id} is already {item['item']['status']}.")
    return item


def resolve(
    graph: Graph,
    ctx: WriteContext,
    item_id: str,
    *,
    accept: bool,
    keep: str | None = None,
    note: str | None = None,
) -> Resolution:
    """Accept or reject a review item; every effect is a recorded change."""
    batch = new_id("batch")

    def work(tx: Tx) -> Resolution:
        row = _load(tx, item_id)
        kind, item, involved = row["kind"], row["item"], row["involves"]
        decided = "accepted" if accept else "rejected"
        kept: str | None = None
        now = ctx.clock()
        if kind == "Conflict":
            units = sorted(involved, key=lambda u: (u.get("trust", 0.0), u["recorded_at"]))
            if accept:
                winner = next((u for u in units if u["id"] == keep), None) if keep else units[-1]
                if winner is None:
                    raise IngestError(f"--keep {keep} is not one of the units in {item_id}.")
                for loser in (u for u in units if u["id"] != winner["id"]):
                    close_as_superseded(
                        tx,
                        ctx,
                        loser,
                        winner["id"],
                        now,
                        batch,
                        reason=f"conflict {item_id} resolved for {winner['id']}",
                    )
                kept = winner["id"]
            for unit in units:
                store.update_node(
                    tx,
                    unit["id"],
                    {"in_conflict": False},
                    actor=ctx.actor,
                    batch_id=batch,
                    reason=f"conflict {item_id} {decided}",
                    at=ctx.clock(),
                )
        elif kind == "Ambiguity" and accept and len(involved) >= 2:
            # the thing in doubt is the same as what it may be: uncertain -> candidate
            involved = sorted(involved, key=lambda m: m.get("involved_as") == "candidate")
            store.create_edges(
                tx,
                [
                    Edge(
                        type=RelType.SAME_AS,
                        source_id=involved[0]["id"],
                        target_id=involved[1]["id"],
                        created_at=now,
                        reason=f"review {item_id}",
                    )
                ],
                actor=ctx.actor,
                batch_id=batch,
                at=ctx.clock(),
            )
        status = (
            (ReviewStatus.DONE if kind == "Task" else ReviewStatus.ACCEPTED)
            if accept
            else ReviewStatus.REJECTED
        )
        store.update_node(
            tx,
            item_id,
            {"status": status.value, "resolved_at": now, "resolution": note or decided},
            actor=ctx.actor,
            batch_id=batch,
            at=ctx.clock(),
        )
        del item
        return Resolution(id=item_id, kind=kind, status=status.value, kept=kept)

    return graph.write_tx(work)
