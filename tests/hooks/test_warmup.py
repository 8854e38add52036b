"""The warm-up after `hippo db start` and `hippo init`: plans recall on both paths, writes nothing,
and says why a path was skipped instead of failing."""

from __future__ import annotations

from hippograph.config import Settings
from hippograph.graph.client import Graph
from hippograph.hooks import warmup
from hippograph.memory import Memory
from tests.conftest import TEST_HTTP_PORT
from tests.neo4j_local.test_server import free_port


def _counts(graph: Graph) -> dict[str, int]:
    return {r["label"]: r["count"] for r in graph.read("count_labels")}


def test_warm_up_plans_both_paths_and_writes_nothing(
    graph: Graph, memory: Memory, settings: Settings
) -> None:
    memory.remember(
        "The ledger runs on Postgres 16", about=["ledger"], source="user", source_ref="chat#1"
    )
    before = _counts(graph)
    report = warmup.warm(settings.model_copy(update={"neo4j_http_port": int(TEST_HTTP_PORT)}))
    assert report.bolt_s is not None and report.http_s is not None and report.skipped == []
    assert _counts(graph) == before  # no task, no usage, no change recorded


def test_a_closed_http_port_is_skipped_with_its_reason(graph: Graph, settings: Settings) -> None:
    report = warmup.warm(settings.model_copy(update={"neo4j_http_port": free_port()}))
    assert report.bolt_s is not None and report.http_s is None
    assert len(report.skipped) == 1 and report.skipped[0].startswith(
        "over HTTP: cannot reach Neo4j's HTTP API"
    )
    assert "skipped over HTTP" in report.summary()
