"""The warm-up after `hippo db start` and `hippo init`: plans recall on both paths, writes nothing,
and says why a path was skipped instead of failing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hippograph.config import Settings
from hippograph.graph.client import Graph
from hippograph.hooks import warmup
from hippograph.memory import Memory
from hippograph.units.embedder import MiniLMEmbedder
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


def test_the_prompt_hook_is_warmed_from_inside_a_repository(
    graph: Graph, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An agent's prompt comes from a repository, so the hook reads through one project's view;
    Neo4j plans a statement once per set of parameter types, and a warm-up outside any
    repository (no view) left the first two prompts after `hippo db start` to plan again, past
    the hook's budget (seen on the bench instance: both timed out, then 0.6 s)."""
    from hippograph.hooks import lite, prompt

    seen: list[tuple[str, bool, list[str] | None]] = []
    real = prompt.handle

    def handle(payload: dict[str, Any], graph: Any) -> Any:
        out = real(payload, graph)
        cwd = payload["cwd"]
        scopes = graph._gate.scopes if graph._gate is not None else None
        seen.append((cwd, (Path(cwd) / ".git").is_dir(), sorted(scopes) if scopes else None))
        return out

    monkeypatch.setattr(prompt, "handle", handle)
    report = warmup.warm(settings.model_copy(update={"neo4j_http_port": int(TEST_HTTP_PORT)}))
    assert report.http_s is not None
    [(cwd, in_repository, scopes)] = seen
    assert in_repository and scopes is not None and f"agent:{lite.agent()}" in scopes
    assert not Path(cwd).exists()  # and the repository was a temporary one


def test_the_warm_up_waits_for_planning_longer_than_an_ordinary_read(
    graph: Graph, memory: Memory, settings: Settings
) -> None:
    """Planning is what the warm-up is for: on a cold, loaded server recall took longer to plan
    than an ordinary read's timeout, the warm-up was skipped, and the first user paid for it."""
    memory.remember(
        "The ledger runs on Postgres 16", about=["ledger"], source="user", source_ref="chat#1"
    )
    # nothing planned: the next recall plans from scratch
    graph._driver.execute_query("CALL db.clearQueryCaches()", database_=graph.database)
    hurried = settings.model_copy(
        update={"neo4j_http_port": int(TEST_HTTP_PORT), "query_timeout_s": 0.001}
    )
    report = warmup.warm(hurried)
    assert report.bolt_s is not None and report.http_s is not None, report.skipped
    assert warmup.DEADLINE_S >= 30  # minutes of planning on a loaded machine are not expected


def test_the_warm_up_plans_hybrid_recall_too_without_the_model(
    graph: Graph, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hybrid is the command line's and the MCP server's default mode, and Neo4j plans a
    statement once per set of parameter types: an embedding (a list of floats) is not the null
    of keyword mode. Left to the first user, that planning took 1.6 s more."""
    embeddings: list[int | None] = []
    read = Graph.read

    def spy(self: Graph, name: str, /, **params: Any) -> Any:
        if name == "recall_candidates":
            vector = params.get("embedding")
            embeddings.append(None if vector is None else len(vector))
        return read(self, name, **params)

    def no_model(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the warm-up loaded the embedding model")

    monkeypatch.setattr(Graph, "read", spy)
    monkeypatch.setattr(MiniLMEmbedder, "__init__", no_model)
    report = warmup.warm(settings.model_copy(update={"neo4j_http_port": free_port()}))
    assert report.bolt_s is not None
    assert sorted(embeddings, key=str) == [
        384,
        384,
        None,
        None,
    ]  # each mode, with and without a view
