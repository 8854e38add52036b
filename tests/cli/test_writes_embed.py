"""What the CLI writes is embedded as it is written (the model loads in a fraction of a second),
so the semantic voice finds it without waiting for `hippo maintain`."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from hippograph.cli import app
from hippograph.graph.client import Graph

runner = CliRunner()


def run(*args: str) -> str:
    result = runner.invoke(app, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.model
def test_every_kind_written_from_the_cli_has_an_embedding(
    graph: Graph, env_for_cli: dict[str, str]
) -> None:
    run("remember", "Analytics moved to ClickHouse", "--about", "analytics")
    run("decide", "--decision", "Use JWT access tokens", "--about", "auth")
    (Path.cwd() / "tests").mkdir()  # the failure's test is a file of the project (the cwd)
    (Path.cwd() / "tests" / "test_config.py").write_text("def test_tags(): ...\n")
    run(
        "fail",
        "--what",
        "yaml.load allowed code execution",
        "--test",
        "tests/test_config.py::test_tags",
    )
    run(
        "rule",
        "add",
        "--category",
        "security",
        "--severity",
        "high",
        "--message",
        "Never use yaml.load on configuration",
    )
    counts = graph.read("count_memory_states")
    assert {r["kind"] for r in counts} >= {"fact", "decision", "failure", "rule"}
    assert graph.read("count_missing_embeddings")[0]["count"] == 0
