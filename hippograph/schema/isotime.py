"""Time as people and Neo4j write it: ISO 8601 text from Neo4j as Python datetimes (without the
driver: the hook path uses it too), and the times a person types (``2026-03-01``, ``30d``)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from hippograph.errors import ConfigError


def parse(text: str) -> datetime:
    """A Neo4j datetime's text (``toString``, the HTTP API) as an aware datetime.

    Neo4j writes ``Z`` for UTC, up to nine fraction digits and, for zoned values, the region
    in brackets; Python takes an offset and six digits."""
    head, _, _zone = text.partition("[")
    head = head.replace("Z", "+00:00")
    if "." in head:
        main, frac = head.split(".", 1)
        count = len(frac) - len(frac.lstrip("0123456789"))
        head = f"{main}.{frac[: min(count, 6)]}{frac[count:]}"
    return datetime.fromisoformat(head)


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def from_epoch_us(micros: int) -> datetime:
    """Microseconds since the epoch (how recall's statement sends datetimes) as an aware UTC
    datetime."""
    return _EPOCH + timedelta(microseconds=micros)


_AGO = re.compile(
    r"^(\d+)\s*(m|min|mins|minutes?|h|hours?|d|days?|w|weeks?|mo|months?|y|years?)(\s+ago)?$",
    re.IGNORECASE,
)
# unit -> (timedelta keyword, how many of it): a month is 30 days and a year 365 (an age, not a
# calendar date). "m" is minutes, as in 5m, 30m; months are "mo" or "months".
_UNITS = {
    **dict.fromkeys(("m", "min", "mins", "minute", "minutes"), ("minutes", 1)),
    **dict.fromkeys(("h", "hour", "hours"), ("hours", 1)),
    **dict.fromkeys(("d", "day", "days"), ("days", 1)),
    **dict.fromkeys(("w", "week", "weeks"), ("weeks", 1)),
    **dict.fromkeys(("mo", "month", "months"), ("days", 30)),
    **dict.fromkeys(("y", "year", "years"), ("days", 365)),
}


def parse_when(text: str | None, option: str, now: datetime | None = None) -> datetime | None:
    """ISO 8601 date or datetime (UTC when no zone), ``now``, ``yesterday``,
    or an age like ``30d`` / ``2 weeks ago`` / ``3mo`` / ``1y`` (``m`` is minutes)."""
    if text is None:
        return None
    value = text.strip()
    now = now or datetime.now(UTC)
    if value.lower() == "now":
        return now
    if value.lower() == "yesterday":
        return now - timedelta(days=1)
    match = _AGO.match(value)
    if match:
        try:
            unit, times = _UNITS[match.group(2).lower()]
            return now - timedelta(**{unit: int(match.group(1)) * times})
        except (OverflowError, ValueError):  # more than 999,999,999 days, or before year 1
            raise ConfigError(
                f"{option} {text!r} reaches back before the year 1; give a shorter age "
                "or a date (ISO 8601, 2026-03-01)."
            ) from None
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise ConfigError(
            f"{option} {text!r} is not a date; use ISO 8601 (2026-03-01 or "
            "2026-03-01T14:00Z) or an age like 30d, 2w, 3mo or 1y."
        ) from None
    if parsed.tzinfo is None:
        return parsed.replace(tzinfo=UTC)
    try:
        parsed.astimezone(UTC)  # stored as UTC: 0001-01-01T00:00+05:00 has no UTC time
    except OverflowError:
        raise ConfigError(
            f"{option} {text!r} is out of range once converted to UTC; give a date between "
            "0001-01-02 and 9999-12-30."
        ) from None
    return parsed
