"""Each quality bench runs at minimum size so none breaks unnoticed (STYLE §8);
figures are not checked."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bench.common import HELD_BY_PARENT
from hippograph.config import Settings
from hippograph.graph.client import Graph
from tests.conftest import TEST_INSTANCE, TEST_URI

ROOT = Path(__file__).resolve().parent.parent
# An original conversation in LoCoMo's format (the LoCoMo file itself lives outside the
# repository): the smoke runs check that the benches work, not their figures.
LOCOMO = ROOT / "tests" / "fixtures" / "locomo" / "mini.json"


def _run_bench(name: str, settings: Settings, *options: str) -> dict[str, Any]:
    """Run `python -m bench NAME --smoke [options]` against the test server; return its result
    document."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOGRAPH_")}
    env.update({"HIPPOGRAPH_BENCH_NEO4J_URI": TEST_URI, "HIPPOGRAPH_BENCH_INSTANCE": TEST_INSTANCE})
    env[HELD_BY_PARENT] = TEST_URI  # this test session holds the test server
    password = settings.resolved_password()
    if password:
        env["HIPPOGRAPH_NEO4J_PASSWORD"] = password
    done = subprocess.run(
        [sys.executable, "-m", "bench", name, "--smoke", *options],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1, done.stdout
    assert lines[0].startswith(f"{name}: ")
    path = ROOT / lines[0].rsplit(" | ", 1)[-1]
    doc: dict[str, Any] = json.loads(path.read_text())
    assert doc["bench"] == name
    assert doc["params"]["smoke"] is True
    assert {"date", "commit", "machine", "figures"} <= set(doc)
    return doc


@pytest.mark.slow
@pytest.mark.model
def test_recall_quality_smoke(graph: Graph, settings: Settings) -> None:
    figures = _run_bench("recall-quality", settings, "--data", str(LOCOMO))["figures"]
    assert figures["questions"] > 0
    assert {"timings", "recall", "hybrid_minus_best_single", "miss_sample", "per_question"} <= set(
        figures
    )
    assert {"import_turns_per_s", "recall_ms"} <= set(figures["timings"])
    for mode in ("hybrid", "keyword", "semantic"):
        overall = figures["recall"][mode]["overall"]
        for k in (1, 5, 10, 20):
            assert 0.0 <= overall[f"recall@{k}"] <= 1.0
            assert 0.0 <= overall[f"hit@{k}"] <= 1.0
        assert figures["timings"]["recall_ms"][mode]["p50"] > 0
    for mode in ("bm25", "cosine"):  # the plain baselines, ranked over the same turns
        assert 0.0 <= figures["recall"][mode]["overall"]["recall@10"] <= 1.0
    halves = figures["halves"]
    assert set(halves) == {"tune", "held-out"}
    asked = sum(halves[h]["hybrid"]["overall"]["n"] for h in halves)
    assert asked == figures["questions"]
    assert {row["half"] for row in figures["per_question"]} <= {"tune", "held-out"}
    for row in figures["per_question"]:  # every returned turn with its score, as returned
        items = row["modes"]["hybrid"]["items"]
        assert len(items) == row["modes"]["hybrid"]["returned"]
        assert [turn for turn, _ in items[:5]] == row["modes"]["hybrid"]["top5"]
        assert all(isinstance(score, float) for _, score in items)


@pytest.mark.slow
@pytest.mark.model
def test_never_recorded_smoke(graph: Graph, settings: Settings) -> None:
    doc = _run_bench("never-recorded", settings, "--data", str(LOCOMO))
    figures = doc["figures"]
    assert doc["params"]["strict"] is True
    labels = {row["label"] for row in figures["per_question"]}
    assert labels == {"answerable", "never recorded"}  # the smoke split has both
    for mode in ("hybrid", "keyword", "semantic"):
        report = figures["modes"][mode]
        assert set(report) == {"all", "tune", "held-out"}
        overall = report["all"]
        assert overall["answerable"] + overall["never_recorded"] == figures["questions"]
        for key in ("abstain_recall", "abstain_rate_answerable", "answered_with_evidence"):
            assert 0.0 <= overall[key] <= 1.0
    for row in figures["per_question"]:
        # --smoke keeps 4 sessions and imports the first 2: a question is answerable when all
        # its evidence lies in those, never recorded when all of it lies in the other 2
        sessions = {int(e[1:].split(":")[0]) for e in row["evidence"]}
        imported = {1, 2} if row["label"] == "answerable" else {3, 4}
        assert sessions <= imported, row


@pytest.mark.slow
@pytest.mark.model
def test_truthfulness_smoke(graph: Graph, settings: Settings) -> None:
    figures = _run_bench("truthfulness", settings)["figures"]
    assert {"modes", "failures", "pipeline_anomalies", "timings", "cases"} <= set(figures)
    assert set(figures["modes"]) == {"hybrid", "keyword"}
    for report in figures["modes"].values():
        assert report["cases"] == {"changed": 2, "contradiction": 2, "unknown": 2, "chitchat": 2}
        for key in (
            "stale_answer_rate",
            "untrusted_answer_rate",
            "abstain_precision",
            "abstain_recall",
            "silence_rate_chitchat",
            "answerable_top3_accuracy",
        ):
            assert key in report
