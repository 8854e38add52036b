"""Markdown and transcript import through the pipeline, against the real server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hippograph.errors import IngestError
from hippograph.graph.client import Graph
from hippograph.memory import Memory

MEMORY_MD = """# Project memory

## Database
- We use Postgres 16 for OLTP.
- Migrations run with alembic.

## Style
Tabs are forbidden; use four spaces.

- Run `make test` before pushing.
"""


def test_markdown_units_keep_their_line_ranges(memory: Memory, tmp_path: Path) -> None:
    (tmp_path / "MEMORY.md").write_text(MEMORY_MD)
    report = memory.import_markdown([tmp_path])
    assert report.totals()["created"] == 4
    units = {u["text"]: u for u in memory.units()}
    pg = units["We use Postgres 16 for OLTP."]
    assert pg["source_ref"] == "MEMORY.md#L4-L4" and pg["title"] == "Project memory / Database"
    assert units["Tabs are forbidden; use four spaces."]["source_ref"] == "MEMORY.md#L8-L8"
    got = memory.get(pg["id"])
    assert got.source_lines == "- We use Postgres 16 for OLTP."
    assert any(e["type"] == "FROM" for e in got.edges)


def test_reimport_unchanged_file_writes_nothing(memory: Memory, tmp_path: Path) -> None:
    (tmp_path / "MEMORY.md").write_text(MEMORY_MD)
    memory.import_markdown([tmp_path])
    before = len(memory.log(limit=10_000))
    report = memory.import_markdown([tmp_path])
    assert report.files[0]["status"] == "unchanged"
    assert len(memory.log(limit=10_000)) == before


def test_editing_one_line_changes_one_unit(memory: Memory, tmp_path: Path) -> None:
    path = tmp_path / "MEMORY.md"
    path.write_text(MEMORY_MD)
    memory.import_markdown([tmp_path])
    old = {u["text"]: u["id"] for u in memory.units()}
    path.write_text(MEMORY_MD.replace("Postgres 16", "Postgres 17"))
    report = memory.import_markdown([tmp_path])
    assert report.files[0]["superseded"] == 1 and report.files[0]["unchanged"] == 3
    now = {u["text"]: u["id"] for u in memory.units()}
    assert "We use Postgres 17 for OLTP." in now and "We use Postgres 16 for OLTP." not in now
    for text in (
        "Migrations run with alembic.",
        "Tabs are forbidden; use four spaces.",
        "Run `make test` before pushing.",
    ):
        assert now[text] == old[text]
    old_pg = memory.get(old["We use Postgres 16 for OLTP."])
    assert any(e["type"] == "SUPERSEDED_BY" for e in old_pg.edges)


def test_removed_line_is_deprecated_and_moved_line_keeps_identity(
    memory: Memory, tmp_path: Path
) -> None:
    path = tmp_path / "CLAUDE.md"
    path.write_text(MEMORY_MD)
    memory.import_markdown([path])
    old = {u["text"]: u["id"] for u in memory.units()}
    path.write_text(
        MEMORY_MD.replace("- Migrations run with alembic.\n", "").replace(
            "# Project memory\n", "# Project memory\n\n"
        )
    )
    report = memory.import_markdown([path])
    assert report.files[0]["deprecated"] == 1 and report.files[0]["moved"] >= 1
    gone = memory.get(old["Migrations run with alembic."])
    assert gone.unit["truth_status"] == "deprecated"


def test_transcript_turns_become_chained_searchable_episodes(
    memory: Memory, graph: Graph, tmp_path: Path
) -> None:
    lines = [
        {
            "session": "s1",
            "turn": 1,
            "speaker": "ana",
            "text": "We should cache the token",
            "time": "2026-03-01T10:00:00Z",
        },
        {
            "session": "s1",
            "turn": 2,
            "speaker": "bo",
            "text": "Agreed, 5 minutes TTL",
            "time": "2026-03-01T10:01:00Z",
        },
        {
            "session": "s2",
            "turn": 1,
            "speaker": "ana",
            "text": "Token cache shipped",
            "time": "2026-03-02T10:00:00Z",
        },
    ]
    path = tmp_path / "chat.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\nnot json\n")
    report = memory.import_transcript(path, scope="conv-1")
    assert report.imported == 3 and report.sessions == 2
    assert report.problems == [{"line": 4, "message": report.problems[0]["message"]}]
    episodes = {u["text"]: u for u in memory.units(kind="episode", limit=10)}
    first = episodes["We should cache the token"]
    assert first["source_ref"] == "chat.jsonl#s1:1" and first["scope"] == "conv-1"
    edges = memory.get(first["id"]).edges
    assert [e["target_id"] for e in edges if e["type"] == "NEXT"] == [
        episodes["Agreed, 5 minutes TTL"]["id"]
    ]
    again = memory.import_transcript(path, scope="conv-1")
    assert again.imported == 0 and again.already_present == 3


def test_transcript_strict_imports_nothing_on_a_bad_line(memory: Memory, tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_text(
        '{"session": "a", "speaker": "x", "text": "fine"}\n{"session": "a", "speaker": "x"}\n'
    )
    with pytest.raises(IngestError, match=r"t.jsonl:2: missing field 'text'"):
        memory.import_transcript(path, strict=True)
    assert list(memory.units(kind="episode")) == []


def test_transcript_continues_a_session_across_imports(memory: Memory, tmp_path: Path) -> None:
    a = tmp_path / "a.jsonl"
    a.write_text('{"session": "s", "turn": 1, "speaker": "x", "text": "one"}\n')
    memory.import_transcript(a)
    b = tmp_path / "b.jsonl"
    b.write_text('{"session": "s", "turn": 2, "speaker": "x", "text": "two"}\n')
    memory.import_transcript(b)
    eps = {u["text"]: u["id"] for u in memory.units(kind="episode")}
    nexts = [e for e in memory.get(eps["one"]).edges if e["type"] == "NEXT"]
    assert [e["target_id"] for e in nexts] == [eps["two"]]


def test_claude_code_transcript(memory: Memory, tmp_path: Path) -> None:
    events = [
        {
            "type": "user",
            "sessionId": "abc",
            "timestamp": "2026-03-01T10:00:00Z",
            "message": {"role": "user", "content": "Remember that we deploy with make release"},
        },
        {
            "type": "assistant",
            "sessionId": "abc",
            "timestamp": "2026-03-01T10:00:05Z",
            "message": {
                "role": "assistant",
                "content": [
                    {"type": "text", "text": "Noted."},
                    {"type": "tool_use", "name": "Bash", "input": {}},
                ],
            },
        },
        {"type": "summary", "summary": "deploy talk"},
    ]
    path = tmp_path / "session.jsonl"
    path.write_text("\n".join(json.dumps(e) for e in events) + "\n")
    report = memory.import_transcript(path)
    assert report.imported == 2
    refs = sorted(u["source_ref"] for u in memory.units(kind="episode"))
    assert refs == ["session.jsonl#1", "session.jsonl#2"]


def test_review_accept_conflict_keeps_the_chosen_unit(memory: Memory) -> None:
    user = memory.remember(
        "Max upload is 10 MB", about=["uploads"], topic="limit", source="user", source_ref="c#1"
    )
    web = memory.remember(
        "Max upload is 50 MB",
        about=["uploads"],
        topic="limit",
        source="web",
        source_ref="https://x",
    )
    items = memory.review()
    conflict = next(i for i in items if i.kind == "Conflict")
    assert {u["id"] for u in conflict.involves} == {user.id, web.id}
    out = memory.resolve(conflict.item["id"], accept=True, keep=user.id)
    assert out.kept == user.id and out.status == "accepted"
    assert memory.get(web.id).believed is False
    assert memory.get(user.id).unit["in_conflict"] is False
    assert all(i.item["id"] != conflict.item["id"] for i in memory.review())
