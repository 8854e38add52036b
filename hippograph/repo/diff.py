"""Unified diffs (``git diff``, ``git log -p``, ``diff -u``) parsed into file patches with exact
line numbers.

Pure: no database, no subprocess. Hunk bodies are read by the counts in their
``@@`` header, so a removed line that starts with ``---`` is never mistaken for
a file header; a header whose counts do not match the lines that follow is an
error, as is text with no diff in it. Text around the patches (an e-mail
header, a commit message, ``Only in`` lines) is ignored, as ``git apply`` does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from hippograph.errors import IngestError

_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@(?: .*)?$")
_BINARY = re.compile(r"^Binary files (.+) and (.+) differ$")
# GNU diff -N labels a missing file with the epoch; patch(1) reads that as "no such file",
# and so do we.
_STAMP = re.compile(r"^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})(?:\.0+)? ([+-]\d{4})$")
_ESCAPES = {"a": 7, "b": 8, "t": 9, "n": 10, "v": 11, "f": 12, "r": 13, '"': 34, "\\": 92}


@dataclass(frozen=True)
class Hunk:
    """One ``@@`` hunk: its header counts and the added and removed lines with their line
    numbers."""

    old_start: int
    old_len: int
    new_start: int
    new_len: int
    added: tuple[tuple[int, str], ...]
    removed: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class FilePatch:
    """The changes to one file; a path is None on the side where the file does not exist."""

    old_path: str | None
    new_path: str | None
    hunks: tuple[Hunk, ...]
    is_binary: bool


@dataclass
class _Open:
    """A file patch still being read."""

    old_path: str | None
    new_path: str | None
    is_git: bool
    strip_prefix: bool
    hunks: list[Hunk] = field(default_factory=list)
    is_binary: bool = False
    has_file_lines: bool = False

    def close(self) -> FilePatch:
        """The finished, immutable patch."""
        return FilePatch(self.old_path, self.new_path, tuple(self.hunks), self.is_binary)


def parse_diff(text: str) -> list[FilePatch]:
    """Every file patch in a unified diff, in order; an empty or blank diff gives ``[]``.

    Raises:
        IngestError: a hunk header disagrees with its lines, a hunk has no file, or the text is
            not a diff.
    """
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    lines = [line[:-1] if line.endswith("\r") else line for line in lines]
    if not any(line.strip() for line in lines):
        return []
    patches: list[FilePatch] = []
    current: _Open | None = None
    in_git_binary = False
    index = 0
    while index < len(lines):
        line, number = lines[index], index + 1
        if line.startswith("diff --git "):
            if current is not None:
                patches.append(current.close())
            current, in_git_binary = _git_header(line, number), False
        elif in_git_binary:
            pass  # base85 data of a ``GIT binary patch``, up to the next file
        elif (
            line.startswith("--- ")
            and index + 1 < len(lines)
            and lines[index + 1].startswith("+++ ")
        ):
            current = _file_lines(current, patches, line, lines[index + 1])
            index += 1
        elif (
            line.startswith("--- ")
            and current is not None
            and current.is_git
            and _in_header(current)
        ):
            message = (
                f"line {number}: a '--- ' file line is not followed by '+++ '; the diff is cut"
            )
            raise IngestError(message, line=number)
        elif line.startswith("@@"):
            if current is None:
                message = (
                    f"line {number}: hunk before any file header; the diff "
                    "lost its '--- '/'+++ ' lines"
                )
                raise IngestError(message, line=number)
            hunk, index = _hunk(lines, index)
            current.hunks.append(hunk)
            _check_no_overflow(lines, index, number, hunk)
            continue
        elif current is not None and current.is_git and _in_header(current):
            in_git_binary = _git_extended(current, line)
        elif match := _BINARY.match(line):
            if current is not None:
                patches.append(current.close())
            old, new = match.group(1), match.group(2)
            strip = old.startswith("a/") and new.startswith("b/")
            current = _Open(
                _path(old, "a/" if strip else ""), _path(new, "b/" if strip else ""), False, strip
            )
            current.is_binary = True
        index += 1
    if current is not None:
        patches.append(current.close())
    if not patches:
        first = next(i for i, line in enumerate(lines, 1) if line.strip())
        raise IngestError(
            f"line {first}: not a unified diff; expected 'diff --git', '--- '/'+++ ' "
            "file lines or '@@' hunks",
            line=first,
        )
    return patches


def _in_header(patch: _Open) -> bool:
    """True while a git patch is still in its extended header (before file lines and hunks)."""
    return not patch.has_file_lines and not patch.hunks and not patch.is_binary


def _git_header(line: str, number: int) -> _Open:
    """A new git patch from its ``diff --git`` line, with provisional paths."""
    rest = line[len("diff --git ") :]
    names = _split_git_names(rest)
    if names is None:
        raise IngestError(
            f"line {number}: cannot read the two file names of a 'diff --git' line", line=number
        )
    old, new = names
    strip = old.startswith("a/") and new.startswith("b/")
    return _Open(old[2:] if strip else old, new[2:] if strip else new, True, strip)


def _split_git_names(rest: str) -> tuple[str, str] | None:
    """The old and new names of a ``diff --git`` line (quoted or not; equal halves preferred)."""
    if rest.startswith('"'):
        old, tail = _unquote_prefix(rest)
        if old is None or not tail.startswith(" "):
            return None
        return old, _unquote(tail[1:])
    half = (len(rest) - 1) // 2
    old, new = rest[:half], rest[half + 1 :]
    is_prefixed = old.startswith("a/") and new.startswith("b/") and old[2:] == new[2:]
    if len(rest) % 2 == 1 and rest[half] == " " and (old == new or is_prefixed):
        return old, new
    if ' "' in rest:
        old, _, new = rest.partition(' "')
        return old, _unquote('"' + new)
    old, sep, new = rest.partition(" b/")
    return (old, "b/" + new) if sep else None


def _git_extended(patch: _Open, line: str) -> bool:
    """Apply one extended header line to ``patch``; True when a ``GIT binary patch`` starts."""
    if line.startswith("new file mode "):
        patch.old_path = None
    elif line.startswith("deleted file mode "):
        patch.new_path = None
    elif line.startswith(("rename from ", "copy from ")):
        patch.old_path = _unquote(line.split(" ", 2)[2])
    elif line.startswith(("rename to ", "copy to ")):
        patch.new_path = _unquote(line.split(" ", 2)[2])
    elif _BINARY.match(line) or line == "GIT binary patch":
        patch.is_binary = True
        return line == "GIT binary patch"
    return False


def _file_lines(
    current: _Open | None, patches: list[FilePatch], old_line: str, new_line: str
) -> _Open:
    """Read a ``---``/``+++`` pair: it names the open git patch, or starts a new plain one."""
    old, new = old_line[4:].split("\t", 1)[0], new_line[4:].split("\t", 1)[0]
    if current is not None and current.is_git and _in_header(current):
        prefix_old, prefix_new = ("a/", "b/") if current.strip_prefix else ("", "")
        current.old_path, current.new_path = _path(old, prefix_old), _path(new, prefix_new)
        current.has_file_lines = True
        return current
    if current is not None:
        patches.append(current.close())
    old_stamp, new_stamp = (
        old_line[4:].partition("\t")[2].strip(),
        new_line[4:].partition("\t")[2].strip(),
    )
    old, new = (
        ("/dev/null" if _is_epoch(old_stamp) else old),
        ("/dev/null" if _is_epoch(new_stamp) else new),
    )
    old_name, new_name = _unquote(old), _unquote(new)
    strip = old_name.startswith("a/") or new_name.startswith("b/")
    strip = (
        strip
        and old_name.startswith(("a/", "/dev/null"))
        and new_name.startswith(("b/", "/dev/null"))
    )
    opened = _Open(
        _path(old, "a/" if strip else ""), _path(new, "b/" if strip else ""), False, strip
    )
    opened.has_file_lines = True
    return opened


def _is_epoch(stamp: str) -> bool:
    """True for a ``diff -N`` timestamp at the Unix epoch (in any time zone),
    which marks a missing file."""
    match = _STAMP.match(stamp)
    return (
        match is not None
        and datetime.strptime(" ".join(match.groups()), "%Y-%m-%d %H:%M:%S %z").timestamp() == 0
    )


def _path(name: str, prefix: str) -> str | None:
    """A file name with its quoting and prefix removed; ``/dev/null`` is None."""
    name = _unquote(name.strip())
    if name == "/dev/null":
        return None
    return name[len(prefix) :] if prefix and name.startswith(prefix) else name


def _hunk(lines: list[str], index: int) -> tuple[Hunk, int]:
    """Read the hunk whose header is at ``index``; return it and the index after its last line."""
    header, number = lines[index], index + 1
    match = _HUNK.match(header)
    if match is None:
        message = (
            f"line {number}: malformed hunk header {header[:60]!r}; expected '@@ -a,b +c,d @@'"
        )
        raise IngestError(message, line=number)
    old_start, new_start = int(match.group(1)), int(match.group(3))
    old_len = int(match.group(2)) if match.group(2) is not None else 1
    new_len = int(match.group(4)) if match.group(4) is not None else 1
    old_left, new_left = old_len, new_len
    old_no, new_no = old_start, new_start
    added: list[tuple[int, str]] = []
    removed: list[tuple[int, str]] = []
    index += 1
    while (old_left or new_left) and index < len(lines):
        line = lines[index]
        marker, body = line[:1], line[1:]
        if marker == "\\":
            pass  # "\ No newline at end of file" belongs to the line before
        elif marker == "-" and old_left:
            removed.append((old_no, body))
            old_no, old_left = old_no + 1, old_left - 1
        elif marker == "+" and new_left:
            added.append((new_no, body))
            new_no, new_left = new_no + 1, new_left - 1
        elif marker in (" ", "") and old_left and new_left:
            old_no, new_no = (
                old_no + 1,
                new_no + 1,
            )  # an empty line is context whose space was trimmed
            old_left, new_left = old_left - 1, new_left - 1
        else:
            break
        index += 1
    if old_left or new_left:
        raise _count_error(number, old_len, new_len, old_len - old_left, new_len - new_left)
    while index < len(lines) and lines[index].startswith("\\"):
        index += 1
    return Hunk(old_start, old_len, new_start, new_len, tuple(added), tuple(removed)), index


def _check_no_overflow(lines: list[str], index: int, number: int, hunk: Hunk) -> None:
    """Fail when a changed line directly follows a hunk that its header says is complete."""
    if index >= len(lines):
        return
    line = lines[index]
    is_file_line = (
        line.startswith("--- ") and index + 1 < len(lines) and lines[index + 1].startswith("+++ ")
    )
    if line[:1] in ("+", "-") and line != "-- " and not is_file_line:
        raise IngestError(
            f"line {number}: hunk says {hunk.old_len} old and {hunk.new_len} new lines "
            f"but more follow at line {index + 1}; fix the '@@' header or regenerate the diff",
            line=number,
        )


def _count_error(
    number: int, old_len: int, new_len: int, old_got: int, new_got: int
) -> IngestError:
    """The error for a hunk whose body is shorter than its header says."""
    if old_got == old_len:
        said = f"{new_len} new lines but {new_got} follow"
    elif new_got == new_len:
        said = f"{old_len} old lines but {old_got} follow"
    else:
        said = f"{old_len} old and {new_len} new lines but {old_got} and {new_got} follow"
    return IngestError(
        f"line {number}: hunk says {said}; the diff is cut or was edited by hand", line=number
    )


def _unquote(name: str) -> str:
    """A git C-quoted name (``"a/na\\303\\257ve.txt"``) decoded; other names unchanged."""
    if not name.startswith('"'):
        return name
    decoded, tail = _unquote_prefix(name)
    return decoded if decoded is not None and not tail.strip() else name


def _unquote_prefix(text: str) -> tuple[str | None, str]:
    """Decode the C-quoted string at the start of ``text``; return it
    (None if unterminated) and the rest."""
    out = bytearray()
    index = 1
    while index < len(text):
        char = text[index]
        if char == '"':
            return out.decode("utf-8", errors="replace"), text[index + 1 :]
        if char == "\\" and index + 1 < len(text):
            nxt = text[index + 1]
            if nxt in "01234567" and re.fullmatch(r"[0-7]{3}", text[index + 1 : index + 4]):
                out.append(int(text[index + 1 : index + 4], 8))
                index += 4
                continue
            out.extend(bytes([_ESCAPES[nxt]]) if nxt in _ESCAPES else nxt.encode("utf-8"))
            index += 2
            continue
        out.extend(char.encode("utf-8"))
        index += 1
    return None, text
