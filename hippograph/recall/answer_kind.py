"""What kind of answer a short question asks for, and whether a unit states one.

"When did we freeze the v1 API?" is not answered by "v1 is frozen", and "how many partitions does
the invoice.events topic have?" is not answered by "the notifier consumes the invoice.events
topic": both units are about the right thing and say nothing of what was asked. A question that
asks *when* needs a unit that says when (a date, a time, a day, a period, or a time it became
true); one that asks *how many*, *how long* or *how often* needs a quantity (a number, a count
word, a duration or a frequency); one that asks for a setting's value ("what port …", "which
python version …") needs a value (a number, a version, a name with digits such as
"Standard_D8s_v5", or one in words: "one hour", "nightly", "unlimited"). Recall judges the
rest by words and meaning (:mod:`hippograph.recall.relevance`); this module only says no to a
unit that cannot be the answer.

Some questions also say what the value measures, and a number of another measure is no answer:
"what's the request timeout on telemetry-ingest?" needs a duration ("30 s", "two minutes"), not
"telemetry-ingest runs 6 replicas"; "what's the memory limit on the billing-api pods?" needs an
amount of memory ("512Mi", "2 GB"); "how many months does a probe battery last?" a number of
months or a date, not "a 3.6 V cell". And a port or a version is not a count: "how many
matchmaker instances run?" is not answered by "the matchmaker serves gRPC on port 9100".

Only a question that starts with the asking words counts: "when I run make test it fails" is a
report, not a question about time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class AnswerKind(StrEnum):
    """What a question asks for."""

    TIME = "time"
    QUANTITY = "quantity"
    MEASURE = "measure"  # a setting's value: a port, a version, a limit, a rate


class Dimension(StrEnum):
    """What the value asked for measures, when the question says so."""

    DURATION = "duration"  # a latency, a timeout, a ttl, an interval, "how many days"
    MEMORY = "memory"  # an amount of memory or storage: "memory limit", "how much disk"
    PORT = "port"  # "what port …": the one measure a port number answers


@dataclass(frozen=True)
class Asked:
    """The kind of answer a question asks for, and what it measures when the question says."""

    kind: AnswerKind
    dimension: Dimension | None = None


MAX_QUESTION = 200  # characters: a question, not a pasted prompt

_ASKS_TIME = re.compile(
    r"^\s*(?:(?:since\s+)?when\s+(?:did|does|do|is|was|were|are|will|would|should|can|could|has|"
    r"have|had|must)\b|(?:what|which)\s+(?:date|day|time|year|month|week)\b|what\s+time\b)",
    re.IGNORECASE,
)
_ASKS_QUANTITY = re.compile(
    r"^\s*(?:(?:for|in|after|within)\s+)?how\s+(?:many|much|long|often|big|large|old|fast|"
    r"frequently|soon)\b",
    re.IGNORECASE,
)

# "what port …", "which python version …", "what's the memory limit on …", "device-registry port?":
# the setting asked for is named in the question's first words, and its value has digits ("port
# 8040", "Python 3.12", "600 requests per minute", "v2", "Standard_D8s_v5"). "version control"
# names no setting; a size may be a name ("vm size": "Standard_D8s_v5", "m5.large"), so it is
# not one of these.
MEASURES = (
    "port ports version versions timeout timeouts ttl limit limits capacity quota quotas "
    "threshold thresholds rate rates latency interval replicas"
)
_MEASURE_WORDS = frozenset(MEASURES.split())
# a measure word naming something else: "version control", "rate limiter", "capacity mode"
_NOT_MEASURES = frozenset(
    "control controls limiter limiting mode modes provider providers strategy policy policies "
    "spike spikes error errors issue issues forwarding mapping conflict conflicts".split()
)
_OPENS_WHAT = frozenset("what what's whats which".split())
_BEFORE_MEASURE = frozenset("is are was were 's the our a an current default".split())
# a question word or a verb that starts a question: "why is checkout latency so high?", "is
# there a rate limit on …?", "update the port to 8041?" ask for no value
_OPENS_QUESTION = frozenset(
    "what what's whats which who whose whom where when why how is are was were do does did can "
    "could should would will shall may might has have had must update change set fix add remove "
    "bump raise lower increase decrease".split()
)
MEASURE_WITHIN = 2  # words right after "what"/"which" and "is the", "our" …
TERSE = 4  # words from the start of a question without a question word ("device-registry port?")
_MONTHS = (
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec"
)
_DAYS = (
    "monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays "
    "thursdays fridays saturdays sundays tue tues thu thur thurs fri weekday "
    "weekdays weekend weekends"
)
_PERIODS = (
    "hourly nightly daily weekly biweekly fortnightly monthly quarterly yearly annually minute "
    "minutes hour hours day days week weeks month months quarter quarters year years decade "
    "decades"
)
_MOMENTS = (
    "today tonight yesterday tomorrow morning mornings afternoon afternoons evening evenings night "
    "nights midnight noon ago since until till before after during recently lately"
)
_COUNTS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty "
    "ninety hundred hundreds thousand thousands million millions billion dozen dozens once twice "
    "thrice single double triple half couple few several unlimited infinite forever never always"
)
_TIME_WORDS = frozenset(f"{_MONTHS} {_DAYS} {_PERIODS} {_MOMENTS}".split())
# a value in words: "one hour", "nightly", "unlimited", "never expire"; not "twice" (a count of
# tries is not a timeout)
_VALUE_WORDS = (
    frozenset(f"{_COUNTS} {_PERIODS}".split()) | frozenset("none disabled".split())
) - frozenset("once twice thrice few several couple".split())
_QUANTITY_WORDS = frozenset(f"{_COUNTS} {_PERIODS}".split())
_WORD = re.compile(r"[a-z]+")
# a number on its own, with its unit if any ("3", "1.5", "30%", "200ms", "5m"); not a piece of a
# name ("v1", "s3", "eu-central-1", "ubuntu-22.04")
_NUMBER = re.compile(r"(?<![\w.-])\d+(?:[.,]\d+)*(?:%|[a-z]{1,3})?(?![\w-])")
# a value written as a name with digits: "v2", "Standard_D8s_v5", "m5.large", "eu-west-1"; not a
# bare name like "k8s", "s3" or "ec2"
_VALUE_NAME = re.compile(r"\bv\d+\b|\b\w*\d\w*[_.-]\w+|\b\w+[_.-]\w*\d\w*")
_QUESTION_WORD = re.compile(r"[a-z0-9'_.-]+")
# a number that says when: a year, a date, a clock time, an ordinal day, a quarter
_WHEN_NUMBER = re.compile(
    r"\b(?:1[89]|20)\d{2}\b|\b\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}\b|\b\d{1,2}:\d{2}\b|"
    r"\b\d{1,2}(?:st|nd|rd|th)\b|\bq[1-4]\b",
    re.IGNORECASE,
)


# What a measure word measures. A latency, a timeout, a ttl or an interval is a duration; a
# limit, quota or capacity next to "memory", "disk" … an amount of memory; "how many days …" a
# number of days (or a date to count from).
_DURATION_MEASURES = frozenset("timeout timeouts ttl latency interval".split())
_MEMORY_NOUNS = frozenset("memory ram disk disks storage heap".split())
_PORT_MEASURES = frozenset("port ports".split())
_TIME_UNITS_PLURAL = frozenset("seconds minutes hours days weeks months years".split())
_SHORT_TIME_UNITS = "ms|msecs?|s|secs?|m|mins?|h|hrs?|d|wks?|mo|yrs?"
_LONG_TIME_UNITS = "milliseconds?|seconds?|minutes?|hours?|days?|weeks?|fortnights?|months?|years?"
_COUNT_WORDS = frozenset(_COUNTS.split()) | {"a", "an"}
_LONG_UNIT = re.compile(_LONG_TIME_UNITS)
# "30 s", "200ms", "5m", "two weeks", "an hour", "1.5 hours", "90-day": an amount and a unit of
# time; a word before the unit must be a count ("two", "an") and the unit written out
_DURATION = re.compile(
    rf"(?<![\w.-])(\d+(?:[.,]\d+)?|[a-z]+)\s*-?\s*({_LONG_TIME_UNITS}|{_SHORT_TIME_UNITS})\b",
    re.IGNORECASE,
)
# a duration in one word: "nightly", "weekly"; or none at all: "unlimited", "forever"
_DURATION_WORDS = frozenset(
    "hourly nightly daily weekly biweekly fortnightly monthly quarterly yearly annually "
    "forever indefinitely unlimited none disabled".split()
)
# no end at all: "never expire", "no timeout"; not any "never" ("never put them in git")
_NO_END = re.compile(
    r"\bnever\s+(?:expires?|expiring|times?\s+out)\b|\bno\s+(?:expiry|expiration|timeout|ttl)\b|"
    r"\b(?:doesn't|don't|does\s+not|do\s+not)\s+expire\b",
    re.IGNORECASE,
)
# a date or a day to count days from: "on 1 March", "since 2019", "on Tuesday"; not "before"
_DATE_WORDS = frozenset(f"{_MONTHS} {_DAYS}".split())
# "512Mi", "2 GB", "16g", "4 gigs", "1.5 TiB"
_MEMORY = re.compile(
    r"(?<![\w.-])\d+(?:[.,]\d+)?\s*-?\s*(?:[kmgtp]i?b?|bytes?|kilobytes?|megabytes?|gigabytes?|"
    r"terabytes?|gigs?|megs?)\b",
    re.IGNORECASE,
)
# a port or a version is a value of its own: "port 9100", ":9464", "version 5.6"
_PORT_NUMBER = re.compile(r"\bports?\s+\d[\d,]*(?:\s+and\s+\d+)?|(?<!\d):\d{2,5}\b", re.I)
_VERSION_NUMBER = re.compile(r"\bversions?\s+\d[\w.]*", re.IGNORECASE)


def expected(query: str) -> Asked | None:
    """The kind of answer a short question asks for, and what the value measures when the
    question says so; None when any answer may do."""
    if len(query) > MAX_QUESTION:
        return None
    if _ASKS_TIME.match(query):
        return Asked(AnswerKind.TIME)
    if _ASKS_QUANTITY.match(query):
        return Asked(AnswerKind.QUANTITY, _quantity_dimension(query))
    window = _measure_window(query)
    if window is not None:
        return Asked(AnswerKind.MEASURE, _measure_dimension(window))
    return None


def _quantity_dimension(query: str) -> Dimension | None:
    """ "how many days …" asks for a duration, "how much memory …" for an amount of memory."""
    words = _QUESTION_WORD.findall(query.lower())
    at = words.index("how")
    following = words[at + 2 : at + 3]
    if words[at + 1] == "many" and following and following[0] in _TIME_UNITS_PLURAL:
        return Dimension.DURATION
    if words[at + 1] == "much" and following and following[0] in _MEMORY_NOUNS:
        return Dimension.MEMORY
    return None


def _measure_dimension(window: list[str]) -> Dimension | None:
    """What the measure words in the question's first words measure, when they say."""
    if not _DURATION_MEASURES.isdisjoint(window):
        return Dimension.DURATION
    if not _MEMORY_NOUNS.isdisjoint(window):
        return Dimension.MEMORY
    if not _PORT_MEASURES.isdisjoint(window):
        return Dimension.PORT
    return None


def _measure_window(query: str) -> list[str] | None:
    """The words that name the setting a question asks the value of: a measure word right after
    "what" or "which" (and "is the", "our" …: "what's the memory limit on …", "which python
    version …"), or among the first words of a question that starts with neither a question word
    nor a verb ("device-registry port?", "node version for the console build?"); None when the
    question asks for no setting's value."""
    words = _QUESTION_WORD.findall(query.lower())
    if not words:
        return None
    if words[0] in _OPENS_WHAT:
        start = 1
        while start < len(words) and words[start] in _BEFORE_MEASURE:
            start += 1
        end = start + MEASURE_WITHIN
    elif query.rstrip().endswith("?") and words[0] not in _OPENS_QUESTION:
        start, end = 0, TERSE  # "api timeout retries" names topics: no "?", no question
    else:
        return None
    following = [*words[1:], ""]
    window = words[start : min(end, len(words))]
    if any(
        words[i] in _MEASURE_WORDS and following[i] not in _NOT_MEASURES
        for i in range(start, min(end, len(words)))
    ):
        return window
    return None


def states(asked: Asked | None, unit: dict[str, Any]) -> bool:
    """Whether the unit can answer a question asking for ``asked``: it states a time, a quantity
    or a value in its words; for a time, an episode (it happened when it was said) or a unit whose
    validity start someone gave counts too."""
    if asked is None:
        return True
    if asked.kind is AnswerKind.TIME and (
        unit.get("kind") == "episode" or unit.get("valid_from") is not None
    ):
        return True
    return says(asked, unit)


def says(asked: Asked, unit: dict[str, Any]) -> bool:
    """Whether the unit's own words state a time ("last Saturday", "in May", "2023"), a
    quantity ("3", "twice") or a value ("8040", "v2", "nightly"), of the measure asked for when
    the question names one ("30 s" for a timeout, "512Mi" for a memory limit), as an answer to
    ``asked`` would."""
    text = " ".join(str(unit.get(key) or "") for key in ("title", "text", "details_text")).lower()
    kind, dimension = asked.kind, asked.dimension
    if kind is AnswerKind.TIME:
        return _says_time(text)
    if dimension is Dimension.DURATION:
        said = frozenset(_WORD.findall(text))
        if _states_duration(text) or _NO_END.search(text) or not _DURATION_WORDS.isdisjoint(said):
            return True
        # "how many days until …": a date to count from
        return kind is AnswerKind.QUANTITY and (
            bool(_WHEN_NUMBER.search(text)) or not _DATE_WORDS.isdisjoint(said)
        )
    if dimension is Dimension.MEMORY:
        return bool(_MEMORY.search(text)) or "unlimited" in _WORD.findall(text)
    if dimension is not Dimension.PORT:
        text = _PORT_NUMBER.sub(" ", text)  # a port is no count, limit or version
    if kind is AnswerKind.QUANTITY:
        text = _VERSION_NUMBER.sub(" ", text)
    words = set(_WORD.findall(text))
    if kind is AnswerKind.MEASURE:
        return bool(_NUMBER.search(text) or _VALUE_NAME.search(text)) or not words.isdisjoint(
            _VALUE_WORDS
        )
    return bool(_NUMBER.search(text)) or not words.isdisjoint(_QUANTITY_WORDS)


def _says_time(text: str) -> bool:
    return bool(_WHEN_NUMBER.search(text)) or not _TIME_WORDS.isdisjoint(_WORD.findall(text))


def _states_duration(text: str) -> bool:
    for m in _DURATION.finditer(text):
        amount, unit = m.group(1), m.group(2)
        if amount[0].isdigit() or (amount in _COUNT_WORDS and _LONG_UNIT.fullmatch(unit)):
            return True
    return False
