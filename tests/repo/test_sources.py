"""Source lines are read only from regular files inside the project root, whatever the reference."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from hippograph.config import Settings
from hippograph.graph.client import Graph
from hippograph.memory import Memory
from hippograph.repo.sources import MAX_SOURCE_BYTES, read_lines, source_lines


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    (root / "src").mkdir(parents=True)
    (root / "src" / "app.py").write_text("one\ntwo\nthree\n", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("outside\n", encoding="utf-8")
    return root


def test_lines_of_a_file_inside_the_root(project: Path) -> None:
    assert read_lines("src/app.py#L2-L3", project) == "two\nthree"
    assert read_lines("src/app.py#L1", project) == "one"


@pytest.mark.parametrize(
    "ref",
    ["/etc/passwd#L1", "../secret.txt#L1", "src/../../secret.txt#L1", "/etc/shadow#L1"],
)
def test_a_reference_that_leaves_the_root_is_refused(project: Path, ref: str) -> None:
    got = source_lines(ref, project)
    assert got.text is None
    assert got.problem is not None and "outside the project root" in got.problem


def test_symbolic_links_that_leave_the_root_are_refused(project: Path, tmp_path: Path) -> None:
    (project / "link.txt").symlink_to(tmp_path / "secret.txt")
    (project / "linked_dir").symlink_to(tmp_path)
    assert "outside the project root" in (source_lines("link.txt#L1", project).problem or "")
    assert "outside" in (source_lines("linked_dir/secret.txt#L1", project).problem or "")
    (project / "inside.txt").symlink_to(project / "src" / "app.py")  # a link within: fine
    assert read_lines("inside.txt#L1", project) == "one"


def test_a_fifo_is_refused_without_blocking(project: Path) -> None:
    os.mkfifo(project / "pipe")
    got = source_lines("pipe#L1", project)
    assert got.text is None and got.problem == "pipe is not a regular file"


def test_a_folder_and_a_missing_file_say_why(project: Path) -> None:
    assert source_lines("src#L1", project).problem == "src is not a regular file"
    assert "cannot be read" in (source_lines("nope.py#L1", project).problem or "")


def test_a_file_over_the_limit_is_refused(project: Path) -> None:
    (project / "big.txt").write_bytes(b"x" * (MAX_SOURCE_BYTES + 1))
    assert "over" in (source_lines("big.txt#L1", project).problem or "")


@pytest.mark.parametrize("root", [Path("/"), Path.home()])
def test_the_filesystem_root_and_home_are_not_projects(root: Path) -> None:
    got = source_lines("etc/passwd#L1", root)
    assert got.text is None and "not a project folder" in (got.problem or "")


def test_a_reference_without_lines_is_nothing_to_read(project: Path) -> None:
    assert source_lines("commit:abc123", project).text is None
    assert source_lines("commit:abc123", project).problem is None


def test_get_reads_lines_from_the_repository_root_not_the_working_folder(
    graph: Graph, settings: Settings, tmp_path: Path
) -> None:
    repo = tmp_path / "repo"
    (repo / "docs").mkdir(parents=True)
    (repo / "docs" / "adr.md").write_text("# Tokens\nJWT with a short TTL\n", encoding="utf-8")
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    from_sub = Memory(graph, settings, cwd=repo / "docs")
    unit = from_sub.remember("JWT with a short TTL", source="user", source_ref="docs/adr.md#L2")
    assert from_sub.get(unit.id).source_lines == "JWT with a short TTL"
    # a reference to a file outside the project is never read, wherever hippo runs
    leak = from_sub.remember("shadow", source="user", source_ref="/etc/passwd#L1")
    shown = from_sub.get(leak.id)
    assert shown.source_lines is None and "outside the project root" in (shown.source_problem or "")
    from_root = Memory(graph, settings, cwd=Path("/"))
    assert from_root.get(leak.id).source_lines is None
    assert "not a project folder" in (from_root.get(leak.id).source_problem or "")
