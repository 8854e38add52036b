"""Soak: writers and readers at once against one server, Neo4j killed and restarted once in the
middle, then the invariants checked.

`python -m bench soak --size SECONDS [--writers N] [--readers M] [--no-kill]` (default 60 s,
4 writers, 2 readers; `--smoke`: 8 s, 2 writers, 1 reader, no kill). Each worker is its own
process with its own `Memory` (its own driver), as agents and the CLI are:

- a writer loops over: remember a value about one of a few subjects and topics (so writers
  contradict each other and supersede each other's units), remember a sentence every writer
  also remembers (dedup under concurrency), supersede its own last unit, and import a small
  transcript of its own (a new session each time; now and then the same file again, which must
  not add episodes);
- a reader loops over keyword recall, `why` and `get` of units it has seen.

Halfway through, the server is killed (SIGKILL, by its pid) and started again; operations that
fail meanwhile are counted by error kind and not acknowledged. At the end: operations per second,
p50/p95 latency per kind of operation, errors by kind, and the invariants: no two current units
about one subject and topic outside a conflict, no two live entities with one name in a scope,
every change's node exists, every acknowledged transcript has exactly its turns as episodes, and
every acknowledged unit exists. Needs a managed server for the kill (HIPPOGRAPH_BENCH_INSTANCE,
HIPPOGRAPH_BENCH_NEO4J_URI and HIPPOGRAPH_NEO4J_HTTP_PORT name it). Bench options: --out PATH.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import signal
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bench import speedkit
from bench.common import bench_settings, percentile, write_result
from hippograph.config import Settings
from hippograph.errors import HippographError

DEFAULT_SECONDS = 60
SMOKE_SECONDS = 8
SUBJECTS = ["Billing Service", "Auth Service", "Search Service", "Mail Relay", "Reports Job"]
TOPICS = ["storage", "runtime", "owner"]
SHARED = "Every service writes its logs as JSON lines to stdout"
TURNS = 12


def _options(rest: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench soak")
    p.add_argument("--writers", type=int, default=None)
    p.add_argument("--readers", type=int, default=None)
    p.add_argument("--no-kill", action="store_true", help="do not kill the server halfway")
    p.add_argument("--out", type=Path, default=None)
    return p.parse_args(rest)


def _transcript(path: Path, session: str) -> None:
    path.write_text(
        "".join(
            json.dumps(
                {
                    "session": session,
                    "turn": t,
                    "speaker": "u" if t % 2 else "a",
                    "text": f"{session} turn {t}: the queue depth was {t * 7}",
                }
            )
            + "\n"
            for t in range(1, TURNS + 1)
        ),
        encoding="utf-8",
    )


def _worker(
    role: str, index: int, seconds: float, folder: str, settings: Settings, ready: Any
) -> None:
    """One process: set up (imports, connection, the model for ``why``), wait for the others,
    loop for ``seconds``, then write what it did to a file."""
    from hippograph.memory import Memory

    memory: Memory | None = Memory.connect(settings, ensure_schema_=False, cwd=Path(folder))
    if role == "reader" and memory is not None:  # warm, as a running server is: model loaded
        memory.why("why the warm-up")  # and its first encode done, statements planned
        memory.recall("warm-up setting", mode="keyword", strict=False, record_usage=False)
    ready.wait()
    until = time.time() + seconds
    rng = random.Random(index * 7919 + (0 if role == "writer" else 1))
    work = Path(folder) / f"{role}-{index}"
    work.mkdir(parents=True, exist_ok=True)
    ops: list[tuple[str, float, bool]] = []  # kind, ms, ok
    errors: Counter[str] = Counter()
    acked_units: list[str] = []
    acked_sessions: dict[str, int] = {}
    seen: list[str] = []
    own_last: str | None = None
    while time.time() < until:
        kind = "connect"
        t0 = time.perf_counter()
        try:
            if memory is None:
                memory = Memory.connect(settings, ensure_schema_=False, cwd=work)
            if role == "writer":
                pick = rng.random()
                if pick < 0.5:
                    kind = "remember"
                    subject, topic = rng.choice(SUBJECTS), rng.choice(TOPICS)
                    value = rng.randint(1, 10_000)
                    done = memory.remember(
                        f"The {subject} {topic} setting is {value}",
                        about=[subject],
                        topic=topic,
                        source="user",
                        source_ref=f"soak#{index}",
                    )
                    acked_units.append(done.id)
                    own_last = done.id
                elif pick < 0.65:
                    kind = "remember-shared"
                    done = memory.remember(
                        SHARED, about=["logging"], source="user", source_ref="soak#shared"
                    )
                    acked_units.append(done.id)
                elif pick < 0.8 and own_last is not None:
                    kind = "supersede"
                    value = rng.randint(1, 10_000)
                    try:
                        done = memory.supersede(
                            own_last,
                            f"Corrected: the value is {value}",
                            reason="soak",
                            source="user",
                            source_ref="soak",
                        )
                    except HippographError as exc:  # another writer closed it first: fine
                        errors[f"supersede refused: {type(exc).__name__}"] += 1
                        own_last = None
                        continue
                    acked_units.append(done.id)
                    own_last = done.id
                else:
                    kind = "import"
                    again = acked_sessions and rng.random() < 0.3
                    session = (
                        rng.choice(sorted(acked_sessions))
                        if again
                        else f"w{index}-s{len(acked_sessions) + 1}"
                    )
                    path = work / f"{session}.jsonl"
                    _transcript(path, session)
                    memory.import_transcript(path, scope="soak")
                    acked_sessions[session] = TURNS
            else:
                pick = rng.random()
                if pick < 0.6:
                    # half of them without recording usage: the difference is that write
                    record = rng.random() < 0.5
                    kind = "recall" if record else "recall-unrecorded"
                    found = memory.recall(
                        f"{rng.choice(SUBJECTS)} {rng.choice(TOPICS)} setting",
                        mode="keyword",
                        strict=False,
                        k=5,
                        record_usage=record,
                    )
                    seen.extend(i["id"] for i in found.items[:2])
                elif pick < 0.8:
                    kind = "why"
                    memory.why(f"why the {rng.choice(SUBJECTS)} {rng.choice(TOPICS)}")
                elif seen:
                    kind = "get"
                    memory.get(rng.choice(seen[-50:]))
                else:
                    continue
            ops.append((kind, (time.perf_counter() - t0) * 1000, True))
        except HippographError as exc:
            ops.append((kind, (time.perf_counter() - t0) * 1000, False))
            errors[type(exc).__name__] += 1
            if memory is not None and kind == "connect":
                memory = None
            time.sleep(0.2)
        except Exception as exc:  # an unexpected error is a finding: counted, named
            ops.append((kind, (time.perf_counter() - t0) * 1000, False))
            errors[f"unexpected {type(exc).__name__}: {str(exc)[:80]}"] += 1
            time.sleep(0.2)
    if memory is not None:
        memory.close()
    (Path(folder) / f"{role}-{index}.json").write_text(
        json.dumps({"ops": ops, "errors": errors, "units": acked_units, "sessions": acked_sessions})
    )


def _kill_and_restart(settings: Settings) -> dict[str, Any]:
    from hippograph import neo4j_local
    from hippograph.neo4j_local.server import ManagedServer, port_in_use

    managed = Settings(
        _env_file=None,  # type: ignore[call-arg]
        instance=settings.instance,
        server_mode="managed",
        neo4j_bolt_port=int(settings.bolt_uri.rsplit(":", 1)[1]),
        neo4j_http_port=int(os.environ.get("HIPPOGRAPH_NEO4J_HTTP_PORT") or 7474),
    )
    pid = ManagedServer(managed).pid()
    if pid is None:
        raise SystemExit(
            f"the soak kills the server halfway, but instance {settings.instance!r} is not a "
            "running managed server; name it with HIPPOGRAPH_BENCH_INSTANCE, or pass --no-kill."
        )
    os.kill(pid, signal.SIGKILL)
    killed = time.monotonic()
    while port_in_use(managed.neo4j_bolt_port) and time.monotonic() - killed < 60:
        time.sleep(0.1)  # the killed process lets go of its ports a moment later
    neo4j_local.start(managed)
    return {"killed_pid": pid, "down_s": round(time.monotonic() - killed, 1)}


def run(args: argparse.Namespace, rest: list[str]) -> int:
    opts = _options(rest)
    seconds = SMOKE_SECONDS if args.smoke else (args.size or DEFAULT_SECONDS)
    writers = opts.writers if opts.writers is not None else (2 if args.smoke else 4)
    readers = opts.readers if opts.readers is not None else (1 if args.smoke else 2)
    kill = not (opts.no_kill or args.smoke)
    settings = bench_settings()
    graph = speedkit.connect(settings, clear=True)
    from hippograph.memory import Memory

    with Memory(graph, settings) as seed:  # the subjects exist before the crowd arrives
        seed.remember(SHARED, about=["logging"], source="user", source_ref="soak#shared")
    graph.close()
    figures: dict[str, Any] = {"seconds": seconds, "writers": writers, "readers": readers}
    ctx = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory(prefix="hippo-soak-") as folder:
        ready = ctx.Barrier(writers + readers + 1)
        procs = [
            ctx.Process(target=_worker, args=(role, i, seconds, folder, settings, ready))
            for role, count in (("writer", writers), ("reader", readers))
            for i in range(count)
        ]
        for p in procs:
            p.start()
        ready.wait(timeout=600)  # every worker set up: the clock starts now
        started = time.monotonic()
        if kill:
            time.sleep(seconds / 2)
            figures["kill"] = _kill_and_restart(settings)
        for p in procs:
            p.join(timeout=seconds + 300)
        wall = time.monotonic() - started
        results = [json.loads(f.read_text()) for f in sorted(Path(folder).glob("*.json"))]
    if len(results) != len(procs):
        raise SystemExit(f"{len(procs) - len(results)} worker(s) died without a report")
    ops = [tuple(o) for r in results for o in r["ops"]]
    by_kind: dict[str, list[float]] = {}
    for kind, ms, ok in ops:
        if ok:
            by_kind.setdefault(kind, []).append(ms)
    errors: Counter[str] = Counter()
    for r in results:
        errors.update(r["errors"])
    figures.update(
        {
            "operations_ok": sum(1 for o in ops if o[2]),
            "operations_failed": sum(1 for o in ops if not o[2]),
            "ops_per_s": round(sum(1 for o in ops if o[2]) / wall, 1),
            "latency_ms": {
                k: {
                    "n": len(v),
                    "p50": round(percentile(v, 50), 1),
                    "p95": round(percentile(v, 95), 1),
                }
                for k, v in sorted(by_kind.items())
            },
            "errors": dict(errors.most_common()),
        }
    )
    sessions: dict[str, int] = {}
    units: list[str] = []
    for r in results:
        sessions.update(r["sessions"])
        units.extend(r["units"])
    graph = speedkit.connect(settings, clear=False)
    rows, _ = speedkit.BareQuery(graph, "soak_invariants").run(
        ids=sorted(set(units)), sessions=sorted(sessions)
    )
    check = dict(rows[0])
    episodes = {e["session"]: e["episodes"] for e in check.pop("episodes")}
    check["sessions_with_wrong_episode_count"] = sorted(
        s for s, n in sessions.items() if episodes.get(s) != n
    )
    check["acknowledged_units"] = len(set(units))
    check["acknowledged_sessions"] = len(sessions)
    figures["invariants"] = check
    violations = (
        check["current_pairs_outside_conflict"]
        + check["duplicate_entities"]
        + check["changes_without_node"]
        + check["missing_acknowledged"]
        + len(check["sessions_with_wrong_episode_count"])
    )
    figures["violations"] = violations
    graph.close()
    params = {"seconds": seconds, "kill": kill, "smoke": args.smoke, "seed": args.seed}
    path = write_result("soak", params, figures, copy_to=opts.out)
    print(
        f"soak: {seconds}s, {writers} writers, {readers} readers{', killed once' if kill else ''}: "
        f"{figures['ops_per_s']} ops/s, {figures['operations_failed']} failed, "
        f"violations {violations} -> {path}"
    )
    return 0 if violations == 0 else 1
