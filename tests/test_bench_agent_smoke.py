"""The agent-facing benchmarks still run: code-index, hook-latency and prompt-realism at minimum
size (--smoke) against the test server; figures are not judged, only their presence."""

from __future__ import annotations

from pathlib import Path

import pytest

from hippograph.config import Settings
from hippograph.graph.client import Graph
from tests.benchrun import run_smoke_bench


@pytest.mark.slow
def test_code_index_smoke(graph: Graph, settings: Settings, tmp_path: Path) -> None:
    figures = run_smoke_bench("code-index", settings, tmp_path / "code.json")
    assert figures["packages"] == ["neo4j"]
    assert figures["files_indexed"] > 0 and figures["symbols"] > 0
    for key in (
        "full_index_s",
        "parse_source_s",
        "treesitter_only_s",
        "index_over_parse_source",
        "reindex_unchanged_s",
        "touch_one_s",
        "full_index_split_s",
    ):
        assert key in figures, key
    assert figures["reindex_unchanged_changes_written"] == 0
    assert figures["touch_one_files_indexed"] == 1


@pytest.mark.slow
def test_code_history_smoke(graph: Graph, settings: Settings, tmp_path: Path) -> None:
    figures = run_smoke_bench("code-history", settings, tmp_path / "history.json")
    assert figures["history"] == "smoke" and figures["replayed"] == 2
    # a folder renamed (two symbols), then a module renamed with an edit (one class)
    assert [r["expected"] for r in figures["runs"]] == [2, 1]
    assert figures["reachable"] == figures["expected"] == 3
    assert figures["wrong_attachments"] == 0


@pytest.mark.slow
def test_hook_latency_smoke(graph: Graph, settings: Settings, tmp_path: Path) -> None:
    figures = run_smoke_bench("hook-latency", settings, tmp_path / "hook.json")
    assert figures["units"] == 200
    for key in (
        "hook_process_ms",
        "python_pass_ms",
        "imports_only_process_ms",
        "in_process_reads_ms",
        "fulltext_http_floor_ms",
        "unreachable_process_ms",
        "per_statement_ms",
        "targets",
    ):
        assert key in figures, key
    assert figures["hook_process_ms"]["n"] == 8 and figures["hook_process_ms"]["p50"] > 0
    assert figures["outcomes"]["unreachable_printed_something"] == 0
    assert figures["hook_problems"] == []
    slow = figures[
        "slowest_recall_statement_reprofiled"
    ]  # the plan of the slowest recall statement, re-run
    assert slow["slowest_ms"] > 0 and slow["db_hits"] > 0 and slow["top_operators"][0]["operator"]


@pytest.mark.slow
def test_prompt_realism_smoke(graph: Graph, settings: Settings, tmp_path: Path) -> None:
    figures = run_smoke_bench("prompt-realism", settings, tmp_path / "realism.json")
    assert figures["memories"] >= 60 and "write_anomalies" in figures
    for run in ("as_written", "after_review"):
        report = figures[run]
        assert report["realistic_prompts"] == 4 and report["chitchat_prompts"] == 4
        for key in ("top2_hit_rate", "hit_rate_anywhere", "silence_rate", "misses", "per_prompt"):
            assert key in report, key
