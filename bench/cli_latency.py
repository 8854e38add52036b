"""Cold CLI latency: `hippo recall` and `hippo why` as fresh processes, keyword against semantic.

`python -m bench cli-latency --size 2000` (default 2,000 units; `--smoke`: 100). Loads N seeded
units (bench/textgen.py statements, some of them decisions, with ABOUT edges; embeddings from
the installed all-MiniLM-L6-v2, so the semantic voice has real neighbours), then for each of
~20 queries written the way people ask (bench/textgen.py `query()`), interleaved and in a
rotating order so no command always runs first:

1. `python -c pass` (process start, the floor);
2. `hippo recall Q --mode keyword --json` (no model: the baseline the targets are relative to);
3. `hippo recall Q --json` (hybrid, the default: loads the model);
4. `hippo recall Q --mode semantic --json`;
5. `hippo why Q --json` (hybrid) and `hippo why Q --mode keyword --json`.

Every command is a new process from the virtualenv's `hippo`, cwd a folder outside any
repository, against the bench server. Then `hippo serve`: the wall time from start until it
answers the MCP `initialize` request, and until it answers a first `search_memory` call (which needs
the model that loads in the background).

Targets (reported, not asserted): cold hybrid recall and cold why p50 <= 2x cold keyword
recall p50; `hippo serve` answers initialize in < 2 s. Bench options: --queries N (20),
--warmup N (3), --serve-runs N (5), --out PATH.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench import hookkit, speedkit
from bench.common import bench_settings, write_result
from bench.recall_latency import _load
from bench.textgen import TextGen
from hippograph.graph.client import Graph
from hippograph.units.read_gate import LOCAL_USER, open_gate

DEFAULT_SIZE = 2_000
SMOKE_SIZE = 100
HIPPO = Path(sys.executable).with_name("hippo")
COMMANDS = ("python", "keyword", "hybrid", "semantic", "why", "why_keyword")


def _options(rest: list[str], smoke: bool) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench cli-latency")
    p.add_argument("--queries", type=int, default=3 if smoke else 20)
    p.add_argument("--warmup", type=int, default=1 if smoke else 3)
    p.add_argument("--serve-runs", type=int, default=1 if smoke else 5)
    p.add_argument("--out", type=Path, default=None)
    p.add_argument(
        "--commands",
        default=",".join(COMMANDS),
        help="which of the commands to time (an older hippo has no `why --mode`)",
    )
    p.add_argument("--no-serve", action="store_true", help="skip the `hippo serve` runs")
    return p.parse_args(rest)


def _argv(command: str, query: str) -> list[str]:
    hippo = str(HIPPO)
    return {
        "python": [sys.executable, "-c", "pass"],
        "keyword": [hippo, "recall", query, "--mode", "keyword", "--json"],
        "hybrid": [hippo, "recall", query, "--json"],
        "semantic": [hippo, "recall", query, "--mode", "semantic", "--json"],
        "why": [hippo, "why", query, "--json"],
        "why_keyword": [hippo, "why", query, "--mode", "keyword", "--json"],
    }[command]


def _timed(argv: list[str], env: dict[str, str], cwd: Path) -> float:
    """Wall ms of one fresh process; a failure stops the bench with what it printed."""
    t0 = time.perf_counter()
    done = subprocess.run(argv, env=env, cwd=cwd, capture_output=True, text=True, timeout=120)
    wall = (time.perf_counter() - t0) * 1000
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv[:3])} exited {done.returncode}: {done.stderr[-400:]}")
    return wall


def _rpc(proc: subprocess.Popen[str], message: dict[str, Any]) -> dict[str, Any]:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(json.dumps(message) + "\n")
    proc.stdin.flush()
    while True:
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError("hippo serve closed its output before answering")
        reply: dict[str, Any] = json.loads(line)
        if reply.get("id") == message.get("id"):
            return reply


def _serve_once(env: dict[str, str], cwd: Path, query: str) -> dict[str, float]:
    """Start `hippo serve`; ms until it answers initialize, and until a first recall returns."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [str(HIPPO), "serve"],
        env=env,
        cwd=cwd,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        _rpc(
            proc,
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "initialize",
                "params": {
                    "protocolVersion": "2025-06-18",
                    "capabilities": {},
                    "clientInfo": {"name": "bench", "version": "0"},
                },
            },
        )
        initialized = (time.perf_counter() - t0) * 1000
        assert proc.stdin is not None
        proc.stdin.write(
            json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}) + "\n"
        )
        proc.stdin.flush()
        reply = _rpc(
            proc,
            {
                "jsonrpc": "2.0",
                "id": 2,
                "method": "tools/call",
                "params": {"name": "search_memory", "arguments": {"query": query}},
            },
        )
        if "error" in reply or reply.get("result", {}).get("isError"):
            raise RuntimeError(f"the first recall through hippo serve failed: {reply}")
        first_recall = (time.perf_counter() - t0) * 1000
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    return {"initialize": initialized, "first_recall": first_recall}


def run(args: argparse.Namespace, rest: list[str]) -> int:
    opts = _options(rest, args.smoke)
    size = SMOKE_SIZE if args.smoke else (args.size or DEFAULT_SIZE)
    seed = args.seed
    settings = bench_settings()
    model = speedkit.real_embedder(settings)
    if model is None:
        raise SystemExit("cli-latency measures the model's cost: install it first (make install).")
    graph = Graph.connect(settings)
    open_gate(graph, LOCAL_USER)
    try:
        speedkit.connect(settings, clear=True).close()
        gen = TextGen(seed)
        load = _load(graph, gen, size, seed, lambda texts, start: model.embed(texts))
        speedkit.settle(graph)
        queries = [gen.query()[0] for _ in range(opts.warmup + opts.queries)]
    finally:
        graph.close()

    env = hookkit.hook_env(settings, hookkit.http_port(settings))
    series: dict[str, list[float]] = defaultdict(list)
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="hippo-cli-bench-") as folder:
        cwd = Path(folder)
        chosen = [c for c in COMMANDS if c in opts.commands.split(",")]
        for i, query in enumerate(queries):
            order = list(chosen)
            rng.shuffle(order)
            for command in order:
                ms = _timed(_argv(command, query), env, cwd)
                if i >= opts.warmup:
                    series[command].append(ms)
        serve: dict[str, list[float]] = defaultdict(list)
        for run_no in range(0 if opts.no_serve else opts.serve_runs):
            for key, ms in _serve_once(env, cwd, queries[run_no % len(queries)]).items():
                serve[key].append(ms)

    figures: dict[str, Any] = {
        "units": size,
        "load": load,
        "process_ms": {c: speedkit.stats(series[c]) for c in chosen},
        "serve_ms": {k: speedkit.stats(serve[k]) for k in ("initialize", "first_recall")},
    }
    p50 = {c: figures["process_ms"].get(c, {}).get("p50", 0.0) for c in COMMANDS}
    figures["ratio_to_keyword_p50"] = {
        c: speedkit.ratio(p50[c], p50["keyword"]) for c in ("hybrid", "semantic", "why")
    }
    figures["ratio_why_keyword_to_keyword_p50"] = speedkit.ratio(p50["why_keyword"], p50["keyword"])
    figures["targets"] = {
        "hybrid_within_2x_keyword": p50["hybrid"] <= 2 * p50["keyword"],
        "why_within_2x_keyword": p50["why"] <= 2 * p50["keyword"],
        "serve_initialize_under_2s": 0 < figures["serve_ms"]["initialize"]["p95"] < 2000,
    }
    figures["load_average"] = speedkit.cpu_load()
    params = {
        "size": size,
        "seed": seed,
        "smoke": args.smoke,
        "queries": opts.queries,
        "warmup": opts.warmup,
        "serve_runs": opts.serve_runs,
        "unit_embeddings": "all-MiniLM-L6-v2 (real)",
        "started": datetime.now(UTC).isoformat(timespec="seconds"),
        "notes": [
            "each command is a fresh process: interpreter start, imports, connect, query, exit",
            "timings are noisy: two cores shared with other work (see load_average)",
            f"HIPPOGRAPH_* in the child: {sorted(k for k in env if k.startswith('HIPPOGRAPH_'))}",
            f"python {sys.version.split()[0]}, pid {os.getpid()}",
        ],
    }
    path = write_result("cli-latency", params, figures, copy_to=opts.out)
    print(
        f"cli-latency: keyword p50 {p50['keyword']:.0f} ms, hybrid {p50['hybrid']:.0f} ms "
        f"({figures['ratio_to_keyword_p50']['hybrid']}x), why {p50['why']:.0f} ms "
        f"({figures['ratio_to_keyword_p50']['why']}x), python {p50['python']:.0f} ms; serve "
        f"initialize p50 {figures['serve_ms']['initialize']['p50']:.0f} ms -> {path}"
    )
    return 0
