"""Which setting a "what is the X" question asks the value of, and what that value measures.

"what's the memory limit on the billing-api pods?" asks for an amount of memory, "which python
version …" for a version, "device-registry port?" for a port: the measure word ("limit",
"version", "port") is among the question's first words, and the words around it say what it
measures. :mod:`hippograph.recall.answer_kind` reads the rest of the question.
"""

from __future__ import annotations

from itertools import pairwise

from hippograph.recall.answer_options import QUESTION_WORD
from hippograph.recall.asked import Dimension

# "what port …", "which python version …", "what's the memory limit on …", "device-registry port?":
# the setting asked for is named in the question's first words, and its value has digits ("port
# 8040", "Python 3.12", "600 requests per minute", "v2", "Standard_D8s_v5"). "version control"
# names no setting; a size may be a name ("vm size": "Standard_D8s_v5", "m5.large"), so it is
# not one of these.
MEASURES = (
    "port ports version versions timeout timeouts ttl limit limits capacity quota quotas "
    "threshold thresholds cutoff cutoffs rate rates latency interval replicas max maximum min "
    "minimum p50 p90 p95 p99 p999"
)

# What a measure word measures. A latency, a timeout, a ttl or an interval is a duration (and so
# is an age, an expiry, a lifetime or a grace period); a limit, quota or capacity next to
# "memory", "disk" … an amount of memory; "how many days …" a number of days (or a date to count
# from).
_DURATION_MEASURES = frozenset(
    "timeout timeouts ttl latency interval max-age age expiry lifetime grace p50 p90 p95 p99 "
    "p999".split()
)

_REQUEST_WORDS = frozenset("request requests req call calls".split())

_TEMPERATURE_MEASURES = frozenset("temperature temperatures temp".split())

MEASURE_WORDS = frozenset(MEASURES.split()) | _DURATION_MEASURES | _TEMPERATURE_MEASURES

# a measure word naming something else: "version control", "rate limiter", "capacity mode"
_NOT_MEASURES = frozenset(
    "control controls limiter limiting mode modes provider providers strategy policy policies "
    "spike spikes error errors issue issues forwarding mapping conflict conflicts sensor sensors "
    "probe probes alarm alarms alert alerts".split()
)

OPENS_WHAT = frozenset("what what's whats which".split())

BEFORE_MEASURE = frozenset("is are was were 's the our a an current default".split())

# a question word or a verb that starts a question: "why is checkout latency so high?", "is
# there a rate limit on …?", "update the port to 8041?" ask for no value
OPENS_QUESTION = frozenset(
    "what what's whats which who whose whom where when why how is are was were do does did can "
    "could should would will shall may might has have had must update change set fix add remove "
    "bump raise lower increase decrease".split()
)
# a clause the question follows, with no comma to end it: "if the port imports fall over at 2am
# where am i supposed to shout about it?" is no terse "<thing> port?" question
_OPENS_CLAUSE = frozenset(
    "if whenever once after before while since because although though unless until".split()
)

MEASURE_WITHIN = 2  # words right after "what"/"which" and "is the", "our" …
PHRASE_WORDS = 4  # ... or a phrase this long that a measure word ends ("request rate limit")

TERSE = 4  # words from the start of a question without a question word ("device-registry port?")

MEMORY_NOUNS = frozenset("memory ram disk disks storage heap".split())

# the size of these is an amount of bytes: "max payload size", "bundle size" (not "batch size",
# "vm size" or "image size")
_SIZED = frozenset(
    "payload payloads body request response upload uploads file files object objects attachment "
    "attachments bundle blob blobs artifact artifacts message messages backup backups dump "
    "database db index cache log logs volume".split()
)

SIZE_WORDS = frozenset("size sizes".split())

_PORT_MEASURES = frozenset("port ports".split())

_VERSION_MEASURES = frozenset("version versions".split())


def measure_dimension(window: list[str]) -> Dimension | None:
    """What the measure words in the question's first words measure, when they say."""
    if not _DURATION_MEASURES.isdisjoint(window):
        return Dimension.DURATION
    if not _TEMPERATURE_MEASURES.isdisjoint(window):
        return Dimension.TEMPERATURE
    if any(
        w in ("rate", "rates") and after in ("limit", "limits") for w, after in pairwise(window)
    ):
        return Dimension.RATE  # "what's the request rate limit …": per second, per minute
    if any(
        (w in _REQUEST_WORDS and after in ("limit", "limits")) or "-per-" in w
        for w, after in pairwise([*window, ""])
    ):
        return Dimension.RATE  # "what's the request limit per api key …", "requests-per-second"
    if not MEMORY_NOUNS.isdisjoint(window) or any(
        w in SIZE_WORDS and before in _SIZED for before, w in pairwise(window)
    ):
        return Dimension.MEMORY
    if not _PORT_MEASURES.isdisjoint(window):
        return Dimension.PORT
    if not _VERSION_MEASURES.isdisjoint(window):
        return Dimension.VERSION
    return None


def measure_window(query: str) -> list[str] | None:
    """The words that name the setting a question asks the value of: a measure word right after
    "what" or "which" (and "is the", "our" …: "what's the memory limit on …", "which python
    version …"), or among the first words of a question that starts with neither a question word
    nor a verb ("device-registry port?", "node version for the console build?"); None when the
    question asks for no setting's value."""
    words = QUESTION_WORD.findall(query.lower())
    if not words:
        return None
    if words[0] in OPENS_WHAT:
        start = 1
        while start < len(words) and words[start] in BEFORE_MEASURE:
            start += 1
        if start < len(words) and words[start].endswith("'s"):
            return None  # "which vendor's quota console …" asks for the vendor
        if words[0] == "which" and _picks_one(words[start : start + 2]):
            return None  # "which zone rate do i use?" asks which zone ("Z3"), however named
        end = start + MEASURE_WITHIN
        # the head of a subject of three or four words: "which rust toolchain version does …",
        # "what's the per-client request rate limit on …"
        while (
            end + 1 < len(words)
            and end - start < PHRASE_WORDS
            and words[end] in MEASURE_WORDS
            and (words[end + 1] in _HEAD_ENDS or words[end + 1] in MEASURE_WORDS)
        ):
            end += 1
        # a measure of two words the window ends inside: "what's the per-client rate limit
        # before …", "what's the max timeout for …"
        if end < len(words) and words[end - 1] in MEASURE_WORDS and words[end] in MEASURE_WORDS:
            end += 1
    elif (
        query.rstrip().endswith("?")
        and words[0] not in OPENS_QUESTION
        and words[0] not in _OPENS_CLAUSE
    ):
        start, end = 0, TERSE  # "api timeout retries" names topics: no "?", no question
    else:
        return None
    following = [*words[1:], ""]
    window = words[start : min(end, len(words))]
    if any(
        words[i] in MEASURE_WORDS and following[i] not in _NOT_MEASURES
        for i in range(start, min(end, len(words)))
    ):
        return window
    return None


# the words of a question's verb: a phrase they close is its subject, "which push notification
# provider does …"; one a preposition closes may start with a verb, "what executes deferred work
# for …"
VERB_ENDS = frozenset(
    "is are was were be been 's do does did has have had should can could will would must may "
    "might shall".split()
    # and the same verbs denied: "which postcode areas don't we cover …?"
    + "isn't aren't wasn't weren't don't doesn't didn't hasn't haven't shouldn't can't couldn't "
    "won't wouldn't isnt arent wasnt dont doesnt didnt hasnt havent shouldnt cant couldnt wont "
    "wouldnt".split()
)
_HEAD_ENDS = VERB_ENDS | frozenset("on for of in at to with by from per".split())


def _picks_one(pair: list[str]) -> bool:
    """ "which zone rate …", "which tier limit …": a word of its own before the measure word, which
    the question picks one of; not "which python version" (a version is a number), "which
    request limit", "which memory limit" (what the limit counts)."""
    return (
        len(pair) == 2
        and pair[1] in MEASURE_WORDS - _VERSION_MEASURES - _PORT_MEASURES
        and pair[0] not in MEASURE_WORDS | MEMORY_NOUNS | _REQUEST_WORDS | _SIZED | BEFORE_MEASURE
    )
