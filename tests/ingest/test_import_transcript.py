"""Transcript import against the real server: one copy of each turn however the file is named,
bad lines skipped (never half an import), an empty transcript refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from hippograph.cli import app
from hippograph.config import Settings
from hippograph.errors import IngestError
from hippograph.graph.client import Graph
from hippograph.hooks import capture
from hippograph.memory import Memory
from tests.fakes import Clock

SESSION = "5e0c1d2e-0000-4000-8000-00000000abcd"


def write_jsonl(path: Path, rows: list[Any]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows),
        encoding="utf-8",
    )
    return path


def generic(session: str, turns: range, word: str = "turn") -> list[dict[str, Any]]:
    return [
        {"session": session, "turn": t, "speaker": "u" if t % 2 else "a", "text": f"{word} {t}"}
        for t in turns
    ]


def claude_code_events() -> list[dict[str, Any]]:
    def event(kind: str, text: str, second: int) -> dict[str, Any]:
        return {
            "type": kind,
            "sessionId": SESSION,
            "timestamp": f"2026-02-01T10:00:{second:02d}Z",
            "message": {"role": kind, "content": [{"type": "text", "text": text}]},
        }

    return [
        {"type": "summary", "summary": "Deploy talk"},
        event("user", "Remember that we deploy with make release", 0),
        event("assistant", "Noted, make release it is.", 5),
        event("user", "Never deploy on Fridays", 9),
    ]


def episodes(graph: Graph) -> list[dict[str, Any]]:
    return graph.read_text(
        "MATCH (e:Episode) RETURN e.id AS id, e.session AS session, e.turn AS turn, "
        "e.text AS text, e.retired_at IS NOT NULL AS retired ORDER BY session, turn, id",
        {},
    ).rows


def count(graph: Graph) -> int:
    return int(graph.read_text("MATCH (e:Episode) RETURN count(e) AS n", {}).rows[0]["n"])


def chain(graph: Graph, session: str) -> list[tuple[int, int]]:
    """The live NEXT edges of a session, as (turn, turn)."""
    rows = graph.read_text(
        "MATCH (a:Episode {session: $s})-[n:NEXT]->(b:Episode) WHERE n.retired_at IS NULL "
        "RETURN a.turn AS a, b.turn AS b ORDER BY a, b",
        {"s": session},
    ).rows
    return [(r["a"], r["b"]) for r in rows]


def memory_at(graph: Graph, settings: Settings, cwd: Path, clock: Clock) -> Memory:
    cwd.mkdir(parents=True, exist_ok=True)
    return Memory(graph, settings.model_copy(update={"branch": "main"}), cwd=cwd, clock=clock)


# item 1: identity from the transcript, never from the path as typed


def test_one_transcript_imported_from_four_folders_is_one_copy(
    graph: Graph, settings: Settings, clock: Clock, tmp_path: Path
) -> None:
    path = write_jsonl(tmp_path / "work" / "session.jsonl", generic("s1", range(1, 4)))
    typed = [
        (tmp_path / "work", Path("session.jsonl")),
        (tmp_path / "work", path),
        (tmp_path / "work" / "sub", Path("../session.jsonl")),
        (tmp_path / "elsewhere", Path("../work/session.jsonl")),
    ]
    reports = [
        memory_at(graph, settings, cwd, clock).import_transcript(Path(cwd, name))
        for cwd, name in typed
    ]
    assert [(r.imported, r.already_present) for r in reports] == [(3, 0), (0, 3), (0, 3), (0, 3)]
    assert [e["text"] for e in episodes(graph)] == ["turn 1", "turn 2", "turn 3"]
    assert chain(graph, "s1") == [(1, 2), (2, 3)]


def test_cli_import_from_two_working_folders_is_one_copy(
    graph: Graph, env_for_cli: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_jsonl(tmp_path / "t" / "chat.jsonl", generic("s1", range(1, 3)))
    runner = CliRunner()
    monkeypatch.chdir(tmp_path / "t")
    first = runner.invoke(app, ["import", "transcript", "chat.jsonl"], catch_exceptions=False)
    assert first.exit_code == 0, first.output
    (tmp_path / "other").mkdir()
    monkeypatch.chdir(tmp_path / "other")
    again = runner.invoke(app, ["import", "transcript", str(path)], catch_exceptions=False)
    assert again.stdout.startswith(f"{path}: 0 turn(s) imported in 1 session(s), 2 already")
    assert len(episodes(graph)) == 2


def test_capture_and_import_of_one_session_give_one_copy(
    graph: Graph, settings: Settings, clock: Clock, tmp_path: Path
) -> None:
    transcript = write_jsonl(tmp_path / "claude" / f"{SESSION}.jsonl", claude_code_events())
    work = tmp_path / "work"
    memory = memory_at(graph, settings, work, clock)
    report = memory.import_transcript(Path("..") / "claude" / transcript.name)
    assert report.imported == 3
    summary = capture.capture(transcript, work, memory=memory)
    assert (summary["episodes_imported"], summary["episodes_present"]) == (0, 3)
    # captured statements link to the episodes the import made
    assert len(summary["recorded"]) == 2
    from_turns = {
        e["target_id"]
        for r in summary["recorded"]
        for e in memory.get(r["id"]).edges
        if e["type"] == "FROM"
    }
    assert from_turns <= {e["id"] for e in episodes(graph)}
    # and the other way round: the capture first, an import from another folder after
    graph.run_autocommit("clear_database")
    capture.capture(transcript, work, memory=memory)
    again = memory_at(graph, settings, tmp_path / "x" / "y", clock).import_transcript(transcript)
    assert (again.imported, again.already_present) == (0, 3)
    assert len(episodes(graph)) == 3


def test_a_growing_transcript_keeps_its_identity(
    graph: Graph, memory: Memory, tmp_path: Path
) -> None:
    path = write_jsonl(tmp_path / "t.jsonl", generic("s1", range(1, 3)))
    assert memory.import_transcript(path).imported == 2
    write_jsonl(path, generic("s1", range(1, 5)))
    report = memory.import_transcript(path)
    assert (report.imported, report.already_present) == (2, 2)
    assert chain(graph, "s1") == [(1, 2), (2, 3), (3, 4)]


def test_files_with_a_session_of_the_same_name_stay_apart_and_unchained(
    graph: Graph, memory: Memory, tmp_path: Path
) -> None:
    a = write_jsonl(tmp_path / "a.jsonl", generic("s1", range(1, 3), "alpha"))
    b = write_jsonl(tmp_path / "b.jsonl", generic("s1", range(1, 3), "beta"))
    assert memory.import_transcript(a).imported == 2
    assert memory.import_transcript(b).imported == 2
    rows = graph.read_text(
        "MATCH (x:Episode)-[n:NEXT]->(y:Episode) RETURN x.text AS x, y.text AS y ORDER BY x", {}
    ).rows
    assert [(r["x"], r["y"]) for r in rows] == [("alpha 1", "alpha 2"), ("beta 1", "beta 2")]


# item 2: every line checked before anything is written; bad lines skipped, never fatal


def big_transcript(path: Path, size: int, bad: dict[int, str]) -> Path:
    rows: list[Any] = []
    for line in range(1, size + 1):
        rows.append(
            bad.get(line)
            or {"session": "s", "turn": line, "speaker": "u", "text": f"line {line} text"}
        )
    return write_jsonl(path, rows)


BAD_LINES = {
    1100: '{"session": "s", "turn": 1100, "speaker": "u", "text": "bad \\ud800 here"}',
    700: json.dumps({"session": "s", "turn": 2**63, "speaker": "u", "text": "huge"}),
    900: '{"session": "s", "turn": 900, "speaker": "\\udfff", "text": "x"}',
}


def test_bad_lines_deep_in_a_long_transcript_are_skipped_not_fatal(
    graph: Graph, memory: Memory, tmp_path: Path
) -> None:
    path = big_transcript(tmp_path / "long.jsonl", 1200, BAD_LINES)
    report = memory.import_transcript(path)
    assert (report.imported, report.bad_lines) == (1197, 3)
    assert [p["line"] for p in report.problems] == [700, 900, 1100]
    assert report.problems[0]["message"] == (
        "field 'turn' is 9223372036854775808, past the largest integer Neo4j stores "
        "(9223372036854775807)"
    )
    assert report.problems[2]["message"] == (
        "field 'text' holds a lone surrogate (\\ud800) at character 5, which is not valid Unicode"
    )
    assert count(graph) == 1197
    again = memory.import_transcript(path)  # a re-run no longer fails the same way
    assert (again.imported, again.already_present, again.bad_lines) == (0, 1197, 3)


def test_strict_imports_nothing_when_any_line_is_bad(
    graph: Graph, memory: Memory, tmp_path: Path
) -> None:
    path = big_transcript(tmp_path / "long.jsonl", 1200, BAD_LINES)
    with pytest.raises(IngestError) as info:
        memory.import_transcript(path, strict=True)
    assert str(info.value) == (
        "long.jsonl:700: field 'turn' is 9223372036854775808, past the largest integer Neo4j "
        "stores (9223372036854775807) (3 bad lines: lines 700, 900 and 1100; nothing imported "
        "because of --strict)"
    )
    assert episodes(graph) == []


def test_a_turn_no_episode_can_hold_is_a_bad_line(
    graph: Graph, memory: Memory, tmp_path: Path
) -> None:
    path = write_jsonl(
        tmp_path / "t.jsonl",
        [
            {"session": "s", "speaker": "u", "text": "fine"},
            {"session": "x" * 2100, "speaker": "u", "text": "its source_ref would be too long"},
        ],
    )
    report = memory.import_transcript(path)
    assert report.imported == 1 and [p["line"] for p in report.problems] == [2]
    assert report.problems[0]["message"].startswith("the turn cannot be stored (source_ref: ")
    with pytest.raises(IngestError, match=r"t.jsonl:2: the turn cannot be stored"):
        memory.import_transcript(path, strict=True)


def test_a_fixed_line_imported_later_is_chained_where_it_belongs(
    graph: Graph, memory: Memory, tmp_path: Path
) -> None:
    bad = {3: '{"session": "s", "turn": 3, "speaker": "u", "text": "\\ud800"}'}
    path = big_transcript(tmp_path / "t.jsonl", 5, bad)
    memory.import_transcript(path)
    assert chain(graph, "s") == [(1, 2), (2, 4), (4, 5)]
    fixed = big_transcript(path, 6, {})  # line 3 fixed, and a sixth turn said since
    report = memory.import_transcript(fixed)
    assert (report.imported, report.already_present) == (2, 4)
    assert chain(graph, "s") == [(1, 2), (2, 3), (3, 4), (4, 5), (5, 6)]
    retired = graph.read_text(
        "MATCH (:Episode {turn: 2})-[n:NEXT]->(:Episode {turn: 4}) RETURN n.retired_at AS at", {}
    ).rows
    assert len(retired) == 1 and retired[0]["at"] is not None  # kept, retired: history holds it


# item 3: an empty transcript is an error naming the file


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([], "the transcript is empty (no JSON lines); nothing to import"),
        (["", "   "], "the transcript is empty (no JSON lines); nothing to import"),
        (
            [{"type": "summary", "summary": "x"}, {"type": "system", "content": "hook"}],
            "the transcript holds no conversation turn (2 events, none with user or assistant "
            "text); nothing to import",
        ),
    ],
)
def test_an_empty_transcript_is_an_ingest_error(
    graph: Graph, memory: Memory, tmp_path: Path, rows: list[Any], message: str
) -> None:
    path = write_jsonl(tmp_path / "empty.jsonl", rows)
    with pytest.raises(IngestError) as info:
        memory.import_transcript(path)
    assert str(info.value) == f"empty.jsonl: {message}"
    assert info.value.path == "empty.jsonl"


def test_cli_reports_empty_and_bad_transcripts_in_one_line(
    graph: Graph, env_for_cli: dict[str, str], tmp_path: Path
) -> None:
    runner = CliRunner()
    write_jsonl(tmp_path / "empty.jsonl", [])
    empty = runner.invoke(app, ["import", "transcript", "empty.jsonl"])
    assert (empty.exit_code, empty.stderr) == (
        1,
        "Error: empty.jsonl: the transcript is empty (no JSON lines); nothing to import\n",
    )
    write_jsonl(
        tmp_path / "t.jsonl",
        [
            {"session": "s", "speaker": "u", "text": "fine"},
            '{"session": "s", "speaker": "u", "text": "\\ud800"}',
            {"session": "s", "speaker": "u", "text": "also fine"},
        ],
    )
    mixed = runner.invoke(app, ["import", "transcript", "t.jsonl"])
    assert mixed.exit_code == 0
    assert mixed.stdout == (
        "t.jsonl: 2 turn(s) imported in 1 session(s), 0 already present, 0 event(s) skipped, "
        "1 bad line(s) skipped (line 2)\n"
    )
    assert mixed.stderr == (
        "  t.jsonl:2: field 'text' holds a lone surrogate (\\ud800) at character 1, which is not "
        "valid Unicode\n"
    )
    strict = runner.invoke(app, ["import", "transcript", "t.jsonl", "--strict", "--json"])
    assert strict.exit_code == 1 and strict.stdout == ""
    assert strict.stderr.startswith("Error: t.jsonl:2: field 'text' holds a lone surrogate")


def test_cli_says_which_fields_it_did_not_read(
    graph: Graph, env_for_cli: dict[str, str], tmp_path: Path
) -> None:
    runner = CliRunner()
    write_jsonl(
        tmp_path / "p.jsonl",
        [
            {"session": "s", "speaker": "u", "text": "look", "blip_caption": "a photo of a cake"},
            {"session": "s", "speaker": "v", "text": "nice"},
        ],
    )
    out = runner.invoke(app, ["import", "transcript", "p.jsonl"])
    assert out.exit_code == 0 and out.stdout.startswith("p.jsonl: 2 turn(s) imported")
    assert out.stderr == (
        "  fields not read: 'blip_caption' (1 line(s)); only session, turn, speaker, text and "
        "time are read, so put what should be remembered into 'text'\n"
    )
    as_json = runner.invoke(app, ["import", "transcript", "p.jsonl", "--json"])
    assert json.loads(as_json.stdout)["unread_fields"] == {"blip_caption": 1}


def test_a_file_reusing_a_session_name_is_not_linked_into_the_other(
    graph: Graph, memory: Memory, tmp_path: Path
) -> None:
    memory.import_transcript(write_jsonl(tmp_path / "a.jsonl", generic("s1", range(1, 4), "a")))
    other = write_jsonl(tmp_path / "o.jsonl", [{"session": "s1", "speaker": "u", "text": "o 1"}])
    assert memory.import_transcript(other).imported == 1
    assert chain(graph, "s1") == [(1, 2), (2, 3)]  # o's turn 1 stands alone
    later = write_jsonl(
        tmp_path / "c.jsonl",
        [{"session": "s1", "turn": 4, "speaker": "u", "text": "a 4, continued in another file"}],
    )
    memory.import_transcript(later)
    assert chain(graph, "s1") == [(1, 2), (2, 3), (3, 4)]


def test_a_long_import_reports_its_phases_parse_embed_write(
    graph: Graph, settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hippograph.ingest import import_transcript as importer
    from tests.fakes import HashingEmbedder

    monkeypatch.setattr(importer, "BATCH_TURNS", 4)
    path = write_jsonl(tmp_path / "t.jsonl", generic("s1", range(1, 11)))
    memory = Memory(graph, settings, cwd=tmp_path, embedder=HashingEmbedder())
    steps: list[tuple[int, int, str]] = []
    report = memory.import_transcript(path, progress=lambda *step: steps.append(step))
    assert report.imported == 10
    assert steps == [
        (0, 0, "parse t.jsonl"),
        (0, 10, "embed turns 1-4"),
        (0, 10, "write turns 1-4"),
        (4, 10, "embed turns 5-8"),
        (4, 10, "write turns 5-8"),
        (8, 10, "embed turns 9-10"),
        (8, 10, "write turns 9-10"),
        (10, 10, "done"),
    ]
