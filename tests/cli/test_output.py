"""``render``: every result the CLI prints has a view, and --json prints the result's fields."""

from __future__ import annotations

import importlib
import inspect
import json
import types
import typing
from datetime import UTC, datetime
from pathlib import Path

import pytest

import hippograph.cli  # noqa: F401  (imports every command module, so every view is registered)
from hippograph import memory as memory_module
from hippograph.cli.output import VIEWS, render, type_name, view_of
from hippograph.guard.safe_run import RunReport
from hippograph.ingest.import_adr import AdrImport
from hippograph.ingest.import_git import GitImport
from hippograph.memory import Memory
from hippograph.ops.snapshot import SnapshotReport
from hippograph.schema import Change
from hippograph.schema.results import UnitList
from hippograph.units.branches import BranchDiff
from hippograph.units.history import ChangeLog, RollbackResult
from hippograph.units.notes import AgentNotes

NO_COMMAND = {UnitList, AgentNotes}  # Memory returns them; no command prints them on their own


def _resolve(key: str) -> type:
    module, _, name = key.rpartition(".")
    found = getattr(importlib.import_module(module), name, None)
    assert isinstance(found, type), f"view registered for {key}, which is not a class"
    return found


def test_every_view_names_a_real_class() -> None:
    assert VIEWS
    for key in VIEWS:
        assert type_name(_resolve(key)) == key


def _result_types() -> set[type]:
    # memory.py imports some result types only for type checking; give them to get_type_hints
    names = {**vars(memory_module), "RunReport": RunReport, "AdrImport": AdrImport}
    names["GitImport"] = GitImport
    found: set[type] = set()
    for name, method in inspect.getmembers(Memory, inspect.isfunction):
        if name.startswith("_") or name in ("init", "close", "connect"):
            continue
        returned = typing.get_type_hints(method, globalns=names)["return"]
        parts = typing.get_args(returned) if isinstance(returned, types.UnionType) else (returned,)
        found |= {p for p in parts if isinstance(p, type) and p is not type(None)}
    return found


def test_every_result_memory_returns_has_a_view() -> None:
    missing = sorted(
        type_name(cls)
        for cls in _result_types() - NO_COMMAND
        if not any(type_name(c) in VIEWS for c in cls.__mro__)
    )
    assert missing == []


def test_json_is_the_fields_and_a_list_result_is_an_array(
    capsys: pytest.CaptureFixture[str],
) -> None:
    at = datetime(2026, 3, 1, 14, 0, tzinfo=UTC)
    change = Change(
        id="chg_1",
        op="create_node",
        actor="me",
        at=at,
        seq=1,
        target_id="fact_1",
        target_kind="Fact",
    )
    render(ChangeLog([change]), as_json=True)
    (row,) = json.loads(capsys.readouterr().out)
    assert row["id"] == "chg_1" and row["op"] == "create_node"
    assert row["at"] == "2026-03-01T14:00:00+00:00"  # datetime.isoformat, as before the records
    render(RollbackResult(to=at, undone=[], batch_id=None), as_json=True)
    assert json.loads(capsys.readouterr().out) == {
        "to": "2026-03-01T14:00:00+00:00",
        "undone": [],
        "batch_id": None,
    }


def test_views_print_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    render(BranchDiff([]), as_json=False)
    assert capsys.readouterr().out == "The branch has no memory of its own.\n"
    report = SnapshotReport(action="exported", directory=Path("snap"), files={"a.jsonl": 2})
    render(report, as_json=False)
    assert capsys.readouterr().out == "exported 2 records in 1 file(s) to snap\n"
    render(report, as_json=True)
    assert json.loads(capsys.readouterr().out) == {
        "action": "exported",
        "directory": "snap",
        "files": {"a.jsonl": 2},
    }


def test_a_result_without_a_view_is_a_clear_error() -> None:
    with pytest.raises(TypeError, match=r"no view is registered for builtins\.int"):
        view_of(3)
