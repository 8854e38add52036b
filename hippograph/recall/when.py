"""The times a query names, as windows to hold memory's own dates against.

"What did we decide on 13 October 2023?", "the outage in May", "what broke in 2024",
"what did we change last week": each names a span of time. ``windows`` finds them; recall
(``evidence.py``) counts a unit more when its ``valid_from`` (an episode: when it was said)
falls inside one.

Recognised: a day ("13 October 2023", "October 13, 2023", "2023-10-13"), a month with or
without its year ("May 2023", "in May": May of any year), a year ("in 2024"), and relative
spans counted back from the moment recall answers for ("today", "yesterday", "last week",
"last month", "last year", "N days/weeks/months ago"). Nothing else: no guessing at
"recently" or "before the trip".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

_MONTH_NAMES = (
    "january february march april may june july august september october november december"
).split()
MONTHS = {m: i for i, m in enumerate(_MONTH_NAMES, start=1)}
_MONTH = "(" + "|".join(_MONTH_NAMES) + ")"
_DAY_MONTH_YEAR = re.compile(
    rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH},?\s+(\d{{4}})\b", re.I
)
_MONTH_DAY_YEAR = re.compile(rf"\b{_MONTH}\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b", re.I)
_ISO_DAY = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_MONTH_YEAR = re.compile(rf"\b{_MONTH},?\s+(\d{{4}})\b", re.I)
_IN_MONTH = re.compile(rf"\b(?:in|during|of)\s+{_MONTH}\b", re.I)
_YEAR = re.compile(r"\b(?:in|during|of)\s+((?:19|20)\d\d)\b", re.I)
_AGO = re.compile(r"\b(\d{1,3}|a|one|two|three)\s+(day|week|month|year)s?\s+ago\b", re.I)
_LAST = re.compile(r"\b(yesterday|today|last\s+(?:week|month|year))\b", re.I)
_SMALL = {"a": 1, "one": 1, "two": 2, "three": 3}
_UNIT_DAYS = {"day": 1, "week": 7, "month": 30, "year": 365}


@dataclass(frozen=True)
class Window:
    """A span of time, or a month of any year (``start`` None, ``month`` set)."""

    start: datetime | None = None
    end: datetime | None = None
    month: int | None = None

    def holds(self, moment: datetime) -> bool:
        """Whether ``moment`` lies in this window."""
        if self.month is not None:
            return moment.month == self.month
        assert self.start is not None and self.end is not None
        return self.start <= moment < self.end


def _day(year: int, month: int, day: int) -> Window | None:
    try:
        start = datetime(year, month, day, tzinfo=UTC)
    except ValueError:
        return None
    return Window(start - timedelta(days=1), start + timedelta(days=2))  # a day either side


def _month(year: int, month: int) -> Window:
    start = datetime(year, month, 1, tzinfo=UTC)
    end = datetime(year + month // 12, month % 12 + 1, 1, tzinfo=UTC)
    return Window(start, end)


def windows(query: str, at: datetime) -> list[Window]:
    """Every span of time ``query`` names, most precise first; relative ones end at ``at``."""
    found: list[Window] = []
    taken: list[tuple[int, int]] = []  # character spans already read as something more precise

    def free(m: re.Match[str]) -> bool:
        return not any(a < m.end() and m.start() < b for a, b in taken)

    for m in _DAY_MONTH_YEAR.finditer(query):
        if (w := _day(int(m[3]), MONTHS[m[2].lower()], int(m[1]))) is not None:
            found.append(w)
            taken.append(m.span())
    for m in _MONTH_DAY_YEAR.finditer(query):
        if free(m) and (w := _day(int(m[3]), MONTHS[m[1].lower()], int(m[2]))) is not None:
            found.append(w)
            taken.append(m.span())
    for m in _ISO_DAY.finditer(query):
        if free(m) and (w := _day(int(m[1]), int(m[2]), int(m[3]))) is not None:
            found.append(w)
            taken.append(m.span())
    for m in _MONTH_YEAR.finditer(query):
        if free(m) and 1900 <= int(m[2]) <= 9998:
            found.append(_month(int(m[2]), MONTHS[m[1].lower()]))
            taken.append(m.span())
    for m in _IN_MONTH.finditer(query):
        if free(m):
            found.append(Window(month=MONTHS[m[1].lower()]))
            taken.append(m.span())
    for m in _YEAR.finditer(query):
        if free(m):
            year = int(m[1])
            found.append(
                Window(datetime(year, 1, 1, tzinfo=UTC), datetime(year + 1, 1, 1, tzinfo=UTC))
            )
    for m in _AGO.finditer(query):
        n = _SMALL.get(m[1].lower()) or int(m[1])
        days = n * _UNIT_DAYS[m[2].lower()]
        slack = max(1, days // 4)
        center = at - timedelta(days=days)
        found.append(Window(center - timedelta(days=slack), center + timedelta(days=slack + 1)))
    for m in _LAST.finditer(query):
        word = " ".join(m[1].lower().split())
        back = {"today": 1, "yesterday": 2, "last week": 8, "last month": 32, "last year": 366}[
            word
        ]
        found.append(Window(at - timedelta(days=back), at + timedelta(days=1)))
    return found
