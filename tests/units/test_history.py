"""Memory's history: log, undo, rollback, as-of, branches (SPEC §6), on the real server."""

from __future__ import annotations

from pathlib import Path

import pytest

from hippograph.config import Settings
from hippograph.errors import ConflictError, NotFoundError
from hippograph.graph.client import Graph
from hippograph.memory import Memory
from hippograph.schema import Change, ChangeOp
from hippograph.units import store
from hippograph.units.history import describe
from tests.fakes import Clock, git_repo

USER = {"source": "user", "source_ref": "chat#1"}


def test_log_lists_changes_newest_first_and_by_id(memory: Memory) -> None:
    a = memory.remember("We use pytest", about=["tests"], **USER)
    b = memory.remember("We use mypy strict", about=["typing"], **USER)
    changes = memory.log()
    assert changes[0].at >= changes[-1].at
    about_a = memory.log(unit_id=a.id)
    assert {c.target_id for c in about_a if c.op == "create_node"} == {a.id}
    assert any(c.op == "create_edge" and c.source_id == a.id for c in about_a)
    assert all(b.id not in (c.target_id, c.source_id, c.end_id) for c in about_a)


def test_undo_a_remember_retires_the_unit(memory: Memory) -> None:
    unit = memory.remember("Deploy with make release", about=["deploy"], **USER)
    create = next(c for c in memory.log(unit_id=unit.id) if c.op == "create_node")
    result = memory.undo(create.id)
    assert create.id in result.undone
    got = memory.get(unit.id)
    assert got.unit["retired_at"] is not None and got.believed is False
    assert got.edges == []  # the ABOUT edge was retired too
    with pytest.raises(ConflictError, match="already undone"):
        memory.undo(create.id)


def test_undo_a_supersede_restores_the_old_unit(memory: Memory) -> None:
    old = memory.remember("We use Postgres", about=["db"], topic="database", **USER)
    new = memory.remember("We moved to ClickHouse", about=["db"], topic="database", **USER)
    assert new.superseded == [old.id]
    create_new = next(c for c in memory.log(unit_id=new.id) if c.op == "create_node")
    memory.undo(create_new.id)
    assert memory.get(old.id).believed is True
    assert memory.get(new.id).believed is False
    assert [u["id"] for u in memory.units(subject="db")] == [old.id]


def test_undo_is_refused_when_a_later_change_depends_on_it(memory: Memory) -> None:
    unit = memory.remember("Ports above 1024 only", about=["ports"], **USER)
    create = next(c for c in memory.log(unit_id=unit.id) if c.op == "create_node")
    memory.confirm(unit.id)
    with pytest.raises(ConflictError, match="depends on it; undo that one first"):
        memory.undo(create.id)
    confirm_change = memory.log(unit_id=unit.id)[0]
    memory.undo(confirm_change.id)
    assert memory.get(unit.id).unit["truth_status"] == "candidate"
    memory.undo(create.id)  # now nothing depends on it
    assert memory.get(unit.id).believed is False


def test_undo_unknown_change_is_clear(memory: Memory) -> None:
    with pytest.raises(NotFoundError, match="no change has id 'chg_nope'"):
        memory.undo("chg_nope")


def test_rollback_reverses_everything_after_a_time(memory: Memory, clock: Clock) -> None:
    keep = memory.remember("Python 3.11 minimum", about=["python"], **USER)
    cut = clock.advance(hours=1)
    later = memory.remember("Python 3.12 minimum", about=["python"], topic="version", **USER)
    memory.confirm(keep.id)
    memory.rollback(cut)
    assert memory.get(keep.id).unit["truth_status"] == "candidate"
    assert memory.get(later.id).believed is False
    assert [u["id"] for u in memory.units()] == [keep.id]
    assert any(c.undoes for c in memory.log())  # the rollback is itself history


def test_undoing_a_rollback_makes_its_changes_undoable_one_by_one(
    memory: Memory, clock: Clock
) -> None:
    cut = clock.advance(hours=1)
    a = memory.remember("Redis 7 is the cache", about=["cache"], **USER)
    b = memory.remember("Postgres 16 is the database", about=["db"], **USER)
    rolled = memory.rollback(cut)
    assert {u["id"] for u in memory.units()} == set()
    memory.undo(memory.log(limit=1)[0].id)  # undo the rollback: both back
    assert {u["id"] for u in memory.units()} == {a.id, b.id}
    create_a = next(
        c for c in memory.log(unit_id=a.id) if c.op == "create_node" and c.target_id == a.id
    )
    assert create_a.undone_by is None  # live again, not "already undone" by the cancelled rollback
    assert rolled.batch_id is not None
    memory.undo(create_a.id)  # one of them alone
    assert {u["id"] for u in memory.units()} == {b.id}
    again = memory.rollback(cut)  # and a later rollback skips what is already undone
    assert memory.units().__len__() == 0 and again.batch_id is not None


def test_a_projects_rollback_leaves_the_workspace_and_other_projects_alone(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    a = Memory(graph, settings, cwd=git_repo(tmp_path / "a", "https://x.org/a.git"), clock=clock)
    b = Memory(graph, settings, cwd=git_repo(tmp_path / "b", "https://x.org/b.git"), clock=clock)
    shared = Memory(
        graph, settings.model_copy(update={"scope": "workspace"}), cwd=tmp_path / "a", clock=clock
    )
    cut = clock.advance(hours=1)
    mine = a.remember("A runs on port 8080", about=["a"], **USER)
    theirs = b.remember("B runs on port 9090", about=["b"], **USER)
    common = shared.remember("Every service logs JSON", about=["logging"], **USER)
    done = a.rollback(cut)
    assert done.undone and all(a.get(mine.id).unit["retired_at"] for _ in [0])
    assert b.get(theirs.id).believed is True
    assert a.get(common.id).believed is True
    everyone = Memory(graph, settings, cwd=tmp_path, clock=clock)  # outside: every project
    everyone.rollback(cut)
    assert b.get(theirs.id).believed is False and a.get(common.id).believed is False


def test_as_of_before_and_after_a_supersede(memory: Memory, clock: Clock) -> None:
    old = memory.remember("Auth uses sessions", about=["auth"], topic="mechanism", **USER)
    march = clock.advance(days=5)
    clock.advance(days=5)
    new = memory.supersede(old.id, "Auth uses JWT", reason="stateless API", **USER)
    after = clock.advance(days=1)
    assert memory.get(old.id, as_of=march).believed is True
    assert memory.get(old.id, as_of=after).believed is False
    assert memory.get(new.id, as_of=after).believed is True
    hist = memory.history(new.id)
    assert hist.supersedes[0].id == old.id and hist.supersedes[0].reason == "stateless API"


def test_branch_isolation_and_merge(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    main = Memory(graph, settings.model_copy(update={"branch": "main"}), cwd=tmp_path, clock=clock)
    feature = Memory(
        graph, settings.model_copy(update={"branch": "feature/oauth"}), cwd=tmp_path, clock=clock
    )
    shared = main.remember("Users log in with passwords", about=["login"], **USER)
    learned = feature.remember("OAuth tokens expire after one hour", about=["oauth"], **USER)
    assert {u["id"] for u in feature.units()} == {shared.id, learned.id}
    assert {u["id"] for u in main.units()} == {shared.id}
    assert [u["id"] for u in main.branch_diff("feature/oauth")] == [learned.id]
    counts = {row.branch: row.active for row in main.branch_list().branches}
    assert counts == {"main": 1, "feature/oauth": 1}
    merged = main.branch_merge("feature/oauth")
    assert merged.merged == [learned.id]
    assert {u["id"] for u in main.units()} == {shared.id, learned.id}
    assert main.get(learned.id).unit["merged_from"] == "feature/oauth"


def test_branch_sees_main_duplicate_instead_of_copying(
    graph: Graph, settings: Settings, tmp_path: Path
) -> None:
    main = Memory(graph, settings.model_copy(update={"branch": "main"}), cwd=tmp_path)
    feature = Memory(graph, settings.model_copy(update={"branch": "feat"}), cwd=tmp_path)
    unit = main.remember("CI runs on every push", about=["ci"], **USER)
    again = feature.remember("CI runs on every push", about=["ci"], **USER)
    assert again.id == unit.id and again.action == "strengthened"


def test_the_log_says_what_changed_in_words(memory: Memory, clock: Clock) -> None:
    old = memory.remember("Auth uses sessions", about=["auth"], topic="mechanism", **USER)
    clock.advance(days=1)
    memory.supersede(old.id, "Auth uses JWT", reason="stateless API", **USER)
    said = [describe(c) for c in memory.log(limit=50)]
    assert "new fact: Auth uses sessions" in said and "new fact: Auth uses JWT" in said
    assert any(s.startswith("fact ") and "valid_until: - -> 2026-" in s for s in said), said
    assert not any("dedup_key" in s for s in said)
    assert any(s.startswith("linked ") and "-SUPERSEDED_BY-> " in s for s in said), said


def test_the_log_says_a_code_body_changed_without_its_fingerprints() -> None:
    change = Change(
        id="chg_1",
        actor="indexer",
        op=ChangeOp.UPDATE_NODE,
        target_kind="Symbol",
        target_id="sym_1",
        before=store.props_json({"body_hash": "ab12", "body_sketch": [1, 2, 3], "end_line": 9}),
        after=store.props_json({"body_hash": "cd34", "body_sketch": [4, 5, 6], "end_line": 12}),
    )
    assert describe(change) == "symbol body_hash changed; body_sketch changed; end_line: 9 -> 12"
