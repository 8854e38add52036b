"""The held-out conversations the recall-quality bench reads are well formed: a question whose
evidence names a turn that is not there would score 0 and look like a recall miss."""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path

import pytest

from bench import recall_quality, truthfulness

SESSION = re.compile(r"^session_(\d+)$")


@pytest.mark.parametrize("path", recall_quality.HELD_OUT, ids=lambda p: p.name)
def test_a_held_out_conversation_is_locomo_shaped_and_its_evidence_exists(path: Path) -> None:
    samples = json.loads(path.read_text(encoding="utf-8"))
    assert len(samples) == 1
    conversation = samples[0]["conversation"]
    sessions = sorted(int(m[1]) for k in conversation if (m := SESSION.match(k)))
    assert sessions == list(range(1, len(sessions) + 1)) and len(sessions) >= 10
    turns: set[str] = set()
    dates = [recall_quality.session_time(conversation[f"session_{n}_date_time"]) for n in sessions]
    assert dates == sorted(dates) and all(isinstance(d, datetime) for d in dates)
    for n in sessions:
        ids = [t["dia_id"] for t in conversation[f"session_{n}"]]
        assert ids == [f"D{n}:{i}" for i in range(1, len(ids) + 1)]
        assert {t["speaker"] for t in conversation[f"session_{n}"]} <= {
            conversation["speaker_a"],
            conversation["speaker_b"],
        }
        turns.update(ids)
    qa = samples[0]["qa"]
    assert {q["category"] for q in qa} == {1, 2, 3, 4, 5}
    for q in qa:
        assert set(recall_quality.evidence_ids(q["evidence"])) <= turns, q["question"]
        assert q["category"] == 5 or q["evidence"], q["question"]


TRUTHFULNESS_SETS = [truthfulness.DATA, *truthfulness.HELD_OUT]


@pytest.mark.parametrize("path", TRUTHFULNESS_SETS, ids=lambda p: p.name)
def test_a_truthfulness_set_names_only_statements_it_has(path: Path) -> None:
    """Every expected answer, stale or untrusted key is a statement of its own case, and every
    case has a question: a key that names nothing would fail (or pass) for the wrong reason."""
    background, cases = truthfulness.load_cases(path)
    assert background and cases
    ids = [case["id"] for case in cases]
    assert len(ids) == len(set(ids))
    for case in cases:
        statements = case.get("statements", [])  # a chit-chat case may leave them out
        keys = {s["key"] for s in statements}
        assert all(s["text"].strip() and s["source_ref"] for s in statements), case["id"]
        assert case["query"].strip(), case["id"]
        expect = case["expect"]
        named = [expect.get("answer"), *expect.get("stale", []), *expect.get("untrusted", [])]
        assert {k for k in named if k is not None} <= keys, case["id"]
        assert {s["supersedes"] for s in statements if s.get("supersedes")} <= keys
        if case["type"] in ("changed", "contradiction"):
            assert expect["answer"] in keys, case["id"]
        elif case["type"] == "unknown":
            assert expect == {"abstain": True} and case.get("subtype") in ("adjacent", "unrelated")
        else:
            assert expect == {"silent": True}, case["id"]
