"""CALLS and IMPORTS edges written in parts: an index that stops between its transactions is
completed by the next one, against the real test server (the failure is raised from a patched
edge-writing step; the database is real)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hippograph.code import edges, identity
from hippograph.graph.client import Graph
from hippograph.memory import Memory
from hippograph.schema import Edge, RelType
from hippograph.units import store
from tests.code.fixture_repos import repo

FILES = {
    "app/__init__.py": "",
    **{
        f"app/m{i}.py": (
            f"from app.m{(i + 1) % 6} import f{(i + 1) % 6}\n\n\n"
            f"def f{i}(x):\n    return g{i}(x) + f{(i + 1) % 6}(x)\n\n\n"
            f"def g{i}(x):\n    return x\n"
        )
        for i in range(6)
    },
}


def links(graph: Graph, project: str, paths: list[str]) -> dict[str, list[tuple[str, str]]]:
    """The live CALLS (by qualified name, a duplicate listed twice) and IMPORTS (by path) edges
    from the files at ``paths``."""
    names = {
        r["symbol"]["id"]: r["symbol"]["qualified_name"]
        for r in graph.read("code_symbols_in_files", project=project, paths=paths)
    }
    calls = graph.read("code_calls_from", ids=sorted(names))[0]["calls"]
    path_of = {identity.file_id(project, p): p for p in paths}
    imports = graph.read("code_import_edges", project=project, paths=paths)
    return {
        "calls": sorted((names[a], names.get(b, b)) for a, b in calls),
        "imports": sorted((path_of[e["source_id"]], e["target"]) for e in imports),
    }


def pending(graph: Graph, project: str) -> list[str]:
    files = graph.read("code_files", project=project)[0]["files"]
    return sorted(f["path"] for f in files if f["links_pending"])


def fail_on(
    monkeypatch: pytest.MonkeyPatch, rel: RelType, nth: int, seen: list[int] | None = None
) -> None:
    """Make the ``nth`` write of ``rel`` edges raise, as a lost server would, after the writes
    before it committed."""
    real = store.create_edges
    calls = seen if seen is not None else []

    def create_edges(tx: Any, new: list[Edge], **kwargs: Any) -> list[str]:
        if new and new[0].type == rel:
            calls.append(len(new))
            if len(calls) == nth:
                raise RuntimeError("connection lost")
        return real(tx, new, **kwargs)

    monkeypatch.setattr(store, "create_edges", create_edges)


def test_an_index_stopped_between_its_call_parts_is_completed_by_the_next(
    memory: Memory, graph: Graph, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = repo(tmp_path, FILES)
    whole = memory.index(root)
    expected = links(graph, whole.project, sorted(FILES))
    assert len(expected["calls"]) == 12 and len(expected["imports"]) == 6
    graph.run_autocommit("clear_database")

    monkeypatch.setattr(edges, "EDGES_PER_TX", 5)
    with monkeypatch.context() as patch:
        fail_on(patch, RelType.CALLS, 2)  # the first 5 CALLS commit; no IMPORTS at all
        with pytest.raises(RuntimeError, match="connection lost"):
            memory.index(root)
    stopped = links(graph, whole.project, sorted(FILES))
    assert len(stopped["calls"]) == 5 and stopped["imports"] == []
    assert pending(graph, whole.project) == sorted(FILES)

    again = memory.index(root)  # every file's hash matches, yet each is read again
    assert again.files_indexed == len(FILES) and again.files_unchanged == 0
    assert again.symbols_created == 0 and again.calls_linked == 7 and again.imports_linked == 6
    assert links(graph, whole.project, sorted(FILES)) == expected  # none missing, none twice
    assert pending(graph, whole.project) == []
    changes = len(memory.log(limit=100_000))
    last = memory.index(root)
    assert last.files_indexed == 0 and last.files_unchanged == len(FILES)
    assert len(memory.log(limit=100_000)) == changes


def test_an_index_stopped_after_some_files_were_written_is_completed_by_the_next(
    memory: Memory, graph: Graph, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hippograph.code import indexer

    root = repo(tmp_path, FILES)
    whole = memory.index(root)
    expected = links(graph, whole.project, sorted(FILES))
    graph.run_autocommit("clear_database")

    monkeypatch.setattr(indexer, "CHUNK_FILES", 2)
    with monkeypatch.context() as patch:
        fail_on(patch, RelType.DEFINED_IN, 3)  # two chunks (four files) commit, then it stops
        with pytest.raises(RuntimeError, match="connection lost"):
            memory.index(root)
    assert len(pending(graph, whole.project)) == 4
    again = memory.index(root)
    assert again.files_indexed == len(FILES)
    assert links(graph, whole.project, sorted(FILES)) == expected
    assert pending(graph, whole.project) == []


def test_a_deleted_file_stopped_before_its_importers_links_is_unlinked_by_the_next(
    memory: Memory, graph: Graph, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = repo(tmp_path, FILES)
    first = memory.index(root)
    (root / "app/m1.py").unlink()  # m0 imports it
    with monkeypatch.context() as patch:
        # the retirement commits; the import step fails before it retires m0's edge to m1
        patch.setattr(edges, "link_imports", lambda *a, **k: (_ for _ in ()).throw(RuntimeError))
        with pytest.raises(RuntimeError):
            memory.index(root)
    assert ("app/m0.py", "app/m1.py") in links(graph, first.project, ["app/m0.py"])["imports"]
    assert pending(graph, first.project) == ["app/m1.py"]
    again = memory.index(root)
    assert again.files_indexed == 0 and again.imports_retired == 2  # m0 -> m1 and m1 -> m2
    assert links(graph, first.project, ["app/m0.py", "app/m1.py"])["imports"] == []
    assert pending(graph, first.project) == []
