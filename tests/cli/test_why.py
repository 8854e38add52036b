"""`hippo why` from the shell: the decision in force, found by keyword alone or with the model."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from hippograph.cli import app
from hippograph.config import Settings
from hippograph.graph.client import Graph
from tests.fakes import loads_the_model

runner = CliRunner()


def run(*args: str) -> str:
    result = runner.invoke(app, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_why_finds_the_decision_in_every_mode(graph: Graph, env_for_cli: dict[str, str]) -> None:
    decided = json.loads(
        run(
            "decide",
            "--decision",
            "JWT access tokens with a 15 minute TTL",
            "--problem",
            "Sessions must survive a restart of the auth service",
            "--alternative",
            "server sessions: every node needs the session store",
            "--about",
            "auth",
            "--json",
        )
    )
    for mode in ("keyword", "semantic", "hybrid"):
        answer = json.loads(
            run("why", "why did we pick JWT access tokens", "--mode", mode, "--json")
        )
        assert answer["decision"] is not None, (mode, answer)
        assert answer["decision"]["id"] == decided["id"], mode
        assert [a["option"] for a in answer["alternatives"]] == ["server sessions"], mode


def test_why_keyword_loads_no_model(graph: Graph, settings: Settings) -> None:
    password = settings.resolved_password() or ""
    assert not loads_the_model(
        settings.bolt_uri, password, ["why", "message broker", "--mode", "keyword", "--json"]
    )


def test_an_unknown_mode_is_one_sentence(graph: Graph, env_for_cli: dict[str, str]) -> None:
    result = runner.invoke(app, ["why", "anything", "--mode", "fuzzy"])
    assert result.exit_code == 1
    assert "unknown mode 'fuzzy'; use keyword, semantic or hybrid." in result.stderr
