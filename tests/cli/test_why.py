"""`hippo why` from the shell: the decision in force, found by keyword alone or with the model."""

from __future__ import annotations

import json
import subprocess
import sys

from typer.testing import CliRunner

from hippograph.cli import app
from hippograph.config import Settings
from hippograph.graph.client import Graph

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
    code = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from hippograph.cli import app\n"
        "r = CliRunner().invoke(app, ['why', 'message broker', '--mode', 'keyword', '--json'])\n"
        "assert r.exit_code == 0, r.output\n"
        "print(any(m in sys.modules for m in ('hippograph.units.encoder', 'tokenizers')))"
    )
    env = {
        "HIPPOGRAPH_NEO4J_URI": settings.bolt_uri,
        "HIPPOGRAPH_NEO4J_PASSWORD": settings.resolved_password() or "",
        "PATH": "/usr/bin:/bin",
    }
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "False"


def test_an_unknown_mode_is_one_sentence(graph: Graph, env_for_cli: dict[str, str]) -> None:
    result = runner.invoke(app, ["why", "anything", "--mode", "fuzzy"])
    assert result.exit_code == 1
    assert "unknown mode 'fuzzy'; use keyword, semantic or hybrid." in result.stderr
