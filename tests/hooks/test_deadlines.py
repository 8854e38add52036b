"""Deadlines when Neo4j freezes: the test server's own process is stopped with SIGSTOP (by its
pid) and continued afterwards. An edit is never held up by memory that does not answer."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from hippograph.config import Settings
from hippograph.graph.client import Graph
from hippograph.neo4j_local.server import ManagedServer
from tests.fakes import git_repo


@contextmanager
def frozen(settings: Settings) -> Iterator[None]:
    """The test server stopped (SIGSTOP) for the duration, then continued, whatever happens."""
    pid = ManagedServer(settings).pid()
    if pid is None:
        pytest.fail(
            "the test server is not a managed instance with a pid; start it with make test-db"
        )
    os.kill(pid, signal.SIGSTOP)
    try:
        _wait_stopped(pid)
        yield
    finally:
        os.kill(pid, signal.SIGCONT)


def _wait_stopped(pid: int, timeout_s: float = 5.0) -> None:
    """Until every thread of ``pid`` is stopped: SIGSTOP returns before the threads stop, and on
    a busy machine a read sent at once was answered by a thread still running."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        states = []
        for stat in Path(f"/proc/{pid}/task").glob("*/stat"):
            try:
                states.append(stat.read_text().rsplit(")", 1)[1].split()[0])
            except (OSError, IndexError):
                continue  # a thread that ended meanwhile
        if states and all(state in ("T", "t") for state in states):
            return
        time.sleep(0.01)
    pytest.fail(f"the test server (pid {pid}) did not stop within {timeout_s:g} s of SIGSTOP")


def _hook(
    event: str, payload: dict[str, object], env: dict[str, str]
) -> subprocess.CompletedProcess[str]:
    """``hippo hook EVENT`` as Claude Code runs it: a fresh process, the payload on stdin."""
    return subprocess.run(
        [str(Path(sys.executable).parent / "hippo"), "hook", event],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        env=env,
        timeout=30,
    )


def test_pre_tool_hook_lets_the_edit_through_when_neo4j_is_frozen(
    graph: Graph, env_for_cli: dict[str, str], settings: Settings, tmp_path: Path
) -> None:
    repo = git_repo(tmp_path / "app")
    (repo / "app.py").write_text("x = 1\n")
    payload = {
        "cwd": str(repo),
        "tool_name": "Edit",
        "tool_input": {
            "file_path": str(repo / "app.py"),
            "old_string": "x = 1",
            "new_string": "x = 2",
        },
    }
    env = {**os.environ, **env_for_cli, "HIPPOGRAPH_PRE_TOOL_DEADLINE_S": "2"}
    with frozen(settings):
        started = time.monotonic()
        done = _hook("pre-tool", payload, env)
        took = time.monotonic() - started
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""  # no decision: the edit goes ahead
    assert "did not answer within 2 s" in done.stderr and "goes ahead unchecked" in done.stderr
    assert took < 8, took  # the deadline, plus a cold Python start on a busy machine
    assert graph.read("server_components")  # and the server answers again afterwards


@pytest.mark.slow
def test_a_read_on_a_frozen_server_fails_instead_of_hanging(
    graph: Graph, settings: Settings
) -> None:
    """The managed server tells the driver to give up on a connection silent for 20 s (its
    keep-alive hint); before, a read on a frozen server waited for ever."""
    from hippograph.errors import GraphUnavailableError
    from hippograph.units.read_gate import LOCAL_USER, open_gate

    with Graph.connect(settings) as mine:
        open_gate(mine, LOCAL_USER)
        assert mine.read("server_components")
        with frozen(settings):
            started = time.monotonic()
            with pytest.raises(GraphUnavailableError, match="cannot reach Neo4j"):
                mine.read("server_components")
            took = time.monotonic() - started
    assert took < 45, took


def test_prompt_hook_says_it_timed_out_when_neo4j_is_frozen(
    graph: Graph, env_for_cli: dict[str, str], settings: Settings, tmp_path: Path
) -> None:
    payload = {"prompt": "which database does billing use?", "cwd": str(tmp_path)}
    env = {**os.environ, **env_for_cli, "HIPPOGRAPH_HOOK_DEADLINE_S": "0.5"}
    with frozen(settings):
        done = _hook("user-prompt", payload, env)
    assert done.returncode == 0 and done.stdout.strip() == ""  # nothing added, prompt goes on
    assert "within the hook's budget of 500 ms (timed out" in done.stderr, done.stderr
    assert "cannot reach" not in done.stderr
