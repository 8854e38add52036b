"""Pydantic records and enums for every node and edge; imports none of our other packages."""

from hippograph.schema.base import (
    EMBEDDING_DIMENSIONS,
    MAX_TEXT_CHARS,
    NodeRecord,
    Record,
    new_id,
    utc_now,
)
from hippograph.schema.edges import Edge
from hippograph.schema.enums import (
    ChangeOp,
    Lifecycle,
    MemoryKind,
    MemoryType,
    NodeLabel,
    RelType,
    ReviewStatus,
    RuleCategory,
    Severity,
    SourceKind,
    SymbolKind,
    TruthStatus,
)
from hippograph.schema.memory import (
    INITIAL_TRUST,
    MEMORY_CLASSES,
    Decision,
    Episode,
    Fact,
    Failure,
    MemoryRecord,
    Rule,
)
from hippograph.schema.nodes import (
    NODE_CLASSES,
    Alternative,
    Ambiguity,
    Change,
    Conflict,
    Entity,
    File,
    Symbol,
    Task,
)

__all__ = [
    "EMBEDDING_DIMENSIONS",
    "INITIAL_TRUST",
    "MAX_TEXT_CHARS",
    "MEMORY_CLASSES",
    "NODE_CLASSES",
    "Alternative",
    "Ambiguity",
    "Change",
    "ChangeOp",
    "Conflict",
    "Decision",
    "Edge",
    "Entity",
    "Episode",
    "Fact",
    "Failure",
    "File",
    "Lifecycle",
    "MemoryKind",
    "MemoryRecord",
    "MemoryType",
    "NodeLabel",
    "NodeRecord",
    "Record",
    "RelType",
    "ReviewStatus",
    "Rule",
    "RuleCategory",
    "Severity",
    "SourceKind",
    "Symbol",
    "SymbolKind",
    "Task",
    "TruthStatus",
    "new_id",
    "utc_now",
]

from hippograph.schema.inputs import UnitInput

__all__ += ["UnitInput"]
