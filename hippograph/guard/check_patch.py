"""The rule engine (docs/agents.md): judge a unified diff before it is applied.

Changed lines are mapped to files and symbols through the code graph; the rules that apply
(by scope glob, by symbol, by GOVERNS edge, repository-wide) are evaluated against the added
lines (``forbid``), the patched file (``require``) and the patched syntax tree (``ts-query``);
failures recorded around the touched symbols are raised as "this broke before". A violated
critical or high rule blocks, with a repair plan; ``confirm`` overrides one rule, recorded
as a change with who and why.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from hippograph.code.identity import file_id
from hippograph.code.languages import language_of
from hippograph.errors import IngestError
from hippograph.graph.client import Graph
from hippograph.guard.pre_edit import named_for_code
from hippograph.kinds.rules import compile_ts_query, glob_match
from hippograph.repo.diff import FilePatch, parse_diff
from hippograph.schema import Change, ChangeOp, new_id
from hippograph.schema.results import Result
from hippograph.units import store
from hippograph.units.records import WriteContext

BLOCKING = ("critical", "high")


class Verdict(Result):
    """allow, warn or block, with every reason and what to do about it."""

    verdict: Literal["allow", "warn", "block"] = Field(
        description="block: do not apply; follow repair_plan."
    )
    files: list[str] = Field(default_factory=list)
    symbols: list[str] = Field(default_factory=list, description="Symbols the patch touches.")
    violations: list[dict[str, Any]] = Field(
        description="Rules the patch breaks: rule, severity, file, line, message."
    )
    warnings: list[dict[str, Any]] = Field(
        description="E.g. the code broke before: the failure and its fix."
    )
    reminders: list[dict[str, Any]] = Field(
        default_factory=list, description="Advisory rules that apply here."
    )
    repair_plan: list[str] = Field(
        default_factory=list, description="One step per violation: what to change."
    )
    overrides: list[str] = Field(default_factory=list)


def patched_text(old: str, patch: FilePatch) -> str:
    """The file as it would read after the patch (hunks applied by position)."""
    lines = old.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    out: list[str] = []
    cursor = 0
    for hunk in patch.hunks:
        start = max(hunk.old_start - 1, 0) if hunk.old_len else hunk.old_start
        out.extend(lines[cursor:start])
        kept = {n for n, _ in hunk.removed}
        old_lines = range(hunk.old_start, hunk.old_start + hunk.old_len)
        added = dict(hunk.added)
        new_lines = range(hunk.new_start, hunk.new_start + hunk.new_len)
        old_iter = iter(n for n in old_lines if n not in kept)
        for number in new_lines:
            if number in added:
                out.append(added[number])
            else:
                context = next(old_iter, None)
                out.append(
                    lines[context - 1] if context is not None and context - 1 < len(lines) else ""
                )
        cursor = start + hunk.old_len
    out.extend(lines[cursor:])
    return "\n".join(out) + ("\n" if old.endswith("\n") or not old else "")


def _old_lines_touched(hunk: Any) -> set[int]:
    """Old-side lines a hunk really changes: its removed lines, and for each added line the old line
    it follows (context lines excluded). Unchanged new lines pair one to one, in order, with the old
    lines that were not removed."""
    removed = {n for n, _ in hunk.removed}
    added = {n for n, _ in hunk.added}
    context = [n for n in range(hunk.old_start, hunk.old_start + hunk.old_len) if n not in removed]
    touched = set(removed)
    for n in sorted(added):
        k = sum(
            1 for m in range(hunk.new_start, n) if m not in added
        )  # unchanged new lines before it
        touched.add(
            context[k - 1]
            if k > 0 and k - 1 < len(context)
            else (context[0] if context else hunk.old_start)
        )
    return touched


def _applies(
    rule: dict[str, Any], path: str, symbols: set[str], governed: set[str], project: str
) -> bool:
    scope = rule.get("applies_to") or "*"
    if rule["id"] in governed:
        return True
    if scope in ("*", project):
        return True
    return (
        glob_match(path, scope) or scope in symbols or any(s.endswith("." + scope) for s in symbols)
    )


def _ts_hits(rule: dict[str, Any], text: str, language: str | None, added: set[int]) -> list[int]:
    lang = rule.get("language") or language
    if not lang:
        return []
    from tree_sitter import QueryCursor
    from tree_sitter_language_pack import get_parser

    tree = get_parser(lang).parse(text.encode("utf-8"))  # type: ignore[arg-type]
    cursor = QueryCursor(compile_ts_query(rule["pattern"], lang))
    lines = set()
    for nodes in cursor.captures(tree.root_node).values():
        for node in nodes:
            span = set(range(node.start_point[0] + 1, node.end_point[0] + 2))
            lines |= span & added
    return sorted(lines)


def check_patch(
    graph: Graph,
    ctx: WriteContext,
    diff_text: str,
    *,
    repo: Path,
    branches: list[str],
    index: Any,
    confirm: list[str] | None = None,
    reason: str | None = None,
) -> Verdict:
    """Judge a patch; nothing in the working tree changes."""
    if not diff_text.strip():
        # `git diff | hippo check-patch -` with nothing changed: nothing breaks a rule
        return Verdict(verdict="allow", violations=[], warnings=[])
    patches = parse_diff(diff_text)
    if not patches:
        raise IngestError("the patch holds no file change; give a unified diff (git diff output).")
    confirm = list(confirm or [])
    files: list[str] = []
    touched: list[str] = []
    violations: list[dict[str, Any]] = []
    warnings: list[dict[str, Any]] = []
    reminders: list[dict[str, Any]] = []
    repair_plan: list[str] = []
    rules = [r["rule"] for r in graph.read("active_rules", branches=branches)]
    for patch in patches:
        path = patch.new_path or patch.old_path or ""
        files.append(path)
        disk = repo / (patch.old_path or path)
        old = (
            disk.read_text(encoding="utf-8", errors="replace")
            if patch.old_path and disk.is_file()
            else ""
        )
        new = patched_text(old, patch) if not patch.is_binary else old
        added = {n for h in patch.hunks for n, _ in h.added}
        touched_old = {n for h in patch.hunks for n in _old_lines_touched(h)}
        symbols: list[dict[str, Any]] = []
        project = repo.name
        if patch.old_path and disk.is_file() and language_of(patch.old_path):
            report = index(disk)
            project = getattr(report, "project", repo.name)
            symbols = [
                r["symbol"]
                for r in graph.read("symbols_in_file", project=project, path=patch.old_path)
                if touched_old & set(range(r["symbol"]["start_line"], r["symbol"]["end_line"] + 1))
            ]
        names = {s["qualified_name"] for s in symbols}
        touched += sorted(names)
        ids = [file_id(project, patch.old_path or path)] + [s["id"] for s in symbols]
        chains = [
            row["symbol"]["id"] for s in symbols for row in graph.read("identity_chain", id=s["id"])
        ]
        rel = patch.old_path or path
        ids += named_for_code(
            graph, project, repo.name, [rel, *(f"{rel}:{s['name']}" for s in symbols)]
        )
        attached = graph.read("memory_attached", ids=sorted(set(ids + chains)))
        governed = {r["unit"]["id"] for r in attached if r["unit"]["kind"] == "rule"}
        for row in attached:
            unit = row["unit"]
            if (
                unit["kind"] == "failure"
                and row["rel"] == "BROKE"
                and unit.get("valid_until") is None
            ):
                warnings.append(
                    {
                        "kind": "broke_before",
                        "failure": unit["id"],
                        "file": path,
                        "message": f"this code broke before: {unit['text']}"
                        + (f" (fixed by: {unit['fix']})" if unit.get("fix") else ""),
                    }
                )
        for rule in rules:
            if not _applies(rule, path, names, governed, project):
                continue
            kind = rule.get("check_kind")
            if not kind:
                reminders.append(
                    {"rule": rule["id"], "severity": rule["severity"], "message": rule["text"]}
                )
                continue
            hits: list[tuple[int | None, str]] = []
            if kind == "forbid":
                rx = re.compile(rule["pattern"])
                hits = [(n, t) for h in patch.hunks for n, t in h.added if rx.search(t)]
            elif kind == "require" and not re.search(rule["pattern"], new, re.MULTILINE):
                hits = [(None, "")]
            elif kind == "ts-query":
                lines = new.splitlines()
                hits = [
                    (n, lines[n - 1] if n - 1 < len(lines) else "")
                    for n in _ts_hits(rule, new, language_of(path), added)
                ]
            for line, text in hits:
                violations.append(
                    {
                        "rule": rule["id"],
                        "severity": rule["severity"],
                        "category": rule["category"],
                        "message": rule["text"],
                        "file": path,
                        "line": line,
                        "text": text.strip(),
                        "check": kind,
                        "pattern": rule["pattern"],
                        "overridden": rule["id"] in confirm,  # the caller confirmed it
                        "source_ref": rule.get("source_ref"),
                        # a rule an agent proposed warns until a person confirms it;
                        # it never blocks alone
                        "proposed": rule.get("truth_status") == "hypothesis",
                    }
                )
    for v in violations:
        where = f"{v['file']}:{v['line']}" if v["line"] else v["file"]
        if v["check"] == "forbid":
            step = (
                f"{where}: remove or rewrite `{v['text'][:80]}`; it matches "
                f"/{v['pattern']}/ ({v['message']})"
            )
        elif v["check"] == "require":
            step = f"{where}: the file must contain a match for /{v['pattern']}/ ({v['message']})"
        else:
            step = (
                f"{where}: the change matches the forbidden construct of rule "
                f"{v['rule']} ({v['message']})"
            )
        repair_plan.append(step + ("" if not v["overridden"] else " [overridden by confirmation]"))
    blocking = [
        v
        for v in violations
        if v["severity"] in BLOCKING and not v["overridden"] and not v["proposed"]
    ]
    used = sorted({v["rule"] for v in violations if v["overridden"]})
    if used:
        _record_overrides(graph, ctx, used, reason or "confirmed by the user")
    return Verdict(
        verdict="block" if blocking else ("warn" if violations or warnings else "allow"),
        files=files,
        symbols=touched,
        violations=violations,
        warnings=warnings,
        reminders=reminders,
        repair_plan=repair_plan,
        overrides=used,
    )


def _record_overrides(graph: Graph, ctx: WriteContext, rule_ids: list[str], reason: str) -> None:
    batch = new_id("batch")
    changes = [
        Change(
            id=new_id("chg"),
            op=ChangeOp.OVERRIDE_RULE,
            actor=ctx.actor,
            at=ctx.clock(),
            target_id=rule_id,
            target_kind="Rule",
            reason=reason,
            batch_id=batch,
        )
        for rule_id in rule_ids
    ]
    graph.write_tx(lambda tx: store.record_changes(tx, changes))
