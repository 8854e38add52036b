"""Memory written before projects joins its project: tested on a snapshot of that layout
(tests/fixtures/snapshots/before-projects, exported by the code of commit 50cecea)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hippograph.cli import app
from hippograph.config import Settings
from hippograph.graph.client import Graph
from hippograph.memory import Memory
from tests.fakes import git_repo

BEFORE = Path(__file__).parents[1] / "fixtures" / "snapshots" / "before-projects"


def test_init_moves_a_repositorys_old_scope_into_its_project(
    graph: Graph,
    settings: Settings,
    env_for_cli: dict[str, str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    restorer = Memory(graph, settings, cwd=tmp_path)
    restorer.import_snapshot(BEFORE)
    before = {c.id: c for c in restorer.log(limit=500)}
    assert before and all(c.scope is None for c in before.values())  # the old layout

    shop = git_repo(tmp_path / "shop", "git@github.com:acme/shop.git")
    monkeypatch.chdir(shop)
    result = CliRunner().invoke(app, ["init"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "Moved 3 units of scope shop (written before projects) into project" in result.output

    # the data migration gave every old change the scope of what it changed
    after = {c.id: c for c in restorer.log(limit=500)}
    scoped = {c.scope for i, c in after.items() if i in before}
    assert None not in scoped and {"shop", "workspace", "billing"} <= scoped

    mine = Memory(graph, settings, cwd=shop)
    assert mine.project is not None and mine.project.id == "github.com/acme/shop"
    units = {u["text"]: u["scope"] for u in mine.units(limit=100)}
    assert units["Orders are stored in Postgres 15"] == "github.com/acme/shop"
    assert units["Every service logs in JSON"] == "workspace"  # the workspace stays everyone's
    assert "Invoices are generated nightly at 02:00" not in units  # another repository's
    why = mine.why("why idempotency keys on payment calls")
    assert why.decision is not None and "idempotency" in why.decision["text"]
    # and the project's own memory no longer needs the folder name to be seen
    billing = Memory(
        graph, settings, cwd=git_repo(tmp_path / "billing", "https://x.org/acme/b.git")
    )
    assert "Orders are stored in Postgres 15" not in {u["text"] for u in billing.units()}

    again = CliRunner().invoke(app, ["init", "--json"], catch_exceptions=False)
    assert json.loads(again.output)["adopted"]["moved"] == 0  # nothing left to move
    moves = [c for c in mine.log(limit=500) if c.reason and "moved from scope shop" in c.reason]
    assert len(moves) == 3
    mine.undo(moves[0].id)  # a move is a change like any other
    assert mine.get(moves[0].target_id).unit["scope"] == "shop"


def test_adopt_moves_a_named_scope_and_keeps_what_the_project_already_holds(
    graph: Graph, settings: Settings, tmp_path: Path
) -> None:
    repo = git_repo(tmp_path / "app", "https://example.com/acme/app.git")
    old = Memory(graph, settings.model_copy(update={"scope": "legacy"}), cwd=repo)
    old.remember("The API listens on 8080", about=["api"], source="user", source_ref="ops#1")
    old.remember("Deploys run from CI only", about=["deploys"], source="user", source_ref="ops#2")
    mine = Memory(graph, settings, cwd=repo)
    mine.remember("The API listens on 8080", about=["api"], source="user", source_ref="ops#1")
    moved = mine.adopt("legacy")
    assert moved is not None and (moved.moved, moved.kept) == (1, 1)
    assert Memory(graph, settings, cwd=tmp_path).adopt() is None  # no project, nothing to do
