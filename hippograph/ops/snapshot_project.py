"""Export part of memory: some projects' memory as a snapshot, and any export as Markdown.

A per-project export holds what ``export_project_nodes_page.cypher`` selects for the scopes
asked for: their units and episodes, entities, review items and ``:Change`` entries, the
alternatives their decisions considered, and their code graph. A relationship between two of
those nodes goes into ``edges/`` as in a whole export, so the folder imports into an empty
database like one. A relationship with one end outside the export goes into
``references/<TYPE>.jsonl`` instead: listed, in the edge line format, and never imported. One
whose outside end lies in a scope the reader may not see is only counted (``withheld``).

Markdown is rendered from such a snapshot, staged in a hidden folder inside the target and
removed afterwards (``ops/snapshot_markdown.py``); it is for reading, not for import.
"""

from __future__ import annotations

import logging
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Literal

from hippograph.errors import ConfigError, HippographError, NotFoundError
from hippograph.graph.client import Graph
from hippograph.ops import snapshot
from hippograph.ops import snapshot_format as fmt
from hippograph.ops.snapshot import SnapshotReport
from hippograph.ops.snapshot_markdown import folders, write_markdown
from hippograph.ops.snapshot_spool import EdgeSpool

log = logging.getLogger(__name__)

FORMATS = ("jsonl", "markdown")


class ExportReport(SnapshotReport):
    """An export of some projects, or in Markdown: its files, the projects it holds (none:
    every scope), and the relationships that leave it (listed in ``references/``, or withheld
    because their other end is in a scope the reader may not see)."""

    format: Literal["jsonl", "markdown"]
    projects: list[str]
    references: int = 0
    withheld: int = 0


def check_format(value: str) -> Literal["jsonl", "markdown"]:
    """``value`` as an export format, or an error naming the ones there are."""
    text = value.strip().lower()
    if text == "jsonl":
        return "jsonl"
    if text == "markdown":
        return "markdown"
    raise ConfigError(f"--format {value!r} is not jsonl or markdown; pick one of those.")


def check_present(graph: Graph, scopes: Sequence[str]) -> None:
    """Refuse, in one sentence, a scope that holds no memory unit (a mistyped project id)."""
    present = {str(r["scope"]) for r in graph.read("scopes_present", scopes=list(scopes))}
    if absent := [s for s in scopes if s not in present]:
        raise NotFoundError(
            f"no memory unit has scope {absent[0]!r}, so there is nothing to export; "
            "`hippo projects` lists the project ids (and `workspace`) that hold memory."
        )


def export_projects(graph: Graph, directory: Path, scopes: Sequence[str]) -> ExportReport:
    """Write the memory of ``scopes`` to ``directory`` as a snapshot that
    ``import_snapshot`` restores, replacing an earlier snapshot there."""
    directory = _folder(directory)
    chosen = sorted(set(scopes))
    with tempfile.TemporaryDirectory(prefix=".snapshot-", dir=directory) as tmp:
        staging = Path(tmp)
        files, references, withheld = stage_projects(graph, staging, chosen)
        extra = {"projects": chosen, "references": references, "withheld": withheld}
        (staging / fmt.MANIFEST).write_text(
            fmt.dump_manifest(files, extra), encoding="utf-8", newline="\n"
        )
        snapshot.replace_files(staging, directory)
    log.info("exported %s to %s", ", ".join(chosen), directory)
    return ExportReport(
        action="exported",
        directory=directory,
        files=files,
        format="jsonl",
        projects=chosen,
        references=sum(references.values()),
        withheld=withheld,
    )


def export_markdown(graph: Graph, directory: Path, scopes: Sequence[str] | None) -> ExportReport:
    """Write the memory of ``scopes`` (None: every scope) to ``directory`` as one Markdown
    file per scope and kind of memory, for people to read."""
    chosen = sorted(set(scopes)) if scopes is not None else None
    if chosen is not None:
        folders(chosen)  # refuse two scopes sharing a folder before reading anything
    directory = _folder(directory)
    references: dict[str, int] = {}
    withheld = 0
    with tempfile.TemporaryDirectory(prefix=".export-", dir=directory) as tmp:
        staging = Path(tmp)
        if chosen is None:
            snapshot.export_snapshot(graph, staging)
        else:
            _, references, withheld = stage_projects(graph, staging, chosen)
        files = write_markdown(staging, directory, chosen)
    return ExportReport(
        action="exported",
        directory=directory,
        files=files,
        format="markdown",
        projects=chosen or [],
        references=sum(references.values()),
        withheld=withheld,
    )


def stage_projects(
    graph: Graph, staging: Path, scopes: list[str]
) -> tuple[dict[str, int], dict[str, int], int]:
    """Write the nodes and relationships of ``scopes`` into ``staging`` (``nodes/``,
    ``edges/``, ``references/``); the line counts of the importable files, those of the
    references, and how many relationships were withheld."""
    node_counts, node_ids = snapshot.export_nodes(
        graph, staging / "nodes", "export_project_nodes_page", scopes=scopes
    )
    inside = EdgeSpool(staging / ".runs-edges")
    outside = EdgeSpool(staging / ".runs-references")
    withheld = 0
    ordered = sorted(node_ids)
    for start in range(0, len(ordered), snapshot.PAGE_ROWS):
        rows = graph.read(
            "export_project_edges",
            timeout_s=snapshot.SCAN_TIMEOUT_S,
            ids=ordered[start : start + snapshot.PAGE_ROWS],
        )
        for row in rows:
            withheld += int(row["withheld"])
            for edge in row["edges"]:
                source_id, target_id = edge["source_id"], edge["target_id"]
                if source_id != row["node_id"] and source_id in node_ids:
                    continue  # an edge inside the export: written from its start node's row
                is_inside = source_id in node_ids and target_id in node_ids
                line = _edge_line(edge)
                (inside if is_inside else outside).add(edge["type"], edge["id"], line)
    (staging / "edges").mkdir()
    (staging / "references").mkdir()
    edge_counts = inside.finish(staging / "edges")
    references = dict(sorted(outside.finish(staging / "references").items()))
    if not references:
        (staging / "references").rmdir()
    files = dict(sorted({**node_counts, **edge_counts}.items()))
    return files, references, withheld


def _edge_line(edge: dict[str, object]) -> str:
    edge_id, rel_type = edge["id"], edge["type"]
    if not isinstance(edge_id, str) or not edge_id:
        raise HippographError(
            f"a {rel_type} relationship from {edge['source_id']} has no string id, so a "
            "snapshot could not name it; hippograph never writes these, so fix or delete it "
            "in Neo4j Browser."
        )
    if rel_type not in fmt.EDGE_TYPES:
        raise HippographError(
            f"relationship {edge_id} has type {rel_type}, which is not in hippograph's RelType "
            "enum, so a snapshot could not restore it; retype or delete it in Neo4j Browser."
        )
    props = edge["props"]
    assert isinstance(props, list)
    return fmt.dump_line(
        {
            "id": edge_id,
            "type": rel_type,
            "source_id": edge["source_id"],
            "target_id": edge["target_id"],
            "props": snapshot.encoded(f"relationship {edge_id}", props),
        }
    )


def _folder(directory: Path) -> Path:
    directory = Path(directory)
    if directory.exists() and not directory.is_dir():
        raise ConfigError(f"{directory} is a file; give a folder to export into.")
    directory.mkdir(parents=True, exist_ok=True)
    return directory
