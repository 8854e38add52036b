"""The agent-facing benchmarks still run: code-index, hook-latency and prompt-realism at minimum size
(--smoke) against the test server; figures are not judged, only their presence."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from hippograph.config import Settings
from hippograph.graph.client import Graph
from tests.conftest import TEST_HTTP_PORT, TEST_INSTANCE, TEST_URI

ROOT = Path(__file__).resolve().parent.parent


def _run_bench(name: str, settings: Settings, out: Path) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOGRAPH_")}
    env.update({"HIPPOGRAPH_BENCH_NEO4J_URI": TEST_URI, "HIPPOGRAPH_BENCH_INSTANCE": TEST_INSTANCE,
                "HIPPOGRAPH_NEO4J_HTTP_PORT": TEST_HTTP_PORT})  # fmt: skip
    password = settings.resolved_password()
    if password:
        env["HIPPOGRAPH_NEO4J_PASSWORD"] = password
    done = subprocess.run(
        [sys.executable, "-m", "bench", name, "--smoke", "--out", str(out)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{name}: "), done.stdout
    doc: dict[str, Any] = json.loads(out.read_text())
    assert {"bench", "date", "commit", "machine", "params", "figures"} <= set(doc)
    assert doc["bench"] == name and doc["params"]["smoke"] is True
    figures: dict[str, Any] = doc["figures"]
    return figures


@pytest.mark.slow
def test_code_index_smoke(graph: Graph, settings: Settings, tmp_path: Path) -> None:
    figures = _run_bench("code-index", settings, tmp_path / "code.json")
    assert figures["packages"] == ["neo4j"]
    assert figures["files_indexed"] > 0 and figures["symbols"] > 0
    for key in ("full_index_s", "parse_source_s", "treesitter_only_s", "index_over_parse_source", "reindex_unchanged_s",
                "touch_one_s", "full_index_split_s"):  # fmt: skip
        assert key in figures, key
    assert figures["reindex_unchanged_changes_written"] == 0
    assert figures["touch_one_files_indexed"] == 1


@pytest.mark.slow
def test_hook_latency_smoke(graph: Graph, settings: Settings, tmp_path: Path) -> None:
    figures = _run_bench("hook-latency", settings, tmp_path / "hook.json")
    assert figures["units"] == 200
    for key in ("hook_process_ms", "python_pass_ms", "imports_only_process_ms", "in_process_reads_ms",
                "fulltext_http_floor_ms", "unreachable_process_ms", "per_statement_ms", "targets"):  # fmt: skip
        assert key in figures, key
    assert figures["hook_process_ms"]["n"] == 8 and figures["hook_process_ms"]["p50"] > 0
    assert figures["outcomes"]["unreachable_printed_something"] == 0
    assert figures["hook_problems"] == []


@pytest.mark.slow
def test_prompt_realism_smoke(graph: Graph, settings: Settings, tmp_path: Path) -> None:
    figures = _run_bench("prompt-realism", settings, tmp_path / "realism.json")
    assert figures["memories"] >= 60 and "write_anomalies" in figures
    for run in ("as_written", "after_review"):
        report = figures[run]
        assert report["realistic_prompts"] == 4 and report["chitchat_prompts"] == 4
        for key in ("top2_hit_rate", "hit_rate_anywhere", "silence_rate", "misses", "per_prompt"):
            assert key in report, key
