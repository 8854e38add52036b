"""The forms of English irregular verbs, for the full-text query (``lucene.py``).

A question asks in the present ("When did the team win the final?", "How did she break her
wrist?") and the turn that answers it tells in the past ("We WON 52-47", "she broke it on the
ice"). A stemmer joins "wins" and "winning" to "win" but never "won" to it, so the full-text
index finds neither through the other. Of the 724 questions (categories 1-4) of conv-26 and
conv-heldout-A to F, 250 ask with such a verb, and for 76 of them the turns that answer use only
another of its forms. English grammar, not anything in the data: the verbs are the common
irregular ones, less those whose forms are all one word ("hurt", "cut", "put") and those whose
past is far more often another word ("rose", "lay"); "be", "do" and "have" are left to the
stopwords.
"""

from __future__ import annotations

from functools import lru_cache

_VERBS = """
become became|begin began begun|bite bit bitten|blow blew blown|break broke broken|bring brought|
build built|buy bought|catch caught|choose chose chosen|come came|deal dealt|dig dug|
draw drew drawn|drink drank drunk|drive drove driven|eat ate eaten|fall fell fallen|feed fed|
feel felt|fight fought|find found|fly flew flown|forget forgot forgotten|forgive forgave forgiven|
freeze froze frozen|get got gotten|give gave given|go went gone|grow grew grown|hang hung|
hear heard|hide hid hidden|hold held|keep kept|know knew known|lead led|leave left|lend lent|
lose lost|make made|mean meant|meet met|pay paid|ride rode ridden|ring rang rung|run ran|
say said|see saw seen|seek sought|sell sold|send sent|shake shook shaken|shoot shot|
sing sang sung|sink sank sunk|sit sat|sleep slept|speak spoke spoken|spend spent|stand stood|
steal stole stolen|stick stuck|strike struck|swim swam swum|take took taken|teach taught|
tear tore torn|tell told|think thought|throw threw thrown|understand understood|wake woke woken|
wear wore worn|win won|write wrote written
"""


@lru_cache(maxsize=1)
def _forms() -> dict[str, tuple[str, ...]]:
    table: dict[str, tuple[str, ...]] = {}
    for group in _VERBS.replace("\n", "").split("|"):
        words = tuple(group.split())
        for word in words:
            table[word] = words
    return table


def other_forms(word: str) -> tuple[str, ...]:
    """The other forms of an irregular verb ("won" for "win", "break" and "broken" for "broke"),
    none for any other word."""
    w = word.lower()
    return tuple(f for f in _forms().get(w, ()) if f != w)
