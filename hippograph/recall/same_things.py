"""Phrases of software work that name one thing in other words: "where do I see the stack
traces?" asks about exceptions and error tracking, "can I push it to prod?" about deploys,
"texts aren't arriving" about SMS.

A memory that answers says "exceptions now go to GlitchTip" or "deploy day is Thursday"; the
question shares no word with it, and a small embedding model puts them far apart (cosine .16 to
.18 for the deploy and SMS questions of the seen truthfulness sets). Recall reads such a phrase as
its other words too: relevance counts a unit that says one of them as sharing the phrase's words
(the phrase's terms get the other words as alternatives, ``expand``), and the full-text query
asks for them (``alternatives``, in ``lucene.py``).

The list is the everyday language of the trade, as ``short_forms.py`` is: a phrase is here when it
names the same thing wherever it is said, not because a data set says it.
"""

from __future__ import annotations

import re

from hippograph.recall.lazy_pattern import LazyPattern
from hippograph.recall.short_forms import stem_of

# a phrase (as people type it in a prompt) and the words a memory says it in
_PHRASES: tuple[tuple[str, tuple[str, ...]], ...] = (
    # where errors are seen: "stack traces", "tracebacks", "crash reports"
    (r"\bstack\s*traces?\b|\btracebacks?\b|\bcrash\s+reports?\b", ("exception", "error")),
    # a build that failed: "build logs", "failing builds", "the build went red"
    (
        r"\b(?:build|job|ci)\s+logs?\b|\bfailing\s+(?:build|job)s?\b|"
        r"\bbuilds?\s+(?:fail\w*|went\s+red|is\s+red|broke\w*)\b|\bred\s+(?:build|cross)\b",
        ("ci",),
    ),
    # "log in", "sign on", "logins"
    (
        r"\blog(?:ging|ged|s)?\s*(?:in|on)(?:to)?\b|\bsign(?:ing|ed|s)?\s*(?:in|on)(?:to)?\b|"
        r"\blogins?\b|\bsignins?\b",
        ("login", "authenticate", "sign"),
    ),
    # no connection: "the network drops", "no signal", "lost wifi"
    (
        r"\b(?:network|internet|connection|broadband|wi-?fi|signal)\s+(?:drops?|dropped|is\s+down|"
        r"goes\s+down|went\s+down|outages?|loss|lost|fails?)\b|"
        r"\b(?:loses?|lost|losing|without|no)\s+(?:the\s+|its\s+|their\s+)?(?:network|internet|"
        r"connection|connectivity|signal|broadband|wi-?fi)\b|\bpatchy\s+signal\b",
        ("offline",),
    ),
    # text messages (not a text field)
    (
        r"\btext(?:s|ed|ing)?\b(?!\s+(?:field|box|column|input|area|file|search|editor|format|"
        r"string))",
        ("sms",),
    ),
    (r"\bsms\b", ("text",)),
    # a refund: "are they entitled to their money back?"
    (r"\b(?:money|cash)\s+back\b", ("refund",)),
    # an approval: "who do I need the OK from?", "the go-ahead from", "the green light from"
    (
        r"\b(?:ok|okay|go[-\s]?ahead|green\s+light|thumbs\s+up|nod)\s+from\b",
        ("approve", "approval", "sign"),
    ),
    # an approval said as a sign-off, and the other way round: "who signs off the footer?",
    # "who needs to approve it?" ("… including sign-off on invoice changes")
    (r"\bsign(?:s|ed|ing)?[-\s]?off\b", ("approve", "approval")),
    (r"\bapprov(?:e|es|ed|ing|al|als)\b", ("sign",)),
    # someone told by a tool: "nobody got pinged", "why hasn't it pinged anyone?" (not a network
    # ping: "200ms ping"), "how does whoever's on call get told?" (not "I was told that …")
    (
        r"\b(?:got|get|gets|getting|been|was|were)\s+pinged\b|"
        r"\bping(?:ed|s)?\s+(?:anyone|anybody|nobody|no\s+one|me|us|them|the\s+team)\b|"
        r"\b(?:get|gets|got|getting|be|being|is|are)\s+told\b(?!\s+(?:that|to|about|off|so))",
        ("alert", "warn", "notify", "notification"),
    ),
    # a heads-up is a reminder or a warning: "when will she get the heads-up text?" ("reminders
    # now go out 24 hours before"), "do they get a heads up before the van arrives?"
    (r"\bheads?[-\s]?ups?\b", ("reminder", "notice", "notify", "notification", "warn", "alert")),
    # a bill is an invoice: "when will their next bill land?" (not "bill of materials")
    (r"\bbills?\b(?!\s+of\b)", ("invoice",)),
    # an end of validity: "has the quote lapsed?", "my permit ran out" (not "ran out of stock")
    (
        r"\blaps(?:e|es|ed|ing)\b|\b(?:run|runs|ran|running)\s+out\b(?!\s+of\b)",
        ("expire", "expiry"),
    ),
    # a release: "push it to prod", "get the fix onto production", "ship it to live"
    (
        r"\b(?:push|pushing|pushed|get|getting|ship|shipping|roll|rolling)\s+"
        r"(?:(?:it|this|that|the\s+\w+|my\s+\w+)\s+)?(?:out\s+)?(?:to|into|onto)\s+"
        r"(?:prod|production|live)\b",
        ("deploy", "release"),
    ),
)

_WORD = re.compile(r"[a-z0-9]+")


_TABLE = tuple((LazyPattern(p, re.IGNORECASE), words) for p, words in _PHRASES)  # compiled on use


def _found(question: str) -> list[tuple[list[str], tuple[str, ...]]]:
    """Each phrase of the table in the question: its words, and the words it is said in."""
    return [
        (_WORD.findall(m.group(0).lower()), words)
        for pattern, words in _TABLE
        for m in pattern.re.finditer(question)
    ]


def expand(question: str, terms: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """The query's terms (groups of stems, ``relevance.query_terms``) with the other words of each
    phrase of the question added to the terms of its words: "push" and "prod" of "push it to
    prod" may each be met by "deploy". A phrase none of whose words is a term adds a term of its
    own."""
    out = list(terms)
    for words, others in _found(question):
        stems = {stem_of(w) for w in words}
        extra = tuple(dict.fromkeys(stem_of(w) for w in others))
        hit = False
        for i, group in enumerate(out):
            if stems.intersection(group):
                out[i] = tuple(dict.fromkeys([*group, *extra]))
                hit = True
        if not hit:
            out.append(extra)
    return list(dict.fromkeys(out))


def alternatives(question: str) -> list[str]:
    """The other words of the phrases in the question, for the full-text query."""
    return list(dict.fromkeys(w for _, others in _found(question) for w in others))
