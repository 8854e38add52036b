"""hippograph: knowledge-graph-first memory for AI coding agents, on Neo4j."""

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

__version__ = "0.1.0"

__all__ = [
    "ConfigError",
    "ConflictError",
    "GraphUnavailableError",
    "HippographError",
    "IngestError",
    "Memory",
    "NotFoundError",
    "RecallError",
    "SchemaError",
    "Settings",
    "__version__",
]
