"""Which files of a repository to index: .gitignore honoured, big,
binary and foreign files reported."""

from __future__ import annotations

import os
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
    """A file to index, or the reason it is skipped."""

    path: Path
    rel: str
    language: str | None
    skip: str | None = None


def repo_root(target: Path) -> Path:
    """The git work tree holding ``target``, else the folder itself."""
    start = target if target.is_dir() else target.parent
    top = (git_output(start, "rev-parse", "--show-toplevel", timeout_s=5) or "").strip()
    return Path(top).resolve() if top else start.resolve()


def _ignore_spec(root: Path) -> pathspec.GitIgnoreSpec:
    lines: list[str] = []
    for gitignore in sorted(root.rglob(".gitignore")):
        if any(part in SKIP_DIRS for part in gitignore.relative_to(root).parts[:-1]):
            continue
        prefix = gitignore.parent.relative_to(root).as_posix()
        for raw in gitignore.read_text(encoding="utf-8", errors="replace").splitlines():
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


def candidates(target: Path, root: Path, *, max_bytes: int = MAX_BYTES) -> Iterator[Candidate]:
    """Source files under ``target`` (or ``target`` itself),
    each with its language or why it is skipped."""
    target = target.resolve()
    try:
        target.relative_to(root)
    except ValueError:
        yield Candidate(target, target.as_posix(), None, "outside the repository")
        return
    spec = _ignore_spec(root)
    if target.is_file():
        files = [target]
    else:
        files = []
        for folder, dirs, names in os.walk(target):
            dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
            files.extend(Path(folder) / n for n in sorted(names))
    for path in files:
        rel = path.relative_to(root).as_posix()
        language = language_of(rel)
        if language is None:
            if target.is_file():
                yield Candidate(path, rel, None, "unsupported language")
            continue
        if spec.match_file(rel) and not target.is_file():
            continue
        try:
            size = path.stat().st_size
        except OSError as exc:
            yield Candidate(path, rel, language, f"unreadable ({exc.strerror})")
            continue
        if size > max_bytes:
            yield Candidate(
                path,
                rel,
                language,
                f"too large ({size} bytes > {max_bytes}); generated code is not indexed",
            )
            continue
        yield Candidate(path, rel, language)
