"""Does a candidate answer the query at all? Term coverage, meaning and the kind of answer asked
for, before any ranking.

A full-text hit on one generic word ("run" in "what kubernetes version do we run")
is not an answer; returning it confidently is the failure this product exists to
avoid. A candidate is relevant when it covers enough of the query's content terms,
or its embedding is close enough to the query's, or the graph reached it from a
relevant seed.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from hippograph.recall import answer_said, numbered, opposites, short_forms
from hippograph.recall.asked import Asked, Dimension
from hippograph.schema.text import STOPWORDS, slips, stem  # noqa: F401  (relevance.stem: the stemmer its words are compared by)

if TYPE_CHECKING:
    from hippograph.recall.scoring import Candidate

MIN_COSINE = 0.40  # close in meaning, with at least one shared topical word
STRONG_COSINE = 0.55  # close enough in meaning on its own (a paraphrase sharing no word)
# far in meaning: shared words alone do not make such a unit relevant ("tidewire … ingests SCADA
# telemetry from the treatment plants …" for "is there a dress code for when the board tours the
# treatment plant?", cosine .11). Of 544 expected answers of the 48 seen truthfulness sets that
# are relevant by their words alone, the farthest is at .20 (BENCHMARKS.md, stop 52)
FAR_COSINE = 0.18

# Words people use in prompts to a coding agent about any topic: a match on one of them
# says nothing about what the prompt is about ("what kubernetes version do we run" must
# not be answered by "ClickHouse runs with 2 replicas").
WEAK = frozenset(
    """
run runs running ran write wrote written writing read reading add adding added change changed
changes update updated updating fix fixed fixing check checking look looking show showing find
finding help create created make making build building try trying work working works need needs
needed want wants like new old thing things way ways day days today time times week weeks now
current currently still also really actually good bad better best first last next part parts bit lot
number numbers question answer problem issue issues idea right wrong case cases example examples
kind sort type value values something anything everything nothing someone many much often
""".split()
)
_WORD = re.compile(r"[a-z0-9]+")


# the stem words are compared by: a short form's is its long form's ("prod" as "production")
_stem = short_forms.stem_of


def _stems(text: str) -> frozenset[str]:
    """The stems of a text's words, stopwords left out (two-letter words count: CI, DB)."""
    return frozenset(_stem(w) for w in _WORD.findall(text.lower()) if w not in STOPWORDS)


@lru_cache(maxsize=1)
def _weak_stems() -> frozenset[str]:
    return frozenset(_stem(w) for w in WEAK)


def query_terms(terms: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The query's topical terms, each as the stems of its pieces ("billing-api" is one term of two
    stems); weak words are left out unless the query has nothing else."""
    pieces = [
        [
            p
            for p in _WORD.findall(term.lower())
            if p not in STOPWORDS and (len(p) >= 2 or p.isdigit())
        ]
        for term in terms
    ]
    strong = [[p for p in ps if p not in WEAK and _stem(p) not in _weak_stems()] for ps in pieces]
    chosen = strong if any(strong) else pieces
    groups = (tuple(dict.fromkeys(_stem(p) for p in ps)) for ps in chosen)
    return list(dict.fromkeys(g for g in groups if g))


# A name of several parts. Joined by "_" it is one by its form ("VEHICLE_PINGS",
# "forecasts_v3"); joined by "-" or ".", only when memory knows a thing by it (an entity's name or
# alias among the candidates: "route-planner", "invoice.events"), since "non-english" and
# "self-portrait" are words and "node.js" or "settings.py" are often written without their
# ending. Not a path or a pair ("apps/web", "lat/long"), and not a number or version ("3.12").
_BY_FORM = re.compile(r"[A-Za-z0-9]_[A-Za-z0-9]")
_JOINED = re.compile(r"[A-Za-z0-9][-.][A-Za-z0-9]")
_NUMBERISH = re.compile(r"[vV]?[\d.,-]+")


def named_terms(raw: tuple[str, ...], known: list[str]) -> list[tuple[str, ...]]:
    """The query's names of several parts, each as the stems of its pieces (see query_terms);
    ``known`` are the names and aliases of the things the candidates are about."""
    names: list[tuple[str, ...]] = []
    for term in raw:
        if "/" in term or _NUMBERISH.fullmatch(term):
            continue
        by_form = bool(_BY_FORM.search(term))
        if not by_form and not _JOINED.search(term):
            continue
        for group in query_terms((term,)):
            if len(group) > 1 and (
                by_form or any(matched(list(group), name) == frozenset(group) for name in known)
            ):
                names.append(group)
    return list(dict.fromkeys(names))


def query_stems(terms: tuple[str, ...]) -> list[str]:
    """Stems of the query's topical terms (identifiers split at punctuation; weak words left out
    unless the query has nothing else)."""
    return stems_of(query_terms(terms))


def stems_of(terms: list[tuple[str, ...]]) -> list[str]:
    """The stems of these terms, each once, in order."""
    return list(dict.fromkeys(s for group in terms for s in group))


# Words that name a kind of thing, not one thing: "team" in "team roles", "test" in "test
# environment". One of them alone does not name a thing of several words ("where's the team
# christmas do?" is not about "team roles"); the whole name, or another of its words, does. Only
# words of people, places, codes and tests: "service" in "Slipway service schedule" is what the
# thing is about ("… was last serviced at 1,600 hrs - is she overdue?", heldout66, stop 54).
GENERIC = frozenset(
    """
team teams staff office offices role roles site sites code codes test tests testing environment
environments
""".split()
)


# Where the asker is or goes, said after a preposition of place ("a lunch place near the
# sheffield venue", "my train fare to the hull venue", "a pharmacy near the elstow office"): the
# setting of the question, not what it asks about. A unit that shares only those words (a list
# of venue codes) does not answer it. "Site" is left out: "the catalogue site" is a website.
_PLACE = re.compile(
    r"\b(?:at|near|to|from|around|outside)\s+(?:the\s+|our\s+)?((?:[\w'-]+\s+){0,2}?"
    r"(?:venue|office|shop|store|depot|branch|centre|center|hall|library|campus|yard|warehouse|"
    r"clinic|building|hq)s?)\b",
    re.IGNORECASE,
)


def place_stems(question: str) -> frozenset[str]:
    """The stems of the words that say where the question is set (see _PLACE), when no little
    word stands among them ("to the tiler for site photos" names no place)."""
    out: set[str] = set()
    for m in _PLACE.finditer(question):
        words = _WORD.findall(m.group(1).lower())
        if not any(w in STOPWORDS for w in words):
            out.update(_stem(w) for w in words)
    return frozenset(out)


def names_entity(stems: list[str], names: list[str]) -> bool:
    """The query names a thing the unit is about: a 4+ letter word of an entity's name or alias,
    other than a :data:`GENERIC` word of a name of several (unless it has all of them)."""
    wanted = set(stems)
    for name in names:
        words = [
            w
            for w in _WORD.findall(name.lower())
            if len(w) >= 4 and w not in STOPWORDS and w not in WEAK
        ]
        named = [w for w in words if _stem(w) in wanted]
        if named and (
            len(words) == 1 or len(named) == len(words) or any(w not in GENERIC for w in named)
        ):
            return True
    return False


def only_names(stems: list[str], names: list[str]) -> bool:
    """Every topical term of the query is a word of the names (or aliases) of what the unit is
    about: the query asks about the thing itself ("why job queue"), not about one of its details."""
    have = _stems(" ".join(names))
    return bool(stems) and all(s in have for s in stems)


def needed(n_terms: int, *, long: bool | None = None) -> int:
    """How many query terms a unit must contain: half of a short query, a quarter (at least 2)
    of a long prompt. ``long`` None: a query of more than four terms is long."""
    if not (n_terms > 4 if long is None else long):
        return max(1, math.ceil(n_terms / 2))
    return max(2, math.ceil(n_terms / 4))


PREFIX = 5  # stems this long match a longer or shorter stem they begin ("deploy", "deployment")


@lru_cache(maxsize=256)
def _prefixes(
    stems: tuple[str, ...],
) -> tuple[dict[int, frozenset[str]], dict[str, frozenset[str]]]:
    """For prefix matching: the long stems by length, and each of their long prefixes -> stems."""
    long = [s for s in stems if len(s) >= PREFIX]
    by_length = {n: frozenset(s for s in long if len(s) == n) for n in {len(s) for s in long}}
    starts: dict[str, set[str]] = {}
    for s in long:
        for n in range(PREFIX, len(s) + 1):
            starts.setdefault(s[:n], set()).add(s)
    return by_length, {p: frozenset(v) for p, v in starts.items()}


def matched(stems: list[str], text: str) -> frozenset[str]:
    """The query stems that appear in the text (prefix match for stems of ``PREFIX``+ letters:
    a stem matches a word it begins or that begins it)."""
    return _matched(tuple(stems), text)


@lru_cache(maxsize=4096)
def _matched(stems: tuple[str, ...], text: str) -> frozenset[str]:
    # A Snowball stem keeps its word's first letter, so only words starting like a query stem
    # are stemmed: most of a text's words never are.
    firsts = {s[:1] for s in stems}
    have = {_stem(w) for w in _WORD.findall(text.lower()) if w[:1] in firsts and w not in STOPWORDS}
    found = {s for s in stems if s in have}
    if len(found) < len(stems):
        by_length, starts = _prefixes(stems)
        for h in have:
            if h[:PREFIX] not in starts:
                continue  # shares no long stem's first letters (or is too short)
            found.update(starts.get(h, ()))  # h begins these stems
            for n, group in by_length.items():
                if n < len(h) and h[:n] in group:
                    found.add(h[:n])  # this stem begins h
    if len(found) < len(stems):
        # a slip of a hurried hand, on either side: "invoce" for "invoice"
        missing = [s for s in stems if s not in found and len(s) >= PREFIX]
        for h in have:
            if missing and len(h) >= PREFIX:
                found.update(s for s in missing if s in _slips(h) or h in _slips(s))
    return frozenset(found)


@lru_cache(maxsize=4096)
def _slips(s: str) -> frozenset[str]:
    return slips((s,), PREFIX)


def coverage(stems: list[str], text: str) -> int:
    """How many query stems appear in the text (prefix match for stems of 5+ letters)."""
    return len(matched(stems, text))


def term_hits(terms: list[tuple[str, ...]], text: str) -> int:
    """How many query terms appear in the text: a term of several stems ("billing-api") counts
    once, when any of its stems does."""
    found = matched(stems_of(terms), text)
    return sum(1 for group in terms if found.intersection(group))


def searchable(unit: Mapping[str, Any]) -> str:
    """What the full-text index searches of a unit: its title, text and details."""
    return f"{unit.get('title') or ''} {unit.get('text') or ''} {unit.get('details_text') or ''}"


def is_relevant(
    terms: list[tuple[str, ...]],
    text: str,
    cosine: float | None,
    asked_for: frozenset[str] = frozenset(),
    *,
    long: bool | None = None,
    far: float | None = FAR_COSINE,
    place: frozenset[str] = frozenset(),
) -> bool:
    """Enough shared terms; or very close in meaning; or close in meaning with a shared topical
    term. ``asked_for`` are the stems of the words that name what the question asks ("port" in
    "what port does the admin dashboard listen on?"): unless very close in meaning, a unit must
    share a word besides them, or it is about another thing's port. So with ``place``, the
    words that say where the question is set (:func:`place_stems`): a unit sharing only those
    answers nothing. Shared words alone do not make a unit relevant when its meaning is far
    from the question (below ``far``)."""
    if cosine is not None and cosine >= STRONG_COSINE:
        return True
    hits = term_hits(terms, text) if terms else 0
    if place and hits:
        stems = stems_of(terms)
        if matched(stems, text) <= place and not place.issuperset(stems):
            return False
    # a term is the asked-for word whatever other words it may be met by ("approves", also met
    # by "sign" of "sign-off": same_things)
    subject = [group for group in terms if asked_for.isdisjoint(group)]
    if subject and len(subject) < len(terms) and term_hits(subject, text) == 0:
        return False
    if cosine is not None and cosine >= MIN_COSINE and hits >= 1:
        return True
    if cosine is not None and far is not None and cosine < far:
        return False
    return bool(terms) and hits >= needed(len(terms), long=long)


def asks_another_thing(
    thing: list[str], text: str, cosine: float | None, rest_cosine: float | None
) -> bool:
    """The query names what it asks for ("license" in "which license is our emqx under?",
    ``thing`` as stems) and the unit is about something else of the same subject ("EMQX is on
    version 5.6"): it has none of those words and its cosine to the query is no higher than to
    the query without them. A unit that says what was asked in other words is closer with them
    ("what database do the integration tests talk to?" → "… run against a real Postgres";
    "which aws region …" → "eu-north-1" is the exception seen). However close the unit is to
    the question: "EMQX is on version 5.6" is at cosine .69 to the licence question and no
    closer with "license" in it.
    """
    if not thing or cosine is None or rest_cosine is None:
        return False
    if matched(thing, text):
        return False
    return cosine <= rest_cosine


# the numbers a unit counts with, in words too ("eleven ranks")
_COUNT_WORDS = frozenset(
    "two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty fifty "
    "hundred hundreds dozen dozens thousand thousands".split()
)
# words after a number that may name what it counts ("14 rugged android tablets")
COUNTED_WITHIN = 3


def counts_another(asks: Asked | None, thing: list[str], text: str) -> bool:
    """A "how many" question counts a thing (``thing`` as stems, the last its head) and the unit
    names that thing but counts another: "how many pipes does the organ have?" is not answered by
    "the organ's pipe inventory lists 11 ranks of reeds". A number with the thing within a few
    words after it counts it ("6 students per instructor" counts instructors too)."""
    if asks is None or asks.dimension is not Dimension.COUNT or not thing:
        return False
    head = thing[-1]
    words = _WORD.findall(text.lower())
    stems = [_stem(w) for w in words]
    if head not in stems:
        return False
    numbers = [i for i, w in enumerate(words) if w.isdigit() or w in _COUNT_WORDS]
    return bool(numbers) and all(head not in stems[i + 1 : i + 1 + COUNTED_WITHIN] for i in numbers)


class Judge:
    """Decides, once per candidate and only when asked, whether it is relevant to the query, and
    records the answer as its ``relevant`` check.

    Direct: enough shared terms, or close in meaning (``is_relevant``); or it names what the unit is
    about, when that counts (``names_count``). Through the graph: a seed of the walk that reached it
    over edges of at least ``min_graph`` is directly relevant. Either way the unit must name one
    of ``named`` (the things a short question names by a name of several parts, "route-planner",
    "VEHICLE_PINGS") in its words or in what it is about, and state the kind of answer asked for."""

    def __init__(
        self,
        terms: list[tuple[str, ...]],
        cands: list[Candidate],
        *,
        names_count: Callable[[Candidate], bool],
        min_graph: float,
        asks: Asked | None = None,
        named: list[tuple[str, ...]] | None = None,
        thing: tuple[str, ...] = (),
        marks: frozenset[str] = frozenset(),
        opposed: frozenset[tuple[int, int]] = frozenset(),
        long: bool | None = None,
        place: frozenset[str] = frozenset(),
        closing: list[tuple[str, ...]] | None = None,
    ) -> None:
        self.terms = terms
        self.closing = closing or []
        self.place = place
        self.marks = marks
        self.opposed = opposed
        self.long = long
        self.named = named or []
        self.stems = stems_of(terms)
        # what a unit must name of the question's own things: not only where it is set
        self.subject = [s for s in self.stems if s not in place] or self.stems
        self.by_id = {c.id: c for c in cands}
        self.names_count = names_count
        self.min_graph = min_graph
        self.asks = asks
        self.asked_for = frozenset(_stem(w) for w in asks.names) if asks else frozenset()
        self.thing = list(
            dict.fromkeys(
                _stem(w)
                for w in thing
                if w not in STOPWORDS and w not in WEAK and _WORD.fullmatch(w)
            )
        )
        self._direct: dict[tuple[str, bool], bool] = {}

    def direct(self, c: Candidate, *, seed: bool = False) -> bool:
        """Relevant by its own words, meaning or named entities. As the ``seed`` of a walk its
        words count however far its meaning is: "routewise is the Python service that builds
        each truck's rounds" (cosine .16 to "… how soon would those houses show up in
        rounds?") is no answer, but leads to the statement about routewise that is one."""
        found = self._direct.get((c.id, seed))
        if found is None:
            about = c.unit.get("about") or []
            found = (
                is_relevant(
                    self.terms,
                    searchable(c.unit),
                    c.cosine,
                    self.asked_for,
                    # words are all keyword mode has to judge by: a quarter of them will do
                    long=self.long if c.cosine is not None else None,
                    far=None if seed else FAR_COSINE,
                    place=self.place,
                )
                # or as the question a long prompt closes with, asked alone
                or bool(
                    self.closing
                    and is_relevant(
                        self.closing,
                        searchable(c.unit),
                        c.cosine,
                        self.asked_for,
                        long=False,
                        far=None if seed else FAR_COSINE,
                        place=self.place,
                    )
                )
                or (names_entity(self.subject, about) and self.names_count(c))
            ) and not self.about_another_thing(c)
            self._direct[(c.id, seed)] = found
        return found

    def about_another_thing(self, c: Candidate) -> bool:
        """The unit is about another thing of the question's subject (:func:`asks_another_thing`),
        whether it is reached by its own words or through the graph: "the clinic has 12
        consulting rooms", reached from a unit about the reception's label printer, is no count
        of label printers."""
        text = searchable(c.unit)
        return asks_another_thing(
            self.thing, text, c.cosine, c.unit.get("rest_cosine")
        ) or counts_another(self.asks, self.thing, text)

    def names_what_is_named(self, c: Candidate) -> bool:
        """The unit names a thing the question names: "what port is route-planner listening on?"
        is not answered by "dispatch-gateway serves HTTP on port 8443". One of them is enough
        when the question names several ("what port does dispatch-gateway call route-planner
        on?" → "route-planner listens on port 7070")."""
        if not self.named:
            return True
        text = f"{searchable(c.unit)} {' '.join(c.unit.get('about') or [])}"
        return any(matched(list(group), text) == frozenset(group) for group in self.named)

    def __call__(self, c: Candidate) -> bool:
        """Relevant directly or through a relevant seed, naming what the question names and no
        sibling of a numbered name it asks about ("4.1" for "4.2") nor only the opposite of a
        word it picks a side with ("outgoing" for "incoming"), and stating the kind of
        answer it asks for (a time, a quantity, a measure); sets ``c.checks["relevant"]``."""
        if "relevant" not in c.checks:
            seeds = (self.by_id.get(seed) for seed, score in c.via if score >= self.min_graph)
            c.checks = {
                "relevant": answer_said.states(self.asks, c.unit)
                and self.names_what_is_named(c)
                and not numbered.names_another(self.marks, searchable(c.unit))
                and not opposites.names_the_other(self.opposed, searchable(c.unit))
                and (
                    self.direct(c)
                    or (
                        not self.about_another_thing(c)
                        and any(s is not None and self.direct(s, seed=True) for s in seeds)
                    )
                ),
                **c.checks,
            }
        return bool(c.checks["relevant"])
