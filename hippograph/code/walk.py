"""Which files of a repository to index: .gitignore honoured, big,
binary and foreign files reported."""

from __future__ import annotations

import os
import posixpath
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pathspec

from hippograph.code.languages import language_of
from hippograph.repo.git import git_output

SKIP_DIRS = frozenset(
    {
        ".git",
        ".hg",
        ".svn",
        "node_modules",
        ".venv",
        "venv",
        "__pycache__",
        ".mypy_cache",
        ".pytest_cache",
        ".tox",
        "dist",
        "build",
        "target",
        ".idea",
        ".vscode",
    }
)
MAX_BYTES = 1_000_000


@dataclass(frozen=True)
class Candidate:
    """A file to index, or the reason it is skipped; ``size`` and ``mtime_ns`` are its stat, taken
    before it is read (the indexer's stat cache)."""

    location: str  # the absolute path, as text (a Path is made only for a file that is read)
    rel: str
    language: str | None
    skip: str | None = None
    size: int | None = None
    mtime_ns: int | None = None

    @property
    def path(self) -> Path:
        """The file's absolute path."""
        return Path(self.location)


def repo_root(target: Path) -> Path:
    """The git work tree holding ``target``, else the folder itself."""
    start = target if target.is_dir() else target.parent
    top = (git_output(start, "rev-parse", "--show-toplevel", timeout_s=5) or "").strip()
    return Path(top).resolve() if top else start.resolve()


def _ignore_spec(root: Path, gitignores: list[str]) -> pathspec.GitIgnoreSpec:
    """The patterns of the ``.gitignore`` files at ``gitignores`` (paths relative to ``root``), each
    bound to its folder."""
    lines: list[str] = []
    for rel in sorted(gitignores, key=lambda r: r.split("/")):  # as Path objects sort
        prefix = posixpath.dirname(rel) or "."
        text = (root / rel).read_text(encoding="utf-8", errors="replace")
        for raw in text.splitlines():
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            negate = line.startswith("!")
            body = line[1:] if negate else line
            if prefix != ".":
                body = (
                    f"{prefix}/{body.lstrip('/')}"
                    if "/" in body.rstrip("/")
                    else f"{prefix}/**/{body}"
                )
            lines.append(("!" if negate else "") + body)
    return pathspec.GitIgnoreSpec.from_lines(lines)


def _walk(top: str, rel_top: str) -> Iterator[tuple[str, str, list[str]]]:
    """(folder, its path relative to the root, file names), top down, folders and names sorted,
    ``SKIP_DIRS`` left out: strings, not ``Path`` objects (a large repository has thousands)."""
    for folder, dirs, names in os.walk(top):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
        rel = folder[len(top) :].lstrip(os.sep).replace(os.sep, "/")
        rel = f"{rel_top}/{rel}" if rel_top and rel else rel_top or rel
        yield folder, rel, sorted(names)


def _gitignores_above(root: Path, parts: list[str]) -> list[str]:
    """The ``.gitignore`` files of the folders above the folder at ``parts`` (relative to
    ``root``), up to ``root``: their patterns reach into it too."""
    found = []
    for depth in range(len(parts)):
        rel = "/".join([*parts[:depth], ".gitignore"])
        if not SKIP_DIRS & set(parts[:depth]) and (root / rel).is_file():
            found.append(rel)
    return found


def candidates(target: Path, root: Path, *, max_bytes: int = MAX_BYTES) -> Iterator[Candidate]:
    """Source files under ``target`` (or ``target`` itself),
    each with its language or why it is skipped."""
    target = target.resolve()
    try:
        rel_target = target.relative_to(root).as_posix()
    except ValueError:
        yield Candidate(str(target), target.as_posix(), None, "outside the repository")
        return
    if target.is_file():  # named on its own: indexed even when .gitignore lists it
        language = language_of(rel_target)
        if language is None:
            yield Candidate(str(target), rel_target, None, "unsupported language")
            return
        yield _stat(str(target), rel_target, language, max_bytes)
        return
    base = "" if rel_target == "." else rel_target
    # patterns bind to their folder, so only the .gitignore files above target and in it matter
    gitignores = _gitignores_above(root, base.split("/")) if base else []
    files: list[tuple[str, str, str]] = []
    for folder, rel_folder, names in _walk(str(target), base):
        if ".gitignore" in names and not SKIP_DIRS & set(rel_folder.split("/")):
            gitignores.append(f"{rel_folder}/.gitignore" if rel_folder else ".gitignore")
        for name in names:
            language = language_of(name)
            if language is not None:
                rel = f"{rel_folder}/{name}" if rel_folder else name
                files.append((os.path.join(folder, name), rel, language))
    spec = _ignore_spec(root, gitignores)
    for location, rel, language in files:
        if not spec.match_file(rel):
            yield _stat(location, rel, language, max_bytes)


def _stat(location: str, rel: str, language: str, max_bytes: int) -> Candidate:
    try:
        stat = os.stat(location)
    except OSError as exc:
        return Candidate(location, rel, language, f"unreadable ({exc.strerror})")
    if stat.st_size > max_bytes:
        return Candidate(
            location,
            rel,
            language,
            f"too large ({stat.st_size} bytes > {max_bytes}); generated code is not indexed",
        )
    return Candidate(location, rel, language, size=stat.st_size, mtime_ns=stat.st_mtime_ns)
