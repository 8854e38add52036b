"""ISO 8601 text from Neo4j as Python datetimes, without the driver (the hook path uses it too)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


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
    """Microseconds since the epoch (how recall's statement sends datetimes) as an aware UTC datetime."""
    return _EPOCH + timedelta(microseconds=micros)
