"""The speed benchmarks still run: each at minimum size (--smoke) against the test server."""

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
from tests.conftest import TEST_INSTANCE, TEST_URI

ROOT = Path(__file__).resolve().parent.parent


def _run_bench(name: str, settings: Settings, out: Path) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOGRAPH_")}
    env.update({"HIPPOGRAPH_BENCH_NEO4J_URI": TEST_URI, "HIPPOGRAPH_BENCH_INSTANCE": TEST_INSTANCE})
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
    assert doc["params"]["smoke"] is True
    figures: dict[str, Any] = doc["figures"]
    return figures


@pytest.mark.slow
def test_recall_latency_smoke(graph: Graph, settings: Settings, tmp_path: Path) -> None:
    figures = _run_bench("recall-latency", settings, tmp_path / "recall.json")
    for key in ("units", "fulltext_floor_ms", "vector_floor_ms", "keyword_ms", "hybrid_ms", "hybrid_excl_embed_ms",
                "hybrid_embed_ms", "keyword_over_fulltext_p50", "targets", "breakdown", "statement_server_vs_client",
                "db_hits", "cprofile", "outcomes"):  # fmt: skip
        assert key in figures, key
    assert figures["units"] == 200
    for key in ("fulltext_floor_ms", "keyword_ms", "hybrid_ms"):
        assert figures[key]["n"] > 0 and figures[key]["p50"] > 0
    assert {"keyword", "hybrid"} <= set(figures["breakdown"])


@pytest.mark.slow
@pytest.mark.model
def test_ingest_throughput_smoke(graph: Graph, settings: Settings, tmp_path: Path) -> None:
    figures = _run_bench("ingest-throughput", settings, tmp_path / "ingest.json")
    for key in ("turns", "encode_turns_per_s", "import_turns_per_s", "import_over_encode", "keyword_import_turns_per_s"):
        assert key in figures, key
    assert figures["turns"] == 50
    assert figures["keyword_import_turns_per_s"] > 0
