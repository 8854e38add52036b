"""Source references: ``path#Lstart-Lend``, ``file#turn``, commits, URLs; and reading the exact lines."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

_LINES = re.compile(r"^(?P<path>.+)#L(?P<start>\d+)(?:-L?(?P<end>\d+))?$")


@dataclass(frozen=True)
class LineRef:
    """A file and an inclusive line range."""

    path: str
    start: int
    end: int


def line_ref(source_ref: str) -> LineRef | None:
    """The file and lines a ``path#Lx-Ly`` reference names, else None."""
    match = _LINES.match(source_ref)
    if not match:
        return None
    start = int(match.group("start"))
    end = int(match.group("end") or start)
    return LineRef(match.group("path"), start, max(start, end))


def format_line_ref(path: str, start: int, end: int) -> str:
    """``path#Lstart-Lend``."""
    return f"{path}#L{start}-L{end}"


def read_lines(source_ref: str, base: Path) -> str | None:
    """The exact source lines of a reference, if the file lies inside ``base`` (never elsewhere on disk)."""
    ref = line_ref(source_ref)
    if ref is None:
        return None
    path = (base / ref.path).resolve()
    if not path.is_relative_to(base.resolve()):
        return None
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    return "\n".join(lines[ref.start - 1 : ref.end])
