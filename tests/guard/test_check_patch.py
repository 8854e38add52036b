"""check-patch against a real repository, the code graph and the real server."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from hippograph.config import Settings
from hippograph.errors import IngestError
from hippograph.graph.client import Graph
from hippograph.guard.check_patch import patched_text
from hippograph.memory import Memory
from hippograph.repo.diff import parse_diff
from tests.fakes import Clock

ENV = {
    "GIT_AUTHOR_NAME": "t",
    "GIT_AUTHOR_EMAIL": "t@x",
    "GIT_COMMITTER_NAME": "t",
    "GIT_COMMITTER_EMAIL": "t@x",
    "PATH": "/usr/bin:/bin",
}
CONFIG = """import yaml


def load_config(path):
    with open(path) as handle:
        return yaml.safe_load(handle)


def merge(a, b):
    return {**a, **b}
"""


def make_repo(tmp_path: Path) -> Path:
    repo = tmp_path / "svc"
    (repo / "svc").mkdir(parents=True)
    (repo / "svc/config.py").write_text(CONFIG)
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    commit_all(repo, "init")
    return repo


def commit_all(repo: Path, message: str) -> None:
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True)
    subprocess.run(["git", "commit", "-qm", message], cwd=repo, check=True, env=ENV)


def diff_for(repo: Path, new_text: str, path: str = "svc/config.py") -> str:
    """The diff that writing ``new_text`` to ``path`` makes; the file is restored after."""
    (repo / path).write_text(new_text)
    out = subprocess.run(
        ["git", "diff"], cwd=repo, capture_output=True, text=True, check=True
    ).stdout
    subprocess.run(["git", "checkout", "--", "."], cwd=repo, check=True)
    return out


@pytest.fixture()
def repo_memory(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> tuple[Path, Memory]:
    repo = make_repo(tmp_path)
    return repo, Memory(
        graph, settings.model_copy(update={"branch": "main"}), cwd=repo, clock=clock
    )


def test_blocks_a_patch_that_reintroduces_what_broke(repo_memory: tuple[Path, Memory]) -> None:
    repo, memory = repo_memory
    memory.index(repo)
    (repo / "tests").mkdir(exist_ok=True)
    (repo / "tests" / "test_config.py").write_text("def test_unsafe_yaml(): ...\n")
    fail = memory.fail(
        "yaml.load on user config allowed code execution",
        why="unsafe loader",
        fix="use safe_load",
        test="tests/test_config.py::test_unsafe_yaml",
        symbols=["svc.config.load_config"],
    )
    rule = memory.add_rule(
        "Never use yaml.load; use yaml.safe_load",
        category="security",
        severity="critical",
        scope="svc/**/*.py",
        forbid=r"yaml\.load\(",
        from_failure=fail.id,
    )
    bad = diff_for(repo, CONFIG.replace("yaml.safe_load(handle)", "yaml.load(handle)"))
    verdict = memory.check_patch(bad)
    assert verdict.verdict == "block"
    assert [(v["rule"], v["line"]) for v in verdict.violations] == [(rule.id, 6)]
    assert verdict.symbols == ["svc.config.load_config"]
    assert any(w["failure"] == fail.id for w in verdict.warnings)
    assert verdict.repair_plan[0].startswith(
        "svc/config.py:6: remove or rewrite `return yaml.load(handle)`"
    )
    clean = diff_for(repo, CONFIG.replace("return {**a, **b}", "return {**a, **b, 'merged': True}"))
    assert memory.check_patch(clean).verdict == "allow"
    confirmed = memory.check_patch(bad, confirm=[rule.id], reason="trusted input in tests")
    assert confirmed.verdict == "warn" and confirmed.overrides == [rule.id]
    assert [(v["overridden"], v["proposed"]) for v in confirmed.violations] == [(True, False)]
    override = memory.log(unit_id=rule.id)[0]
    assert override.op == "override_rule" and override.reason == "trusted input in tests"


def test_require_and_tree_sitter_rules(repo_memory: tuple[Path, Memory]) -> None:
    repo, memory = repo_memory
    memory.add_rule(
        "Config modules must log with the module logger",
        category="code",
        severity="medium",
        scope="svc/*.py",
        require=r"getLogger\(__name__\)",
    )
    memory.add_rule(
        "No print calls in services",
        category="code",
        severity="high",
        scope="svc/*.py",
        ts_query='(call function: (identifier) @f (#eq? @f "print"))',
    )
    patch = diff_for(
        repo, CONFIG.replace("    return {**a, **b}", "    print(a)\n    return {**a, **b}")
    )
    verdict = memory.check_patch(patch)
    kinds = sorted((v["check"], v["line"]) for v in verdict.violations)
    assert kinds == [("require", None), ("ts-query", 10)]
    assert verdict.verdict == "block"


def test_bad_patches_are_refused(repo_memory: tuple[Path, Memory]) -> None:
    _, memory = repo_memory
    assert memory.check_patch("").verdict == "allow"  # nothing changed, nothing to block
    assert memory.check_patch(" \n").files == []
    with pytest.raises(IngestError, match="not a unified diff"):
        memory.check_patch("not a diff at all\n")
    with pytest.raises(IngestError):
        memory.check_patch("diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n-a\n+b\n")


def test_patched_text_applies_hunks() -> None:
    old = "a\nb\nc\nd\n"
    diff = "--- a/f\n+++ b/f\n@@ -2,2 +2,3 @@\n-b\n+B\n+B2\n c\n"
    assert patched_text(old, parse_diff(diff)[0]) == "a\nB\nB2\nc\nd\n"


def test_old_lines_touched_ignore_context() -> None:
    from hippograph.guard.check_patch import _old_lines_touched

    diff = "--- a/f\n+++ b/f\n@@ -3,7 +3,8 @@\n c3\n c4\n c5\n-r6\n+a6\n+a7\n c7\n c8\n c9\n"
    assert _old_lines_touched(parse_diff(diff)[0].hunks[0]) == {5, 6}


def test_warns_of_a_failure_recorded_on_a_file_before_it_existed(
    repo_memory: tuple[Path, Memory],
) -> None:
    """A failure whose file was not written yet is linked to the file's name; once the file
    exists, a patch to it is warned all the same."""
    repo, memory = repo_memory
    (repo / "tests").mkdir(exist_ok=True)
    (repo / "tests" / "test_payments.py").write_text("def test_retry_charges_once(): ...\n")
    fail = memory.fail(
        "The first payments draft double-charged on retry",
        why="no idempotency key",
        fix="send an idempotency key",
        test="tests/test_payments.py::test_retry_charges_once",
        symbols=["svc/payments.py"],
    )
    assert fail.notes  # linked by name, and the write said so
    (repo / "svc/payments.py").write_text("def charge(amount):\n    return amount\n")
    commit_all(repo, "payments")
    patch = diff_for(repo, "def charge(amount):\n    return amount * 2\n", "svc/payments.py")
    verdict = memory.check_patch(patch)
    assert [w["failure"] for w in verdict.warnings if w["kind"] == "broke_before"] == [fail.id]
