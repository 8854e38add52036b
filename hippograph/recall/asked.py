"""What a question asks for: the kind of answer, what its value measures, and what the question
itself gives. :mod:`hippograph.recall.answer_kind` reads a question into an :class:`Asked`;
:mod:`hippograph.recall.answer_said` says whether a unit states it."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from hippograph.recall.answer_given import Given


class AnswerKind(StrEnum):
    """What a question asks for."""

    TIME = "time"
    QUANTITY = "quantity"
    MEASURE = "measure"  # a setting's value: a port, a version, a limit, a rate
    PERSON = "person"  # who owns, approves, maintains or is on call for something
    CHOICE = "choice"  # one of the options the question names: "playwright or cypress?"
    REASON = "reason"  # "why is grib-loader pinned to one replica?": because, so that, to avoid …
    PRESENCE = "presence"  # whether someone is around: "is Hana out next week?": leave, away …


class Dimension(StrEnum):
    """What the value asked for measures, when the question says so."""

    DURATION = "duration"  # a latency, a timeout, a ttl, an interval, "how many days"
    SPAN = "span"  # "how long …": an amount of time, not how often ("every 5 minutes", "nightly")
    CLOCK = "clock"  # "what time …": a time of day
    ZONE = "zone"  # "which time zone …": UTC, CET, Europe/London, UTC+2
    COUNT = "count"  # "how many replicas …": a number of things, not a date or a clock time
    TIMES = "times"  # "how many times did Mel go camping?": events, which "twice" counts too
    MEMORY = "memory"  # an amount of memory or storage: "memory limit", "how much disk"
    PORT = "port"  # "what port …": the one measure a port number answers
    VERSION = "version"  # "which rust version …": a number ("1.83", "17") or "v2", not a name
    MONEY = "money"  # "what does the staging account cost us?": "$2,400", "300 EUR", "free"
    RATE = "rate"  # "how many requests per second …": "600 per minute", "50 rps", "unlimited"
    TRIES = "tries"  # "how many times does it retry …": "up to 8 attempts", not "one printer"
    KEPT = "kept"  # "how long do we keep …": "kept for 90 days", not "p99 under 40 ms"
    TAKES = "takes"  # "how long does the restore take?": "takes about 40 minutes", "in 2 h"
    DATE = "date"  # "what date …", "when does … start?": a day, not "seasons last 8 weeks"
    RETURN = "return"  # "when is Priya back?": when someone returns, not when they leave
    ENDS = "ends"  # "when does the licence run out?": "expires on 3 June", not "renewed in 2024"
    LAST = "last"  # "when was it last restored?": a day, not a habit ("nightly at 03:00")
    SIZE = "size"  # "how big is a replay file?": an amount, not "kept for 14 days"
    SHARE = "share"  # "what % of the word price is it?": "20%", "half", "not charged at all"
    DISTANCE = "distance"  # "how far can a tag be read?": "12 m", "about 3 feet", not "4 antennas"
    TEMPERATURE = "temperature"  # "what temperature are the units kept at?": "16 °C", not "25%"
    WEIGHT = "weight"  # "how many tonnes does S1 hold?": "18 t", "900 kg", "40 litres", not "30%"
    OFTEN = "often"  # "how often is it refreshed?": "every 6 hours", "nightly", not "14 registers"
    ADDRESS = "address"  # "what's the staging URL?": "stg.eu.example.dev", "https://…", "/api/v3"
    PHONE = "phone"  # "what's the number for the out of hours line?": "0161 496 0000"


# platforms whose release a question may ask the oldest or newest of ("the lowest android version
# the app supports"): an answer names the platform, not another thing's version
PLATFORMS = frozenset(
    "ios ipados android macos windows python node java chrome safari firefox".split()
)


@dataclass(frozen=True)
class Asked:
    """The kind of answer a question asks for, and what it measures when the question says."""

    kind: AnswerKind
    dimension: Dimension | None = None
    # the question's words that name what is asked ("port", "memory limit"): a unit that shares
    # only these with the question is about another thing's port or limit
    names: frozenset[str] = frozenset()
    # the options a question ends by naming ("playwright or cypress?"): an answer names one
    options: frozenset[str] = frozenset()
    # a yes/no question whether there is one ("is there a max object size in seedvault?"): a
    # unit that names what is asked ("no size limit") answers it without a value
    optional: bool = False
    # the unit of time a rate is asked per ("minute" in "how many requests per minute …"): a
    # period answers it only when it is no longer ("every 30 seconds", not "every 90 days"); and
    # the period a count is asked within ("year" in "how many periods in a year?"), which a
    # shorter period answers ("quarters")
    per: str | None = None
    # whose value it is, when the question says: "android" in "what's the lowest android version
    # the app supports?", which an answer names ("Android 10 and later"); whose presence: "mateus"
    # in "is mateus around next week?". Not one of ``names``: a unit need share no other word
    of: str | None = None
    # someone who does a job by hand ("who's driving round 7?", "who did the upgrade?"): one who
    # approves, reviews or owns the code of it ("Dmitri maintains the Mycoroute codebase") is not
    hands_on: bool = False
    # a time still to come ("when's the next upgrade?"): a unit that only tells of the past
    # ("Femi did the last upgrade in November 2024") does not say it
    ahead: bool = False
    # what the question gives to work the answer out from: a time of day ("starts at 7am"), a
    # day ("posted on 3rd march"), an amount of money ("£45k base"). A unit that states the rule
    # to work it out with (a shift's length, an expiry so many days on, a fee as a share) answers
    # "what time do they finish?", "on what date does it come down?", "what fee …?"
    given: frozenset[Given] = field(default=frozenset(), compare=False)
    # the question's own words: one of them in a unit tells nothing the asker did not say
    # ("night" in "Night Safari tickets cost £34" for "when does the night safari go on sale?")
    words: frozenset[str] = field(default=frozenset(), compare=False)
    # what happened, for "when was the printer last serviced?": "serviced"; a day said of
    # another happening ("installed in March 2022") is not when it was
    event: frozenset[str] = field(default=frozenset(), compare=False)


NONE: frozenset[str] = frozenset()
