"""One write path: every statement that changes memory is run from hippograph/units/ only."""

from __future__ import annotations

import ast
from pathlib import Path

from hippograph.graph import queries

PACKAGE = Path(__file__).resolve().parents[2] / "hippograph"


def _string_constants(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }


def test_statements_that_change_memory_are_named_only_in_the_write_path() -> None:
    writes = {
        q.name
        for q in queries.load_all().values()
        if q.access == "WRITE" and not q.system and q.section in ("queries", "jobs")
    }
    assert {"create_nodes", "update_node", "merge_unit", "record_usage", "job_lifecycle"} <= writes
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        # units/ is the write path; schema/ cannot run a statement (it imports no graph), and its
        # ChangeOp values share names with the statements that make those changes.
        if (PACKAGE / "units") in path.parents or (PACKAGE / "schema") in path.parents:
            continue
        named = writes & _string_constants(path)
        offenders += [f"{path.relative_to(PACKAGE).as_posix()} runs {n}" for n in sorted(named)]
    assert offenders == []


def test_every_write_statement_is_run_by_someone() -> None:
    """A WRITE file nobody names is dead, or named in a way this test cannot see."""
    named: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        named |= _string_constants(path)
    writes = {q.name for q in queries.load_all().values() if q.access == "WRITE"}
    assert sorted(writes - named - {"clear_database"}) == []  # clear_database: tests and benches
