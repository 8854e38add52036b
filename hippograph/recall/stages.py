"""The in-memory stages of recall and the records passed between all five (docs/recall.md).

``shape -> gather -> score -> gate -> choose``: the engine (``engine.py``) shapes the query and
gathers candidates with one read (after a small one for speakers); the last three stages are
pure and live here. Each stage takes and returns a frozen record; the candidates inside are the
mutable ``scoring.Candidate`` objects that every stage fills in a little more (checks, score,
relevance), so no stage copies them or walks them more than today's single recall did.

Nothing here writes: what a recall leaves to record (usage, or a task for an abstain) comes
back as a ``Recording`` for the write path (``hippograph.units.usage``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from itertools import islice
from typing import Any

from hippograph.recall import (
    answer_kind,
    asked_thing,
    closing,
    decay,
    evidence,
    intent,
    numbered,
    opposites,
    relevance,
    same_things,
    scoring,
)
from hippograph.recall.gate import GateConfig, abstain_reason, check, failed
from hippograph.recall.intent import QueryShape
from hippograph.recall.scoring import Candidate

PREFERRED_SCOPE_BOOST = 1.25
MIN_GRAPH_SCORE = 0.2  # a graph-only hit must be reached over strong edges, not weak co-occurrence
LONG_PROMPT = 5  # topical terms of a short question; one asked in one clause may have more
WORD_LETTERS = 3  # a piece of a name this long is a word of its own ("apps/web"; not "co-op")


@dataclass(frozen=True)
class Asked:
    """Stage 1, shape: the query as recall will ask it."""

    query: str
    shape: QueryShape  # terms, identifiers, intent; silent when it has no topic
    now: datetime  # the clock's reading for this recall
    at: datetime  # the moment answered for: as_of, else now
    voice_weights: dict[str, float]  # per voice, from the intent
    lexical: str | None  # the full-text query; None when the lexical voice is off or has no terms
    since: datetime | None  # the temporal voice's window, None when it is off
    notes: tuple[str, ...]


@dataclass(frozen=True)
class Gathered:
    """Stage 2, gather: the fused candidates of the one read, in fused order, as of ``at``."""

    candidates: list[Candidate]
    notes: tuple[str, ...]
    timings_ms: dict[str, float]  # embed (when the query was embedded), statement, voices


@dataclass(frozen=True)
class Scored:
    """Stage 3, score: gate checks, retrieval score x decay; current memory split from history."""

    candidates: list[Candidate]  # every gathered candidate
    current: list[Candidate]  # neither expired nor superseded; graph-only hits last
    history: list[Candidate]  # shown as history (only when asked for)
    passes: dict[str, bool]  # id -> passed every gate check
    judge: relevance.Judge  # relevance, judged once per candidate and only when asked


@dataclass(frozen=True)
class Gated:
    """Stage 4, gate: which candidates may answer, and whether a contested one outranks them."""

    by_score: list[Candidate]  # current candidates, best first
    answers: Callable[[Candidate], bool] | None  # passes the gate and is relevant; None: gate off
    contested: bool  # strict: a relevant candidate in doubt ranks above the best passing one


@dataclass(frozen=True)
class EvidenceNeed:
    """An abstain to record as a :Task: what was asked, why memory could not answer, what was
    closest."""

    query: str
    reason: str
    involved: tuple[str, ...]


@dataclass(frozen=True)
class Recording:
    """What one recall leaves to the write path; the engine itself writes nothing."""

    at: datetime  # when recall ran: the units' last use
    used: tuple[str, ...] = ()  # ids of the returned items that answer the query, best first
    need: EvidenceNeed | None = None  # strict mode found nothing: the need for evidence


@dataclass(frozen=True)
class Chosen:
    """Stage 5, choose: the items (or an abstain and its reason), the history, what to record."""

    items: list[dict[str, Any]]
    history: list[dict[str, Any]]
    reason: str | None  # set when strict mode abstains
    recording: Recording | None  # None when there is nothing to record


def item(c: Candidate, failed_checks: list[str]) -> dict[str, Any]:
    """A candidate as recall returns it."""
    u = c.unit
    return {
        "id": c.id,
        "kind": u.get("kind"),
        "text": u.get("text"),
        "source_ref": u.get("source_ref"),
        "score": round(c.score, 4),
        "voices": dict(sorted(c.ranks.items())),
        "checks": c.checks,
        "failed": failed_checks,
        "truth_status": u.get("truth_status"),
        "lifecycle": u.get("lifecycle"),
        "scope": u.get("scope"),
        "valid_from": u.get("valid_from"),
        "valid_until": u.get("valid_until"),
        "superseded_by": u.get("superseded_by") or [],
        "is_history": c.is_history,
        "parts": c.parts,
    }


def _words_of(group: tuple[str, ...]) -> list[tuple[str, ...]]:
    """A term of several stems as one term per stem, when each is a word (three letters or
    more); as it is otherwise."""
    if all(len(piece) >= WORD_LETTERS for piece in group):
        return [(piece,) for piece in group]
    return [group]


def _closing_terms(question: str) -> list[tuple[str, ...]] | None:
    """The topical terms of the question a long prompt closes with after its context ("…, where
    do i go to see the stack traces?"): judged alone, as a short question is, a unit that
    answers it need not share the context's words."""
    last = closing.closing_question(question)
    if last is None:
        return None
    shaped = intent.shape(last)
    terms = relevance.query_terms((*shaped.identifiers, *shaped.content_terms))
    # its phrases in other words too: "who do i need the go-ahead from?" is met by "approved"
    return same_things.expand(last, terms) or None


def _is_graph_only(c: Candidate) -> bool:
    return "graph" in c.ranks and len(c.ranks) == 1


def _score_of(c: Candidate) -> float:
    return c.score


def score(
    asked: Asked,
    gathered: Gathered,
    *,
    include_history: bool,
    prefer_scope: str | None,
    gate_config: GateConfig,
    weights: Mapping[str, float],
    curves: Mapping[str, decay.Curve | None],
) -> Scored:
    """Check each candidate against the gate at ``asked.at``, score it, and split off history."""
    ranked = gathered.candidates
    q = asked.shape
    at = asked.at
    max_fused = max((c.fused for c in ranked), default=0.0)
    max_graph = max((c.voice_scores.get("graph", 0.0) for c in ranked), default=0.0)
    # A question followed by a remark ("what's the request timeout on claims-intake? brokers say
    # big submissions hang") is judged by its question: what an answer must state and name.
    question = intent.question_of(asked.query)
    if question != asked.query:
        q = intent.shape(question)
    terms = relevance.query_terms((*q.identifiers, *q.content_terms))
    stems = relevance.stems_of(terms)
    long_prompt = (
        len(dict.fromkeys((*q.identifiers, *q.content_terms))) > LONG_PROMPT  # billing-api once
        and not intent.is_one_clause_question(question)
    )
    # A name of several parts in a short question that asks something about it ("how long does
    # VEHICLE_PINGS keep messages?") is its subject: an answer names it too. A query of nothing
    # but names ("why format_invoice") asks about the thing itself, and the closest match by
    # words is worth showing, said as such.
    named = (
        []
        if long_prompt
        else relevance.named_terms(
            (*q.identifiers, *q.content_terms),
            [name for c in ranked for name in c.unit.get("about") or []],
        )
    )
    if all(group in named for group in terms):
        named = []
    if long_prompt:
        # In a long prompt a name of several words ("apps/web", "styled-components") is
        # deliberate and as telling as that many words; in a short question it is the subject,
        # and "what's the memory limit on the billing-api pods?" asks about something else.
        # Pieces of two letters are no words: "co-op" and "pt-BR" stay one term each ("does
        # the co-op pay for the first aid course?" shares two words with any unit that says
        # "co-op" otherwise).
        terms = list(dict.fromkeys(piece for group in terms for piece in _words_of(group)))
    # "push it to prod" is met by "deploy", "stack traces" by "exceptions" (same_things.py)
    terms = same_things.expand(question, terms)

    # Naming what a unit is about makes it relevant when the query asks about that thing itself
    # ("why job queue"), in a long prompt (most of its words are incidental) and in keyword mode
    # (no meaning to judge by). A short question about a detail, asked with an embedding, is
    # judged by its words and its meaning: "which Sentry plan are we paying for?" is not
    # answered by "Sentry collects the errors of every service" just because it names Sentry.
    def names_count(c: Candidate) -> bool:
        return (
            long_prompt
            or c.cosine is None
            or relevance.only_names(stems, c.unit.get("about") or [])
        )

    # Relevance is judged only for candidates that could be answered or shown (see Judge).
    asks = answer_kind.expected_in(asked.query, question)  # for the gate and for evidence
    judge = relevance.Judge(
        terms,
        ranked,
        names_count=names_count,
        min_graph=MIN_GRAPH_SCORE,
        asks=asks,
        named=named,
        thing=asked_thing.asked_thing(question),
        marks=numbered.asked(question),
        opposed=opposites.sides(question),
        long=long_prompt,
        place=relevance.place_stems(question),
        closing=_closing_terms(question) if long_prompt else None,
    )
    current: list[Candidate] = []
    history: list[Candidate] = []
    passes: dict[str, bool] = {}
    for c in ranked:
        if c.unit.get("cosine") is not None:
            c.cosine = float(c.unit["cosine"])
    # ranked by every word of the prompt, remark included
    prompt_stems = (
        stems
        if question == asked.query
        else relevance.query_stems((*asked.shape.identifiers, *asked.shape.content_terms))
    )
    evidence.score(ranked, asked.query, at, prompt_stems, asks)
    for c in sorted(ranked, key=_is_graph_only):  # ties: graph-only last
        c.checks = check(c.unit, at, gate_config)
        passes[c.id] = all(c.checks.values())
        c.is_history = not c.checks["temporally_valid"] or bool(c.unit.get("superseded_by"))
        c.score = scoring.retrieval_score(
            c, max_fused=max_fused, max_graph=max_graph, weights=weights, now=at, curves=curves
        )
        if prefer_scope and c.unit.get("scope") == prefer_scope:
            c.score *= PREFERRED_SCOPE_BOOST
            c.merit *= PREFERRED_SCOPE_BOOST
        if c.is_history:
            if include_history:
                # Judged here, in this order, as recall always has: a seed's relevance is
                # remembered with the cosine it had then.
                judge(c)
                history.append(c)
            continue
        current.append(c)
    return Scored(ranked, current, history, passes, judge)


def _in_doubt(c: Candidate) -> bool:
    """Contradicted, or about an entity whose identity is in doubt: what a review settles."""
    return not c.checks["no_contradiction"] or not c.checks["unambiguous"]


def gate(scored: Scored, *, strict: bool) -> Gated:
    """Strict mode: an answer must pass every gate check and be relevant; a relevant candidate in
    doubt (contradicted, or about an ambiguous entity) ranked above the best answer contests it."""
    by_score = sorted(scored.current, key=_score_of, reverse=True)
    if not strict:
        return Gated(by_score, None, contested=False)
    judge, passes = scored.judge, scored.passes

    def answers(c: Candidate) -> bool:
        return passes[c.id] and judge(c)

    best_pass = next((c for c in by_score if answers(c)), None)
    # A relevant candidate in doubt that outranks the best passing one, or is closer to the
    # question in meaning (the doubt itself lowers its score: "how do crew sign in?" is asked of
    # two statements in conflict, and a general one about the app passes): say so rather than
    # answer with something less relevant that happens to pass.
    contested = best_pass is not None and (
        any(_in_doubt(c) and judge(c) for c in by_score if _outranks(c, best_pass))
        or _sides_among_best(by_score, judge)
    )
    return Gated(by_score, answers, contested)


def _sides_among_best(by_score: list[Candidate], judge: Callable[[Candidate], bool]) -> bool:
    """Two of the best three relevant candidates are in open conflict: memory disagrees with
    itself about what is asked, whatever else passes. Without meaning to compare (keyword mode)
    a passing statement about the subject outranks the two ("Signup is the registration portal
    …" above "Signup requires parental consent under 18" and a web page's "13 and over consent
    for themselves"), and answering with it hides the disagreement."""
    if sum(not c.checks["no_contradiction"] for c in by_score) < 2:
        return False  # no two in conflict at all: judge nothing more (relevance is lazy)
    best = list(islice((c for c in by_score if judge(c)), 3))
    return sum(not c.checks["no_contradiction"] for c in best) >= 2


def _outranks(c: Candidate, best: Candidate) -> bool:
    """Scored above ``best`` but for its own doubt's penalty, or closer to the question in
    meaning (both embedded)."""
    if c.merit > best.score:
        return True
    return c.cosine is not None and best.cosine is not None and c.cosine > best.cosine


def _conflict_on_top(best: list[Candidate]) -> bool:
    """Nothing was judged to answer, and what memory holds closest to the question is two
    statements in conflict: the best-ranked and another of the best three. "Nothing in memory
    answers it" would hide that memory disagrees with itself about it ("do we fine people for
    no-shows?" with "no fee, only a booking ban" against "£5 for every missed class")."""
    contested = [c for c in best if not c.checks.get("no_contradiction", True)]
    return bool(contested) and contested[0] is best[0] and len(contested) >= 2


def choose(asked: Asked, scored: Scored, gated: Gated, *, k: int, strict: bool) -> Chosen:
    """Up to ``k`` diverse answers (MMR); in strict mode with none, the abstain and its reason."""
    judge = scored.judge
    chosen = [] if gated.contested else scoring.mmr(scored.current, k, keep=gated.answers)
    for c in chosen:
        judge(c)  # strict mode judged them already; items show the check either way
    items = [item(c, failed(c.checks)) for c in chosen]
    history = sorted(
        (item(c, failed(c.checks)) for c in scored.history),
        key=lambda i: i["score"],
        reverse=True,
    )
    if items or not strict:
        # Only what answers the query counts as used: co-occurrence edges (RELATED) between
        # results that failed the relevance check would feed the graph voice unrelated units.
        used = tuple(c.id for c in chosen if c.checks.get("relevant"))
        recording = Recording(asked.now, used=used) if used else None
        return Chosen(items, history, None, recording)
    best = (
        list(islice((c for c in gated.by_score if judge(c)), 3))
        or sorted(scored.candidates, key=_score_of, reverse=True)[:3]
    )
    for c in best:
        judge(c)  # the reason names the first check the best candidate failed
    reason = abstain_reason([c.checks for c in best]) if best else "no_accepted_facts"
    if reason == "no_accepted_facts" and _conflict_on_top(best):
        reason = "contradiction_unresolved"
    need = EvidenceNeed(asked.query, reason, tuple(c.id for c in best))
    return Chosen(items, history, reason, Recording(asked.now, need=need))
