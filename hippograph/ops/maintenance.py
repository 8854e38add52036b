"""Maintenance jobs (docs/recall.md): scoring, decay, edge strengthening, TTL expiry,
lifecycle, embeddings.

Each Cypher job lives in ``cypher/jobs/`` and runs batched (``CALL … IN
TRANSACTIONS``), so it stays fast on big graphs. Every run is recorded as a
``:MaintenanceRun`` that ``hippo status`` shows.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from hippograph.errors import ConfigError
from hippograph.graph.client import Graph
from hippograph.recall import decay
from hippograph.schema import new_id
from hippograph.schema.results import Result, Rows
from hippograph.units import bulk
from hippograph.units.embedder import Embedder, vector_fields

EDGE_HALF_LIFE_DAYS = 90.0
EMBED_BATCH = 256
JOBS = ("embed", "ttl", "memory_score", "unit_decay", "edge_weights", "lifecycle")


class MaintenanceRun(Result):
    """One job run: how many nodes or edges it changed (or would change, in a dry run)."""

    id: str
    job: str
    started_at: datetime
    dry_run: bool
    changed: int
    duration_s: float
    batch_id: str
    notes: str


class MaintenanceRuns(Rows[MaintenanceRun]):
    """The jobs run by one ``hippo maintain``, in order."""


def run(
    graph: Graph,
    *,
    job: str | None,
    dry_run: bool,
    now: datetime,
    embedder: Callable[[], Embedder | None],
    curves: Mapping[str, decay.Curve | None] = decay.DEFAULT_CURVES,
) -> MaintenanceRuns:
    """Run one job or all of them in order; returns one record per job run."""
    if job is not None and job not in JOBS:
        raise ConfigError(f"unknown maintenance job {job!r}; choose one of {', '.join(JOBS)}.")
    runs: list[MaintenanceRun] = []
    for name in [job] if job else JOBS:
        started = time.perf_counter()
        batch = new_id("batch")
        notes = ""
        if name == "embed":
            changed, notes = _embed(graph, embedder, dry_run)
        else:
            params: dict[str, Any] = {"now": now, "dry_run": dry_run}
            if name in ("ttl", "lifecycle"):
                params |= {"batch_id": batch, "seq_base": int(now.timestamp() * 1_000_000_000)}
            if name == "unit_decay":
                params["curves"] = {k: c.as_params() for k, c in curves.items() if c is not None}
            if name == "edge_weights":
                params["half_life_days"] = EDGE_HALF_LIFE_DAYS
            rows = bulk.run_job(graph, name, **params)
            changed = int(rows[0]["changed"]) if rows else 0
        record = MaintenanceRun(
            id=new_id("run"),
            job=name,
            started_at=now,
            dry_run=dry_run,
            changed=changed,
            duration_s=round(time.perf_counter() - started, 3),
            batch_id=batch,
            notes=notes,
        )
        if not dry_run:
            bulk.record_maintenance_run(graph, record.model_dump())
        runs.append(record)
    return MaintenanceRuns(runs)


def _embed(graph: Graph, embedder: Callable[[], Embedder | None], dry_run: bool) -> tuple[int, str]:
    """Embed units that have no embedding yet, in batches, outside write transactions."""
    missing = graph.read("count_missing_embeddings")[0]["count"]
    if dry_run or missing == 0:
        return int(missing), ""
    model = embedder()
    if model is None:
        return 0, f"{missing} units wait for embeddings: the model is not installed"
    done = 0
    while True:
        rows = graph.read("units_without_embedding", limit=EMBED_BATCH)
        if not rows:
            return done, ""
        fields = vector_fields(model, [r["text"] for r in rows])
        bulk.set_embeddings(
            graph, [{"id": r["id"], **f} for r, f in zip(rows, fields, strict=True)]
        )
        done += len(rows)
