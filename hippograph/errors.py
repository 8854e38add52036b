"""Errors raised by hippograph, one tree so callers can catch what they handle.

    HippographError
    ├── ConfigError            a setting or a required tool is missing or wrong
    ├── GraphUnavailableError  Neo4j cannot be reached, refused the login, or its port is taken
    ├── SchemaError            constraints or indexes could not be created or did not come online
    ├── IngestError            an input could not be turned into memory (carries path and line)
    ├── RecallError            a recall query was invalid or failed
    ├── NotFoundError          an id or name does not exist in memory
    ├── ConflictError          a write was refused because it collides with what is stored
    └── AccessDeniedError      the principal may not read or write what it asked for

Every message says what failed, for which input, and what to do next, in one
or two sentences: the CLI prints it as ``Error: <message>`` and MCP tools
return the same text.
"""

from __future__ import annotations

from pathlib import Path


class HippographError(Exception):
    """Root of every error hippograph raises on purpose."""


class ConfigError(HippographError):
    """A setting, a file it names, or a required external tool is missing or invalid."""


class GraphUnavailableError(HippographError):
    """Neo4j cannot be reached, refused the credentials, or could not be started."""


class SchemaError(HippographError):
    """The graph schema (constraints, indexes) could not be applied or did not come online."""


class IngestError(HippographError):
    """An input could not be turned into memory; names the input and, where known, the line."""

    def __init__(
        self, message: str, *, path: str | Path | None = None, line: int | None = None
    ) -> None:
        self.path = str(path) if path is not None else None
        self.line = line
        where = ""
        if self.path is not None:
            where = f"{self.path}:{line}: " if line is not None else f"{self.path}: "
        super().__init__(f"{where}{message}")


class RecallError(HippographError):
    """A recall query was invalid (empty, too long, unknown mode or scope) or failed."""


class NotFoundError(HippographError):
    """The id or name asked for does not exist in memory."""


class ConflictError(HippographError):
    """A write was refused because it collides with stored data (a duplicate id, a later change)."""


class AccessDeniedError(HippographError):
    """The principal (a person or an agent) may not read or write what it asked for."""
