"""Entity resolution for non-code entities (docs/graph-model.md):
the SameEntityScore and its thresholds.

    SameEntityScore = 0.30 name_similarity + 0.20 alias_match + 0.20 context_similarity
                    + 0.15 graph_neighborhood_similarity + 0.10 temporal_consistency
                    + 0.05 source_consistency

>= 0.92 merge (reuse the entity, record the alias); >= 0.82 a new entity linked SAME_AS;
>= 0.65 a new entity and an :Ambiguity for review; below, a new entity. Never merge on
low confidence. Pure: the pipeline gathers candidates and applies the decision.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from hippograph.schema.text import STOPWORDS
from hippograph.units.policy import key_of

WEIGHTS = {
    "name": 0.30,
    "alias": 0.20,
    "context": 0.20,
    "neighborhood": 0.15,
    "temporal": 0.10,
    "source": 0.05,
}
MERGE_AT = 0.92
SAME_AS_AT = 0.82
AMBIGUOUS_AT = 0.65
_WORD = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class Mention:
    """A name as a new unit uses it, with what surrounds it."""

    name: str
    context: str = ""
    neighbors: frozenset[str] = frozenset()  # keys of other entities the unit is about
    scope: str = "workspace"


@dataclass(frozen=True)
class EntityView:
    """A stored entity as resolution sees it."""

    id: str
    name: str
    aliases: tuple[str, ...] = ()
    contexts: tuple[str, ...] = ()  # texts of units about it
    neighbors: frozenset[str] = frozenset()
    scope: str = "workspace"
    retired: bool = False


@dataclass
class Resolution:
    """The outcome for one mention."""

    action: str  # merge | same_as | ambiguous | new
    score: float
    candidate: EntityView | None = None
    parts: dict[str, float] = field(default_factory=dict)


def _trigrams(text: str) -> set[str]:
    padded = f"  {text} "
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


def names_a_part(a: str, b: str) -> bool:
    """One name is the other with words after its last one: "courier app releases", "billing-api
    database", "payments on-call" name a part or an aspect of "courier app", "billing-api",
    "payments", not the thing itself. English puts a compound's head last, so the words added
    after it make another head; words before it qualify the same head ("Apache Kafka" is
    "Kafka"). Added numbers and two-letter endings keep the head ("Postgres 16", "Node.js")."""
    wa, wb = _WORD.findall(key_of(a)), _WORD.findall(key_of(b))
    short, long_ = sorted((wa, wb), key=len)
    if not short or len(short) == len(long_) or long_[: len(short)] != short:
        return False
    return any(len(w) > 2 and not w.isdigit() for w in long_[len(short) :])


def _shortens(short: str, long_: str) -> bool:
    """``short`` is ``long_`` shortened: its letters in order, from the same first one ("svc" and
    "service", "db" and "database", "app" and "application")."""
    if not short or short[0] != long_[0]:
        return False
    rest = iter(long_)
    return all(ch in rest for ch in short)


def other_heads(a: str, b: str) -> bool:
    """Two names of several words each end in other words: "appointments-svc" and "appointment
    events", "Stripe Terminal" and "Stripe Checkout" name two things, however alike their letters
    (a compound's head is its last word, see ``names_a_part``). Not when one head shortens the
    other ("auth svc" / "auth service") or they differ by an ending ("payment service" / "payment
    services"), and not for a number or a two-letter ending ("Postgres 16", "Node.js")."""
    wa, wb = _WORD.findall(key_of(a)), _WORD.findall(key_of(b))
    if len(wa) < 2 or len(wb) < 2:
        return False
    ha, hb = sorted((wa[-1], wb[-1]), key=len)
    if ha == hb or len(ha) <= 2 or ha.isdigit() or hb.isdigit():
        return False
    return not _shortens(ha, hb)  # an ending added is a shortening too: "service", "services"


def name_similarity(a: str, b: str) -> float:
    """Best of word-set Jaccard and character-trigram Dice on normalised names; 0 when one names
    a part of the other (``names_a_part``) or they end in other heads (``other_heads``)."""
    ka, kb = key_of(a), key_of(b)
    if ka == kb:
        return 1.0
    if names_a_part(ka, kb) or other_heads(ka, kb):
        return 0.0
    wa, wb = set(_WORD.findall(ka)), set(_WORD.findall(kb))
    jaccard = len(wa & wb) / len(wa | wb) if wa and wb else 0.0
    ta, tb = _trigrams(ka), _trigrams(kb)
    dice = 2 * len(ta & tb) / (len(ta) + len(tb)) if ta and tb else 0.0
    return max(jaccard, dice)


def alias_match(name: str, cand: EntityView) -> float:
    """1.0 when the name is the candidate's name or a recorded alias; 0.5 when one name contains the
    other (all words, a 5+ letter prefix, or initials: "Kafka" / "Apache Kafka",
    "PG" / "Postgres Go") but does not name a part of it ("courier app releases"); else 0."""
    key = key_of(name)
    names = [key_of(n) for n in (cand.name, *cand.aliases)]
    if key in names:
        return 1.0
    mine = _WORD.findall(key)
    for other in names:
        if names_a_part(key, other) or other_heads(key, other):
            continue
        theirs = _WORD.findall(other)
        if mine and theirs and (set(mine) < set(theirs) or set(theirs) < set(mine)):
            return 0.5
        short, long_ = sorted((key.replace(" ", ""), other.replace(" ", "")), key=len)
        if len(short) >= 5 and long_.startswith(short):
            return 0.5
        if len(theirs) > 1 and key.replace(" ", "") == "".join(w[0] for w in theirs):
            return 0.5
    return 0.0


def _words(text: str, drop: Iterable[str]) -> set[str]:
    dropped = {w for name in drop for w in _WORD.findall(key_of(name))}
    return {
        w
        for w in _WORD.findall(text.lower())
        if len(w) > 2 and w not in dropped and w not in STOPWORDS
    }


def context_similarity(mention: Mention, cand: EntityView) -> float:
    """How compatible the surroundings are; with no context on either side nothing contradicts
    (1.0)."""
    if not mention.context.strip() or not cand.contexts:
        return 1.0
    names = (mention.name, cand.name, *cand.aliases)
    mine = _words(mention.context, names)
    if not mine:
        return 1.0
    best = 0.0
    for text in cand.contexts:
        theirs = _words(text, names)
        if theirs:
            best = max(best, len(mine & theirs) / len(mine | theirs))
    # Different words are weak evidence of a different thing (people describe one service in
    # many ways), so lexical context moves the part only within [0.8, 1]; disjoint neighbours
    # and another scope are what keep same-named things apart.
    return min(1.0, 0.8 + 2 * best)


def neighborhood_similarity(mention: Mention, cand: EntityView) -> float:
    """Overlap of the other entities around each side; unknown on one side counts half."""
    if not mention.neighbors and not cand.neighbors:
        return 1.0
    if not mention.neighbors or not cand.neighbors:
        return 0.5
    return len(mention.neighbors & cand.neighbors) / len(mention.neighbors | cand.neighbors)


def same_entity_score(mention: Mention, cand: EntityView) -> tuple[float, dict[str, float]]:
    """The SameEntityScore and its parts."""
    parts = {
        "name": max(name_similarity(mention.name, n) for n in (cand.name, *cand.aliases)),
        "alias": alias_match(mention.name, cand),
        "context": context_similarity(mention, cand),
        "neighborhood": neighborhood_similarity(mention, cand),
        "temporal": 0.0 if cand.retired else 1.0,
        "source": 1.0 if mention.scope == cand.scope else 0.5,
    }
    return round(sum(WEIGHTS[k] * v for k, v in parts.items()), 4), parts


def decide(score: float) -> str:
    """The action a score calls for."""
    if score >= MERGE_AT:
        return "merge"
    if score >= SAME_AS_AT:
        return "same_as"
    if score >= AMBIGUOUS_AT:
        return "ambiguous"
    return "new"


def resolve(mention: Mention, candidates: Iterable[EntityView]) -> Resolution:
    """Score every candidate; act on the best one. The same name (or a recorded alias) in the same
    scope is the same entity: other neighbours in one sentence are not evidence of another thing,
    and opening a review for every re-mention would hide the memory behind the strict gate."""
    best: Resolution = Resolution(action="new", score=0.0)
    key = key_of(mention.name)
    for cand in candidates:
        score, parts = same_entity_score(mention, cand)
        if (
            cand.scope == mention.scope
            and not cand.retired
            and key in {key_of(n) for n in (cand.name, *cand.aliases)}
        ):
            return Resolution(
                action="merge", score=max(score, MERGE_AT), candidate=cand, parts=parts
            )
        if score > best.score:
            best = Resolution(action=decide(score), score=score, candidate=cand, parts=parts)
    if best.candidate is None or best.action == "new":
        return Resolution(
            action="new", score=best.score, candidate=best.candidate, parts=best.parts
        )
    return best
