"""Running a benchmark at minimum size (--smoke) against the test server, as the smoke tests do."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from bench.common import HELD_BY_PARENT
from hippograph.config import Settings
from tests.conftest import TEST_HTTP_PORT, TEST_INSTANCE, TEST_URI

ROOT = Path(__file__).resolve().parent.parent


def run_smoke_bench(name: str, settings: Settings, out: Path) -> dict[str, Any]:
    """``python -m bench NAME --smoke --out OUT`` on the test server: one summary line, a
    well-formed result; its figures."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOGRAPH_")}
    env.update(
        {
            "HIPPOGRAPH_BENCH_NEO4J_URI": TEST_URI,
            "HIPPOGRAPH_BENCH_INSTANCE": TEST_INSTANCE,
            "HIPPOGRAPH_NEO4J_HTTP_PORT": TEST_HTTP_PORT,
            HELD_BY_PARENT: TEST_URI,  # this test session holds the test server
        }
    )
    password = settings.resolved_password()
    if password:
        env["HIPPOGRAPH_NEO4J_PASSWORD"] = password
    done = subprocess.run(
        [sys.executable, "-m", "bench", name, "--smoke", "--out", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{name}: "), done.stdout
    doc: dict[str, Any] = json.loads(out.read_text())
    assert {"bench", "date", "commit", "machine", "params", "figures"} <= set(doc)
    assert doc["bench"] == name and doc["params"]["smoke"] is True
    figures: dict[str, Any] = doc["figures"]
    return figures
