"""Shared fixtures: a real Neo4j 5 (the test instance `make test` starts), never a mock."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest

from bench.common import ServerBusy, holding_server
from hippograph.config import Settings
from hippograph.errors import GraphUnavailableError
from hippograph.graph.client import Graph
from hippograph.graph.migrations import apply_schema
from hippograph.memory import Memory
from hippograph.units.read_gate import LOCAL_USER, open_gate
from tests.fakes import Clock

TEST_URI = os.environ.get("HIPPOGRAPH_TEST_NEO4J_URI", "bolt://127.0.0.1:7688")
TEST_INSTANCE = os.environ.get("HIPPOGRAPH_TEST_INSTANCE", "test")
TEST_HTTP_PORT = os.environ.get("HIPPOGRAPH_TEST_NEO4J_HTTP_PORT", "7475")
_CAPTURED_ENV = {k: v for k, v in os.environ.items() if k.startswith("HIPPOGRAPH_")}


def test_settings(**overrides: object) -> Settings:
    """Settings pointing at the test server, independent of the caller's environment."""
    password = _CAPTURED_ENV.get("HIPPOGRAPH_TEST_NEO4J_PASSWORD")
    base: dict[str, object] = {"neo4j_uri": TEST_URI, "instance": TEST_INSTANCE, "_env_file": None}
    if password:
        base["neo4j_password"] = password
    base.update(overrides)
    return Settings(**base)  # type: ignore[arg-type]


@pytest.fixture(autouse=True)
def clean_environ(monkeypatch: pytest.MonkeyPatch) -> None:
    """No HIPPOGRAPH_* variable of the caller leaks into a test."""
    for key in list(os.environ):
        if key.startswith("HIPPOGRAPH_"):
            monkeypatch.delenv(key, raising=False)


@pytest.fixture(scope="session")
def settings() -> Settings:
    return test_settings()


@pytest.fixture(scope="session")
def session_graph(settings: Settings) -> Iterator[Graph]:
    """One driver for the whole run; schema applied once. The test server is held as a benchmark
    holds its server (``bench.common.holding_server``): the suite empties it before each test,
    and a benchmark running there at the same time would be spoiled without failing."""
    with ExitStack() as stack:
        try:
            stack.enter_context(holding_server(TEST_URI))
        except ServerBusy:
            pytest.fail(
                f"a benchmark is running on the test server {TEST_URI}, and the tests empty it: "
                "wait for it to finish, or point HIPPOGRAPH_TEST_NEO4J_URI at another server.",
                pytrace=False,
            )
        yield from _connected(settings)


def _connected(settings: Settings) -> Iterator[Graph]:
    try:
        graph = Graph.connect(settings)
    except GraphUnavailableError as exc:
        pytest.fail(
            f"Neo4j test server unavailable ({exc}). Start it with `make test-db` "
            f"(or point HIPPOGRAPH_TEST_NEO4J_URI at a disposable server).",
            pytrace=False,
        )
    open_gate(graph, LOCAL_USER)  # tests read as the local user, through the read gate
    graph.run_autocommit("clear_database")
    apply_schema(graph)
    yield graph
    graph.close()


@pytest.fixture()
def graph(session_graph: Graph) -> Graph:
    """The test graph, emptied of data (schema kept) before each test."""
    session_graph.run_autocommit("clear_database")
    return session_graph


@pytest.fixture()
def env_for_cli(
    settings: Settings, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> dict[str, str]:
    """Environment that points the CLI at the test server."""
    env = {
        "HIPPOGRAPH_NEO4J_URI": TEST_URI,
        "HIPPOGRAPH_INSTANCE": TEST_INSTANCE,
        "HIPPOGRAPH_NEO4J_HTTP_PORT": TEST_HTTP_PORT,
    }
    password = settings.resolved_password()
    if password:
        env["HIPPOGRAPH_NEO4J_PASSWORD"] = password
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.chdir(tmp_path)  # no stray .env is read
    return env


@pytest.fixture()
def clock() -> Clock:

    return Clock()


@pytest.fixture()
def memory(graph: Graph, settings: Settings, tmp_path: Path, clock: Clock) -> Memory:
    """The public API on the emptied test graph, on branch main, with a fixed clock."""

    return Memory(graph, settings.model_copy(update={"branch": "main"}), cwd=tmp_path, clock=clock)
