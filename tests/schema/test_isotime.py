"""Times a person types: every input gives a time or one ConfigError sentence, never an
OverflowError."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from hippograph.errors import ConfigError
from hippograph.schema.isotime import parse_when

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("30d", NOW - timedelta(days=30)),
        ("2 weeks ago", NOW - timedelta(weeks=2)),
        ("2026-01-05", datetime(2026, 1, 5, tzinfo=UTC)),
        ("2026-01-05T10:00:00+02:00", datetime(2026, 1, 5, 8, 0, tzinfo=UTC)),
        ("0001-01-01", datetime(1, 1, 1, tzinfo=UTC)),
        ("700000d", NOW - timedelta(days=700_000)),
        ("3mo", NOW - timedelta(days=90)),
        ("2 months ago", NOW - timedelta(days=60)),
        ("1y", NOW - timedelta(days=365)),
        ("5m", NOW - timedelta(minutes=5)),
    ],
)
def test_times_people_type(text: str, expected: datetime) -> None:
    assert parse_when(text, "--as-of", now=NOW) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "99999999999d",
            "--as-of '99999999999d' reaches back before the year 1; give a shorter age or a date "
            "(ISO 8601, 2026-03-01).",
        ),
        (
            "800000d",
            "--as-of '800000d' reaches back before the year 1; give a shorter age or a date "
            "(ISO 8601, 2026-03-01).",
        ),
        (
            "9" * 5000 + "d",
            f"--as-of '{'9' * 5000}d' reaches back before the year 1; give a shorter age or a "
            "date (ISO 8601, 2026-03-01).",
        ),
        (
            "0001-01-01T00:00:00+05:00",
            "--as-of '0001-01-01T00:00:00+05:00' is out of range once converted to UTC; give a "
            "date between 0001-01-02 and 9999-12-30.",
        ),
        (
            "9999-12-31T23:00:00-05:00",
            "--as-of '9999-12-31T23:00:00-05:00' is out of range once converted to UTC; give a "
            "date between 0001-01-02 and 9999-12-30.",
        ),
    ],
)
def test_out_of_range_times_are_one_sentence(text: str, message: str) -> None:
    with pytest.raises(ConfigError) as info:
        parse_when(text, "--as-of", now=NOW)
    assert str(info.value) == message


def test_a_zone_is_kept() -> None:
    tz = timezone(timedelta(hours=2))
    assert parse_when("2026-01-05T10:00:00+02:00", "--as-of", now=NOW) == datetime(
        2026, 1, 5, 10, tzinfo=tz
    )
