"""Git history as commits with touched line ranges,
and a deterministic reading of reverts and fix commits.

Pure apart from running ``git`` (through :mod:`hippograph.repo.git`): no database, no
language model. History is streamed from one ``git log -p -U0`` process; its diffs go through
:func:`hippograph.repo.diff.parse_diff`, so added and removed line ranges are
exact. :func:`classify` turns a commit into a failure signal for negative
memory (docs/agents.md) only when its subject says so.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import IO

from hippograph.errors import IngestError
from hippograph.repo.diff import FilePatch, parse_diff
from hippograph.repo.git import run_git, stream_git

LOG_TIMEOUT_S = 1800.0  # a whole history with its diffs: long, but never forever

# One record per commit: fields separated by NUL,
# which neither a commit message nor a text diff can hold.
_FIELDS = ("%H", "%P", "%an", "%ae", "%aI", "%s", "%b")
_FORMAT = "%x00" + "%x00".join(_FIELDS) + "%x00"
_LOG = (
    "-c",
    "core.quotePath=false",
    "-c",
    "diff.relative=false",
    "-c",
    "log.showSignature=false",
    "log",
    "--no-color",
    f"--format={_FORMAT}",
    "-U0",
    "--no-ext-diff",
    "--no-textconv",
    "--find-renames",
    "-p",
    "--src-prefix=a/",
    "--dst-prefix=b/",
    "--encoding=UTF-8",
    "--diff-merges=off",
)

_REVERT_SUBJECT = re.compile(r"^revert(?:\([^)]*\))?!?:?\s+(?P<what>.+)$", re.IGNORECASE)
_REVERTS_BODY = re.compile(r"This reverts commit (?P<sha>[0-9a-f]{7,64})", re.IGNORECASE)
_FIX_PREFIX = re.compile(
    r"^(?:\[(?:hot ?fix|bug ?fix|fix)\]|hot[- ]?fix(?:e[sd])?|bug[- ]?fix(?:e[sd])?"
    r"|fix(?:e[sd]|ing)?|regression)"
    r"(?:\((?P<scope>[^)]*)\))?!?(?:\s*[:\-\u2013\u2014]\s*|\s+)(?P<what>.+)$",
    re.IGNORECASE,
)
_FIXES_REF = re.compile(
    r"\s*\(?\bfix(?:e[sd])?:?\s+(?P<refs>(?:[\w.-]+/[\w.-]+)?#\d+(?:(?:\s*,\s*|\s+and\s+)#\d+)*)\)?",
    re.IGNORECASE,
)
_TRAILING_PR = re.compile(r"\s*\((?P<ref>#\d+)\)\s*$")
_ISSUE = re.compile(r"(?:[\w.-]+/[\w.-]+)?#\d+|\bGH-\d+\b")
_BODY_REFS = re.compile(
    r"\b(?:fix(?:e[sd])?|close[sd]?|resolve[sd]?|reverts?|refs?)\b:?\s+((?:[\w.-]+/[\w.-]+)?#\d+)",
    re.IGNORECASE,
)
_FILLER = frozenset(
    (
        "a an the some minor small more few various several another up correct "
        "update broken failing flaky"
    ).split()
)
_NOISE = frozenset(
    "typo typos spelling grammar wording lint linting linter lints format formatting formatter "
    "style styling whitespace indentation pep8 flake8 ruff black isort mypy typing types docs doc "
    "documentation readme changelog comment comments docstring docstrings test tests ci bump "
    "deps dependencies imports".split()
)
_NOISE_SCOPES = frozenset(
    {"docs", "doc", "lint", "style", "ci", "test", "tests", "deps", "deps-dev", "typo", "format"}
)


@dataclass(frozen=True)
class FileChange:
    """One file a commit touched: its path, its previous path if renamed,
    and the line ranges changed."""

    path: str
    old_path: str | None
    added: tuple[tuple[int, int], ...]
    removed: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Commit:
    """One commit with its author, author date (aware), message and per-file touched line ranges."""

    sha: str
    parents: tuple[str, ...]
    author: str
    date: datetime
    subject: str
    body: str
    files: tuple[FileChange, ...]


@dataclass(frozen=True)
class FailureSignal:
    """A commit that says something broke: a revert, or a fix that names what it fixes."""

    kind: str
    what: str
    sha: str
    reverted: str | None
    issue_refs: tuple[str, ...]


def read_commits(
    repo: Path, since: str | None = None, max_count: int | None = None
) -> list[Commit]:
    """The commits reachable from HEAD, newest first, each with its touched line ranges,
    from one ``git log``.

    Args:
        since: anything ``git log --since`` accepts ("2024-01-01", "2 weeks ago").
        max_count: at most this many commits.

    Raises:
        IngestError: ``repo`` is not inside a git repository, git failed, or it ran
            past ``LOG_TIMEOUT_S``.
        ConfigError: git cannot be started (not installed, not on PATH).
    """
    args = list(_LOG)
    if since is not None:
        args.append(f"--since={since}")
    if max_count is not None:
        args.append(f"--max-count={max_count}")
    commits, done = stream_git(
        repo,
        *args,
        consume=lambda out: [_commit(fields, repo) for fields in _records(out, repo)],
        timeout_s=LOG_TIMEOUT_S,
    )
    if not done.ok:
        message = done.stderr.strip()
        if "does not have any commits yet" in message or "bad default revision 'HEAD'" in message:
            return []
        raise IngestError(done.failure(), path=repo)
    return commits


def commit_exists(repo: Path, ref: str) -> str | None:
    """The full sha of the commit ``ref`` names in ``repo``, or None when it names no commit.

    Raises:
        IngestError: ``repo`` is not inside a git repository.
    """
    if not ref or ref.startswith("-") or any(c.isspace() or c == "\0" for c in ref):
        return None  # a reference from memory is data, never an option
    result = run_git(
        repo,
        "rev-parse",
        "--verify",
        "--quiet",
        "--end-of-options",
        f"{ref}^{{commit}}",
        check=False,
    )
    if result.ok:
        return result.stdout.strip() or None
    if result.stderr.strip():
        raise IngestError(result.failure(), path=repo)
    return None


def classify(commit: Commit) -> FailureSignal | None:
    """A revert or a fix signal read from the commit message alone, or None for any other commit."""
    subject = commit.subject.strip()
    reverted_match = _REVERTS_BODY.search(commit.body)
    reverted = reverted_match.group("sha") if reverted_match else None
    revert = _REVERT_SUBJECT.match(subject)
    if revert is not None or reverted is not None:
        reverted_what = _unquote(revert.group("what")) if revert is not None else subject
        return FailureSignal(
            "revert", reverted_what, commit.sha, reverted, _issue_refs(subject, commit.body)
        )
    fixed, scope = _fix_what(subject)
    if fixed is None or _is_noise(fixed, scope):
        return None
    return FailureSignal("fix", fixed, commit.sha, None, _issue_refs(subject, commit.body))


def _fix_what(subject: str) -> tuple[str | None, str | None]:
    """What a fix subject says it fixes, and its conventional-commit scope;
    (None, None) if it is no fix."""
    refs = _FIXES_REF.search(subject)
    prefix = _FIX_PREFIX.match(subject)
    if prefix is not None:
        what = _TRAILING_PR.sub("", prefix.group("what")).strip()
        what = what[4:] if what.lower().startswith("for ") else what
        what = re.sub(r"^(?:#\d+[,:]?\s+)+(?=\S)", "", what)  # "Fix #12: crash" fixes a crash
        return (what or None), prefix.group("scope")
    if refs is not None:
        rest = (subject[: refs.start()] + subject[refs.end() :]).strip(" :-,;")
        return (_TRAILING_PR.sub("", rest).strip() or refs.group("refs")), None
    return None, None


def _is_noise(what: str, scope: str | None) -> bool:
    """True for housekeeping 'fixes' (typos, lint, formatting, docs, tests, dependency bumps)."""
    if scope is not None and scope.strip().lower() in _NOISE_SCOPES:
        return True
    words = [w.strip(".,:;!()'\"`").lower() for w in what.split()]
    words = [w for w in words if w and w not in _FILLER]
    return not words or words[0] in _NOISE or words[0].rstrip("s") in _NOISE


def _issue_refs(subject: str, body: str) -> tuple[str, ...]:
    """Issue references in the subject, and those a body line marks as fixed, closed or resolved."""
    found = [m.group(0) for m in _ISSUE.finditer(subject)] + [
        m.group(1) for m in _BODY_REFS.finditer(body)
    ]
    return tuple(dict.fromkeys(found))


def _unquote(text: str) -> str:
    """The reverted subject from ``"…"`` quotes as git writes it, else the text unchanged."""
    text = text.strip()
    if len(text) >= 2 and text[0] in "\"'\u201c" and text[-1] in "\"'\u201d":
        return text[1:-1]
    return text


def _records(stream: IO[bytes], repo: Path) -> Iterator[list[str]]:
    """The eight NUL-separated fields of each commit (the patch last),
    read from git's output as it arrives."""
    width = len(_FIELDS) + 1
    tokens: list[bytes] = []
    buffer = b""
    for chunk in iter(lambda: stream.read(1 << 16), b""):
        *complete, buffer = (buffer + chunk).split(b"\0")
        tokens.extend(complete)
        if tokens and tokens[0].strip():
            raise IngestError(
                "git log printed output that hippograph cannot read; check the git version",
                path=repo,
            )
        while len(tokens) > width:  # the leading empty token plus one whole record
            yield [t.decode("utf-8", errors="replace") for t in tokens[1 : width + 1]]
            tokens = [b"", *tokens[width + 1 :]]
    tokens.append(buffer)
    if len(tokens) == width + 1:
        yield [t.decode("utf-8", errors="replace") for t in tokens[1:]]
    elif len(tokens) > 1 or tokens[0].strip():
        raise IngestError("git log output ended in the middle of a commit; run it again", path=repo)


def _commit(fields: list[str], repo: Path) -> Commit:
    """One commit from its fields, with its diff reduced to touched line ranges."""
    sha, parents, name, email, date, subject, body, patch = fields
    try:
        patches = parse_diff(patch.strip("\n"))
    except IngestError as exc:
        raise IngestError(f"commit {sha[:12]}: {exc}", path=repo) from exc
    files = tuple(_file_change(p) for p in patches)
    when = datetime.fromisoformat(date)
    return Commit(
        sha, tuple(parents.split()), f"{name} <{email}>", when, subject, body.strip(), files
    )


def _file_change(patch: FilePatch) -> FileChange:
    """A file patch reduced to its path, rename source and touched line ranges."""
    path = patch.new_path if patch.new_path is not None else patch.old_path
    renamed = (
        patch.old_path
        if patch.old_path is not None and patch.new_path not in (None, patch.old_path)
        else None
    )
    added = _ranges(number for hunk in patch.hunks for number, _ in hunk.added)
    removed = _ranges(number for hunk in patch.hunks for number, _ in hunk.removed)
    return FileChange(path or "", renamed, added, removed)


def _ranges(numbers: Iterable[int]) -> tuple[tuple[int, int], ...]:
    """Sorted line numbers collapsed into inclusive ``(start, end)`` ranges."""
    ranges: list[tuple[int, int]] = []
    for number in sorted(set(numbers)):
        if ranges and ranges[-1][1] == number - 1:
            ranges[-1] = (ranges[-1][0], number)
        else:
            ranges.append((number, number))
    return tuple(ranges)
