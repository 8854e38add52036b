"""The numbers recall is tuned with, their defaults and their checks: the RetrievalScore
weights, the decay curve of each memory type, and the strict gate's thresholds.

Pure Python without dependencies, so that ``Settings`` (pydantic) and the prompt hook's
light path (no pydantic) validate the same values the same way. docs/recall.md explains
each number; docs/configuration.md names the variables that override them.

A decay curve is a Weibull survival function, ``exp(-(age / scale) ** shape)`` with the age
in days since the unit was last used (else recorded). A half-life ``h`` is the special case
``shape = 1, scale = h / ln 2``; ``shape > 1`` holds on longer and then drops (a commitment
that matters until its date), ``shape < 1`` drops early and then lingers (an episode). A
type without a curve never decays: a rule the user gave is kept at full strength.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

MIN_CONFIDENCE = 0.45  # the strict gate: least confidence a unit needs
MIN_TRUST = 0.5  # the strict gate: least trust a unit needs

DEFAULT_WEIGHTS: dict[str, float] = {
    "semantic_similarity": 0.35,
    "memory_score": 0.20,
    "graph_relevance": 0.15,
    "temporal_validity": 0.15,
    "trust": 0.10,
    "ambiguity_penalty": 0.15,
}


def check_weights(value: Mapping[str, float]) -> dict[str, float]:
    """The RetrievalScore weights, refused (ValueError) unless all six are given as numbers."""
    if not isinstance(value, Mapping) or set(value) != set(DEFAULT_WEIGHTS):
        raise ValueError(f"give all six weights: {', '.join(sorted(DEFAULT_WEIGHTS))}")
    if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value.values()):
        raise ValueError("every weight must be a number")
    return {k: float(v) for k, v in value.items()}


MEMORY_TYPES = ("commitment", "profile", "project_note", "user_rule", "episodic", "code")
NEVER = ("user_rule",)  # a rule given by the user never decays


@dataclass(frozen=True)
class Curve:
    """Weibull survival: the share of strength left after ``age`` days."""

    scale_days: float
    shape: float = 1.0

    @classmethod
    def half_life(cls, days: float) -> Curve:
        """The curve that halves every ``days`` days."""
        return cls(scale_days=days / math.log(2), shape=1.0)

    def survival(self, age_days: float) -> float:
        """exp(-(age / scale) ** shape), 1.0 at age 0."""
        return math.exp(-((max(age_days, 0.0) / self.scale_days) ** self.shape))

    def as_params(self) -> dict[str, float]:
        """The curve as the unit_decay job takes it."""
        return {"scale_days": self.scale_days, "shape": self.shape}


DEFAULT_CURVES: dict[str, Curve | None] = {
    "commitment": Curve.half_life(14.0),
    "episodic": Curve.half_life(365.0),
    "project_note": Curve.half_life(150.0),
    "profile": Curve.half_life(730.0),
    "code": None,
    "user_rule": None,
}


def _curve(memory_type: str, spec: Any) -> Curve | None:
    """One curve from its configuration: null, {"half_life_days": d} or {"scale_days": s,
    "shape": k}."""
    if spec is None:
        return None
    if not isinstance(spec, Mapping):
        raise ValueError(
            f'{memory_type}: give null, {{"half_life_days": D}} or {{"scale_days": S, "shape": K}}'
        )
    keys = set(spec)
    numbers = {
        k: v
        for k, v in spec.items()
        if isinstance(v, int | float) and not isinstance(v, bool) and v > 0
    }
    if keys == {"half_life_days"} and len(numbers) == 1:
        return Curve.half_life(float(spec["half_life_days"]))
    if keys in ({"scale_days"}, {"scale_days", "shape"}) and len(numbers) == len(keys):
        return Curve(scale_days=float(spec["scale_days"]), shape=float(spec.get("shape", 1.0)))
    raise ValueError(
        f'{memory_type}: give null, {{"half_life_days": D}} or {{"scale_days": S, "shape": K}} '
        "with positive numbers"
    )


def resolve(overrides: Mapping[str, Any]) -> dict[str, Curve | None]:
    """The default curves with ``overrides`` (memory_type -> curve spec) applied;
    bad specs raise ValueError."""
    unknown = sorted(set(overrides) - set(MEMORY_TYPES))
    if unknown:
        raise ValueError(
            f"unknown memory_type {', '.join(unknown)}; known: {', '.join(MEMORY_TYPES)}"
        )
    out = dict(DEFAULT_CURVES)
    for memory_type, spec in overrides.items():
        curve = _curve(memory_type, spec)
        if curve is not None and memory_type in NEVER:
            raise ValueError(
                f"{memory_type}: a rule given by the user never decays; leave it out or give null"
            )
        out[memory_type] = curve
    return out
