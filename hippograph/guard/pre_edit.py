"""The pre-edit lookup (docs/graph-model.md): before an agent edits code,
what memory says about it, by identity.

Not by text similarity: decisions that govern the symbol or its file, failures it was part
of, rules that apply (attached, or whose scope glob matches the file), its rename history,
and references left stale by a signature change. It answers for files never indexed (they
are indexed first) and says plainly when nothing is known.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hippograph.code.identity import file_id
from hippograph.code.walk import repo_root
from hippograph.errors import AccessDeniedError, IngestError, NotFoundError
from hippograph.graph.client import Graph
from hippograph.kinds.rules import glob_match

_TARGET = re.compile(r"^(?P<file>.+?)(?::(?P<start>\d+)(?:-(?P<end>\d+))?|:(?P<symbol>[^:/\\]+))?$")


@dataclass
class PreEdit:
    """The pre-edit bundle for one file (and optionally a symbol or a line range)."""

    file: str
    project: str
    symbols: list[dict[str, Any]] = field(default_factory=list)
    decisions: list[dict[str, Any]] = field(default_factory=list)
    failures: list[dict[str, Any]] = field(default_factory=list)
    rules: list[dict[str, Any]] = field(default_factory=list)
    facts: list[dict[str, Any]] = field(default_factory=list)
    renames: list[dict[str, Any]] = field(default_factory=list)
    stale: list[dict[str, Any]] = field(default_factory=list)
    indexed_now: bool = False

    @property
    def is_empty(self) -> bool:
        """True when memory knows nothing about this code."""
        return not (
            self.decisions
            or self.failures
            or self.rules
            or self.facts
            or self.renames
            or self.stale
        )

    def as_dict(self) -> dict[str, Any]:
        """Plain dict for JSON output."""
        return {**self.__dict__, "nothing_known": self.is_empty}


def parse_target(spec: str) -> tuple[str, str | None, tuple[int, int] | None]:
    """``FILE``, ``FILE:SYMBOL``, ``FILE:LINE`` or ``FILE:START-END``."""
    match = _TARGET.match(spec.strip())
    if not match or not match.group("file"):
        raise IngestError(f"{spec!r} is not FILE, FILE:SYMBOL, FILE:LINE or FILE:START-END.")
    if match.group("start"):
        start = int(match.group("start"))
        end = int(match.group("end") or start)
        return match.group("file"), None, (min(start, end), max(start, end))
    return match.group("file"), match.group("symbol"), None


def pre_edit(
    graph: Graph,
    spec: str,
    *,
    cwd: Path,
    branches: list[str],
    index: Callable[[Path], Any],
    root: Path | None = None,
) -> PreEdit:
    """Build the bundle; ``index`` indexes one file (incremental: nothing written when
    unchanged). Only a file inside ``root`` (the project's, when given) is read or indexed: a
    read must not put files from elsewhere into the graph."""
    file_part, symbol, lines = parse_target(spec)
    path = Path(file_part)
    path = path if path.is_absolute() else cwd / path
    if not path.is_file():
        raise NotFoundError(
            f"{file_part} is not a file; give a path to a source file (FILE[:SYMBOL|:LINE[-LINE]])."
        )
    if root is not None and not path.resolve().is_relative_to(root.resolve()):
        raise AccessDeniedError(
            f"{file_part} is outside the project at {root}; pre-edit reads and indexes files of "
            "the project it runs in only, so run it from that file's repository."
        )
    if lines is not None:
        with path.open("rb") as handle:
            count = sum(1 for _ in handle)
        if lines[0] > count:
            raise NotFoundError(
                f"line {lines[0]} is past the end of {file_part} ({count} lines); give a line "
                f"from 1 to {count}."
            )
    root = repo_root(path)
    rel = path.resolve().relative_to(root).as_posix()
    report = index(path)
    project = getattr(report, "project", root.name)
    bundle = PreEdit(
        file=rel, project=project, indexed_now=bool(getattr(report, "files_indexed", 0))
    )
    symbols = [r["symbol"] for r in graph.read("symbols_in_file", project=project, path=rel)]
    if symbol is not None:
        chosen = [
            s
            for s in symbols
            if s["name"] == symbol
            or s["qualified_name"] == symbol
            or s["qualified_name"].endswith("." + symbol)
            or s["qualified_name"].endswith("::" + symbol)
        ]
        if not chosen:
            became = graph.read("symbol_renamed_to", project=project, path=rel, name=symbol)
            if became:
                now = ", ".join(f"{r['qualified_name']} in {r['file_path']}" for r in became)
                raise NotFoundError(
                    f"{rel} has no symbol {symbol!r} any more: it became {now}; ask for that "
                    "(its decisions and failures came along)."
                )
            names = ", ".join(s["name"] for s in symbols[:10]) or "none"
            raise NotFoundError(f"no symbol {symbol!r} in {rel}; its symbols are: {names}.")
    elif lines is not None:
        chosen = [s for s in symbols if s["start_line"] <= lines[1] and s["end_line"] >= lines[0]]
    else:
        chosen = symbols
    bundle.symbols = chosen
    ids = [file_id(project, rel)]
    for sym in chosen:
        for row in graph.read("identity_chain", id=sym["id"]):
            ids.append(row["symbol"]["id"])
            if row["depth"] > 0:
                bundle.renames.append(
                    {
                        "symbol": sym["qualified_name"],
                        "was": row["symbol"]["qualified_name"],
                        "signature": row["symbol"]["signature"],
                        "how": row["reasons"][-1],
                    }
                )
    by_name = [rel, *(f"{rel}:{s['name']}" for s in chosen)]
    ids += named_for_code(graph, project, root.name, by_name)
    seen: set[tuple[str, str]] = set()
    for row in graph.read("memory_attached", ids=sorted(set(ids))):
        unit = {**row["unit"], "via": row["rel"], "target": row["target"]}
        if row["stale"]:
            bundle.stale.append({**unit, "stale_reason": row["stale_reason"]})
        if (unit["id"], row["rel"]) in seen or unit.get("valid_until") is not None:
            continue
        seen.add((unit["id"], row["rel"]))
        {"decision": bundle.decisions, "failure": bundle.failures, "rule": bundle.rules}.get(
            unit["kind"], bundle.facts
        ).append(unit)
    attached = {r["id"] for r in bundle.rules}
    qualified = {s["qualified_name"] for s in chosen}
    for row in graph.read("active_rules", branches=branches):
        rule = row["rule"]
        scope = rule.get("applies_to") or "*"
        if rule["id"] in attached:
            continue
        if scope in qualified or glob_match(rel, scope) or scope in (project, "*"):
            bundle.rules.append({**rule, "kind": "rule", "via": f"scope {scope}"})
    return bundle


def named_for_code(graph: Any, project: str, name: str, names: list[str]) -> list[str]:
    """The ids of this project's entities named like these files or FILE:SYMBOLs: what memory
    linked by name before the file was written (``--governs`` a file to come)."""
    rows = graph.read("entities_naming_code", names=names, scopes=sorted({project, name}))
    return [str(r["id"]) for r in rows]
