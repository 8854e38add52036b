"""`hippo db`: the managed server, with a real JVM and real ports."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hippograph import neo4j_local
from hippograph.cli import app
from hippograph.config import Settings
from hippograph.errors import ConfigError, GraphUnavailableError
from hippograph.graph.client import Graph
from hippograph.neo4j_local.server import ManagedServer, port_in_use
from tests import conftest
from tests.conftest import TEST_HTTP_PORT, TEST_INSTANCE, TEST_URI

runner = CliRunner()


def free_port() -> int:
    """A port nothing listens on right now."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def managed_settings(tmp_path: Path, bolt: int, http: int, **kw: object) -> Settings:
    return Settings(
        _env_file=None,  # type: ignore[call-arg]
        instance="t2",
        neo4j_bolt_port=bolt,
        neo4j_http_port=http,
        data_dir=tmp_path / "data",
        config_dir=tmp_path / "config",
        server_mode="managed",
        neo4j_heap="512m",
        neo4j_pagecache="64m",
        **kw,
    )


def test_starting_the_running_test_server_again_is_harmless(
    graph: Graph, monkeypatch: pytest.MonkeyPatch
) -> None:
    bolt = TEST_URI.rsplit(":", 1)[1]
    monkeypatch.setenv("HIPPOGRAPH_INSTANCE", TEST_INSTANCE)
    monkeypatch.setenv("HIPPOGRAPH_NEO4J_BOLT_PORT", bolt)
    monkeypatch.setenv("HIPPOGRAPH_NEO4J_HTTP_PORT", TEST_HTTP_PORT)
    monkeypatch.setenv("HIPPOGRAPH_SERVER_MODE", "managed")
    result = runner.invoke(app, ["db", "start", "--json"], catch_exceptions=False)
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["mode"] == "managed" and report["action"] == "already running"
    assert report["uri"] == f"bolt://127.0.0.1:{bolt}"
    assert report["browser_url"] == f"http://localhost:{TEST_HTTP_PORT}/browser/"
    warmed = report["warm_up"]  # recall planned over Bolt and the hook's HTTP path
    assert warmed["bolt_s"] > 0 and warmed["http_s"] > 0 and warmed["skipped"] == []


def test_port_taken_by_another_process_is_named(tmp_path: Path, graph: Graph) -> None:
    bolt = int(TEST_URI.rsplit(":", 1)[1])
    settings = managed_settings(tmp_path, bolt=bolt, http=free_port())
    with pytest.raises(GraphUnavailableError, match=f"port {bolt} on 127.0.0.1 is already taken"):
        ManagedServer(settings).start()


def test_missing_java_says_what_is_needed(tmp_path: Path) -> None:
    settings = managed_settings(
        tmp_path, bolt=free_port(), http=free_port(), java_home=tmp_path / "nojdk"
    )
    with pytest.raises(ConfigError, match="has no bin/java; point it at a JDK 17 or 21"):
        ManagedServer(settings).start()


def test_missing_maven_says_what_is_needed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    java_dir = Path(os.path.realpath(__import__("shutil").which("java"))).parent.parent
    monkeypatch.setenv("PATH", str(tmp_path))  # no mvn anywhere
    settings = managed_settings(
        tmp_path,
        bolt=free_port(),
        http=free_port(),
        java_home=java_dir,
        cache_dir=tmp_path / "cache",
    )
    with pytest.raises(ConfigError, match=r"needs Maven \(`mvn`\), which is not on PATH"):
        ManagedServer(settings).start()


def test_stop_when_not_running_says_so(tmp_path: Path) -> None:
    report = neo4j_local.stop(managed_settings(tmp_path, bolt=free_port(), http=free_port()))
    assert report.action == "not running"
    assert not (tmp_path / "data" / "t2").exists()  # stopping makes no instance folder


@pytest.mark.slow
def test_managed_server_full_cycle(tmp_path: Path) -> None:
    """Start (0600 password, one that starts with '-' and holds quotes, never on a command
    line), start again, status, logs, stop, stop again."""
    bolt = free_port()
    settings = managed_settings(tmp_path, bolt=bolt, http=free_port())
    assert not port_in_use(bolt)
    settings.password_file.parent.mkdir(parents=True, exist_ok=True)
    settings.password_file.write_text('-dash "quoted" back\\slash\n')
    settings.password_file.chmod(0o600)
    first = neo4j_local.start(settings)
    try:
        assert first.action == "started" and first.mode == "managed"
        mode = stat.S_IMODE(settings.password_file.stat().st_mode)
        assert mode == 0o600
        assert neo4j_local.start(settings).action == "already running"
        assert neo4j_local.status(settings).action == "running"
        from hippograph.hooks import warmup

        fresh = warmup.warm(settings)  # a new server has no schema: said, not errors
        assert fresh.skipped == ["until the schema is applied: run `hippo init`"]
        assert fresh.summary() == (
            "nothing planned; skipped until the schema is applied: run `hippo init`"
        )
        with Graph.connect(settings) as graph:  # logs in with that password
            assert graph.read("server_components")[0]["version"] == settings.neo4j_version
        conf = (settings.data_dir / settings.instance / "conf").glob("*")
        assert [p.name for p in conf] == ["neo4j.conf"]  # the password's argument file is gone
        assert "Started." in neo4j_local.logs(
            settings, 200
        ) or "Remote interface available" in neo4j_local.logs(settings, 200)
    finally:
        assert neo4j_local.stop(settings).action == "stopped"
    assert neo4j_local.stop(settings).action == "not running"
    assert neo4j_local.status(settings).action == "not running"
    assert not port_in_use(bolt)


@pytest.mark.slow
def test_two_starts_of_one_instance_at_once_start_it_once(tmp_path: Path) -> None:
    """Two `hippo db start` of a new instance at the same moment: one starts it, the other
    waits and finds it running (they used to write the same files, and one failed)."""
    from concurrent.futures import ThreadPoolExecutor

    bolt = free_port()
    settings = managed_settings(tmp_path, bolt=bolt, http=free_port())
    try:
        with ThreadPoolExecutor(2) as pool:
            reports = list(pool.map(lambda _: neo4j_local.start(settings), range(2)))
        assert sorted(r.action for r in reports) == ["already running", "started"]
        assert reports[0].pid == reports[1].pid == ManagedServer(settings).pid()
        with Graph.connect(settings) as graph:  # the password file is the one the server has
            assert graph.read("server_components")[0]["version"] == settings.neo4j_version
    finally:
        assert neo4j_local.stop(settings).action == "stopped"
    assert not port_in_use(bolt)


def test_the_managed_server_checkpoints_every_five_minutes(graph: Graph) -> None:
    """A checkpoint is when the vector index's merges of what a bulk write left take effect
    (100k units: 79 segments before, 2 after; hybrid recall slow until then). The test server
    runs from this file, and Neo4j refuses to start on a setting it does not know."""
    conf = ManagedServer(conftest.test_settings()).paths.conf / "neo4j.conf"
    assert "db.checkpoint.interval.time=5m" in conf.read_text(encoding="utf-8").splitlines()


def test_two_starts_resolving_the_jars_at_once_take_turns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A stand-in for Maven (the network is not what is tested): it writes one jar into the
    # output folder slowly and counts its runs. Two starts on a fresh cache used to race: the
    # second deleted the first one's lib.partial under it.
    from concurrent.futures import ThreadPoolExecutor

    from hippograph.neo4j_local.resolve import ensure_jars

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    runs = tmp_path / "runs"
    mvn = bin_dir / "mvn"
    mvn.write_text(
        "#!/bin/sh\n"
        f"echo run >> {runs}\n"
        'for a in "$@"; do case "$a" in -DoutputDirectory=*) out="${a#-DoutputDirectory=}";; '
        "esac; done\n"
        'mkdir -p "$out"; sleep 1; echo jar > "$out/neo4j.jar"\n',
        encoding="utf-8",
    )
    mvn.chmod(mvn.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    settings = managed_settings(
        tmp_path, bolt=free_port(), http=free_port(), cache_dir=tmp_path / "cache"
    )
    with ThreadPoolExecutor(2) as pool:
        libs = list(pool.map(lambda _: ensure_jars(settings), range(2)))
    assert libs[0] == libs[1]
    assert (libs[0] / "neo4j.jar").read_text(encoding="utf-8") == "jar\n"
    assert runs.read_text(encoding="utf-8").splitlines() == ["run"]
