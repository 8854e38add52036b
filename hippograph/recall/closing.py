"""Where the question of a prompt that opens with its context is: the clause it closes with.

"playback-api pods got OOMKilled overnight, what's the memory limit set to?" asks the clause after
its last break; "… - who's doing the washout on it? need to give them the keys" the one before its
closing remark; "… - who's the on-call dev this weekend, can i ring them?" the one before a
follow-on of a few words that asks nothing of its own. :mod:`hippograph.recall.answer_kind` reads
what these clauses ask for.
"""

from __future__ import annotations

import re

from hippograph.recall.answer_options import QUESTION_WORD

# The question a short prompt closes with, after its context: "playback-api pods got OOMKilled
# overnight, what's the memory limit set to?", "my laptop keeps OOMing.. how much memory does
# docker get?", "does tallypay retry it? and how many times?". The clause after the last comma,
# semicolon, colon, dash, full stop or question mark.
_CLOSING_QUESTION = re.compile(r"(?:[,;:?]|\s[-–—]+|\.+)\s+(?P<question>[^,;:.?!–—]+\?)\s*$")
_LAST_CLOSING = re.compile(rf".*{_CLOSING_QUESTION.pattern}", re.DOTALL)

# the words a closing question opens with when it asks for itself
_ASKING = re.compile(
    r"\s*(?:what|what's|whats|which|where|where's|when|when's|who|who's|how|can|could|does|do|"
    r"is|are|should|will|would)\b",
    re.IGNORECASE,
)

# the words after a question mark open another question ("… ? and do I need …", "… ? also how …")
_ASKS_AFTER = re.compile(
    r"\s*(?:(?:and|also|plus|or|but|so)\s+)?(?:what|what's|whats|which|who|who's|whom|whose|"
    r"where|when|why|how|is|are|was|were|do|does|did|can|could|should|would|will|has|have|any)\b",
    re.IGNORECASE,
)

# a clause of a few words after a comma that only follows on from the question before it: "…,
# can i ring them?", "…, has it expired?", "…, is that right?"
FOLLOW_ON = 5  # words
# the question before it, from the break before it (or the prompt's start) to that comma
_BEFORE_FOLLOW_ON = re.compile(
    r"(?:^|[,;:?]\s+|\s[-–—]+\s+|\.+\s+)(?P<question>(?:(?!\s[-–—]+\s)[^,;:.?!–—])+),\s+"
    r"[^,;:.?!–—]+\?\s*$"
)


def closing_question(query: str) -> str | None:
    """The question a prompt closes with after its context, when it opens with a question word:
    "checkout throwing 500s since lunch, where do i go to see the stack traces?" asks the
    second clause; the first says why."""
    found = closing(query)
    if found is None:
        return None
    return next((q for q in clauses(found) if _ASKING.match(q)), None)


def closing(query: str) -> re.Match[str] | None:
    """The question a prompt closes with, or the one before its closing remark ("… - who's
    doing the washout on it? need to give them the keys")."""
    return _CLOSING_QUESTION.search(query) or _CLOSING_QUESTION.search(_up_to_question(query))


def clauses(found: re.Match[str]) -> list[str]:
    """The closing question, then the clause after its last break when it has one: the first
    break may open no question ("no. 5 needs a washout next week - who's doing it?")."""
    last = _LAST_CLOSING.match(found["question"])
    return [found["question"], *([last["question"]] if last else [])]


def before_follow_on(query: str) -> str | None:
    """The question before the few words a prompt closes with after a comma, when it opens with
    a question word: "lineup is throwing errors - who's the on-call dev this weekend, can i ring
    them?" asks who is on call; "can i ring them?" follows on from it."""
    end = _up_to_question(query)
    found = _BEFORE_FOLLOW_ON.search(end)
    follow_on = end[found.end("question") + 1 :] if found else ""
    if (
        found is None
        or not _ASKS_AFTER.match(follow_on)  # "…, not just the tenant?" follows on from nothing
        or len(QUESTION_WORD.findall(follow_on)) > FOLLOW_ON
    ):
        return None
    question = found["question"].strip()
    return f"{question}?" if _ASKING.match(question) else None


def _up_to_question(query: str) -> str:
    """The prompt up to its last question mark, when only a remark follows it ("… who's doing
    it? need to give them the keys"); nothing when a second question does ("who approves
    migrations? and do I really need a downgrade()": either may be answered)."""
    end = query.rfind("?") + 1
    return "" if _ASKS_AFTER.match(query[end:]) else query[:end]
