"""Node and edge round trips through the graph layer, against the real test server."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from hippograph.errors import ConflictError, NotFoundError
from hippograph.graph.client import Graph
from hippograph.ops import snapshot
from hippograph.schema import (
    Alternative,
    Ambiguity,
    Conflict,
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
    new_id,
)
from hippograph.units import history, store

UNIT = {"source_ref": "tests#L1-L2", "source_kind": "user", "trust": 0.9, "confidence": 0.8}


def every_kind() -> list[NodeRecord]:
    return [
        Fact(id="fact_1", text="We use Postgres", **UNIT),  # type: ignore[arg-type]
        Decision(
            id="dec_1",
            text="Use JWT",
            problem="sessions do not scale",
            reasoning="stateless",
            **UNIT,
        ),  # type: ignore[arg-type]
        Failure(
            id="fail_1",
            text="token refresh broke",
            why="clock skew",
            fix="leeway",
            commit="abc123",
            **UNIT,
        ),  # type: ignore[arg-type]
        Rule(
            id="rule_1", text="never log tokens", category="security", severity="critical", **UNIT
        ),  # type: ignore[arg-type]
        Episode(
            id="ep_1", text="user: we use Postgres", session="s1", turn=1, speaker="user", **UNIT
        ),  # type: ignore[arg-type]
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
        Alternative(id="alt_1", option="server sessions", why_rejected="sticky load balancing"),
        Task(id="task_1", text="need evidence for the DB choice", reason="no_accepted_facts"),
        Ambiguity(id="amb_1", text="Postgres vs PostgreSQL?", score=0.7),
        Conflict(id="conf_1", text="Postgres vs ClickHouse"),
    ]


def write(graph: Graph, records: list[NodeRecord], edges: list[Edge] | None = None) -> None:
    def work(tx: Any) -> None:
        store.create_nodes(tx, records, actor="tester")
        if edges:
            store.create_edges(tx, edges, actor="tester")

    graph.write_tx(work)


def test_every_node_kind_round_trips(graph: Graph) -> None:
    records = every_kind()
    write(graph, records)
    for record in records:
        labels, props = store.get_node(graph, record.id)
        assert set(record.all_labels()) == set(labels)
        assert props == record.to_properties()


INSTANTS = [
    datetime(2026, 3, 1, 12, 0, 0, 123456, tzinfo=UTC),
    datetime(1969, 12, 31, 23, 59, 59, 999999, tzinfo=UTC),  # before the epoch
    datetime(2026, 3, 1, 12, 0, tzinfo=timezone(timedelta(0))),  # UTC, another tzinfo object
    datetime(2026, 3, 1, 12, 0, tzinfo=timezone(timedelta(hours=5, minutes=30))),  # sent as is
]


def test_datetimes_sent_as_epoch_store_what_the_driver_stores(graph: Graph, tmp_path: Path) -> None:
    # create_nodes and create_edges send UTC datetimes as epoch seconds and nanoseconds; the
    # stored values (and so exports) must equal those of datetimes the driver sends itself
    records = [Entity(id=f"ent_{i}", name=f"E{i}", created_at=at) for i, at in enumerate(INSTANTS)]
    edges = [
        Edge(id=f"rel_{i}", type=RelType.RELATED, source_id="ent_0", target_id=f"ent_{i}")
        for i in range(len(INSTANTS))
    ]  # most share one created_at (sent once); these differ, so go as epoch pairs
    edges += [
        Edge(
            id=f"rel_at_{i}",
            type=RelType.RELATED,
            source_id="ent_1",
            target_id=f"ent_{i}",
            created_at=at,
            last_used_at=at,
        )
        for i, at in enumerate(INSTANTS)
    ]
    write(graph, records, edges)
    plain = [
        {"labels": ["Node", "Entity"], "props": {"id": f"drv_{i}", "name": f"E{i}", "at": at}}
        for i, at in enumerate(INSTANTS)
    ]
    graph.write_tx(lambda tx: tx.run("create_nodes", rows=plain))
    for i, at in enumerate(INSTANTS):
        assert store.get_node(graph, f"ent_{i}")[1]["created_at"] == at
    for row in store.get_edges(graph, "ent_1"):
        if row["id"].startswith("rel_at_"):
            at = INSTANTS[int(row["id"].rsplit("_", 1)[1])]
            assert row["props"]["created_at"] == at and row["props"]["last_used_at"] == at
    snapshot.export_snapshot(graph, tmp_path)
    lines = [
        json.loads(line) for line in (tmp_path / "nodes/Entity.jsonl").read_text().splitlines()
    ]
    stored = {line["id"]: line["props"] for line in lines}
    for i in range(len(INSTANTS)):
        assert stored[f"ent_{i}"]["created_at"] == stored[f"drv_{i}"]["at"]
    assert [stored[f"ent_{i}"]["created_at"] for i in range(len(INSTANTS))] == [
        {"$datetime": "2026-03-01T12:00:00.123456Z"},
        {"$datetime": "1969-12-31T23:59:59.999999Z"},
        {"$datetime": "2026-03-01T12:00:00Z"},
        {"$datetime": "2026-03-01T12:00:00+05:30"},
    ]
    related = [
        json.loads(line) for line in (tmp_path / "edges/RELATED.jsonl").read_text().splitlines()
    ]
    edge = {e["id"]: e["props"] for e in related}
    assert [edge[f"rel_at_{i}"]["last_used_at"] for i in range(len(INSTANTS))] == [
        stored[f"drv_{i}"]["at"] for i in range(len(INSTANTS))
    ]


def test_props_json_of_a_property_map_is_what_the_full_walk_writes() -> None:
    # props_json encodes a property map in one pass; the change log must not change a byte
    maps: list[dict[str, Any]] = [r.to_properties() for r in every_kind()]
    maps += [Edge(type=RelType.RELATED, source_id="a", target_id="b").to_properties()]
    maps += [
        {
            "at": INSTANTS[0],
            "day": INSTANTS[1].date(),
            "sketch": [3, 1, 2],
            "pair": ("x", INSTANTS[3]),
            "text": 'naïve 🧠 "quoted"\n',
            "none": None,
            "embedding": [0.5],
            "odd": [float("inf"), -0.0],
        }
    ]
    for props in maps:
        for keep_none in (False, True):
            kept = {k: v for k, v in props.items() if keep_none or v is not None}
            full = json.dumps(store._jsonable(kept), sort_keys=True, ensure_ascii=False)
            assert store.props_json(props, keep_none=keep_none) == full


def test_every_edge_type_round_trips(graph: Graph) -> None:
    write(graph, [Entity(id="a", name="A"), Entity(id="b", name="B")])
    edges = [Edge(type=t, source_id="a", target_id="b", weight=0.5, usage=2) for t in RelType]
    write(graph, [], edges)
    found = {row["type"]: row for row in store.get_edges(graph, "a")}
    assert set(found) == {t.value for t in RelType}
    for edge in edges:
        row = found[edge.type]
        assert row["source_id"] == "a" and row["target_id"] == "b" and row["id"] == edge.id
        assert row["props"] == edge.edge_properties()


def test_each_write_records_a_change(graph: Graph) -> None:
    write(
        graph,
        [Entity(id="a", name="A"), Entity(id="b", name="B")],
        [Edge(type=RelType.RELATED, source_id="a", target_id="b")],
    )
    rows = graph.read("count_labels")
    counts = {r["label"]: r["count"] for r in rows}
    assert counts["Change"] == 3


def test_update_node_records_before_and_after(graph: Graph) -> None:
    write(graph, [Fact(id="fact_1", text="We use Postgres", **UNIT)])  # type: ignore[arg-type]
    before, after = graph.write_tx(
        lambda tx: store.update_node(tx, "fact_1", {"confidence": 0.95}, actor="tester")
    )
    assert before["confidence"] == 0.8 and after["confidence"] == 0.95
    _, props = store.get_node(graph, "fact_1")
    assert props["confidence"] == 0.95


def test_updating_code_scans_it_as_creating_it_does(graph: Graph) -> None:
    symbol = Symbol(
        id="sym_pw",
        name="set_password",
        qualified_name="auth.set_password",
        kind="function",
        file_path="auth.py",
        language="python",
        start_line=1,
        end_line=2,
        signature="def set_password(user)",
    )
    write(graph, [symbol])
    signature = "def set_password(user, password: str)"  # a parameter's name, not a secret
    graph.write_tx(
        lambda tx: store.update_nodes(
            tx, [("sym_pw", {"signature": signature}, None)], actor="t", code=Symbol.code
        )
    )
    _, props = store.get_node(graph, "sym_pw")
    assert props["signature"] == signature and "redacted" not in props
    leaked = 'def set_password(user, key="sk_live_4eC39HqLyjWDarjtT1zdp7dc")'  # a literal: scanned
    graph.write_tx(
        lambda tx: store.update_nodes(
            tx, [("sym_pw", {"signature": leaked}, None)], actor="t", code=Symbol.code
        )
    )
    _, props = store.get_node(graph, "sym_pw")
    assert "sk_live" not in props["signature"] and props["redacted"]


def test_edges_are_retired_together_each_with_its_reason(graph: Graph) -> None:
    write(
        graph,
        [Entity(id="a", name="A"), Entity(id="b", name="B"), Entity(id="c", name="C")],
        [
            Edge(id="rel_ab", type=RelType.RELATED, source_id="a", target_id="b"),
            Edge(id="rel_ac", type=RelType.RELATED, source_id="a", target_id="c"),
        ],
    )
    named = [
        {"id": "rel_ab", "type": "RELATED", "source_id": "a", "target_id": "b"},
        {"id": "rel_ac", "type": "RELATED", "source_id": "a", "target_id": "c"},
    ]
    at = datetime(2026, 3, 1, tzinfo=UTC)
    gone = {"id": "rel_zz", "type": "RELATED", "source_id": "a", "target_id": "c"}
    with pytest.raises(NotFoundError, match="rel_zz"):  # one unknown edge: nothing retired
        graph.write_tx(
            lambda tx: store.set_edges_retired(tx, [(named[0], "x"), (gone, "y")], at, actor="t")
        )
    assert all("retired_at" not in r["props"] for r in store.get_edges(graph, "a"))
    graph.write_tx(
        lambda tx: store.set_edges_retired(
            tx, [(named[0], "first"), (named[1], "second")], at, actor="t"
        )
    )
    assert {r["props"]["retired_at"] for r in store.get_edges(graph, "a")} == {at}
    changes = {c.target_id: c.reason for c in history.log(graph) if c.op == "retire_edge"}
    assert changes == {"rel_ab": "first", "rel_ac": "second"}


def test_duplicate_id_is_refused_clearly(graph: Graph) -> None:
    write(graph, [Entity(id="ent_dup", name="A")])
    with pytest.raises(ConflictError, match="uniqueness constraint"):
        write(graph, [Entity(id="ent_dup", name="B")])
    _, props = store.get_node(graph, "ent_dup")
    assert props["name"] == "A"


def test_failed_transaction_leaves_nothing(graph: Graph) -> None:
    with pytest.raises(NotFoundError, match="ghost"):
        write(
            graph,
            [Entity(id="ent_ok", name="A")],
            [Edge(type=RelType.ABOUT, source_id="ent_ok", target_id="ghost")],
        )
    with pytest.raises(NotFoundError):
        store.get_node(graph, "ent_ok")
    counts = {r["label"]: r["count"] for r in graph.read("count_labels")}
    assert counts.get("Change", 0) == 0 and counts.get("Entity", 0) == 0


HOSTILE = [
    'it\'s "quoted" and `backticked`',
    "}) DETACH DELETE n //",
    "'; MATCH (n) DETACH DELETE n; //",
    '+-&&||!(){}[]^"~*?:\\/',
    "emoji 🧠🔥 and accents: naïve café — ünïcödé",
    "\x01\x02\x7f binary-looking \ufffd text \t tabs \r\n lines",
    "$param {props} $(labels)",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_strings_are_stored_verbatim(graph: Graph, text: str) -> None:
    node_id = new_id("fact")
    write(graph, [Fact(id=node_id, text=text, title=text, aliases=[text], **UNIT)])  # type: ignore[arg-type]
    _, props = store.get_node(graph, node_id)
    assert props["text"] == text and props["title"] == text and props["aliases"] == [text]
    counts = {r["label"]: r["count"] for r in graph.read("count_labels")}
    assert counts["Fact"] == 1


def test_change_log_holds_after_json(graph: Graph) -> None:
    write(graph, [Entity(id="ent_x", name="X")])
    changes = [r for r in graph.read("count_labels") if r["label"] == "Change"]
    assert changes[0]["count"] == 1
    labels, props = store.get_node(graph, "ent_x")
    assert "Entity" in labels
    assert json.loads(store.props_json(props) or "{}")["name"] == "X"
