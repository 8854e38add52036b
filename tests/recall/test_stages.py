"""The engine's stages only read: a recall changes nothing in the graph; its result says what the
write path should record (the units used, or the need behind an abstain)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from hippograph.graph.client import Graph
from hippograph.memory import Memory
from hippograph.recall.engine import RecallEngine, RecallOptions
from hippograph.recall.stages import Recording
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
