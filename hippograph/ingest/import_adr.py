"""``hippo import adr``: architecture decision records (MADR, Nygard) into :Decision units.

One decision per record, with its alternatives and file/line references. Re-import is
idempotent (an unchanged record writes nothing; an edited one supersedes its old version),
and "superseded by" between records becomes SUPERSEDED_BY between their decisions.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

from hippograph.graph.client import Graph
from hippograph.ingest.adr import Adr, discover_adrs, parse_adr
from hippograph.kinds import decisions
from hippograph.repo.sources import format_line_ref
from hippograph.schema import Lifecycle, TruthStatus, new_id
from hippograph.schema.results import Result
from hippograph.units import policy, store
from hippograph.units.lifecycle import close_as_superseded
from hippograph.units.records import WriteContext

_NUMBER = re.compile(r"(\d+)")


class AdrImport(Result):
    """Decisions an ADR import created, kept, updated (superseded), linked and deprecated."""

    created: list[str]
    unchanged: list[str]
    updated: list[str]
    linked: list[dict[str, str]]  # {"old": id, "new": id}: an ADR "superseded by" another
    deprecated: list[str]


def _ref(adr: Adr) -> str:
    start, end = adr.line_ranges.get("decision") or adr.line_ranges.get("title") or (1, 1)
    return format_line_ref(adr.path, start, end)


def _when(adr: Adr) -> datetime | None:
    if not adr.date:
        return None
    try:
        return datetime.fromisoformat(adr.date).replace(tzinfo=UTC)
    except ValueError:
        return None


def _target(reference: str, by_number: dict[int, str], by_name: dict[str, str]) -> str | None:
    name = Path(reference.split("#", 1)[0]).name
    if name in by_name:
        return by_name[name]
    match = _NUMBER.search(reference)
    return by_number.get(int(match.group(1))) if match else None


def import_adrs(graph: Graph, ctx: WriteContext, directory: Path, base: Path) -> AdrImport:
    """Import every record in ``directory``; returns what was created, kept,
    superseded and linked."""
    report: dict[str, list[Any]] = {
        "created": [],
        "unchanged": [],
        "updated": [],
        "linked": [],
        "deprecated": [],
    }
    records: list[tuple[Adr, str]] = []
    for path in discover_adrs(directory):
        try:
            rel = path.resolve().relative_to(base.resolve()).as_posix()
        except ValueError:
            rel = path.as_posix()
        adr = parse_adr(path.read_text(encoding="utf-8", errors="replace"), rel)
        records.append((adr, _import_one(graph, ctx, adr, report)))
    by_number = {adr.number: unit for adr, unit in records if adr.number is not None}
    by_name = {Path(adr.path).name: unit for adr, unit in records}
    for adr, unit in records:
        if not adr.superseded_by:
            continue
        newer = _target(adr.superseded_by, by_number, by_name)
        rows = graph.read("unit_link_state", id=unit)
        if newer and newer != unit and rows and rows[0]["unit"].get("valid_until") is None:
            close = partial(
                close_as_superseded,
                ctx=ctx,
                old=rows[0]["unit"],
                new_id_=newer,
                at=ctx.clock(),
                batch=new_id("batch"),
                reason=f"{adr.path} is superseded by {adr.superseded_by}",
            )
            graph.write_tx(close)
            report["linked"].append({"old": unit, "new": newer})
    return AdrImport.model_validate(report)


def _import_one(graph: Graph, ctx: WriteContext, adr: Adr, report: dict[str, list[Any]]) -> str:
    text = adr.decision or adr.title
    existing = [
        r["unit"]
        for r in graph.read(
            "units_from_source",
            source_path=adr.path,
            scope=ctx.scope,
            branches=list(ctx.visible_branches),
        )
        if r["unit"]["kind"] == "decision"
    ]
    current = next((u for u in existing if u.get("valid_until") is None), None)
    if current is not None and policy.normalise(current["text"]) == policy.normalise(text):
        report["unchanged"].append(current["id"])
        return str(current["id"])
    reasoning = adr.reasoning
    if any(o.chosen for o in adr.options):
        alternatives = [
            (o.name, o.why_rejected or "not chosen") for o in adr.options if not o.chosen
        ]
    else:
        # The record does not say which option it took (a proposal, or a decision in words of its
        # own): none was rejected, so the options are kept as considered, not as alternatives.
        alternatives = []
        if adr.options:
            considered = "; ".join(o.name for o in adr.options)
            reasoning = "\n\n".join(
                p
                for p in (
                    reasoning,
                    f"Options considered (the record names none as chosen): {considered}.",
                )
                if p
            )
    result = decisions.decide(
        graph,
        ctx,
        problem=adr.context,
        decision=text,
        reasoning=reasoning,
        alternatives=alternatives,
        supersedes=current["id"] if current else None,
        source="import",
        source_ref=_ref(adr),
        valid_from=_when(adr),
        about=[adr.title],
        title=adr.title,
    )
    (report["updated"] if current else report["created"]).append(result.id)
    if adr.status in ("deprecated", "rejected"):
        batch = new_id("batch")
        graph.write_tx(
            lambda tx: store.update_node(
                tx,
                result.id,
                {
                    "truth_status": TruthStatus.DEPRECATED.value,
                    "lifecycle": Lifecycle.ARCHIVED.value,
                    "status": adr.status,
                },
                actor=ctx.actor,
                batch_id=batch,
                reason=f"ADR status {adr.status}",
                at=ctx.clock(),
            )
        )
        report["deprecated"].append(result.id)
    return result.id
