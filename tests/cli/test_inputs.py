"""Input no store can hold (integers past 64 bits, times before the year 1, bytes that are not
UTF-8): one `Error:` sentence and exit 1, never "unexpected", never half a write."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hippograph.cli import app
from hippograph.graph.client import Graph

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["recall", "x", "--as-of", "99999999999d"],
            "Error: --as-of '99999999999d' reaches back before the year 1; give a shorter age "
            "or a date (ISO 8601, 2026-03-01).\n",
        ),
        (
            ["log", "--since", "99999999999d"],
            "Error: --since '99999999999d' reaches back before the year 1; give a shorter age "
            "or a date (ISO 8601, 2026-03-01).\n",
        ),
        (
            ["remember", "x is y", "--valid-from", "0001-01-01T00:00:00+05:00"],
            "Error: --valid-from '0001-01-01T00:00:00+05:00' is out of range once converted to "
            "UTC; give a date between 0001-01-02 and 9999-12-30.\n",
        ),
        (
            ["remember", "\udcff"],
            "Error: argument 2 ('\\xff') is not valid UTF-8 text; hippo reads its arguments as "
            "UTF-8, so check the terminal's encoding (LANG=C.UTF-8) or rename the file.\n",
        ),
        (
            ["recall", "caf\udce9", "-k", "3"],
            "Error: argument 2 ('caf\\xe9') is not valid UTF-8 text; hippo reads its arguments "
            "as UTF-8, so check the terminal's encoding (LANG=C.UTF-8) or rename the file.\n",
        ),
    ],
)
def test_out_of_range_or_undecodable_input_is_one_sentence(
    graph: Graph, env_for_cli: dict[str, str], args: list[str], message: str
) -> None:
    result = runner.invoke(app, args)
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", message)


def test_huge_counts_are_usage_errors(graph: Graph, env_for_cli: dict[str, str]) -> None:
    for args in (["log", "--limit", "9" * 30], ["recall", "x", "-k", "9" * 30]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2 and "less than or equal to" in result.stderr


def test_non_utf8_argv_bytes_from_a_real_terminal(tmp_path: Path) -> None:
    """`hippo remember $'\\xff'`: the bytes Python turns into a lone surrogate."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOGRAPH_")}
    env["HIPPOGRAPH_NEO4J_URI"] = "bolt://127.0.0.1:1"  # refused before any connection
    done = subprocess.run(
        [sys.executable, "-c", "from hippograph.entry import main; main()", b"remember", b"\xff"],
        capture_output=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
    )
    assert done.returncode == 1 and done.stdout == b""
    assert done.stderr.decode() == (
        "Error: argument 2 ('\\xff') is not valid UTF-8 text; hippo reads its arguments as "
        "UTF-8, so check the terminal's encoding (LANG=C.UTF-8) or rename the file.\n"
    )


def test_patches_and_batch_files_that_are_not_utf8(
    graph: Graph, env_for_cli: dict[str, str], tmp_path: Path
) -> None:
    (tmp_path / "bad.patch").write_bytes(b"diff --git a/x b/x\n+\xff\n")
    result = runner.invoke(app, ["check-patch", "bad.patch"])
    assert (result.exit_code, result.stderr) == (
        1,
        "Error: bad.patch: the patch is not UTF-8 text (bad byte at offset 20); give a diff in "
        "UTF-8 (git diff writes one).\n",
    )
    result = runner.invoke(app, ["check-patch", "-"], input=b"diff --git a/x b/x\n+\xff\n")
    assert result.exit_code == 1 and result.stderr.startswith("Error: stdin: the patch is not")
    (tmp_path / "q.jsonl").write_bytes(b'{"query": "\xff"}\n')
    result = runner.invoke(app, ["recall", "--batch", "q.jsonl"])
    assert (result.exit_code, result.stderr) == (
        1,
        "Error: the batch file q.jsonl is not UTF-8 text (bad byte at offset 11); save it as "
        "UTF-8.\n",
    )


def test_batch_lines_with_bad_input_fail_alone(
    graph: Graph, env_for_cli: dict[str, str], tmp_path: Path
) -> None:
    (tmp_path / "q.jsonl").write_text(
        '{"id": 1, "query": "\\ud800 x"}\n'
        '{"id": 2, "query": "deploys", "as_of": "99999999999d"}\n'
        '{"id": 3, "query": "deploys", "mode": "keyword"}\n'
    )
    result = runner.invoke(app, ["recall", "--batch", "q.jsonl"])
    assert result.exit_code == 0
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line.get("error") for line in lines[:2]] == [
        "q.jsonl:1: the line holds a lone surrogate ('\\ud800'), which is not valid Unicode",
        "q.jsonl:2: as_of '99999999999d' reaches back before the year 1; give a shorter age or "
        "a date (ISO 8601, 2026-03-01).",
    ]
    assert lines[2]["id"] == 3 and "error" not in lines[2]
