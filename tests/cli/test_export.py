"""`hippo export DIR --project P [--format markdown]` from the command line, against the test
server: what it prints, and the refusal a reader without a grant gets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hippograph.cli import app
from hippograph.config import Settings
from hippograph.graph.client import Graph
from hippograph.memory import Memory
from tests.fakes import git_repo

runner = CliRunner()
A, B = "example.com/acme/a", "example.com/acme/b"


def hippo(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture()
def projects(graph: Graph, settings: Settings, tmp_path: Path) -> Memory:
    """Projects A and B with one fact each; the local user (an admin) in A."""
    main = settings.model_copy(update={"branch": "main"})
    for name, text in (("a", "Billing runs on Postgres"), ("b", "Search runs on Solr")):
        repo = git_repo(tmp_path / name, f"https://example.com/acme/{name}.git")
        Memory(graph, main, cwd=repo).remember(text, source="user", source_ref="notes.md#L1")
    return Memory(graph, main, cwd=tmp_path / "a")


def test_export_one_project_as_jsonl_and_as_markdown(
    projects: Memory, env_for_cli: dict[str, str], tmp_path: Path
) -> None:
    code, out, err = hippo("export", "snap", "--project", A)
    manifest = json.loads((tmp_path / "snap/manifest.json").read_text(encoding="utf-8"))
    records = manifest["nodes"] + manifest["edges"]
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        f"exported {records} records of {A} in {len(manifest['files'])} file(s) to snap",
        "0 edge(s) to nodes outside the export listed in references/ (not imported)",
    ]
    snapshot = "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "snap").rglob("*.jsonl"))
    assert "Postgres" in snapshot and "Solr" not in snapshot
    code, out, err = hippo("export", "md", "--project", A, "--format", "markdown")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        f"wrote 2 Markdown file(s) of {A} to md (2 unit(s) and review item(s); for reading: "
        "import-snapshot cannot read them)",
    ]
    assert sorted(p.name for p in (tmp_path / "md/example.com-acme-a").iterdir()) == [
        "facts.md",
        "review.md",
    ]


def test_a_reader_without_a_grant_is_refused_in_one_sentence(
    projects: Memory, env_for_cli: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    projects.grant("auditor", A, "read")
    projects.assign_role("alice", "auditor")
    monkeypatch.setenv("HIPPOGRAPH_ACTOR", "alice")
    code, out, err = hippo("export", "mine", "--project", A)
    assert code == 0 and out.startswith("exported ") and err == ""
    code, out, err = hippo("export", "theirs", "--project", A, "--project", B)
    assert (code, out) == (1, "")
    assert err == (
        f"Error: alice (role auditor) may not export memory in scope '{B}'; ask an admin for "
        f"`hippo grant auditor {B} read`.\n"
    )
    code, out, err = hippo("export", "all")
    assert (code, out) == (1, "")
    assert err == (
        "Error: an export covers every scope, and only an admin may do it; alice has role "
        "auditor.\n"
    )
