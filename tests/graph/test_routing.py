"""hippograph through a routing URI (``neo4j://``, what Aura and clusters use), against the
single managed test server: the driver asks it for a routing table and then connects to the
address the server advertises (``server.bolt.advertised_address``)."""

from __future__ import annotations

from pathlib import Path

import neo4j

from hippograph.config import Settings
from hippograph.graph.client import Graph
from hippograph.memory import Memory
from tests.conftest import TEST_URI
from tests.fakes import HashingEmbedder

USER = {"source": "user", "source_ref": "chat#1"}


def test_memory_works_through_a_neo4j_routing_uri(
    graph: Graph, settings: Settings, tmp_path: Path
) -> None:
    port = TEST_URI.rsplit(":", 1)[1]
    settings = settings.model_copy(update={"neo4j_uri": f"neo4j://127.0.0.1:{port}"})
    with Memory.connect(settings, embedder=HashingEmbedder(), cwd=tmp_path) as memory:
        # a routing driver, not a direct one: every statement below went through the table
        assert isinstance(memory.graph._driver, neo4j.Neo4jDriver)
        assert memory.graph.uri == f"neo4j://127.0.0.1:{port}"
        memory.init()  # schema statements and the index wait, routed to the writer
        table = memory.graph._driver.execute_query(
            "CALL dbms.routing.getRoutingTable({}, $db)", db=settings.neo4j_database
        ).records[0]["servers"]
        assert {s["role"] for s in table} == {"WRITE", "READ", "ROUTE"}
        unit = memory.remember(
            "Routing URIs reach the one Community server", about=["neo4j"], **USER
        )
        assert unit.action == "created"
        found = memory.recall("Which server do routing URIs reach?", mode="hybrid")
        assert [i["id"] for i in found.items][:1] == [unit.id]
        view = memory.get(unit.id)
        assert view.unit["text"] == "Routing URIs reach the one Community server"
        assert any(c.target_id == unit.id for c in memory.log(unit_id=unit.id))
