"""How well each candidate answers the query: its own words and meaning, plus what a
conversation already tells (docs/recall.md, "Evidence").

The voices' ranks say which units were found; this says how strongly. For every candidate:

- **own**: the lexical voice's score and the cosine to the query, each divided by the best
  among the candidates, mixed half and half (keyword mode: words only; semantic: meaning only).
  Scores keep the gaps that reciprocal ranks flatten: a turn that matches three rare words is
  far ahead of one that matches a common one, whatever their ranks.
- **a long unit's closest sentence**: the meaning of a unit of several sentences is
  ``SENTENCE_SHARE`` the cosine of its sentence closest to the query (``sentence_cosine``, from
  its sentence vectors: units/sentences.py) and the rest its own: a turn that answers in one
  clause among greetings and news is not as far from the question as its average.
- **terms, once each** (keyword mode): with no meaning to compare, words are
  ``TERMS_SHARE`` the query's distinct terms a unit contains, each weighing its idf among the
  lexical candidates, and the rest the Lucene score. BM25 counts a word once per field it is in
  and once per form the query writes it in ("table", "tables"), so a common word repeated
  outweighed the rare words that say what is asked. Named speakers' names do not count.
- **neighbours**: a turn is read with the turns around it (``NEXT``): an answer usually follows
  the turn that asked for it, so a turn gains ``PREV_SHARE`` of the turn before it
  (``ASKED_SHARE`` when that turn only asks: "What pet do you have?" finds the reply "Luna and
  Oliver"), ``PREV2_SHARE`` of the turn two before (the same speaker, before the other's "oh no,
  when?") and ``NEXT_SHARE`` of the turn after.
- **the session**: a turn gains ``SESSION_SHARE`` of its session's strength, the sum of the
  best ``SESSION_TURNS`` own-plus-neighbour scores among its turns, against the strongest
  session's: a conversation that keeps returning to the topic holds the answer more often than
  one stray match.
- **questions are not evidence**: an episode that only asks (it ends with "?") keeps
  ``QUESTION_TURN`` of its score; it shares the query's words without answering it.
- **whose words**: when the query names exactly one of the candidates' speakers ("What is
  Jon's job?"), that speaker's own turns count ``SPEAKER_BOOST`` times: what people say about
  themselves answers questions about them. The name itself is matched everywhere, so without
  this it would pull every turn that greets Jon as much as Jon's own. For the same reason an
  episode is embedded without its speaker, and the engine (semantic and hybrid mode) asks both
  voices the query without the names of the speakers it names (``without_speakers``): the
  cosine then says how close the turn's words are to what is asked about Jon, not how much of
  it is "Jon", and "Jon" in a greeting no longer matches. The boost is full only when the
  named speaker's best turn is at least as strong as every other speaker's; otherwise it is
  ``1 + (SPEAKER_BOOST - 1) x mine / theirs``: a question that names the wrong person ("What
  did Melanie make for the church?" when Caroline made it) is answered by the other speaker's
  turn, and a full boost would bury it under the named speaker's weaker ones.
- **when**: a unit whose ``valid_from`` (an episode: when it was said) lies in a time the query
  names ("on 13 October 2023", "in May", "last week": ``when.py``) counts ``DATE_BOOST`` times.
- **what kind of answer**: when the query asks for a time ("When did …?"), a quantity ("How
  many …?") or a setting's value ("what port …?", ``answer_kind.expected``), a unit whose own
  words state one ("last Saturday", "twice", "8040") counts ``KIND_BOOST`` times: the answer to
  "when" says when.

Pure: reads candidates, writes ``Candidate.evidence``. Nothing here names a dataset.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from datetime import datetime
from itertools import pairwise
from typing import TYPE_CHECKING

from hippograph.recall import answer_said, relevance, when
from hippograph.recall.asked import Asked

if TYPE_CHECKING:
    from hippograph.recall.scoring import Candidate

LEXICAL_SHARE = 0.5  # hybrid: own score = share x words + (1 - share) x meaning
# a long unit's meaning: share x its closest sentence's cosine + the rest x its own
SENTENCE_SHARE = 0.5
TERMS_SHARE = 0.5  # words = share x distinct query terms (idf) + (1 - share) x the Lucene score
PREV_SHARE = 0.2  # of the turn before (often the question this turn answers)
NEXT_SHARE = 0.1  # of the turn after (often the reply that confirms it)
ASKED_SHARE = 0.5  # of the turn before when that turn only asks: the question this one answers
PREV2_SHARE = 0.1  # of the turn two before (the same speaker's thread, across the other's reply)
QUESTION_TURN = 0.8  # an episode that only asks keeps this much
SPEAKER_BOOST = (
    3.0  # the turns of the one speaker the query names (96-100% of the evidence), at most
)
DATE_BOOST = 1.3  # a unit from a time the query names
KIND_BOOST = 1.5  # a unit that states the kind of answer asked for (time, quantity, value)
SESSION_SHARE = 0.2  # of the strength of the turn's session, against the strongest session's
SESSION_TURNS = 3  # a session is as strong as its best three turns together


def _normalised(values: dict[str, float]) -> dict[str, float]:
    top = max(values.values(), default=0.0)
    return {k: (v / top if top > 0 else 0.0) for k, v in values.items()}


def _terms(cands: Sequence[Candidate], stems: list[str]) -> dict[str, float]:
    """Each candidate's share of the query's distinct terms, a term weighing as much as it is
    rare among the candidates (BM25's idf, counted once per unit)."""
    found = {
        c.id: relevance.matched(stems, relevance.searchable(c.unit))
        for c in cands
        if c.voice_scores.get("lexical")  # only what the full-text index found has its words
    }
    df = Counter(s for terms in found.values() for s in terms)
    n = len(found)
    idf = {s: math.log(1 + (n - k + 0.5) / (k + 0.5)) for s, k in df.items()}
    return _normalised({c.id: sum(idf[s] for s in found.get(c.id, ())) for c in cands})


def _own(cands: Sequence[Candidate], stems: list[str]) -> dict[str, float]:
    words = _normalised({c.id: c.voice_scores.get("lexical", 0.0) for c in cands})
    meaning = _normalised({c.id: max(_meaning(c), 0.0) for c in cands})
    if not any(meaning.values()):
        # Keyword mode, or nothing embedded: words are all there is, and BM25 alone would let a
        # common word repeated across a unit's fields outweigh the rare words it lacks.
        terms = _terms(cands, stems) if any(words.values()) else {}
        if not any(terms.values()):
            return words
        return {k: (1 - TERMS_SHARE) * v + TERMS_SHARE * terms[k] for k, v in words.items()}
    share = 0.0 if not any(words.values()) else LEXICAL_SHARE  # semantic mode: meaning alone
    return {c.id: share * words[c.id] + (1 - share) * meaning[c.id] for c in cands}


def _meaning(c: Candidate) -> float:
    """The cosine to the query; for a long unit, mixed with its closest sentence's."""
    whole = c.cosine or 0.0
    sentence = c.unit.get("sentence_cosine")
    if sentence is None:
        return whole
    return (1 - SENTENCE_SHARE) * whole + SENTENCE_SHARE * float(sentence)


def _says(query: str, name: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", query, flags=re.IGNORECASE) is not None


def named_speakers(query: str, cands: Sequence[Candidate]) -> list[str]:
    """The speakers of the candidate episodes that the query names as a word: whole, or by the
    first of several words ("Alice" for "Alice Smith") when no other of these speakers shares it."""
    speakers = {str(s) for c in cands if (s := c.unit.get("speaker"))}
    firsts = Counter(s.split()[0].lower() for s in speakers if len(s.split()) > 1)

    def named(s: str) -> bool:
        if len(s) >= 2 and _says(query, s):
            return True
        words = s.split()
        first = words[0] if len(words) > 1 else ""
        return len(first) >= 2 and firsts[first.lower()] == 1 and _says(query, first)

    return sorted(s for s in speakers if named(s))


_WORD = re.compile(r"\w[\w-]*")
MAX_NAME_WORDS = 24  # words of a query looked up as speakers (speakers_named.cypher)


def name_words(query: str, stopwords: frozenset[str]) -> list[str]:
    """The words of a query that may be a speaker's name, and pairs of them ("Ana Lima"), as
    written and capitalised (a speaker is stored as the transcript names it: "Ana", "user")."""

    def may_name(w: str) -> bool:
        return len(w) >= 2 and not w.isdigit() and w.lower() not in stopwords

    found = _WORD.findall(query)
    words = list(dict.fromkeys(w for w in found if may_name(w)))[:MAX_NAME_WORDS]
    pairs = [f"{a} {b}" for a, b in pairwise(found) if may_name(a) and may_name(b)]
    shown = [*words, *list(dict.fromkeys(pairs))[:MAX_NAME_WORDS]]
    return list(dict.fromkeys(v for w in shown for v in (w, w.title())))


def without_speakers(query: str, speakers: Sequence[str]) -> str:
    """The query without the names of these speakers (and their possessive 's): what it asks
    about them. The query itself when nothing else would be left. Longer names go first: "Ana
    Lima" before "Ana", her first name, which would leave "Lima" behind."""
    rest = query
    for name in sorted(speakers, key=len, reverse=True):
        rest = re.sub(rf"(?<!\w){re.escape(name)}(?:['’]s)?(?!\w)", " ", rest, flags=re.IGNORECASE)
    rest = " ".join(rest.split())
    return rest if _WORD.search(rest) else query


def _asks_only(c: Candidate) -> bool:
    return c.unit.get("kind") == "episode" and str(c.unit.get("text") or "").rstrip().endswith("?")


def _session(c: Candidate) -> tuple[str, str] | None:
    session = c.unit.get("session")
    if c.unit.get("kind") != "episode" or not session:
        return None
    return (str(c.unit.get("scope")), str(session))


def _add_sessions(cands: Sequence[Candidate], raw: dict[str, float]) -> None:
    """Add to each turn its share of its session's strength (in place)."""
    by_session: dict[tuple[str, str], list[float]] = {}
    for c in cands:
        if (key := _session(c)) is not None:
            by_session.setdefault(key, []).append(raw[c.id])
    strength = {k: sum(sorted(v, reverse=True)[:SESSION_TURNS]) for k, v in by_session.items()}
    top = max(strength.values(), default=0.0)
    if top <= 0:
        return
    for c in cands:
        if (key := _session(c)) is not None:
            raw[c.id] += SESSION_SHARE * strength[key] / top


def _speaker_boost(cands: Sequence[Candidate], raw: dict[str, float], speaker: str) -> float:
    """How much the named speaker's turns count: ``SPEAKER_BOOST`` when their best turn is at
    least as strong as every other speaker's, less in proportion when another speaker's is
    stronger (the question may name the wrong person)."""
    mine = theirs = 0.0
    for c in cands:
        who = c.unit.get("speaker")
        if c.unit.get("kind") != "episode" or not who:
            continue
        if who == speaker:
            mine = max(mine, raw[c.id])
        else:
            theirs = max(theirs, raw[c.id])
    share = min(1.0, mine / theirs) if theirs > 0 else 1.0
    return 1.0 + (SPEAKER_BOOST - 1.0) * share


def _in_time(c: Candidate, spans: list[when.Window]) -> bool:
    moment = c.unit.get("valid_from")
    return isinstance(moment, datetime) and any(w.holds(moment) for w in spans)


def score(
    cands: Sequence[Candidate],
    query: str,
    at: datetime,
    stems: list[str],
    asked: Asked | None,
) -> None:
    """Set ``evidence`` on every candidate, in [0, 1] (the best is 1); ``stems`` are the query's
    topical terms (``relevance.query_stems``), ``asked`` the kind of answer it asks for
    (``answer_kind.expected``), relative times in the query ("last week") count back from
    ``at``."""
    if not cands:
        return
    named = named_speakers(query, cands)
    speaker = named[0] if len(named) == 1 else None
    if named:  # a speaker's name is matched in greetings as much as in their own turns
        names = set(relevance.query_stems(tuple(w for n in named for w in n.split())))
        stems = [s for s in stems if s not in names]
    own = _own(cands, stems)
    spans = when.windows(query, at)
    raw: dict[str, float] = {}
    asking = {c.id for c in cands if _asks_only(c)}
    for c in cands:
        value = own[c.id]
        if c.unit.get("kind") == "episode":
            prev = str(c.unit.get("prev_turn"))
            value += (ASKED_SHARE if prev in asking else PREV_SHARE) * own.get(prev, 0.0)
            value += NEXT_SHARE * own.get(str(c.unit.get("next_turn")), 0.0)
            value += PREV2_SHARE * own.get(str(c.unit.get("prev2_turn")), 0.0)
        raw[c.id] = value
    _add_sessions(cands, raw)
    boost = _speaker_boost(cands, raw, speaker) if speaker is not None else 1.0
    for c in cands:
        value = raw[c.id]
        if c.unit.get("kind") == "episode":
            if c.id in asking:
                value *= QUESTION_TURN
            if speaker is not None and c.unit.get("speaker") == speaker:
                value *= boost
        if spans and _in_time(c, spans):
            value *= DATE_BOOST
        if asked is not None and answer_said.says(asked, c.unit):
            value *= KIND_BOOST
        raw[c.id] = value
    best = _normalised(raw)
    for c in cands:
        c.evidence = best[c.id]
