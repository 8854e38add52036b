"""A repository whose trunk is not called main: what its trunk learned stays visible on every
branch, and merges go into it (against the real test server)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from hippograph.config import Settings
from hippograph.graph.client import Graph
from hippograph.memory import Memory
from tests.fakes import Clock

IDENTITY = ["-c", "user.name=t", "-c", "user.email=t@x"]


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", *IDENTITY, *args], cwd=repo, check=True, capture_output=True)


def test_a_master_trunk_is_the_main_branch(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    repo = tmp_path / "svc"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "master")
    git(repo, "commit", "-q", "--allow-empty", "-m", "start")
    plain = settings.model_copy(update={"branch": None, "main_branch": None})
    on_master = Memory(graph, plain, cwd=repo, clock=clock)
    assert (on_master.main_branch, on_master.branch) == ("master", "master")
    deploy = on_master.remember(
        "The svc service deploys with `make ship`", about=["svc deploy"], source_ref="x.md#L1"
    )
    git(repo, "checkout", "-q", "-b", "feature/x")
    on_feature = Memory(graph, plain, cwd=repo, clock=clock)
    assert on_feature.visible_branches == ("master", "main", "feature/x")
    found = on_feature.recall("how do we deploy the svc service?", mode="keyword")
    assert [i["id"] for i in found.items][:1] == [deploy.id], found.reason
    note = on_feature.remember(
        "svc deploys need the VPN on", about=["svc deploy"], source_ref="x.md#L2"
    )
    forced = Memory(graph, plain.model_copy(update={"branch": "main"}), cwd=repo, clock=clock)
    older = forced.remember(  # memory recorded on "main" before the trunk was detected
        "The svc service logs to Loki", about=["svc logs"], source_ref="x.md#L3"
    )
    assert on_feature.recall("where do svc logs go?", mode="keyword").items[0]["id"] == older.id
    merged = on_feature.branch_merge("feature/x")
    assert merged.merged == [note.id]
    assert on_master.get(note.id).unit["branch"] == "master"  # into the trunk, not into "main"
