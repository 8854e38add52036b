"""Architecture decision records (MADR 2-4 and Nygard) parsed into decisions with options and line
ranges.

Pure: no database. Sections are found by their headings; the status comes from YAML front matter, a
"Status:" line under the title, or a Status section. Code fences and HTML comments (MADR's
``<!-- optional -->``) are skipped, and line numbers stay those of the file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date as Date
from pathlib import Path

from hippograph.errors import IngestError
from hippograph.schema.text import STOPWORDS

SKIPPED_NAMES = frozenset({"readme.md", "index.md", "template.md", "adr-template.md"})

_ATX = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_LINK = re.compile(r"!?\[([^\]]*)\]\(([^)\s]*)[^)]*\)")
_ITEM = re.compile(r"^( {0,3})(?:[-*+]|\d{1,9}[.)])[ \t]+(.*)$")
_META = re.compile(r"^\s*(?:[-*+]\s+)?(status|date|last[- ]updated)\s*:\s*(.*)$", re.IGNORECASE)
_FILE_NUMBER = re.compile(r"^(?:adr[-_ ]?)?(\d+)(?:[-_. ]|$)", re.IGNORECASE)
_TITLE_NUMBER = re.compile(
    r"^(?:ADR[-_ #]?(?P<adr>\d+)(?:\s*[.:\-\u2013\u2014]\s*|\s+|$)"
    r"|(?P<plain>\d+)(?:[.:)]\s+|\s+[-\u2013\u2014:]\s+))(?P<title>.*)$",
    re.IGNORECASE,
)
_ISO_DATE = re.compile(r"\b(\d{4}-\d{2}-\d{2})\b")
_STATUS_WORDS = re.compile(
    r"\b(accepted|proposed|deprecated|superseded|rejected|draft|approved|withdrawn|obsolete"
    r"|in progress)\b",
    re.IGNORECASE,
)
_SUPERSEDED_BY = re.compile(r"\bsuperseded\s+by\b\s*:?\s*(.*)$", re.IGNORECASE)
_SUPERSEDES = re.compile(r"^supersedes\b\s*:?\s*(.*)$", re.IGNORECASE)
_OTHER_LINK = re.compile(
    r"^(?:amend|extend|refine|clarif|relate|see\b)", re.IGNORECASE
)  # "Amended by [4. …]", …
_ADR_REF = re.compile(r"\bADR[-_ ]?\d+\b", re.IGNORECASE)
_CHOSEN = re.compile(
    r"^chosen(?:\s+(?:option|alternative)s?\s*:?|\s*:)\s*(.*)$", re.IGNORECASE | re.DOTALL
)
_ARGUMENT = re.compile(
    r"^(good|pros?|bad|cons?|neutral)\b\s*[,:]?\s*(?:because\s+)?(.*)$", re.IGNORECASE | re.DOTALL
)
# A quoted option name: the whole quote, then the justification or the end of the sentence
# ("`:Change` nodes written ..." starts with code, not with a quoted name).
_QUOTED = re.compile(
    r"^(?:\"(?P<d>[^\"]+)\"|\u201c(?P<c>[^\u201d]+)\u201d|'(?P<s>[^']+)'|`(?P<b>[^`]+)`)"
    r"(?=\s*(?:[,;.:]|because\b|$))",
    re.IGNORECASE,
)

_CONTEXT = {"context and problem statement", "context", "problem statement", "context and problem"}
_OPTIONS = {
    "considered options",
    "options considered",
    "options",
    "considered alternatives",
    "alternatives",
}
_DECISION = {"decision outcome", "decision"}
_PROS_CONS = {"pros and cons of the options", "pros and cons of the alternatives", "pros and cons"}
_CONSEQUENCES = {
    "consequences",
    "positive consequences",
    "negative consequences",
    "neutral consequences",
}


@dataclass(frozen=True)
class Option:
    """One considered option: its arguments, whether it was chosen, and why it was not."""

    name: str
    pros: tuple[str, ...]
    cons: tuple[str, ...]
    chosen: bool
    why_rejected: str | None


@dataclass(frozen=True)
class Adr:
    """One architecture decision record with 1-based inclusive line ranges of its parts."""

    path: str
    number: int | None
    title: str
    status: str | None
    date: str | None
    context: str | None
    options: tuple[Option, ...]
    decision: str | None
    reasoning: str | None
    consequences: str | None
    superseded_by: str | None
    supersedes: tuple[str, ...]
    line_ranges: dict[str, tuple[int, int]] = field(hash=False)


@dataclass
class _Section:
    """A heading and the last line it owns (before the next heading of the same or a higher
    level)."""

    level: int
    name: str
    heading: str
    line: int
    end: int


def discover_adrs(directory: Path) -> list[Path]:
    """The ADR files in ``directory`` (``*.md``, sorted), skipping README, index and template files.

    Raises:
        IngestError: ``directory`` is not a folder.
    """
    if not directory.is_dir():
        raise IngestError(
            "not a folder of decision records; give the folder that holds the ADR files",
            path=directory,
        )
    return sorted(
        p for p in directory.glob("*.md") if p.is_file() and p.name.lower() not in SKIPPED_NAMES
    )


def parse_adr(text: str, path: str) -> Adr:
    """Parse one ADR in MADR (front matter or ``* Status:`` lines) or Nygard (``## Status``) form.

    Raises:
        IngestError: the file has no ``# Title`` heading or none of the sections an ADR has.
    """
    doc = _Doc(text)
    title = next((s for s in doc.sections if s.level == 1), None)
    if title is None:
        raise IngestError(
            "no '# Title' heading, so this is not an ADR in MADR or Nygard form; add one", path=path
        )
    number, title_text = _number_and_title(path, title.heading)
    doc.ranges["title"] = (title.line, title.line)
    first_h2 = next((s.line for s in doc.sections if s.level == 2), len(doc.lines) + 1)
    status_body = doc.body_lines(doc.find({"status"}))
    for line in doc.lines[title.line : first_h2 - 1] + status_body:
        if match := _META.match(line.replace("**", "").replace("__", "")):
            doc.meta.setdefault(match.group(1).lower().replace(" ", "-"), match.group(2).strip())
    status_lines = [doc.meta["status"]] if doc.meta.get("status") else []
    status_lines += [line for line in status_body if not _is_date(line)]
    links = doc.body_lines(doc.find({"links", "related decisions", "more information"}))
    status, superseded_by, supersedes = _read_status(status_lines, links)
    context = doc.text(doc.find(_CONTEXT, level=2), "context")
    decision, reasoning = _decision(doc)
    options = _options(doc, decision)
    consequences = _consequences(doc)
    if status is None and context is None and decision is None and not options:
        raise IngestError(
            "no Status, Context, Decision or Considered Options section, so this is not an ADR",
            path=path,
        )
    when = _iso_date(doc.meta.get("date") or doc.meta.get("last-updated") or "")
    return Adr(
        path,
        number,
        title_text,
        status,
        when,
        context,
        options,
        decision,
        reasoning,
        consequences,
        superseded_by,
        supersedes,
        doc.ranges,
    )


class _Doc:
    """The file's lines (comments blanked, numbers kept), front matter,
    headings and the ranges found so far."""

    def __init__(self, text: str) -> None:
        text = _COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), text.lstrip("\ufeff"))
        self.lines = [
            line.rstrip() for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        ]
        self.meta: dict[str, str] = {}
        self.ranges: dict[str, tuple[int, int]] = {}
        self.sections: list[_Section] = []
        start = self._front_matter()
        fence: str | None = None
        for index in range(start, len(self.lines)):
            line = self.lines[index]
            if match := _FENCE.match(line):
                if fence is None:
                    fence = match.group(1)
                elif match.group(1).startswith(fence) and not line.strip().strip(fence[0]):
                    fence = None
            elif fence is None and (heading := _ATX.match(line)):
                text = heading.group(2).strip()
                name = re.sub(r"^\d+(?:\.\d+)*\.?\s+", "", _plain(text)).lower().rstrip(":").strip()
                self.sections.append(
                    _Section(len(heading.group(1)), name, text, index + 1, len(self.lines))
                )
        for i, section in enumerate(self.sections):
            later = next((s for s in self.sections[i + 1 :] if s.level <= section.level), None)
            section.end = later.line - 1 if later else len(self.lines)

    def _front_matter(self) -> int:
        """Read top-level ``key: value`` pairs of YAML front matter;
        return the index of the first line after it."""
        if self.lines[0].strip() != "---":
            return 0
        end = next(
            (i for i in range(1, len(self.lines)) if self.lines[i].strip() in ("---", "...")), None
        )
        for line in self.lines[1 : end or 1]:
            if match := re.match(r"^([A-Za-z][\w-]*)\s*:\s*(.*)$", line):
                value = match.group(2).strip()
                quoted = value[:1] in ("'", '"') and value[-1:] == value[:1] and len(value) > 1
                self.meta[match.group(1).lower()] = (
                    value[1:-1] if quoted else re.sub(r"\s+#.*$", "", value)
                )
        return 0 if end is None else end + 1

    def find(self, names: set[str], level: int | None = None) -> _Section | None:
        """The first section with one of ``names`` (at ``level``, if given)."""
        return next(
            (s for s in self.sections if s.name in names and level in (None, s.level)), None
        )

    def inside(self, parent: _Section | None) -> list[_Section]:
        """The headings nested in ``parent``."""
        return [s for s in self.sections if parent and parent.line < s.line <= parent.end]

    def body_lines(self, section: _Section | None) -> list[str]:
        """The non-blank lines of a section's body, subsections included."""
        return (
            [line.strip() for line in self.lines[section.line : section.end] if line.strip()]
            if section
            else []
        )

    def trim(self, first: int, last: int) -> tuple[str, int] | None:
        """The text of lines ``first..last`` without blank lines at either end,
        and its last line."""
        while first <= last and not self.lines[first - 1].strip():
            first += 1
        while last >= first and not self.lines[last - 1].strip():
            last -= 1
        return ("\n".join(self.lines[first - 1 : last]), last) if first <= last else None

    def text(self, section: _Section | None, key: str, own: bool = False) -> str | None:
        """A section's body (only up to its first sub-heading if ``own``),
        recording its range under ``key``."""
        if section is None:
            return None
        subs = self.inside(section)
        body = self.trim(section.line + 1, subs[0].line - 1 if own and subs else section.end)
        if body is not None:
            self.ranges[key] = (section.line, body[1])
        return body[0] if body else None

    def items(self, section: _Section) -> list[str]:
        """Top-level list items of a section, indented continuation lines joined,
        nested lists skipped."""
        items: list[str] = []
        nested = False
        for line in self.lines[section.line : section.end]:
            match = _ITEM.match(line)
            if match and len(match.group(1)) < 2:
                items.append(match.group(2).strip())
                nested = False
            elif match:
                nested = True
            elif items and line.startswith((" ", "\t")) and line.strip() and not nested:
                items[-1] = f"{items[-1]} {line.strip()}"
        return items


def _number_and_title(path: str, heading: str) -> tuple[int | None, str]:
    """The ADR number (file name first, then title) and the title without its number."""
    stem = Path(path).stem
    by_file = None if re.match(r"^\d{4}-\d{2}-\d{2}", stem) else _FILE_NUMBER.match(stem)
    match = _TITLE_NUMBER.match(heading)
    title = match.group("title").strip() if match and match.group("title").strip() else heading
    if by_file is not None:
        return int(by_file.group(1)), title
    return (int(match.group("adr") or match.group("plain")) if match else None), title


def _read_status(
    status_lines: list[str], link_lines: list[str]
) -> tuple[str | None, str | None, tuple[str, ...]]:
    """Status word, "superseded by" target and "supersedes" targets from status and link lines."""
    status: str | None = None
    superseded_by: str | None = None
    supersedes: list[str] = []
    for index, raw in enumerate(status_lines + link_lines):
        line = re.sub(r"^[-*+]\s+", "", raw.replace("**", "").replace("__", "")).strip()
        if "|" in line:
            continue  # a template's "{proposed | accepted | …}" placeholder
        if match := _SUPERSEDED_BY.search(line):
            superseded_by = superseded_by or next(iter(_targets(match.group(1))), None)
        elif match := _SUPERSEDES.match(line):
            supersedes += [t for t in _targets(match.group(1)) if t not in supersedes]
        elif status is None and index < len(status_lines) and not _OTHER_LINK.match(line):
            word = _STATUS_WORDS.search(line)
            status = word.group(1).lower() if word else line.lower().rstrip(".") or None
    return ("superseded" if superseded_by else status), superseded_by, tuple(supersedes)


def _targets(rest: str) -> list[str]:
    """The references a status phrase names: link targets, else ``ADR-n`` names,
    else its first word."""
    links = [m.group(2) for m in _LINK.finditer(rest) if m.group(2)]
    refs = links or [m.group(0) for m in _ADR_REF.finditer(rest)]
    first = rest.split()[0].strip(".,;:()[]\"'`") if rest.split() else ""
    return refs or ([first] if first else [])


def _decision(doc: _Doc) -> tuple[str | None, str | None]:
    """The chosen option (MADR) or first Decision paragraph (Nygard), and the reasoning."""
    body = doc.text(doc.find(_DECISION, level=2) or doc.find(_DECISION), "decision", own=True)
    if body is None:
        return None, None
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", body) if p.strip()]
    for index, paragraph in enumerate(paragraphs):
        if match := _CHOSEN.match(" ".join(paragraph.replace("**", "").split())):
            name, because = _chosen(match.group(1))
            rest = ([because] if because else []) + paragraphs[:index] + paragraphs[index + 1 :]
            return name, "\n\n".join(rest) or None
    return paragraphs[0], body


def _chosen(rest: str) -> tuple[str, str | None]:
    """Split ``"X", because Y`` into the option name and the justification. Unquoted, the name
    runs to "because" (or ", since", ", as", ", so that", ", which") or the end of the first
    sentence: "the numpy encoder (`encoder.py`), in the `embeddings` extra." is one name, and a
    name may start with code (`` `:Change` nodes``)."""
    quoted = _QUOTED.match(rest)
    if quoted is not None:
        name = next(v for v in quoted.groupdict().values() if v is not None)
        after = rest[quoted.end() :]
    elif link := re.match(r"^\[([^\]]+)\](?:\([^)]*\))?", rest):
        name, after = link.group(1), rest[link.end() :]
    else:
        split = re.search(r",?\s+because\b|,\s+(?:since|as|so that|which)\s|\.\s|\.$", rest)
        name, after = (rest[: split.start()], rest[split.start() :]) if split else (rest, "")
    after = re.sub(
        r"^because\b\s*", "", after.strip().lstrip(",;:.").strip(), flags=re.IGNORECASE
    ).strip()
    return name.strip(), after or None


def _options(doc: _Doc, decision: str | None) -> tuple[Option, ...]:
    """Considered options merged with their pros and cons; the one the decision names is chosen."""
    listed, pros_cons = doc.find(_OPTIONS, level=2), doc.find(_PROS_CONS, level=2)
    names = [_plain(item) for item in (doc.items(listed) if listed else []) if item.strip(".… ")]
    merged: list[tuple[str, list[str], list[str]]] = [(name, [], []) for name in names]
    for sub in (s for s in doc.inside(pros_cons) if s.level == 3):
        pros: list[str] = []
        cons: list[str] = []
        for item in doc.items(sub):
            if (argument := _ARGUMENT.match(item)) and argument.group(1).lower() != "neutral":
                (pros if argument.group(1).lower().startswith(("good", "pro")) else cons).append(
                    argument.group(2)
                )
        name = _plain(sub.heading)
        at = _match(name, [m[0] for m in merged])
        if at is None:
            merged.append((name, pros, cons))
        else:
            merged[at] = (
                min(merged[at][0], name, key=len),
                merged[at][1] + pros,
                merged[at][2] + cons,
            )
    shown = listed or pros_cons
    if shown is not None and (found := doc.trim(shown.line + 1, shown.end)):
        doc.ranges["options"] = (shown.line, found[1])
    names = [m[0] for m in merged]
    chosen = None
    if decision and names:  # named as listed, else in words of its own
        chosen = _match(decision, names)
        chosen = _most_words(decision, names) if chosen is None else chosen
    return tuple(
        Option(
            name,
            tuple(pros),
            tuple(cons),
            i == chosen,
            None if chosen is None or i == chosen else "; ".join(cons) or "not chosen",
        )
        for i, (name, pros, cons) in enumerate(merged)
    )


def _consequences(doc: _Doc) -> str | None:
    """The Consequences section(s): one body, or each titled part (Positive, Negative) in order."""
    excluded = doc.inside(doc.find(_PROS_CONS, level=2))
    parts = [
        s
        for s in doc.sections
        if s.name in _CONSEQUENCES and s.level in (2, 3) and s not in excluded
    ]
    texts: list[str] = []
    for section in parts:
        if (body := doc.trim(section.line + 1, section.end)) is not None:
            texts.append(body[0] if len(parts) == 1 else f"{section.heading}:\n{body[0]}")
            doc.ranges["consequences"] = (
                doc.ranges.get("consequences", (section.line, 0))[0],
                body[1],
            )
    return "\n\n".join(texts) or None


def _match(name: str, candidates: list[str]) -> int | None:
    """Index of the candidate naming the same option: equal when normalised,
    else one a word prefix of the other."""
    wanted, normed = _norm(name), [_norm(c) for c in candidates]
    if wanted in normed:
        return normed.index(wanted)
    return next(
        (
            i
            for i, c in enumerate(normed)
            if c.startswith(wanted + " ") or wanted.startswith(c + " ")
        ),
        None,
    )


def _words(text: str) -> frozenset[str]:
    """The topical words of a text (three letters or more, no stopwords), lower case."""
    return frozenset(
        w
        for w in re.findall(r"[a-z0-9][a-z0-9+#]*", _plain(text).lower())
        if len(w) >= 3 and w not in STOPWORDS
    )


def _most_words(decision: str, candidates: list[str]) -> int | None:
    """Index of the option a decision names in other words ("the numpy encoder" for "The same
    model run in numpy: a six-layer BERT encoder ..."): the one sharing the most topical words
    with it, at least two and more than any other option; None when no option stands out."""
    wanted = _words(decision)
    shared = [len(wanted & _words(c)) for c in candidates]
    best = max(shared)
    if best < 2 or shared.count(best) > 1:
        return None
    return shared.index(best)


def _plain(text: str) -> str:
    """Markdown inline text with links reduced to their text and emphasis and code marks removed."""
    return re.sub(
        r"\*\*|__|`|(?<!\w)[*_]|[*_](?!\w)", "", _LINK.sub(lambda m: m.group(1), text)
    ).strip()


def _norm(text: str) -> str:
    """A name folded for comparison: plain text, lower case, punctuation collapsed."""
    return " ".join(re.sub(r"[^\w.+#]+", " ", _plain(text).lower()).split()).strip(". ")


def _is_date(line: str) -> bool:
    """True for a status line that only gives a date ("Date: 2024-03-01", "2024-03-01")."""
    match = _META.match(line.replace("**", ""))
    return bool(_ISO_DATE.fullmatch(line)) or (
        match is not None and match.group(1).lower() != "status"
    )


def _iso_date(raw: str) -> str | None:
    """The ISO date in ``raw``, if it holds a valid one."""
    match = _ISO_DATE.search(raw)
    try:
        return Date.fromisoformat(match.group(1)).isoformat() if match else None
    except ValueError:
        return None
