"""Whether a unit's own words state the kind of answer a question asks for
(:func:`hippograph.recall.answer_kind.expected`): a time, a quantity, a value of the measure
asked, someone, a reason, one of the options named. Recall only says no here to a unit that
cannot be the answer; whether it is about the right thing is judged by words and meaning
(:mod:`hippograph.recall.relevance`).
"""

from __future__ import annotations

import re
from typing import Any

from hippograph.recall import answer_units as units
from hippograph.recall import numbered
from hippograph.recall.answer_given import Given
from hippograph.recall.answer_kind import _PER_UNIT
from hippograph.recall.answer_options import PREFIX, names_an_option, picked_by_length
from hippograph.recall.asked import NONE, PLATFORMS, AnswerKind, Asked, Dimension
from hippograph.recall.lazy_pattern import LazyPattern as _Lazy
from hippograph.recall.someone import WORD_IN_TEXT, names_someone
from hippograph.schema.text import STOPWORDS

_SHORT_TIME_UNITS = "ms|msecs?|s|secs?|m|mins?|h|hrs?|d|wks?|mo|yrs?"

_LONG_TIME_UNITS = "milliseconds?|seconds?|minutes?|hours?|days?|weeks?|fortnights?|months?|years?"

# a rate: "600 per minute", "50 rps", "10/s", "unlimited"
_RATE = _Lazy(
    rf"{_PER_UNIT}|/\s?(?:s|sec|second|min|minute|h|hr|hour|day)\b|\b[rqt]ps\b|\d\s?[km]?hz\b|"
    r"\bunlimited\b|\bnot\s+(?:rate[-\s])?limited\b|\bno\s+(?:rate\s+)?limit\b",
    re.IGNORECASE,
)

# or the period it is the inverse of ("every 30 seconds", "a 5-minute interval": how many
# readings an hour is that period's count)
_PERIOD_UNIT = rf"(?:{_LONG_TIME_UNITS}|{_SHORT_TIME_UNITS})"
_PERIOD = _Lazy(
    rf"\bevery\s+(?P<every>\d[\d.,]*\s?|few\s+|couple\s+of\s+)?(?P<every_unit>{_PERIOD_UNIT})\b|"
    rf"\b(?:interval|period|cadence)\b[^.;]{{0,30}}?(?P<of>\d[\d.,]*)[\s-]?(?P<of_unit>{_PERIOD_UNIT})\b|"
    rf"(?P<named>\d[\d.,]*)[\s-]?(?P<named_unit>{_PERIOD_UNIT})\s+(?:interval|period|cadence)\b",
    re.IGNORECASE,
)

# a period of more than a day is no rate when the question gives no unit: "what's the rate
# limit?" is not answered by "secrets rotate every 90 days"
_DAY_SECONDS = 86_400.0

_TRIES = _Lazy(
    r"\b(?:times|retr(?:y|ies|ied|ying)|attempts?|tries|tried|once|twice|thrice)\b|\d\s?x\b", re.I
)

# no time at all: "immediately", "the moment it's rung up", "in real time"
_AT_ONCE = _Lazy(
    r"\b(?:immediately|instantly|instant|at\s+once|right\s+away|straight\s+away|the\s+moment|"
    r"(?:right|straight|directly)\s+after|"
    r"as\s+soon\s+as|in\s+real[-\s]?time|real[-\s]?time|without\s+(?:any\s+)?delay|"
    r"no\s+delay|synchronously)\b",
    re.IGNORECASE,
)

_KEPT = _Lazy(
    r"\b(?:keep|keeps|kept|retain\w*|retention|stor(?:e|es|ed|age)|hold|holds|held|purg\w*|"
    r"delet\w*|expir\w*|ttl|remember\w*|cach\w*|evict\w*|archiv\w*|rotat\w*|stay|stays|"
    r"persist\w*|lifetime|forever|indefinitely|"
    # the end of a thing's life: "pulled four years after first issue", "retired after 500 uses"
    r"retir(?:e|es|ed|ement)|withdrawn|pulled|scrapped|discarded|disposed|binned|condemned|"
    r"decommission\w*|out\s+of\s+service)\b|"
    r"\b(?:for|after|up\s+to)\s+(?:\d|an?\s|one|two|three|four|five|six|seven|eight|nine|ten|twelve|"
    r"thirty|ninety)",
    re.IGNORECASE,
)

# an end, said as one: "expires on 3 June", "runs until 2027", "renews every April"; not a past
# renewal ("renewed in March 2024")
_ENDS = _Lazy(
    r"\b(?:expir(?:e|es|y|ing|ation)|renew(?:s|al|als)?|lapses?|ends?|ending|until|till|through|"
    r"valid|due|runs?\s+(?:out|to)|term)\b|\bto\s+\d",
    re.IGNORECASE,
)

_TAKES = _Lazy(
    r"\b(?:take|takes|took|taking|last|lasts|lasted|finish\w*|complet\w*|runs?\s+for|ran\s+for|"
    r"within|under|duration|elapsed|wall[-\s]?clock|"
    # the time a run is given: "a 12-minute solve budget", "gives the solver 15 minutes"
    r"budgets?|gets|gives|given|allow\w*|allott\w*)\b|\bin\s+(?:about\s+|around\s+|roughly\s+|"
    r"less\s+than\s+|over\s+)?(?:\d|an?\s|one|two|three|four|five|six|ten|twenty|thirty)",
    re.IGNORECASE,
)

_MONTHS = (
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec"
)

_DAYS = (
    "monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays "
    "thursdays fridays saturdays sundays tue tues thu thur thurs fri weekday "
    "weekdays weekend weekends"
)

# how often, in one word ("runs nightly", "the weekly report")
_RECURRING = "hourly nightly daily weekly biweekly fortnightly monthly quarterly yearly annually"

_PERIODS = (
    f"{_RECURRING} minute minutes hour hours day days week weeks month months quarter quarters "
    "year years decade decades"
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

# the unit values are kept in, which turns a measure the question gives ("parcels over 2kg",
# "a 30 s timeout") into the value to use: "records weights as whole numbers of grams", "the
# config takes milliseconds"
_GIVES_UNIT = frozenset({Given.AMOUNT, Given.SPAN})
_KEPT_IN_UNIT = _Lazy(
    r"\b(?:in|as|of|takes?)\s+(?:[a-z-]+\s+){0,4}?(?:grams|kilograms|milligrams|pounds|ounces|"
    r"tonnes|metres|meters|millimetres|millimeters|centimetres|centimeters|kilometres|kilometers|"
    r"miles|feet|inches|litres|liters|millilitres|milliliters|celsius|fahrenheit|kelvin|bytes|"
    r"kilobytes|megabytes|milliseconds|microseconds|seconds|minutes)\b"
)

# a count that is now none: "so there is no annual reissue any more" for "how many passes do we
# redo in august?", "no longer needs a second signature"
_NONE_NOW = _Lazy(r"\bno\s+(?:[a-z-]+\s+){0,3}?(?:any\s*more|any\s+longer)\b|\bno\s+longer\b")

_WORD = re.compile(r"[a-z]+")

# a number on its own, with its unit if any ("3", "1.5", "30%", "200ms", "5m"); not a piece of a
# name ("v1", "s3", "eu-central-1", "ubuntu-22.04")
_NUMBER = _Lazy(r"(?<![\w.-])\d+(?:[.,]\d+)*(?:%|[a-z]{1,3})?(?![\w-])")

# a value written as a name with digits: "v2", "Standard_D8s_v5", "m5.large", "eu-west-1"; not a
# bare name like "k8s", "s3" or "ec2"
_VALUE_NAME = _Lazy(r"\bv\d+\b|\b\w*\d\w*[_.-]\w+|\b\w+[_.-]\w*\d\w*")

# a number that says when: a year, a date, a clock time, an ordinal day, a quarter
_WHEN_NUMBER = _Lazy(
    r"\b(?:1[89]|20)\d{2}\b|\b\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}\b|\b\d{1,2}:\d{2}\b|"
    r"\b\d{1,2}(?:st|nd|rd|th)\b|\bq[1-4]\b",
    re.IGNORECASE,
)

_VERSION_MARK = _Lazy(r"(?<![a-z])v\d+")  # "v2", "Standard_D8s_v5"

_COUNT_WORDS = frozenset(_COUNTS.split()) | {"a", "an"}

_LONG_UNIT = _Lazy(_LONG_TIME_UNITS)

# "30 s", "200ms", "5m", "two weeks", "twenty-seven years", "90-day": an amount and a unit of
# time; a word before the unit must be a count ("two", "an") and the unit written out
_DURATION = _Lazy(
    rf"(?<![\w.-])(\d+(?:[.,]\d+)?|[a-z]+(?:-[a-z]+)?)\s*-?\s*"
    # "5 working days", "10 business days", "3 clear days"
    r"(?:(?:working|business|calendar|school|clear|full|whole)\s+)?"
    rf"({_LONG_TIME_UNITS}|{_SHORT_TIME_UNITS})\b",
    re.IGNORECASE,
)

# a duration in one word: "nightly", "weekly"; or none at all: "unlimited", "forever"
_DURATION_WORDS = frozenset(f"{_RECURRING} forever indefinitely unlimited none disabled".split())

# no end at all: "never expire", "no timeout"; not any "never" ("never put them in git")
_NO_END = _Lazy(
    r"\bnever\s+(?:expires?|expiring|times?\s+out)\b|\bno\s+(?:expiry|expiration|timeout|ttl)\b|"
    r"\b(?:doesn't|don't|does\s+not|do\s+not)\s+expire\b",
    re.IGNORECASE,
)

# a date or a day to count days from: "on 1 March", "since 2019", "on Tuesday"; not "before"
_DATE_WORDS = frozenset(f"{_MONTHS} {_DAYS}".split())


# an amount of money with its currency sign: "£18", "$2,000", "€4.50"
_PRICE = _Lazy(r"[$€£¥]\s?\d[\d,.]*(?:\s?(?:k|m|bn)\b)?", re.IGNORECASE)

# a port or a version is a value of its own: "port 9100", ":9464", "version 5.6"
_PORT_NUMBER = _Lazy(r"\bports?\s+\d[\d,]*(?:\s+and\s+\d+)?|(?<!\d):\d{2,5}\b", re.I)

_VERSION_NUMBER = _Lazy(r"\bversions?\s+\d[\w.]*", re.IGNORECASE)

# "how long are the blades?" asks for a length as well: "60 meters", "2 km", "80 characters"
_LENGTH = _Lazy(
    rf"(?<![\w.-])(?:\d+(?:[.,]\d+)?|(?:(?:{'|'.join(_COUNTS.split())})-?)+)\s*-?\s*(?:mm|cm|km|m|"
    r"meters?|metres?|"
    r"kilometers?|kilometres?|miles?|feet|foot|ft|inch(?:es)?|yards?|characters?|chars|lines|"
    r"pages|words)\b(?!\s*(?:ago|later))",
    re.IGNORECASE,
)

# a question of how long in time, not in length: "how long can a parse job run?"
_ELAPSES = frozenset(
    "run runs running take takes taking last lasts wait waits stay stays got hang survive "
    "live lives alive down offline valid".split()
    # or counted in units of time: "how many days until the lead turns up?" (not "6mm came")
    + "seconds minutes hours days weeks months years".split()
)

# "until the audit closes", "for as long as the account exists": how long, without an amount
# "until", and "till" unless it is a cash register ("two till tablets", "the till")
_UNTIL_ASKED = frozenset("until till til before left remain remaining".split())
_UNTIL = _Lazy(
    r"\b(?:until|as\s+long\s+as|for\s+the\s+life(?:time)?\s+of)\b|"
    r"(?<!the\s)(?<!\ba\s)(?<!each\s)(?<!per\s)\btill\b(?!\s+(?:tablets?|rolls?|drawers?|"
    r"points?|systems?|receipts?|screens?|staff|operators?|app|software|hardware|floats?|counts?|"
    r"terminals?|printers?))"
)

# a time of day: "10:30", "3am", "9 pm", "noon", "midnight"
_CLOCK = _Lazy(r"\b\d{1,2}(?::\d{2})?\s*[ap]\.?m\b|\b\d{1,2}:\d{2}\b|\bnoon\b|\bmidnight\b")

# a time zone: "UTC", "CET", "Europe/London", "UTC+2", "GMT-5", "local time"
_ZONE = _Lazy(
    r"(?-i:\b(?:UTC|GMT|CES?T|EES?T|WES?T|BST|IST|JST|KST|[ECMP][SD]?T|AK[SD]T|HST|AE[SD]T|ACST|"
    r"AWST|NZ[SD]T|SGT|HKT|WAT|EAT|CAT|SAST|MSK)(?:\s*[+-]\s*\d{1,2}(?::?\d{2})?)?\b)|"
    r"\b(?:Africa|America|Antarctica|Asia|Atlantic|Australia|Europe|Indian|Pacific)/[A-Z][A-Za-z_]+|"
    r"\b(?:time\s*zones?|local\s+time|timezone)\b",
    re.IGNORECASE,
)

_CLOCK_OR_DATE = _Lazy(r"\b\d{1,2}:\d{2}(?::\d{2})?\b|\b\d{4}-\d{2}-\d{2}\b")
# a day of a month: "from 1 October", "on March 3rd", "the 14th" ("5 may …" may be a count)
_MONTH = "(?:" + "|".join(m for m in _MONTHS.split() if m != "may") + ")"
_DAY_OF_MONTH = _Lazy(
    rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}\b|\b{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?\b|"
    r"\b\d{1,2}(?:st|nd|rd|th)\b",
    re.IGNORECASE,
)

# a year: "installed before 1970", "in March 2025", "since 2019"; not "2000 users"
_YEAR = _Lazy(
    r"\b(?:(?:in|before|after|since|until|till|by|from|during|circa|around)\s+(?:early\s+|late\s+|"
    r"mid-?)?|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\s+)(?:19|20)\d{2}s?"
    r"(?![\w-])(?!\s+[a-z]+s\b)",
    re.IGNORECASE,
)


def states(asked: Asked | None, unit: dict[str, Any]) -> bool:
    """Whether the unit can answer a question asking for ``asked``: it states a time, a quantity
    or a value in its words; for a time, an episode (it happened when it was said) or a unit whose
    validity start someone gave counts too."""
    if asked is None:
        return True
    if (
        asked.kind is AnswerKind.TIME
        # when it was said is no time of day, nor when someone is back
        and asked.dimension not in (Dimension.CLOCK, Dimension.RETURN)
        and (unit.get("kind") == "episode" or unit.get("valid_from") is not None)
    ):
        return True
    if asked.kind is AnswerKind.REASON and unit.get("kind") in ("episode", "decision", "failure"):
        return True  # a turn may answer the one before; a decision or failure carries its why
    return says(asked, unit)


# the measures a thing may have no bound of: an amount (how many, how fast, how big) or a time
# (how long)
_AMOUNTS = frozenset([AnswerKind.QUANTITY, AnswerKind.MEASURE])
_NO_LIMIT_OF = frozenset([None, Dimension.COUNT, Dimension.RATE, Dimension.SIZE, Dimension.MEMORY])
_NO_END_OF = frozenset([Dimension.SPAN, Dimension.DURATION, Dimension.KEPT])


def _unbounded(dimension: Dimension | None, text: str) -> bool:
    """The text says the measure asked has no bound: "no limit on seats" for how many, "kept
    indefinitely" for how long."""
    if dimension in _NO_LIMIT_OF and units.NO_LIMIT.re.search(text):
        return True
    return dimension in _NO_END_OF and bool(units.NO_END.re.search(text))


def says(asked: Asked, unit: dict[str, Any]) -> bool:
    """Whether the unit's own words state a time ("last Saturday", "in May", "2023"), a
    quantity ("3", "twice") or a value ("8040", "v2", "nightly"), of the measure asked for when
    the question names one ("30 s" for a timeout, "512Mi" for a memory limit), as an answer to
    ``asked`` would."""
    said = " ".join(str(unit.get(key) or "") for key in ("title", "text", "details_text"))
    if asked.kind is AnswerKind.PERSON:
        if Given.WHEN in asked.given and not _holds_role_then(asked, said):
            return False
        if asked.hands_on and units.OVERSEES.re.search(said):
            return False  # "who's doing the washout?": not "Tobias signs off washout records"
        return names_someone(said, asked.names)
    if asked.kind is AnswerKind.CHOICE:
        # "ti or tir?": "three-letter codes" picks one by its length
        return (
            names_an_option(asked.options, said)
            or picked_by_length(asked.options, said)
            or (
                all(any(c.isdigit() for c in o) for o in asked.options)
                and bool(_NUMBER.re.search(said) or _ROUNDS.re.search(said))
            )
        )  # "6:41 or 6:42?": "times are rounded to the nearest second" works it out
    if asked.kind is AnswerKind.REASON:
        if asked.words >= _CHOICE_MADE:  # "why did we swap sidekiq for goodjob?"
            return _says_cause(said)
        return bool(_REASON.re.search(_TIME_AFTER.re.sub(" ", said)))
    if asked.kind is AnswerKind.PRESENCE:  # of the one asked about: not "approvers away …"
        return bool(units.PRESENCE.re.search(said)) and (
            asked.of is None or asked.of in _WORD.findall(said.lower())
        )
    # the number of a thing the question names is no amount: "Screen 1 is the largest" says
    # nothing of how many seats screen 1 holds
    text = numbered.without_names_asked(asked.words, said.lower())
    if asked.optional and not asked.names.isdisjoint(_WORD.findall(text)):
        return True  # "is there a size limit …?": "no size limit", "the limit is …"
    if asked.kind in _AMOUNTS and _unbounded(asked.dimension, text):
        return True  # "there is no limit on seats", "waivers are never deleted"
    if asked.dimension is Dimension.DISTANCE:
        return bool(_LENGTH.re.search(text)) or "range" in _WORD.findall(text)
    if asked.dimension is Dimension.SHARE:
        return bool(units.SHARE.re.search(text))
    if asked.dimension is Dimension.MONEY:
        return bool(
            units.MONEY.re.search(text) or units.BY_NAME.re.search(text)
        ) or _works_out_money(asked, text)
    if asked.dimension is Dimension.RATE:
        return bool(_RATE.re.search(text)) or _states_period(text, asked.per)
    kind, dimension = asked.kind, asked.dimension
    if asked.ahead and _PAST.re.search(text) and not _COMING.re.search(text):
        return False  # "the last upgrade was in November" for "when's the next one?"
    if asked.ahead and "next" not in asked.words:  # a one-off to come: "when is carrick turning
        text = _HOW_OFTEN.re.sub(" ", text)  # off the v1 api?" is not "polled every 5 minutes"
    if dimension is Dimension.CLOCK and _the_other_end(asked.words, text):
        return False  # "what time does ollerton vale open?": "pennock green closes at 13:00"
    if dimension is Dimension.CLOCK:  # or how long after the time the question gives
        return bool(_CLOCK.re.search(text)) or (
            Given.CLOCK in asked.given and _states_duration(text)
        )
    if dimension is Dimension.ZONE:
        return bool(_ZONE.re.search(said))
    if dimension is Dimension.ADDRESS:
        return bool(units.ADDRESS.re.search(said))
    if dimension is Dimension.PHONE:
        return bool(units.PHONE.re.search(said))
    if dimension is Dimension.TEMPERATURE:
        return bool(units.TEMPERATURE.re.search(text))
    if dimension is Dimension.WEIGHT:
        return bool(units.WEIGHT.re.search(text))
    if dimension is Dimension.OFTEN:  # a habit or a schedule, not a count of things
        return bool(_OFTEN.re.search(text) or _HOW_OFTEN.re.search(text) or _CLOCK.re.search(text))
    known = asked.words
    if dimension is Dimension.DATE:  # or how long after the day the question gives
        return _says_date(text, known) or (Given.DAY in asked.given and _states_duration(text))
    if dimension is Dimension.LAST and _dates_another_event(asked.event, text):
        return False  # "when was it last serviced?": "the printer was installed in March 2022"
    if dimension is Dimension.LAST:  # a day, not a habit nor a time of day
        return _says_date(_CLOCK.re.sub(" ", _HOW_OFTEN.re.sub(" ", text)), known, habits=False)
    if dimension is Dimension.RETURN:
        return _says_time(text, known) and bool(_RETURNS.re.search(text))
    if dimension is Dimension.ENDS:  # an end, said as one: a day or a span to it
        return bool(_ENDS.re.search(text)) and (_says_date(text, known) or _states_duration(text))
    if kind is AnswerKind.TIME:
        return _says_time(text, known)
    if dimension is Dimension.SIZE:  # "kept for 14 days" is no size
        text = _WHEN_NUMBER.re.sub(" ", _DURATION.re.sub(" ", text))
        dimension = Dimension.COUNT
    if dimension in (Dimension.TAKES, Dimension.SPAN, Dimension.DURATION) and _AT_ONCE.re.search(
        text
    ):
        return True  # no time at all: "each sale is sent the moment it's rung up"
    if (
        dimension in (Dimension.TAKES, Dimension.SPAN, Dimension.DURATION)
        and (Given.COUNT in asked.given or Given.SHARE in asked.given)
        and _RATE.re.search(text)
    ):
        # "6000 reminders to send, how long will it take?": "10 messages per second"; "from full
        # output to half, how many minutes will it take?": "5% of capacity per minute"
        return True
    took = dimension is Dimension.TAKES
    if dimension in (Dimension.KEPT, Dimension.TAKES):  # a span, said of keeping or running
        said_so = _KEPT if dimension is Dimension.KEPT else _TAKES
        if not said_so.re.search(text):
            return False
        if dimension is Dimension.KEPT:  # "archived every night at 01:00" keeps nothing so long
            text = _CLOCK.re.sub(" ", text)
        dimension = Dimension.SPAN
    counts = _COUNT_WORDS - {"a", "an"}
    if dimension is Dimension.TRIES:  # a count, said of tries
        if not _TRIES.re.search(text):
            return False
        # "the backoff between retries is capped at 5 minutes" counts no tries ("20-minute
        # slots" may count the things that fit in a morning, but a try is no amount of time)
        text = _DURATION.re.sub(_without_amount_of_time, text)
        dimension = Dimension.COUNT
    elif dimension is Dimension.COUNT:  # "twice" counts times, not things
        counts -= _TIMES_WORDS
    elif dimension is Dimension.TIMES:
        dimension = Dimension.COUNT
    # "every 5 minutes" and "nightly" say how often, which is how long a change can go unseen
    if dimension is Dimension.SPAN and _UNSEEN.isdisjoint(asked.words):
        text = _HOW_OFTEN.re.sub(" ", _NAME_OF_PARTS.re.sub(" ", text))
    if (
        dimension in (Dimension.DURATION, Dimension.SPAN)
        and Given.SHARE in asked.given
        and _RATE.re.search(text)
    ):
        return True  # "from full output to half, how many minutes?": "5% of capacity per minute"
    if "age" in asked.names:
        if units.AGE.re.search(text):
            return True  # a person's age: "children aged 8 and over"
        if not units.PEOPLE.isdisjoint(asked.words):
            return False  # not "£30 a year"; a cache's max age stays a duration (below)
    if dimension in (Dimension.DURATION, Dimension.SPAN):
        stated = frozenset(_WORD.findall(text))
        if (
            _states_duration(text)
            # how long is a blade; not how long a job can run ("the first 20 pages")
            or (
                kind is AnswerKind.QUANTITY
                and _ELAPSES.isdisjoint(asked.words)
                and _LENGTH.re.search(text)
            )
            or _NO_END.re.search(text)
            or not _DURATION_WORDS.isdisjoint(stated)
        ):
            return True
        # "how many days until …": a date to count from; "how long …": "until the audit"; not
        # for how long a run takes ("the last restore test was run in March")
        return kind is AnswerKind.QUANTITY and (
            bool(_WHEN_NUMBER.re.search(text))
            # "how many minutes is the safety video?" is not "entry is refused until …"
            or (
                (dimension is Dimension.SPAN or not _UNTIL_ASKED.isdisjoint(asked.words))
                and bool(_UNTIL.re.search(text))
            )
            or (not took and not _DATE_WORDS.isdisjoint(stated))
        )
    if dimension is Dimension.MEMORY:
        if asked.names.isdisjoint(units.STORAGE):  # memory asked: "an 80 GB disk" is no memory
            text = units.OF_STORAGE.re.sub(" ", text)
        return bool(units.MEMORY.re.search(text)) or "unlimited" in _WORD.findall(text)
    if dimension is not Dimension.PORT:
        text = _PORT_NUMBER.re.sub(" ", text)  # a port is no count, limit or version
    if kind is AnswerKind.QUANTITY:
        text = _VERSION_NUMBER.re.sub(" ", text)
    if dimension is Dimension.COUNT:
        text = _CLOCK_OR_DATE.re.sub(" ", text)  # "at 01:15 UTC" is no count of anything
        text = _DAY_OF_MONTH.re.sub(" ", text)  # nor "opens from 1 October"
        text = _YEAR.re.sub(" ", text)  # nor "installed before 1970"
        text = _PRICE.re.sub(" ", text)  # nor "£18 per crew"
        if Given.SPAN not in asked.given:  # nor "10 days before racing"; but "slots are 20
            text = _DURATION.re.sub(_without_amount_of_time, text)  # minutes" fill 4 hours
    words = set(_WORD.findall(text))
    if dimension is Dimension.VERSION:  # "x86_64-unknown-linux-musl" names no version
        if asked.of in PLATFORMS and asked.of not in text:
            return False  # "the lowest android version": not "React Native 0.74"
        text = _COUNTED.re.sub(_without_count, text)  # nor "has 3 brokers"
        text = units.MEMORY.re.sub(" ", _DURATION.re.sub(" ", text))  # nor "60 seconds" nor "2 GB"
        return bool(_NUMBER.re.search(text) or _VERSION_MARK.re.search(text))
    if kind is AnswerKind.MEASURE:
        return (
            bool(_NUMBER.re.search(text) or _VALUE_NAME.re.search(text))
            or bool(units.BY_NAME.re.search(text))  # "VAT at the standard rate"
            or not words.isdisjoint(_VALUE_WORDS)
            # "over 2kg — what threshold value do i compare against?": "weights are whole grams"
            or (not asked.given.isdisjoint(_GIVES_UNIT) and bool(_KEPT_IN_UNIT.re.search(text)))
        )
    if dimension is Dimension.COUNT:  # "nightly" is how often, not how many
        return (
            bool(_NUMBER.re.search(text))
            or bool(_NONE_NOW.re.search(text))
            or not words.isdisjoint(counts)
            # "every two weeks" is how many times a year, though "two weeks" counts nothing
            or (asked.per is not None and _names_a_shorter_period(said.lower(), asked.per))
            # "15-minute appointments" fill the hours given ("9 till 12")
            or (Given.SPAN in asked.given and _states_duration(text))
        )
    if dimension is None and (_works_out_money(asked, text) or _ALL_OF_IT.re.search(text)):
        return True  # "how much does it take off their card?": "charges the full fare"
    return bool(_NUMBER.re.search(text)) or not words.isdisjoint(_QUANTITY_WORDS)


# an amount by what it is a whole of: "the full fare", "paid in full"
_ALL_OF_IT = _Lazy(units.ALL_OF_IT, re.IGNORECASE)


def _holds_role_then(asked: Asked, said: str) -> bool:
    """For "who's on call this weekend?": a unit that says a time ("Priya is on call this
    week"), or that names the role asked ("Tomasz took over primary on-call"), which holds until
    it changes; not one about someone doing something else ("Jonas migrated Paddock")."""
    text = said.lower()
    role = {name for name in asked.names if len(name) > 2 and name not in STOPWORDS}
    return (
        _says_time(text)
        or bool(_HOLDS_NOW.re.search(text))
        or not role.isdisjoint(WORD_IN_TEXT.re.findall(text))
    )


# someone who holds a role until it changes: "moved to Joana, who now takes the pager"
_HOLDS_NOW = _Lazy(
    r"\b(?:now|currently|took\s+over|takes\s+over|moved\s+to|handed\s+(?:over\s+)?to)\b"
)


# a number of things after a little word: "has 3 brokers", "across 12 nodes" (not "python 3
# services", where the number follows a name)
_COUNTED = _Lazy(r"\b([a-z']+)\s+\d+\s+(?=[a-z]{3,}s\b)")


def _without_count(m: re.Match[str]) -> str:
    return f"{m.group(1)} " if m.group(1) in STOPWORDS else m[0]


# a point in time, relative or said by its name: "next week", "in two weeks", "3 days ago",
# "tomorrow", "already"; not an amount of time alone ("seasons last 8 weeks", "one-hour slots")
_DAY_NAMES = "|".join(f"{_DAYS} {_MONTHS}".split())

# a reason given: "because", "so that", "to avoid …", "due to", "after the outage", "otherwise";
# "since" as "because", not as "since June 2025" or "since v3"
# "retired 5 years after it is put into service": when, not why ("after the outage" may be why)
_TIME_AFTER = _Lazy(
    r"\b(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve|thirty|sixty|ninety)\s+"
    r"(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\s+after\b",
    re.IGNORECASE,
)
_REASON = _Lazy(
    rf"\b(?:because|caused?|causes|causing|since(?!\s+(?:\d|v\d|q[1-4]\b|last|early|late|mid|then|"
    rf"yesterday|today|(?:{_DAY_NAMES})\b|the\s+(?:start|end|beginning|last|first)))|"
    r"so\s+(?:that|we|it|they|the|our)|in\s+order\s+to|due\s+to|"
    r"thanks\s+to|to\s+(?:avoid|keep|prevent|stop|save|reduce|limit|allow|let|make\s+sure|ensure|"
    r"protect|stay|match|meet|comply)|reasons?|rationale|otherwise|after\s+(?:the|a|an|we|our|it)|"
    # "as" giving a cause, a clause after it ("as the old box was full"), not a role ("uses
    # Redis as the broker")
    r"as\s+(?:it|they|we)|as\s+(?:the|our)\s+(?:[\w'-]+\s+){0,3}(?:is|are|was|were|had|has|"
    r"have|kept|keeps|could|couldn't|would|wouldn't|did|didn't|does|doesn't|can't|cannot|won't)|"
    r"requires?|required|needs?|needed)\b",
    re.IGNORECASE,
)

# what a thing needs, or what comes after a thing: why it is so ("needs the staff-admin role",
# "after the 10-minute window"), not why a choice was made
_NEEDS = _Lazy(r"requires?|required|needs?|needed|after\s+the", re.IGNORECASE)
_CHOICE_MADE = frozenset({"why", "did", "we"})
_REQUIRED_BY = _Lazy(r"\b(?:required|requested|mandated|demanded)\s+by\b", re.IGNORECASE)

_RELATIVE_TIME = _Lazy(
    rf"\b(?:next|last|this|coming|every|each|past|following)\s+(?:[a-z]+\s+)?(?:{_LONG_TIME_UNITS}|"
    rf"{_DAY_NAMES}|quarter|sprint|release)\b|"
    rf"\b(?:in|within|after)\s+(?:a|an|\d+|{'|'.join(_COUNTS.split())})(?:\s+[a-z]+)?\s+"
    rf"(?:{_LONG_TIME_UNITS}|sprints?)\b|\b(?:{_LONG_TIME_UNITS})\s+(?:ago|from\s+now|later)\b",
    re.IGNORECASE,
)
# a moment in one word; not one the question says itself ("when is the live map going live?"
# is not answered by "the live map uses the GPS pings")
_NOW_WORDS = frozenset(
    "today tonight tomorrow yesterday now already soon asap immediately live".split()
)
# someone back: "back on 3 July", "returns in May", "out until Friday", "leave ends on …"
_RETURNS = _Lazy(r"\b(?:back|return\w*|until|till|through|thru|ends?|ending|rejoin\w*)\b")


_RECURRING_WORDS = frozenset(_RECURRING.split())


def _says_cause(text: str) -> bool:
    """A cause of a choice: not what a thing needs nor what comes after a thing ("the dashboard
    needs the staff-admin role", "after the 10-minute window a void needs a PIN"); a demand of
    someone's is one ("required by the insurer")."""
    return bool(_REQUIRED_BY.re.search(text)) or any(
        not _NEEDS.re.fullmatch(m[0]) for m in _REASON.re.finditer(text)
    )


def _says_date(text: str, known: frozenset[str] = NONE, *, habits: bool = True) -> bool:
    """A day or a moment ("on 2 June", "2025-03-10", "on Monday", "next week", "in two sprints",
    and with ``habits`` "daily"), not an amount of time alone, nor a word of the question
    (``known``)."""
    if _WHEN_NUMBER.re.search(text) or _RELATIVE_TIME.re.search(text):
        return True
    said = set(_WORD.findall(text)) - known  # "on Tuesdays", "in May", a habit: "daily"
    return not (_DATE_WORDS | _NOW_WORDS).isdisjoint(said) or (
        habits and not _RECURRING_WORDS.isdisjoint(said)
    )


def _says_time(text: str, known: frozenset[str] = NONE) -> bool:
    if _WHEN_NUMBER.re.search(text):
        return True
    said = set(_WORD.findall(_RECURRING_THING.re.sub(_kind_of_thing, text))) - known
    return not _TIME_WORDS.isdisjoint(said)


# how long something can go unseen is how often it is looked at ("polls every 60 seconds")
_UNSEEN = frozenset("unnoticed undetected unseen stale missed lag behind".split())

# a rule that picks between values: "rounded to the nearest second", "truncated", "capped at"
_ROUNDS = _Lazy(
    r"\b(?:round\w*|truncat\w*|nearest|ceil\w*|floor\w*|capped|chops?)\b", re.IGNORECASE
)


# a charge by the thing or a share of an amount: "charged per crew", "20% of base salary"
_PER_THING = _Lazy(r"\b(?:per|each|a)\s+(?!(?:second|minute|hour|day|week|month|year)s?\b)[a-z]+")


def _works_out_money(asked: Asked, text: str) -> bool:
    """Whether the unit states how an amount is worked out from the money the question gives:
    "£20 a crew, how much should the invoice come to?" by "entry is charged per crew", "perm
    hire at £45k, what fee?" by "the fee is 20% of first-year base salary"."""
    return Given.MONEY in asked.given and bool(
        units.SHARE.re.search(text) or _PER_THING.re.search(text)
    )


# "runs nightly", "is weekly", "daily at 04:30" say when; "daily minimum", "the weekly report"
# name a kind of thing (the word before a noun), which says nothing of when anything happens
_RECURRING_THING = _Lazy(rf"\b(?:{'|'.join(_RECURRING.split())})\s+([a-z]+)")


def _kind_of_thing(m: re.Match[str]) -> str:
    """The match without its period word when the next word is a noun it describes (neither a
    stopword nor a word of time); as it was otherwise."""
    following = m.group(1)
    return following if following not in STOPWORDS and following not in _TIME_WORDS else m[0]


# How often, which says nothing of how long: "every 5 minutes", "per hour", "nightly" (not the
# word inside a name: "analytics.plays_monthly", "weekly.csv"; at the end of a sentence it is one)
_HOW_OFTEN = _Lazy(
    r"\b(?:every|each|per)\s+(?:other\s+)?(?:\d+(?:[.,]\d+)?\s*|[a-z]+\s+)?"
    rf"(?:{_LONG_TIME_UNITS}|{_SHORT_TIME_UNITS}|quarters?|terms?|semesters?|seasons?)\b"
    rf"|(?<![\w.-])(?:{'|'.join(_RECURRING.split())})(?![\w-]|\.\w)",  # "weekly." ends a sentence
    re.IGNORECASE,
)


# the two ends of opening hours: a time a place closes says nothing of when it opens
_OPENS = frozenset("open opens opening".split())
_CLOSES = frozenset("close closes closing closed shut shuts".split())
_SPANS_TO = frozenset("until till til to through".split())


def _the_other_end(asked: frozenset[str], text: str) -> bool:
    """For "what time does X open?" (or close): the unit names only the other end of the day
    ("closes at 13:00"), and no span that ends at the one asked ("open until 23:00")."""
    said = frozenset(_WORD.findall(text))
    if not said.isdisjoint(_SPANS_TO):
        return False
    for end, other in ((_OPENS, _CLOSES), (_CLOSES, _OPENS)):
        if not end.isdisjoint(asked) and other.isdisjoint(asked):
            return end.isdisjoint(said) and not other.isdisjoint(said)
    return False


# a day said of a happening: "installed in March 2022", "migrated on 3 June"
_DATED_EVENT = _Lazy(
    rf"\b[a-z]{{3,}}ed\s+(?:on|in|at|during|back\s+in)\s+(?:the\s+)?(?:\d|(?:{_DAY_NAMES})\b)"
)


def _dates_another_event(event: frozenset[str], text: str) -> bool:
    """The unit dates a happening and names none of the question's words for the one asked of
    ("installed in March 2022" for "when was it last serviced?")."""
    if not event or not _DATED_EVENT.re.search(text):
        return False
    said = {w[:PREFIX] for w in _WORD.findall(text)}
    return all(w[:PREFIX] not in said for w in event if w not in STOPWORDS)


# how often, said any way besides ``_HOW_OFTEN`` ("every 6 hours", "nightly"): "twice a week",
# "on Tuesdays", "once an hour", "every merge", "whenever a lot is closed", "the flush interval",
# "continuously", "on a cron"; not "every service" (a thing, not a time: "the primary key in every
# service")
_OFTEN = _Lazy(
    r"\b(?:(?:every|each)\s+(?:other\s+|single\s+)?(?:night|morning|afternoon|evening|weekday|"
    r"weekend|(?:mon|tues|wednes|thurs|fri|satur|sun)day|time|merge|push|deploy\w*|release|commit|"
    r"build|run|change|restart|boot|start|login|sync|upload)|whenever|interval|"
    r"intervals|cron|crontab|continuous\w*|real[-\s]?time|"
    r"immediately|instantly|as\s+soon\s+as|on\s+demand|once|twice|thrice|schedul\w*|"
    # "three times a week", not "retried up to 5 times"
    r"times\s+(?:a|an|per|each|every)|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)days)\b",
    re.IGNORECASE,
)

# a unit that tells of the past: "did the last upgrade in November", "went live on 2025-02-10",
# "was signed off on 14 October", "has been running since March"
_PAST = _Lazy(
    r"\b(?:did|was|were|went|had|has\s+been|have\s+been|since|ago|last|[a-z]{3,}ed)\b",
    re.IGNORECASE,
)
# ... or of what is to come or recurs: "will", "next", "planned for", "every Tuesday", "monthly"
_COMING = _Lazy(
    rf"\b(?:will|shall|next|upcoming|planned|scheduled|booked|due|expected|target\w*|aim\w*|"
    rf"going\s+to|on\s+track|from\s+now|tomorrow|soon|later|until|till|continuous\w*|"
    rf"(?:mon|tues|wednes|thurs|fri|satur|sun)days|(?:once|twice)\s+(?:a|an|per|every)|"
    rf"{'|'.join(_RECURRING.split())})\b|\b(?:every|each)\s",
    re.IGNORECASE,
)

# a name joined by "." or "_" ("analytics.plays_monthly"): its words say nothing of time
_NAME_OF_PARTS = _Lazy(r"\b[a-z]\w*[._][\w.]*[a-z]\w*", re.IGNORECASE)


def _states_duration(text: str) -> bool:
    return any(_is_amount_of_time(m) for m in _DURATION.re.finditer(text))


def _is_amount_of_time(m: re.Match[str]) -> bool:
    """A match of ``_DURATION`` that is an amount of time ("30 s", "two weeks"), not a word
    that ends like a unit ("replicas")."""
    amount, unit = m.group(1), m.group(2)
    counted = all(word in _COUNT_WORDS for word in amount.lower().split("-"))  # twenty-seven
    return amount[0].isdigit() or (counted and bool(_LONG_UNIT.re.fullmatch(unit)))


def _without_amount_of_time(m: re.Match[str]) -> str:
    return " " if _is_amount_of_time(m) else m[0]


# counts of times, not of things
_TIMES_WORDS = frozenset("once twice thrice".split())


def _states_period(text: str, per: str | None) -> bool:
    """A period no longer than the unit the rate is asked per ("every 30 seconds" for "how many
    readings an hour?"), or under a day when the question names none."""
    longest = _seconds(per) if per else _DAY_SECONDS
    for m in _PERIOD.re.finditer(text):
        amount = m["every"] or m["of"] or m["named"] or ""
        unit = m["every_unit"] or m["of_unit"] or m["named_unit"]
        seconds = _amount(amount) * _seconds(unit)
        if (seconds <= longest) if per else (seconds < longest):
            return True
    return False


# a period named as what things recur by, with no amount: "periods are now quarters", "billed
# monthly"; not "kept for 14 days"
_PERIOD_NAMED = _Lazy(
    r"\b(?P<unit>(?:hour|day|week|month|quarter|year)s|hourly|daily|weekly|"
    r"fortnightly|monthly|quarterly|yearly|annually)\b|"
    r"\b(?:each|every|per)\s+(?P<one>hour|day|week|fortnight|month|quarter)\b"  # "each month"
)


def _names_a_shorter_period(text: str, within: str) -> bool:
    """Whether the text names a period shorter than ``within`` without an amount ("quarters"
    answers how many periods there are in a year)."""
    longest = _seconds(within)
    return any(
        _seconds(m["unit"] or m["one"]) < longest
        for m in _PERIOD_NAMED.re.finditer(text)
        if m["one"] or not re.search(r"\d[\s-]*$", text[: m.start("unit")])
    )


def _amount(said: str) -> float:
    """ "30" as 30, "1,000" as 1000, "few" as 3, "couple of" as 2, nothing as 1."""
    said = said.strip().lower()
    if not said:
        return 1.0
    if said[0].isdigit():
        try:
            return float(said.replace(",", ""))
        except ValueError:
            return 1.0
    return 2.0 if said.startswith("couple") else 3.0


def _seconds(unit: str) -> float:
    """The length in seconds of a unit of time as written: "ms", "s", "min", "hours", "wk" …"""
    unit = unit.lower()
    if unit.startswith(("ms", "milli", "msec")):
        return 0.001
    if unit.startswith("mo"):
        return 30 * _DAY_SECONDS
    if unit.startswith("annual"):
        return 365 * _DAY_SECONDS
    lengths = {"s": 1.0, "m": 60.0, "h": 3600.0, "d": _DAY_SECONDS, "w": 7 * _DAY_SECONDS}
    lengths |= {"f": 14 * _DAY_SECONDS, "q": 91 * _DAY_SECONDS, "y": 365 * _DAY_SECONDS}
    return lengths.get(unit[0], 1.0)
