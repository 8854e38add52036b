"""The capture queue: a session captured while Neo4j is down is queued, never lost, and filed
once by the next capture, any `hippo` command that connects, or `hippo maintain`; against the
real server (reached through a plain TCP relay that stands in for "the server came back")."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from typer.testing import CliRunner

from hippograph.cli import app
from hippograph.graph.client import Graph
from hippograph.hooks import capture, spool
from hippograph.memory import Memory
from tests.conftest import TEST_URI
from tests.conftest import test_settings as settings_for
from tests.hooks.test_capture import GENERIC, captured, git_repo, write_jsonl

ROOT = Path(__file__).resolve().parents[2]
SECRET = "ghp_1234567890abcdefghijklmnopqrstuvwxyzAB"


class Relay:
    """Forwards TCP connections from a local port to the test server: while it runs, the port
    is "the server"; before it starts nothing listens there."""

    def __init__(self, port: int, target: tuple[str, int]) -> None:
        self.port, self.target = port, target
        self.sockets: list[socket.socket] = []
        self.listener: socket.socket | None = None

    def start(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", self.port))
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        assert self.listener is not None
        while True:
            try:
                near, _ = self.listener.accept()
            except OSError:
                return
            far = socket.create_connection(self.target)
            self.sockets += [near, far]
            for a, b in ((near, far), (far, near)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for s in (source, sink):
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)

    def stop(self) -> None:
        if self.listener is not None:
            self.listener.close()
        for s in self.sockets:
            s.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture()
def relay() -> Iterator[Relay]:
    test = urlparse(TEST_URI)
    forwarder = Relay(free_port(), (test.hostname or "127.0.0.1", test.port or 7687))
    yield forwarder
    forwarder.stop()


def capture_env(env_for_cli: dict[str, str], data_dir: Path, uri: str) -> dict[str, str]:
    return {
        **{k: v for k, v in os.environ.items() if not k.startswith("HIPPOGRAPH_")},
        **env_for_cli,
        "HIPPOGRAPH_NEO4J_URI": uri,
        "HIPPOGRAPH_DATA_DIR": str(data_dir),
        "HIPPOGRAPH_BRANCH": "main",
    }


def run_capture(
    transcript: Path, cwd: Path, env: dict[str, str]
) -> subprocess.CompletedProcess[str]:
    """What the SessionEnd hook spawns, run for real and waited for."""
    return subprocess.run(
        capture.capture_argv(str(transcript), str(cwd), "sess-1"),
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        cwd=ROOT,
    )


def queued(data_dir: Path) -> list[dict[str, Any]]:
    return [json.loads(p.read_text()) for p in sorted(spool.folder(data_dir).glob("*.json"))]


def test_a_capture_while_neo4j_is_down_is_queued_then_filed_once_when_it_is_back(
    memory: Memory, graph: Graph, env_for_cli: dict[str, str], relay: Relay, tmp_path: Path
) -> None:
    repo = git_repo(tmp_path / "shop")
    first = write_jsonl(tmp_path / "first.jsonl", GENERIC)
    data_dir = tmp_path / "data"
    env = capture_env(env_for_cli, data_dir, f"bolt://127.0.0.1:{relay.port}")

    down = run_capture(first, repo, env)  # nothing listens on the port yet
    assert down.returncode == 0 and down.stdout == ""
    assert down.stderr.count("\n") == 1
    assert down.stderr.startswith(
        f"hippograph capture: Neo4j cannot be reached (cannot reach Neo4j at "
        f"bolt://127.0.0.1:{relay.port}"
    )
    assert f"is queued in {data_dir / 'capture-queue'}" in down.stderr
    (entry,) = queued(data_dir)
    assert (entry["transcript"], entry["cwd"], entry["session"], entry["branch"]) == (
        str(first),
        str(repo),
        "sess-1",
        "main",
    )
    assert list(memory.units(kind="episode")) == []

    relay.start()  # the server is back
    second = write_jsonl(
        tmp_path / "second.jsonl",
        [{"session": "s2", "speaker": "user", "text": "Remember that the cache TTL is 5 minutes"}],
    )
    up = run_capture(second, repo, env)
    assert up.returncode == 0, (data_dir / "capture.log").read_text()
    assert (up.stdout, up.stderr) == ("", "")
    assert queued(data_dir) == []
    assert len(memory.units(kind="episode", limit=100)) == len(GENERIC) + 1
    texts = sorted(text for _, text, _ in captured(memory, entry["scope"]))
    assert texts == [
        "Never call the billing API from tests",
        "The cache TTL is 5 minutes",
        "We deploy on Fridays only",
    ]
    log = (data_dir / "capture.log").read_text()
    assert "queued capture of" in log and "imported" in log

    again = run_capture(first, repo, env)  # filed once: capturing it again adds nothing
    assert again.returncode == 0
    assert len(memory.units(kind="episode", limit=100)) == len(GENERIC) + 1
    assert sorted(t for _, t, _ in captured(memory, entry["scope"])) == texts


def queue_entry(data_dir: Path, transcript: Path, cwd: Path, scope: str, uri: str) -> Path:
    return spool.put(
        data_dir,
        spool.Entry(
            transcript=str(transcript),
            cwd=str(cwd),
            session="sess-9",
            scope=scope,
            branch="main",
            target=spool.target_of(uri, "neo4j"),
            queued_at=spool.now(),
            reason="cannot reach Neo4j",
        ),
    )


@pytest.mark.parametrize("command", [["status"], ["maintain", "--job", "ttl"], ["review"]])
def test_a_hippo_command_that_connects_drains_the_queue(
    memory: Memory,
    env_for_cli: dict[str, str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    command: list[str],
) -> None:
    data_dir = tmp_path / "data"
    monkeypatch.setenv("HIPPOGRAPH_DATA_DIR", str(data_dir))
    transcript = write_jsonl(tmp_path / "t.jsonl", GENERIC)
    queue_entry(data_dir, transcript, tmp_path, "queued-scope", TEST_URI)
    result = CliRunner().invoke(app, command)
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        "hippograph: imported 1 session capture(s) queued while Neo4j could not be reached.\n"
    )
    assert queued(data_dir) == []
    assert {u["scope"] for u in memory.units(kind="episode", limit=100)} == {"queued-scope"}
    assert len(captured(memory, "queued-scope")) == 2
    quiet = CliRunner().invoke(app, command)  # an empty queue: nothing said, nothing done
    assert quiet.exit_code == 0 and quiet.stderr == ""


def test_a_queued_capture_whose_transcript_is_gone_is_set_aside_not_dropped(
    graph: Graph, tmp_path: Path
) -> None:
    data_dir = tmp_path / "data"
    settings = settings_for(data_dir=data_dir, branch="main")
    gone = tmp_path / "deleted.jsonl"
    queued_path = queue_entry(data_dir, gone, tmp_path, "s", TEST_URI)
    drained = capture.drain(settings)
    aside = spool.folder(data_dir) / "failed" / queued_path.name
    assert drained.imported == [] and drained.waiting == 0
    assert drained.messages() == [
        f"hippograph: the queued capture of {gone} cannot be imported ({gone}: no such "
        f"transcript file; check the path); its entry is kept in {aside}."
    ]
    assert queued(data_dir) == []
    kept = json.loads(aside.read_text())
    assert kept["transcript"] == str(gone) and "no such transcript file" in kept["reason"]


def test_entries_for_another_server_wait_for_it(
    memory: Memory, graph: Graph, tmp_path: Path
) -> None:
    data_dir = tmp_path / "data"
    transcript = write_jsonl(tmp_path / "t.jsonl", GENERIC)
    queue_entry(data_dir, transcript, tmp_path, "s", "bolt://elsewhere:7687")
    drained = capture.drain(settings_for(data_dir=data_dir, branch="main"))
    assert drained.messages() == []
    assert len(queued(data_dir)) == 1 and list(memory.units(kind="episode")) == []


def test_a_drain_while_a_capture_holds_the_queue_returns_at_once(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    settings = settings_for(data_dir=data_dir, neo4j_uri="bolt://127.0.0.1:1")
    with spool.locked(data_dir):
        assert capture.drain(settings).busy


def test_the_queue_holds_no_transcript_text(env_for_cli: dict[str, str], tmp_path: Path) -> None:
    transcript = write_jsonl(
        tmp_path / "t.jsonl",
        [{"session": "s", "speaker": "user", "text": f"remember that the token is {SECRET}"}],
    )
    data_dir = tmp_path / "data"
    env = capture_env(env_for_cli, data_dir, f"bolt://127.0.0.1:{free_port()}")
    assert run_capture(transcript, tmp_path, env).returncode == 0
    files = list(data_dir.rglob("*"))
    assert any(p.suffix == ".json" for p in files)
    for path in files:
        if path.is_file():
            body = path.read_text()
            assert SECRET not in body and "the token is" not in body


def test_has_pending_is_false_without_a_queue(tmp_path: Path) -> None:
    assert not spool.has_pending(tmp_path / "nowhere")
    spool.folder(tmp_path).mkdir()
    assert not spool.has_pending(tmp_path)
    (spool.folder(tmp_path) / "failed").mkdir()
    assert not spool.has_pending(tmp_path)
