"""Schema files: idempotent, all ONLINE, every .cypher file plans."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import pytest

from hippograph.errors import HippographError
from hippograph.graph import queries
from hippograph.graph.client import Graph
from hippograph.graph.migrations import SCHEMA_VERSION, apply_schema, schema_version
from hippograph.schema import NodeLabel

_DECLARED = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)\s+([A-Z][A-Z<>{}:, _|]*[A-Z>}])")


def declared_params(query: queries.Query) -> dict[str, str]:
    """``$name TYPE`` pairs from the file's header comments."""
    header = "\n".join(
        line for line in query.path.read_text().splitlines() if line.startswith("//")
    )
    return {name: kind for name, kind in _DECLARED.findall(header)}


def dummy(kind: str) -> Any:
    """A value of the declared Cypher type, for EXPLAIN."""
    kind = kind.split("|")[0].strip()
    if kind.startswith("LIST<FLOAT"):
        return [0.0] * 384
    if kind.startswith("LIST<STRING"):
        return ["x"]
    if kind.startswith("LIST"):
        return []
    return {
        "STRING": "x",
        "INTEGER": 1,
        "FLOAT": 0.5,
        "BOOLEAN": False,
        "MAP": {},
        "DATETIME": datetime(2026, 1, 1, tzinfo=UTC),
    }[kind]


def test_schema_applied_twice_changes_nothing(graph: Graph) -> None:
    before_ix = graph.read("show_indexes")
    before_cx = graph.read("show_constraints")
    apply_schema(graph)
    assert graph.read("show_indexes") == before_ix
    assert graph.read("show_constraints") == before_cx
    assert schema_version(graph) == SCHEMA_VERSION


def test_every_index_is_online_and_expected_ones_exist(graph: Graph) -> None:
    indexes = {ix["name"]: ix for ix in graph.read("show_indexes")}
    assert all(ix["state"] == "ONLINE" for ix in indexes.values())
    assert indexes["memory_search"]["type"] == "FULLTEXT"
    assert "memory_text" not in indexes
    assert indexes["memory_search"]["properties"] == ["text", "title", "aliases", "details_text"]
    assert indexes["memory_embedding"]["type"] == "VECTOR"
    for prop in ("lifecycle", "truth_status", "valid_until", "scope", "branch", "kind"):
        assert f"memory_{prop}" in indexes


def test_every_label_has_an_id_uniqueness_constraint(graph: Graph) -> None:
    constrained = {
        c["labels"][0] for c in graph.read("show_constraints") if c["properties"] == ["id"]
    }
    assert {label.value for label in NodeLabel} <= constrained


@pytest.mark.parametrize(
    "name", sorted(q.name for q in queries.load_all().values() if q.section != "schema")
)
def test_every_query_file_passes_explain(graph: Graph, name: str) -> None:
    query = queries.get(name)
    declared = declared_params(query)
    assert set(declared) >= query.params, (
        f"{name}.cypher: declare the type of {sorted(query.params - set(declared))} in its header"
    )
    params = {p: dummy(declared[p]) for p in query.params}
    ops = graph.explain(name, **params)
    assert ops, f"{name}.cypher produced no plan"


@pytest.mark.parametrize("name", [q.name for q in queries.schema_statements()])
def test_every_schema_file_passes_explain(graph: Graph, name: str) -> None:
    assert graph.explain(name), f"{name}.cypher produced no plan"


def test_parameters_must_match_the_file(graph: Graph) -> None:
    with pytest.raises(HippographError, match="missing \\['id'\\]"):
        graph.read("get_node")
    with pytest.raises(HippographError, match="unexpected \\['bogus'\\]"):
        graph.read("get_node", id="x", bogus=1)


def test_read_refuses_write_statements(graph: Graph) -> None:
    with pytest.raises(HippographError, match="not a READ statement"):
        graph.read("create_nodes", rows=[])


def test_query_files_declare_access_and_single_statement() -> None:
    for query in queries.load_all().values():
        assert query.access in ("READ", "WRITE", "SCHEMA")
        assert query.text.strip()


_NAMED = re.compile(
    r"CREATE\s+(?:(FULLTEXT|VECTOR|RANGE)\s+INDEX|CONSTRAINT)\s+(\w+)\s+IF NOT EXISTS",
    re.IGNORECASE,
)


def test_every_named_index_and_constraint_exists_with_its_type(graph: Graph) -> None:
    """A name clash makes IF NOT EXISTS a silent no-op; catch it."""
    indexes = {ix["name"]: ix["type"] for ix in graph.read("show_indexes")}
    constraints = {c["name"] for c in graph.read("show_constraints")}
    for query in queries.schema_statements():
        if re.search(r"^DROP\b", query.text, re.MULTILINE):
            continue
        match = _NAMED.search(query.text)
        assert match, f"{query.path.name}: no named CREATE ... IF NOT EXISTS"
        kind, name = match.group(1), match.group(2)
        if kind is None:
            assert name in constraints, f"{query.path.name}: constraint {name} missing"
        else:
            assert indexes.get(name) == kind.upper(), (
                f"{query.path.name}: {name} is {indexes.get(name)}, not {kind.upper()}"
            )
