"""``Memory``: the public Python API; the CLI and MCP server call the same methods."""

from __future__ import annotations

from typing import Any

from hippograph.config import Settings
from hippograph.graph.client import Graph
from hippograph.graph.migrations import apply_schema, ensure_schema
from hippograph.status import gather_status


class Memory:
    """A connection to hippograph memory in one Neo4j database."""

    def __init__(self, graph: Graph, settings: Settings) -> None:
        self.graph = graph
        self.settings = settings

    @classmethod
    def connect(cls, settings: Settings | None = None, *, ensure_schema_: bool = True, **overrides: Any) -> Memory:
        """Connect with ``settings`` (default: from the environment), applying the schema on first use."""
        if settings is None:
            settings = Settings(**overrides)
        elif overrides:
            settings = settings.model_copy(update=overrides)
        graph = Graph.connect(settings)
        try:
            if ensure_schema_:
                ensure_schema(graph)
        except BaseException:
            graph.close()
            raise
        return cls(graph, settings)

    def close(self) -> None:
        """Close the connection."""
        self.graph.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def init(self) -> list[str]:
        """Apply every schema file (idempotent) and wait until indexes are ONLINE."""
        return apply_schema(self.graph)

    def status(self) -> dict[str, Any]:
        """Server, schema, index states, counts, embedding readiness, last maintenance run."""
        return gather_status(self.graph, self.settings)
