"""The read gate (hippograph/units/read_gate.py): no read of memory runs without it, and every
entry point's reads pass through it."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from hippograph.config import Settings
from hippograph.errors import GraphUnavailableError, HippographError
from hippograph.graph import queries
from hippograph.graph.client import Graph
from hippograph.graph.http import HttpGraph
from hippograph.graph.queries import Query
from hippograph.memory import Memory
from hippograph.units.read_gate import LOCAL_USER, Principal, ReadGate, open_gate

PACKAGE = Path(__file__).resolve().parents[2] / "hippograph"
# Labels of what memory holds: a READ statement that names one reads memory.
DATA = re.compile(
    r":(Node|Memory|Fact|Decision|Failure|Rule|Episode|Entity|Symbol|File|Task|Change|Conflict"
    r"|Ambiguity|Alternative)\b|db\.index\.(vector|fulltext)"
)


# The gate's own reads: which scopes hold memory (names only, never what is in them), asked
# to list what a reader may see.
GATES_OWN = frozenset({"scopes_present"})


def test_every_read_of_memory_is_gated() -> None:
    """Only statements that read the server's own state may be SYSTEM (run without the gate)."""
    for query in queries.load_all().values():
        if query.access != "READ":
            continue
        body = re.sub(r"//[^\n]*", "", query.path.read_text(encoding="utf-8"))
        if DATA.search(body) and query.name not in GATES_OWN:
            assert query.is_gated, f"{query.path.name} reads memory but is marked SYSTEM"
    system = sorted(q.name for q in queries.load_all().values() if q.system and not q.is_write)
    assert system == [
        "access_rules",
        "await_indexes",
        "count_labels",
        "count_relationships",
        "get_schema_version",
        "last_maintenance_run",
        "list_grants",
        "prepare_for_replanning",
        "scopes_present",
        "server_components",
        "show_constraints",
        "show_indexes",
    ]


def test_a_connection_without_a_gate_refuses_every_read_of_memory(settings: Settings) -> None:
    with Graph.connect(settings) as raw:
        with pytest.raises(HippographError, match=r"get_node\.cypher reads memory.*no read gate"):
            raw.read("get_node", id="fact_1")
        with pytest.raises(HippographError, match=r"get_node\.cypher reads memory"):
            raw.write_tx(lambda tx: tx.run("get_node", id="fact_1"))  # a read inside a write
        with pytest.raises(HippographError, match="Cypher text reads memory"):
            raw.read_text("MATCH (n:Memory) RETURN n.text")
        assert raw.read("get_schema_version") is not None  # SYSTEM: the server's own state
        open_gate(raw, LOCAL_USER)
        assert raw.read("get_node", id="fact_1") == []


def test_the_http_path_refuses_too() -> None:
    reader = HttpGraph("http://127.0.0.1:9", "neo4j", "x", "neo4j", deadline_s=1.0)
    params = {name: None for name in queries.get("recall_candidates").params}
    with pytest.raises(HippographError, match=r"recall_candidates\.cypher reads memory"):
        reader.read("recall_candidates", **params)


def test_the_http_path_reads_as_bolt_does_and_says_why_it_cannot(
    memory: Memory, settings: Settings
) -> None:
    fact = memory.remember("Redis holds the session cache", source="user", source_ref="chat#1")
    reader = HttpGraph.from_settings(settings, deadline_s=5.0)
    open_gate(reader, LOCAL_USER)
    (row,) = reader.read("get_node", id=fact.id)
    assert row["props"]["text"] == "Redis holds the session cache"
    wrong = HttpGraph(
        f"http://127.0.0.1:{settings.neo4j_http_port}", "neo4j", "wrong", "neo4j", deadline_s=5.0
    )
    open_gate(wrong, LOCAL_USER)
    with pytest.raises(GraphUnavailableError, match=r"refused the login \(401\)"):
        wrong.read("get_node", id=fact.id)
    closed = HttpGraph("http://127.0.0.1:9", "neo4j", "x", "neo4j", deadline_s=5.0)
    open_gate(closed, LOCAL_USER)
    with pytest.raises(GraphUnavailableError, match=r"cannot reach Neo4j's HTTP API"):
        closed.read("get_node", id=fact.id)


@dataclass(frozen=True)
class RecordingGate(ReadGate):
    """The real gate, also noting what it admitted (to prove the reads pass through it)."""

    seen: list[str] = field(default_factory=list, compare=False)

    def admit(self, query: Query, params: dict[str, Any]) -> dict[str, Any]:
        self.seen.append(query.name)
        return super().admit(query, params)

    def admit_text(self, text: str) -> None:
        self.seen.append("<cypher text>")


def test_every_entry_point_reads_through_the_gate(memory: Memory) -> None:
    gate = RecordingGate(principal=Principal(name="tester"))
    memory.graph.set_read_gate(gate)
    fact = memory.remember(
        "Billing runs on Postgres", about=["billing"], source="user", source_ref="notes.md#L1"
    )
    memory.recall("which database does billing use", mode="keyword")
    memory.get(fact.id)
    memory.why("billing database")
    memory.log(limit=5)
    memory.history(fact.id)
    memory.units(limit=5)
    memory.review()
    memory.graph.read_text("MATCH (n:Memory) RETURN count(n) AS n")
    seen = set(gate.seen)
    expected = ("recall_candidates", "get_node", "get_edges", "list_changes", "list_units")
    expected += ("list_open_reviews", "find_units_by_keys", "decisions_governing", "<cypher text>")
    for name in expected:
        assert name in seen, f"{name} did not pass the read gate"


def test_only_the_read_gate_module_opens_gates() -> None:
    """``set_read_gate`` is called in one place: units/read_gate.py (graph/ defines it)."""
    callers = []
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "set_read_gate":
                callers.append(path.relative_to(PACKAGE).as_posix())
    assert sorted(set(callers)) == ["units/read_gate.py"]
