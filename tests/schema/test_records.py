"""Validation of schema records: pure, no database."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from pydantic import ValidationError

from hippograph.schema import (
    MAX_TEXT_CHARS,
    Edge,
    Fact,
    Failure,
    RelType,
    Rule,
    SourceKind,
    new_id,
)


def fact(**kw: object) -> Fact:
    base: dict[str, object] = {
        "id": new_id("fact"),
        "text": "We use Postgres",
        "source_ref": "test",
        "source_kind": SourceKind.USER,
        "trust": 0.9,
        "confidence": 0.8,
    }
    base.update(kw)
    return Fact(**base)  # type: ignore[arg-type]


def test_fact_fills_kind_and_labels() -> None:
    f = fact()
    assert f.kind == "fact"
    assert Fact.all_labels() == ["Node", "Memory", "Fact"]
    props = f.to_properties()
    assert props["source_kind"] == "user" and props["truth_status"] == "candidate"
    assert "embedding" not in props  # None values are not stored


@pytest.mark.parametrize("field,value", [("trust", 1.5), ("confidence", -0.1)])
def test_scores_must_be_in_unit_interval(field: str, value: float) -> None:
    with pytest.raises(ValidationError, match=field):
        fact(**{field: value})


@pytest.mark.parametrize("text", ["", "   \n"])
def test_empty_text_is_refused(text: str) -> None:
    with pytest.raises(ValidationError, match="text is empty"):
        fact(text=text)


def test_text_over_limit_is_refused_not_truncated() -> None:
    with pytest.raises(ValidationError, match=f"over the limit of {MAX_TEXT_CHARS}"):
        fact(text="x" * (MAX_TEXT_CHARS + 1))
    assert len(fact(text="x" * MAX_TEXT_CHARS).text) == MAX_TEXT_CHARS


def test_valid_from_after_valid_until_is_refused() -> None:
    with pytest.raises(ValidationError, match="valid_from is after valid_until"):
        fact(
            valid_from=datetime(2026, 3, 2, tzinfo=UTC),
            valid_until=datetime(2026, 3, 1, tzinfo=UTC),
        )


def test_naive_datetimes_are_taken_as_utc() -> None:
    f = fact(valid_from=datetime(2026, 3, 1))
    assert f.valid_from is not None and f.valid_from.tzinfo is UTC


def test_unknown_source_kind_is_refused() -> None:
    with pytest.raises(ValidationError, match="source_kind"):
        fact(source_kind="rumour")


def test_extra_fields_are_refused() -> None:
    with pytest.raises(ValidationError, match="colour"):
        fact(colour="blue")


def test_failure_needs_commit_or_test() -> None:
    base = {
        "id": "fail_1",
        "text": "login broke",
        "source_ref": "x",
        "source_kind": "user",
        "trust": 0.9,
        "confidence": 0.9,
    }
    with pytest.raises(ValidationError, match="commit or the test"):
        Failure(**base)  # type: ignore[arg-type]
    assert Failure(**base, test="tests/test_login.py::test_jwt").test  # type: ignore[arg-type]


def test_rule_category_and_severity_are_closed_sets() -> None:
    base = {
        "id": "rule_1",
        "text": "no eval",
        "source_ref": "x",
        "source_kind": "user",
        "trust": 0.9,
        "confidence": 0.9,
    }
    with pytest.raises(ValidationError, match="category"):
        Rule(**base, category="style", severity="high")  # type: ignore[arg-type]
    with pytest.raises(ValidationError, match="severity"):
        Rule(**base, category="security", severity="urgent")  # type: ignore[arg-type]
    rule = Rule(**base, category="security", severity="critical")  # type: ignore[arg-type]
    assert rule.memory_type == "user_rule"


def test_edge_properties_leave_structure_out() -> None:
    edge = Edge(type=RelType.ABOUT, source_id="a", target_id="b")
    props = edge.edge_properties()
    assert set(props) >= {
        "id",
        "weight",
        "created_at",
        "usage",
        "success",
        "co_occurrence",
        "stale",
    }
    assert "type" not in props and "source_id" not in props


def test_embedding_must_have_384_dimensions() -> None:
    with pytest.raises(ValidationError, match="384"):
        fact(embedding=[0.1] * 10)


def test_seeded_ids_repeat_and_unseeded_ids_do_not() -> None:
    from hippograph.schema.base import seed_ids

    try:
        seed_ids(7)
        first = [new_id("fact") for _ in range(5)]
        seed_ids(7)
        assert [new_id("fact") for _ in range(5)] == first and len(set(first)) == 5
        assert all(i.startswith("fact_") and len(i) == len("fact_") + 16 for i in first)
    finally:
        seed_ids(None)
    assert new_id("fact") != new_id("fact") and new_id("fact") not in first
