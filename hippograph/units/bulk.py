"""Writes that change many nodes at once: the maintenance jobs, embeddings, a snapshot's restore.

They belong to the write path like ``store``'s per-node writes, but run batched: the jobs in
``cypher/jobs/`` (``CALL … IN TRANSACTIONS``) record their own ``:Change`` rows where they
change what a unit says or where it stands (TTL expiry, lifecycle); scores, decay, edge
weights and embeddings are derived values that the jobs recompute, so they leave no history.
A restore writes the nodes and edges of an exported snapshot as they were, change log
included. ``ops/`` decides what runs and when; this module is how it is written.
"""

from __future__ import annotations

from typing import Any, Literal

from hippograph.errors import ConflictError
from hippograph.graph import queries
from hippograph.graph.client import Graph, Row, Tx

# The Cypher job that runs each maintenance job of ``ops/maintenance.py`` (embeddings aside).
JOB_STATEMENTS = {
    "ttl": "job_ttl_expiry",
    "memory_score": "job_memory_score",
    "unit_decay": "job_unit_decay",
    "edge_weights": "job_edge_weights",
    "lifecycle": "job_lifecycle",
}


def run_job(graph: Graph, job: str, **params: Any) -> list[Row]:
    """Run one job of ``cypher/jobs/`` in its own auto-commit transaction (it batches itself)."""
    name = JOB_STATEMENTS[job]
    if queries.get(name).section != "jobs":
        raise ValueError(f"{name} is not a maintenance job")
    return graph.run_autocommit(name, **params)


def record_maintenance_run(graph: Graph, props: dict[str, Any]) -> None:
    """Keep one ``:MaintenanceRun`` (what ran, when, how much it changed) for ``hippo status``."""
    graph.write("record_maintenance_run", props=props)


def set_embeddings(graph: Graph, rows: list[dict[str, Any]]) -> None:
    """Store embeddings (``id``, ``embedding``, ``sentence_embeddings``) on units that had none,
    or had no sentence vectors yet, or a turn's again."""
    graph.write("set_embeddings", rows=rows)


def restore_batch(tx: Tx, what: Literal["nodes", "edges"], rows: list[dict[str, Any]]) -> None:
    """Write one batch of a snapshot's nodes or edges; all of them, or an error."""
    statement = "import_nodes" if what == "nodes" else "import_edges"
    created = int(tx.run(statement, rows=rows)[0]["created"])
    if created != len(rows):
        raise ConflictError(
            f"{statement} created {created} of {len(rows)} rows; "
            "the database changed during the import."
        )
