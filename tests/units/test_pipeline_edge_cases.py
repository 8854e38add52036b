"""Edge cases of the write path found in review, each pinned by a test."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from hippograph.config import Settings
from hippograph.errors import ConflictError
from hippograph.graph.client import Graph
from hippograph.memory import Memory
from tests.fakes import Clock

USER = {"source": "user", "source_ref": "chat#1"}


def test_a_feature_branch_never_closes_mains_unit(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    main = Memory(graph, settings.model_copy(update={"branch": "main"}), cwd=tmp_path, clock=clock)
    feat = Memory(
        graph, settings.model_copy(update={"branch": "feat/duck"}), cwd=tmp_path, clock=clock
    )
    old = main.remember(
        "Analytics run on ClickHouse", about=["analytics"], topic="database", **USER
    )
    new = feat.remember("Analytics run on DuckDB", about=["analytics"], topic="database", **USER)
    assert new.superseded == [old.id]
    assert main.get(old.id).believed is True  # main unchanged
    assert [u["id"] for u in main.units()] == [old.id]
    assert [u["id"] for u in feat.units()] == [new.id]  # hidden on the branch
    assert [i["id"] for i in feat.recall("analytics database", mode="keyword").items] == [new.id]
    assert [i["id"] for i in main.recall("analytics database", mode="keyword").items] == [old.id]
    merged = main.branch_merge("feat/duck")
    assert merged.closed == [old.id]
    assert main.get(old.id).believed is False and [u["id"] for u in main.units()] == [new.id]


def test_confirm_refuses_a_closed_unit_and_forget_twice_is_refused(memory: Memory) -> None:
    old = memory.remember("CI uses Jenkins", about=["ci"], topic="runner", **USER)
    memory.remember("CI uses GitHub Actions", about=["ci"], topic="runner", **USER)
    with pytest.raises(ConflictError, match="is closed"):
        memory.confirm(old.id)
    unit = memory.remember("Use tabs", about=["style"], **USER)
    memory.deprecate(unit.id, reason="spaces now")
    with pytest.raises(ConflictError, match="already deprecated"):
        memory.deprecate(unit.id, reason="again")


def test_explicit_supersede_by_a_less_trusted_source_does_not_open_a_conflict(
    memory: Memory,
) -> None:
    old = memory.remember(
        "Staging deploys use Helm", about=["staging"], topic="deploy tool", **USER
    )
    new = memory.supersede(
        old.id,
        "Staging deploys use Kustomize",
        reason="agent saw the repo",
        source="agent",
        source_ref="session#9",
    )
    assert new.superseded == [old.id] and new.conflicts == []


def test_a_re_mention_adds_the_missing_link_and_closes_the_task(memory: Memory) -> None:
    first = memory.remember("Nightly export starts at 02:00 UTC", **USER)
    assert first.tasks
    again = memory.remember("Nightly export starts at 02:00 UTC", about=["export"], **USER)
    assert again.action == "strengthened"
    assert any(e["type"] == "ABOUT" for e in memory.get(first.id).edges)
    assert memory.get(first.tasks[0]).unit["status"] == "done"


def test_transcripts_with_the_same_session_name_do_not_collide(
    memory: Memory, tmp_path: Path
) -> None:
    for name in ("a.jsonl", "b.jsonl"):
        (tmp_path / name).write_text(
            json.dumps({"session": "s1", "turn": 1, "speaker": "u", "text": f"hello from {name}"})
            + "\n"
        )
        assert memory.import_transcript(tmp_path / name).imported == 1


def test_rollback_then_reimport_revives_episodes(
    memory: Memory, clock: Clock, tmp_path: Path
) -> None:
    cut = clock.advance(minutes=1)
    clock.advance(minutes=1)
    path = tmp_path / "t.jsonl"
    path.write_text(
        json.dumps({"session": "s", "turn": 1, "speaker": "u", "text": "we pin numpy below 3"})
        + "\n"
    )
    memory.import_transcript(path)
    memory.rollback(cut)
    assert list(memory.units(kind="episode")) == []
    assert memory.import_transcript(path).imported == 1
    assert len(memory.units(kind="episode")) == 1


def test_markdown_reimport_leaves_hand_remembered_units_alone(
    memory: Memory, tmp_path: Path
) -> None:
    md = tmp_path / "MEMORY.md"
    md.write_text("- Use uv.\n")
    memory.import_markdown([md])
    mine = memory.remember(
        "Releases freeze in December",
        about=["releases"],
        source="user",
        source_ref="MEMORY.md#L3-L3",
    )
    md.write_text("- Use uv for everything.\n")
    memory.import_markdown([md])
    assert memory.get(mine.id).believed is True


def test_imported_markdown_passes_the_strict_gate(memory: Memory, tmp_path: Path) -> None:
    (tmp_path / "CLAUDE.md").write_text("- Ruff line length is 120.\n")
    memory.import_markdown([tmp_path])
    result = memory.recall("ruff line length", mode="keyword")
    assert not result.abstain and result.items[0]["source_ref"] == "CLAUDE.md#L1-L1"


def test_blank_settings_mean_default_and_weights_are_checked() -> None:
    s = Settings(_env_file=None, java_home="", model_path="  ", data_dir="", neo4j_password="")  # type: ignore[call-arg, arg-type]
    assert s.java_home is None and s.model_path is None and s.neo4j_password is None
    assert s.data_dir.name == "hippograph"
    with pytest.raises(ValidationError, match="give all six weights"):
        Settings(_env_file=None, retrieval_weights={"trust": 0.2})  # type: ignore[call-arg]


def test_an_old_statement_learned_late_is_history_not_a_conflict(
    memory: Memory, clock: Clock
) -> None:
    from datetime import timedelta

    new = memory.remember(
        "Analytics run on ClickHouse",
        about=["analytics"],
        topic="database",
        valid_from=clock.now - timedelta(days=10),
        **USER,
    )
    old = memory.remember(
        "Analytics run on Postgres",
        about=["analytics"],
        topic="database",
        valid_from=clock.now - timedelta(days=100),
        **USER,
    )
    assert old.conflicts == [] and old.superseded_by == new.id
    assert memory.get(old.id).believed is False and memory.get(new.id).believed is True


def test_a_different_number_is_not_a_near_duplicate(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    from tests.fakes import HashingEmbedder

    mem = Memory(
        graph,
        settings.model_copy(update={"branch": "main"}),
        cwd=tmp_path,
        clock=clock,
        embedder=HashingEmbedder(),
    )
    old = mem.remember(
        "The public API rate limit is 100 requests per minute", about=["api"], **USER
    )
    new = mem.remember(
        "The public API rate limit is 600 requests per minute", about=["api"], **USER
    )
    assert new.id != old.id and new.action == "created"
