"""Opposites in a question: "incoming" in "who approves an incoming loan?", "staging" in "which
data centre hosts staging?".

Such a word picks one side of a pair, and a unit that names the other side and not the one asked
("Owen approves outgoing loans", "production runs in the Manchester data centre") is about the
other side: it shares every other word of the question and answers nothing. A unit that names
both sides ("staging and production share one cluster"), or neither ("Owen approves every
loan"), may answer.
"""

from __future__ import annotations

import re

# Each pair: the words of one side, then of the other (the forms people write).
_PAIRS: tuple[tuple[str, str], ...] = (
    ("incoming", "outgoing"),
    ("inbound", "outbound"),
    ("ingress", "egress"),
    ("upstream", "downstream"),
    ("upload uploads uploaded uploading", "download downloads downloaded downloading"),
    ("import imports imported importing", "export exports exported exporting"),
    ("staging", "production prod"),
    ("internal", "external"),
    ("public", "private"),
    ("minimum", "maximum"),
    ("sender senders", "recipient recipients receiver receivers"),
    ("buyer buyers", "seller sellers"),
    ("debit debits", "credit credits"),
    ("frontend front-end", "backend back-end"),
    ("ios iphone ipad", "android"),
    ("weekday weekdays", "weekend weekends"),
    ("domestic", "international"),
    ("online", "offline"),
    ("login logins", "logout logouts"),
    ("input inputs", "output outputs"),
)

_SIDE: dict[str, tuple[int, int]] = {
    word: (pair, side)
    for pair, sides in enumerate(_PAIRS)
    for side, words in enumerate(sides)
    for word in words.split()
}

_WORD = re.compile(r"[a-z]+(?:-[a-z]+)?")


def sides(text: str) -> frozenset[tuple[int, int]]:
    """The sides of pairs the text names: (pair, side)."""
    found: set[tuple[int, int]] = set()
    for word in _WORD.findall(text.lower()):
        side = _SIDE.get(word)
        if side is None and "-" in word:  # "back-end" is a form; "staging-db" names staging
            side = _SIDE.get(word.split("-")[0])
        if side is not None:
            found.add(side)
    return frozenset(found)


def names_the_other(asked: frozenset[tuple[int, int]], text: str) -> bool:
    """The text names the other side of a pair the question picks a side of, and not the side
    asked ("outgoing" for "incoming")."""
    if not asked:
        return False
    said = sides(text)
    return any((pair, 1 - side) in said and (pair, side) not in said for pair, side in asked)
