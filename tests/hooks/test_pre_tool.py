"""The PreToolUse hook against a real repository, the code graph and the real server."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest

from hippograph.config import Settings
from hippograph.graph.client import Graph
from hippograph.hooks import pre_tool
from hippograph.memory import Memory
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


@pytest.fixture()
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "svc"
    (root / "svc").mkdir(parents=True)
    (root / "svc/config.py").write_text(CONFIG)
    (root / "deploy").mkdir()
    (root / "deploy/app.yaml").write_text("name: svc\nreplicas: 2\n")
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    subprocess.run(["git", "commit", "-qm", "init"], cwd=root, check=True, env=ENV)
    return root


@pytest.fixture()
def memory(graph: Graph, settings: Settings, tmp_path: Path, clock: Clock, repo: Path) -> Memory:
    """Memory whose working directory is NOT the repository (the hook must re-anchor it)."""
    mem = Memory(graph, settings.model_copy(update={"branch": "main"}), cwd=tmp_path, clock=clock)
    mem.index(repo)
    return mem


def payload(repo: Path, tool: str, tool_input: dict[str, Any]) -> dict[str, Any]:
    """A PreToolUse payload as Claude Code sends it on stdin."""
    return {
        "session_id": "9f1c2d3e-0000-4000-8000-000000000001",
        "transcript_path": str(repo / ".claude-transcript.jsonl"),
        "cwd": str(repo),
        "permission_mode": "default",
        "hook_event_name": "PreToolUse",
        "tool_name": tool,
        "tool_input": tool_input,
        "tool_use_id": "toolu_01ABCDEF",
    }


def edit(repo: Path, path: str, old: str, new: str, *, replace_all: bool = False) -> dict[str, Any]:
    return payload(
        repo,
        "Edit",
        {
            "file_path": str(repo / path),
            "old_string": old,
            "new_string": new,
            "replace_all": replace_all,
        },
    )


def write(repo: Path, path: str, content: str) -> dict[str, Any]:
    return payload(repo, "Write", {"file_path": str(repo / path), "content": content})


def test_denies_an_edit_that_breaks_a_critical_rule(memory: Memory, repo: Path) -> None:
    rule = memory.add_rule(
        "Never use yaml.load; use yaml.safe_load",
        category="security",
        severity="critical",
        scope="**/*.py",
        forbid=r"yaml\.load\(",
    )
    seen: list[str] = []

    def factory(cwd: str) -> Memory:
        seen.append(cwd)
        return memory

    out = pre_tool.handle(
        edit(repo, "svc/config.py", "yaml.safe_load(handle)", "yaml.load(handle)"), factory
    )
    assert seen == [str(repo)]
    assert out is not None
    decision = out["hookSpecificOutput"]
    assert decision["hookEventName"] == "PreToolUse"
    assert decision["permissionDecision"] == "deny"
    reason = decision["permissionDecisionReason"]
    assert "\n" not in reason
    assert reason.startswith(
        "hippograph blocked this edit of svc/config.py: it violates 1 blocking rule: "
        f"[critical] Never use yaml.load; use yaml.safe_load (rule {rule.id}, svc/config.py:6)."
    )
    assert (
        "Repair plan: (1) svc/config.py:6: remove or rewrite `return yaml.load(handle)`" in reason
    )
    assert (repo / "svc/config.py").read_text() == CONFIG  # judged, never applied


def test_allows_a_clean_edit_with_what_memory_knows(memory: Memory, repo: Path) -> None:
    rule = memory.add_rule(
        "Never use yaml.load; use yaml.safe_load",
        category="security",
        severity="critical",
        scope="**/*.py",
        forbid=r"yaml\.load\(",
    )
    memory.add_rule(
        "Answer in English", category="code", severity="low"
    )  # repository-wide policy: not repeated here
    decision = memory.decide(
        "Config files are parsed with yaml.safe_load",
        reasoning="user-supplied files",
        governs=["svc.config.load_config"],
    )
    out = pre_tool.handle(
        edit(
            repo,
            "svc/config.py",
            "with open(path) as handle:",
            "with open(path, encoding='utf-8') as handle:",
        ),
        lambda cwd: memory,
    )
    assert out is not None
    hook = out["hookSpecificOutput"]
    assert set(hook) == {
        "hookEventName",
        "additionalContext",
    }  # context only: never an automatic allow
    context = hook["additionalContext"]
    assert (
        context.splitlines()[0]
        == "hippograph memory about svc/config.py:5-5 (svc.config.load_config):"
    )
    assert (
        f"- decision {decision.id}: Config files are parsed with yaml.safe_load "
        "(because: user-supplied files)"
    ) in context
    assert f"- rule [critical] {rule.id}: Never use yaml.load; use yaml.safe_load" in context
    assert "Answer in English" not in context
    # The other function: the decision does not govern it;
    # the enforced rule still applies to the file.
    other = pre_tool.handle(
        edit(repo, "svc/config.py", "return {**a, **b}", "return {**b, **a}"), lambda cwd: memory
    )
    assert other is not None and decision.id not in other["hookSpecificOutput"]["additionalContext"]


def test_nothing_known_gives_no_output(memory: Memory, repo: Path) -> None:
    assert (
        pre_tool.handle(
            edit(repo, "svc/config.py", "return {**a, **b}", "return {**b, **a}"),
            lambda cwd: memory,
        )
        is None
    )


def test_medium_violation_warns_in_context(memory: Memory, repo: Path) -> None:
    memory.add_rule(
        "Prefer dict union over unpacking",
        category="code",
        severity="medium",
        scope="svc/*.py",
        forbid=r"\{\*\*",
    )
    out = pre_tool.handle(
        edit(repo, "svc/config.py", "return {**a, **b}", "return {**b, **a}"), lambda cwd: memory
    )
    assert out is not None
    assert "permissionDecision" not in out["hookSpecificOutput"]
    assert (
        "- warning [medium] Prefer dict union over unpacking (rule "
        in out["hookSpecificOutput"]["additionalContext"]
    )


def test_write_of_a_new_file_and_a_file_in_no_indexed_language(memory: Memory, repo: Path) -> None:
    memory.add_rule(
        "Never use yaml.load; use yaml.safe_load",
        category="security",
        severity="critical",
        scope="**/*.py",
        forbid=r"yaml\.load\(",
    )
    memory.add_rule(
        "Deployments never run in debug mode",
        category="security",
        severity="high",
        scope="deploy/*.yaml",
        forbid=r"^debug:\s*true",
    )
    new = pre_tool.handle(
        write(repo, "svc/loader.py", "import yaml\nDATA = yaml.load(open('x'))\n"),
        lambda cwd: memory,
    )
    assert new is not None and new["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert "svc/loader.py:2" in new["hookSpecificOutput"]["permissionDecisionReason"]
    assert not (repo / "svc/loader.py").exists()
    yaml_write = write(repo, "deploy/app.yaml", "name: svc\nreplicas: 2\ndebug: true\n")
    out = pre_tool.handle(yaml_write, lambda cwd: memory)
    assert out is not None and out["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert (
        "[high] Deployments never run in debug mode"
        in out["hookSpecificOutput"]["permissionDecisionReason"]
    )
    fine = pre_tool.handle(
        write(repo, "deploy/app.yaml", "name: svc\nreplicas: 3\n"), lambda cwd: memory
    )
    assert fine is not None and "permissionDecision" not in fine["hookSpecificOutput"]


def test_edit_whose_old_string_is_missing_is_not_judged(memory: Memory, repo: Path) -> None:
    memory.add_rule(
        "Never use yaml.load; use yaml.safe_load",
        category="security",
        severity="critical",
        scope="**/*.py",
        forbid=r"yaml\.load\(",
    )
    out = pre_tool.handle(
        edit(repo, "svc/config.py", "not in the file", "yaml.load(x)"), lambda cwd: memory
    )
    assert (
        out is not None and "permissionDecision" not in out["hookSpecificOutput"]
    )  # the Edit itself will fail
    assert out["hookSpecificOutput"]["additionalContext"].startswith(
        "hippograph memory about svc/config.py:1-10"
    )


def test_context_stays_within_budget(memory: Memory, repo: Path) -> None:
    for n in range(30):
        memory.decide(
            f"Decision number {n} about loading configuration files in this "
            "service, with a long text",
            governs=["svc.config.load_config"],
        )
    out = pre_tool.handle(
        edit(repo, "svc/config.py", "yaml.safe_load(handle)", "yaml.safe_load(handle) or {}"),
        lambda cwd: memory,
    )
    assert out is not None
    context = out["hookSpecificOutput"]["additionalContext"]
    assert len(context) <= pre_tool.CONTEXT_BUDGET
    assert context.endswith("more (run `hippo pre-edit` for all)")


def test_plan_edit_ranges(repo: Path) -> None:
    planned = pre_tool.plan_edit(
        edit(
            repo,
            "svc/config.py",
            "def merge(a, b):\n    return",
            "def merge(a, b):\n    x = 1\n    return",
        )
    )
    assert planned is not None and (planned.rel, planned.start, planned.end) == (
        "svc/config.py",
        9,
        10,
    )
    every = pre_tool.plan_edit(edit(repo, "svc/config.py", "yaml", "YAML", replace_all=True))
    assert every is not None and (every.start, every.end) == (1, 6)
    assert every.after == CONFIG.replace("yaml", "YAML")
    diff = pre_tool.unified_diff(every)
    assert diff.startswith("--- a/svc/config.py\n+++ b/svc/config.py\n@@ -1,")
    (repo / "no_newline.txt").write_text("a\nb")
    tail = pre_tool.plan_edit(edit(repo, "no_newline.txt", "b", "c"))
    assert tail is not None and pre_tool.unified_diff(tail).endswith(
        "+c\n\\ No newline at end of file\n"
    )


@pytest.mark.parametrize(
    "bad",
    [
        {},
        {"tool_name": "Bash", "tool_input": {"command": "ls"}},
        {"tool_name": "Edit", "tool_input": "not an object"},
        {"tool_name": "Edit", "tool_input": {"file_path": 3}},
        {"tool_name": "Write", "tool_input": {"file_path": "/nonexistent/dir/x.py"}},
        {
            "tool_name": "Edit",
            "tool_input": {"file_path": "/nonexistent/x.py", "old_string": "a", "new_string": "b"},
        },
    ],
)
def test_garbage_gives_no_output(bad: dict[str, Any]) -> None:
    def factory(cwd: str) -> Memory:
        raise AssertionError("not reached")

    assert pre_tool.handle(bad, factory) is None


def test_a_memory_problem_never_blocks(
    repo: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(cwd: str) -> Memory:
        raise RuntimeError("cannot reach Neo4j")

    hook_input = edit(repo, "svc/config.py", "yaml.safe_load(handle)", "yaml.load(handle)")
    said = "hippograph: the edit goes ahead unchecked: cannot reach Neo4j\n"
    assert pre_tool.handle(hook_input, broken) is None  # no output: the edit is not held up
    assert capsys.readouterr().err == said  # but the agent's host can see why it was not checked
    monkeypatch.setenv("HIPPOGRAPH_DEBUG", "0")  # off, as everywhere
    assert pre_tool.handle(hook_input, broken) is None
    assert capsys.readouterr().err == said
    monkeypatch.setenv("HIPPOGRAPH_DEBUG", "1")
    assert pre_tool.handle(hook_input, broken) is None
    err = capsys.readouterr().err
    assert err.startswith(said) and "RuntimeError: cannot reach Neo4j" in err  # and a traceback


def test_a_rule_an_agent_proposed_warns_but_never_denies(memory: Memory, repo: Path) -> None:
    rule = memory.add_rule(
        "Never use yaml.load",
        category="security",
        severity="critical",
        scope="**/*.py",
        forbid=r"yaml\.load\(",
        source="agent",
    )
    out = pre_tool.handle(
        edit(repo, "svc/config.py", "yaml.safe_load(handle)", "yaml.load(handle)"),
        lambda cwd: memory,
    )
    assert out is not None and "permissionDecision" not in out["hookSpecificOutput"]
    assert (
        f"- warning [critical] Never use yaml.load (rule {rule.id}, proposed by an agent and not "
        "yet confirmed, svc/config.py:6)"
    ) in out["hookSpecificOutput"]["additionalContext"]


NOTEBOOK = (
    '{"cells": [{"id": "c1", "cell_type": "code", "metadata": {}, "outputs": [], '
    '"source": ["import yaml\\n", "cfg = yaml.safe_load(open(\'a.yaml\'))\\n"]}], '
    '"metadata": {}, "nbformat": 4, "nbformat_minor": 5}\n'
)


def test_the_same_violation_is_denied_through_every_editing_tool(
    memory: Memory, repo: Path
) -> None:
    (repo / "nb.ipynb").write_text(NOTEBOOK)
    memory.add_rule(
        "Never use yaml.load; use yaml.safe_load",
        category="security",
        severity="critical",
        scope="*",
        forbid=r"yaml\.load\(",
    )
    path = str(repo / "svc/config.py")
    calls = {
        "Edit": edit(repo, "svc/config.py", "yaml.safe_load(handle)", "yaml.load(handle)"),
        "Write": write(repo, "svc/config.py", CONFIG.replace("safe_load", "load")),
        "MultiEdit": payload(
            repo,
            "MultiEdit",
            {
                "file_path": path,
                "edits": [
                    {"old_string": "return {**a, **b}", "new_string": "return {**b, **a}"},
                    {"old_string": "yaml.safe_load(handle)", "new_string": "yaml.load(handle)"},
                ],
            },
        ),
        "NotebookEdit": payload(
            repo,
            "NotebookEdit",
            {
                "notebook_path": str(repo / "nb.ipynb"),
                "cell_id": "c1",
                "new_source": "import yaml\ncfg = yaml.load(open('a.yaml'))\n",
                "cell_type": "code",
                "edit_mode": "replace",
            },
        ),
    }
    for tool, call in calls.items():
        out = pre_tool.handle(call, lambda cwd: memory)
        assert out is not None, tool
        assert out["hookSpecificOutput"]["permissionDecision"] == "deny", tool
    # and a clean MultiEdit is not denied
    clean = payload(
        repo,
        "MultiEdit",
        {"file_path": path, "edits": [{"old_string": "{**a, **b}", "new_string": "a | b"}]},
    )
    out = pre_tool.handle(clean, lambda cwd: memory)
    assert out is None or out["hookSpecificOutput"].get("permissionDecision") != "deny"
