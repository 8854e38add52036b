"""Faults on the project's own test server: its process killed (SIGKILL, by its pid) in the middle
of an import, then started again. The user sees one sentence, soon; nothing is half-written that
a re-run does not complete; and the suite goes on against the restarted server."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hippograph import neo4j_local
from hippograph.config import Settings
from hippograph.graph.client import Graph
from hippograph.neo4j_local.server import ManagedServer, port_in_use
from tests.conftest import TEST_HTTP_PORT, TEST_INSTANCE, TEST_URI

TURNS = 3000


def _count(graph: Graph, label: str) -> int:
    return int({r["label"]: r["count"] for r in graph.read("count_labels")}.get(label, 0))


@pytest.mark.slow
def test_neo4j_killed_mid_import_says_one_sentence_soon_and_a_rerun_completes(
    graph: Graph, env_for_cli: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = {**os.environ, **env_for_cli}
    monkeypatch.delenv("HIPPOGRAPH_NEO4J_URI")  # the managed instance's own settings, below
    managed = Settings(
        _env_file=None,  # type: ignore[call-arg]
        instance=TEST_INSTANCE,
        server_mode="managed",
        neo4j_bolt_port=int(TEST_URI.rsplit(":", 1)[1]),
        neo4j_http_port=int(TEST_HTTP_PORT),
    )
    pid = ManagedServer(managed).pid()
    if pid is None:
        pytest.fail("the test server is not a managed instance with a pid; start it: make test-db")
    transcript = tmp_path / "long.jsonl"
    transcript.write_text(
        "\n".join(
            json.dumps({"session": "s1", "speaker": "u" if i % 2 else "a", "text": f"turn {i} ok"})
            for i in range(TURNS)
        )
        + "\n"
    )
    hippo = str(Path(sys.executable).parent / "hippo")
    run = subprocess.Popen(
        [hippo, "import", "transcript", str(transcript), "--scope", "faults", "--no-embed"],
        env=env,
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 120
        while _count(graph, "Episode") < 300 and run.poll() is None:
            assert time.monotonic() < deadline, "the import wrote nothing in two minutes"
            time.sleep(0.2)
        assert run.poll() is None, "the import finished before the server could be killed"
        os.kill(pid, signal.SIGKILL)
        killed = time.monotonic()
        _, err = run.communicate(timeout=60)
        took = time.monotonic() - killed
    finally:
        if run.poll() is None:
            run.kill()
        gone = time.monotonic()
        while port_in_use(managed.neo4j_bolt_port) and time.monotonic() - gone < 60:
            time.sleep(0.1)  # the killed process lets go of its ports a moment later
        neo4j_local.start(managed)  # the rest of the suite needs it
    lines = [line for line in err.splitlines() if line.strip()]
    assert run.returncode == 1 and len(lines) == 1, err
    assert lines[0].startswith("Error: ") and "Neo4j" in lines[0]
    assert "[#" not in err and "retried" not in err  # none of the driver's own log lines
    assert took < 10, took  # a bounded retry, not a storm
    with Graph.connect(managed) as fresh:
        from hippograph.units.read_gate import LOCAL_USER, open_gate

        open_gate(fresh, LOCAL_USER)
        again = subprocess.run(
            [hippo, "import", "transcript", str(transcript), "--scope", "faults", "--no-embed"],
            env=env,
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert again.returncode == 0, again.stderr
        assert _count(fresh, "Episode") == TURNS
