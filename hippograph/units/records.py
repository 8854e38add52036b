"""What a write builds: who writes (``WriteContext``), the record of a new unit, what remember did.

Nothing here touches the database; the pipeline, the links and the lifecycle use these.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from hippograph.errors import IngestError
from hippograph.schema import (
    MEMORY_CLASSES,
    Lifecycle,
    MemoryRecord,
    SourceKind,
    UnitInput,
    new_id,
    utc_now,
)
from hippograph.units import policy
from hippograph.units.embedder import Embedder, vector_fields
from hippograph.units.secrets import RedactingEmbedder


@dataclass(frozen=True)
class WriteContext:
    """Who writes, where, and with which embedder and clock."""

    actor: str
    scope: str
    branch: str
    visible_branches: tuple[str, ...]
    embedder: Embedder | None = None
    clock: Callable[[], datetime] = utc_now
    project: str | None = None  # the repository worked in: code names resolve there only
    # Indexes the source files a unit's --governs/--broke name (FILE, FILE:SYMBOL) before it is
    # written, so the link finds them (code/named.py); None: nothing is indexed.
    index_named: Callable[[list[str]], None] | None = None

    def __post_init__(self) -> None:
        # Whatever the write path embeds is redacted first: a secret is never embedded.
        if self.embedder is not None and not isinstance(self.embedder, RedactingEmbedder):
            object.__setattr__(self, "embedder", RedactingEmbedder(self.embedder))


@dataclass
class RememberResult:
    """What one remember did: created, strengthened, superseded others, or opened a conflict."""

    id: str
    action: str
    kind: str
    superseded: list[str] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)
    tasks: list[str] = field(default_factory=list)
    superseded_by: str | None = None  # set when the new unit was already out of date
    batch_id: str = ""
    notes: list[str] = field(default_factory=list)  # what the write did that was not asked

    def as_dict(self) -> dict[str, Any]:
        """Plain dict for JSON output."""
        return dict(self.__dict__)


def vectors(ctx: WriteContext, texts: Sequence[str]) -> list[dict[str, Any]]:
    """Per text, the vector properties a unit stores of it (``embedding``,
    ``sentence_embeddings``), computed outside any transaction; empty maps without a model
    (maintenance embeds those units later)."""
    if ctx.embedder is None:
        return [{} for _ in texts]
    return vector_fields(ctx.embedder, texts)


def build_record(ctx: WriteContext, unit: UnitInput, now: datetime) -> MemoryRecord:
    """Validate the input into the record of its kind (raises pydantic errors on bad fields)."""
    if (
        unit.valid_from is not None
        and unit.valid_from > now + policy.FUTURE_SLACK
        and not unit.future
    ):
        raise IngestError(
            f"valid_from {unit.valid_from.isoformat()} is in the future; pass --future "
            "if the change is planned."
        )
    if not unit.source_ref or not unit.source_ref.strip():
        raise IngestError(
            "a unit needs a source: give source_ref (path#Lx-Ly, commit, session#turn or URL)."
        )
    cls = MEMORY_CLASSES[unit.kind]
    source = SourceKind(unit.source)
    scope = unit.scope or ctx.scope
    branch = unit.branch or ctx.branch
    subject = unit.subject or (unit.about[0] if unit.about else None)
    path = unit.source_ref.split("#", 1)[0] if "#" in unit.source_ref else None
    values: dict[str, Any] = {
        "id": new_id(cls.id_prefix),
        "text": unit.text,
        "title": unit.title,
        "aliases": unit.aliases,
        "topic": policy.key_of(unit.topic) if unit.topic else None,
        "subject": policy.key_of(subject) if subject else None,
        "truth_status": policy.initial_truth(source),
        "lifecycle": Lifecycle.STAGING,
        "source_ref": unit.source_ref,
        "source_path": path,
        "source_kind": source,
        "trust": policy.initial_trust(source, unit.trust),
        "confidence": policy.initial_confidence(source, unit.confidence),
        "valid_from": unit.valid_from,
        "valid_until": unit.valid_until,
        "recorded_at": now,
        "scope": scope,
        "branch": branch,
        "dedup_key": policy.dedup_key(cls.memory_kind.value, scope, branch, unit.text),
        "ttl_until": policy.ttl_for(Lifecycle.STAGING, now),
        **unit.details,
    }
    detail = " ".join(
        str(values.get(k))
        for k in ("problem", "reasoning", "alternatives_text", "why", "fix")
        if values.get(k)
    )
    values.pop("alternatives_text", None)
    if detail:
        values["details_text"] = detail
    if unit.memory_type is not None:
        values["memory_type"] = unit.memory_type
    return cls(**values)


def record_view(record: MemoryRecord) -> dict[str, Any]:
    """The fields ``close_as_superseded`` reads, from a record just written."""
    return {"id": record.id, "dedup_key": record.dedup_key}
