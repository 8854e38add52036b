"""Shared plumbing for benchmarks: the server to use, result files, machine and commit."""

from __future__ import annotations

import hashlib
import json
import os
import platform
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from hippograph.config import Settings
from hippograph.graph.client import Graph
from hippograph.graph.migrations import apply_schema
from hippograph.locks import held

SEARCH_INDEXES = ("memory_search", "memory_embedding", "entity_name_text")

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"


def bench_settings(**overrides: Any) -> Settings:
    """Settings for the benchmark server: HIPPOGRAPH_BENCH_NEO4J_URI, else the test instance
    (bolt 7688).

    Benchmarks empty the database they run on, so they never use the memory you keep.
    """
    uri = bench_uri()
    instance = os.environ.get("HIPPOGRAPH_BENCH_INSTANCE", "test")
    return Settings(_env_file=None, neo4j_uri=uri, instance=instance, branch="main", **overrides)  # type: ignore[call-arg]


def empty_database(graph: Graph) -> None:
    """Empty the bench server and give it fresh search indexes, the schema applied again. The
    indexes keep the entries of deleted nodes until Lucene merges its segments, and those move
    full-text scores and the neighbours an approximate vector search finds. With this, conv A's
    figures in a held-out sequence equal those of A run alone; others still move by a question
    or two when the machine is loaded, from a cause not yet found (BENCHMARKS.md, stop 42)."""
    graph.run_autocommit("clear_database")
    for index in SEARCH_INDEXES:
        graph.run_autocommit(f"drop_index_{index}")
    apply_schema(graph)


def bench_uri() -> str:
    """The server benchmarks run on (see ``bench_settings``)."""
    return os.environ.get("HIPPOGRAPH_BENCH_NEO4J_URI", "bolt://127.0.0.1:7688")


class ServerBusy(Exception):
    """Another benchmark holds the server."""


# Set to a server's URI by a process that holds it for the processes it starts (a test session
# running a benchmark on the test server): they run on it without taking it again.
HELD_BY_PARENT = "HIPPOGRAPH_BENCH_SERVER_HELD"


@contextmanager
def holding_server(uri: str) -> Iterator[None]:
    """Hold the benchmark server for this process, or raise ServerBusy when another process
    holds it. Every benchmark empties the database it runs on, and so does the test suite on the
    test server: two at once spoil each other's figures without failing (a truthfulness case
    found nothing while a recall-quality run emptied the server under it; at stop 56 a pytest
    run on the bench server did the same). A process started by the one that holds it, with
    ``HELD_BY_PARENT`` set to the URI, runs on it without taking it again."""
    if os.environ.get(HELD_BY_PARENT) == uri:
        yield
        return
    key = hashlib.sha256(uri.encode()).hexdigest()[:16]
    with held(Path(tempfile.gettempdir()), f"hippograph-bench-{key}.lock", wait=False) as got:
        if not got:
            raise ServerBusy(
                f"another benchmark is running on {uri}, and each one empties the database: "
                "wait for it to finish, or point HIPPOGRAPH_BENCH_NEO4J_URI at another server."
            )
        yield


def machine() -> dict[str, Any]:
    """What the figures were measured on."""
    mem_kb = 0
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                mem_kb = int(line.split()[1])
    except OSError:
        pass
    return {
        "cpus": os.cpu_count(),
        "memory_gib": round(mem_kb / 1024 / 1024, 1),
        "python": platform.python_version(),
        "platform": platform.platform(),
    }


def commit() -> str:
    """The git commit measured (with -dirty when the tree has changes)."""
    try:
        sha = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain"], cwd=ROOT, capture_output=True, text=True
        ).stdout.strip()
        return sha + ("-dirty" if dirty else "")
    except OSError:
        return "unknown"


def write_result(
    name: str, params: dict[str, Any], figures: dict[str, Any], *, copy_to: Path | None = None
) -> Path:
    """Write bench/results/<name>-<timestamp>.json (and the same text to ``copy_to``, a bench's
    --out) and return its path. Two runs finishing in the same second write two files
    (<name>-<timestamp>-2.json): neither overwrites the other."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    doc = {
        "bench": name,
        "date": stamp,
        "commit": commit(),
        "machine": machine(),
        "params": params,
        "figures": figures,
    }
    text = json.dumps(doc, indent=2, default=str) + "\n"
    path = _new_file(RESULTS, f"{name}-{stamp}", text)
    if copy_to is not None:
        copy_to.parent.mkdir(parents=True, exist_ok=True)
        copy_to.write_text(text)
    return path


def _new_file(folder: Path, stem: str, text: str) -> Path:
    """Create ``folder/stem.json`` with ``text``, or ``stem-2.json`` … when it exists already."""
    for n in range(1, 1000):
        path = folder / (f"{stem}.json" if n == 1 else f"{stem}-{n}.json")
        try:
            with path.open("x", encoding="utf-8") as out:
                out.write(text)
        except FileExistsError:
            continue
        return path
    raise RuntimeError(f"no free result file name for {stem} in {folder}")


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of a non-empty list."""
    ordered = sorted(values)
    index = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[index]


class Timer:
    """Context manager measuring wall time in milliseconds."""

    def __enter__(self) -> Timer:
        self.start = time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        self.ms = (time.perf_counter() - self.start) * 1000
