"""The kind-of-answer rules against the labelled truthfulness sets, without a database."""

from __future__ import annotations

from typing import Any

from bench import kinds, truthfulness


def _case(kind: str, query: str, statements: list[str], **expect: Any) -> dict[str, Any]:
    return {
        "type": kind,
        "query": query,
        "statements": [{"key": f"s{i}", "text": t} for i, t in enumerate(statements)],
        "expect": expect,
    }


def test_no_rule_rejects_an_answer_of_a_set_already_seen() -> None:
    seen = [
        p for p in [truthfulness.DATA, *truthfulness.HELD_OUT] if p.name not in truthfulness.BLIND
    ]
    results = [kinds.check_set(p.name, *truthfulness.load_cases(p)) for p in seen]
    assert sum(r.asked for r in results) > 100  # the rules are exercised, not skipped
    assert [loss for r in results for loss in r.losses] == []


def test_a_rejected_answer_and_a_settled_unknown_are_reported() -> None:
    background = [{"key": "bg1", "text": "The gateway runs four replicas."}]
    cases = [
        _case(
            "changed",
            "how many requests per second can a client send?",
            ["Clients get 50 rps."],
            answer="s0",
        ),
        _case(
            "changed",
            "how long does the restore take?",
            ["Backups go to the cold bucket."],
            answer="s0",
        ),
        _case("unknown", "is Marta around on Friday?", ["Marta reviews migrations."], abstain=True),
        _case("unknown", "which database do we use?", ["We use Postgres."], abstain=True),
        _case("chitchat", "brb grabbing coffee", [], silent=True),
    ]
    result = kinds.check_set("set.jsonl", background, cases)
    assert result.asked == 3  # the rate, the span and the presence questions
    assert [(k, q) for k, q, _ in result.losses] == [
        ("quantity/takes", "how long does the restore take?")
    ]
    assert result.blocked == [("presence", "is Marta around on Friday?")]
    shown = "\n".join(kinds.report([result], frozenset()))
    hidden = "\n".join(kinds.report([result], frozenset({"set.jsonl"})))
    assert "how long does the restore take?" in shown
    assert "how long" not in hidden and "1 answers rejected, 1 unknowns" in hidden
