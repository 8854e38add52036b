"""Projects: a repository is a project; each sees its own memory and the workspace's."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from hippograph.cli import app
from hippograph.config import Settings
from hippograph.graph.client import Graph
from hippograph.hooks import pre_tool
from hippograph.memory import Memory
from hippograph.repo.project import normalise_remote, project_of
from tests.fakes import git_repo


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://github.com/Acme/Shop.git", "github.com/Acme/Shop"),
        ("git@github.com:Acme/Shop.git", "github.com/Acme/Shop"),
        ("ssh://git@GitHub.com/Acme/Shop", "github.com/Acme/Shop"),
        (
            "https://user:secret@gitlab.example.com:8443/team/api.git/",
            "gitlab.example.com/team/api",
        ),
    ],
)
def test_remote_urls_normalise_to_one_project_id(url: str, expected: str) -> None:
    assert normalise_remote(url) == expected


def test_two_clones_of_one_repository_are_one_project(tmp_path: Path) -> None:
    a = git_repo(tmp_path / "one", "https://github.com/acme/shop.git")
    b = git_repo(tmp_path / "two", "git@github.com:acme/shop.git")
    (a / "sub").mkdir()
    assert project_of(a / "sub") == project_of(a)
    assert project_of(a).id == project_of(b).id == "github.com/acme/shop"  # type: ignore[union-attr]
    alone = git_repo(tmp_path / "alone")
    assert project_of(alone).id == f"path:{alone.resolve()}"  # type: ignore[union-attr]
    assert project_of(tmp_path) is None


def test_each_repository_gets_its_own_why_and_the_workspace_is_shared(
    graph: Graph, settings: Settings, tmp_path: Path
) -> None:
    a = Memory(graph, settings, cwd=git_repo(tmp_path / "a", "https://example.com/acme/a.git"))
    b = Memory(graph, settings, cwd=git_repo(tmp_path / "b", "https://example.com/acme/b.git"))
    how = {"problem": "how we keep logins", "about": ["auth"]}
    a.decide("Sessions in Redis for auth", source_ref="docs/adr/0001.md#L1", **how)
    b.decide("JWT with a short TTL for auth", source_ref="docs/adr/0004.md#L1", **how)
    shared = settings.model_copy(update={"scope": "workspace"})
    Memory(graph, shared, cwd=tmp_path / "a").remember(
        "Every service logs in JSON", about=["logging"], source="user", source_ref="wiki#1"
    )
    why_b = b.why("why did we pick JWT for auth")
    assert why_b.decision is not None and "JWT" in why_b.decision["text"]
    assert not any("Redis" in d.get("text", "") for d in why_b.others)
    why_a = a.why("why did we pick sessions for auth")
    assert why_a.decision is not None and "Redis" in why_a.decision["text"]
    texts_b = {i["text"] for i in b.recall("auth logins", mode="keyword", strict=False).items}
    assert any("JWT" in t for t in texts_b) and not any("Redis" in t for t in texts_b)
    texts_a = {i["text"] for i in a.recall("auth logins", mode="keyword", strict=False).items}
    assert any("Redis" in t for t in texts_a) and not any("JWT" in t for t in texts_a)
    for mem in (a, b):  # the workspace is every project's
        found = mem.recall("which format do services log in", mode="keyword", strict=False)
        assert any("JSON" in i["text"] for i in found.items)
    outside = Memory(graph, settings, cwd=tmp_path)  # no project: every scope
    everything = {
        i["text"] for i in outside.recall("auth logins", mode="keyword", strict=False).items
    }
    assert any("JWT" in t for t in everything) and any("Redis" in t for t in everything)
    assert a.units(limit=100).__len__() < outside.units(limit=100).__len__()


def test_a_rule_of_one_repository_never_blocks_a_patch_in_another(
    graph: Graph, settings: Settings, tmp_path: Path
) -> None:
    a_root = git_repo(tmp_path / "a", "https://example.com/acme/a.git")
    b_root = git_repo(tmp_path / "b", "https://example.com/acme/b.git")
    for root in (a_root, b_root):
        (root / "app.py").write_text("import yaml\n\ncfg = yaml.safe_load(open('c'))\n")
    a = Memory(graph, settings, cwd=a_root)
    b = Memory(graph, settings, cwd=b_root)
    rule = {"category": "security", "severity": "critical", "scope": "*"}
    a.add_rule("Never use yaml.load", forbid=r"yaml\.load\(", **rule)
    diff = (
        "--- a/app.py\n+++ b/app.py\n@@ -1,3 +1,3 @@\n import yaml\n \n"
        "-cfg = yaml.safe_load(open('c'))\n+cfg = yaml.load(open('c'))\n"
    )
    assert a.check_patch(diff).verdict == "block"
    assert b.check_patch(diff).verdict == "allow"
    edit = {
        "cwd": str(b_root),
        "tool_name": "Edit",
        "tool_input": {
            "file_path": str(b_root / "app.py"),
            "old_string": "safe_load",
            "new_string": "load",
        },
    }
    out = pre_tool.handle(edit, lambda cwd: b)
    assert out is None or out["hookSpecificOutput"].get("permissionDecision") != "deny"


def test_projects_lists_every_scope_and_status_names_the_current_one(
    graph: Graph, settings: Settings, tmp_path: Path
) -> None:
    a = Memory(graph, settings, cwd=git_repo(tmp_path / "a", "https://example.com/acme/a.git"))
    a.remember("The API listens on 8080", about=["api"], source="user", source_ref="ops#1")
    listed = {p.scope: (p.units, p.current) for p in a.projects()}
    assert listed["example.com/acme/a"] == (1, True)
    status = a.status()
    assert (status.project, status.project_root) == ("example.com/acme/a", str(tmp_path / "a"))
    outside = Memory(graph, settings, cwd=tmp_path).status()
    assert (outside.project, outside.project_root) == (None, None)


def test_status_names_the_folder_of_a_clone(
    graph: Graph, env_for_cli: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A clone is named by its remote, so the status line says which folder it was opened in;
    a repository without a remote is named by its folder already."""
    clone = git_repo(tmp_path / "clone", "https://example.com/acme/a.git")
    plain = git_repo(tmp_path / "plain")
    runner = CliRunner()

    def project_line(folder: Path) -> str:
        monkeypatch.chdir(folder)
        done = runner.invoke(app, ["status"], catch_exceptions=False)
        assert done.exit_code == 0, done.output
        return next(line for line in done.stdout.splitlines() if line.startswith("  project"))

    assert project_line(clone).split() == [
        "project",
        "example.com/acme/a",
        "(repository",
        f"{clone.resolve()})",
    ]
    assert project_line(plain).split() == ["project", f"path:{plain.resolve()}"]


def test_another_project_only_when_asked_by_name_or_all(
    graph: Graph,
    settings: Settings,
    env_for_cli: dict[str, str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    a = Memory(graph, settings, cwd=git_repo(tmp_path / "a", "https://example.com/acme/a.git"))
    a.remember("Billing runs on Postgres 16", about=["billing"], source="user", source_ref="x#1")
    b_root = git_repo(tmp_path / "b", "https://example.com/acme/b.git")
    monkeypatch.chdir(b_root)
    runner = CliRunner()

    def texts(*flags: str) -> str:
        args = [*flags, "recall", "what does billing run on", "--mode", "keyword", "--json"]
        done = runner.invoke(app, args, catch_exceptions=False)
        assert done.exit_code == 0, done.output
        return done.output

    assert "Postgres 16" not in texts()
    assert "Postgres 16" in texts("--project", "example.com/acme/a")
    assert "Postgres 16" in texts("--all-projects")
