"""Decay curves per memory_type (docs/recall.md), shared by recall and the unit_decay job.

A curve is a Weibull survival function, ``exp(-(age / scale) ** shape)`` with the age in
days since the unit was last used (else recorded). A half-life ``h`` is the special case
``shape = 1, scale = h / ln 2``; ``shape > 1`` holds on longer and then drops (a commitment
that matters until its date), ``shape < 1`` drops early and then lingers (an episode). A
type without a curve never decays: a rule the user gave is kept at full strength.

Pure Python without dependencies: the per-prompt hook imports it.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from hippograph.schema.tuning import DEFAULT_CURVES, MEMORY_TYPES, NEVER, Curve, resolve

FLOOR = 0.2  # recall never lets decay push a unit below a fifth of its score


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


__all__ = ["DEFAULT_CURVES", "FLOOR", "MEMORY_TYPES", "NEVER", "Curve", "factor", "resolve"]
