"""Plumbing shared by the speed benchmarks: timed graph reads, bare driver queries,
embedders, stats."""

from __future__ import annotations

import os
import random
import re
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import neo4j

from bench.common import empty_database, percentile
from hippograph.config import Settings
from hippograph.errors import ConfigError
from hippograph.graph import queries
from hippograph.graph.client import Graph, Row, Tx
from hippograph.graph.gating import with_gate_defaults
from hippograph.graph.migrations import ensure_schema
from hippograph.units.embedder import Embedder, default_embedder
from hippograph.units.read_gate import LOCAL_USER, open_gate

CYPHER = Path(__file__).resolve().parent / "cypher"
T = TypeVar("T")


def connect(settings: Settings, *, clear: bool = True) -> Graph:
    """The bench server, emptied (schema kept) and with the schema applied."""
    graph = Graph.connect(settings)
    open_gate(graph, LOCAL_USER)
    if clear:
        empty_database(graph)
    else:
        ensure_schema(graph)
    return graph


def settle(graph: Graph) -> None:
    """After a load: resample the indexes and empty the plan caches, so that the warm-up plans
    on the store as loaded. Otherwise Neo4j replans a statement whose statistics have moved at
    some later use (at most every 10 s), and a measured query pays for it: a hook of the
    hook-latency smoke ran past its 900 ms budget that way in CI."""
    graph.read("prepare_for_replanning", timeout_s=70.0, seconds=60)


class TimedGraph(Graph):
    """A Graph on the same driver that times every read and write transaction by statement name."""

    def __init__(self, graph: Graph) -> None:
        super().__init__(
            graph._driver,
            uri=graph.uri,
            user=graph.user,
            database=graph.database,
            timeout_s=graph.timeout_s,
        )
        self.calls: list[tuple[str, float, dict[str, Any]]] = []
        open_gate(self, LOCAL_USER)

    def reset(self) -> None:
        # cleared in place: Memory reads and writes through a copy (read_gate.gated) that shares
        # this list; rebinding it would leave the copy's timings out
        self.calls.clear()

    def read(self, name: str, /, *, timeout_s: float | None = None, **params: Any) -> list[Row]:
        t0 = time.perf_counter()
        rows = super().read(name, timeout_s=timeout_s, **params)
        # as the statement ran: with what the read gate adds (every scope, in the bench)
        ran = with_gate_defaults(queries.get(name), params)
        self.calls.append((name, (time.perf_counter() - t0) * 1000, ran))
        return rows

    def write_tx(self, work: Callable[[Tx], T]) -> T:
        t0 = time.perf_counter()
        out = super().write_tx(work)
        self.calls.append(("write_tx", (time.perf_counter() - t0) * 1000, {}))
        return out

    def close(self) -> None:  # the driver belongs to the wrapped graph
        pass


class BareQuery:
    """A bench-only .cypher file run straight through the driver (no hippograph layer,
    no to_native)."""

    def __init__(self, graph: Graph, name: str) -> None:
        self.graph = graph
        self.text = (CYPHER / f"{name}.cypher").read_text(encoding="utf-8")

    def run(self, **params: Any) -> tuple[list[Any], float]:
        """Records and wall milliseconds."""
        t0 = time.perf_counter()
        records, _, _ = self.graph._driver.execute_query(
            neo4j.Query(self.text),  # bench file text, not user input
            params,
            database_=self.graph.database,
            routing_=neo4j.RoutingControl.READ,
        )
        return records, (time.perf_counter() - t0) * 1000


def same_index(bare: BareQuery, recall_query: str) -> None:
    """Fail loudly when a floor query uses an index the recall statement it stands under does not
    query."""
    from hippograph.graph import queries

    pattern = re.compile(r"queryNodes\('([^']+)'")
    ours = pattern.findall(bare.text)
    theirs = set(pattern.findall(queries.get(recall_query).text))
    if len(ours) != 1 or ours[0] not in theirs:
        raise SystemExit(
            f"bench floor query uses index {ours!r} but {recall_query}.cypher queries "
            f"{sorted(theirs)}; update bench/cypher/."
        )


def run_raw(graph: Graph, text: str, params: dict[str, Any]) -> tuple[list[Any], float, float]:
    """Run statement text through the driver; records, wall ms and server ms (available +
    consumed)."""
    t0 = time.perf_counter()
    records, summary, _ = graph._driver.execute_query(
        neo4j.Query(text),
        params,
        database_=graph.database,
        routing_=neo4j.RoutingControl.READ,
    )
    wall = (time.perf_counter() - t0) * 1000
    server = float((summary.result_available_after or 0) + (summary.result_consumed_after or 0))
    return records, wall, server


def profile_db_hits(graph: Graph, text: str, params: dict[str, Any]) -> dict[str, Any]:
    """PROFILE a statement: total db hits, rows, and the operator with the most db hits."""
    with graph._driver.session(
        database=graph.database, default_access_mode=neo4j.READ_ACCESS
    ) as session:
        summary = session.run("PROFILE " + text, params).consume()
    total, top = 0, ("", 0)

    def walk(plan: Any) -> None:
        nonlocal total, top
        if not plan:
            return
        hits = int(plan.get("dbHits", 0) or 0)
        total += hits
        if hits > top[1]:
            top = (str(plan.get("operatorType", "")).split("@")[0], hits)
        for child in plan.get("children", []):
            walk(child)

    walk(summary.profile)
    rows = int((summary.profile or {}).get("rows", 0) or 0)
    return {"db_hits": total, "rows": rows, "top_operator": top[0], "top_operator_db_hits": top[1]}


class RandomEmbedder:
    """Seeded unit vectors of 384 dimensions, one per text hash: latency-realistic, meaningless."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        out = []
        for text in texts:
            rng = random.Random(f"{self.seed}:{text}")
            v = [rng.gauss(0.0, 1.0) for _ in range(384)]
            n = sum(x * x for x in v) ** 0.5
            out.append([x / n for x in v])
        return out


def real_embedder(settings: Settings) -> Embedder | None:
    """The installed all-MiniLM-L6-v2, loaded and warmed, else None."""
    try:
        embedder = default_embedder(settings)
    except ConfigError:
        return None
    embedder.embed(["warm up the model", "and its tokenizer"])
    return embedder


def unit_vectors(rng_seed: int, start: int, count: int) -> list[list[float]]:
    """Seeded random unit vectors for units start..start+count (numpy, deterministic per
    position)."""
    import numpy as np

    rng = np.random.default_rng([rng_seed, start])
    m = rng.standard_normal((count, 384)).astype(np.float32)
    m /= np.linalg.norm(m, axis=1, keepdims=True)
    return [[float(x) for x in row] for row in m]


def stats(values: Sequence[float]) -> dict[str, float]:
    """p50, p95 and mean in milliseconds, rounded."""
    if not values:
        return {"p50": 0.0, "p95": 0.0, "mean": 0.0, "n": 0}
    return {
        "p50": round(percentile(list(values), 50), 2),
        "p95": round(percentile(list(values), 95), 2),
        "mean": round(sum(values) / len(values), 2),
        "n": len(values),
    }


def ratio(a: float, b: float) -> float | None:
    return round(a / b, 2) if b else None


def cpu_load() -> list[float]:
    """1, 5 and 15 minute load averages (others run tests on the same two cores)."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return []
