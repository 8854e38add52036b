"""The strict-mode gate (docs/recall.md): what a unit must pass before it reaches an agent."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from hippograph.schema import tuning

# Abstain reasons, in the order a failed check explains an abstain best.
REASON_OF_CHECK: dict[str, str] = {
    "relevant": "no_accepted_facts",
    "no_contradiction": "contradiction_unresolved",
    "temporally_valid": "temporal_invalid",
    "unambiguous": "ambiguous_entity",
    "not_refuted": "refuted_or_deprecated",
    "claims_hold": "claim_failed",
    "verified": "unverified_hypothesis",
    "confident": "low_confidence",
    "trusted": "low_trust",
    "has_source": "no_source",
}


# Each abstain reason in words, for people and for the task it records.
REASON_TEXT: dict[str, str] = {
    "no_accepted_facts": "nothing in memory answers it",
    "contradiction_unresolved": "the best answers contradict each other; resolve the conflict",
    "temporal_invalid": "what memory knows is no longer valid",
    "ambiguous_entity": "it is unclear which entity is meant",
    "unverified_hypothesis": "the only answers are unverified hypotheses; confirm or refute them",
    "low_confidence": "the answers are not confident enough",
    "low_trust": "the answers come from sources not trusted enough",
    "refuted_or_deprecated": "the answers were refuted or deprecated",
    "claim_failed": (
        "a path, symbol, branch or commit the answers name is gone; check and update them"
    ),
    "no_source": "the answers have no source",
}


def in_words(reason: str | None) -> str:
    """An abstain as a person reads it: "I don't know (low_trust): the answers come from ..."."""
    return f"I don't know ({reason}): {REASON_TEXT.get(reason or '', reason or 'no reason given')}."


@dataclass(frozen=True)
class GateConfig:
    """Thresholds of the gate."""

    min_confidence: float = tuning.MIN_CONFIDENCE
    min_trust: float = tuning.MIN_TRUST


def check(unit: dict[str, Any], at: datetime, cfg: GateConfig) -> dict[str, bool]:
    """Each gate check and whether the unit passes it at time ``at``."""
    valid_from, valid_until = unit.get("valid_from"), unit.get("valid_until")
    recorded = unit.get("recorded_at")
    return {
        "has_source": bool(str(unit.get("source_ref") or "").strip()),
        "confident": float(unit.get("confidence") or 0.0) >= cfg.min_confidence,
        "trusted": float(unit.get("trust") or 0.0) >= cfg.min_trust,
        "temporally_valid": (valid_from is None or valid_from <= at)
        and (valid_until is None or valid_until > at)
        and unit.get("retired_at") is None
        and (recorded is None or recorded <= at),
        "no_contradiction": not unit.get("in_conflict"),
        "unambiguous": not unit.get("ambiguous"),
        "not_refuted": unit.get("truth_status") not in ("contradicted", "deprecated"),
        "verified": unit.get("truth_status") != "hypothesis"
        or int(unit.get("mention_count") or 1) >= 2,
        "claims_hold": not unit.get("claims_failed"),
    }


def failed(checks: dict[str, bool]) -> list[str]:
    """Names of the failed checks, most explanatory first."""
    return [name for name in REASON_OF_CHECK if not checks.get(name, True)]


def abstain_reason(checks_of_best: list[dict[str, bool]]) -> str:
    """The reason to give when nothing passed: the first failure of the best-ranked candidate."""
    for checks in checks_of_best:
        names = failed(checks)
        if names:
            return REASON_OF_CHECK[names[0]]
    return "no_accepted_facts"
