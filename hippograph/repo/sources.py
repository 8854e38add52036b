"""Source references (``path#Lstart-Lend``, ``file#turn``, commits, URLs) and their lines."""

from __future__ import annotations

import os
import re
import stat
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


MAX_SOURCE_BYTES = 2 * 1024 * 1024  # a source file larger than this is not read for its lines


@dataclass(frozen=True)
class SourceLines:
    """The exact lines a reference names, or why they were not read (one sentence)."""

    text: str | None
    problem: str | None = None


def is_project_root(root: Path) -> bool:
    """False for folders too broad to be a project: the filesystem root and the home folder."""
    resolved = root.resolve()
    return resolved != Path(resolved.anchor) and resolved != Path.home().resolve()


def source_lines(source_ref: str, root: Path) -> SourceLines:
    """The lines ``path#Lx-Ly`` names in a regular file inside the project ``root``.

    The path is taken relative to ``root`` (the repository root, never the working folder);
    a path that leaves it (absolute, ``..``, or a symbolic link pointing out), a FIFO, socket
    or device, a file over MAX_SOURCE_BYTES, and a root that is ``/`` or the home folder are
    refused with the reason. The file is opened without blocking and checked again after
    opening, so a FIFO swapped in between cannot hang the reader."""
    ref = line_ref(source_ref)
    if ref is None:
        return SourceLines(None)  # not a file reference: nothing to read, nothing wrong
    if not is_project_root(root):
        return SourceLines(None, f"{root} is not a project folder; run from inside a repository")
    base = root.resolve()
    path = (base / ref.path).resolve()
    if not path.is_relative_to(base):
        return SourceLines(None, f"{ref.path} is outside the project root {base}")
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except OSError as exc:
        return SourceLines(None, f"{ref.path} cannot be read ({exc.strerror or exc})")
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_SOURCE_BYTES:
        os.close(fd)
        if not stat.S_ISREG(info.st_mode):
            return SourceLines(None, f"{ref.path} is not a regular file")
        return SourceLines(None, f"{ref.path} is over {MAX_SOURCE_BYTES} bytes")
    with os.fdopen(fd, "rb") as handle:
        lines = handle.read(MAX_SOURCE_BYTES).decode("utf-8", errors="replace").splitlines()
    return SourceLines("\n".join(lines[ref.start - 1 : ref.end]))


def read_lines(source_ref: str, root: Path) -> str | None:
    """The exact source lines of a reference inside the project ``root``, else None."""
    return source_lines(source_ref, root).text
