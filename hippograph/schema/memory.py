"""Knowledge units: every node carrying ``:Memory`` plus its kind (docs/graph-model.md)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator, model_validator

from hippograph.schema.base import (
    EMBEDDING_DIMENSIONS,
    MAX_SENTENCE_VECTORS,
    NodeRecord,
    as_utc,
    check_text,
    utc_now,
)
from hippograph.schema.enums import (
    Lifecycle,
    MemoryKind,
    MemoryType,
    NodeLabel,
    RuleCategory,
    Severity,
    SourceKind,
    TruthStatus,
)

INITIAL_TRUST: dict[SourceKind, float] = {
    SourceKind.USER: 0.9,
    SourceKind.AGENT: 0.7,
    SourceKind.IMPORT: 0.6,
    SourceKind.TOOL: 0.5,
    # web sources range 0.4-0.7 depending on the site; a caller may pass its own
    SourceKind.WEB: 0.55,
}


class MemoryRecord(NodeRecord):
    """Fields every knowledge unit has."""

    labels: ClassVar[tuple[NodeLabel, ...]] = (NodeLabel.MEMORY,)
    memory_kind: ClassVar[MemoryKind]

    kind: str = ""
    text: str
    title: str | None = None
    aliases: list[str] = Field(default_factory=list)
    topic: str | None = None
    subject: str | None = None
    truth_status: TruthStatus = TruthStatus.CANDIDATE
    lifecycle: Lifecycle = Lifecycle.STAGING
    source_ref: str = Field(min_length=1, max_length=2000)
    source_kind: SourceKind
    trust: float = Field(ge=0.0, le=1.0)
    confidence: float = Field(ge=0.0, le=1.0)
    valid_from: datetime | None = None
    valid_until: datetime | None = None
    recorded_at: datetime = Field(default_factory=utc_now)
    retired_at: datetime | None = None
    scope: str = Field(default="workspace", min_length=1, max_length=200)
    branch: str = Field(default="main", min_length=1, max_length=250)
    memory_type: MemoryType = MemoryType.PROJECT_NOTE
    usage_count: int = Field(default=0, ge=0)
    mention_count: int = Field(default=1, ge=0)
    last_used_at: datetime | None = None
    memory_score: float = Field(default=0.5, ge=0.0, le=1.0)
    embedding: list[float] | None = None
    # one vector per sentence of a long text, flat (units/sentences.py); empty for a short one,
    # unset when not embedded yet
    sentence_embeddings: list[float] | None = None
    dedup_key: str | None = None
    source_path: str | None = None  # file part of source_ref, for re-imports
    ttl_until: datetime | None = None
    activation: float = Field(default=1.0, ge=0.0)
    in_conflict: bool = False
    superseded_at: datetime | None = None
    details_text: str | None = (
        None  # searchable detail: a decision's problem and alternatives, a failure's cause
    )

    @model_validator(mode="before")
    @classmethod
    def _fill_kind(cls, data: Any) -> Any:
        if isinstance(data, dict) and not data.get("kind") and hasattr(cls, "memory_kind"):
            data = {**data, "kind": cls.memory_kind.value}
        return data

    @field_validator("text")
    @classmethod
    def _text(cls, value: str) -> str:
        return check_text(value)

    @field_validator(
        "valid_from",
        "valid_until",
        "recorded_at",
        "retired_at",
        "last_used_at",
        "ttl_until",
        "superseded_at",
    )
    @classmethod
    def _aware(cls, value: datetime | None) -> datetime | None:
        return as_utc(value)

    @field_validator("embedding")
    @classmethod
    def _dims(cls, value: list[float] | None) -> list[float] | None:
        if value is not None and len(value) != EMBEDDING_DIMENSIONS:
            raise ValueError(
                f"an embedding has {EMBEDDING_DIMENSIONS} dimensions, not {len(value)}"
            )
        return value

    @field_validator("sentence_embeddings")
    @classmethod
    def _sentence_dims(cls, value: list[float] | None) -> list[float] | None:
        if value is not None and (
            len(value) % EMBEDDING_DIMENSIONS
            or len(value) > MAX_SENTENCE_VECTORS * EMBEDDING_DIMENSIONS
        ):
            raise ValueError(
                f"sentence embeddings are up to {MAX_SENTENCE_VECTORS} vectors of "
                f"{EMBEDDING_DIMENSIONS} dimensions, not {len(value)} numbers"
            )
        return value

    @model_validator(mode="after")
    def _validity_order(self) -> MemoryRecord:
        if self.valid_from and self.valid_until and self.valid_from > self.valid_until:
            raise ValueError(
                "valid_from is after valid_until; a unit cannot stop being true before it starts"
            )
        return self

    @classmethod
    def all_labels(cls) -> list[str]:
        return [NodeLabel.NODE.value, NodeLabel.MEMORY.value, cls.memory_kind.label.value]


class Fact(MemoryRecord):
    """One atomic statement: a convention, a preference, a state of the world."""

    memory_kind: ClassVar[MemoryKind] = MemoryKind.FACT
    id_prefix: ClassVar[str] = "fact"


class Decision(MemoryRecord):
    """A choice: the problem, the decision (``text``), the reasoning and, later, the outcome."""

    memory_kind: ClassVar[MemoryKind] = MemoryKind.DECISION
    id_prefix: ClassVar[str] = "dec"

    problem: str | None = None
    reasoning: str | None = None
    outcome: str | None = None
    outcome_at: datetime | None = None
    status: str | None = None


class Failure(MemoryRecord):
    """Negative memory: what broke (``text``), why, the fix,
    and the commit or test that proves it."""

    memory_kind: ClassVar[MemoryKind] = MemoryKind.FAILURE
    id_prefix: ClassVar[str] = "fail"

    why: str | None = None
    fix: str | None = None
    commit: str | None = None
    test: str | None = None

    @model_validator(mode="after")
    def _proof(self) -> Failure:
        if not (self.commit or self.test):
            raise ValueError("a failure needs the commit or the test that proves it")
        return self


class Rule(MemoryRecord):
    """A normative rule; with no check it is advisory and pushed to agents as policy."""

    memory_kind: ClassVar[MemoryKind] = MemoryKind.RULE
    id_prefix: ClassVar[str] = "rule"

    category: RuleCategory
    severity: Severity
    applies_to: str = Field(
        default="*", min_length=1, description="path glob, symbol or repository"
    )
    check_kind: str | None = Field(default=None, pattern=r"^(forbid|require|ts-query)$")
    pattern: str | None = None
    language: str | None = None  # for ts-query checks
    memory_type: MemoryType = MemoryType.USER_RULE


class Episode(MemoryRecord):
    """Raw evidence: a conversation turn, a session, a commit, a document section."""

    memory_kind: ClassVar[MemoryKind] = MemoryKind.EPISODE
    id_prefix: ClassVar[str] = "ep"

    session: str | None = None
    turn: int | None = None
    speaker: str | None = None
    occurred_at: datetime | None = None
    memory_type: MemoryType = MemoryType.EPISODIC
    # what the embedding was computed from: "words", the turn's words alone (whose turn it is
    # counts apart in recall); unset on a turn embedded as "speaker: words" before, which the
    # `embed` maintenance job embeds again
    embedding_of: Literal["words"] | None = None

    @field_validator("occurred_at")
    @classmethod
    def _aware_occurred(cls, value: datetime | None) -> datetime | None:
        return as_utc(value)


MEMORY_CLASSES: dict[MemoryKind, type[MemoryRecord]] = {
    MemoryKind.FACT: Fact,
    MemoryKind.DECISION: Decision,
    MemoryKind.FAILURE: Failure,
    MemoryKind.RULE: Rule,
    MemoryKind.EPISODE: Episode,
}
