"""Moving a scope's units into a project: how memory written before projects joins one.

Before projects, memory captured in a repository was scoped by the repository's folder name.
``adopt`` moves every unit of such a scope (or any scope named on purpose) into the current
project: each move is an ``update_node`` change (so `hippo log` shows it and `hippo undo`
reverses it), and the unit's dedup key is recomputed for its new scope. A unit whose text the
project already holds stays where it is and is counted, never merged silently.
"""

from __future__ import annotations

from pydantic import Field

from hippograph.graph.client import Graph, Tx
from hippograph.schema import new_id
from hippograph.schema.results import Result
from hippograph.units import policy, store
from hippograph.units.records import WriteContext

BATCH = 200


class Adopted(Result):
    """What one move of a scope into a project did."""

    source: str = Field(description="The scope the units came from.")
    project: str = Field(description="The project (scope) they belong to now.")
    moved: int = 0
    kept: int = Field(
        default=0, description="Units left in place: the project already holds the same text."
    )
    batch_id: str | None = Field(default=None, description="`hippo undo` a change of it.")


def adopt(graph: Graph, ctx: WriteContext, source: str, project: str) -> Adopted:
    """Move every unit of scope ``source`` into scope ``project``; see the module docstring."""
    if source == project:
        return Adopted(source=source, project=project)
    rows = graph.read("units_in_scope", scope=source)
    moves: list[tuple[str, dict[str, str | None]]] = []
    for row in rows:
        key = row["dedup_key"]
        if key is not None:
            key = policy.dedup_key(str(row["kind"]), project, str(row["branch"]), row["text"] or "")
        moves.append((str(row["id"]), {"scope": project, "dedup_key": key}))
    taken = {
        r["key"]
        for start in range(0, len(moves), 1000)
        for r in graph.read(
            "dedup_keys_in_use",
            keys=[m["dedup_key"] for _, m in moves[start : start + 1000] if m["dedup_key"]],
        )
    }
    kept = sum(1 for _, m in moves if m["dedup_key"] in taken)
    moves = [(i, m) for i, m in moves if m["dedup_key"] not in taken]
    if not moves:
        return Adopted(source=source, project=project, kept=kept)
    batch = new_id("batch")
    for start in range(0, len(moves), BATCH):
        chunk = moves[start : start + BATCH]

        def work(tx: Tx, chunk: list[tuple[str, dict[str, str | None]]] = chunk) -> None:
            for unit_id, props in chunk:
                store.update_node(
                    tx,
                    unit_id,
                    dict(props),
                    actor=ctx.actor,
                    reason=f"moved from scope {source} into project {project}",
                    batch_id=batch,
                    at=ctx.clock(),
                )

        graph.write_tx(work)
    return Adopted(source=source, project=project, moved=len(moves), kept=kept, batch_id=batch)
