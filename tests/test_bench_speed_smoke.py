"""The speed benchmarks still run: each at minimum size (--smoke) against the test server."""

from __future__ import annotations

from pathlib import Path

import pytest

from hippograph.config import Settings
from hippograph.graph.client import Graph
from tests.benchrun import run_smoke_bench


@pytest.mark.slow
def test_recall_latency_smoke(graph: Graph, settings: Settings, tmp_path: Path) -> None:
    figures = run_smoke_bench("recall-latency", settings, tmp_path / "recall.json")
    for key in (
        "units",
        "fulltext_floor_ms",
        "vector_floor_ms",
        "keyword_ms",
        "hybrid_ms",
        "hybrid_excl_embed_ms",
        "hybrid_embed_ms",
        "keyword_over_fulltext_p50",
        "targets",
        "breakdown",
        "statement_server_vs_client",
        "db_hits",
        "cprofile",
        "outcomes",
    ):
        assert key in figures, key
    assert figures["units"] == 200
    for key in ("fulltext_floor_ms", "keyword_ms", "hybrid_ms"):
        assert figures[key]["n"] > 0 and figures[key]["p50"] > 0
    assert {"keyword", "hybrid"} <= set(figures["breakdown"])
    # the small scopes, timed as recall runs and as it ran before (the index asked again)
    for view in figures["small_views"].values():
        assert view["exact"]["hybrid_ms"]["n"] == view["index"]["hybrid_ms"]["n"] > 0
        assert view["exact"]["semantic_items_per_recall"] > 0


@pytest.mark.slow
@pytest.mark.model
def test_ingest_throughput_smoke(graph: Graph, settings: Settings, tmp_path: Path) -> None:
    figures = run_smoke_bench("ingest-throughput", settings, tmp_path / "ingest.json")
    for key in (
        "turns",
        "encode_turns_per_s",
        "import_turns_per_s",
        "import_over_encode",
        "keyword_import_turns_per_s",
    ):
        assert key in figures, key
    assert figures["turns"] == 50
    assert figures["keyword_import_turns_per_s"] > 0


@pytest.mark.slow
def test_soak_smoke(graph: Graph, settings: Settings, tmp_path: Path) -> None:
    figures = run_smoke_bench("soak", settings, tmp_path / "soak.json")
    assert figures["seconds"] == 8 and figures["writers"] == 2 and figures["readers"] == 1
    assert figures["operations_ok"] > 0 and "latency_ms" in figures
    checks = figures["invariants"]
    for key in (
        "current_pairs_outside_conflict",
        "duplicate_entities",
        "changes_without_node",
        "missing_acknowledged",
    ):
        assert checks[key] == 0, (key, checks)
    assert checks["sessions_with_wrong_episode_count"] == []
    assert figures["violations"] == 0


@pytest.mark.slow
@pytest.mark.model
def test_cli_latency_smoke(graph: Graph, settings: Settings, tmp_path: Path) -> None:
    figures = run_smoke_bench("cli-latency", settings, tmp_path / "cli.json")
    assert figures["load"]["load_s"] > 0 and figures["units"] == 100
    commands = ("python", "keyword", "hybrid", "semantic", "why", "why_keyword")
    for command in commands:
        assert figures["process_ms"][command]["n"] == 3, command
        assert figures["process_ms"][command]["p50"] > 0, command
    assert figures["serve_ms"]["initialize"]["n"] == 1
    assert figures["serve_ms"]["first_recall"]["p50"] >= figures["serve_ms"]["initialize"]["p50"]
    assert set(figures["targets"]) == {
        "hybrid_within_2x_keyword",
        "why_within_2x_keyword",
        "serve_initialize_under_2s",
    }
