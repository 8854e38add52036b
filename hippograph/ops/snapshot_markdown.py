"""Memory as Markdown for people: one file per scope and kind, rendered from a snapshot folder.

``DIR/<scope>/decisions.md``, ``facts.md``, ``failures.md``, ``rules.md``, ``episodes.md`` and
``review.md`` (open and resolved review items); ``<scope>`` is the project id with every run of
characters other than letters, digits, ``.``, ``_`` and ``-`` made one ``-``
(``github.com/acme/shop`` is ``github.com-acme-shop``). In each file the current units come
first, then the history (superseded, deprecated, or undone), each in the order memory learnt
them. Everything is sorted and no time of the export is written, so two exports of the same
memory are byte-identical. Markdown loses types and most properties: ``hippo import-snapshot``
cannot read it; the JSONL snapshot is the copy to restore from.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from hippograph.errors import ConfigError
from hippograph.schema import isotime
from hippograph.schema.base import VECTOR_PROPERTIES

KIND_FILES = {
    "Decision": ("decisions.md", "Decisions"),
    "Fact": ("facts.md", "Facts"),
    "Failure": ("failures.md", "Failures"),
    "Rule": ("rules.md", "Rules"),
    "Episode": ("episodes.md", "Episodes"),
}
REVIEW_KINDS = ("Conflict", "Ambiguity", "Task")
REVIEW_FILE = "review.md"
OUR_FILES = frozenset({name for name, _ in KIND_FILES.values()} | {REVIEW_FILE})
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
_NEVER = datetime.min.replace(tzinfo=UTC)
_SUMMARY = 80


@dataclass
class _Book:
    """What the pages need from a snapshot: nodes by id and the few relationships shown."""

    nodes: dict[str, dict[str, Any]] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)  # id -> kind label
    superseded_by: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    supersedes: dict[str, list[str]] = field(default_factory=dict)
    considered: dict[str, list[str]] = field(default_factory=dict)
    involves: dict[str, list[str]] = field(default_factory=dict)


def folder_name(scope: str) -> str:
    """The folder a scope's pages go in: its id made safe as one path segment."""
    return _UNSAFE.sub("-", scope).strip("-.") or "scope"


def folders(scopes: Sequence[str]) -> dict[str, str]:
    """The folder of each scope's pages (folder -> scope); two scopes that would share one
    are refused."""
    named: dict[str, str] = {}
    for scope in scopes:
        name = folder_name(scope)
        if name in named:
            raise ConfigError(
                f"scopes {named[name]!r} and {scope!r} would both be written to {name}/; "
                "export them one at a time into different folders."
            )
        named[name] = scope
    return named


def write_markdown(snapshot: Path, directory: Path, scopes: Sequence[str] | None) -> dict[str, int]:
    """Render the snapshot in ``snapshot`` as Markdown pages under ``directory`` for ``scopes``
    (None: every scope holding units or review items); the number of entries on each page.
    Pages of ours left from an earlier export in those folders are replaced."""
    book = _read(snapshot)
    if scopes is None:
        scopes = sorted(
            {
                str(props["scope"])
                for node_id, props in book.nodes.items()
                if book.labels[node_id] in (*KIND_FILES, *REVIEW_KINDS)
                and isinstance(props.get("scope"), str)
            }
        )
    pages = {name: _pages(book, scope) for name, scope in folders(scopes).items()}
    counts: dict[str, int] = {}
    for name, scope_pages in sorted(pages.items()):
        folder = directory / name
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.iterdir():
            if old.name in OUR_FILES and old.is_file():
                old.unlink()
        for file_name, (entries, text) in sorted(scope_pages.items()):
            (folder / file_name).write_text(text, encoding="utf-8", newline="\n")
            counts[f"{name}/{file_name}"] = entries
    return counts


# -- reading the snapshot -----------------------------------------------------


def _lines(folder: Path) -> Iterator[dict[str, Any]]:
    for path in sorted(folder.glob("*.jsonl")) if folder.is_dir() else ():
        with path.open(encoding="utf-8") as handle:
            for line in handle:
                yield json.loads(line)


def _plain(value: Any) -> Any:
    """A snapshot value as text to show: tagged values (``{"$datetime": …}``) as their text."""
    if isinstance(value, dict) and len(value) == 1:
        return str(next(iter(value.values())))
    return value


def _read(snapshot: Path) -> _Book:
    book = _Book()
    for row in _lines(snapshot / "nodes"):
        labels = set(row["labels"])
        kind = next((k for k in (*KIND_FILES, *REVIEW_KINDS, "Alternative") if k in labels), None)
        if kind is None:
            continue
        props = {k: _plain(v) for k, v in row["props"].items() if k not in VECTOR_PROPERTIES}
        book.nodes[row["id"]] = props
        book.labels[row["id"]] = kind
    for folder in ("edges", "references"):
        for row in _lines(snapshot / folder):
            if "retired_at" in row["props"]:  # undone: no longer part of memory
                continue
            source, target, rel = row["source_id"], row["target_id"], row["type"]
            if rel == "SUPERSEDED_BY":
                reason = str(row["props"].get("reason") or "")
                book.superseded_by.setdefault(source, []).append((target, reason))
                book.supersedes.setdefault(target, []).append(source)
            elif rel == "CONSIDERED":
                book.considered.setdefault(source, []).append(target)
            elif rel == "INVOLVES":
                book.involves.setdefault(source, []).append(target)
    return book


# -- rendering ------------------------------------------------------------------


def _when(props: dict[str, Any], *keys: str) -> datetime:
    for key in keys:
        if isinstance(props.get(key), str):
            try:
                return isotime.parse(props[key])
            except ValueError:
                continue
    return _NEVER


def _is_current(props: dict[str, Any]) -> bool:
    return props.get("valid_until") is None and props.get("retired_at") is None


def _pages(book: _Book, scope: str) -> dict[str, tuple[int, str]]:
    by_kind: dict[str, list[str]] = defaultdict(list)
    for node_id, props in book.nodes.items():
        if props.get("scope") == scope:
            by_kind[book.labels[node_id]].append(node_id)
    pages: dict[str, tuple[int, str]] = {}
    for kind, (file_name, title) in KIND_FILES.items():
        ids = by_kind.get(kind)
        if ids:
            pages[file_name] = (len(ids), _unit_page(book, scope, kind, title, ids))
    review = [i for k in REVIEW_KINDS for i in by_kind.get(k, [])]
    if review:
        pages[REVIEW_FILE] = (len(review), _review_page(book, scope, review))
    return pages


def _header(title: str, scope: str, counts: str) -> list[str]:
    return [
        f"# {title} of {scope}",
        "",
        f"The memory of scope {_code(scope)} as `hippo export --format markdown` wrote it: "
        f"{counts}. This page is for reading: `hippo import-snapshot` cannot read Markdown, so "
        "keep a `--format jsonl` export to restore from.",
        "",
    ]


def _unit_page(book: _Book, scope: str, kind: str, title: str, ids: list[str]) -> str:
    time_keys = ("occurred_at", "recorded_at") if kind == "Episode" else ("recorded_at",)
    ordered = sorted(ids, key=lambda i: (_when(book.nodes[i], *time_keys), i))
    current = [i for i in ordered if _is_current(book.nodes[i])]
    history = [i for i in ordered if not _is_current(book.nodes[i])]
    out = _header(title, scope, f"{len(current)} current, {len(history)} in history")
    for heading, part in (("Current", current), ("History", history)):
        out += [f"## {heading}", ""]
        if not part:
            out += ["None.", ""]
        for node_id in part:
            out += _unit(book, kind, node_id)
    return _finish(out)


def _unit(book: _Book, kind: str, node_id: str) -> list[str]:
    props = book.nodes[node_id]
    text = str(props.get("text", ""))
    out = _heading(text, str(props.get("title") or ""))
    fields: list[tuple[str, Any]] = [
        ("id", _code(node_id)),
        ("source_ref", _code(props["source_ref"]) if props.get("source_ref") else None),
        ("truth_status", props.get("truth_status")),
        ("lifecycle", props.get("lifecycle")),
        ("valid", _validity(props)),
        ("recorded_at", props.get("recorded_at")),
        ("branch", props.get("branch")),
    ]
    fields += _kind_fields(book, kind, node_id, props)
    for new_id, reason in sorted(book.superseded_by.get(node_id, [])):
        at = f" at {props['superseded_at']}" if props.get("superseded_at") else ""
        why = f" ({reason})" if reason else ""
        fields.append(("superseded by", f"{_code(new_id)}{at}{why}"))
    if props.get("retired_at"):
        fields.append(("undone", f"at {props['retired_at']} (its creation was reversed)"))
    olds = sorted(book.supersedes.get(node_id, []))
    if olds:
        fields.append(("supersedes", ", ".join(_code(o) for o in olds)))
    return [*out, *_fields(fields), ""]


def _kind_fields(
    book: _Book, kind: str, node_id: str, props: dict[str, Any]
) -> list[tuple[str, Any]]:
    if kind == "Decision":
        alternatives = sorted(
            (
                _summary(str(alt.get("option", ""))),
                " ".join(str(alt.get("why_rejected", "")).split()),
                a,
            )
            for a in book.considered.get(node_id, [])
            if (alt := book.nodes.get(a)) is not None
        )
        rejected = "\n".join(f"- {o}: {w}" for o, w, _ in alternatives) or None
        outcome = props.get("outcome")
        if outcome and props.get("outcome_at"):
            outcome = f"{outcome} ({props['outcome_at']})"
        return [
            ("status", props.get("status")),
            ("problem", props.get("problem")),
            ("alternatives rejected", "\n" + rejected if rejected else None),
            ("reasoning", props.get("reasoning")),
            ("outcome", outcome),
        ]
    if kind == "Failure":
        return [(k, props.get(k)) for k in ("why", "fix", "commit", "test")]
    if kind == "Rule":
        return [
            (k, props.get(k))
            for k in ("severity", "category", "applies_to", "check_kind", "pattern")
        ]
    if kind == "Episode":
        return [(k, props.get(k)) for k in ("session", "turn", "speaker", "occurred_at")]
    return [(k, props.get(k)) for k in ("subject", "topic")]


def _review_page(book: _Book, scope: str, ids: list[str]) -> str:
    ordered = sorted(ids, key=lambda i: (_when(book.nodes[i], "created_at"), i))
    open_ = [i for i in ordered if book.nodes[i].get("status") == "open"]
    closed = [i for i in ordered if book.nodes[i].get("status") != "open"]
    out = _header("Review items", scope, f"{len(open_)} open, {len(closed)} resolved")
    for heading, part in (("Open", open_), ("Resolved", closed)):
        out += [f"## {heading}", ""]
        if not part:
            out += ["None.", ""]
        for node_id in part:
            props = book.nodes[node_id]
            text = str(props.get("text", ""))
            out += _heading(text, prefix=f"{book.labels[node_id]}: ")
            involved = sorted(book.involves.get(node_id, []))
            fields: list[tuple[str, Any]] = [
                ("id", _code(node_id)),
                ("status", props.get("status")),
                ("reason", props.get("reason")),
                ("involves", ", ".join(_code(i) for i in involved) or None),
                ("created_at", props.get("created_at")),
                ("resolution", props.get("resolution")),
                ("resolved_at", props.get("resolved_at")),
            ]
            out += [*_fields(fields), ""]
    return _finish(out)


def _heading(text: str, title: str = "", prefix: str = "") -> list[str]:
    """A heading (the title, else the text in one line, shortened), then the whole text as a
    quote unless the heading already says all of it."""
    summary = _summary(title or text)
    out = [f"### {prefix}{summary}", ""]
    if summary != text:
        out += [("> " + line).rstrip() for line in text.splitlines() or [""]] + [""]
    return out


def _validity(props: dict[str, Any]) -> str | None:
    start, end = props.get("valid_from"), props.get("valid_until")
    if start is None and end is None:
        return None
    return f"from {start or 'the start'} until {end or 'now (open)'}"


def _fields(fields: list[tuple[str, Any]]) -> list[str]:
    out: list[str] = []
    for name, value in fields:
        if value is None or value == "":
            continue
        first, *rest = str(value).splitlines() or [""]
        out.append(f"- **{name}:** {first}".rstrip())
        out += [f"  {line}".rstrip() for line in rest]
    return out


def _summary(text: str) -> str:
    line = " ".join(text.split())
    return line if len(line) <= _SUMMARY else line[: _SUMMARY - 1].rstrip() + "…"


def _code(text: str) -> str:
    """``text`` as inline code, with a fence longer than any run of backticks inside it."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _finish(lines: list[str]) -> str:
    while lines and lines[-1] == "":
        lines.pop()
    return "\n".join(lines) + "\n"
