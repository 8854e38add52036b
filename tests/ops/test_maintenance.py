"""Maintenance jobs against the real server: thresholds, stability, recorded runs."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from hippograph.config import Settings
from hippograph.errors import ConfigError
from hippograph.graph.client import Graph
from hippograph.memory import Memory
from tests.fakes import Clock

USER = {"source": "user", "source_ref": "chat#1"}


def test_jobs_score_and_move_lifecycles_and_second_run_is_stable(
    memory: Memory, graph: Graph
) -> None:
    rule = memory.remember(
        "Never log access tokens",
        kind="rule",
        about=["auth"],
        details={"category": "security", "severity": "critical"},
        **USER,
    )
    memory.confirm(rule.id)
    fact = memory.remember("Builds use Gradle 8", about=["build"], **USER)
    first = {r.job: r.changed for r in memory.maintain()}
    assert first["memory_score"] == 2 and first["unit_decay"] == 2
    score = memory.get(fact.id).unit["memory_score"]
    expected = (
        0.22 * 0.5
        + 0.22 * 0.9
        + 0.20 * 0.5
        + 0.12 * 0
        + 0.10 * 1.0
        + 0.10 * 0.6 * (0.5 + 0.5 / 3)
        + 0.08 * 1.0
    )
    assert abs(score - expected) < 0.01
    assert memory.get(fact.id).unit["lifecycle"] == "working"  # score >= 0.55
    assert memory.get(rule.id).unit["lifecycle"] == "consolidated"
    assert memory.get(rule.id).unit["decay"] == 1.0  # a user's rule never decays
    second = {r.job: r.changed for r in memory.maintain()}
    assert set(second.values()) == {0}
    runs = memory.status().last_maintenance
    assert {r["job"] for r in runs} == {
        "embed",
        "ttl",
        "memory_score",
        "unit_decay",
        "edge_weights",
        "lifecycle",
    }
    changes = memory.log(unit_id=fact.id)
    assert any(c.actor == "maintenance" and "lifecycle" in (c.reason or "") for c in changes)


def test_ttl_expiry_archives_unconfirmed_units(memory: Memory, clock: Clock) -> None:
    fact = memory.remember("The demo server is at demo.internal", about=["demo"], **USER)
    kept = memory.remember("Prod is at prod.internal", about=["prod"], **USER)
    memory.confirm(kept.id)
    clock.advance(days=31)
    runs = memory.maintain(job="ttl")
    assert runs[0].changed == 1
    assert memory.get(fact.id).unit["lifecycle"] == "archived"
    assert memory.get(kept.id).unit["lifecycle"] != "archived"
    expiry = memory.log(unit_id=fact.id)[0]
    memory.undo(expiry.id)  # a job's transition is undoable like any change
    assert memory.get(fact.id).unit["lifecycle"] == "staging"


def test_dry_run_changes_nothing(memory: Memory) -> None:
    memory.remember("Lint with ruff", about=["lint"], **USER)
    before = memory.get(memory.units()[0]["id"]).unit
    runs = memory.maintain(dry_run=True)
    assert {r.job: r.changed for r in runs}["memory_score"] == 1
    assert memory.get(before["id"]).unit == before


def test_edge_weights_grow_with_co_occurrence_and_fade(memory: Memory, clock: Clock) -> None:
    memory.remember("Redis caches sessions", about=["redis"], **USER)
    memory.remember("Redis runs in cluster mode", about=["redis"], **USER)
    for _ in range(3):
        memory.recall("redis", mode="keyword")
    memory.maintain(job="edge_weights")
    unit = memory.units()[0]["id"]
    related = next(e for e in memory.get(unit).edges if e["type"] == "RELATED")["props"]
    assert related["weight"] > 0.1
    clock.advance(days=365)
    memory.maintain(job="edge_weights")
    faded = next(e for e in memory.get(unit).edges if e["type"] == "RELATED")["props"]
    assert faded["weight"] < related["weight"]


def test_unit_decay_follows_the_configured_weibull_curve(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    curves = {"commitment": {"scale_days": 20, "shape": 2}, "project_note": {"half_life_days": 10}}
    mem = Memory(
        graph,
        settings.model_copy(update={"branch": "main", "decay_curves": curves}),
        cwd=tmp_path,
        clock=clock,
    )
    promise = mem.remember(
        "Ship the export fix by Friday", about=["export"], memory_type="commitment", **USER
    )
    note = mem.remember("The exporter writes JSON lines", about=["export"], **USER)
    clock.advance(days=10)
    mem.maintain(job="unit_decay")
    assert mem.get(promise.id).unit["decay"] == pytest.approx(
        math.exp(-((10 / 20) ** 2)), abs=1e-4
    )  # 0.7788
    assert mem.get(note.id).unit["decay"] == pytest.approx(0.5, abs=1e-4)  # one half-life
    recalled = mem.recall("export fix friday", mode="keyword", strict=False, record_usage=False)
    parts = {i["id"]: i["parts"]["decay"] for i in recalled.items}
    assert parts[promise.id] == pytest.approx(
        math.exp(-0.25), abs=1e-4
    )  # recall uses the same curve


def test_bad_decay_curves_are_one_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HIPPOGRAPH_DECAY_CURVES", '{"user_rule": {"half_life_days": 3}}')
    with pytest.raises(ConfigError, match="user_rule: a rule given by the user never decays"):
        Settings.from_env()
    monkeypatch.setenv("HIPPOGRAPH_DECAY_CURVES", "fast please")
    with pytest.raises(ConfigError, match="HIPPOGRAPH_DECAY_CURVES is not valid JSON"):
        Settings.from_env()
