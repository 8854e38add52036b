"""Code belongs to its project: keyed by the project id, so two clones of one repository share a
code graph, and code indexed under the folder name (before projects) moves to it, history and
attached memory included."""

from __future__ import annotations

import shutil
from pathlib import Path

from hippograph.graph.client import Graph
from hippograph.memory import Memory
from tests.code.test_code_history import ASYNC_BACKEND, git, new_repo


def test_code_is_keyed_by_the_project_id_so_two_clones_share_it(
    memory: Memory, graph: Graph, tmp_path: Path
) -> None:
    first = new_repo(tmp_path, {"pkg/streams.py": ASYNC_BACKEND})
    git(first, "remote", "add", "origin", "git@github.com:Acme/Streams.git")
    report = memory.index(first)
    assert report.project == "github.com/Acme/Streams"
    assert report.symbols_created > 0
    second = tmp_path / "elsewhere" / "streams-copy"
    shutil.copytree(first, second)
    again = memory.index(second)
    assert again.project == report.project
    assert again.files_unchanged == 1 and again.symbols_created == 0


def test_code_indexed_under_the_folder_name_moves_to_the_project_with_its_memory(
    memory: Memory, graph: Graph, tmp_path: Path
) -> None:
    root = new_repo(tmp_path, {"pkg/streams.py": ASYNC_BACKEND})
    old = memory.index(root, project=root.name)  # as hippograph indexed before projects
    assert old.project == "proj"
    decision = memory.decide("Streams close their transport", governs=["pkg.streams.SocketStream"])
    before = graph.read("symbols_in_file", project="proj", path="pkg/streams.py")
    assert before

    now = memory.index(root)
    assert now.project == f"path:{root.resolve()}"
    assert now.symbols_created == 0 and now.files_indexed == 0  # the same nodes, moved
    assert graph.read("symbols_in_file", project="proj", path="pkg/streams.py") == []
    moved = graph.read("symbols_in_file", project=now.project, path="pkg/streams.py")
    assert len(moved) == len(before)
    bundle = memory.pre_edit(str(root / "pkg/streams.py:SocketStream"))
    assert [d["id"] for d in bundle.decisions] == [decision.id]
    # the history of a moved symbol follows its new id: created, then moved
    new_id = next(
        r["symbol"]["id"]
        for r in moved
        if r["symbol"]["qualified_name"] == "pkg.streams.SocketStream"
    )
    ops = [c.op for c in memory.log(unit_id=new_id, limit=10)]
    assert ops.count("create_node") == 1 and ops.count("update_node") == 1
    assert memory.index(root).files_indexed == 0  # nothing left to move, nothing re-read
