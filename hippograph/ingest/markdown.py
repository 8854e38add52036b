"""Markdown memory files (MEMORY.md, CLAUDE.md, AGENTS.md,
memory/*.md) split into line-ranged units.

Pure: no database. A unit is one list item with its continuation lines, one
paragraph, one block-quote paragraph or one table. Headings are not units; they
label the units under them. Fenced and indented code, HTML comments and YAML
front matter are skipped. This is a line-based subset of CommonMark/GFM, chosen
so that every unit keeps exact 1-based line numbers.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from hippograph.errors import IngestError

MEMORY_FILE_NAMES = ("MEMORY.md", "CLAUDE.md", "AGENTS.md")
MEMORY_FOLDER = "memory"
SKIPPED_FOLDERS = frozenset({".git", "node_modules", ".venv"})

_ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*))?$")
_ATX_CLOSING = re.compile(r"(?:^|[ \t]+)#+[ \t]*$")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_BREAK = re.compile(r"^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$")
_FENCE = re.compile(r"^[ \t]*(?:(`{3,})[^`]*|(~{3,}).*)$")
_ITEM = re.compile(r"^[ \t]*(?:[-*+]|(\d{1,9})[.)])(?:[ \t]+(.*))?$")
_TASK_BOX = re.compile(r"^\[[ xX]\](?:[ \t]+|$)")
_QUOTE = re.compile(r"^[ \t]*>[ \t]?")
_COMMENT = re.compile(r"^[ \t]*<!--")
_INLINE_COMMENT = re.compile(r"<!--.*?-->")
_TABLE_DELIMITER = re.compile(r"^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$")


@dataclass(frozen=True)
class MarkdownUnit:
    """One unit of a Markdown file: its text, 1-based inclusive line range and enclosing
    headings."""

    text: str
    start_line: int
    end_line: int
    heading: str | None
    heading_path: tuple[str, ...]


def discover_markdown(paths: Sequence[Path]) -> list[Path]:
    """Absolute paths of the memory Markdown files named by or found under ``paths``,
    sorted and de-duplicated.

    A file argument must end in ``.md``. A folder yields MEMORY.md, CLAUDE.md and
    AGENTS.md at any depth, and every ``.md`` file inside a folder named ``memory``,
    never descending into .git, node_modules or .venv.

    Raises:
        IngestError: a path does not exist, or a file argument is not Markdown.
    """
    found: set[Path] = set()
    for given in paths:
        path = Path(os.path.abspath(given))
        if not path.exists():
            raise IngestError("no such file or directory; check the path", path=given)
        if path.is_dir():
            found.update(_walk(path))
        elif path.suffix.lower() == ".md":
            found.add(path)
        else:
            raise IngestError(
                "not a Markdown file; give a .md file or a folder to search", path=given
            )
    return sorted(found)


def _walk(root: Path) -> Iterator[Path]:
    """Memory files under ``root``, pruning the skipped folders and not following folder
    symlinks."""
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED_FOLDERS)
        here = Path(folder)
        is_memory = root.name == MEMORY_FOLDER or MEMORY_FOLDER in here.relative_to(root).parts
        for name in files:
            wanted = name in MEMORY_FILE_NAMES or (is_memory and name.lower().endswith(".md"))
            if wanted and (here / name).is_file():
                yield here / name


def parse_markdown(text: str) -> list[MarkdownUnit]:
    """Split Markdown text into units with exact line ranges; headings, code, comments and front
    matter are not units."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines[0].startswith("\ufeff"):
        lines[0] = lines[0][1:]
    return _Parser(lines).run()


@dataclass
class _Open:
    """A unit still being read: its kind (para, item, quote, table), lines so far and headings."""

    kind: str
    start: int
    end: int
    parts: list[str]
    heading_path: tuple[str, ...]


class _Parser:
    """One pass over the lines; state is the open unit,
    the heading stack and any code fence or comment."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.units: list[MarkdownUnit] = []
        self.headings: list[tuple[int, str]] = []
        self.open: _Open | None = None
        self.fence: tuple[str, int] | None = None  # fence character and length
        self.in_comment = False
        self.in_list = False  # indented lines after a blank line belong to a list item, not code

    def run(self) -> list[MarkdownUnit]:
        """Parse every line and return the units in document order."""
        index = _front_matter_end(self.lines)
        while index < len(self.lines):
            index += self._line(index)
        self._flush()
        return self.units

    def _line(self, index: int) -> int:
        """Consume the line at ``index`` (and any it owns); return how many lines were consumed."""
        line, number = self.lines[index], index + 1
        if self.fence is not None:
            stripped = line.strip()
            if stripped and set(stripped) == {self.fence[0]} and len(stripped) >= self.fence[1]:
                self.fence = None
            return 1
        if self.in_comment:
            self.in_comment = "-->" not in line
            return 1
        if not line.strip():
            self._flush()
            return 1
        indent = len(line.expandtabs(4)) - len(line.expandtabs(4).lstrip(" "))
        if self.open is None and not self.in_list and indent >= 4:
            return 1  # indented code block
        setext = _SETEXT.match(line)
        if setext and self.open is not None and self.open.kind == "para":
            title, self.open = " ".join(self.open.parts), None
            self._set_heading(1 if setext.group(1)[0] == "=" else 2, title)
            return 1
        if fence := _FENCE.match(line):
            self._flush()
            marker = fence.group(1) or fence.group(2)
            self.fence = (marker[0], len(marker))
            return 1
        if _COMMENT.match(line):
            self._flush()
            self.in_comment = "-->" not in line.split("<!--", 1)[1]
            return 1
        if atx := _ATX.match(line):
            self._flush()
            self.in_list = False
            self._set_heading(len(atx.group(1)), _ATX_CLOSING.sub("", atx.group(2) or ""))
            return 1
        if _BREAK.match(line):
            self._flush()
            self.in_list = indent >= 2 and self.in_list
            return 1
        if _QUOTE.match(line):
            self._quote(line, number)
            return 1
        if (item := self._item(line)) is not None:
            self._flush()
            self.in_list = True
            self._start("item", number, item)
            return 1
        if self._is_table_start(index):
            self._flush()
            self.in_list = self.in_list and indent >= 2
            self._start("table", number, line).end = (
                number + 1
            )  # the delimiter row belongs to the table
            return 2
        if self.open is not None:
            self.open.parts.append(line)
            self.open.end = number
            return 1
        self.in_list = self.in_list and indent >= 2
        self._start("para", number, line)
        return 1

    def _item(self, line: str) -> str | None:
        """The content of a list item starting on ``line`` (task box removed),
        or None if it does not start one."""
        match = _ITEM.match(line)
        if match is None:
            return None
        content = (match.group(2) or "").strip()
        # CommonMark: only a non-empty bullet or an item numbered 1 may interrupt a paragraph.
        if (
            self.open is not None
            and self.open.kind in ("para", "quote")
            and (not content or (match.group(1) is not None and int(match.group(1)) != 1))
        ):
            return None
        return _TASK_BOX.sub("", content, count=1)

    def _quote(self, line: str, number: int) -> None:
        """Add a block-quote line: markers stripped, an empty quote line ends the paragraph,
        a list item starts a unit."""
        content = line
        while match := _QUOTE.match(content):
            content = content[match.end() :]
        if not content.strip():
            self._flush()
            return
        item = _ITEM.match(content)
        if self.open is not None and self.open.kind == "quote" and not (item and item.group(2)):
            self.open.parts.append(content)
            self.open.end = number
            return
        self._flush()
        if item and item.group(2):
            content = _TASK_BOX.sub("", item.group(2).strip(), count=1)
        self._start("quote", number, content)

    def _is_table_start(self, index: int) -> bool:
        """True when the line at ``index`` is a table header row followed by a delimiter row."""
        if "|" not in self.lines[index] or index + 1 >= len(self.lines):
            return False
        following = self.lines[index + 1]
        return "|" in following and _TABLE_DELIMITER.match(following) is not None

    def _start(self, kind: str, number: int, first: str) -> _Open:
        """Open a new unit of ``kind`` at line ``number`` and return it."""
        self.open = _Open(kind, number, number, [first], tuple(text for _, text in self.headings))
        return self.open

    def _set_heading(self, level: int, title: str) -> None:
        """Replace headings at ``level`` or deeper with ``title``
        (an empty title only closes them)."""
        while self.headings and self.headings[-1][0] >= level:
            self.headings.pop()
        title = " ".join(_INLINE_COMMENT.sub("", title).split())
        if title:
            self.headings.append((level, title))

    def _flush(self) -> None:
        """Close the open unit, keeping it only if it has text left after trimming."""
        if self.open is None:
            return
        unit, self.open = self.open, None
        text = " ".join(_INLINE_COMMENT.sub("", " ".join(unit.parts)).split())
        if text:
            heading = unit.heading_path[-1] if unit.heading_path else None
            self.units.append(MarkdownUnit(text, unit.start, unit.end, heading, unit.heading_path))


def _front_matter_end(lines: list[str]) -> int:
    """Index of the first line after YAML front matter (``---`` ... ``---`` or ``...``),
    or 0 if there is none."""
    if lines[0].rstrip() != "---":
        return 0
    for index in range(1, len(lines)):
        if lines[index].rstrip() in ("---", "..."):
            return index + 1
    return 0
