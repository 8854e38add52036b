"""The options a question ends by naming: "…, playwright or cypress?", "npm, yarn or pnpm for
the frontend?", "UTC or Europe/London?"; a unit that names one answers it."""

from __future__ import annotations

import re

from hippograph.schema.text import STOPWORDS

# a word as a question is read ("on-call", "what's", "v2.1"): here and in answer_kind
QUESTION_WORD = re.compile(r"[a-z0-9'_.-]+")

# "…, playwright or cypress?", "npm, yarn or pnpm for the frontend?", "UTC or Europe/London?"
_CHOICE = re.compile(r"(?P<before>[\w./+#-]+)\s+or\s+(?P<after>[^?.!,;]+)\?", re.IGNORECASE)

PREFIX = 5  # an option matches a word it begins ("enterprise" and "enterprises")

CHOICE_WORDS = 2  # words after "or": more is a clause ("or keep the original currency?")

# an option that names nothing: "or something else?", "or is it optional?", "or not?"
_NOT_OPTIONS = frozenset(
    "else not something anything other both neither none optional is are was were do does did "
    "can could should would will just one ones thing things someone somebody"
    # a pronoun: "or dedupe them?", "or shuld it be flagged?" are clauses
    " it them they those these this that he she we you i"
    # a state reached by now: "still identifiable in the db or already scrubbed?" asks whether it
    # is, which the rule it follows answers ("anonymised 6 years after the incident")
    " already still yet"
    # when to do it: "can i push it today or wait?", "now or later?" ask whether it may be done
    # then, which a rule of when answers ("deploys any weekday before 14:00")
    " wait later now today tomorrow tonight soon".split()
)

# a break between the clauses of a prompt: "…, what …", "… - who …", "…. is it …"
CLAUSE_BREAK = re.compile(r"[.!?;:,—–]\s|\s-\s")

# "do we still honour that price or requote?" asks whether a thing still holds, which the rule
# it follows answers ("quotes stay valid for 60 days"), as "… or already scrubbed?" does
_STILL = re.compile(r"\bstill\b", re.IGNORECASE)

# units people name an option by, in short and in full: "is dbh in cm or mm?" is answered by
# "stored in millimetres"; "…in millimetres or inches?" by "38 mm"
_UNIT_FORMS = {
    "mm": "millimet",
    "cm": "centimet",
    "km": "kilomet",
    "kg": "kilogram",
    "ms": "millisec",
    "kb": "kilobyte",
    "mb": "megabyte",
    "gb": "gigabyte",
    "tb": "terabyte",
}

_OPTION_PIECE = re.compile(r"[a-z0-9+#]+")

# options that judge a behaviour rather than name things ("is that a bug or expected?", "bug or
# working as designed?"): a statement of the behaviour answers them, in whatever words
_JUDGEMENTS = frozenset(
    "bug bugs expected intended intentional design designed feature normal correct wrong broken "
    "fine ok okay".split()
)


def options_named(query: str) -> frozenset[str]:
    """The options a question ends by naming ("…, playwright or cypress?", "npm, yarn or pnpm
    for the frontend?"): the word before "or" (and a list before it) and the words after, when
    they are a few names and not a clause ("or is it optional?", "or somewhere else?")."""
    m = _CHOICE.search(query)
    if not m or _STILL.search(CLAUSE_BREAK.split(query[: m.start()])[-1]):
        return frozenset()
    said = QUESTION_WORD.findall(m.group("after").lower())
    after = [w for w in said if w not in STOPWORDS]
    before = m.group("before").lower()
    if (
        not 1 <= len(after) <= CHOICE_WORDS
        or not _NOT_OPTIONS.isdisjoint(said)
        or said[0] in STOPWORDS  # "or by the instrument?", "or has it been purged?": a clause
        or before in STOPWORDS  # "computed by us or …"
    ):
        return frozenset()
    pieces = _OPTION_PIECE.findall(" ".join([before, *after]))
    if not _JUDGEMENTS.isdisjoint(pieces):
        return frozenset()
    return frozenset(
        p for p in pieces if p not in STOPWORDS and p not in _NOT_OPTIONS and len(p) > 1
    )


def option_forms(option: str) -> tuple[str, ...]:
    """The ways a text may name an option: its own word and, for a unit, the unit in short or in
    full ("mm" and "millimetres")."""
    long = _UNIT_FORMS.get(option)
    if long:
        return (option, long)
    for short, full in _UNIT_FORMS.items():
        if option.startswith(full):
            return (option, short)
    return (option,)


# a code by its length: "three-letter ISO codes", "a 6-digit PIN", "4 characters"
_LENGTH = re.compile(
    r"\b(?P<n>[1-9]|two|three|four|five|six|seven|eight)[\s-](?:letter|character|char|digit)s?\b",
    re.IGNORECASE,
)
_LENGTHS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}

CODE = 4  # longest an option of letters may be to be a code told apart by its length


def picked_by_length(options: frozenset[str], text: str) -> bool:
    """The text says how long the code is, and one option alone is that long: "ti or tir?" is
    answered by "three-letter ISO 639-3 codes", "1234 or 123456?" by "6-digit PINs". Options
    of letters are codes only when short: "mysql" is no five-letter code."""
    if not options or not (
        all(o.isdigit() for o in options) or all(len(o) <= CODE and o.isalnum() for o in options)
    ):
        return False
    for m in _LENGTH.finditer(text):
        said = m["n"].lower()
        n = int(said) if said.isdigit() else _LENGTHS[said]
        if sum(len(o) == n for o in options) == 1:
            return True
    return False


# the parts of a name glued in capitals: "PostgreSQL" (Postgre, SQL), "InfluxDB" (Influx, DB)
_GLUED = re.compile(r"\b[A-Za-z]*[a-z][A-Z][A-Za-z]*\b")
_GLUED_PART = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
GLUED_OPTION = 3  # letters an option has at least to be found as such a part ("sql", not "db")


def names_an_option(options: frozenset[str], text: str) -> bool:
    """Whether the text names one of the options: a word it begins ("Gradle" for "gradle",
    "Argo CD" for "argo"), a number with its unit ("30mm"), or a part of a name glued in
    capitals ("plain sql" by "PostgreSQL", not "flux" by "InfluxDB")."""
    lower = text.lower()
    if any(
        re.search(rf"(?<![a-z0-9]){re.escape(f[:PREFIX])}|\d{re.escape(f)}\b", lower)
        for o in options
        for f in option_forms(o)
    ):
        return True
    parts = {p.lower() for name in _GLUED.findall(text) for p in _GLUED_PART.findall(name)}
    return any(len(o) >= GLUED_OPTION and o in parts for o in options)
