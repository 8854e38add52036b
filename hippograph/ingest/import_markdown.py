"""``hippo import markdown``: memory files (MEMORY.md, CLAUDE.md, AGENTS.md,
memory/*.md) into units.

One unit per bullet or paragraph, each keeping ``path#Lstart-Lend`` and linked
``FROM`` the document's ``:File`` node. A re-import skips unchanged files; in a
changed file, an edited unit supersedes its old version, a removed one is
deprecated, a moved one keeps its identity with new line numbers.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hippograph.graph.client import Graph, Tx
from hippograph.ingest.markdown import MarkdownUnit, discover_markdown, parse_markdown
from hippograph.repo.sources import format_line_ref
from hippograph.schema import File, Lifecycle, SourceKind, TruthStatus, UnitInput, new_id
from hippograph.units import pipeline, policy, store
from hippograph.units.lifecycle import close_as_superseded
from hippograph.units.records import WriteContext, build_record, vectors


@dataclass
class MarkdownReport:
    """What an import did, per file and in total."""

    files: list[dict[str, Any]] = field(default_factory=list)

    def totals(self) -> dict[str, int]:
        """Sums over files."""
        keys = ("created", "unchanged", "moved", "superseded", "deprecated", "strengthened")
        return {k: sum(f.get(k, 0) for f in self.files) for k in keys} | {
            "files": len(self.files),
            "skipped_files": sum(1 for f in self.files if f["status"] == "unchanged"),
        }

    def as_dict(self) -> dict[str, Any]:
        """Plain dict for JSON output: each file, and the totals."""
        return {"files": self.files, "totals": self.totals()}


def _display_path(path: Path, base: Path) -> str:
    try:
        return path.resolve().relative_to(base.resolve()).as_posix()
    except ValueError:
        return path.resolve().as_posix()


def import_markdown(
    graph: Graph, ctx: WriteContext, paths: list[Path], base: Path
) -> MarkdownReport:
    """Import every memory Markdown file under ``paths``; one transaction per file."""
    report = MarkdownReport()
    for path in discover_markdown(paths):
        report.files.append(_import_file(graph, ctx, path, _display_path(path, base)))
    return report


def _unit_input(unit: MarkdownUnit, rel: str, scope: str, file_id: str) -> UnitInput:
    return UnitInput(
        text=unit.text,
        source=SourceKind.IMPORT,
        source_ref=format_line_ref(rel, unit.start_line, unit.end_line),
        title=" / ".join(unit.heading_path) or None,
        scope=scope,
        episode_id=file_id,
    )


def _import_file(graph: Graph, ctx: WriteContext, path: Path, rel: str) -> dict[str, Any]:
    content = path.read_text(encoding="utf-8", errors="replace")
    digest = hashlib.sha256(content.encode("utf-8")).hexdigest()
    scope = ctx.scope
    found = graph.read("find_file", path=rel, project=scope)
    if found and found[0]["file"].get("content_hash") == digest:
        return {"path": rel, "status": "unchanged"}
    parsed = parse_markdown(content)
    current = [
        r["unit"]
        for r in graph.read(
            "units_from_source", source_path=rel, scope=scope, branches=list(ctx.visible_branches)
        )
    ]
    by_norm = {policy.normalise(u["text"]): u for u in current}
    kept: list[tuple[MarkdownUnit, dict[str, Any]]] = []
    added: list[MarkdownUnit] = []
    for unit in parsed:
        match = by_norm.pop(policy.normalise(unit.text), None)
        if match is not None:
            kept.append((unit, match))
        else:
            added.append(unit)
    removed = sorted(by_norm.values(), key=lambda u: u["source_ref"])
    pairs, added, removed = _pair_edits(added, removed)
    file_id = found[0]["file"]["id"] if found else new_id("file")
    inputs = {id(u): _unit_input(u, rel, scope, file_id) for u in [*added, *(p[0] for p in pairs)]}
    records = {key: build_record(ctx, ui, ctx.clock()) for key, ui in inputs.items()}
    if ctx.embedder is not None and records:
        fields = vectors(ctx, [r.text for r in records.values()])
        records = {
            k: r.model_copy(update=f) for (k, r), f in zip(records.items(), fields, strict=True)
        }
    batch = new_id("batch")
    counts = {
        "created": 0,
        "unchanged": 0,
        "moved": 0,
        "superseded": 0,
        "deprecated": 0,
        "strengthened": 0,
    }

    def work(tx: Tx) -> None:
        if found:
            store.update_node(
                tx,
                file_id,
                {"content_hash": digest},
                actor=ctx.actor,
                batch_id=batch,
                at=ctx.clock(),
            )
        else:
            store.create_nodes(
                tx,
                [
                    File(
                        id=file_id,
                        path=rel,
                        language="markdown",
                        content_hash=digest,
                        project=scope,
                    )
                ],
                actor=ctx.actor,
                batch_id=batch,
                at=ctx.clock(),
            )
        for unit, existing in kept:
            ref = format_line_ref(rel, unit.start_line, unit.end_line)
            if existing["source_ref"] == ref:
                counts["unchanged"] += 1
            else:
                store.update_node(
                    tx,
                    existing["id"],
                    {"source_ref": ref},
                    actor=ctx.actor,
                    batch_id=batch,
                    reason=f"moved within {rel}",
                    at=ctx.clock(),
                )
                counts["moved"] += 1
        for unit in added:
            result = pipeline.remember_in_tx(tx, ctx, inputs[id(unit)], records[id(unit)], batch)
            counts["created" if result.action == "created" else "strengthened"] += 1
        for unit, old in pairs:
            result = pipeline.remember_in_tx(tx, ctx, inputs[id(unit)], records[id(unit)], batch)
            if result.id != old["id"]:
                close_as_superseded(
                    tx, ctx, old, result.id, ctx.clock(), batch, reason=f"edited in {rel}"
                )
            counts["superseded"] += 1
        for old in removed:
            store.update_node(
                tx,
                old["id"],
                {
                    "truth_status": TruthStatus.DEPRECATED.value,
                    "lifecycle": Lifecycle.ARCHIVED.value,
                    "valid_until": ctx.clock(),
                    "dedup_key": None,
                    "closed_dedup_key": old.get("dedup_key"),
                },
                actor=ctx.actor,
                batch_id=batch,
                reason=f"removed from {rel}",
                at=ctx.clock(),
            )
            counts["deprecated"] += 1

    graph.write_tx(work)
    return {"path": rel, "status": "imported" if not found else "updated", **counts}


def _pair_edits(
    added: list[MarkdownUnit], removed: list[dict[str, Any]]
) -> tuple[list[tuple[MarkdownUnit, dict[str, Any]]], list[MarkdownUnit], list[dict[str, Any]]]:
    """Pair a removed unit with an added one under the same heading at the nearest line: an edit."""
    pairs: list[tuple[MarkdownUnit, dict[str, Any]]] = []
    left = list(removed)
    rest: list[MarkdownUnit] = []
    for unit in added:
        title = " / ".join(unit.heading_path) or None
        candidates = [u for u in left if u.get("title") == title]
        if not candidates:
            rest.append(unit)
            continue
        best = min(candidates, key=lambda u: abs(_start_line(u["source_ref"]) - unit.start_line))
        left.remove(best)
        pairs.append((unit, best))
    return pairs, rest, left


def _start_line(source_ref: str) -> int:
    tail = source_ref.rsplit("#L", 1)[-1]
    try:
        return int(tail.split("-", 1)[0])
    except ValueError:
        return 0
