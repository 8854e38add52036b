"""Decisions, why-chains, failures and rules against the real server (SPEC §8)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hippograph.cli import app
from hippograph.config import Settings
from hippograph.errors import IngestError
from hippograph.graph.client import Graph
from hippograph.kinds import decisions
from hippograph.kinds.decisions import names_code
from hippograph.memory import Memory
from hippograph.recall.engine import RecallResult
from tests.fakes import Clock

runner = CliRunner()


def test_jwt_story_end_to_end(memory: Memory, clock: Clock) -> None:
    dec = memory.decide(
        "Use JWT access tokens for the public API",
        problem="Server-side sessions do not scale across our three regions",
        alternatives=[
            "Server-side sessions: need sticky routing across regions",
            "Opaque tokens with introspection: one more network hop per request",
        ],
        reasoning="Stateless verification at the edge",
        about=["auth"],
        source_ref="docs/adr/0004-jwt.md#L1-L40",
    )
    clock.advance(days=120)
    memory.record_outcome(dec.id, "Refresh bugs in month two; p95 auth latency down 40%")
    answer = memory.why("JWT tokens")
    assert not answer.abstain and answer.decision is not None
    assert answer.decision["id"] == dec.id and answer.decision["problem"].startswith(
        "Server-side sessions"
    )
    assert {a["option"]: a["why_rejected"] for a in answer.alternatives} == {
        "Server-side sessions": "need sticky routing across regions",
        "Opaque tokens with introspection": "one more network hop per request",
    }
    assert answer.decision["outcome"].startswith("Refresh bugs") and answer.decision[
        "source_ref"
    ].endswith("#L1-L40")


def test_superseded_decision_chain_as_of_two_dates(memory: Memory, clock: Clock) -> None:
    first = memory.decide(
        "Queue jobs with Celery",
        problem="Background jobs",
        about=["job queue"],
        topic="queue",
        source_ref="adr#1",
    )
    march = clock.advance(days=30)
    clock.advance(days=30)
    second = memory.decide(
        "Queue jobs with Temporal",
        problem="Background jobs need retries and visibility",
        supersedes=first.id,
        about=["job queue"],
        topic="queue",
        source_ref="adr#2",
    )
    assert second.superseded == [first.id]
    now = memory.why("job queue")
    assert now.decision["id"] == second.id and [d["id"] for d in now.supersedes] == [first.id]
    then = memory.why("job queue", as_of=march)
    assert then.decision["id"] == first.id and then.superseded_by == []


def test_why_says_when_the_decision_only_matched_the_subjects_words(memory: Memory) -> None:
    dec = memory.decide(
        "Round invoice totals half-up",
        problem="Totals were off by a cent",
        governs=["billing.invoice.tally"],
        source_ref="adr#7",
    )
    linked = memory.why("billing.invoice.tally", mode="keyword")
    assert linked.decision["id"] == dec.id and linked.found_by == "governs"
    worded = memory.why("format_invoice", mode="keyword")  # shares "invoice", governs nothing
    assert worded.decision["id"] == dec.id and worded.found_by == "words"
    assert names_code("format_invoice") and names_code("shop/auth.py:login")
    assert not names_code("JWT tokens") and not names_code("job queue")


def test_why_skips_a_decision_forgotten_after_recall_found_it(memory: Memory, clock: Clock) -> None:
    dec = memory.decide("Cache sessions in Redis", problem="Logins were slow", source_ref="adr#9")

    def recall_then_forget(query: str, **options: object) -> RecallResult:
        found = memory.recall(query, **options)  # type: ignore[arg-type]
        gone = {"id": "dec_gone", "checks": {"relevant": True}}
        found.items.insert(0, gone)  # found by recall, deleted by another agent before the read
        return found

    answer = decisions.why(
        memory.graph,
        "Redis sessions",
        as_of=clock(),
        recall=recall_then_forget,
        record_task=lambda *_: None,
        mode="keyword",
    )
    assert not answer.abstain and answer.decision is not None
    assert answer.decision["id"] == dec.id


def test_why_says_nothing_is_known_when_the_only_decision_found_was_forgotten(
    memory: Memory, clock: Clock
) -> None:
    def recall_only_the_forgotten(query: str, **options: object) -> RecallResult:
        found = memory.recall(query, **options)  # type: ignore[arg-type]
        found.items = [{"id": "dec_gone", "checks": {"relevant": True}}]
        return found

    tasks: list[tuple[str, str, list[str]]] = []
    answer = decisions.why(
        memory.graph,
        "Redis sessions",
        as_of=clock(),
        recall=recall_only_the_forgotten,
        record_task=lambda query, reason, involved: tasks.append((query, reason, involved)),
        mode="keyword",
    )
    assert answer.abstain and answer.reason == "no_accepted_facts"
    assert tasks == [("why Redis sessions", "no_accepted_facts", [])]


def test_why_abstains_when_nothing_is_known(memory: Memory) -> None:
    answer = memory.why("GraphQL federation")
    assert answer.abstain and answer.reason == "no_accepted_facts" and answer.task_id


def test_alternative_without_reason_is_refused(memory: Memory) -> None:
    with pytest.raises(IngestError, match="lacks its reason"):
        memory.decide("Use Redis", alternatives=["Memcached"], source_ref="x")
    with pytest.raises(IngestError, match="needs its decision text"):
        memory.decide("  ", source_ref="x")


def test_failure_needs_a_real_commit_or_a_test(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    repo = tmp_path / "r"
    repo.mkdir()
    env = {
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@x",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@x",
        "PATH": "/usr/bin:/bin",
    }
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    (repo / "a.py").write_text("def f():\n    return 1\n")
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True)
    subprocess.run(
        ["git", "commit", "-qm", "fix: token refresh race"], cwd=repo, check=True, env=env
    )
    sha = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=repo, capture_output=True, text=True
    ).stdout.strip()
    memory = Memory(graph, settings.model_copy(update={"branch": "main"}), cwd=repo, clock=clock)
    with pytest.raises(IngestError, match="needs its proof"):
        memory.fail("refresh broke")
    with pytest.raises(IngestError, match="does not exist in the repository"):
        memory.fail("refresh broke", commit="deadbeef")
    fail = memory.fail(
        "Token refresh raced with logout", why="no lock", fix="serialise refresh", commit=sha[:8]
    )
    got = memory.get(fail.id)
    assert got.unit["commit"] == sha
    assert {e["type"] for e in got.edges} >= {"FROM", "FIXED_BY"}
    with pytest.raises(IngestError, match=r"the test file tests/test_login.py of --test"):
        memory.fail("Login 500 on empty password", test="tests/test_login.py::test_empty")
    (repo / "tests").mkdir()
    (repo / "tests" / "test_login.py").write_text("def test_empty(): ...\n", encoding="utf-8")
    by_test = memory.fail("Login 500 on empty password", test="tests/test_login.py::test_empty")
    assert memory.get(by_test.id).unit["test"] == "tests/test_login.py::test_empty"
    # a test removed since still proves a failure of the past: git remembers its file
    subprocess.run(["git", "add", "tests"], cwd=repo, check=True)
    subprocess.run(["git", "commit", "-qm", "login test"], cwd=repo, check=True)
    subprocess.run(["git", "rm", "-q", "tests/test_login.py"], cwd=repo, check=True)
    subprocess.run(["git", "commit", "-qm", "drop it"], cwd=repo, check=True)
    memory.fail("Login 500 on a blank password", test="tests/test_login.py::test_empty")
    assert memory.fail("Login broke", test="TestLogin").action == "created"  # no file named
    dotted = memory.fail("Login broke again", test="tests.test_login.TestLogin.run")
    assert dotted.action == "created"  # a unittest id names a module, not a file


def test_rules_and_policies(memory: Memory) -> None:
    with pytest.raises(IngestError, match="not a valid regular expression"):
        memory.add_rule("no eval", category="security", severity="critical", forbid="eval(")
    with pytest.raises(IngestError, match="tree-sitter query is invalid"):
        memory.add_rule(
            "no eval", category="security", severity="critical", ts_query="(call", language="python"
        )
    check = memory.add_rule(
        "Never call eval",
        category="security",
        severity="critical",
        scope="**/*.py",
        forbid=r"\beval\(",
    )
    advisory = memory.add_rule("Prefer small pull requests", category="code", severity="low")
    assert [r.id for r in memory.rules()][:1] == [check.id]
    assert [p.id for p in memory.policies()] == [advisory.id]


def test_cli_decide_why(graph: Graph, env_for_cli: dict[str, str]) -> None:
    out = runner.invoke(
        app,
        [
            "decide",
            "--decision",
            "Use Postgres for orders",
            "--problem",
            "Orders need transactions",
            "--alternative",
            "MongoDB: no multi-document transactions in our version",
            "--about",
            "orders",
        ],
        catch_exceptions=False,
    )
    assert out.exit_code == 0 and out.stdout.startswith("created dec_")
    why = runner.invoke(app, ["why", "orders database", "--json"], catch_exceptions=False)
    assert '"Use Postgres for orders"' in why.stdout
    told = runner.invoke(app, ["why", "orders database"], catch_exceptions=False).stdout
    assert "Use Postgres for orders" in told and "found by" not in told  # a topic, in words
    coded = runner.invoke(app, ["why", "orders_db"], catch_exceptions=False).stdout
    assert "found by:  its words; no decision recorded governs orders_db" in coded
    unquoted = runner.invoke(app, ["why", "orders", "database", "--json"], catch_exceptions=False)
    # several words without quotes are one subject
    assert json.loads(unquoted.stdout)["subject"] == "orders database"
    assert json.loads(unquoted.stdout)["decision"]["id"] == json.loads(why.stdout)["decision"]["id"]
    unknown = runner.invoke(app, ["why", "kubernetes ingress controller"], catch_exceptions=False)
    assert unknown.stdout.startswith(
        "I don't know why (no_accepted_facts): nothing in memory answers it. Recorded as task task_"
    )
    bad = runner.invoke(app, ["decide", "--decision", "X", "--alternative", "Y"])
    assert bad.exit_code == 1 and "lacks its reason" in bad.stderr
    nofail = runner.invoke(app, ["fail", "--what", "it broke"])
    assert nofail.exit_code == 1 and "needs its proof" in nofail.stderr
