"""Maintenance jobs (SPEC §7): scoring, decay, edge strengthening, TTL expiry, lifecycle, embeddings.

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
from hippograph.units.embedder import Embedder

EDGE_HALF_LIFE_DAYS = 90.0
EMBED_BATCH = 256
JOBS = ("embed", "ttl", "memory_score", "unit_decay", "edge_weights", "lifecycle")
_CYPHER = {
    "ttl": "job_ttl_expiry",
    "memory_score": "job_memory_score",
    "unit_decay": "job_unit_decay",
    "edge_weights": "job_edge_weights",
    "lifecycle": "job_lifecycle",
}


def run(
    graph: Graph,
    *,
    job: str | None,
    dry_run: bool,
    now: datetime,
    embedder: Callable[[], Embedder | None],
    curves: Mapping[str, decay.Curve | None] = decay.DEFAULT_CURVES,
) -> list[dict[str, Any]]:
    """Run one job or all of them in order; returns one record per job run."""
    if job is not None and job not in JOBS:
        raise ConfigError(f"unknown maintenance job {job!r}; choose one of {', '.join(JOBS)}.")
    runs = []
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
            rows = graph.run_autocommit(_CYPHER[name], **params)
            changed = int(rows[0]["changed"]) if rows else 0
        record = {
            "id": new_id("run"),
            "job": name,
            "started_at": now,
            "dry_run": dry_run,
            "changed": changed,
            "duration_s": round(time.perf_counter() - started, 3),
            "batch_id": batch,
            "notes": notes,
        }
        if not dry_run:
            graph.write("record_maintenance_run", props=record)
        runs.append(record)
    return runs


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
        vectors = model.embed([r["text"] for r in rows])
        graph.write(
            "set_embeddings",
            rows=[{"id": r["id"], "embedding": v} for r, v in zip(rows, vectors, strict=True)],
        )
        done += len(rows)
