"""Purging: a unit's words removed for good, from the unit, its embedding and its history.

Forgetting (``lifecycle.deprecate``) keeps everything and can be undone; some data must go
(a leaked credential the scanner missed, personal data someone asked to have erased). A purge
replaces the unit's text with a placeholder, drops its embedding, and rewrites every change
log entry about it so no earlier ``before``/``after`` still holds the words; it records that it
happened (who, when, why) as a ``purge`` change, which cannot be undone. Neo4j's own
transaction logs still hold the old values until they rotate (docs/security.md).
"""

from __future__ import annotations

from typing import Any

from hippograph.errors import NotFoundError
from hippograph.graph.client import Graph, Tx
from hippograph.schema import Change, ChangeOp, new_id
from hippograph.schema.base import VECTOR_PROPERTIES
from hippograph.schema.results import Result
from hippograph.units import store
from hippograph.units.records import WriteContext

PLACEHOLDER = "[purged]"
# Property keys whose values are the unit's words, wherever a change log entry holds them.
WORDS = frozenset({"text", "title", "details", "aliases"}) | VECTOR_PROPERTIES


class PurgeResult(Result):
    """What a purge removed: the unit's text and embedding, and the words in its history."""

    id: str
    changes_rewritten: int


def _scrubbed(text: str | None) -> str | None:
    if not text:
        return text
    props = store.props_from_json(text)
    cleaned: dict[str, Any] = {
        k: (PLACEHOLDER if k in WORDS and v is not None else v) for k, v in props.items()
    }
    return store.props_json(cleaned, keep_none=True)


def purge(graph: Graph, ctx: WriteContext, unit_id: str, *, reason: str) -> PurgeResult:
    """Remove ``unit_id``'s words from the unit, its embedding and its change log."""

    def work(tx: Tx) -> PurgeResult:
        if not tx.run("purge_unit", id=unit_id, placeholder=PLACEHOLDER, now=ctx.clock()):
            raise NotFoundError(f"no memory unit has id {unit_id!r}; check it with `hippo log`.")
        history = tx.run("list_changes", since=None, until=None, id=unit_id, limit=100_000)
        rows = [
            {
                "id": c["change"]["id"],
                "before": _scrubbed(c["change"].get("before")),
                "after": _scrubbed(c["change"].get("after")),
            }
            for c in history
            if c["change"].get("target_id") == unit_id
        ]
        if rows:
            tx.run("rewrite_change_props", rows=rows)
        store.record_changes(
            tx,
            [
                Change(
                    id=new_id("chg"),
                    op=ChangeOp.PURGE,
                    actor=ctx.actor,
                    at=ctx.clock(),
                    target_id=unit_id,
                    target_kind="Memory",
                    reason=reason,
                    batch_id=new_id("batch"),
                )
            ],
        )
        return PurgeResult(id=unit_id, changes_rewritten=len(rows))

    return graph.write_tx(work)
