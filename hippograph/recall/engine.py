"""One recall engine for every surface (docs/recall.md): voices, fusion, scoring, the gate, abstain.

A recall runs five stages, each taking and returning a typed record (``stages.py``):
``shape`` (the query, its intent, the full-text query, the voice weights) -> ``gather`` (which
words are speakers, the query vector, and the one ``recall_candidates`` read; the state as of
a past moment) ->
``score`` -> ``gate`` -> ``choose`` (MMR; an abstain and its reason).

The engine only reads. Its result says what to record (``RecallResult.to_record``: the units
used, or the need for evidence behind an abstain), and the caller records it through
``hippograph.units.usage``; the per-prompt hook records nothing.

Keyword mode uses only the full-text and graph voices and never loads the embedding model. The
engine reads through anything with ``read(name, **params)`` (the Bolt ``Graph`` or, on the hook
path, ``HttpGraph``); what it needs only for history is imported where used, so the
per-prompt hook does not load the driver or pydantic.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Protocol

from hippograph.errors import RecallError
from hippograph.recall import (
    asked_thing,
    decay,
    evidence,
    gate,
    intent,
    lucene,
    scoring,
    stages,
)
from hippograph.recall.stages import Asked, Gathered, Recording
from hippograph.schema import MemoryKind, isotime, tuning
from hippograph.schema.text import STOPWORDS

if TYPE_CHECKING:
    from hippograph.units.embedder import Embedder


class Reader(Protocol):
    """What the engine needs from a graph connection: reads, nothing else."""

    def read(
        self, name: str, /, *, timeout_s: float | None = None, **params: Any
    ) -> list[dict[str, Any]]: ...


MAX_QUERY_CHARS = 4000
MODES = ("keyword", "semantic", "hybrid")
GATHER = 50  # hits kept per voice
# The index answers before recall filters by branch, scope and kind: fetch twice what is kept
# when only branches filter (units of other branches are few), four times when a scope or kinds
# narrow it too.
FETCH_FACTOR = 2
FETCH_FACTOR_FILTERED = 4
# A voice that the filters left short while its index had more asks it again for this many
# (a scope or a reader's view that is a small share of memory; recall_candidates.cypher).
MAX_FETCH = 2000
# ... unless the view is a few scopes holding no more units than this: then the semantic voice
# compares the query with each of them (exact, and cheaper than asking the index for MAX_FETCH
# up to about 1,500 units in a memory of 100,000).
EXACT_VIEW = 1000
SEEDS = 5
MAX_FANOUT = (
    50  # nodes with more relationships are not walked through (see recall_candidates.cypher)
)
# A learned RELATED edge (units returned together) is walked from this weight on: it starts at
# 0.1 and the edge_weights job raises it with co-occurrence and success (docs/recall.md)
LEARNED_FLOOR = 0.2
# Fused candidates loaded and scored: at least this many. With a meaning to compare, scoring
# reorders the fused ranks a lot (fewer lost LoCoMo recall@5 and @10); in keyword mode the score
# is made of the same words the ranks were, so candidates below the 20th rarely rise, and every
# candidate costs the statement a row of properties (docs/recall.md, "Voices").
MIN_CANDIDATES = {"keyword": 20, "semantic": 40, "hybrid": 40}
CANDIDATES_PER_RESULT = 2  # and two per result asked for, so k=100 can return 100
AROUND = 20  # the turns before and after the best this many episodes come along (evidence.py)


@dataclass(frozen=True)
class RecallOptions:
    """How to recall: how many, which voices, where, when, and how strictly."""

    k: int = 5
    mode: str = "hybrid"
    scope: str | None = None
    as_of: datetime | None = None
    strict: bool = True
    kinds: tuple[str, ...] | None = None
    include_history: bool = False
    prefer_scope: str | None = (
        None  # inside a repository its own memory ranks first; the rest stays
    )
    temporal: bool = True  # the recency voice; the prompt hook skips it (one round trip less)
    shared: bool = False  # leave agents' private notes (agent:* scopes) out: an agent's search


@dataclass
class RecallResult:
    """What recall returns: items (or an explicit abstain with its reason), history, and how it
    got there."""

    query: str
    mode: str
    intent: str
    strict: bool
    as_of: datetime
    items: list[dict[str, Any]] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)
    silent: bool = False
    abstain: bool = False
    reason: str | None = None
    task_id: str | None = None  # filled by the caller that recorded the abstain's task
    # an abstain over relevant units that failed a check (unverified, contradicted, low trust,
    # a failed claim...): their ids, best first, so the user can confirm, resolve or fix them
    involved: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    timings_ms: dict[str, float] = field(default_factory=dict)
    to_record: Recording | None = None  # for the write path (units/usage.py); not output

    def as_dict(self) -> dict[str, Any]:
        """Plain dict for JSON output."""
        return {k: v for k, v in self.__dict__.items() if k != "to_record"}


_DATETIMES = ("valid_from", "valid_until", "recorded_at", "retired_at", "last_used_at")


def _with_datetimes(unit: dict[str, Any]) -> dict[str, Any]:
    """recall_candidates sends datetimes as microseconds since the epoch (cheaper on both sides);
    make them datetimes again."""
    for key in _DATETIMES:
        value = unit.get(key)
        if type(value) is int:
            unit[key] = isotime.from_epoch_us(value)
    return unit


class RecallEngine:
    """Runs recall against one graph, for one set of visible branches; reads only."""

    def __init__(
        self,
        graph: Reader,
        *,
        branches: tuple[str, ...],
        clock: Callable[[], datetime],
        embedder: Callable[[], Embedder | None],
        gate_config: gate.GateConfig | None = None,
        weights: dict[str, float] | None = None,
        curves: Mapping[str, decay.Curve | None] | None = None,
    ) -> None:
        self.graph = graph
        self.branches = list(branches)
        self.clock = clock
        self._embedder = embedder
        self.gate_config = gate_config or gate.GateConfig()
        self.weights = weights or tuning.DEFAULT_WEIGHTS
        self.curves = curves if curves is not None else decay.DEFAULT_CURVES

    def recall(self, query: str, opts: RecallOptions) -> RecallResult:
        """Answer one query: shape -> gather -> score -> gate -> choose."""
        asked = self.shape(query, opts)
        result = RecallResult(
            query=query,
            mode=opts.mode,
            intent=asked.shape.intent.value,
            strict=opts.strict,
            as_of=asked.at,
        )
        if asked.shape.is_silent:
            result.silent = True
            return result
        started = time.perf_counter()
        gathered = self.gather(asked, opts)
        scored = stages.score(
            asked,
            gathered,
            include_history=opts.include_history,
            prefer_scope=opts.prefer_scope,
            gate_config=self.gate_config,
            weights=self.weights,
            curves=self.curves,
        )
        gated = stages.gate(scored, strict=opts.strict)
        chosen = stages.choose(asked, scored, gated, k=opts.k, strict=opts.strict)
        if asked.shape.reply and chosen.reason == "no_accepted_facts":
            # "nice one bruv": the stray word is nothing memory knows, so it was chatter
            result.silent = True
            result.notes = [
                "read as a reply to the agent, and memory has nothing on "
                + ", ".join(asked.shape.content_terms)
            ]
            return result
        result.items = chosen.items
        result.history = chosen.history
        result.abstain = chosen.reason is not None
        result.reason = chosen.reason
        need = chosen.recording.need if chosen.recording else None
        if need is not None and need.reason != "no_accepted_facts":
            result.involved = list(need.involved)
        result.notes = [*asked.notes, *gathered.notes]
        result.to_record = chosen.recording
        total = round((time.perf_counter() - started) * 1000, 2)
        result.timings_ms = {**gathered.timings_ms, "total": total}
        return result

    def shape(self, query: str, opts: RecallOptions) -> Asked:
        """Stage 1: check the query and options; its intent, full-text query and voice weights."""
        if not query or not query.strip():
            raise RecallError(
                'the query is empty; say what to recall, e.g. "which database do we use".'
            )
        if len(query) > MAX_QUERY_CHARS:
            raise RecallError(
                f"the query has {len(query)} characters, over the limit of {MAX_QUERY_CHARS}; "
                "shorten it."
            )
        if opts.mode not in MODES:
            raise RecallError(f"unknown mode {opts.mode!r}; use keyword, semantic or hybrid.")
        if opts.k < 1 or opts.k > 100:
            raise RecallError(f"k={opts.k} is out of range; ask for 1 to 100 results.")
        unknown = sorted(set(opts.kinds or ()) - {k.value for k in MemoryKind})
        if unknown:
            raise RecallError(
                f"unknown kind {', '.join(map(repr, unknown))}; use "
                f"{', '.join(k.value for k in MemoryKind)}."
            )
        now = self.clock()
        at = opts.as_of or now
        q = intent.shape(query)
        notes: list[str] = []
        lexical: str | None = None
        if not q.is_silent and opts.mode in ("keyword", "hybrid"):
            text, dropped = lucene.build(q)
            if dropped:
                notes.append(
                    f"query too long for the full-text voice: {len(dropped)} terms left out "
                    f"({', '.join(dropped[:5])}...)"
                )
            lexical = text or None
        # Recency matters to "when" questions; elsewhere it only re-ranked what other voices found.
        since = (
            at - timedelta(days=30)
            if opts.mode != "semantic" and opts.temporal and q.intent == intent.Intent.WHEN
            else None
        )
        weights = dict(intent.VOICE_WEIGHTS[q.intent])
        return Asked(query, q, now, at, weights, lexical, since, tuple(notes))

    def gather(self, asked: Asked, opts: RecallOptions) -> Gathered:
        """Stage 2: embed the query (semantic voice), run the one candidates read, and replace each
        candidate by its state at ``as_of`` when one is given."""
        started = time.perf_counter()
        timings: dict[str, float] = {}
        notes: list[str] = []
        qvec: list[float] | None = None
        embedder = None
        if opts.mode in ("semantic", "hybrid"):
            embedder = self._embedder()
            if embedder is None:
                if opts.mode == "semantic":
                    raise RecallError(
                        "semantic mode needs the embedding model; "
                        "install it with `make install` (see `hippo doctor`) or use --mode keyword."
                    )
                notes.append("semantic voice off: the embedding model is not installed")
        # Whose turn it is counts apart (evidence.py): with a meaning to compare, both voices ask
        # what the query asks about the speakers it names, without their names. Keyword mode
        # skips the read it takes: it is the prompt hook's mode, and its budget is a few ms.
        lexical = asked.lexical
        asked_about = asked.query
        if embedder is not None:
            t0 = time.perf_counter()
            speakers = self._speakers_named(asked.query, opts)
            timings["speakers"] = round((time.perf_counter() - t0) * 1000, 2)
            asked_about = evidence.without_speakers(asked.query, speakers)
            if lexical is not None and asked_about != asked.query:
                lexical = lucene.build(intent.shape(asked_about))[0] or lexical
        rest_vec: list[float] | None = None
        if embedder is not None:
            t0 = time.perf_counter()
            # and without the words that name what it asks for, when it names it ("which
            # license …"): the gate compares the two cosines (relevance.asks_another_thing)
            thing = asked_thing.asked_thing(intent.question_of(asked.query))
            rest = asked_thing.without_words(asked_about, thing)
            texts = [asked_about] if rest == asked_about else [asked_about, rest]
            vectors = embedder.embed(texts)
            qvec, rest_vec = vectors[0], vectors[-1]
            timings["embed"] = round((time.perf_counter() - t0) * 1000, 2)
        ranked: list[scoring.Candidate] = []
        if lexical is not None or qvec is not None:
            t0 = time.perf_counter()
            (found,) = self.graph.read(
                "recall_candidates",
                # one type per parameter whatever is asked (see the statement): no voice is ''
                # or false, any scope '' and any kind ['*']
                query=lexical or "",
                embedding=qvec,
                rest_embedding=rest_vec,
                temporal=asked.since is not None,
                since=asked.since or asked.at,
                limit=GATHER,
                fetch=GATHER
                * (FETCH_FACTOR_FILTERED if opts.scope or opts.kinds else FETCH_FACTOR),
                max_fetch=MAX_FETCH,
                exact_view=EXACT_VIEW,
                seeds=SEEDS,
                per_seed=20,
                hop_decay=0.7,
                max_fanout=MAX_FANOUT,
                learned_floor=LEARNED_FLOOR,
                weights=asked.voice_weights,
                rrf_k=float(scoring.RRF_K),
                candidates=max(MIN_CANDIDATES[opts.mode], CANDIDATES_PER_RESULT * opts.k),
                around=AROUND,
                branches=self.branches,
                scope=opts.scope or "",
                kinds=list(opts.kinds or ("*",)),
                shared=opts.shared,
            )
            timings["statement"] = round((time.perf_counter() - t0) * 1000, 2)
            rows = found["rows"]  # one record holds them all (recall_candidates.cypher)
            ranked = [
                scoring.candidate(
                    row["id"], _with_datetimes(row["unit"]), row["fused"], row["hits"], seeds=SEEDS
                )
                for row in rows
            ]
        timings["voices"] = round((time.perf_counter() - started) * 1000, 2)
        if opts.as_of is not None:
            self._as_of(ranked, opts.as_of)
        return Gathered([c for c in ranked if c.unit], tuple(notes), timings)

    def _speakers_named(self, query: str, opts: RecallOptions) -> list[str]:
        """The words of the query that name a speaker of visible episodes, whole ("Jon", "Ana
        Lima") or by first name ("Alice" for "Alice Smith")."""
        names = evidence.name_words(query, STOPWORDS)
        if not names:
            return []
        rows = self.graph.read(
            "speakers_named", names=names, branches=self.branches, scope=opts.scope or ""
        )
        return [str(r["name"]) for r in rows]

    def _as_of(self, cands: list[scoring.Candidate], as_of: datetime) -> None:
        """Replace each candidate by its state at ``as_of`` (empty if it did not exist yet)."""
        from hippograph.units import history

        past = history.states_at(self.graph, [c.id for c in cands], as_of)  # type: ignore[arg-type]
        for c in cands:
            then = past.get(c.id)
            if then is None:
                c.unit = {}
            else:
                keep: dict[str, Any] = {
                    k: c.unit[k]
                    for k in (
                        "cosine",
                        "rest_cosine",
                        "sentence_cosine",
                        "ambiguous",
                        "about",
                        "prev_turn",
                        "next_turn",
                        "prev2_turn",
                    )
                    if k in c.unit
                }
                c.unit = {**then, **keep, "superseded_by": []}
