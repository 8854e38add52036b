"""Nodes that are not knowledge units: code, entities, review records, history."""

from __future__ import annotations

import threading
import time
from datetime import datetime
from typing import ClassVar

from pydantic import Field, field_validator

from hippograph.schema.base import NodeRecord, as_utc, check_text, utc_now
from hippograph.schema.enums import ChangeOp, NodeLabel, ReviewStatus, SymbolKind


class _Timestamped(NodeRecord):
    created_at: datetime = Field(default_factory=utc_now)

    @field_validator("created_at")
    @classmethod
    def _aware(cls, value: datetime) -> datetime:
        return as_utc(value) or value


class File(NodeRecord):
    """A source file, path relative to its repository root."""

    labels: ClassVar[tuple[NodeLabel, ...]] = (NodeLabel.FILE,)
    id_prefix: ClassVar[str] = "file"

    path: str = Field(min_length=1)
    language: str
    content_hash: str
    project: str = "workspace"
    retired_at: datetime | None = None
    imports: list[str] = Field(default_factory=list)  # modules as written, resolved or not
    import_refs: list[str] = Field(
        default_factory=list
    )  # "module" or "module:name,name" (see ingest/code/imports)
    syntax_errors: list[int] = Field(default_factory=list)
    sketch_version: int | None = None  # its symbols' sketches; another version is re-read once
    # the stat the content hash was taken at: while it holds, a re-index does not read the file
    size: int | None = None
    mtime_ns: int | None = None
    # set while the CALLS and IMPORTS edges of its last index are not all written (the indexer's
    # bookkeeping, units/index_marks: never in a change record)
    links_pending: bool | None = None


class Symbol(NodeRecord):
    """A code symbol; its id is sha256(qualified_name + kind + signature_hash)
    (docs/graph-model.md)."""

    labels: ClassVar[tuple[NodeLabel, ...]] = (NodeLabel.SYMBOL,)
    id_prefix: ClassVar[str] = "sym"
    # its name, the names it calls and its signature: code, whose defaults and strings are
    # scanned for secrets, its identifiers not (like its qualified name)
    code: ClassVar[frozenset[str]] = frozenset({"name", "signature", "calls"})

    name: str = Field(min_length=1)
    qualified_name: str = Field(min_length=1)
    kind: SymbolKind
    signature: str = ""
    signature_hash: str = ""
    body_hash: str = ""
    fingerprint: str = ""
    language: str
    file_path: str
    start_line: int = Field(ge=1)
    end_line: int = Field(ge=1)
    project: str = "workspace"
    retired_at: datetime | None = None
    parent: str | None = None
    calls: list[str] = Field(
        default_factory=list
    )  # called names as written; CALLS edges where they resolve
    body_sketch: list[int] = Field(
        default_factory=list
    )  # MinHash of the body, for renames with edits
    sketch_version: int | None = None  # how body_sketch was made (code/identity.SKETCH_VERSION)


class Entity(_Timestamped):
    """A named thing that is not code: a service, library, person, product."""

    labels: ClassVar[tuple[NodeLabel, ...]] = (NodeLabel.ENTITY,)
    id_prefix: ClassVar[str] = "ent"

    name: str = Field(min_length=1, max_length=500)
    name_key: str = ""
    entity_type: str = "thing"
    aliases: list[str] = Field(default_factory=list)
    alias_keys: list[str] = Field(default_factory=list)
    scope: str = "workspace"


class Alternative(_Timestamped):
    """An option a decision considered, with why it was rejected."""

    labels: ClassVar[tuple[NodeLabel, ...]] = (NodeLabel.ALTERNATIVE,)
    id_prefix: ClassVar[str] = "alt"

    option: str = Field(min_length=1, max_length=2000)
    why_rejected: str = Field(min_length=1, max_length=5000)


class _Review(_Timestamped):
    text: str
    status: ReviewStatus = ReviewStatus.OPEN
    resolved_at: datetime | None = None
    resolution: str | None = None
    scope: str = "workspace"

    @field_validator("text")
    @classmethod
    def _text(cls, value: str) -> str:
        return check_text(value)


class Task(_Review):
    """Something memory knows it does not know: made by every abstain and review need."""

    labels: ClassVar[tuple[NodeLabel, ...]] = (NodeLabel.TASK,)
    id_prefix: ClassVar[str] = "task"

    reason: str = Field(min_length=1)
    query: str | None = None
    query_key: str | None = None


class Ambiguity(_Review):
    """A possible same-entity pair waiting for review."""

    labels: ClassVar[tuple[NodeLabel, ...]] = (NodeLabel.AMBIGUITY,)
    id_prefix: ClassVar[str] = "amb"

    score: float = Field(ge=0.0, le=1.0)


class Conflict(_Review):
    """Two units that contradict each other, not yet resolved."""

    labels: ClassVar[tuple[NodeLabel, ...]] = (NodeLabel.CONFLICT,)
    id_prefix: ClassVar[str] = "conf"


_SEQ_LOCK = threading.Lock()
_LAST_SEQ = 0


def next_seq() -> int:
    """A strictly increasing number (nanoseconds since the epoch) that orders changes made at one
    instant."""
    global _LAST_SEQ
    with _SEQ_LOCK:
        _LAST_SEQ = max(_LAST_SEQ + 1, time.time_ns())
        return _LAST_SEQ


class Change(NodeRecord):
    """One entry of memory's own history: who did what to which node or edge, and when."""

    labels: ClassVar[tuple[NodeLabel, ...]] = (NodeLabel.CHANGE,)
    id_prefix: ClassVar[str] = "chg"

    op: ChangeOp
    actor: str = Field(min_length=1)
    at: datetime = Field(default_factory=utc_now)
    seq: int = Field(default_factory=next_seq)
    target_id: str
    target_kind: str
    source_id: str | None = None  # for edge changes: the start node
    end_id: str | None = None  # for edge changes: the end node
    before: str | None = None  # JSON of the properties before, None when created
    after: str | None = None  # JSON of the properties after, None when retired
    reason: str | None = None
    batch_id: str | None = None
    undone_by: str | None = None
    undoes: str | None = None
    redone_by: str | None = None  # the undo of the undo that had undone it
    # the scope of what changed (a node's, an edge's start node's), set as it is recorded
    scope: str | None = None

    @field_validator("at")
    @classmethod
    def _aware(cls, value: datetime) -> datetime:
        return as_utc(value) or value


NODE_CLASSES: tuple[type[NodeRecord], ...] = (
    File,
    Symbol,
    Entity,
    Alternative,
    Task,
    Ambiguity,
    Conflict,
    Change,
)
