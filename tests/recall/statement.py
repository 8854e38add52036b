"""The parameters of recall_candidates.cypher, as the engine sends them, for tests that run the
statement itself."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from hippograph.graph.client import Graph

ALL_VOICES = {"lexical": 1.0, "semantic": 1.0, "temporal": 1.0, "graph": 1.0}


def candidate_params(**overrides: Any) -> dict[str, Any]:
    """Every parameter of recall_candidates with the engine's values; ``overrides`` win."""
    params: dict[str, Any] = {
        "query": "",
        "embedding": None,
        "rest_embedding": None,
        "temporal": False,
        "since": datetime(2026, 1, 1, tzinfo=UTC),
        "fetch": 100,
        "max_fetch": 2000,
        "exact_view": 1000,
        "limit": 50,
        "seeds": 5,
        "per_seed": 20,
        "hop_decay": 0.7,
        "max_fanout": 50,
        "learned_floor": 0.2,
        "weights": ALL_VOICES,
        "rrf_k": 60.0,
        "candidates": 40,
        "around": 20,
        "branches": ["main"],
        "scope": "",
        "kinds": ["*"],
        "shared": False,
    }
    return {**params, **overrides}


def candidates(graph: Graph, **overrides: Any) -> list[dict[str, Any]]:
    """The candidates recall_candidates returns (one record holds them all), best fused first."""
    (found,) = graph.read("recall_candidates", **candidate_params(**overrides))
    rows: list[dict[str, Any]] = found["rows"]
    return rows
