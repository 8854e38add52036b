"""`python -m bench recall-quality --pool`, `truthfulness --pool`: held-out sets as one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import bench.common
from bench import recall_quality, truthfulness


def _row(sample: str, category: int, r1: float, r5: float, r10: float) -> dict[str, Any]:
    scores = {"recall@1": r1, "recall@5": r5, "recall@10": r10, "recall@20": r10}
    scores |= {k.replace("recall", "hit"): v for k, v in scores.items()}
    modes = {m: {"scores": scores} for m in ("hybrid", "keyword", "semantic")}
    # the plain baselines find half of what recall finds
    modes |= {m: {"scores": {k: v / 2 for k, v in scores.items()}} for m in ("bm25", "cosine")}
    return {"sample": sample, "category": category, "modes": modes}


def _write(path: Path, bench_name: str, params: dict[str, Any], figures: dict[str, Any]) -> Path:
    """A result file as `bench.common.write_result` writes one (the fields pooling reads)."""
    doc = {"bench": bench_name, "commit": "abc", "params": params, "figures": figures}
    path.write_text(json.dumps(doc))
    return path


def _result(tmp_path: Path, data: str, rows: list[dict[str, Any]], k: int = 20) -> Path:
    path = tmp_path / f"{Path(data).stem}-k{k}.json"
    return _write(path, "recall-quality", {"data": data, "k": k}, {"per_question": rows})


def test_pools_the_held_out_conversations_but_the_tuning_one_and_conv26(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(bench.common, "RESULTS", tmp_path / "results")
    files = [
        _result(tmp_path, "bench/data/conv-heldout-A.json", [_row("a", 1, 1, 1, 1)] * 3),
        _result(tmp_path, "bench/data/conv-heldout-C.json", [_row("c", 4, 0, 0, 0)]),
        _result(tmp_path, "bench/data/conv-heldout-B.json", [_row("b", 4, 0, 0, 0)] * 50),
        _result(tmp_path, "../shared/data/locomo-dev.json", [_row("conv-26", 4, 0, 0, 0)] * 50),
    ]
    assert recall_quality.pool(files) == 0
    out = capsys.readouterr()
    assert "4 questions (categories 1-4) of 2 held-out conversations" in out.out
    (written,) = (tmp_path / "results").glob("recall-quality-pooled-*.json")
    figures = json.loads(written.read_text())["figures"]
    assert figures["questions"] == 4
    assert [s["pooled"] for s in figures["sources"]] == [True, True, False, False]
    hybrid = figures["recall"]["hybrid"]["categories 1-4"]
    assert hybrid["recall@10"] == 0.75 and hybrid["n"] == 4
    targets = figures["targets"]
    assert targets["R@10>=.75"]["met"] and targets["R@5>=.65"]["met"]
    assert targets["multi-hop_R@10>=.50"] == {"value": 1.0, "met": True}
    assert targets["R@1>bm25"]["value"] == [0.75, 0.375]


def test_a_target_missed_is_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(bench.common, "RESULTS", tmp_path / "results")
    rows = [_row("h", 1, 0.1, 0.6, 0.4), _row("h", 4, 0.5, 0.8, 0.9)]
    assert recall_quality.pool([_result(tmp_path, "bench/data/conv-heldout-H.json", rows)]) == 0
    out = capsys.readouterr().out
    assert "R@10>=.75 MISSED" in out and "multi-hop_R@10>=.50 MISSED" in out
    assert "R@5>=.65 MISSED" not in out  # (0.6 + 0.8) / 2


def test_a_file_that_is_no_result_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "notes.json"
    other.write_text("[1, 2]")
    assert recall_quality.pool([other]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"cannot pool {other}: not a readable recall-quality result")


def _case(i: int, kind: str) -> dict[str, Any]:
    expect = {"answer": "a"} if kind in ("changed", "contradiction") else {}
    return {"id": f"c{i}", "type": kind, "query": f"q{i}", "expect": expect}


def _verdict(*, abstain: bool = False, silent: bool = False, top: bool = False) -> dict[str, Any]:
    return {
        "abstain": abstain,
        "silent": silent,
        "reason": "no_accepted_facts" if abstain else None,
        "stale": False,
        "untrusted": False,
        "answer_in_top": top,
        "passed": True,
    }


def test_truthfulness_sets_pool_as_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(bench.common, "RESULTS", tmp_path / "results")
    files = []
    for n, (abstains, answered) in enumerate([(3, 1), (1, 0)]):
        cases = [_case(i, "unknown") for i in range(abstains + answered)] + [_case(9, "changed")]
        data = tmp_path / f"set{n}.jsonl"
        data.write_text("\n".join(json.dumps(c) for c in cases) + "\n")
        verdicts = [_verdict(abstain=i < abstains) for i in range(abstains + answered)]
        verdicts.append(_verdict(abstain=n == 1))  # an answerable question abstained on
        records = [
            {"id": c["id"], "modes": {"keyword": v}} for c, v in zip(cases, verdicts, strict=True)
        ]
        params = {"data": str(data), "modes": ["keyword"]}
        files.append(
            _write(tmp_path / f"result{n}.json", "truthfulness", params, {"cases": records})
        )
    assert truthfulness.pool(files) == 0
    assert "7 cases of 2 sets" in capsys.readouterr().out
    (written,) = (tmp_path / "results").glob("truthfulness-pooled-*.json")
    keyword = json.loads(written.read_text())["figures"]["modes"]["keyword"]
    assert keyword["abstain_recall"] == 0.8  # 4 of the 5 unknowns
    assert keyword["abstain_precision"] == 0.8  # and 1 answerable question of 5 abstains
    assert keyword["answerable_top3_accuracy"] == 0.0


def test_truthfulness_pools_only_runs_made_alike(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "set.jsonl"
    data.write_text(json.dumps(_case(0, "unknown")) + "\n")
    files = []
    for n, modes in enumerate((["keyword"], ["hybrid", "keyword"])):
        records = [{"id": "c0", "modes": {m: _verdict(abstain=True) for m in modes}}]
        params = {"data": str(data if n == 0 else data.with_name("other.jsonl")), "modes": modes}
        files.append(_write(tmp_path / f"r{n}.json", "truthfulness", params, {"cases": records}))
    assert truthfulness.pool(files) == 2
    assert "pool runs made alike" in capsys.readouterr().err


def test_a_pooled_result_among_the_files_is_skipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(bench.common, "RESULTS", tmp_path / "results")
    run = _result(tmp_path, "bench/data/conv-heldout-A.json", [_row("a", 1, 1, 1, 1)])
    assert recall_quality.pool([run]) == 0
    (pooled,) = (tmp_path / "results").glob("recall-quality-pooled-*.json")
    assert recall_quality.pool([run, pooled]) == 0  # what a glob of bench/results/ gives
    out = capsys.readouterr()
    assert f"skipping {pooled}: a pooled result, not a run." in out.err
    assert out.out.count("1 questions (categories 1-4) of 1 held-out conversations") == 2


def test_a_set_given_twice_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    once = _result(tmp_path, "bench/data/conv-heldout-A.json", [_row("a", 1, 1, 1, 1)])
    again = tmp_path / "again.json"
    again.write_text(once.read_text())
    assert recall_quality.pool([once, again]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"cannot pool {again}: {once} ran conv-heldout-A.json too")


def test_runs_of_another_k_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = _result(tmp_path, "bench/data/conv-heldout-A.json", [_row("a", 1, 1, 1, 1)])
    c = _result(tmp_path, "bench/data/conv-heldout-C.json", [_row("c", 1, 1, 1, 1)], k=10)
    assert recall_quality.pool([a, c]) == 2
    assert "it ran k=10 and" in capsys.readouterr().err


def test_a_pool_without_a_retrieval_question_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    adversarial = _result(tmp_path, "bench/data/conv-heldout-A.json", [_row("a", 5, 0, 0, 0)])
    assert recall_quality.pool([adversarial]) == 2
    assert capsys.readouterr().err.startswith("nothing to pool: no question of categories 1-4")


def test_a_result_missing_a_mode_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    row = _row("a", 1, 1, 1, 1)
    del row["modes"]["cosine"]
    assert recall_quality.pool([_result(tmp_path, "bench/data/conv-heldout-A.json", [row])]) == 2
    assert "a question lacks its category or a mode's scores" in capsys.readouterr().err


def test_without_a_multi_hop_question_its_target_is_not_judged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(bench.common, "RESULTS", tmp_path / "results")
    rows = [_row("a", 4, 1, 1, 1)]
    assert recall_quality.pool([_result(tmp_path, "bench/data/conv-heldout-A.json", rows)]) == 0
    out = capsys.readouterr().out
    assert "multi-hop_R@10>=.50 n/a (no question)" in out and "MISSED" not in out


def _truthfulness_run(
    tmp_path: Path, name: str, verdicts: list[dict[str, Any]], modes: tuple[str, ...] = ("keyword",)
) -> Path:
    """A result of a set of unknowns, one per verdict, judged alike in every mode."""
    cases = [_case(i, "unknown") for i in range(len(verdicts))]
    data = tmp_path / name
    data.write_text("\n".join(json.dumps(c) for c in cases) + "\n")
    records = [
        {"id": c["id"], "modes": {m: v for m in modes}}
        for c, v in zip(cases, verdicts, strict=True)
    ]
    params = {"data": str(data), "modes": list(modes)}
    return _write(tmp_path / f"result-{data.stem}.json", "truthfulness", params, {"cases": records})


def test_truthfulness_leaves_the_team_set_out_and_reports_blind_sets_apart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(bench.common, "RESULTS", tmp_path / "results")
    team = _truthfulness_run(tmp_path, "truthfulness.jsonl", [_verdict(abstain=True)] * 9)
    seen = _truthfulness_run(tmp_path, "truthfulness-heldout2.jsonl", [_verdict(abstain=True)] * 3)
    blind = _truthfulness_run(
        tmp_path, min(truthfulness.BLIND), [_verdict(abstain=True), _verdict()]
    )
    assert truthfulness.pool([team, seen, blind]) == 0
    assert "5 cases of 2 sets" in capsys.readouterr().out
    (written,) = (tmp_path / "results").glob("truthfulness-pooled-*.json")
    figures = json.loads(written.read_text())["figures"]
    assert figures["modes"]["keyword"]["abstain_recall"] == 0.8  # 4 of 5: the team's 9 left out
    assert figures["blind"]["keyword"]["abstain_recall"] == 0.5
    assert [(s["pooled"], s["blind"]) for s in figures["sources"]] == [
        (False, False),
        (True, False),
        (True, True),
    ]


def test_truthfulness_refuses_a_case_without_a_verdict_of_each_mode(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = _truthfulness_run(tmp_path, "set.jsonl", [_verdict(abstain=True)], ("keyword",))
    doc = json.loads(run.read_text())
    doc["params"]["modes"] = ["hybrid", "keyword"]
    run.write_text(json.dumps(doc))
    assert truthfulness.pool([run]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"cannot pool {run}: its data set is not here or a case lacks")


def test_truthfulness_counts_top_answers_from_background(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(bench.common, "RESULTS", tmp_path / "results")
    cases = [
        {**_case(0, "unknown"), "statements": [{"key": "f1", "text": "x"}]},
        {**_case(1, "changed"), "statements": [{"key": "a", "text": "y"}]},
        {**_case(2, "unknown"), "statements": [{"key": "f1", "text": "z"}]},
    ]
    data = tmp_path / "set.jsonl"
    data.write_text("\n".join(json.dumps(c) for c in cases) + "\n")
    verdicts = [
        {**_verdict(), "returned": ["bg1", "f1"]},  # a background statement first
        {**_verdict(top=True), "returned": ["a", "bg1"]},  # the case's own first
        {**_verdict(abstain=True), "returned": []},
    ]
    records = [
        {"id": c["id"], "modes": {"keyword": v}} for c, v in zip(cases, verdicts, strict=True)
    ]
    params = {"data": str(data), "modes": ["keyword"]}
    path = _write(tmp_path / "result.json", "truthfulness", params, {"cases": records})
    assert truthfulness.pool([path]) == 0
    assert "top answer from background 1" in capsys.readouterr().out
    (written,) = (tmp_path / "results").glob("truthfulness-pooled-*.json")
    keyword = json.loads(written.read_text())["figures"]["modes"]["keyword"]
    assert keyword["top_answer_from_background"] == {"unknown": 1}
