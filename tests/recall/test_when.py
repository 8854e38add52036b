"""The times a query names: days, months, years and spans counted back from now."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from hippograph.recall.when import Window, windows

AT = datetime(2026, 12, 1, 12, tzinfo=UTC)


def _one(query: str) -> Window:
    found = windows(query, AT)
    assert len(found) == 1, found
    return found[0]


@pytest.mark.parametrize(
    "query",
    [
        "What painting did she show on October 13, 2023?",
        "what did we decide on 13 October 2023",
        "the 13th of October, 2023",
        "changes since 2023-10-13",
    ],
)
def test_a_day_holds_that_day_and_one_either_side(query: str) -> None:
    w = _one(query)
    assert w.holds(datetime(2023, 10, 13, 18, tzinfo=UTC))
    assert w.holds(datetime(2023, 10, 12, 1, tzinfo=UTC))
    assert not w.holds(datetime(2023, 10, 16, tzinfo=UTC))
    assert not w.holds(datetime(2024, 10, 13, tzinfo=UTC))


def test_a_month_with_its_year_and_without() -> None:
    dated = _one("what broke in October 2023")
    assert dated.holds(datetime(2023, 10, 31, 23, tzinfo=UTC))
    assert not dated.holds(datetime(2023, 11, 1, tzinfo=UTC))
    december = _one("the freeze in December 2025")
    assert december.holds(datetime(2025, 12, 31, tzinfo=UTC))
    assert not december.holds(datetime(2026, 1, 1, tzinfo=UTC))
    any_year = _one("When did we go camping in July?")
    assert any_year.holds(datetime(2019, 7, 4, tzinfo=UTC))
    assert not any_year.holds(datetime(2019, 8, 4, tzinfo=UTC))


def test_a_year() -> None:
    w = _one("what did we ship in 2024")
    assert w.holds(datetime(2024, 6, 1, tzinfo=UTC)) and not w.holds(
        datetime(2025, 1, 1, tzinfo=UTC)
    )


@pytest.mark.parametrize(
    ("query", "inside", "outside"),
    [
        (
            "what did we change last week",
            datetime(2026, 11, 26, tzinfo=UTC),
            datetime(2026, 11, 20, tzinfo=UTC),
        ),
        (
            "the bug from yesterday",
            datetime(2026, 11, 30, 9, tzinfo=UTC),
            datetime(2026, 11, 28, tzinfo=UTC),
        ),
        (
            "a deploy three days ago",
            datetime(2026, 11, 28, 6, tzinfo=UTC),
            datetime(2026, 11, 20, tzinfo=UTC),
        ),
        ("two weeks ago", datetime(2026, 11, 17, tzinfo=UTC), datetime(2026, 11, 29, tzinfo=UTC)),
    ],
)
def test_relative_spans_count_back_from_the_moment_answered_for(
    query: str, inside: datetime, outside: datetime
) -> None:
    w = _one(query)
    assert w.holds(inside) and not w.holds(outside)


@pytest.mark.parametrize(
    "query",
    [
        "May I ask which database we use?",
        "what did we decide recently",
        "before the trip",
        "port 2024",
    ],
)
def test_no_time_named_no_window(query: str) -> None:
    assert windows(query, AT) == []


def test_an_impossible_day_falls_back_to_its_month() -> None:
    w = _one("on 31 February 2024")
    assert w.holds(datetime(2024, 2, 29, tzinfo=UTC)) and not w.holds(
        datetime(2024, 3, 1, tzinfo=UTC)
    )
