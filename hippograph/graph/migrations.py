"""Applies ``cypher/schema/NNN_*.cypher`` in order, idempotently, waits for indexes, then runs
the data migrations of ``cypher/migrations/`` (each idempotent)."""

from __future__ import annotations

import logging

from hippograph.errors import HippographError, SchemaError
from hippograph.graph import queries
from hippograph.graph.client import Graph, now_utc

log = logging.getLogger(__name__)

SCHEMA_VERSION = 5


def apply_schema(graph: Graph, *, timeout_s: int = 300) -> list[str]:
    """Create every constraint and index (IF NOT EXISTS), wait until ONLINE, record the version."""
    applied = _run_each(graph, queries.schema_statements(), "schema file")
    try:
        graph.read("await_indexes", timeout_s=float(timeout_s + 5), seconds=timeout_s)
    except HippographError as exc:
        raise SchemaError(
            f"indexes did not come ONLINE within {timeout_s} s: {exc}; see `hippo status`."
        ) from exc
    applied += _run_each(graph, queries.migration_statements(), "data migration")
    graph.write("set_schema_version", version=SCHEMA_VERSION, files=applied, applied_at=now_utc())
    return applied


def _run_each(graph: Graph, statements: list[queries.Query], what: str) -> list[str]:
    """Run each statement in its own auto-commit transaction; the file names, in order."""
    applied: list[str] = []
    for query in statements:
        try:
            graph.run_autocommit(query.name)
        except HippographError as exc:
            raise SchemaError(f"{what} {query.path.name} failed: {exc}") from exc
        applied.append(query.path.name)
        log.debug("applied %s", query.path.name)
    return applied


def schema_version(graph: Graph) -> int | None:
    """The applied schema version, or None before the first ``hippo init``."""
    rows = graph.read("get_schema_version")
    return int(rows[0]["version"]) if rows else None


def ensure_schema(graph: Graph) -> None:
    """Apply the schema on first use; a no-op once the current version is recorded."""
    current = schema_version(graph)
    if current is None or current < SCHEMA_VERSION:
        apply_schema(graph)
