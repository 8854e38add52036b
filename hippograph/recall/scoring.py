"""Candidates from the fused rows, RetrievalScore (docs/recall.md) x decay (docs/recall.md), and MMR
diversification. Pure maths.

Fusion itself (weighted reciprocal rank) runs in ``recall_candidates.cypher``."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from hippograph.recall import decay

RRF_K = 60
HISTORY_PENALTY = 0.5
# A seed episode's graph relevance is this share of its voice's 1/rank (other seeds: all of it).
# An episode's evidence already counts its voices' scores, the turns around it and its session;
# at 1.0 a voice's first hit among the turns gained 0.15 of RetrievalScore, nearly half of what
# the best evidence gives (0.35), however weakly it answered (docs/recall.md, "Score").
EPISODE_SEED_SHARE = 0.5
# MMR sets apart copies, not siblings: two units whose words overlap less than this (Jaccard)
# are different facts and keep their order. Turns and facts on one topic share a third of their
# words or less ("the", a name, the topic); a copy that differs in a word or two shares most.
NEAR_COPY = 0.5


@dataclass
class Candidate:
    """One unit on its way through fusion and scoring."""

    id: str
    unit: dict[str, Any]
    ranks: dict[str, int] = field(default_factory=dict)  # voice -> 1-based rank
    voice_scores: dict[str, float] = field(default_factory=dict)
    fused: float = 0.0
    cosine: float | None = None
    score: float = 0.0
    parts: dict[str, float] = field(default_factory=dict)
    checks: dict[str, bool] = field(default_factory=dict)
    is_history: bool = False
    via: list[tuple[str, float]] = field(
        default_factory=list
    )  # graph hits: seeds that reached them, strongest first
    seed_score: float = 0.0  # for seeds of the graph walk: how strong a seed (1/rank)
    evidence: float | None = None  # how well it answers, in [0, 1] (evidence.py)
    merit: float = 0.0  # the score without its own doubt's penalty (stages.gate)


def candidate(
    unit_id: str,
    unit: dict[str, Any],
    fused: float,
    hits: Sequence[Mapping[str, Any]],
    *,
    seeds: int,
) -> Candidate:
    """A candidate from one row of ``recall_candidates``: the voices that found it (rank, score, and
    for the graph voice every seed that reached it) and its fused score,
    sum over voices of w / (RRF_K + rank).

    A unit in the top ``seeds`` of the lexical or semantic voice was a seed of the graph walk, as
    strong as 1/rank."""
    c = Candidate(id=unit_id, unit=unit, fused=float(fused))
    for hit in hits:
        voice, rank = str(hit["voice"]), int(hit["rank"])
        c.ranks[voice] = rank
        c.voice_scores[voice] = float(hit["score"])
        if hit.get("via"):
            c.via = [(str(v["id"]), float(v["score"])) for v in hit["via"]]
        if voice in ("lexical", "semantic") and rank <= seeds:
            c.seed_score = max(c.seed_score, 1.0 / rank)
    return c


def retrieval_score(
    c: Candidate,
    *,
    max_fused: float,
    max_graph: float,
    weights: Mapping[str, float],
    now: datetime,
    curves: Mapping[str, decay.Curve | None] = decay.DEFAULT_CURVES,
) -> float:
    """RetrievalScore x decay.
    ``semantic_similarity`` is the candidate's evidence score (``evidence.py``) when it was
    scored; otherwise the cosine when the unit has an embedding and the query was embedded,
    averaged with the normalised fused rank, and in keyword mode the fused rank alone."""
    rank_rel = c.fused / max_fused if max_fused > 0 else 0.0
    if c.evidence is not None:
        relevance = c.evidence
    else:
        relevance = rank_rel if c.cosine is None else 0.5 * max(c.cosine, 0.0) + 0.5 * rank_rel
    unit = c.unit
    # A seed of the walk is as graph-relevant as its voice's 1/rank (an episode: EPISODE_SEED_SHARE
    # of it), or as what the walk gave it when that is more; what the walk reached, 0.8 of that.
    walked = c.voice_scores.get("graph", 0.0) / max_graph if max_graph > 0 else 0.0
    share = EPISODE_SEED_SHARE if unit.get("kind") == "episode" else 1.0
    graph = max(walked * (1.0 if c.seed_score else 0.8), share * c.seed_score)
    ambiguity = 1.0 if unit.get("ambiguous") else (0.5 if unit.get("in_conflict") else 0.0)
    c.parts = {
        "semantic_similarity": round(relevance, 4),
        "memory_score": float(unit.get("memory_score") or 0.5),
        "graph_relevance": round(graph, 4),
        "temporal_validity": 0.0 if c.is_history else 1.0,
        "trust": float(unit.get("trust") or 0.0),
        "ambiguity_penalty": ambiguity,
    }
    raw = sum(weights[k] * v for k, v in c.parts.items() if k != "ambiguity_penalty")
    raw -= weights["ambiguity_penalty"] * ambiguity
    d = decay.factor(unit, now, curves) * (HISTORY_PENALTY if c.is_history else 1.0)
    c.parts["decay"] = round(d, 4)
    c.merit = max(raw + weights["ambiguity_penalty"] * ambiguity, 0.0) * d
    return max(raw, 0.0) * d


_TOKENS = re.compile(r"\w+")


def _words(c: Candidate) -> frozenset[str]:
    return frozenset(
        _TOKENS.findall(f"{c.unit.get('title') or ''} {c.unit.get('text') or ''}".lower())
    )


def similarity(a: frozenset[str], b: frozenset[str]) -> float:
    """Word-set Jaccard: near-duplicates score close to 1."""
    return len(a & b) / len(a | b) if a and b else 0.0


def redundancy(a: frozenset[str], b: frozenset[str]) -> float:
    """How much MMR holds ``a`` back once ``b`` is chosen: their similarity when they are near
    copies (``NEAR_COPY``), else nothing."""
    near = similarity(a, b)
    return near if near >= NEAR_COPY else 0.0


def mmr(
    cands: Sequence[Candidate],
    k: int,
    lam: float = 0.7,
    keep: Callable[[Candidate], bool] | None = None,
) -> list[Candidate]:
    """Maximal marginal relevance over the candidates ``keep`` accepts (all when None): the best,
    then each next one balancing score and novelty, where only a near copy of something chosen
    counts as not novel (``redundancy``): five copies of one fact do not push out four different
    facts, and four different turns about one topic keep the order their scores give.

    Candidates are visited best score first, so a visit stops as soon as no later one could win even
    with no similarity at all; each candidate compares itself only with what was chosen since it was
    last visited, and ``keep`` is asked only about candidates a visit reaches (it should remember
    its answers). Same picks as filtering first and comparing everything,
    at a fraction of the work."""
    pool = sorted(cands, key=lambda c: c.score, reverse=True)
    if keep is not None:
        pool = pool[next((i for i, c in enumerate(pool) if keep(c)), len(pool)) :]
    if not pool:
        return []
    top = pool[0].score or 1.0
    words: dict[int, frozenset[str]] = {}

    def words_of(c: Candidate) -> frozenset[str]:
        if id(c) not in words:
            words[id(c)] = _words(c)
        return words[id(c)]

    closest = dict.fromkeys(map(id, pool), 0.0)
    compared = dict.fromkeys(
        map(id, pool), 0
    )  # how many of the chosen each candidate was compared with
    chosen: list[Candidate] = []
    while pool and len(chosen) < k:
        best: Candidate | None = None
        best_value = float("-inf")
        for c in pool:
            if lam * (c.score / top) <= best_value:
                break  # scores only fall from here, and similarity only lowers a value
            if keep is not None and not keep(c):
                continue
            key = id(c)
            if compared[key] < len(chosen):
                mine = words_of(c)
                for picked in chosen[compared[key] :]:
                    closest[key] = max(closest[key], redundancy(mine, words_of(picked)))
                compared[key] = len(chosen)
            value = lam * (c.score / top) - (1 - lam) * closest[key]
            if value > best_value:
                best, best_value = c, value
        if best is None:
            break
        chosen.append(best)
        pool.remove(best)
    return chosen
