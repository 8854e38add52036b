"""The CALLS and IMPORTS edges of an index, written after its files (``indexer``), in parts.

A large repository's edges do not fit one transaction, so they go ``EDGES_PER_TX`` to one. The
files whose edges are still to write carry a mark (``units/index_marks``) from the transaction
that writes their content until all of them are written; an index that stopped in between
leaves the mark, and the next one reads those files again and completes their edges here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from hippograph.code import identity
from hippograph.code import imports as code_imports
from hippograph.graph.client import Graph, Tx
from hippograph.schema import Edge, RelType, Symbol
from hippograph.units import store
from hippograph.units.records import WriteContext

EDGES_PER_TX = 5000  # CALLS and IMPORTS edges per transaction, each with its change record


def link_calls(
    graph: Graph,
    ctx: WriteContext,
    project: str,
    callers: dict[str, Symbol],
    batch: str,
    *,
    drawn_for: Iterable[str] = (),
) -> int:
    """Link each of ``callers`` to the callees whose name is unique in the project; how many
    edges were drawn. ``drawn_for``: callers that may have some edges already (their file's
    index stopped before all were written), which are not drawn twice."""
    names = sorted({c for rec in callers.values() for c in rec.calls})
    unique: dict[str, str] = {}
    for start in range(0, len(names), 1000):
        for row in graph.read(
            "symbols_by_name", project=project, names=names[start : start + 1000]
        ):
            if len(row["ids"]) == 1:
                unique[row["name"]] = row["ids"][0]
    ids = sorted(drawn_for)
    drawn: set[tuple[str, str]] = set()
    for start in range(0, len(ids), 1000):
        rows = graph.read("code_calls_from", ids=ids[start : start + 1000])
        drawn |= {(a, b) for a, b in rows[0]["calls"]}
    now = ctx.clock()
    edges = [
        Edge(type=RelType.CALLS, source_id=rec.id, target_id=target, created_at=now)
        for rec in callers.values()
        for callee in rec.calls
        if (target := unique.get(callee)) and target != rec.id and (rec.id, target) not in drawn
    ]

    def create(tx: Tx, part: list[Edge]) -> None:
        store.create_edges(tx, part, actor=ctx.actor, batch_id=batch, at=now)

    in_parts(graph, edges, create)
    return len(edges)


def link_imports(
    graph: Graph,
    ctx: WriteContext,
    project: str,
    paths: list[str],
    gone: list[str],
    known: dict[str, Any],
    batch: str,
) -> tuple[int, int]:
    """Make the IMPORTS edges of the files at ``paths`` (read by this index) match what their
    imports resolve to now; (edges drawn, edges retired). ``gone``: files deleted (their own
    edges are retired).

    When files appeared or disappeared, every file of the project is resolved again (an
    unchanged file may import the new one, or the one deleted); otherwise only those read."""
    live = {p for p, row in known.items() if not row["retired"]}
    layout_changed = bool(gone) or any(p not in live for p in paths)
    rows = graph.read("code_file_imports", project=project, paths=None if layout_changed else paths)
    files = code_imports.Layout.of((live | set(paths)) - set(gone))  # every live source file
    wanted: dict[str, set[str]] = {}
    for row in rows:
        targets: set[str] = set()
        for ref in row["refs"]:
            module, names = code_imports.decode(ref)
            targets |= code_imports.resolve(row["path"], row["language"], module, names, files)
        wanted[row["path"]] = targets
    importers = sorted(set(wanted) | set(gone))
    have: dict[str, dict[str, Any]] = {}
    by_source = {identity.file_id(project, p): p for p in importers}
    for start in range(0, len(importers), 500):
        for edge in graph.read(
            "code_import_edges", project=project, paths=importers[start : start + 500]
        ):
            have[f"{by_source[edge['source_id']]}\x1f{edge['target']}"] = edge
    want = {f"{src}\x1f{dst}": (src, dst) for src, targets in wanted.items() for dst in targets}
    stale = [edge for key, edge in have.items() if key not in want]
    fresh = [pair for key, pair in want.items() if key not in have]
    if not stale and not fresh:
        return 0, 0

    now = ctx.clock()

    def retire(tx: Tx, part: list[dict[str, Any]]) -> None:
        store.set_edges_retired(
            tx,
            [(edge, "import gone") for edge in part],
            now,
            actor=ctx.actor,
            batch_id=batch,
            at=now,
        )

    def create(tx: Tx, part: list[tuple[str, str]]) -> None:
        edges = [
            Edge(
                type=RelType.IMPORTS,
                source_id=identity.file_id(project, src),
                target_id=identity.file_id(project, dst),
                created_at=now,
            )
            for src, dst in part
        ]
        store.create_edges(tx, edges, actor=ctx.actor, batch_id=batch, at=now)

    in_parts(graph, stale, retire)
    in_parts(graph, fresh, create)
    return len(fresh), len(stale)


def in_parts(graph: Graph, items: list[Any], work: Callable[..., None]) -> None:
    """``work(tx, part=...)`` over ``items``, ``EDGES_PER_TX`` per write transaction."""
    for start in range(0, len(items), EDGES_PER_TX):
        graph.write_tx(partial(work, part=items[start : start + EDGES_PER_TX]))
