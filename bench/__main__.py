"""`python -m bench NAME [options]`: run one benchmark, write bench/results/*.json, print one
summary line."""

from __future__ import annotations

import argparse
import importlib
import sys

BENCHES = {
    "recall-quality": "bench.recall_quality",
    "never-recorded": "bench.never_recorded",
    "truthfulness": "bench.truthfulness",
    "recall-latency": "bench.recall_latency",
    "ingest-throughput": "bench.ingest_throughput",
    "code-index": "bench.code_index",
    "code-history": "bench.code_history",
    "hook-latency": "bench.hook_latency",
    "prompt-realism": "bench.prompt_realism",
    "soak": "bench.soak",
    "cli-latency": "bench.cli_latency",
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("name", choices=sorted(BENCHES))
    parser.add_argument(
        "--size", type=int, default=None, help="problem size (each bench documents its default)"
    )
    parser.add_argument("--seed", type=int, default=7, help="random seed")
    parser.add_argument(
        "--smoke", action="store_true", help="minimum size, for the test that keeps benches working"
    )
    args, rest = parser.parse_known_args(argv)
    from bench.common import ServerBusy, bench_uri, holding_server

    try:
        with holding_server(bench_uri()):
            module = importlib.import_module(BENCHES[args.name])
            return int(module.run(args, rest) or 0)
    except ServerBusy as exc:
        print(f"Error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
