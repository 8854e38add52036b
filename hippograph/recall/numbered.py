"""Numbered names in a question: "4.2" in "when is bedscan 4.2 going out to every ward?", "P3" in
"what's our response time for a P3 ticket?", "v1" in "when is api v1 switched off?", and a day
of the week or a thing by its number: "thursday" and "round 7" in "who's driving round 7 on
thursday?".

Such a name picks one of a series (releases, priorities, API versions, models), and a unit that
names another of the same form and not the one asked ("BedScan 4.1 rolled out on 2025-03-10",
"P1 tickets have a 4-hour SLA", "Kemal drives round 3 on Wednesdays") is about a sibling: it
shares every other word of the question and answers nothing. Only a question that asks (what,
which, when, who, how, where) names one this way: "we're on 3.9.0, is that current?" asks
whether it is, and "stable is 3.9.1" answers.
"""

from __future__ import annotations

import re

from hippograph.recall.answer_kind import _CONDITION
from hippograph.recall.answer_options import CLAUSE_BREAK

# "4.2", "3.9.0", "v2", "P3", "K4", "p99": a few letters and a number, or numbers joined by
# dots; not a plain number ("30"), a date ("2025-03-10"), a name with digits inside a word
# ("python3", "k8s", "eu-west-1") nor a number with its unit ("4.2GB")
_MARK = re.compile(
    r"(?<![\w.-])(?:v?\d+(?:\.\d+)+|[a-z]{1,3}\d{1,3})(?![\w-]|\.\d)",
    re.IGNORECASE,
)
_ASKS = re.compile(r"^\s*(?:what|what's|whats|which|when|who|who's|whose|how|where)\b", re.I)
_DIGITS = re.compile(r"\d+")


def asked(question: str) -> frozenset[str]:
    """The numbered names (in lower case) of the clause that asks, when it asks with a question
    word: the prompt, after a condition ("when 2.6 comes out, do I …" asks nothing of 2.6), or a
    question after its context ("the queue is long, when does 2.4 reach every store?")."""
    # clauses end at punctuation before a space ("2.4" goes on) or at a dash
    clauses = CLAUSE_BREAK.split(question)[1:]
    questions = (c for c in clauses if c.rstrip().endswith("?"))
    for clause in (question, *questions):
        clause = _CONDITION.sub("", clause, count=1)
        if _ASKS.match(clause):
            return _marks(clause)
    return frozenset()


def names_another(asked_marks: frozenset[str], text: str) -> bool:
    """The text names a sibling of a numbered name asked ("4.1" for "4.2", "P1" for "P3") and not
    that name itself."""
    if not asked_marks:
        return False
    said = _marks(text)
    return any(
        mark not in said and any(_form(other) == _form(mark) for other in said)
        for mark in asked_marks
    )


# a day of the week ("thursday", "mondays"): its siblings are the other days
_DAY = re.compile(r"\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b", re.I)
# a thing by its number ("round 7", "screen 1", "bay 12"), not a number after a little word ("at
# 11", "every 5") nor a version or a time ("release 2.4" is a mark above, "at 4:30" no number)
_NOUN_NUMBER = re.compile(r"\b([a-z]{3,})\s+(\d{1,3})\b(?![.:,]\d)", re.I)
_NOT_NOUNS = frozenset(
    """at in on by to for from of and or the than over under after before
about around every each per until till is are was were be been it its has have had takes
take got get gets give gives said says say with within only just last next first top""".split()
)


def _marks(text: str) -> frozenset[str]:
    found = {m.lower() for m in _MARK.findall(text)}
    found.update(d.lower() for d in _DAY.findall(text))
    found.update(
        f"{w.lower()} {n}" for w, n in _NOUN_NUMBER.findall(text) if w.lower() not in _NOT_NOUNS
    )
    return frozenset(found)


def _form(mark: str) -> str:
    """ "4.1" and "4.2" as "#.#", "P1" and "P3" as "p#"."""
    if _DAY.fullmatch(mark):
        return "day"
    return _DIGITS.sub("#", mark)


def without_names_asked(words: frozenset[str], text: str) -> str:
    """The text (in lower case) without the numbered names it shares with a question of these
    ``words`` ("screen 1", "s1", "4.2"): the number in a name is no amount of anything."""

    def named(m: re.Match[str]) -> str:
        return " " if all(w in words for w in m[0].split()) else m[0]

    return _MARK.sub(named, _NOUN_NUMBER.sub(named, text))
