"""What a question asks about: the words that name the thing whose detail it asks for.

"which license is our emqx under?" asks for a license, "what sample rate are we using for traces?"
for a sample rate, "minimum iOS version for the courier app?" for a minimum iOS version, "is there a
dark mode in …?" about a dark mode. A unit about emqx that says nothing of a license is about the
question's subject but not its thing (:func:`hippograph.recall.relevance.asks_another_thing`).
"""

from __future__ import annotations

import re

from hippograph.recall.answer_kind import APPROXIMATELY
from hippograph.recall.answer_measure import BEFORE_MEASURE, OPENS_QUESTION, OPENS_WHAT, VERB_ENDS
from hippograph.recall.answer_options import CLAUSE_BREAK, QUESTION_WORD

# where the words naming what a "what/which" question asks for end: a verb, a pronoun, a
# preposition ("which license is …", "what sample rate are we …", "what version of …")
_ASKED_ENDS = VERB_ENDS | frozenset(
    "we i you they it he she our my your their its of for on in at to with by from about that "
    "this these those there".split()
)
# ... and where a noun phrase ends too: any other preposition or a conjunction ("what request
# limit per api key …")
_PHRASE_ENDS = _ASKED_ENDS | frozenset(
    "per into via over under across through behind between during before after since until "
    "against within without when if so then and or but".split()
)
_OPENERS = frozenset("hey hi so and ok okay also btw quick".split())
ASKED_WORDS = 2  # at most this many words after "what"/"which" (and "is the" …)
SUBJECT_WORDS = 3  # ... or this many before the question's verb
# a terse question without a question word names what it asks for before its first preposition:
# "minimum iOS version for the courier app?", "vault path for the psn creds?"
_FRAGMENT_ENDS = frozenset("for of on in at to with by from about per".split())
FRAGMENT_WORDS = 3  # at most this many words before that preposition
FRAGMENT_LENGTH = 8  # and this many in all: a longer question is a sentence, its words in doubt
# a yes/no question about a feature names it: "is there a dark mode in …?", "do we have an A/B
# testing platform?", "does report-renderer support PDF/A output?", "is versioning turned on …?"
_SWITCHED = frozenset("enabled turned switched supported configured".split())
_FEATURE_ENDS = _ASKED_ENDS | frozenset("or and if when where which".split())
_DETERMINERS = frozenset("a an any some the our".split())


def asked_thing(question: str) -> tuple[str, ...]:
    """The words that name what a "what"/"which" question asks for, in lower case: "license" in
    "which license is our emqx under?", "sample rate" in "what sample rate are we using for
    traces?", "backup schedule" in "hey, what's the backup schedule for the reporting
    cluster?". Only words closed by a verb, a pronoun or a preposition: in "what framework
    drives the e2e suite?" or "what executes deferred work for …" no word names a thing asked
    for (the words after "what" are a verb, or the phrase runs on). Two words at most, three
    when the question's verb closes them ("which push notification provider does …": a phrase
    before the verb is its subject). A terse question without a
    question word names it before its first preposition ("minimum iOS version for the courier
    app?": ``_fragment_thing``), and a yes/no question the feature it asks about ("is there a
    dark mode in …?": ``_feature_thing``). Empty for any other question."""
    words = [w.strip("'.-") for w in QUESTION_WORD.findall(question.lower().split("?")[0])]
    if len(words) > 1 and words[0] in _OPENERS:
        words = words[1:]
    if len(words) > 2 and words[0] in APPROXIMATELY and words[1] == "how":
        words = words[1:]  # "roughly how many segments …"
    if words and words[0].split("'")[0] not in OPENS_QUESTION:  # "who's" asks as "who"
        return _fragment_thing(question, words)
    if not words:
        return ()
    if words[:3] == ["how", "many", "of"]:  # "how many of our cars are electric now?"
        verb = next((i for i, w in enumerate(words[3:], 3) if w in VERB_ENDS), 0)
        return _done_thing(words[verb + 1 :], may=False, subject=False) if verb else ()
    if words[:2] == ["how", "many"]:
        return _counted_thing(words[2:])
    if words[:2] == ["how", "much"] and len(words) > 2 and words[2] not in _NOT_AMOUNT_OF:
        return _counted_thing(words[2:])  # "how much deposit …", "how much disk …"
    if words[0] not in OPENS_WHAT:
        return _feature_thing(words)
    start = 1
    while start < len(words) and words[start] in BEFORE_MEASURE:
        start += 1
    found: list[str] = []
    for w in words[start:]:
        if w in _PHRASE_ENDS:
            return tuple(found) if len(found) <= ASKED_WORDS or w in VERB_ENDS else ()
        if len(found) == SUBJECT_WORDS:
            return ()
        found.append(w)
    return tuple(found) if len(found) <= ASKED_WORDS else ()  # the question ends: "which licence?"


# what "how many" counts in units of time, tries or people is not the thing asked about ("how
# many days grace …", "how many ppl can be in one party?": "max party size went up to 5")
_COUNTED_UNITS = frozenset(
    "times seconds minutes hours days weeks months years ms people ppl persons folks".split()
)


# after "how much", words that name no thing measured: "how much is …", "how much a month …",
# "how much extra …", "how much of that …"
_NOT_AMOUNT_OF = (
    _PHRASE_ENDS | _DETERMINERS | frozenset("extra more less off time money each every".split())
)


def _counted_thing(words: list[str]) -> tuple[str, ...]:
    """What a "how many" question counts, up to two words closed by a verb, a pronoun or a
    preposition (three by a verb): "pump stations" in "how many pump stations is tidewire
    pulling from?", "partitions" in "how many partitions does the readings topic have?", "grace"
    in "how many days grace …" (a unit of time, or people, is how it is counted)."""
    found: list[str] = []
    for w in words:
        if w in _PHRASE_ENDS:
            # three words when the question's verb closes them: "how many garden centre customers
            # are we shipping to?"
            return tuple(found) if len(found) <= ASKED_WORDS or w in VERB_ENDS else ()
        if w in _COUNTED_UNITS and not found:
            continue
        if len(found) == SUBJECT_WORDS:
            return ()
        found.append(w)
    return tuple(found) if len(found) <= ASKED_WORDS else ()


def _fragment_thing(question: str, words: list[str]) -> tuple[str, ...]:
    """What a terse question of one phrase asks for: the words before its first preposition, when
    a subject follows it ("minimum iOS version for the courier app?" → "minimum ios version").
    A sentence ("customer says their basket expired …?") or a phrase of no preposition
    ("route-planner rust version?": the subject is among the words) names nothing apart."""
    text = question.strip()
    if (
        not text.endswith("?")
        or len(words) > FRAGMENT_LENGTH
        or CLAUSE_BREAK.search(text[:-1] + " ")
    ):
        return ()
    for i, w in enumerate(words[: FRAGMENT_WORDS + 1]):
        if w in _FRAGMENT_ENDS:
            return tuple(words[:i]) if 0 < i < len(words) - 1 else ()
        if w in _ASKED_ENDS:
            return ()  # a verb or a pronoun: a sentence, not a phrase
    return ()


def _feature_thing(words: list[str]) -> tuple[str, ...]:
    """The feature a yes/no question asks about, up to three words: after "is there", "do we
    have" or "does … support" ("a dark mode", "an A/B testing platform", "PDF/A output"), or
    before "enabled", "turned on" and the like ("is versioning turned on for …?")."""
    if len(words) < 3:
        return ()
    if words[0] in ("is", "are") and words[1] == "there":
        start = 2
    elif (
        words[0] in ("do", "does")
        and words[1] in ("we", "you", "they", "it")
        and words[2] == "have"
    ):
        start = 3
    elif words[0] in ("do", "does") and "support" in words[2:5]:
        start = words.index("support", 2) + 1
    elif words[0] in _CAN:
        return _done_thing(words[1:], may=words[0] in _MAY)
    elif words[0] in ("is", "are"):
        end = next((i for i, w in enumerate(words[:6]) if w in _SWITCHED), 0)
        start = 2 if words[1] in _DETERMINERS else 1
        return tuple(words[start:end]) if 0 < end - start <= FRAGMENT_WORDS else ()
    else:
        return ()
    while start < len(words) and words[start] in _DETERMINERS:
        start += 1
    found: list[str] = []
    for w in words[start:]:
        if w in _FEATURE_ENDS:
            break
        if len(found) == FRAGMENT_WORDS:
            return ()
        found.append(w)
    return tuple(found)


_CAN = frozenset("can could does do will would".split())
DONE_WORDS = 2  # at most this many words name what a yes/no question asks a thing to do
# where the clause of a yes/no question ends: "can it do X, or is it Y only?"
_CLAUSE_ENDS = frozenset(
    "or and but if when while so because unless instead rather before after until since to".split()
)
# "can I use MERGE in the ledger migration?" asks whether a version allows it: a version answers
_USE = frozenset("use using".split())
# words at the end that say nothing of what is done: "… at all?", "… anywhere?", "… for them?"
_TRAILING = frozenset(
    "at all too also yet anymore still now automatically anywhere somehow ever though "
    "as well either already currently today properly ok okay then there them it him her us me "
    "this that these those one side end place".split()
)

# "can i …", "can we …": whether the asker may, which a rule answers in its own words
_ASKER = frozenset("i we".split())
_MAY = frozenset("can could".split())
# a time at the end of a question, which says when and not what: "… on thursday?"
_WHEN_WORDS = frozenset(
    "monday tuesday wednesday thursday friday saturday sunday mon tue wed thu fri sat sun "
    "today tonight tomorrow weekend week month morning afternoon evening night moment season "
    "year quarter term sprint".split()
)
_WHEN_BEFORE = frozenset("on this next at in over by whole entire full every each".split())


def _done_thing(words: list[str], *, may: bool, subject: bool = True) -> tuple[str, ...]:
    """What a "can / does … ?" question asks a thing to do, by up to two words that end its first
    clause: "push webhooks" in "can the client api push webhooks?", "polish" in "does buswatch
    come in polish at all?". Words that say nothing of what is done and a time are dropped from
    the end ("… at all", "… on thursday"); nothing is named when the clause ends in a pronoun
    or a determiner, asks whether something can be used, or (``may``: "can", "could") whether
    the asker may ("can i push the fix to prod …?": a rule answers that in its own words).
    ``subject``: the words open with the thing's name, which is no part of what it does (not
    after "how many of our cars are …")."""
    clause: list[str] = []
    for w in words:
        if w in _CLAUSE_ENDS:
            break
        clause.append(w)
    if not _USE.isdisjoint(clause) or (may and clause and clause[0] in _ASKER):
        return ()
    while clause and clause[-1] in _TRAILING:
        clause.pop()
    if clause and clause[-1] in _WHEN_WORDS:  # "… on thursday?", "… this weekend?"
        clause.pop()
        while clause and (clause[-1] in _DETERMINERS or clause[-1] in _WHEN_BEFORE):
            clause.pop()
    found: list[str] = []
    for w in reversed(clause[1:] if subject else clause):
        if w in _PHRASE_ENDS or w in _DETERMINERS or w in _TRAILING or len(found) == DONE_WORDS:
            break
        found.insert(0, w)
    return tuple(found)


def without_words(query: str, words: tuple[str, ...]) -> str:
    """The query without these words (as whole words, in any case); the query itself when
    nothing else would be left."""
    rest = query
    for word in words:
        rest = re.sub(rf"(?<![\w'-]){re.escape(word)}(?![\w'-])", " ", rest, flags=re.IGNORECASE)
    rest = " ".join(rest.split())
    return rest if re.search(r"\w", rest) else query
