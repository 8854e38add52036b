"""ADR import, git import and safe-run against real repositories and the real server."""

from __future__ import annotations

import hashlib
import subprocess
from pathlib import Path

import pytest

from hippograph.config import Settings
from hippograph.errors import IngestError
from hippograph.graph.client import Graph
from hippograph.memory import Memory
from tests.fakes import Clock

ROOT = Path(__file__).resolve().parents[2]
ENV = {
    "GIT_AUTHOR_NAME": "t",
    "GIT_AUTHOR_EMAIL": "t@x",
    "GIT_COMMITTER_NAME": "t",
    "GIT_COMMITTER_EMAIL": "t@x",
    "PATH": "/usr/bin:/bin",
}


def git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=repo, check=True, capture_output=True, text=True, env=ENV
    ).stdout


def mem(graph: Graph, settings: Settings, cwd: Path, clock: Clock) -> Memory:
    return Memory(graph, settings.model_copy(update={"branch": "main"}), cwd=cwd, clock=clock)


def test_import_our_own_decision_records(graph: Graph, settings: Settings, clock: Clock) -> None:
    memory = mem(graph, settings, ROOT, clock)
    first = memory.import_adrs(ROOT / "docs/decisions")
    count = len(list((ROOT / "docs/decisions").glob("0*.md")))
    assert len(first.created) == count
    again = memory.import_adrs(ROOT / "docs/decisions")
    assert again.created == [] and len(again.unchanged) == count  # idempotent
    answer = memory.why("py2neo")
    assert answer.decision is not None and answer.decision["source_ref"].startswith(
        "docs/decisions/0001-"
    )
    assert any("py2neo" in a["option"] for a in answer.alternatives)
    # 0005 names its chosen option in words of its own: that option is not among the rejected
    numpy = memory.why("numpy encoder embeddings")
    assert numpy.decision is not None and "0005-" in numpy.decision["source_ref"]
    assert numpy.decision["text"].startswith("the numpy encoder")
    rejected = [a["option"] for a in numpy.alternatives]
    assert len(rejected) == 3 and not any("run in numpy" in o for o in rejected), rejected


def test_options_of_a_record_that_names_none_as_chosen_are_not_rejected(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    adr = tmp_path / "adr"
    adr.mkdir()
    (adr / "0001-pick-a-queue.md").write_text(
        "# 1. Pick a queue\n\n* Status: proposed\n\n## Context and Problem Statement\n\n"
        "Jobs need a queue.\n\n## Considered Options\n\n* SQS\n* RabbitMQ\n",
        encoding="utf-8",
    )
    memory = mem(graph, settings, tmp_path, clock)
    assert len(memory.import_adrs(adr).created) == 1
    answer = memory.why("pick a queue")
    assert answer.decision is not None and answer.alternatives == []
    assert "Options considered (the record names none as chosen): SQS; RabbitMQ." in str(
        answer.decision.get("reasoning")
    ), answer.decision


def test_adr_supersession_becomes_a_link(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    adr = tmp_path / "adr"
    adr.mkdir()
    (adr / "0001-use-rabbitmq.md").write_text(
        "# 1. Use RabbitMQ for events\n\nDate: 2024-01-10\n\n## Status\n\n"
        "Superseded by [2. Use Kafka](0002-use-kafka.md)\n\n"
        "## Context\n\nServices need to publish events.\n\n## Decision\n\nWe will use RabbitMQ.\n\n"
        "## Consequences\n\nOne broker to run.\n"
    )
    (adr / "0002-use-kafka.md").write_text(
        "# 2. Use Kafka for events\n\nDate: 2025-02-01\n\n## Status\n\nAccepted\n\n"
        "Supersedes [1. Use RabbitMQ](0001-use-rabbitmq.md)\n\n"
        "## Context\n\nWe need replay of events.\n\n## Decision\n\nWe will use Kafka.\n\n"
        "## Consequences\n\nRetention to manage.\n"
    )
    memory = mem(graph, settings, tmp_path, clock)
    out = memory.import_adrs(adr)
    assert len(out.created) == 2 and len(out.linked) == 1
    answer = memory.why("events broker")
    assert answer.decision is not None and answer.decision["text"] == "We will use Kafka."
    assert [d["text"] for d in answer.supersedes] == ["We will use RabbitMQ."]


def test_import_git_proposes_failures_from_fixes_and_reverts(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    repo = tmp_path / "r"
    repo.mkdir()
    git(repo, "init", "-q")
    (repo / "calc.py").write_text(
        "def total(items):\n    return sum(items)\n\n\ndef avg(items):\n"
        "    return sum(items) / len(items)\n"
    )
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "add calc")
    (repo / "calc.py").write_text(
        "def total(items):\n    return sum(items)\n\n\ndef avg(items):\n"
        "    return sum(items) / max(len(items), 1)\n"
    )
    git(repo, "commit", "-qam", "fix: avg crashed on an empty list")
    (repo / "calc.py").write_text(
        "def total(items):\n    return sum(items) + 1\n\n\ndef avg(items):\n"
        "    return sum(items) / max(len(items), 1)\n"
    )
    git(repo, "commit", "-qam", "tweak total")
    git(repo, "revert", "--no-edit", "HEAD")
    git(repo, "commit", "--allow-empty", "-qm", "fix typo in readme")
    memory = mem(graph, settings, repo, clock)
    out = memory.import_git()
    kinds = sorted((p.kind, p.what) for p in out.proposed)
    assert kinds == [("fix", "avg crashed on an empty list"), ("revert", "reverted: tweak total")]
    fix = next(p for p in out.proposed if p.kind == "fix")
    assert fix.symbols == ["calc.avg"]
    unit = memory.get(fix.id).unit
    assert unit["truth_status"] == "hypothesis" and unit["kind"] == "failure"
    assert memory.import_git().proposed == []  # idempotent


def tree_digest(repo: Path) -> dict[str, str]:
    return {
        p.relative_to(repo).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(repo.rglob("*"))
        if p.is_file() and ".git" not in p.parts
    }


def test_safe_run_commits_a_good_patch_and_restores_a_bad_one(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    repo = tmp_path / "svc"
    repo.mkdir()
    git(repo, "init", "-q")
    (repo / "app.py").write_text("def double(x):\n    return x * 2\n")
    (repo / "test_app.py").write_text("from app import double\nassert double(2) == 4\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "init")
    memory = mem(graph, settings, repo, clock)
    memory.index(repo)
    good = (
        "--- a/app.py\n+++ b/app.py\n@@ -1,2 +1,3 @@\n def double(x):\n"
        '+    """Twice x."""\n     return x * 2\n'
    )
    out = memory.safe_run(good, test="python3 test_app.py", commit=True, message="docstring")
    assert (
        out.outcome == "committed" and git(repo, "log", "-1", "--format=%s").strip() == "docstring"
    )
    (repo / "notes.txt").write_text("my local notes\n")  # an untracked file must survive
    before = tree_digest(repo)
    bad = (
        '--- a/app.py\n+++ b/app.py\n@@ -1,3 +1,3 @@\n def double(x):\n     """Twice x."""\n'
        "-    return x * 2\n+    return x * 3\n"
    )
    with pytest.raises(IngestError, match="uncommitted changes"):
        memory.safe_run(bad, test="python3 test_app.py")
    out = memory.safe_run(bad, test="python3 test_app.py", allow_dirty=True)
    assert out.outcome == "failed" and out.failure_id
    assert tree_digest(repo) == before  # byte for byte
    failure = memory.get(out.failure_id).unit
    assert failure["test"] == "python3 test_app.py" and "AssertionError" in failure["why"]
    again = memory.check_patch(bad)
    assert again.verdict == "warn" and any(w["failure"] == out.failure_id for w in again.warnings)
    with pytest.raises(IngestError, match="does not apply"):
        memory.safe_run(
            "--- a/app.py\n+++ b/app.py\n@@ -1,1 +1,1 @@\n-nothing like this\n+x\n",
            test="true",
            allow_dirty=True,
        )
    assert tree_digest(repo) == before


def test_safe_run_times_out_a_hanging_build(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    repo = tmp_path / "svc"
    repo.mkdir()
    git(repo, "init", "-q")
    (repo / "a.txt").write_text("one\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "init")
    memory = mem(graph, settings, repo, clock)
    patch = "--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-one\n+two\n"
    out = memory.safe_run(patch, build="sleep 30", test="true", timeout_s=1)
    assert out.outcome == "failed" and out.steps[-1].detail.startswith("timed out after 1 s")
    assert (repo / "a.txt").read_text() == "one\n"
