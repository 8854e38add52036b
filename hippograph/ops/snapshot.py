"""Export the whole memory to a folder of JSON Lines files, and restore it into an empty database.

The snapshot works on raw nodes and relationships, so every kind of memory, and
the ``:Change`` history itself, round-trips without knowing the schema records.
Export reads in pages and streams to disk; two exports of the same memory are
byte-identical, so a snapshot diffs well in git. Import checks every line before
it writes anything and records no new ``:Change`` nodes. The format is described
in ``hippograph/ops/snapshot_format.py``.
"""

from __future__ import annotations

import logging
import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import IO, Any, Literal

from hippograph.errors import ConfigError, ConflictError, HippographError, IngestError
from hippograph.graph.client import Graph, Tx
from hippograph.graph.migrations import ensure_schema
from hippograph.ops import snapshot_format as fmt
from hippograph.ops.snapshot_spool import EdgeSpool, open_for_write
from hippograph.schema.results import Result
from hippograph.units import bulk
from hippograph.units.store import BATCH_ROWS, kind_of

log = logging.getLogger(__name__)

PAGE_ROWS = 1000
"""Nodes read per export page (each may carry a 384-float embedding)."""
SINGLE_TX_ROWS = 20_000
"""Snapshots up to this many lines are imported in one transaction; larger ones in batches."""
SCAN_TIMEOUT_S = 600.0


class SnapshotReport(Result):
    """A snapshot exported or imported: its folder and the records in each of its files."""

    action: Literal["exported", "imported"]
    directory: Path
    files: dict[str, int]

    @property
    def records(self) -> int:
        """Records in all files."""
        return sum(self.files.values())


# -- export -------------------------------------------------------------------


def export_snapshot(graph: Graph, directory: Path) -> dict[str, int]:
    """Write every node and relationship of memory to ``directory``,
    replacing an earlier snapshot there."""
    directory = Path(directory)
    if directory.exists() and not directory.is_dir():
        raise ConfigError(f"{directory} is a file; give a folder to export the snapshot into.")
    bad = graph.read("count_unexportable", timeout_s=SCAN_TIMEOUT_S)[0]
    if bad["nodes"] or bad["edges"]:
        raise HippographError(
            f"cannot export: {bad['nodes']} nodes lack the :Node label or a string id and "
            f"{bad['edges']} relationships lack a string id or join such nodes; hippograph never "
            "writes these, so fix or delete them in Neo4j Browser."
        )
    directory.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".snapshot-", dir=directory) as tmp:
        staging = Path(tmp)
        node_counts, node_ids = export_nodes(graph, staging / "nodes")
        edge_counts = _export_edges(graph, staging / "edges", node_ids)
        files = dict(sorted({**node_counts, **edge_counts}.items()))
        (staging / fmt.MANIFEST).write_text(
            fmt.dump_manifest(files), encoding="utf-8", newline="\n"
        )
        replace_files(staging, directory)
    log.info(
        "exported %d nodes and %d relationships to %s",
        len(node_ids),
        sum(edge_counts.values()),
        directory,
    )
    return files


def export_nodes(
    graph: Graph, folder: Path, statement: str = "export_nodes_page", **params: Any
) -> tuple[dict[str, int], set[str]]:
    """Write ``nodes/<Kind>.jsonl`` files into ``folder`` from the pages ``statement`` returns
    (in id order); their line counts and the ids written."""
    folder.mkdir()
    counts: dict[str, int] = {}
    ids: set[str] = set()
    after = ""
    with ExitStack() as stack:
        handles: dict[str, IO[str]] = {}
        while True:
            rows = graph.read(
                statement, timeout_s=SCAN_TIMEOUT_S, after=after, limit=PAGE_ROWS, **params
            )
            for row in rows:
                node_id, labels = row["id"], sorted(row["labels"])
                after = next_id(after, node_id)
                kind = kind_of(labels)
                if not set(labels) <= fmt.NODE_LABELS:
                    raise HippographError(
                        f"node {node_id} has labels {labels}, not all from hippograph's NodeLabel "
                        "enum, so a snapshot could not restore it; remove the extra "
                        "labels in Neo4j Browser."
                    )
                props = encoded(f"node {node_id}", row["props"])
                if kind not in handles:
                    handles[kind] = stack.enter_context(open_for_write(folder / f"{kind}.jsonl"))
                handles[kind].write(
                    fmt.dump_line({"id": node_id, "labels": labels, "props": props})
                )
                counts[f"nodes/{kind}.jsonl"] = counts.get(f"nodes/{kind}.jsonl", 0) + 1
                ids.add(node_id)
            if len(rows) < PAGE_ROWS:
                return counts, ids


def _export_edges(graph: Graph, folder: Path, node_ids: set[str]) -> dict[str, int]:
    folder.mkdir()
    spool = EdgeSpool(folder.parent / ".runs")
    after = ""
    while True:
        rows = graph.read(
            "export_edges_page", timeout_s=SCAN_TIMEOUT_S, after=after, limit=PAGE_ROWS
        )
        for row in rows:
            source_id = after = next_id(after, row["source_id"])
            for edge in row["edges"]:
                edge_id, rel_type, target_id = edge["id"], edge["type"], edge["target_id"]
                if rel_type not in fmt.EDGE_TYPES:
                    raise HippographError(
                        f"relationship {edge_id} has type {rel_type}, which is not in hippograph's "
                        "RelType enum, so a snapshot could not restore it; retype or "
                        "delete it in Neo4j Browser."
                    )
                if source_id not in node_ids or target_id not in node_ids:
                    raise ConflictError(
                        f"memory changed during the export (relationship {edge_id} joins a node "
                        "written after the nodes were read); export again while nothing is writing."
                    )
                props = encoded(f"relationship {edge_id}", edge["props"])
                line = {
                    "id": edge_id,
                    "type": rel_type,
                    "source_id": source_id,
                    "target_id": target_id,
                    "props": props,
                }
                spool.add(rel_type, edge_id, fmt.dump_line(line))
        if len(rows) < PAGE_ROWS:
            return spool.finish(folder)


def next_id(after: str, node_id: str) -> str:
    """``node_id``, the next id of an export page, checked to come after ``after``."""
    # Files are sorted by id because pages arrive in the :Node(id) index's order, which is
    # Python's code-point order (the edge spool sorts the same way); refuse to write otherwise.
    if node_id <= after:
        raise HippographError(
            f"Neo4j returned node {node_id!r} out of id order during export; export again."
        )
    return node_id


def encoded(owner: str, entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The ``props`` column of an export page as a line's ``props``; a value a snapshot cannot
    store is an error naming ``owner``."""
    try:
        return fmt.encode_props(owner, entries)
    except fmt.LineError as exc:
        raise HippographError(str(exc)) from None


def replace_files(staging: Path, directory: Path) -> None:
    """Move a staged snapshot into ``directory`` over an earlier one. Only snapshot files are
    replaced: anything else in the folder (.git, notes) is left alone."""
    for sub in ("nodes", "edges", "references"):  # references/: only a per-project export's
        target, staged = directory / sub, staging / sub
        if target.is_dir():
            for old in target.glob("*.jsonl"):
                old.unlink()
            if sub == "references" and not staged.is_dir() and not any(target.iterdir()):
                target.rmdir()
        if staged.is_dir():
            target.mkdir(exist_ok=True)
            for new in staged.glob("*.jsonl"):
                os.replace(new, target / new.name)
    os.replace(staging / fmt.MANIFEST, directory / fmt.MANIFEST)


# -- import -------------------------------------------------------------------


def import_snapshot(graph: Graph, directory: Path) -> dict[str, int]:
    """Recreate a snapshot's nodes and relationships in an empty database,
    checking every line first."""
    directory = Path(directory)
    files = _read_manifest(directory)
    existing = int(graph.read("count_all_nodes")[0]["count"])
    if existing:
        raise ConflictError(
            f"the database already holds {existing} memory nodes, so the snapshot in {directory} "
            "was not imported; import into an empty database (a fresh instance, or "
            "HIPPOGRAPH_NEO4J_DATABASE naming an empty one)."
        )
    _validate(directory, files)
    ensure_schema(graph)  # the id constraints also make import_edges' id lookups indexed
    total = sum(files.values())
    if total <= SINGLE_TX_ROWS:
        graph.write_tx(lambda tx: _write_all(tx, directory, files))
    else:
        written = 0
        try:
            for statement, rows in _batches(directory, files):
                graph.write_tx(_batch_writer(statement, rows))
                written += len(rows)
        except HippographError as exc:
            raise HippographError(
                f"the import stopped after {written} of {total} lines ({exc}); the database now "
                "holds part of the snapshot, so empty it and import again."
            ) from exc
    log.info("imported %d lines from %s", total, directory)
    return files


def _read_manifest(directory: Path) -> dict[str, int]:
    path = directory / fmt.MANIFEST
    if not path.is_file():
        raise IngestError(
            f"{directory} has no {fmt.MANIFEST}, so it is not a hippograph snapshot; "
            "give the folder that the export wrote.",
            path=directory,
        )
    try:
        return fmt.parse_manifest(path.read_text(encoding="utf-8"))
    except (fmt.LineError, UnicodeDecodeError) as exc:
        raise IngestError(f"{exc}; nothing was imported.", path=path) from None


def _decoded(directory: Path, name: str) -> Iterator[dict[str, Any]]:
    path = directory / name
    folder, _, stem = name.removesuffix(".jsonl").partition("/")
    decode = fmt.decode_node if folder == "nodes" else fmt.decode_edge
    for line, raw in fmt.read_lines(path):
        try:
            row = decode(fmt.line_text(raw), stem)
        except fmt.LineError as exc:
            raise IngestError(
                f"{exc}; nothing was imported, so fix the line and import again.",
                path=path,
                line=line,
            ) from None
        yield row


def _validate(directory: Path, files: dict[str, int]) -> None:
    """Read every line once, writing nothing: shapes, unique ids, edge ends,
    and counts against the manifest."""
    present = {
        f"{sub}/{p.name}" for sub in ("nodes", "edges") for p in (directory / sub).glob("*.jsonl")
    }
    if stray := sorted(present - set(files)):
        raise IngestError(
            "the file is not listed in manifest.json; nothing was imported.",
            path=directory / stray[0],
        )
    if absent := sorted(set(files) - present):
        raise IngestError(
            "manifest.json lists this file but it is missing; nothing was imported.",
            path=directory / absent[0],
        )
    node_ids: set[str] = set()
    edge_ids: set[str] = set()
    for name in _ordered(files):
        is_node = name.startswith("nodes/")
        count = 0
        for count, row in enumerate(_decoded(directory, name), start=1):
            seen = node_ids if is_node else edge_ids
            problem = (
                f"the id {row['id']!r} appears twice in the snapshot" if row["id"] in seen else None
            )
            if not is_node:
                dangling = [
                    end for end in (row["source_id"], row["target_id"]) if end not in node_ids
                ]
                problem = problem or (
                    f"the end {dangling[0]!r} is not a node of the snapshot" if dangling else None
                )
            if problem:
                raise IngestError(
                    f"{problem}; nothing was imported.", path=directory / name, line=count
                )
            seen.add(row["id"])
        if count != files[name]:
            raise IngestError(
                f"the file holds {count} lines but manifest.json says {files[name]}, so it may be "
                "truncated; nothing was imported.",
                path=directory / name,
            )


def _ordered(files: dict[str, int]) -> list[str]:
    # Every node before any relationship, so relationship ends exist when they are matched.
    return sorted(files, key=lambda name: (not name.startswith("nodes/"), name))


def _batches(directory: Path, files: dict[str, int]) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    for name in _ordered(files):
        statement = "nodes" if name.startswith("nodes/") else "edges"
        batch: list[dict[str, Any]] = []
        for row in _decoded(directory, name):
            row.pop("id")
            batch.append(row)
            if len(batch) == BATCH_ROWS:
                yield statement, batch
                batch = []
        if batch:
            yield statement, batch


def _batch_writer(statement: str, rows: list[dict[str, Any]]) -> Callable[[Tx], None]:
    return lambda tx: _write_batch(tx, statement, rows)


def _write_batch(tx: Tx, what: str, rows: list[dict[str, Any]]) -> None:
    bulk.restore_batch(tx, "nodes" if what == "nodes" else "edges", rows)


def _write_all(tx: Tx, directory: Path, files: dict[str, int]) -> None:
    # Checked again inside the transaction, so a concurrent writer cannot slip in between.
    if int(tx.run("count_all_nodes")[0]["count"]):
        raise ConflictError(
            "the database stopped being empty during the import; nothing was imported."
        )
    for statement, rows in _batches(directory, files):
        _write_batch(tx, statement, rows)
