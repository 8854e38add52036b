"""The deterministic rules of the ingest pipeline (docs/lifecycle-and-history.md): trust,
strengthening, lifecycle.

Pure functions, no database: they decide; ``pipeline`` applies.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from datetime import datetime, timedelta

from hippograph.schema import INITIAL_TRUST, Lifecycle, SourceKind, TruthStatus

# How much one more mention by a source raises confidence, as a share of the gap to 1.
MENTION_STEP: dict[SourceKind, float] = {
    SourceKind.USER: 0.20,
    SourceKind.AGENT: 0.10,
    SourceKind.IMPORT: 0.08,
    SourceKind.TOOL: 0.05,
    SourceKind.WEB: 0.05,
}
CONFIRM_STEP = 0.5
CONSOLIDATE_CONFIDENCE = 0.75
STAGING_TTL = timedelta(days=30)
WORKING_TTL = timedelta(days=14)
FUTURE_SLACK = timedelta(minutes=5)

_SPACE = re.compile(r"\s+")
_TRAILING = re.compile(r"[\s.!?;,]+$")


def initial_trust(source: SourceKind, trust: float | None = None) -> float:
    """Trust by source (user 0.9, agent 0.7, import 0.6, tool 0.5, web 0.55), unless given."""
    return INITIAL_TRUST[source] if trust is None else trust


def initial_truth(source: SourceKind) -> TruthStatus:
    """What a fresh unit is: the user's word is a candidate, everyone else's a hypothesis."""
    return (
        TruthStatus.CANDIDATE
        if source in (SourceKind.USER, SourceKind.IMPORT)
        else TruthStatus.HYPOTHESIS
    )


def initial_confidence(source: SourceKind, confidence: float | None = None) -> float:
    """Confidence of a first mention: a notch under the source's trust, unless given."""
    return round(INITIAL_TRUST[source] * 0.8, 4) if confidence is None else confidence


def strengthened(confidence: float, source: SourceKind) -> float:
    """Confidence after one more mention by ``source``."""
    return round(confidence + MENTION_STEP[source] * (1.0 - confidence), 6)


def normalise(text: str) -> str:
    """Text reduced for exact-duplicate detection: NFKC, case-folded, spaces collapsed,
    end punctuation cut."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return _TRAILING.sub("", _SPACE.sub(" ", folded).strip())


def key_of(name: str) -> str:
    """Key for names of entities, subjects and topics: normalised the same way."""
    return normalise(name)


def dedup_key(kind: str, scope: str, branch: str, text: str) -> str:
    """The MERGE key that makes two mentions of one statement one unit."""
    raw = "\x1f".join((kind, scope, branch, normalise(text)))
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


def next_lifecycle(
    current: Lifecycle | str,
    *,
    truth_status: TruthStatus | str,
    confidence: float,
    mention_count: int,
    linked: bool,
    in_conflict: bool,
) -> Lifecycle:
    """Where a unit belongs now: consolidated only when confirmed, linked,
    uncontested and confident."""
    current = Lifecycle(current)
    truth = TruthStatus(truth_status)
    if current == Lifecycle.ARCHIVED or truth in (TruthStatus.DEPRECATED, TruthStatus.CONTRADICTED):
        return current
    if (
        truth == TruthStatus.CONFIRMED
        and linked
        and not in_conflict
        and confidence >= CONSOLIDATE_CONFIDENCE
    ):
        return Lifecycle.CONSOLIDATED
    if current == Lifecycle.CONSOLIDATED and not in_conflict:
        return current
    if truth == TruthStatus.CONFIRMED or mention_count >= 2:
        return Lifecycle.WORKING
    return Lifecycle.STAGING


def ttl_for(lifecycle: Lifecycle, now: datetime) -> datetime | None:
    """When an unconfirmed unit in this lifecycle expires (None: it does not)."""
    if lifecycle == Lifecycle.STAGING:
        return now + STAGING_TTL
    if lifecycle == Lifecycle.WORKING:
        return now + WORKING_TTL
    return None
