"""Moving code nodes from one project key to another, history and all.

Code indexed before projects existed is keyed by the repository's folder name; it belongs to
the project id (``repo/project.py``). ``hippograph/code/ownership.py`` works out each node's new
id; this writes the move: the node's ``id`` and ``project``, the change log entries that name
the old id, and one change per node saying what happened. Edges are attached to the nodes and
follow them. Idempotent and resumable: what was moved is no longer under the old key.
"""

from __future__ import annotations

from collections.abc import Sequence

from hippograph.graph.client import Graph, Tx
from hippograph.schema import Change, ChangeOp, new_id, utc_now
from hippograph.units import store

BATCH = 1000


def rekey(
    graph: Graph,
    moves: Sequence[tuple[str, str, str]],
    *,
    project: str,
    was: str,
    actor: str,
) -> int:
    """Give each (old id, new id, label) node its new id and ``project``; returns how many moved.
    One transaction per ``BATCH`` nodes, each complete in itself."""
    batch = new_id("batch")
    moved = 0
    for start in range(0, len(moves), BATCH):
        part = moves[start : start + BATCH]

        def work(tx: Tx, part: Sequence[tuple[str, str, str]] = part) -> int:
            rows = [{"old": old, "new": new} for old, new, _ in part]
            done = tx.run("rekey_code_nodes", rows=rows, project=project)
            tx.run("rekey_code_changes", rows=rows)
            now = utc_now()
            store.record_changes(
                tx,
                [
                    Change(
                        id=new_id("chg"),
                        op=ChangeOp.UPDATE_NODE,
                        actor=actor,
                        at=now,
                        target_id=new,
                        target_kind=label,
                        before=store.props_json({"id": old, "project": was}),
                        after=store.props_json({"id": new, "project": project}),
                        reason=f"code of {was!r} belongs to project {project!r}",
                        batch_id=batch,
                    )
                    for old, new, label in part
                ],
            )
            return len(done)

        moved += graph.write_tx(work)
    return moved
