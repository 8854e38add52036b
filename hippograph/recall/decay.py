"""Decay curves per memory_type (SPEC §7), shared by recall and the unit_decay job.

A curve is a Weibull survival function, ``exp(-(age / scale) ** shape)`` with the age in
days since the unit was last used (else recorded). A half-life ``h`` is the special case
``shape = 1, scale = h / ln 2``; ``shape > 1`` holds on longer and then drops (a commitment
that matters until its date), ``shape < 1`` drops early and then lingers (an episode). A
type without a curve never decays: a rule the user gave is kept at full strength.

Pure Python without dependencies: the per-prompt hook imports it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

MEMORY_TYPES = ("commitment", "profile", "project_note", "user_rule", "episodic", "code")
FLOOR = 0.2  # recall never lets decay push a unit below a fifth of its score
NEVER = ("user_rule",)  # SPEC §7: a rule given by the user never decays


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
    """One curve from its configuration: null, {"half_life_days": d} or {"scale_days": s, "shape": k}."""
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
    """The default curves with ``overrides`` (memory_type -> curve spec) applied; bad specs raise ValueError."""
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


def factor(
    unit: Mapping[str, Any], now: datetime, curves: Mapping[str, Curve | None] = DEFAULT_CURVES
) -> float:
    """How much of its strength a unit keeps at ``now``: its type's curve since it was last used
    (else recorded), floored at FLOOR; 1.0 for types that never decay or units without a date."""
    curve = curves.get(
        str(unit.get("memory_type") or "project_note"), DEFAULT_CURVES["project_note"]
    )
    if curve is None:
        return 1.0
    since = unit.get("last_used_at") or unit.get("recorded_at")
    if not isinstance(since, datetime):
        return 1.0
    return max(FLOOR, curve.survival((now - since).total_seconds() / 86400.0))
