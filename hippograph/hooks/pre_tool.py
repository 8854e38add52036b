"""PreToolUse hook for every editing tool (Edit, MultiEdit, Write, NotebookEdit): the pre-edit
bundle as context, and a deny when a rule blocks.

The edit is turned into the unified diff it would make, judged by the rule engine
(``Memory.check_patch``) and looked up by identity (``Memory.pre_edit``). A violated critical
or high rule denies the tool call with the rules and a repair plan; otherwise what memory
knows about the code goes to the agent as ``additionalContext`` (never an automatic
"allow": the user's own permission settings still decide). A memory problem never blocks an
edit: it gives no output and exit 0, and one line on stderr says the edit went ahead unchecked
and why (HIPPOGRAPH_DEBUG adds the traceback).
"""

from __future__ import annotations

import difflib
import json
import os
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hippograph.code.walk import repo_root
from hippograph.guard.check_patch import Verdict
from hippograph.guard.pre_edit import PreEdit
from hippograph.memory import Memory
from hippograph.schema.defaults import is_debug

# Every tool that edits a file: a matcher that leaves one out lets the same change through it.
TOOLS = ("Edit", "MultiEdit", "Write", "NotebookEdit")
CONTEXT_BUDGET = 1500
EVENT = "PreToolUse"


@dataclass(frozen=True)
class PlannedEdit:
    """What an Edit or Write would do to one file: its path from the repository root, the lines it
    touches in the current file, and the text before and after
    (``before`` is None for a new file)."""

    root: Path
    rel: str
    start: int
    end: int
    before: str | None
    after: str | None  # None when the Edit cannot apply (old_string not in the file)


def handle(
    payload: dict[str, Any], memory_factory: Callable[[str], Memory]
) -> dict[str, Any] | None:
    """The hook output for one PreToolUse payload, or None when there is nothing to say."""
    try:
        planned = plan_edit(payload)
        if planned is None:
            return None
        memory = _memory_at(memory_factory(str(payload.get("cwd") or planned.root)), planned.root)
        verdict = _guard(lambda: _check(memory, planned))
        bundle = None
        if planned.before is not None:  # a new file has nothing attached to it yet
            bundle = _guard(lambda: memory.pre_edit(f"{planned.rel}:{planned.start}-{planned.end}"))
        if verdict is not None and verdict.verdict == "block":
            return {
                "hookSpecificOutput": {
                    "hookEventName": EVENT,
                    "permissionDecision": "deny",
                    "permissionDecisionReason": deny_reason(planned.rel, verdict),
                }
            }
        context = context_text(planned, bundle, verdict)
        if not context:
            return None
        return {"hookSpecificOutput": {"hookEventName": EVENT, "additionalContext": context}}
    except Exception as exc:  # a memory problem must never block an edit
        _unchecked(exc)
        return None


def plan_edit(payload: dict[str, Any]) -> PlannedEdit | None:
    """The file, line range and before/after text of an Edit or Write payload;
    None for other tools."""
    tool, tool_input = payload.get("tool_name"), payload.get("tool_input")
    if tool not in TOOLS or not isinstance(tool_input, dict):
        return None
    file_path = tool_input.get("notebook_path" if tool == "NotebookEdit" else "file_path")
    if not isinstance(file_path, str) or not file_path.strip():
        return None
    path = Path(file_path)
    if not path.is_absolute():  # the protocol sends absolute paths; be lenient with relative ones
        path = Path(str(payload.get("cwd") or ".")) / path
    root = repo_root(_nearest_existing(path))
    try:
        rel = path.resolve().relative_to(root).as_posix()
    except ValueError:
        return None  # a path outside its own repository root: nothing sensible to check
    before = path.read_text(encoding="utf-8", errors="replace") if path.is_file() else None
    if tool == "MultiEdit":
        return _plan_multi_edit(root, rel, before, tool_input.get("edits"))
    if tool == "NotebookEdit":
        return _plan_notebook_edit(root, rel, before, tool_input)
    if tool == "Write" or (before is None and not tool_input.get("old_string")):
        content = tool_input.get("content", tool_input.get("new_string"))
        if not isinstance(content, str):
            return None
        return PlannedEdit(root, rel, 1, _line_count(before or ""), before, content)
    old, new = tool_input.get("old_string"), tool_input.get("new_string")
    if before is None or not isinstance(old, str) or not isinstance(new, str):
        return None
    whole = _line_count(before)
    first = before.find(old) if old else -1
    if first < 0:  # the Edit will fail in the agent itself; still show what is known about the file
        return PlannedEdit(root, rel, 1, whole, before, None)
    last = before.rfind(old) if tool_input.get("replace_all") else first
    start = before.count("\n", 0, first) + 1
    end = before.count("\n", 0, last + len(old.rstrip("\n"))) + 1
    after = (
        before.replace(old, new) if tool_input.get("replace_all") else before.replace(old, new, 1)
    )
    return PlannedEdit(root, rel, start, min(max(end, start), whole), before, after)


def _plan_multi_edit(root: Path, rel: str, before: str | None, edits: Any) -> PlannedEdit | None:
    """A MultiEdit: its edits applied in order, as one change over the lines they touch in the
    file as it is (after an edit whose old_string is not there, the tool itself will fail)."""
    if not isinstance(edits, list) or not edits:
        return None
    original = before or ""
    whole = max(_line_count(original), 1)
    text, touched = original, []
    for one in edits:
        old = one.get("old_string") if isinstance(one, dict) else None
        new = one.get("new_string") if isinstance(one, dict) else None
        if not isinstance(old, str) or not isinstance(new, str):
            return None
        if not old and not text:  # the first edit creates the file
            text = new
            continue
        if not old or old not in text:
            return PlannedEdit(root, rel, 1, whole, before, None)
        at = original.find(old)
        if at >= 0:  # where it stands in the file as it is now
            touched += [original.count("\n", 0, at) + 1, original.count("\n", 0, at + len(old)) + 1]
        text = text.replace(old, new) if one.get("replace_all") else text.replace(old, new, 1)
    start, end = (min(touched), min(max(touched), whole)) if touched else (1, whole)
    return PlannedEdit(root, rel, start, max(end, start), before, text)


def _cell_source(cell: Any) -> str:
    source = cell.get("source", "") if isinstance(cell, dict) else ""
    return "".join(source) if isinstance(source, list) else str(source)


def _plan_notebook_edit(
    root: Path, rel: str, before: str | None, tool_input: dict[str, Any]
) -> PlannedEdit | None:
    """A NotebookEdit as a change of the notebook's cell sources, one cell after another: the
    rules judge the code that goes in, as they judge an Edit of a source file."""
    new_source = tool_input.get("new_source")
    mode = tool_input.get("edit_mode") or "replace"
    if not isinstance(new_source, str) and mode != "delete":
        return None
    try:
        cells = json.loads(before or "{}").get("cells", [])
    except (ValueError, AttributeError):
        cells = []
    sources = [_cell_source(c) for c in cells if isinstance(c, dict)]
    ids = [c.get("id") for c in cells if isinstance(c, dict)]
    cell_id = tool_input.get("cell_id")
    at = ids.index(cell_id) if cell_id in ids else (len(sources) if mode == "insert" else -1)
    after = list(sources)
    if mode == "insert":
        after.insert(at + 1 if cell_id in ids else at, str(new_source))
    elif 0 <= at < len(after):
        if mode == "delete":
            del after[at]
        else:
            after[at] = str(new_source)
    else:
        after.append(str(new_source))
    old_text = "\n".join(sources)
    return PlannedEdit(root, rel, 1, max(_line_count(old_text), 1), old_text, "\n".join(after))


def unified_diff(planned: PlannedEdit) -> str:
    """The change as a ``git diff``-style unified diff with a/ and b/ paths from the repository
    root."""
    if planned.after is None or planned.after == planned.before:
        return ""
    old_lines, new_lines = _lines(planned.before or ""), _lines(planned.after)
    fromfile = f"a/{planned.rel}" if planned.before is not None else "/dev/null"
    lines = difflib.unified_diff(old_lines, new_lines, fromfile=fromfile, tofile=f"b/{planned.rel}")
    out: list[str] = []
    for line in lines:
        if line.endswith("\n"):
            out.append(line)
        else:  # difflib leaves a last line without its newline; a diff reader needs the marker
            out.append(line + "\n\\ No newline at end of file\n")
    return "".join(out)


def deny_reason(rel: str, verdict: Verdict) -> str:
    """One paragraph: the violated rules with their severity, and the repair plan."""
    blocking = [
        v
        for v in verdict.violations  # the rule engine's own test for what blocks
        if v["severity"] in ("critical", "high") and not v["overridden"] and not v.get("proposed")
    ]
    others = [v for v in verdict.violations if v not in blocking]
    rules = "; ".join(_violation(v) for v in [*blocking, *others])
    plan = " ".join(
        f"({n}) {step.rstrip('.')}." for n, step in enumerate(verdict.repair_plan, start=1)
    )
    history = " ".join(f"Also: {_one_line(w['message'])}." for w in verdict.warnings)
    return (
        f"hippograph blocked this edit of {rel}: it violates {len(blocking)} blocking rule"
        f"{'' if len(blocking) == 1 else 's'}: {rules}. Repair plan: {plan} "
        f"{history + ' ' if history else ''}Rewrite the change so that it satisfies the rule; only "
        "an explicit confirmation from the user overrides it, so ask them rather than "
        "working around this check."
    )


def context_text(planned: PlannedEdit, bundle: PreEdit | None, verdict: Verdict | None) -> str:
    """What memory knows about the edited code, as compact lines within ``CONTEXT_BUDGET``
    characters."""
    items: list[str] = []
    if verdict is not None:
        items += [f"- warning {_violation(v)}" for v in verdict.violations]
        items += [f"- warning: {w['message']}" for w in verdict.warnings]
    if bundle is not None:
        items += [
            f"- decision {d['id']}: {_one_line(d['text'])}"
            + (f" (because: {_one_line(d['reasoning'])})" if d.get("reasoning") else "")
            for d in bundle.decisions
        ]
        listed = {w.get("failure") for w in (verdict.warnings if verdict else [])}
        items += [
            f"- failure {f['id']}: {_one_line(f['text'])}"
            + (f" (fix: {_one_line(f['fix'])})" if f.get("fix") else "")
            for f in bundle.failures
            if f["id"] not in listed
        ]
        items += [
            f"- rule [{r['severity']}] {r['id']}: {_one_line(r['text'])}"
            for r in bundle.rules
            if _is_specific(r, bundle.project)
        ]
        items += [f"- note {f['id']}: {_one_line(f['text'])}" for f in bundle.facts]
        items += [f"- {r['symbol']} was {r['was']} ({r['how']})" for r in bundle.renames]
        items += [
            f"- stale: {s['id']} needs review ({_one_line(s['stale_reason'])})"
            for s in bundle.stale
        ]
    if not items:
        return ""
    head = f"hippograph memory about {planned.rel}:{planned.start}-{planned.end}"
    if bundle is not None and bundle.symbols:
        head += " (" + ", ".join(s["qualified_name"] for s in bundle.symbols[:4]) + ")"
    return _fit(head + ":", items, CONTEXT_BUDGET)


def _check(memory: Memory, planned: PlannedEdit) -> Verdict | None:
    diff = unified_diff(planned)
    return memory.check_patch(diff) if diff else None


def _memory_at(memory: Memory, root: Path) -> Memory:
    """The memory with the edited file's repository as working directory
    (diff paths are relative to it)."""
    if memory.cwd.resolve() == root:
        return memory
    return Memory(
        memory.graph, memory.settings, embedder=memory.embedder, cwd=root, clock=memory.clock
    )


def _guard(work: Callable[[], Any]) -> Any:
    """The result of ``work``, or None when it fails
    (the other half of the hook may still answer)."""
    try:
        return work()
    except Exception as exc:
        _unchecked(exc)
        return None


def _lines(text: str) -> list[str]:
    """Lines split on "\n" only, as git and the diff reader count them (str.splitlines also splits
    on form feeds and Unicode separators)."""
    parts = text.split("\n")
    return [p + "\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def _line_count(text: str) -> int:
    return max(1, len(_lines(text)))


def _nearest_existing(path: Path) -> Path:
    for candidate in (path, *path.parents):
        if candidate.exists():
            return candidate
    return Path.cwd()


def _is_specific(rule: dict[str, Any], project: str) -> bool:
    """A rule aimed at this code (path glob, symbol, GOVERNS edge) or one the rule engine enforces;
    repository-wide advisory rules are left out because every prompt already carries them."""
    broad = str(rule.get("via", "")).startswith("scope ") and rule.get("applies_to") in (
        None,
        "*",
        project,
    )
    return bool(rule.get("check_kind")) or not broad


def _violation(v: dict[str, Any]) -> str:
    where = f"{v['file']}:{v['line']}" if v.get("line") else v["file"]
    flag = ", proposed by an agent and not yet confirmed" if v.get("proposed") else ""
    return f"[{v['severity']}] {v['message']} (rule {v['rule']}{flag}, {where})"


def _one_line(text: object, limit: int = 200) -> str:
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _fit(head: str, items: list[str], budget: int) -> str:
    """``head`` and as many whole items as fit in ``budget`` characters,
    saying how many were left out."""
    out = head
    for n, item in enumerate(items):
        rest = len(items) - n
        more = f"\n- … {rest - 1} more (run `hippo pre-edit` for all)" if rest > 1 else ""
        if len(out) + 1 + len(item) + len(more) > budget:
            tail = f"\n- … {rest} more (run `hippo pre-edit` for all)"
            return out + tail if len(out) + len(tail) <= budget else out
        out += "\n" + item
    return out


def _unchecked(exc: BaseException) -> None:
    """Say in one line on stderr that memory could not check the edit, and why (the prompt hook
    does the same); the traceback too with HIPPOGRAPH_DEBUG."""
    print(f"hippograph: the edit goes ahead unchecked: {exc}", file=sys.stderr)
    # An entry point (a hook process): reading the one debug switch here is allowed, as in the CLI.
    if is_debug(os.environ):
        traceback.print_exception(exc, file=sys.stderr)
