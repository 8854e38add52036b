"""The ingest pipeline end to end against the real test server (SPEC §3)."""

from __future__ import annotations

import threading
from datetime import timedelta
from pathlib import Path

import pytest
from pydantic import ValidationError

from hippograph.config import Settings
from hippograph.errors import ConflictError, IngestError, NotFoundError
from hippograph.graph.client import Graph
from hippograph.memory import Memory
from hippograph.units import policy
from tests.fakes import Clock, HashingEmbedder

USER = {"source": "user", "source_ref": "chat#1"}


def test_clickhouse_story_supersedes_postgres(memory: Memory, clock: Clock) -> None:
    old = memory.remember(
        "We use Postgres for analytics", about=["analytics store"], topic="database", **USER
    )
    assert old.action == "created"
    t_before = clock.advance(days=10)
    new = memory.remember(
        "We moved to ClickHouse; Postgres is only OLTP now",
        about=["analytics store"],
        topic="database",
        **USER,
    )
    assert new.action == "created" and new.superseded == [old.id]
    closed = memory.get(old.id)
    assert closed.unit["valid_until"] is not None
    assert closed.unit["text"] == "We use Postgres for analytics"  # never edited in place
    assert closed.believed is False
    assert any(e["type"] == "SUPERSEDED_BY" and e["target_id"] == new.id for e in closed.edges)
    assert memory.get(new.id).believed is True
    # as of before the move, Postgres was current and ClickHouse unknown
    assert memory.get(old.id, as_of=t_before).believed is True
    with pytest.raises(NotFoundError, match="was not in memory yet"):
        memory.get(new.id, as_of=t_before)
    hist = memory.history(old.id)
    assert [u.id for u in hist.superseded_by] == [new.id]
    assert [u.id for u in memory.history(new.id).supersedes] == [old.id]


def test_re_mention_strengthens_instead_of_duplicating(memory: Memory) -> None:
    first = memory.remember("Tabs are forbidden in Python files", about=["style"], **USER)
    again = memory.remember(
        "tabs are forbidden in python files.", about=["style"], source="agent", source_ref="s#2"
    )
    assert again.action == "strengthened" and again.id == first.id
    unit = memory.get(first.id).unit
    assert unit["mention_count"] == 2
    assert unit["confidence"] == pytest.approx(0.72 + 0.10 * (1 - 0.72))
    assert unit["lifecycle"] == "working"


def test_near_duplicate_by_embedding_strengthens(
    graph: Graph, settings: Settings, tmp_path, clock: Clock
) -> None:
    mem = Memory(
        graph,
        settings.model_copy(update={"branch": "main"}),
        cwd=tmp_path,
        clock=clock,
        embedder=HashingEmbedder(),
    )
    first = mem.remember("deploys happen on friday afternoon", about=["deploys"], **USER)
    again = mem.remember("Deploys happen on Friday afternoon!!", about=["deploys"], **USER)
    same_words = mem.remember("afternoon friday on happen deploys", about=["deploys"], **USER)
    assert again.id == first.id and same_words.id == first.id
    assert mem.get(first.id).unit["mention_count"] == 3


def test_a_near_copy_that_says_more_is_a_statement_of_its_own(memory: Memory, clock: Clock) -> None:
    # cosine 0.91 with all-MiniLM-L6-v2: close enough to be a near copy, yet it says what changed
    old = memory.remember(
        "ferrylink shows all sailing and boarding times in UTC.",
        about=["ferrylink"],
        topic="time display",
        **USER,
    )
    clock.advance(days=30)
    new = memory.remember(
        "ferrylink now shows boarding and sailing times in the port's local time, with UTC in "
        "brackets.",
        about=["ferrylink"],
        topic="time display",
        **USER,
    )
    assert new.action == "created" and new.id != old.id and new.superseded == [old.id]
    assert memory.get(old.id).believed is False


@pytest.mark.parametrize(
    ("earlier", "later", "more"),
    [
        ("billing-api runs 3 replicas", "billing-api runs with 3 replicas", False),
        ("Deploys freeze on Fridays", "We freeze deploys every Friday", False),  # one new word
        ("reports are CSV files in the bucket", "reports are Parquet files in the bucket", True),
        ("reports are CSV files in the bucket", "reports are CSV files in the S3 bucket", False),
        (
            "reports are CSV in the bucket",
            "reports are Parquet, not CSV, in the reports bucket",
            True,
        ),
        ("We use Redis for sessions", "We don't use Redis for sessions", True),  # a negation
        ("We use Redis for sessions", "We dont use Redis for sessions", True),
        ("the constant is fine", "the constant is fine.", False),  # "constant" negates nothing
    ],
)
def test_what_a_near_copy_adds(earlier: str, later: str, more: bool) -> None:
    assert policy.says_more(earlier, later) is more


def test_less_trusted_contradiction_goes_to_review(memory: Memory) -> None:
    user = memory.remember(
        "The API rate limit is 100 requests per minute", about=["api"], topic="rate limit", **USER
    )
    web = memory.remember(
        "The API rate limit is 1000 requests per minute",
        about=["api"],
        topic="rate limit",
        source="web",
        source_ref="https://example.invalid/blog",
    )
    assert web.action == "created" and web.superseded == [] and len(web.conflicts) == 1
    for unit_id in (user.id, web.id):
        got = memory.get(unit_id)
        assert got.unit["in_conflict"] is True and got.unit.get("valid_until") is None
    conflict = memory.get(web.conflicts[0])
    assert {e["target_id"] for e in conflict.edges if e["type"] == "INVOLVES"} == {
        user.id,
        web.id,
    }


def test_confirm_consolidates_only_linked_uncontested_units(memory: Memory) -> None:
    linked = memory.remember("We ship on Tuesdays", about=["release"], **USER)
    result = memory.confirm(linked.id)
    assert result.lifecycle == "consolidated" and result.truth_status == "confirmed"
    unlinked = memory.remember("Coffee machine is on floor 2", **USER)
    assert unlinked.tasks, "an unlinked unit opens a review task"
    assert memory.confirm(unlinked.id).lifecycle == "working"


def test_forget_deprecates_never_deletes(memory: Memory) -> None:
    unit = memory.remember("Use black for formatting", about=["formatting"], **USER)
    memory.deprecate(unit.id, reason="we switched to ruff format")
    got = memory.get(unit.id)
    assert got.unit["truth_status"] == "deprecated" and got.unit["lifecycle"] == "archived"
    assert got.believed is False
    again = memory.remember("Use black for formatting", about=["formatting"], **USER)
    assert again.action == "created" and again.id != unit.id


def test_explicit_supersede(memory: Memory) -> None:
    old = memory.remember("The staging URL is staging.internal", about=["staging"], **USER)
    new = memory.supersede(
        old.id, "The staging URL is stage.internal", reason="renamed host", **USER
    )
    assert new.action == "superseded" and new.superseded == [old.id]
    with pytest.raises(ConflictError, match="already closed"):
        memory.supersede(old.id, "something else", reason="x", **USER)


@pytest.mark.parametrize(
    "fields,match",
    [
        ({"text": ""}, "text is empty"),
        ({"text": "x" * 20_001}, "over the limit"),
        ({"text": "ok", "kind": "gossip"}, "kind"),
        ({"text": "ok", "source": "rumour"}, "source"),
        ({"text": "ok", "confidence": 1.5}, "confidence"),
    ],
)
def test_bad_input_is_refused_and_writes_nothing(
    memory: Memory, graph: Graph, fields: dict, match: str
) -> None:
    text = fields.pop("text")
    with pytest.raises(ValidationError, match=match):
        memory.remember(text, **{**USER, **fields})
    assert {r["label"]: r["count"] for r in graph.read("count_labels")}.get("Memory", 0) == 0


def test_temporal_checks(memory: Memory, clock: Clock) -> None:
    with pytest.raises(IngestError, match="in the future; pass --future"):
        memory.remember("We will use Rust", valid_from=clock.now + timedelta(days=30), **USER)
    planned = memory.remember(
        "We will use Rust", valid_from=clock.now + timedelta(days=30), future=True, **USER
    )
    assert planned.action == "created"
    with pytest.raises(ValidationError, match="valid_from is after valid_until"):
        memory.remember(
            "bad window", valid_from=clock.now, valid_until=clock.now - timedelta(days=1), **USER
        )


def test_source_is_required(memory: Memory) -> None:
    with pytest.raises(IngestError, match="needs a source"):
        memory.remember("no source given", source="user")


def test_eight_concurrent_writers_make_one_unit(graph: Graph, settings: Settings, tmp_path) -> None:
    errors: list[BaseException] = []
    ids: list[str] = []

    def write() -> None:
        try:
            mem = Memory(graph, settings.model_copy(update={"branch": "main"}), cwd=tmp_path)
            ids.append(mem.remember("The cache TTL is 300 seconds", about=["cache"], **USER).id)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=write) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(set(ids)) == 1
    mem = Memory(graph, settings.model_copy(update={"branch": "main"}), cwd=tmp_path)
    assert mem.get(ids[0]).unit["mention_count"] == 8
    counts = {r["label"]: r["count"] for r in graph.read("count_labels")}
    assert counts["Fact"] == 1 and counts["Entity"] == 1


def test_concurrent_contradicting_writers_leave_one_current_unit_and_one_entity(
    graph: Graph, settings: Settings, tmp_path: Path
) -> None:
    """Eight writers about one subject and topic, each a different value, at the same moment:
    they take turns (a lock per subject and topic, one per entity name), so one unit stays
    current, each older one was closed once, and one entity exists."""
    errors: list[BaseException] = []
    start = threading.Barrier(8)
    mine = settings.model_copy(update={"branch": "main", "scope": "s"})

    def write(w: int) -> None:
        try:
            mem = Memory(graph, mine, cwd=tmp_path)
            start.wait()
            mem.remember(
                f"The Billing Service stores its data in engine number {w}",
                about=["Billing Service"],
                topic="storage",
                **USER,
            )
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(w,)) for w in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    mem = Memory(graph, mine, cwd=tmp_path)
    units = mem.units(kind="fact", include_closed=True, limit=50)
    assert len(units) == 8
    current = [u for u in units if u.get("valid_until") is None]
    assert len(current) == 1, [u["text"] for u in current]
    for unit in units:  # each unit closed at most once, and its log's "before" is what it was
        closes = [
            c
            for c in mem.log(unit_id=unit["id"], limit=50)
            if c.op == "update_node" and c.after and '"valid_until"' in c.after
        ]
        assert len(closes) == (0 if unit is current[0] else 1)
        for c in closes:
            assert c.before is not None and '"valid_until": null' in c.before
    counts = {r["label"]: r["count"] for r in graph.read("count_labels")}
    assert counts["Entity"] == 1
