"""`python -m hippograph.demo` (what `make demo` runs) on the test server: the whole loop prints,
and every unit it leaves is embedded, so the demo's semantic voice has something to find."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hippograph.config import Settings
from hippograph.graph.client import Graph


@pytest.mark.slow
@pytest.mark.model
def test_demo_runs_twice_and_leaves_every_unit_embedded(
    graph: Graph, settings: Settings, tmp_path: Path
) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOGRAPH_")}
    env.update(
        {
            "HIPPOGRAPH_NEO4J_URI": settings.bolt_uri,
            "HIPPOGRAPH_INSTANCE": settings.instance,
            "HIPPOGRAPH_NEO4J_PASSWORD": settings.resolved_password() or "",
            "HIPPOGRAPH_DATA_DIR": str(tmp_path / "data"),
        }
    )
    outputs = []
    for _ in range(2):  # the second run reuses what the first loaded
        done = subprocess.run(
            [sys.executable, "-m", "hippograph.demo"],
            env=env,
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert done.returncode == 0, done.stderr[-2000:]
        outputs.append(done.stdout)
    assert outputs[0].startswith("Loaded the demo memory")
    assert outputs[1].startswith("Demo memory already loaded")
    for heading in ("== hippo why", "== hippo pre-edit", "verdict: BLOCK", "== MCP server"):
        assert heading in outputs[1], heading
    # in the demo project's own folder, plain `hippo recall` sees what the demo showed
    asked = subprocess.run(
        [
            str(Path(sys.executable).parent / "hippo"),
            "recall",
            "which database do we use for analytics?",
            "--mode",
            "keyword",
            "--json",
        ],
        env=env,
        cwd=tmp_path / "data" / "demo-project",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert asked.returncode == 0, asked.stderr
    assert "ClickHouse" in json.loads(asked.stdout)["items"][0]["text"]
    units = graph.read("count_memory_states")
    assert sum(r["count"] for r in units) > 0
    assert graph.read("count_missing_embeddings")[0]["count"] == 0


def test_a_demo_project_copy_from_an_older_version_is_made_again(tmp_path: Path) -> None:
    """A copy made by an older `make demo` lacks files the demo now relies on (the test its
    failure names): it is copied again, with those files committed."""
    import shutil

    from hippograph.demo.__main__ import PROJECT, project_dir

    settings = Settings(_env_file=None, data_dir=tmp_path)  # type: ignore[call-arg]
    old = tmp_path / "demo-project"
    shutil.copytree(PROJECT, old, ignore=shutil.ignore_patterns("tests", "__pycache__"))
    for args in (
        ["init", "-q"],
        ["add", "-A"],
        ["-c", "user.name=x", "-c", "user.email=x@y", "commit", "-qm", "old demo"],
    ):
        subprocess.run(["git", *args], cwd=old, check=True)
    again = project_dir(settings)
    assert again == old and (old / "tests" / "test_config.py").is_file()
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=old, capture_output=True, text=True, check=True
    ).stdout.split()
    assert "tests/test_config.py" in tracked

    def head() -> str:
        return subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=old, capture_output=True, text=True, check=True
        ).stdout

    before = head()
    assert project_dir(settings) == old and head() == before  # complete now: left as it is
