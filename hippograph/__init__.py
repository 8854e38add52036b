"""hippograph: knowledge-graph-first memory for AI coding agents, on Neo4j.

Exports are resolved lazily (PEP 562) so that importing a small part of the package (the
per-prompt hook, the recall maths) does not load the driver, pydantic-settings or the CLI.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from hippograph.version import __version__

_EXPORTS = {
    "Memory": "hippograph.memory",
    "Settings": "hippograph.config",
    "ConfigError": "hippograph.errors",
    "ConflictError": "hippograph.errors",
    "GraphUnavailableError": "hippograph.errors",
    "HippographError": "hippograph.errors",
    "IngestError": "hippograph.errors",
    "NotFoundError": "hippograph.errors",
    "RecallError": "hippograph.errors",
    "SchemaError": "hippograph.errors",
}

if TYPE_CHECKING:
    from hippograph.config import Settings
    from hippograph.errors import (
        ConfigError,
        ConflictError,
        GraphUnavailableError,
        HippographError,
        IngestError,
        NotFoundError,
        RecallError,
        SchemaError,
    )
    from hippograph.memory import Memory


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'hippograph' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


__all__ = [*sorted(_EXPORTS), "__version__"]
