"""Recording what recall used and what it could not answer (the write half of recall)."""

from __future__ import annotations

from typing import Any

from hippograph.graph.client import Graph
from hippograph.memory import Memory
from hippograph.units import usage
from tests.fakes import Clock

USER = {"source": "user", "source_ref": "chat#1"}


def props(graph: Graph, unit_id: str) -> dict[str, Any]:
    return dict(graph.read("get_node", id=unit_id)[0]["props"])


def related(graph: Graph, unit_id: str) -> dict[str, dict[str, Any]]:
    """RELATED edges of a unit: other end -> edge properties."""
    return {
        e["other_id"]: e["props"]
        for e in graph.read("get_edges", id=unit_id)
        if e["type"] == "RELATED"
    }


def labels(graph: Graph) -> dict[str, int]:
    return {r["label"]: r["count"] for r in graph.read("count_labels")}


def test_record_usage_marks_units_used_and_counts_co_occurrence(
    memory: Memory, graph: Graph, clock: Clock
) -> None:
    a = memory.remember("Payments charge cards through Stripe", about=["payments"], **USER)
    b = memory.remember("Refunds settle after five business days", about=["payments"], **USER)
    c = memory.remember("Deploys go through ArgoCD", about=["deploy"], **USER)
    changes = labels(graph).get("Change", 0)
    first = clock()
    usage.record_usage(graph, [a.id, b.id], first)
    second = clock()
    usage.record_usage(graph, (a.id, b.id), second)
    usage.record_usage(graph, [c.id], second)
    assert props(graph, a.id)["usage_count"] == 2 and props(graph, a.id)["last_used_at"] == second
    assert props(graph, c.id)["usage_count"] == 1
    edge = related(graph, a.id)[b.id]
    assert edge["co_occurrence"] == 2 and edge["last_used_at"] == second
    assert related(graph, c.id) == {}  # alone: no pair
    assert labels(graph).get("Change", 0) == changes  # telemetry, not a change of belief


def test_record_task_once_per_need(memory: Memory, graph: Graph, clock: Clock) -> None:
    unit = memory.remember("Deploys go through ArgoCD", about=["deploy"], **USER)
    changes = labels(graph).get("Change", 0)
    task_id = usage.record_task(
        graph,
        actor="tester",
        scope="workspace",
        clock=clock,
        query="What Kubernetes version do we run?",
        reason="no_accepted_facts",
        detail="nothing in memory answers it",
        involved=[unit.id],
    )
    task = props(graph, task_id)
    assert task["text"] == (
        "Need evidence for: What Kubernetes version do we run? (nothing in memory answers it)."
    )
    assert task["reason"] == "no_accepted_facts" and task["status"] == "open"
    edges = graph.read("get_edges", id=task_id)
    assert [(e["type"], e["target_id"]) for e in edges] == [("INVOLVES", unit.id)]
    assert labels(graph)["Change"] == changes + 2  # the task and its edge, in the change log
    again = usage.record_task(
        graph,
        actor="tester",
        scope="workspace",
        clock=clock,
        query="what kubernetes version do we run",
        reason="no_accepted_facts",
        detail="nothing in memory answers it",
        involved=[],
    )
    assert again == task_id and labels(graph)["Task"] == 1


def test_memory_recall_records_through_the_write_path(
    memory: Memory, graph: Graph, clock: Clock
) -> None:
    a = memory.remember("Payments charge cards through Stripe", about=["payments"], **USER)
    memory.remember("Refunds settle after five business days", about=["payments"], **USER)
    quiet = memory.recall("stripe", mode="keyword", record_usage=False)
    assert quiet.items and (props(graph, a.id).get("usage_count") or 0) == 0
    used = memory.recall("stripe", mode="keyword")
    assert [i["id"] for i in used.items] == [i["id"] for i in quiet.items]
    assert props(graph, a.id)["usage_count"] == 1
    assert props(graph, a.id)["last_used_at"] == used.as_of  # the moment recall ran
    unknown = memory.recall("what kubernetes version do we run", mode="keyword", record_usage=False)
    assert unknown.abstain and unknown.task_id is not None
    assert props(graph, unknown.task_id)["reason"] == unknown.reason
