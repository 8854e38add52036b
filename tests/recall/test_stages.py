"""The engine's stages only read: a recall changes nothing in the graph; its result says what the
write path should record (the units used, or the need behind an abstain)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from hippograph.graph.client import Graph
from hippograph.memory import Memory
from hippograph.recall import scoring, stages
from hippograph.recall.engine import RecallEngine, RecallOptions
from hippograph.recall.stages import Recording
from hippograph.schema.tuning import DEFAULT_WEIGHTS
from tests.fakes import Clock, HashingEmbedder

USER = {"source": "user", "source_ref": "chat#1"}


def snapshot(graph: Graph) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Every node with its properties and every relationship with its properties."""
    nodes = graph.read("export_nodes_page", after="", limit=100_000)
    edges = graph.read("export_edges_page", after="", limit=100_000)
    return nodes, edges


def engine_of(graph: Graph, clock: Clock) -> RecallEngine:
    return RecallEngine(graph, branches=("main",), clock=clock, embedder=lambda: HashingEmbedder())


def test_the_engine_writes_nothing(memory: Memory, graph: Graph, clock: Clock) -> None:
    old = memory.remember("Analytics run on Postgres", about=["analytics"], topic="db", **USER)
    memory.remember("Analytics moved to ClickHouse", about=["analytics"], topic="db", **USER)
    memory.remember("Refunds settle after five business days", about=["payments"], **USER)
    memory.remember("Payments charge cards through Stripe", about=["payments"], **USER)
    memory.recall("stripe payments", mode="keyword")  # some usage and co-occurrence to keep
    clock.advance(days=2)
    before = snapshot(graph)
    assert any(n["id"] == old.id for n in before[0])
    engine = engine_of(graph, clock)

    answered = engine.recall("analytics database", RecallOptions(mode="keyword"))
    assert answered.items and not answered.abstain
    abstained = engine.recall("what kubernetes version do we run", RecallOptions(mode="hybrid"))
    assert abstained.abstain and abstained.task_id is None
    engine.recall(
        "analytics database",
        RecallOptions(mode="hybrid", strict=False, include_history=True, k=10),
    )
    engine.recall("stripe", RecallOptions(mode="keyword", as_of=clock.now - timedelta(days=1)))
    engine.recall("ok go on", RecallOptions(mode="keyword"))

    assert snapshot(graph) == before


def test_the_result_says_what_to_record(memory: Memory, graph: Graph, clock: Clock) -> None:
    seed = memory.remember("Payments charge cards through Stripe", about=["payments"], **USER)
    hop = memory.remember("Refunds settle after five business days", about=["payments"], **USER)
    memory.remember("Deploys go through ArgoCD", about=["deploy"], **USER)
    engine = engine_of(graph, clock)

    answered = engine.recall("stripe", RecallOptions(mode="keyword"))
    assert [i["id"] for i in answered.items] == [seed.id, hop.id]
    assert answered.to_record == Recording(clock.now, used=(seed.id, hop.id))
    assert "to_record" not in answered.as_dict()

    asked = "what kubernetes version do we run"
    abstained = engine.recall(asked, RecallOptions(mode="keyword"))
    assert abstained.abstain and abstained.to_record is not None
    need = abstained.to_record.need
    assert need is not None and abstained.to_record.used == ()
    assert (need.query, need.reason) == (asked, "no_accepted_facts")

    assert engine.recall("ok go on", RecallOptions()).to_record is None
    loose = engine.recall(asked, RecallOptions(mode="keyword", strict=False))
    assert not loose.abstain and (loose.to_record is None) == (not loose.items)


def test_a_doubt_does_not_hide_a_candidate_from_the_contest() -> None:
    # A unit in conflict pays the ambiguity penalty in its score; whether it contests the best
    # passing answer is judged by its score without that penalty (its merit), or by meaning.
    now = datetime(2026, 1, 1, tzinfo=UTC)

    def scored(unit_id: str, fused: float, cosine: float | None, **unit: Any) -> scoring.Candidate:
        c = scoring.Candidate(id=unit_id, unit={"trust": 0.9, **unit}, fused=fused, cosine=cosine)
        c.score = scoring.retrieval_score(
            c, max_fused=1.0, max_graph=0.0, weights=DEFAULT_WEIGHTS, now=now
        )
        return c

    doubted = scored("a", 1.0, None, in_conflict=True)
    best = scored("b", 0.9, None)
    assert doubted.merit - doubted.score == pytest.approx(0.15 * 0.5)
    assert doubted.score < best.score < doubted.merit
    assert stages._outranks(doubted, best)  # on its merit
    weaker = scored("c", 0.5, 0.2, in_conflict=True)
    assert not stages._outranks(weaker, best)  # below it either way, and no meaning to compare
    closer = scored("d", 0.5, 0.6, in_conflict=True)
    assert stages._outranks(closer, scored("e", 0.9, 0.4))  # closer in meaning
