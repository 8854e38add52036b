"""Agent transcripts (JSONL, one event per line) read into turns; a bad line is reported,
never fatal.

Pure: no database. Two line formats are recognised, line by line:

- generic: ``{"session": str|int, "turn": int|str (optional), "speaker": str, "text": str,
  "time": ISO 8601 (optional)}``;
- Claude Code events: ``type`` "user" or "assistant" with a ``message`` whose ``content`` is a
  string or a list of blocks, of which only ``text`` blocks are kept. Other event types (summary,
  system, file-history-snapshot, ...) and events with no text left (tool calls and results only)
  are skipped.

A line is Claude Code's when it has a ``type`` field and neither ``speaker`` nor ``text``.

Every line is checked completely before anything is written from it: its types, a turn number
that fits Neo4j's 64-bit integers, a time Python can convert to UTC, and text that encodes as
UTF-8 (JSON can spell a lone surrogate such as ``"\\ud800"``, which no store can hold).

A transcript has an identity of its own, never its path: a Claude Code session's ``sessionId``,
else a content hash of the file's first turn (:attr:`TranscriptRead.fingerprint`), which does not
change as the file grows. Importers build episode ids from it (:meth:`TranscriptRead.origin`).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from hippograph.errors import IngestError
from hippograph.schema import MAX_TEXT_CHARS
from hippograph.schema.base import MAX_INTEGER

GENERIC_REQUIRED_FIELDS = ("session", "speaker", "text")
GENERIC_FIELDS = frozenset((*GENERIC_REQUIRED_FIELDS, "turn", "time"))
CLAUDE_CODE_TURN_TYPES = ("user", "assistant")


@dataclass(frozen=True)
class Turn:
    """One utterance: its session, 1-based turn number, speaker, text,
    UTC time if known and source line."""

    session: str
    turn: int
    speaker: str
    text: str
    time: datetime | None
    line: int


@dataclass(frozen=True)
class LineProblem:
    """A transcript line that could not be read, with a one-sentence reason."""

    line: int
    message: str


@dataclass
class TranscriptRead:
    """What a transcript gave: its turns in file order, the lines with problems,
    how many events were skipped, which sessions are named by the transcript's own
    session id (Claude Code's ``sessionId``), and the fields of generic lines it did not read."""

    turns: list[Turn]
    problems: list[LineProblem]
    skipped: int
    own_sessions: set[str] = field(default_factory=set)
    # fields of generic lines that are not read ("blip_caption", "img_url"), with how many
    # lines carried each: reported, so nothing is left out unseen
    unread_fields: dict[str, int] = field(default_factory=dict)

    @property
    def fingerprint(self) -> str:
        """A content hash of the first turn: the identity of a transcript without session ids.

        Only the first turn counts, so a transcript that grows (a session still being written)
        keeps its identity; two files that begin with the very same turn are one transcript."""
        if not self.turns:
            return ""
        first = self.turns[0]
        when = first.time.isoformat() if first.time else None
        body = json.dumps([first.session, first.turn, first.speaker, first.text, when])
        return hashlib.sha256(body.encode("utf-8")).hexdigest()[:24]

    def origin(self, turn: Turn) -> str:
        """What, besides its session and number, tells this turn apart from another transcript's:
        nothing for a session named by its own id (globally unique), else the fingerprint."""
        return "" if turn.session in self.own_sessions else f"sha:{self.fingerprint}"


@dataclass(frozen=True)
class _Utterance:
    """A line's content before its turn number is settled
    (``turn`` is None when the line gave none)."""

    session: str
    turn: int | None
    speaker: str
    text: str
    time: datetime | None
    is_own_session: bool = False  # the session is the transcript's own id (``sessionId``)


class _LineError(Exception):
    """Why one line cannot be read; becomes a LineProblem and the reader moves on."""


def read_transcript(path: Path) -> TranscriptRead:
    """Read a JSONL transcript into turns, collecting a LineProblem for each unreadable line.

    Turns without a number are numbered after the highest turn seen so far in
    their session (so 1, 2, 3, ... when no line gives one). Blank lines are ignored.

    Raises:
        IngestError: the file does not exist or cannot be read.
    """
    try:
        handle = path.open("rb")
    except FileNotFoundError:
        raise IngestError("no such transcript file; check the path", path=path) from None
    except IsADirectoryError:
        raise IngestError(
            "is a folder, not a JSONL transcript file; give the file's path", path=path
        ) from None
    except OSError as exc:
        raise IngestError(
            f"cannot read the transcript ({exc.strerror}); check its permissions", path=path
        ) from exc
    read = TranscriptRead(turns=[], problems=[], skipped=0)
    numbering = _Numbering()
    with handle:
        for number, raw in enumerate(handle, start=1):
            try:
                line = _decode(raw, number)
                if not line.strip():
                    continue
                utterance, unread = _parse(line, path.stem)
                for name in unread:
                    read.unread_fields[name] = read.unread_fields.get(name, 0) + 1
                if utterance is None:
                    read.skipped += 1
                    continue
                read.turns.append(numbering.number(utterance, number))
                if utterance.is_own_session:
                    read.own_sessions.add(utterance.session)
            except _LineError as exc:
                read.problems.append(LineProblem(number, str(exc)))
    return read


class _Numbering:
    """Turn numbers per session: a missing one follows the highest so far;
    a repeated one is refused."""

    def __init__(self) -> None:
        self.highest: dict[str, int] = {}
        self.first_line: dict[tuple[str, int], int] = {}

    def number(self, utterance: _Utterance, line: int) -> Turn:
        """The numbered turn for ``utterance`` read on ``line``."""
        session = utterance.session
        turn = utterance.turn if utterance.turn is not None else self.highest.get(session, 0) + 1
        if turn > MAX_INTEGER:
            raise _LineError(
                f"turn {turn} of session '{session}' is past the largest integer Neo4j stores "
                f"({MAX_INTEGER})"
            )
        if (session, turn) in self.first_line:
            first = self.first_line[(session, turn)]
            raise _LineError(f"turn {turn} of session '{session}' already appeared on line {first}")
        self.first_line[(session, turn)] = line
        self.highest[session] = max(self.highest.get(session, 0), turn)
        return Turn(session, turn, utterance.speaker, utterance.text, utterance.time, line)


def _decode(raw: bytes, number: int) -> str:
    """The line as text, without its line ending or (on the first line) a byte-order mark."""
    if number == 1:
        raw = raw.removeprefix(b"\xef\xbb\xbf")
    try:
        return raw.decode("utf-8").rstrip("\r\n")
    except UnicodeDecodeError as exc:
        raise _LineError(f"line is not valid UTF-8 (bad byte at column {exc.start + 1})") from None


def _parse(line: str, fallback_session: str) -> tuple[_Utterance | None, list[str]]:
    """The utterance on one JSON line, or None for an event that is deliberately skipped; and
    the fields of a generic line that are not read."""
    try:
        value = json.loads(line)
    except json.JSONDecodeError as exc:
        reason = exc.msg.removesuffix(" at")  # some json messages already end in "at"
        raise _LineError(f"line is not valid JSON ({reason} at column {exc.colno})") from None
    except ValueError:  # an integer of more than 4,300 digits
        raise _LineError("line holds a number too long to read (over 4300 digits)") from None
    except RecursionError:
        raise _LineError("line nests arrays or objects too deeply to read") from None
    if not isinstance(value, dict):
        raise _LineError(f"line is {_describe(value)}, not a JSON object")
    unread: list[str] = []
    if "type" in value and "speaker" not in value and "text" not in value:
        utterance = _claude_code(value, fallback_session)
    else:
        utterance = _generic(value)
        unread = sorted(str(name) for name in value if name not in GENERIC_FIELDS)
    if utterance is not None and len(utterance.text) > MAX_TEXT_CHARS:
        raise _LineError(
            f"text has {len(utterance.text)} characters, over the limit of {MAX_TEXT_CHARS}"
        )
    return utterance, unread


def _generic(event: dict[str, Any]) -> _Utterance | None:
    """A generic ``{session, turn, speaker, text, time}`` line; None when its text is blank."""
    missing = [name for name in GENERIC_REQUIRED_FIELDS if name not in event]
    if missing:
        names = ", ".join(f"'{name}'" for name in missing)
        raise _LineError(f"missing field{'s' if len(missing) > 1 else ''} {names}")
    session, speaker, text = event["session"], event["speaker"], event["text"]
    if isinstance(session, bool) or not isinstance(session, str | int):
        raise _LineError(f"field 'session' is {_describe(session)}, not a string or an integer")
    if not isinstance(speaker, str):
        raise _LineError(f"field 'speaker' is {_describe(speaker)}, not a string")
    if not isinstance(text, str):
        raise _LineError(f"field 'text' is {_describe(text)}, not a string")
    for name, value in (("session", str(session)), ("speaker", speaker)):
        if not value.strip():
            raise _LineError(f"field '{name}' is empty")
    for name, value in (("session", str(session)), ("speaker", speaker), ("text", text)):
        _check_unicode(value, name)
    turn = _turn_number(event.get("turn"))
    time = _utc_time(event.get("time"), "time")
    if not text.strip():
        return None
    return _Utterance(str(session).strip(), turn, speaker.strip(), text.strip(), time)


def _claude_code(event: dict[str, Any], fallback_session: str) -> _Utterance | None:
    """A Claude Code transcript event; None for other event types and for events with no text
    blocks."""
    if event["type"] not in CLAUDE_CODE_TURN_TYPES:
        return None
    if "message" not in event:
        raise _LineError("missing field 'message'")
    message = event["message"]
    if not isinstance(message, dict):
        raise _LineError(f"field 'message' is {_describe(message)}, not an object")
    if "content" not in message:
        raise _LineError("missing field 'message.content'")
    text = _content_text(message["content"])
    time = _utc_time(event.get("timestamp"), "timestamp")
    if not text:
        return None
    _check_unicode(text, "message.content")
    role = message.get("role")
    speaker = role.strip() if isinstance(role, str) and role.strip() else str(event["type"])
    _check_unicode(speaker, "message.role")
    session_id = event.get("sessionId")
    if isinstance(session_id, str) and session_id.strip():
        _check_unicode(session_id, "sessionId")
        return _Utterance(session_id.strip(), None, speaker, text, time, is_own_session=True)
    _check_unicode(fallback_session, "the file name")
    return _Utterance(fallback_session, None, speaker, text, time)


def _content_text(content: object) -> str:
    """The text of a message content: the string itself,
    or its text blocks joined by blank lines."""
    if isinstance(content, str):
        return content.strip()
    if not isinstance(content, list):
        raise _LineError(
            f"field 'message.content' is {_describe(content)}, not a string or an array"
        )
    parts: list[str] = []
    for position, block in enumerate(content, start=1):
        if not isinstance(block, dict) or block.get("type") != "text":
            continue  # tool_use, tool_result, thinking, image: not conversation text
        text = block.get("text")
        if not isinstance(text, str):
            raise _LineError(
                f"text block {position} of 'message.content' has {_describe(text)}, not a string"
            )
        if text.strip():
            parts.append(text.strip())
    return "\n\n".join(parts)


def _turn_number(value: object) -> int | None:
    """A turn number from an integer or a string of digits; None when the line gave none."""
    if value is None:
        return None
    number: int | None = None
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        digits = value.strip().lstrip("0") or "0"
        if len(digits) > len(str(MAX_INTEGER)):  # int() refuses over 4,300 digits: check first
            raise _LineError(
                f"field 'turn' is {_show(value)}, past the largest integer Neo4j stores"
            )
        number = int(digits)
    elif isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        number = value
    if number is None:
        raise _LineError(f"field 'turn' is {_show(value)}, not a non-negative integer")
    if number > MAX_INTEGER:
        raise _LineError(
            f"field 'turn' is {_show(value)}, past the largest integer Neo4j stores ({MAX_INTEGER})"
        )
    return number


def _utc_time(value: object, field: str) -> datetime | None:
    """An ISO 8601 time as aware UTC (naive times are taken as UTC); None when absent."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise _LineError(f"field '{field}' is {_describe(value)}, not an ISO 8601 string")
    _check_unicode(value, field)
    try:
        parsed = datetime.fromisoformat(value.strip())
        return parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed.astimezone(UTC)
    except ValueError:
        raise _LineError(f"{field} {_show(value)} is not ISO 8601") from None
    except OverflowError:  # 0001-01-01T00:00+01:00 is before the first UTC time Python has
        raise _LineError(f"{field} {_show(value)} is out of range once converted to UTC") from None


def _check_unicode(value: str, field: str) -> None:
    """Refuse text that cannot be stored: a lone surrogate (JSON's ``"\\ud800"``) has no UTF-8."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        char = value[exc.start]
        raise _LineError(
            f"field '{field}' holds a lone surrogate (\\u{ord(char):04x}) at character "
            f"{exc.start + 1}, which is not valid Unicode"
        ) from None


def _describe(value: object) -> str:
    """The JSON kind of a value, with an article: 'an object', 'a number', 'null'."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "an array" if isinstance(value, list) else "an object"


def _show(value: object) -> str:
    """A short quoted rendering of a value for a message: 'D1:3', 3.5, [1, 2]."""
    shown = f"'{value}'" if isinstance(value, str) else json.dumps(value)
    shown = shown.encode("utf-8", "backslashreplace").decode("utf-8")  # a lone surrogate, shown
    return shown if len(shown) <= 60 else shown[:57] + "..."
