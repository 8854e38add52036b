"""Which project code belongs to, and moving code indexed under the old key.

Code nodes are keyed by their project (``identity.symbol_id``, ``identity.file_id``): the
project id of the repository they are in (``repo/project.py``: its normalised origin URL, else
its root path), so the same repository cloned into two folders is one code graph. Code indexed
before projects existed was keyed by the repository's folder name; the first index under the
project id moves it there (new ids, same nodes, edges and history: ``units/code_rekey.py``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hippograph.code import identity
from hippograph.graph.client import Graph
from hippograph.repo.project import project_at
from hippograph.units import code_rekey

MAX_ORDINAL = 64  # the n-th symbol of one name, kind and signature in a file (getter/setter)


def code_project(root: Path) -> str:
    """The key of the code of the repository at ``root``: its project id."""
    return project_at(root).id


def adopt_legacy(graph: Graph, root: Path, project: str, *, actor: str) -> int:
    """Move the code nodes keyed by ``root``'s folder name to ``project``; how many moved."""
    legacy = root.name
    if legacy == project or not graph.read("code_files", project=legacy)[0]["files"]:
        return 0  # the usual case: one indexed read, nothing to move
    rows = graph.read("code_nodes_of_project", project=legacy)
    if not rows:
        return 0
    planned = [(r["id"], _new_id(r, legacy, project), r["label"]) for r in rows]
    taken: set[str] = set()
    ids = [new for old, new, _ in planned if new != old]
    for start in range(0, len(ids), 1000):
        taken |= {r["id"] for r in graph.read("code_ids_taken", ids=ids[start : start + 1000])}
    # an id already in use (the repository indexed under both keys) keeps the old node's id:
    # the next index retires or revives it like any other node of the project
    moves = [(old, old if new in taken else new, label) for old, new, label in planned]
    return code_rekey.rekey(graph, moves, project=project, was=legacy, actor=actor)


def _new_id(row: dict[str, Any], legacy: str, project: str) -> str:
    if row["label"] == "File":
        return identity.file_id(project, str(row["path"]))
    qn, kind, sig = str(row["qualified_name"]), str(row["kind"]), str(row["signature_hash"] or "")
    for n in range(1, MAX_ORDINAL + 1):
        if identity.symbol_id(legacy, qn, kind, sig, n) == row["id"]:
            return identity.symbol_id(project, qn, kind, sig, n)
    return str(row["id"])  # not made by this formula: the node keeps its id
