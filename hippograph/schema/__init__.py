"""Records and enums for every node and edge, and the values they are built from (time, tuning).

Imports none of our other packages but ``errors``. Names are resolved lazily (PEP 562), so
that the prompt hook can use ``schema.isotime`` and ``schema.tuning`` without loading pydantic.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_EXPORTS = {
    "Alternative": "hippograph.schema.nodes",
    "Ambiguity": "hippograph.schema.nodes",
    "Change": "hippograph.schema.nodes",
    "ChangeOp": "hippograph.schema.enums",
    "Conflict": "hippograph.schema.nodes",
    "Decision": "hippograph.schema.memory",
    "EMBEDDING_DIMENSIONS": "hippograph.schema.base",
    "Edge": "hippograph.schema.edges",
    "Entity": "hippograph.schema.nodes",
    "Episode": "hippograph.schema.memory",
    "Fact": "hippograph.schema.memory",
    "Failure": "hippograph.schema.memory",
    "File": "hippograph.schema.nodes",
    "INITIAL_TRUST": "hippograph.schema.memory",
    "Lifecycle": "hippograph.schema.enums",
    "MAX_TEXT_CHARS": "hippograph.schema.base",
    "MEMORY_CLASSES": "hippograph.schema.memory",
    "MemoryKind": "hippograph.schema.enums",
    "MemoryRecord": "hippograph.schema.memory",
    "MemoryType": "hippograph.schema.enums",
    "NODE_CLASSES": "hippograph.schema.nodes",
    "NodeLabel": "hippograph.schema.enums",
    "NodeRecord": "hippograph.schema.base",
    "Record": "hippograph.schema.base",
    "RelType": "hippograph.schema.enums",
    "ReviewStatus": "hippograph.schema.enums",
    "InvolvedAs": "hippograph.schema.enums",
    "Rule": "hippograph.schema.memory",
    "RuleCategory": "hippograph.schema.enums",
    "Severity": "hippograph.schema.enums",
    "SourceKind": "hippograph.schema.enums",
    "Symbol": "hippograph.schema.nodes",
    "SymbolKind": "hippograph.schema.enums",
    "Task": "hippograph.schema.nodes",
    "TruthStatus": "hippograph.schema.enums",
    "UnitInput": "hippograph.schema.inputs",
    "new_id": "hippograph.schema.base",
    "utc_now": "hippograph.schema.base",
}

if TYPE_CHECKING:
    from hippograph.schema.base import (
        EMBEDDING_DIMENSIONS as EMBEDDING_DIMENSIONS,
    )
    from hippograph.schema.base import (
        MAX_TEXT_CHARS as MAX_TEXT_CHARS,
    )
    from hippograph.schema.base import (
        NodeRecord as NodeRecord,
    )
    from hippograph.schema.base import (
        Record as Record,
    )
    from hippograph.schema.base import (
        new_id as new_id,
    )
    from hippograph.schema.base import (
        utc_now as utc_now,
    )
    from hippograph.schema.edges import (
        Edge as Edge,
    )
    from hippograph.schema.enums import (
        ChangeOp as ChangeOp,
    )
    from hippograph.schema.enums import (
        InvolvedAs as InvolvedAs,
    )
    from hippograph.schema.enums import (
        Lifecycle as Lifecycle,
    )
    from hippograph.schema.enums import (
        MemoryKind as MemoryKind,
    )
    from hippograph.schema.enums import (
        MemoryType as MemoryType,
    )
    from hippograph.schema.enums import (
        NodeLabel as NodeLabel,
    )
    from hippograph.schema.enums import (
        RelType as RelType,
    )
    from hippograph.schema.enums import (
        ReviewStatus as ReviewStatus,
    )
    from hippograph.schema.enums import (
        RuleCategory as RuleCategory,
    )
    from hippograph.schema.enums import (
        Severity as Severity,
    )
    from hippograph.schema.enums import (
        SourceKind as SourceKind,
    )
    from hippograph.schema.enums import (
        SymbolKind as SymbolKind,
    )
    from hippograph.schema.enums import (
        TruthStatus as TruthStatus,
    )
    from hippograph.schema.inputs import (
        UnitInput as UnitInput,
    )
    from hippograph.schema.memory import (
        INITIAL_TRUST as INITIAL_TRUST,
    )
    from hippograph.schema.memory import (
        MEMORY_CLASSES as MEMORY_CLASSES,
    )
    from hippograph.schema.memory import (
        Decision as Decision,
    )
    from hippograph.schema.memory import (
        Episode as Episode,
    )
    from hippograph.schema.memory import (
        Fact as Fact,
    )
    from hippograph.schema.memory import (
        Failure as Failure,
    )
    from hippograph.schema.memory import (
        MemoryRecord as MemoryRecord,
    )
    from hippograph.schema.memory import (
        Rule as Rule,
    )
    from hippograph.schema.nodes import (
        NODE_CLASSES as NODE_CLASSES,
    )
    from hippograph.schema.nodes import (
        Alternative as Alternative,
    )
    from hippograph.schema.nodes import (
        Ambiguity as Ambiguity,
    )
    from hippograph.schema.nodes import (
        Change as Change,
    )
    from hippograph.schema.nodes import (
        Conflict as Conflict,
    )
    from hippograph.schema.nodes import (
        Entity as Entity,
    )
    from hippograph.schema.nodes import (
        File as File,
    )
    from hippograph.schema.nodes import (
        Symbol as Symbol,
    )
    from hippograph.schema.nodes import (
        Task as Task,
    )


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'hippograph.schema' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # resolved once
    return value


__all__ = sorted(_EXPORTS)
