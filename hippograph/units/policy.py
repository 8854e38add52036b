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
from hippograph.schema.text import STOPWORDS, stem

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


# A near copy (close in meaning) is the same statement only when it says nothing new: this many
# words of content the earlier one lacks (or one in place of one of its words) make it a
# statement of its own. "crewlink now shows
# report times in the crew member's base local time, with UTC in brackets" is at cosine 0.90 or
# more to "crewlink shows all duty and report times in UTC" and says what changed.
NEW_WORDS = 2
_CONTENT = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_NEGATIONS = frozenset(
    "no not never none nothing nobody without cannot nor dont doesnt didnt isnt arent wasnt "
    "werent wont cant couldnt shouldnt wouldnt hasnt havent hadnt neednt mustnt".split()
)


def _content(text: str) -> tuple[frozenset[str], bool]:
    """The stems of a text's words of content, and whether it negates ("not", "never",
    "doesn't")."""
    words = _CONTENT.findall(text.casefold())
    negated = any(w in _NEGATIONS or w.endswith("n't") for w in words)
    stems = frozenset(stem(w) for w in words if w not in STOPWORDS)
    return stems, negated


def says_more(earlier: str, later: str) -> bool:
    """Whether ``later`` says something ``earlier`` does not, however close the two are in
    meaning: ``NEW_WORDS`` or more words of content ``earlier`` lacks, a word in place of one of
    its words ("CSV files" / "Parquet files"), or a negation one of them has and the other has
    not ("we use Redis for sessions" / "we don't use Redis …")."""
    before, negated_before = _content(earlier)
    after, negated_after = _content(later)
    added, gone = after - before, before - after
    return len(added) >= NEW_WORDS or bool(added and gone) or negated_before != negated_after


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
