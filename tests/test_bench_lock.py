"""Two benchmarks never run on one server at once: each empties the database it runs on."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench.common import HELD_BY_PARENT, ServerBusy, holding_server

ROOT = Path(__file__).resolve().parent.parent
NOWHERE = "bolt://127.0.0.1:1"  # never connected to: the lock is taken first


def test_a_held_server_is_refused_until_it_is_released() -> None:
    with holding_server(NOWHERE):
        with (
            pytest.raises(
                ServerBusy, match=r"another benchmark is running on bolt://127\.0\.0\.1:1"
            ),
            holding_server(NOWHERE),
        ):
            pass
        with holding_server("bolt://127.0.0.1:2"):  # another server is free
            pass
    with holding_server(NOWHERE):  # released
        pass


def test_a_second_benchmark_exits_with_one_sentence() -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOGRAPH_")}
    env["HIPPOGRAPH_BENCH_NEO4J_URI"] = NOWHERE
    with holding_server(NOWHERE):
        done = subprocess.run(
            [sys.executable, "-m", "bench", "recall-quality", "--smoke"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        f"Error: another benchmark is running on {NOWHERE}, and each one empties the database: "
        "wait for it to finish, or point HIPPOGRAPH_BENCH_NEO4J_URI at another server."
    ]


def test_the_test_suite_refuses_a_server_a_benchmark_holds() -> None:
    # the suite's tests that need the database, pointed at a server a benchmark holds
    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOGRAPH_")}
    env["HIPPOGRAPH_TEST_NEO4J_URI"] = NOWHERE
    with holding_server(NOWHERE):
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "-q",
                "-x",
                "-p",
                "no:cacheprovider",
                "tests/recall/test_engine.py",
            ],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
    assert done.returncode != 0
    assert (
        f"a benchmark is running on the test server {NOWHERE}, and the tests empty it: wait for "
        "it to finish, or point HIPPOGRAPH_TEST_NEO4J_URI at another server." in done.stdout
    )


def test_a_benchmark_started_by_the_holder_runs_on_its_server() -> None:
    with holding_server(NOWHERE):
        os.environ[HELD_BY_PARENT] = NOWHERE
        try:
            with holding_server(NOWHERE):  # not refused: its parent holds it
                pass
        finally:
            del os.environ[HELD_BY_PARENT]
        with pytest.raises(ServerBusy), holding_server(NOWHERE):
            pass
