"""`python -m bench.table`: result files become the Markdown rows the docs show."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import common, table


def _group(r1: float, r5: float, r10: float) -> dict[str, dict[str, float]]:
    return {
        "categories 1-4": {"recall@1": r1, "recall@5": r5, "recall@10": r10},
        "1 multi-hop": {"recall@1": 0.0, "recall@5": 0.25, "recall@10": 0.5},
    }


def _result(data: str, halves: bool) -> dict[str, object]:
    modes = {
        "hybrid": _group(0.4, 0.7, 0.8),
        "semantic": _group(0.3, 0.6, 0.75),
        "keyword": _group(0.35, 0.6, 0.705),
        "bm25": _group(0.2, 0.4, 0.5),
        "cosine": _group(0.1, 0.3, 0.4),
    }
    figures: dict[str, object] = {"recall": modes}
    if halves:
        figures["halves"] = {"tune": modes, "held-out": modes}
    return {"bench": "recall-quality", "params": {"data": data}, "figures": figures}


def test_rows_per_conversation_and_half(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    held = tmp_path / "a.json"
    held.write_text(json.dumps(_result("bench/data/conv-heldout-H.json", halves=True)))
    own = tmp_path / "b.json"
    own.write_text(json.dumps(_result("../shared/data/locomo-dev.json", halves=True)))
    assert table.main([str(held), str(own)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("| conversation | hybrid | keyword R@10 | semantic |")
    row = (
        "| .400 / .700 / .800 | .70 | .300 / .600 / .750 | .200 / .400 / .500 "
        "| .100 / .300 / .400 | .50 |"
    )
    assert lines[2:] == [
        f"| H {row}",  # a held-out conversation: no halves
        f"| locomo-dev {row}",
        f"| locomo-dev, tune half {row}",
        f"| locomo-dev, held-out half {row}",
    ]


def test_a_file_that_is_no_recall_quality_result_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "t.json"
    other.write_text(json.dumps({"bench": "truthfulness", "figures": {}}))
    assert table.main([str(other)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"Error: {other} cannot be shown as recall-quality rows")
    missing = tmp_path / "missing.json"
    assert table.main([str(missing)]) == 1
    assert capsys.readouterr().err.startswith(f"Error: cannot read {missing} (")


def test_two_results_written_in_the_same_second_are_two_files(tmp_path: Path) -> None:
    first = common._new_file(tmp_path, "truthfulness-20261206T155919Z", '{"n": 1}')
    second = common._new_file(tmp_path, "truthfulness-20261206T155919Z", '{"n": 2}')
    assert [first.name, second.name] == [
        "truthfulness-20261206T155919Z.json",
        "truthfulness-20261206T155919Z-2.json",
    ]
    assert [json.loads(p.read_text())["n"] for p in (first, second)] == [1, 2]
