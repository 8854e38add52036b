"""Parsing of CLI values that typer does not know: times, relative ages."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from hippograph.errors import ConfigError

_AGO = re.compile(r"^(\d+)\s*(m|min|h|d|w|days?|hours?|weeks?)(\s+ago)?$", re.IGNORECASE)
_UNITS = {
    "m": "minutes",
    "min": "minutes",
    "h": "hours",
    "hour": "hours",
    "hours": "hours",
    "d": "days",
    "day": "days",
    "days": "days",
    "w": "weeks",
    "week": "weeks",
    "weeks": "weeks",
}


def parse_when(text: str | None, option: str, now: datetime | None = None) -> datetime | None:
    """ISO 8601 date or datetime (UTC when no zone), ``now``, ``yesterday``, or an age like ``30d`` / ``2 weeks ago``."""
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
        return now - timedelta(**{_UNITS[match.group(2).lower()]: int(match.group(1))})
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise ConfigError(
            f"{option} {text!r} is not a date; use ISO 8601 (2026-03-01 or 2026-03-01T14:00Z) or an age like 30d."
        ) from None
    return parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed
