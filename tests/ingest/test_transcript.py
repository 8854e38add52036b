"""JSONL transcripts (generic and Claude Code): turns, skipped events and per-line problems;
pure, no database."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from hippograph.errors import IngestError
from hippograph.ingest.transcript import LineProblem, Turn, read_transcript
from hippograph.schema import MAX_TEXT_CHARS


def write(path: Path, *lines: object) -> Path:
    """Write each line: a dict/list as JSON, a string as is."""
    text = "\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines)
    path.write_text(text + "\n", encoding="utf-8")
    return path


# generic format


def test_generic_turns_numbered_per_session_in_file_order(tmp_path: Path) -> None:
    path = write(
        tmp_path / "chat.jsonl",
        {"session": "s1", "speaker": "Caroline", "text": "Hi Mel!", "time": "2023-05-08T13:56:00"},
        {"session": "s1", "speaker": "Melanie", "text": "Hey Caroline."},
        {
            "session": 2,
            "speaker": "Caroline",
            "text": "Back again",
            "time": "2023-05-25T10:00:00+02:00",
        },
        {"session": "s1", "speaker": "Caroline", "text": "  One more  "},
    )
    read = read_transcript(path)
    assert read.problems == [] and read.skipped == 0
    assert read.turns == [
        Turn("s1", 1, "Caroline", "Hi Mel!", datetime(2023, 5, 8, 13, 56, tzinfo=UTC), 1),
        Turn("s1", 2, "Melanie", "Hey Caroline.", None, 2),
        Turn("2", 1, "Caroline", "Back again", datetime(2023, 5, 25, 8, 0, tzinfo=UTC), 3),
        Turn("s1", 3, "Caroline", "One more", None, 4),
    ]


def test_generic_fields_that_are_not_read_are_counted(tmp_path: Path) -> None:
    """A line may carry more than session, turn, speaker, text and time (LoCoMo's shared photos:
    "blip_caption", "img_url"); the turn is read, and what was not is counted by field."""
    path = write(
        tmp_path / "chat.jsonl",
        {"session": "s1", "speaker": "A", "text": "Look!", "blip_caption": "a photo of a cake"},
        {"session": "s1", "speaker": "B", "text": "Yum", "turn": 2, "time": "2023-05-08T13:56:00"},
        {"session": "s1", "speaker": "A", "text": "Ha", "blip_caption": "a dog", "img_url": ["u"]},
    )
    read = read_transcript(path)
    assert [t.text for t in read.turns] == ["Look!", "Yum", "Ha"] and read.problems == []
    assert read.unread_fields == {"blip_caption": 2, "img_url": 1}


def test_generic_explicit_turns_kept_and_missing_ones_follow_the_highest(tmp_path: Path) -> None:
    path = write(
        tmp_path / "t.jsonl",
        {"session": "a", "turn": 5, "speaker": "u", "text": "five"},
        {"session": "a", "turn": "7", "speaker": "u", "text": "seven"},
        {"session": "a", "speaker": "u", "text": "next"},
    )
    assert [t.turn for t in read_transcript(path).turns] == [5, 7, 8]


def test_times_are_aware_utc(tmp_path: Path) -> None:
    path = write(
        tmp_path / "t.jsonl",
        {"session": "a", "speaker": "u", "text": "z", "time": "2026-01-05T10:15:00Z"},
        {"session": "a", "speaker": "u", "text": "naive", "time": "2026-01-05 10:15"},
        {"session": "a", "speaker": "u", "text": "offset", "time": "2026-01-05T12:15:00+02:00"},
    )
    times = [t.time for t in read_transcript(path).turns]
    assert times == [datetime(2026, 1, 5, 10, 15, tzinfo=UTC)] * 3
    assert all(t is not None and t.utcoffset() == timedelta(0) and t.tzinfo is UTC for t in times)


def test_generic_blank_text_is_skipped(tmp_path: Path) -> None:
    path = write(
        tmp_path / "t.jsonl",
        {"session": "a", "speaker": "u", "text": "  "},
        {"session": "a", "speaker": "u", "text": "x"},
    )
    read = read_transcript(path)
    assert read.skipped == 1 and [(t.turn, t.line) for t in read.turns] == [(1, 2)]


# Claude Code format

SESSION = "9f1c2d3e-0000-4000-8000-000000000001"


def event(kind: str, content: object, when: str, **extra: object) -> dict[str, object]:
    role = {"user": "user", "assistant": "assistant"}[kind]
    message: dict[str, object] = {"role": role, "content": content}
    if kind == "assistant":
        message.update({"id": "msg_01", "model": "claude-sonnet-4", "type": "message"})
    base: dict[str, object] = {
        "parentUuid": None,
        "isSidechain": False,
        "userType": "external",
        "cwd": "/home/dev/project",
        "sessionId": SESSION,
        "version": "1.0.80",
        "gitBranch": "main",
        "type": kind,
        "message": message,
        "uuid": "u-" + when,
        "timestamp": when,
    }
    base.update(extra)
    return base


def test_claude_code_transcript(tmp_path: Path) -> None:
    path = write(
        tmp_path / f"{SESSION}.jsonl",
        {"type": "summary", "summary": "Fix flaky test", "leafUuid": "abc"},
        event("user", "Why does test_store fail on CI?", "2026-02-01T09:00:00.123Z"),
        event(
            "assistant",
            [
                {"type": "thinking", "thinking": "Let me look.", "signature": "sig"},
                {"type": "text", "text": "I'll read the test first."},
                {
                    "type": "tool_use",
                    "id": "toolu_01",
                    "name": "Read",
                    "input": {"file_path": "/p/tests/test_store.py"},
                },
                {"type": "text", "text": "Then run it."},
            ],
            "2026-02-01T09:00:05.000Z",
        ),
        event(
            "user",
            [
                {
                    "type": "tool_result",
                    "tool_use_id": "toolu_01",
                    "content": "def test_store(): ...",
                }
            ],
            "2026-02-01T09:00:06.000Z",
            toolUseResult={"type": "text"},
        ),
        event(
            "assistant",
            [
                {
                    "type": "tool_use",
                    "id": "toolu_02",
                    "name": "Bash",
                    "input": {"command": "pytest"},
                }
            ],
            "2026-02-01T09:00:07Z",
        ),
        {
            "type": "system",
            "content": "Running hook",
            "sessionId": SESSION,
            "timestamp": "2026-02-01T09:00:08Z",
        },
        "",
        event(
            "assistant",
            [{"type": "text", "text": "The test depends on wall-clock time."}],
            "2026-02-01T09:00:09Z",
        ),
        {"type": "file-history-snapshot", "messageId": "m1", "snapshot": {}},
    )
    read = read_transcript(path)
    assert read.problems == []
    assert read.skipped == 5  # summary, tool_result-only, tool_use-only, system, snapshot
    assert read.turns == [
        Turn(
            SESSION,
            1,
            "user",
            "Why does test_store fail on CI?",
            datetime(2026, 2, 1, 9, 0, 0, 123000, tzinfo=UTC),
            2,
        ),
        Turn(
            SESSION,
            2,
            "assistant",
            "I'll read the test first.\n\nThen run it.",
            datetime(2026, 2, 1, 9, 0, 5, tzinfo=UTC),
            3,
        ),
        Turn(
            SESSION,
            3,
            "assistant",
            "The test depends on wall-clock time.",
            datetime(2026, 2, 1, 9, 0, 9, tzinfo=UTC),
            8,
        ),
    ]


def test_claude_code_session_falls_back_to_file_stem_and_speaker_to_type(tmp_path: Path) -> None:
    path = write(tmp_path / "abc123.jsonl", {"type": "user", "message": {"content": "hello"}})
    assert read_transcript(path).turns == [Turn("abc123", 1, "user", "hello", None, 1)]


def test_claude_code_bad_events_are_problems(tmp_path: Path) -> None:
    path = write(
        tmp_path / "s.jsonl",
        {"type": "user"},
        {"type": "user", "message": "hi"},
        {"type": "user", "message": {"role": "user"}},
        {"type": "user", "message": {"role": "user", "content": 3}},
        {
            "type": "assistant",
            "message": {"role": "assistant", "content": [{"type": "text", "text": None}]},
        },
        {"type": "user", "message": {"role": "user", "content": "ok"}, "timestamp": "yesterday"},
        {"type": "user", "message": {"role": "user", "content": "fine"}, "sessionId": "s"},
    )
    read = read_transcript(path)
    assert read.problems == [
        LineProblem(1, "missing field 'message'"),
        LineProblem(2, "field 'message' is a string, not an object"),
        LineProblem(3, "missing field 'message.content'"),
        LineProblem(4, "field 'message.content' is a number, not a string or an array"),
        LineProblem(5, "text block 1 of 'message.content' has null, not a string"),
        LineProblem(6, "timestamp 'yesterday' is not ISO 8601"),
    ]
    assert [(t.text, t.line) for t in read.turns] == [("fine", 7)]


# problems


def test_malformed_lines_are_reported_and_the_rest_is_read(tmp_path: Path) -> None:
    path = write(
        tmp_path / "t.jsonl",
        {"session": "a", "speaker": "u", "text": "first"},
        "not json",
        "[1, 2]",
        {"session": "a", "speaker": "u"},
        {"speaker": "u"},
        {"session": "a", "speaker": "u", "text": 42},
        {"session": True, "speaker": "u", "text": "x"},
        {"session": "a", "speaker": "", "text": "x"},
        {"session": "a", "speaker": "u", "text": "x", "turn": "D1:3"},
        {"session": "a", "speaker": "u", "text": "x", "turn": -1},
        {"session": "a", "speaker": "u", "text": "x", "time": "2026-13-01"},
        {"session": "a", "speaker": "u", "text": "x", "time": 1700000000},
        '{"session": "a", "speaker": "u", "text": "cut',
        "   ",
        {"session": "a", "speaker": "u", "text": "last"},
    )
    read = read_transcript(path)
    assert read.problems == [
        LineProblem(2, "line is not valid JSON (Expecting value at column 1)"),
        LineProblem(3, "line is an array, not a JSON object"),
        LineProblem(4, "missing field 'text'"),
        LineProblem(5, "missing fields 'session', 'text'"),
        LineProblem(6, "field 'text' is a number, not a string"),
        LineProblem(7, "field 'session' is a boolean, not a string or an integer"),
        LineProblem(8, "field 'speaker' is empty"),
        LineProblem(9, "field 'turn' is 'D1:3', not a non-negative integer"),
        LineProblem(10, "field 'turn' is -1, not a non-negative integer"),
        LineProblem(11, "time '2026-13-01' is not ISO 8601"),
        LineProblem(12, "field 'time' is a number, not an ISO 8601 string"),
        LineProblem(13, "line is not valid JSON (Unterminated string starting at column 42)"),
    ]
    assert [(t.text, t.turn, t.line) for t in read.turns] == [("first", 1, 1), ("last", 2, 15)]
    assert read.skipped == 0


def test_over_long_text_is_a_problem_not_truncated(tmp_path: Path) -> None:
    long = "x" * (MAX_TEXT_CHARS + 1)
    path = write(
        tmp_path / "t.jsonl",
        {"session": "a", "speaker": "u", "text": long},
        {"session": "a", "speaker": "u", "text": "ok"},
    )
    read = read_transcript(path)
    assert read.problems == [
        LineProblem(
            1, f"text has {MAX_TEXT_CHARS + 1} characters, over the limit of {MAX_TEXT_CHARS}"
        )
    ]
    assert [t.text for t in read.turns] == ["ok"]


def test_repeated_turn_number_is_a_problem(tmp_path: Path) -> None:
    path = write(
        tmp_path / "t.jsonl",
        {"session": "a", "turn": 1, "speaker": "u", "text": "x"},
        {"session": "a", "turn": 1, "speaker": "u", "text": "y"},
    )
    read = read_transcript(path)
    assert read.problems == [LineProblem(2, "turn 1 of session 'a' already appeared on line 1")]


def test_invalid_utf8_line_is_a_problem(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_bytes(
        b'\xef\xbb\xbf{"session": "a", "speaker": "u", "text": "bom ok"}\n{"text": "\xff"}\r\n'
    )
    read = read_transcript(path)
    assert read.problems == [LineProblem(2, "line is not valid UTF-8 (bad byte at column 11)")]
    assert [t.text for t in read.turns] == ["bom ok"]


def test_empty_file_reads_nothing(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_text("", encoding="utf-8")
    assert read_transcript(path) == read_transcript(path)
    read = read_transcript(path)
    assert (read.turns, read.problems, read.skipped) == ([], [], 0)


def test_missing_file_raises(tmp_path: Path) -> None:
    missing = tmp_path / "gone.jsonl"
    with pytest.raises(IngestError) as info:
        read_transcript(missing)
    assert info.value.path == str(missing)
    assert str(info.value) == f"{missing}: no such transcript file; check the path"


def test_folder_instead_of_file_raises(tmp_path: Path) -> None:
    with pytest.raises(IngestError, match="is a folder, not a JSONL transcript file"):
        read_transcript(tmp_path)


def test_non_utc_offset_is_converted(tmp_path: Path) -> None:
    path = write(
        tmp_path / "t.jsonl",
        {"session": "a", "speaker": "u", "text": "x", "time": "2026-01-01T00:30:00-05:00"},
    )
    (turn,) = read_transcript(path).turns
    assert turn.time == datetime(2026, 1, 1, 5, 30, tzinfo=UTC)
    assert turn.time == datetime(2026, 1, 1, 0, 30, tzinfo=timezone(timedelta(hours=-5)))


def test_control_character_in_a_string_is_reported_once(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_text('{"session": "a", "speaker": "u", "text": "tab\there"}\n', encoding="utf-8")
    assert read_transcript(path).problems == [
        LineProblem(1, "line is not valid JSON (Invalid control character at column 46)")
    ]


# every line checked completely: integer ranges Neo4j can store, text that encodes as UTF-8


def test_numbers_and_text_no_store_can_hold_are_problems(tmp_path: Path) -> None:
    big = 2**63
    path = write(
        tmp_path / "t.jsonl",
        {"session": "a", "turn": 2**63 - 1, "speaker": "u", "text": "largest"},
        {"session": "a", "speaker": "u", "text": "one past the largest"},
        json.dumps({"session": "b", "turn": big, "speaker": "u", "text": "x"}),
        {"session": "b", "turn": str(big), "speaker": "u", "text": "x"},
        {"session": "b", "turn": "9" * 5000, "speaker": "u", "text": "x"},
        '{"session": "b", "turn": ' + "9" * 5000 + ', "speaker": "u", "text": "x"}',
        '{"session": "b", "speaker": "u", "text": "a \\ud800 b"}',
        '{"session": "b", "speaker": "\\udfff", "text": "x"}',
        '{"session": "\\ud83d", "speaker": "u", "text": "x"}',
        {"session": "b", "speaker": "u", "text": "x", "time": "0001-01-01T00:00:00+01:00"},
        "[" * 100_000 + "]" * 100_000,
        '{"session": "b", "speaker": "u", "text": "\\ud83d\\ude00 a real emoji"}',
    )
    read = read_transcript(path)
    huge = "9" * 57 + "..."
    assert read.problems == [
        LineProblem(
            2,
            "turn 9223372036854775808 of session 'a' is past the largest integer Neo4j stores "
            "(9223372036854775807)",
        ),
        LineProblem(
            3,
            "field 'turn' is 9223372036854775808, past the largest integer Neo4j stores "
            "(9223372036854775807)",
        ),
        LineProblem(
            4,
            "field 'turn' is '9223372036854775808', past the largest integer Neo4j stores "
            "(9223372036854775807)",
        ),
        LineProblem(5, f"field 'turn' is '{huge[:56]}..., past the largest integer Neo4j stores"),
        LineProblem(6, "line holds a number too long to read (over 4300 digits)"),
        LineProblem(
            7,
            "field 'text' holds a lone surrogate (\\ud800) at character 3, which is not valid "
            "Unicode",
        ),
        LineProblem(
            8,
            "field 'speaker' holds a lone surrogate (\\udfff) at character 1, which is not "
            "valid Unicode",
        ),
        LineProblem(
            9,
            "field 'session' holds a lone surrogate (\\ud83d) at character 1, which is not "
            "valid Unicode",
        ),
        LineProblem(10, "time '0001-01-01T00:00:00+01:00' is out of range once converted to UTC"),
        LineProblem(11, "line nests arrays or objects too deeply to read"),
    ]
    assert [(t.session, t.turn, t.text) for t in read.turns] == [
        ("a", 2**63 - 1, "largest"),
        ("b", 1, "\U0001f600 a real emoji"),
    ]


def test_claude_code_surrogates_are_problems(tmp_path: Path) -> None:
    path = write(
        tmp_path / "s.jsonl",
        '{"type": "user", "sessionId": "\\ud800", "message": {"content": "hi"}}',
        '{"type": "user", "message": {"role": "us\\udc00er", "content": "hi"}}',
        '{"type": "user", "message": {"content": [{"type": "text", "text": "\\udbff"}]}}',
    )
    assert [p.message for p in read_transcript(path).problems] == [
        "field 'sessionId' holds a lone surrogate (\\ud800) at character 1, which is not valid "
        "Unicode",
        "field 'message.role' holds a lone surrogate (\\udc00) at character 3, which is not "
        "valid Unicode",
        "field 'message.content' holds a lone surrogate (\\udbff) at character 1, which is not "
        "valid Unicode",
    ]


# identity: the transcript's own session id, else a hash of its first turn; never its path


def test_identity_is_the_session_id_or_the_first_turn(tmp_path: Path) -> None:
    claude = read_transcript(
        write(tmp_path / "x.jsonl", event("user", "hello", "2026-02-01T09:00:00Z"))
    )
    assert claude.own_sessions == {SESSION}
    assert claude.origin(claude.turns[0]) == ""
    rows = [{"session": "s1", "speaker": "u", "text": f"t{n}"} for n in range(1, 4)]
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = read_transcript(write(tmp_path / "a" / "one.jsonl", *rows[:1]))
    grown = read_transcript(write(tmp_path / "b" / "other-name.jsonl", *rows))
    other = read_transcript(write(tmp_path / "c.jsonl", *rows[1:]))
    assert first.own_sessions == set()
    assert first.fingerprint == grown.fingerprint != other.fingerprint
    assert grown.origin(grown.turns[2]) == f"sha:{grown.fingerprint}"
