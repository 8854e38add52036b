"""`hippo recall` as a user and as a tool (--batch), against the real server."""

from __future__ import annotations

import json
from pathlib import Path

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


def seed() -> dict[str, str]:
    ids = {}
    for key, text, about in [
        ("pg", "Analytics moved to ClickHouse", "analytics"),
        ("ci", "CI runs on GitHub Actions", "ci"),
        ("tok", "Never log access tokens", "auth"),
    ]:
        ids[key] = run("remember", text, "--about", about).split()[1]
    return ids


def test_recall_json_and_table(graph: Graph, env_for_cli: dict[str, str]) -> None:
    ids = seed()
    out = json.loads(run("recall", "where did analytics move to", "--mode", "keyword", "--json"))
    assert out["items"][0]["id"] == ids["pg"] and out["abstain"] is False
    assert (
        out["items"][0]["source_ref"].startswith("cli:") and "lexical" in out["items"][0]["voices"]
    )
    table = run("recall", "github actions", "--mode", "keyword")
    assert ids["ci"] in table
    unquoted = json.loads(
        run("recall", "where", "did", "analytics", "move", "-m", "keyword", "--json")
    )
    assert unquoted["query"] == "where did analytics move"  # words without quotes are one query
    assert unquoted["items"][0]["id"] == ids["pg"]
    assert (
        run("recall", "ok go on", "--mode", "keyword")
        == "Nothing to recall: the query has no topic.\n"
    )
    unknown = run("recall", "which message broker do we use", "--mode", "keyword")
    assert unknown.startswith(
        "I don't know (no_accepted_facts): nothing in memory answers it. Recorded as task task_"
    )
    guess = run(
        "remember",
        "The flaky test is a race in the cache",
        "--about",
        "flaky test",
        "--source",
        "agent",
    ).split()[1]
    unsure = run("recall", "flaky test cause", "--mode", "keyword")
    assert unsure.startswith(
        "I don't know (unverified_hypothesis): the only answers are unverified hypotheses; "
        f"confirm or refute them: {guess}. Recorded as task task_"
    )


def test_batch_equals_single_calls(
    graph: Graph, env_for_cli: dict[str, str], tmp_path: Path
) -> None:
    seed()
    queries = [
        {"id": "q1", "query": "analytics clickhouse", "mode": "keyword"},
        {"id": "q2", "query": "access tokens logging", "mode": "keyword", "k": 1},
        {"id": "q3", "query": "thanks!", "mode": "keyword"},
    ]
    path = tmp_path / "q.jsonl"
    path.write_text("\n".join(json.dumps(q) for q in queries) + "\n{not json\n")
    result = runner.invoke(app, ["recall", "--batch", str(path)])
    assert result.exit_code == 0
    lines = [json.loads(x) for x in result.stdout.splitlines()]
    assert [x.get("id") for x in lines] == ["q1", "q2", "q3", None]
    assert lines[3]["error"].startswith(f"{path}:4: ")
    assert f"{path}:4:" in result.stderr
    for q, batch in zip(queries, lines, strict=False):
        args = ["recall", q["query"], "--mode", "keyword", "--json", "-k", str(q.get("k", 5))]
        single = json.loads(run(*args))
        assert [i["id"] for i in batch["items"]] == [i["id"] for i in single["items"]]
        assert batch["silent"] == single["silent"]


def test_keyword_recall_never_loads_the_model(graph: Graph, settings: Settings) -> None:
    password = settings.resolved_password() or ""
    assert not loads_the_model(
        settings.bolt_uri, password, ["recall", "analytics database", "--mode", "keyword", "--json"]
    )


def test_recall_errors(graph: Graph, env_for_cli: dict[str, str]) -> None:
    result = runner.invoke(app, ["recall", "   "])
    assert result.exit_code == 1 and result.stderr.startswith("Error: the query is empty")
    result = runner.invoke(app, ["recall", "x", "--mode", "magic"])
    assert result.exit_code == 1 and "unknown mode 'magic'" in result.stderr
    result = runner.invoke(app, ["recall", "--batch", "/nonexistent.jsonl"])
    assert result.exit_code == 1 and "cannot read the batch file" in result.stderr


def _used(unit_id: str) -> int:
    return int(json.loads(run("get", unit_id, "--json"))["unit"].get("usage_count") or 0)


def test_no_record_leaves_no_trace(
    graph: Graph, env_for_cli: dict[str, str], tmp_path: Path
) -> None:
    ids = seed()
    run("recall", "analytics clickhouse", "--mode", "keyword", "--no-record")
    assert _used(ids["pg"]) == 0
    path = tmp_path / "q.jsonl"
    path.write_text(
        json.dumps({"query": "analytics clickhouse", "mode": "keyword", "record": False}) + "\n"
    )
    run("recall", "--batch", str(path))
    assert _used(ids["pg"]) == 0
    path.write_text(json.dumps({"query": "analytics clickhouse", "mode": "keyword"}) + "\n")
    run("recall", "--batch", str(path), "--no-record")
    assert _used(ids["pg"]) == 0
    run("recall", "--batch", str(path))  # recorded, as a single recall is
    run("recall", "analytics clickhouse", "--mode", "keyword")
    assert _used(ids["pg"]) == 2
    path.write_text(json.dumps({"query": "analytics", "record": "no"}) + "\n")
    result = runner.invoke(app, ["recall", "--batch", str(path)])
    assert result.exit_code == 1 and "'record' must be true or false, not 'no'" in result.stderr
    path.write_text(json.dumps({"query": "analytics clickhouse", "record": True}) + "\n")
    run("recall", "--batch", str(path), "--no-record")  # --no-record holds for every line
    assert _used(ids["pg"]) == 2
