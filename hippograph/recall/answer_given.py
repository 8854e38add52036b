"""What a question gives to work the answer out from: a time of day ("if a keeper starts at
7am …"), a day, money, a share, a measure with its unit, an amount of time, a time it is about
("… this weekend?"), a number of things to get through. A unit that states the rule to work it
out with answers the question (:mod:`hippograph.recall.answer_said`)."""

from __future__ import annotations

import re
from enum import StrEnum


class Given(StrEnum):
    """A value a question gives to work from."""

    CLOCK = "clock"
    DAY = "day"
    MONEY = "money"
    SHARE = "share"  # "drop from full output to half", "at 80% capacity"
    SPAN = "span"  # "a 4 hour afternoon session", "a 24h trip"
    WHEN = "when"  # "this weekend", "tonight", "next week": a time the question is about
    COUNT = "count"  # "6000 reminders to send": a number of things
    AMOUNT = "amount"  # "parcels over 2kg", "a 40 MB upload", "below 5°C": a measure and its unit


# compiled on first use (re caches them): most prompts the hook reads ask for no kind
_GIVEN = {
    Given.CLOCK: r"\b\d{1,2}(?::\d{2})?\s*[ap]\.?m\b|\b\d{1,2}:\d{2}\b",
    Given.DAY: (
        r"\b\d{1,2}(?:st|nd|rd|th)\b|\b\d{4}-\d{2}-\d{2}\b|"
        r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|"
        r"\b(?:january|february|march|april|may|june|july|august|september|october|november|"
        r"december)\s+\d{1,2}\b|\b\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
    ),
    Given.MONEY: r"[$€£¥]\s?\d",
    # an amount of time, or hours of the day from one to another ("9 till 12", "2pm-5pm")
    Given.SPAN: (
        r"\b\d+(?:\.\d+)?\s*-?\s*(?:h|hrs?|hours?|mins?|minutes?|days?|weeks?|months?)\b|"
        r"\b\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\s*)?(?:till|til|until)\s+\d{1,2}\b|"
        r"\b\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m)?\s*(?:-|–|to)\s*\d{1,2}(?::\d{2})?\s*[ap]\.?m\b"
    ),
    # the time said in the question's own clause: "who's on call this weekend?", not "who's our
    # contact if tonight's batch gets stuck?"
    Given.WHEN: (
        r"\bwho\b(?:(?!\b(?:if|so|when|because|to|that|and|but|while)\b)[^,.;:?!])*?"
        r"\b(?:(?:this|next|coming)\s+(?:weekend|week|month|mon|tues|wednes|thurs|fri|satur|sun)"
        r"(?:day)?|tonight|today|tomorrow)\b"
    ),
    Given.SHARE: r"\d\s?%|\b(?:half|quarter|third)\b",
    Given.AMOUNT: (
        r"\b\d+(?:[.,]\d+)?\s?(?:kg|g|mg|grams?|kilos?|kilograms?|lbs?|oz|tonnes?|km|cm|mm|miles?|"
        r"metres?|meters?|feet|ft|ml|litres?|liters?|kb|mb|gb|tb|bytes)\b|\d\s?°\s?[cf]\b"
    ),
    Given.COUNT: (
        r"(?<![\w.,:£$€])\d[\d,]*k?\s+(?!(?:h|hrs?|hours?|mins?|minutes?|secs?|seconds?|days?|"
        r"weeks?|months?|years?|ms)\b)[a-z][a-z-]*s\b"
    ),
}


def given_in(query: str) -> frozenset[Given]:
    """What the question gives to work from."""
    return frozenset(g for g, pattern in _GIVEN.items() if re.search(pattern, query, re.I))
