"""Snapshot export and import against the real test server: exact round trips, refusals, nothing
half-written."""

from __future__ import annotations

import json
import math
import random
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from neo4j import time as ntime

from hippograph.errors import ConflictError, HippographError, IngestError
from hippograph.graph.client import Graph
from hippograph.ops import snapshot, snapshot_spool
from hippograph.schema import (
    EMBEDDING_DIMENSIONS,
    Alternative,
    Decision,
    Edge,
    Entity,
    Episode,
    Fact,
    Failure,
    File,
    NodeRecord,
    RelType,
    Rule,
    Symbol,
    Task,
)
from hippograph.units import store

UNIT: dict[str, Any] = {
    "source_ref": "tests#L1-L2",
    "source_kind": "user",
    "trust": 0.9,
    "confidence": 0.8,
}
HOSTILE = [
    'it\'s "quoted" and `backticked`',
    "}) DETACH DELETE n //",
    '+-&&||!(){}[]^"~*?:\\/',
    "emoji 🧠🔥 and accents: naïve café — ünïcödé",
    "\x01\x02\x7f binary-looking \ufffd text \t tabs \r\n lines \u2028 \u2029 \x85",
    '{"$datetime": "2026-01-01T00:00:00Z"}',
    "$param {props} $(labels)",
]
WHEN = datetime(2026, 3, 1, 12, 0, 0, 123456, tzinfo=UTC)


def embedding() -> list[float]:
    rng = random.Random(7)
    values = [rng.uniform(-1.0, 1.0) for _ in range(EMBEDDING_DIMENSIONS)]
    values[:5] = [0.1, -0.0, 5e-324, 1.7976931348623157e308, 1 / 3]  # awkward for any float printer
    return values


def memory_records() -> tuple[list[NodeRecord], list[Edge]]:
    nodes: list[NodeRecord] = [
        Fact(id="fact_1", text="We use Postgres", embedding=embedding(), valid_from=WHEN, **UNIT),
        Decision(
            id="dec_1",
            text="Use JWT",
            problem="sessions do not scale",
            reasoning="stateless",
            **UNIT,
        ),
        Failure(id="fail_1", text="token refresh broke", why="clock skew", commit="abc123", **UNIT),
        Rule(
            id="rule_1", text="never log tokens", category="security", severity="critical", **UNIT
        ),
        Episode(
            id="ep_1", text="user: we use Postgres", session="s1", turn=1, occurred_at=WHEN, **UNIT
        ),
        File(id="file_1", path="src/auth.py", language="python", content_hash="h1"),
        Symbol(
            id="sym_1",
            name="login",
            qualified_name="auth.login",
            kind="function",
            language="python",
            file_path="src/auth.py",
            start_line=1,
            end_line=9,
        ),
        Entity(id="ent_1", name="Postgres", entity_type="database", aliases=["pg", "postgresql"]),
        Entity(id="ent_2", name="No aliases"),
        Alternative(id="alt_1", option="server sessions", why_rejected="sticky load balancing"),
        Task(id="task_1", text="need evidence for the DB choice", reason="no_accepted_facts"),
    ]
    nodes += [
        Fact(id=f"fact_h{i}", text=text, title=text, aliases=[text, "plain"], **UNIT)
        for i, text in enumerate(HOSTILE)
    ]
    edges = [
        Edge(
            id="rel_b",
            type=RelType.ABOUT,
            source_id="fact_1",
            target_id="ent_1",
            weight=0.25,
            last_used_at=WHEN,
        ),
        Edge(
            id="rel_a", type=RelType.ABOUT, source_id="dec_1", target_id="ent_1", reason=HOSTILE[4]
        ),
        Edge(id="rel_c", type=RelType.FROM, source_id="fact_1", target_id="ep_1"),
        Edge(id="rel_d", type=RelType.CONSIDERED, source_id="dec_1", target_id="alt_1"),
        Edge(id="rel_e", type=RelType.DEFINED_IN, source_id="sym_1", target_id="file_1"),
        Edge(id="rel_f", type=RelType.RELATED, source_id="ent_1", target_id="ent_1"),
    ]
    return nodes, edges


def build(graph: Graph) -> tuple[list[NodeRecord], list[Edge]]:
    nodes, edges = memory_records()

    def work(tx: Any) -> None:
        store.create_nodes(tx, nodes, actor="tester")
        store.create_edges(tx, edges, actor="tester")

    graph.write_tx(work)
    return nodes, edges


def tree(directory: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(directory)): p.read_bytes()
        for p in sorted(directory.rglob("*"))
        if p.is_file()
    }


def counts(graph: Graph) -> dict[str, int]:
    return {r["label"]: r["count"] for r in graph.read("count_labels") if r["count"]}


def test_export_import_export_is_byte_identical(graph: Graph, tmp_path: Path) -> None:
    nodes, edges = build(graph)
    before = counts(graph)
    first = snapshot.export_snapshot(graph, tmp_path / "a")
    graph.run_autocommit("clear_database")
    assert snapshot.import_snapshot(graph, tmp_path / "a") == first
    assert counts(graph) == before  # no :Change recorded for the import
    second = snapshot.export_snapshot(graph, tmp_path / "b")
    assert second == first
    assert tree(tmp_path / "a") == tree(tmp_path / "b")
    assert first["nodes/Fact.jsonl"] == 1 + len(HOSTILE)
    assert first["nodes/Change.jsonl"] == len(nodes) + len(edges)
    assert first["edges/ABOUT.jsonl"] == 2
    for record in nodes:
        expected = {k: v for k, v in record.to_properties().items() if k != "embedding"}
        assert store.get_node(graph, record.id)[1] == expected


def test_snapshot_lines_have_the_documented_shape(graph: Graph, tmp_path: Path) -> None:
    build(graph)
    files = snapshot.export_snapshot(graph, tmp_path)
    manifest = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    assert manifest == {
        "format": "hippograph-snapshot",
        "version": 1,
        "files": files,
        "nodes": sum(n for f, n in files.items() if f.startswith("nodes/")),
        "edges": sum(n for f, n in files.items() if f.startswith("edges/")),
    }
    facts = (tmp_path / "nodes/Fact.jsonl").read_text(encoding="utf-8").splitlines()
    ids = [json.loads(line)["id"] for line in facts]
    assert ids == sorted(ids)
    fact = json.loads(facts[ids.index("fact_1")])
    assert fact["labels"] == ["Fact", "Memory", "Node"]
    assert fact["props"]["embedding"] == embedding()
    assert math.copysign(1.0, fact["props"]["embedding"][1]) == -1.0
    assert fact["props"]["valid_from"] == {"$datetime": "2026-03-01T12:00:00.123456Z"}
    assert "🧠" in (tmp_path / "nodes/Fact.jsonl").read_text(encoding="utf-8")
    about = [
        json.loads(line)
        for line in (tmp_path / "edges/ABOUT.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    assert [e["id"] for e in about] == ["rel_a", "rel_b"]
    assert about[1] | {"props": None} == {
        "id": "rel_b",
        "type": "ABOUT",
        "source_id": "fact_1",
        "target_id": "ent_1",
        "props": None,
    }
    assert about[1]["props"]["weight"] == 0.25 and about[1]["props"]["last_used_at"] == {
        "$datetime": "2026-03-01T12:00:00.123456Z"
    }
    assert not list(tmp_path.glob(".snapshot-*"))


def test_nanoseconds_other_temporals_and_special_floats_survive(
    graph: Graph, tmp_path: Path
) -> None:
    props = {
        "id": "ent_raw",
        "name": "raw",
        "at_ns": ntime.DateTime(2026, 3, 1, 12, 0, 0, 123456789, tzinfo=UTC),
        "at_offset": ntime.DateTime.from_iso_format("2026-03-01T12:00:00.000000001+05:30"),
        "local": ntime.DateTime(2026, 3, 1, 12, 0, 0, 5),
        "day": ntime.Date(2026, 2, 28),
        "span": ntime.Duration(months=1, days=2, seconds=3, nanoseconds=4),
        "odd": [math.nan, math.inf, -math.inf, 1.5],
        "big": 2**63 - 1,
        "flags": [True, False],
    }
    graph.write_tx(
        lambda tx: tx.run("create_nodes", rows=[{"labels": ["Node", "Entity"], "props": props}])
    )
    snapshot.export_snapshot(graph, tmp_path / "a")
    line = json.loads((tmp_path / "a/nodes/Entity.jsonl").read_text(encoding="utf-8"))
    assert line["props"]["at_ns"] == {"$datetime": "2026-03-01T12:00:00.123456789Z"}
    assert line["props"]["at_offset"] == {"$datetime": "2026-03-01T12:00:00.000000001+05:30"}
    assert line["props"]["local"] == {"$localdatetime": "2026-03-01T12:00:00.000000005"}
    assert line["props"]["day"] == {"$date": "2026-02-28"} and line["props"]["span"] == {
        "$duration": "P1M2DT3.000000004S"
    }
    assert line["props"]["odd"] == [
        {"$float": "NaN"},
        {"$float": "Infinity"},
        {"$float": "-Infinity"},
        1.5,
    ]
    graph.run_autocommit("clear_database")
    snapshot.import_snapshot(graph, tmp_path / "a")
    snapshot.export_snapshot(graph, tmp_path / "b")
    assert tree(tmp_path / "a") == tree(tmp_path / "b")


def test_large_snapshots_sort_in_runs_and_import_in_batches(
    graph: Graph, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    build(graph)
    expected = snapshot.export_snapshot(graph, tmp_path / "a")
    monkeypatch.setattr(snapshot_spool, "RUN_ROWS", 2)  # spill sorted runs of two lines, then merge
    monkeypatch.setattr(snapshot, "PAGE_ROWS", 3)  # many pages, some ending exactly on a boundary
    monkeypatch.setattr(snapshot, "SINGLE_TX_ROWS", 1)  # one transaction per batch
    assert snapshot.export_snapshot(graph, tmp_path / "b") == expected
    assert tree(tmp_path / "a") == tree(tmp_path / "b")
    graph.run_autocommit("clear_database")
    snapshot.import_snapshot(graph, tmp_path / "b")
    snapshot.export_snapshot(graph, tmp_path / "c")
    assert tree(tmp_path / "a") == tree(tmp_path / "c")


def test_export_replaces_an_earlier_snapshot_but_keeps_other_files(
    graph: Graph, tmp_path: Path
) -> None:
    build(graph)
    snapshot.export_snapshot(graph, tmp_path)
    (tmp_path / "nodes/Conflict.jsonl").write_text("stale\n", encoding="utf-8")
    (tmp_path / "README.md").write_text("mine\n", encoding="utf-8")
    first = tree(tmp_path)
    snapshot.export_snapshot(graph, tmp_path)
    assert tree(tmp_path) == {k: v for k, v in first.items() if k != "nodes/Conflict.jsonl"}


def test_empty_memory_round_trips(graph: Graph, tmp_path: Path) -> None:
    assert snapshot.export_snapshot(graph, tmp_path) == {}
    assert json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))["nodes"] == 0
    assert snapshot.import_snapshot(graph, tmp_path) == {}


def test_import_into_a_non_empty_database_is_refused_and_writes_nothing(
    graph: Graph, tmp_path: Path
) -> None:
    build(graph)
    snapshot.export_snapshot(graph, tmp_path)
    before = counts(graph)
    with pytest.raises(
        ConflictError, match=r"already holds \d+ memory nodes.*import into an empty database"
    ):
        snapshot.import_snapshot(graph, tmp_path)
    assert counts(graph) == before


def test_a_directory_without_manifest_is_refused(graph: Graph, tmp_path: Path) -> None:
    with pytest.raises(
        IngestError, match=r"has no manifest.json, so it is not a hippograph snapshot"
    ):
        snapshot.import_snapshot(graph, tmp_path)


NODE_DAMAGE = {
    "not json": ("{not json", "not valid JSON"),
    "unknown label": (
        '{"id":"fact_1","labels":["Fact","Hacked","Node"],"props":{"id":"fact_1"}}',
        "unknown: ['Hacked']",
    ),
    "wrong file": (
        '{"id":"x","labels":["Entity","Node"],"props":{"id":"x"}}',
        "belongs in nodes/Entity.jsonl",
    ),
    "null value": (
        '{"id":"x","labels":["Fact","Memory","Node"],"props":{"id":"x","text":null}}',
        "is null",
    ),
    "missing key": ('{"id":"x","labels":["Fact","Memory","Node"]}', "missing ['props']"),
    "bad datetime": (
        '{"id":"x","labels":["Fact","Memory","Node"],"props":{"id":"x","at":{"$datetime":"2026-13-01T00:00Z"}}}',
        "calendar",
    ),
    "mixed list": (
        '{"id":"x","labels":["Fact","Memory","Node"],"props":{"id":"x","l":[1,"a"]}}',
        "mixes value types",
    ),
    "bare NaN": (
        '{"id":"x","labels":["Fact","Memory","Node"],"props":{"id":"x","f":NaN}}',
        "bare constant NaN",
    ),
    "duplicate id": (
        '{"id":"fact_1","labels":["Fact","Memory","Node"],"props":{"id":"fact_1"}}',
        "appears twice",
    ),
}


@pytest.mark.parametrize("damage", sorted(NODE_DAMAGE))
def test_a_malformed_node_line_is_reported_and_nothing_is_written(
    graph: Graph, tmp_path: Path, damage: str
) -> None:
    build(graph)
    snapshot.export_snapshot(graph, tmp_path)
    graph.run_autocommit("clear_database")
    path = tmp_path / "nodes/Fact.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    text, message = NODE_DAMAGE[damage]
    lines[3] = text + "\n"
    path.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(IngestError, match=re.escape(message)) as caught:
        snapshot.import_snapshot(graph, tmp_path)
    assert caught.value.path == str(path) and caught.value.line == 4
    assert str(caught.value).startswith(f"{path}:4: ")
    assert counts(graph).get("Node", 0) == 0


def test_a_dangling_edge_or_truncated_file_is_refused(graph: Graph, tmp_path: Path) -> None:
    build(graph)
    snapshot.export_snapshot(graph, tmp_path)
    graph.run_autocommit("clear_database")
    edges = tmp_path / "edges/FROM.jsonl"
    edges.write_text(
        edges.read_text(encoding="utf-8").replace('"ep_1"', '"ep_gone"'), encoding="utf-8"
    )
    with pytest.raises(IngestError, match="'ep_gone' is not a node of the snapshot") as caught:
        snapshot.import_snapshot(graph, tmp_path)
    assert caught.value.line == 1
    edges.write_text("", encoding="utf-8")
    with pytest.raises(IngestError, match=r"holds 0 lines but manifest.json says 1"):
        snapshot.import_snapshot(graph, tmp_path)
    (tmp_path / "manifest.json").write_text(
        '{"format": "hippograph-snapshot", "version": 2, "files": {}}', encoding="utf-8"
    )
    with pytest.raises(IngestError, match="this hippograph reads version 1"):
        snapshot.import_snapshot(graph, tmp_path)
    assert counts(graph).get("Node", 0) == 0


def test_export_refuses_nodes_it_could_not_restore(graph: Graph, tmp_path: Path) -> None:
    graph.write_tx(
        lambda tx: tx.run(
            "create_nodes", rows=[{"labels": ["Entity"], "props": {"id": "no_node_label"}}]
        )
    )
    with pytest.raises(HippographError, match="1 nodes lack the :Node label"):
        snapshot.export_snapshot(graph, tmp_path)
    assert not (tmp_path / "manifest.json").exists()
