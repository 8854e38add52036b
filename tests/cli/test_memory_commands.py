"""The unit commands as a user types them, against the real test server."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from hippograph.cli import app
from hippograph.graph.client import Graph

runner = CliRunner()


def run(*args: str) -> str:
    result = runner.invoke(app, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.stdout


def fail(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stderr


def test_remember_then_supersede_story(graph: Graph, env_for_cli: dict[str, str]) -> None:
    out = run(
        "remember", "We use Postgres for analytics", "--about", "analytics", "--topic", "database"
    )
    match = re.fullmatch(r"created (fact_[0-9a-f]{16}) \(fact\)\n", out)
    assert match, out
    old = match.group(1)
    out = run(
        "remember",
        "We moved to ClickHouse; Postgres is only OLTP now",
        "--about",
        "analytics",
        "--topic",
        "database",
    )
    lines = out.splitlines()
    assert (
        lines[0].startswith("created fact_") and lines[1] == f"  superseded {old} (kept as history)"
    )
    new = lines[0].split()[1]
    got = json.loads(run("get", old, "--json"))
    assert got["believed"] is False and got["unit"]["text"] == "We use Postgres for analytics"
    history = run("history", new)
    assert f"supersedes {old}" in history
    log = json.loads(run("log", "--id", old, "--json"))
    assert {c["op"] for c in log} >= {"create_node", "update_node", "create_edge"}


def test_remember_twice_strengthens(graph: Graph, env_for_cli: dict[str, str]) -> None:
    first = run("remember", "Use uv for Python envs", "--about", "tooling").split()[1]
    again = run("remember", "use uv for python envs.", "--about", "tooling")
    assert again == f"strengthened {first} (fact)\n"
    assert json.loads(run("get", first, "--json"))["unit"]["mention_count"] == 2


def test_unlinked_unit_reports_its_task(graph: Graph, env_for_cli: dict[str, str]) -> None:
    out = run("remember", "The office closes at 6pm")
    assert re.search(
        r"  task task_[0-9a-f]{16}: not linked to an entity or episode; add --about NAME", out
    )
    assert "Task" in run("review")


def test_confirm_forget_undo(graph: Graph, env_for_cli: dict[str, str]) -> None:
    unit = run("remember", "Releases are tagged vX.Y.Z", "--about", "releases").split()[1]
    assert run("confirm", unit) == f"confirmed {unit}: lifecycle consolidated, confidence 0.86\n"
    assert run("forget", unit, "--reason", "we use calver now").startswith(f"deprecated {unit}")
    last = json.loads(run("log", "--id", unit, "--json", "--limit", "1"))[0]
    assert run("undo", last["id"]).startswith("undid ")
    assert json.loads(run("get", unit, "--json"))["unit"]["truth_status"] == "confirmed"


def test_as_of_and_rollback(graph: Graph, env_for_cli: dict[str, str]) -> None:
    unit = run("remember", "Staging is on k8s", "--about", "staging").split()[1]
    assert json.loads(run("get", unit, "--as-of", "now", "--json"))["believed"] is True
    code, err = fail("get", unit, "--as-of", "30d")
    assert code == 1 and f"{unit} was not in memory yet" in err
    out = run("rollback", "--to", "1d")
    assert out.startswith("reversed ")
    assert json.loads(run("get", unit, "--json"))["believed"] is False


def test_bad_input_is_one_sentence(
    graph: Graph, env_for_cli: dict[str, str], tmp_path: Path
) -> None:
    code, err = fail("remember", "")
    assert (
        code == 1
        and err == "Error: invalid input: text: text is empty; give the statement to remember.\n"
    )
    code, err = fail("remember", "x", "--valid-from", "last tuesday")
    assert code == 1 and "is not a date; use ISO 8601" in err
    code, err = fail("get", "fact_missing")
    assert code == 1 and err.startswith("Error: no memory node has id 'fact_missing'")
    code, _ = fail("remember", "x", "--kind", "gossip")
    assert code == 2  # typer's usage error
    code, err = fail("import", "transcript", str(tmp_path / "nope.jsonl"))
    assert code == 1 and "no such transcript file" in err
    code, err = fail("undo", "chg_nope")
    assert code == 1 and "no change has id 'chg_nope'" in err
    assert "Traceback" not in err


def test_import_markdown_and_transcript_commands(
    graph: Graph, env_for_cli: dict[str, str], tmp_path: Path
) -> None:
    (tmp_path / "AGENTS.md").write_text("# Rules\n- Never commit secrets.\n- Prefer small PRs.\n")
    out = run("import", "markdown", str(tmp_path), "--no-embed")
    assert out.splitlines()[-1] == "1 file(s), 0 unchanged; 2 created, 0 superseded, 0 deprecated"
    (tmp_path / "t.jsonl").write_text(
        '{"session": "a", "speaker": "u", "text": "hi there"}\n{bad\n'
    )
    result = runner.invoke(app, ["import", "transcript", str(tmp_path / "t.jsonl"), "--no-embed"])
    assert result.exit_code == 0
    assert (
        result.stdout
        == "t.jsonl: 1 turn(s) imported in 1 session(s), 0 already present, 0 event(s) skipped, "
        "1 bad line(s) skipped (line 2)\n"
    )
    assert result.stderr.startswith("  t.jsonl:2: line is not valid JSON")


def test_branch_commands(graph: Graph, env_for_cli: dict[str, str]) -> None:
    run("remember", "Feature flag X is on", "--about", "flags")
    unit = runner.invoke(
        app,
        ["remember", "OAuth scopes are read-only", "--about", "oauth"],
        env={"HIPPOGRAPH_BRANCH": "feature/oauth"},
        catch_exceptions=False,
    ).stdout.split()[1]
    diff = json.loads(run("branch", "diff", "feature/oauth", "--json"))
    assert [u["id"] for u in diff] == [unit]
    assert (
        run("branch", "merge", "feature/oauth") == "merged 1 unit(s) from feature/oauth into main\n"
    )
    listing = json.loads(run("branch", "list", "--json"))
    assert listing["current"] == "main" and {b["branch"] for b in listing["branches"]} == {"main"}
