"""What `hippo status` shows (docs/cli.md): server, schema, indexes, counts, model, maintenance."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import Field

from hippograph.config import Settings
from hippograph.graph.client import Graph
from hippograph.graph.migrations import schema_version
from hippograph.schema.results import Result, Rows
from hippograph.units.embedder import is_runtime_installed, model_location

FULLTEXT_INDEX = "memory_search"
VECTOR_INDEX = "memory_embedding"


class StatusReport(Result):
    """Server, schema, index states, counts, embedding readiness and the last maintenance runs."""

    server: dict[str, Any]
    schema_version: int | str | None
    indexes: list[dict[str, Any]]
    all_indexes_online: bool
    counts: dict[str, Any]
    fulltext: dict[str, Any]
    embedding: dict[str, Any]
    last_maintenance: list[dict[str, Any]]
    project: str | None = Field(
        default=None, description="The project (repository) this memory is working in, if any."
    )
    project_root: str | None = Field(
        default=None,
        description="The folder of the repository memory was opened in, if any: two clones of "
        "one repository are one project.",
    )


class ScopeCount(Result):
    """One scope of memory (a project, the workspace, an agent's notes) and its current units."""

    scope: str
    units: int
    current: bool = Field(description="True for the project this memory is working in.")


class ProjectList(Rows[ScopeCount]):
    """Every scope that holds memory, with its units; the current project is marked."""


def projects(
    graph: Graph, current: str | None, readable: Callable[[str], bool] = lambda _: True
) -> ProjectList:
    """Every scope that holds current units and that ``readable`` admits, and which one is
    this project."""
    rows = graph.read("units_per_scope")
    return ProjectList(
        [
            ScopeCount(scope=str(r["name"]), units=r["units"], current=r["name"] == current)
            for r in rows
            if readable(str(r["name"]))
        ]
    )


def unreachable_status(settings: Settings, error: str) -> StatusReport:
    """What status can say when Neo4j cannot be reached: where it was looked for, why it failed
    and what to do; everything read from the database is empty."""
    return StatusReport(
        server={
            "uri": settings.bolt_uri,
            "reachable": False,
            "error": error,
            "fix": "start Neo4j with `hippo db start` (or point HIPPOGRAPH_NEO4J_URI at a running "
            "server); the tools connect on their next call",
        },
        schema_version=None,
        indexes=[],
        all_indexes_online=False,
        counts={},
        fulltext={"index": FULLTEXT_INDEX, "state": None, "ready": False},
        embedding={**_model(settings), "ready": False},
        last_maintenance=[],
    )


def _model(settings: Settings) -> dict[str, Any]:
    """The embedding model, as status shows it whether or not Neo4j answers."""
    model_dir = model_location(settings)
    return {
        "model": "all-MiniLM-L6-v2",
        "model_path": str(model_dir) if model_dir else None,
        "runtime_installed": is_runtime_installed(),
    }


def gather_status(
    graph: Graph, settings: Settings, project: str | None = None, root: Path | None = None
) -> StatusReport:
    """Everything `hippo status` prints; ``project`` and its ``root``: where memory was opened."""
    components = graph.read("server_components")
    server = components[0] if components else {}
    indexes = graph.read("show_indexes")
    by_name = {ix["name"]: ix for ix in indexes}
    labels = {row["label"]: row["count"] for row in graph.read("count_labels")}
    states = graph.read("count_memory_states")
    missing = graph.read("count_missing_embeddings")[0]["count"]
    failed_claims = graph.read("count_failed_claims")[0]["count"]
    last_runs = graph.read("last_maintenance_run")
    model = _model(settings)
    vector_state = by_name.get(VECTOR_INDEX, {}).get("state")
    fulltext_state = by_name.get(FULLTEXT_INDEX, {}).get("state")
    return StatusReport(
        server={
            "uri": graph.uri,
            "reachable": True,
            "name": server.get("name"),
            "version": server.get("version"),
            "edition": server.get("edition"),
            "database": graph.database,
        },
        schema_version=schema_version(graph),
        indexes=indexes,
        all_indexes_online=bool(indexes) and all(ix["state"] == "ONLINE" for ix in indexes),
        counts={"labels": labels, "memory": states, "units_with_failed_claims": failed_claims},
        fulltext={
            "index": FULLTEXT_INDEX,
            "state": fulltext_state,
            "ready": fulltext_state == "ONLINE",
        },
        embedding={
            **model,
            "vector_index_state": vector_state,
            "units_without_embedding": missing,
            "ready": vector_state == "ONLINE"
            and model["model_path"] is not None
            and model["runtime_installed"],
        },
        last_maintenance=[row["run"] for row in last_runs],
        project=project,
        project_root=str(root) if root else None,
    )
