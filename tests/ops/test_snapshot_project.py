"""Per-project exports (JSONL and Markdown) against the real test server: exactly one project's
memory, access by read grant, byte-identical repeats, and a JSONL export that imports again."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from hippograph.config import Settings
from hippograph.errors import AccessDeniedError, ConfigError, NotFoundError
from hippograph.graph.client import Graph
from hippograph.memory import Memory
from hippograph.ops.snapshot_project import ExportReport
from hippograph.units.access import Principal
from tests.fakes import Clock, git_repo

A_FACT, B_FACT = "Billing runs on the zeppelin cluster", "Search runs on the kumquat cluster"


class World:
    """Project A holds facts (one superseded inside A, one by a workspace unit), a decision with
    two rejected alternatives, a failure and an indexed source file; project B holds one fact
    and a source file."""

    def __init__(self, graph: Graph, settings: Settings, root: Path, clock: Clock) -> None:
        self.graph, self.settings, self.clock = graph, settings, clock
        self.a = git_repo(root / "a", "https://example.com/acme/a.git")
        self.b = git_repo(root / "b", "https://example.com/acme/b.git")
        owner = self.memory(self.a)
        self.project_a = owner.project.id  # type: ignore[union-attr]
        self.project_b = self.memory(self.b).project.id  # type: ignore[union-attr]
        user: dict[str, Any] = {"source": "user"}
        self.old = owner.remember(A_FACT, about=["billing"], source_ref="notes.md#L1", **user).id
        clock.advance(minutes=1)
        self.new = owner.supersede(
            self.old, f"{A_FACT}, version 2", reason="upgraded", source_ref="notes.md#L2"
        ).id
        clock.advance(minutes=1)
        self.decision = owner.decide(
            "Use the outbox table for billing events",
            problem="billing events get lost when the broker is down",
            reasoning="one transaction writes the row and the event",
            alternatives=["Kafka directly: two writes, no transaction", "cron: too slow"],
            source_ref="docs/adr/0001.md#L1",
        ).id
        clock.advance(minutes=1)
        (self.a / "tests").mkdir()
        (self.a / "tests" / "test_invoices.py").write_text("def test_once(): ...\n")
        self.failure = owner.fail(
            "Invoices were sent twice",
            why="the retry had no idempotency key",
            fix="send with the invoice id as the key",
            test="tests/test_invoices.py::test_once",
            source_ref="incident.md#L3",
        ).id
        (self.a / "tests" / "test_invoices.py").unlink()  # proven; the code graph stays app.py
        clock.advance(minutes=1)
        self.moved = owner.remember("Invoices go out at 09:00", source_ref="x#1", **user).id
        clock.advance(minutes=1)
        self.shared = owner.supersede(
            self.moved,
            "Invoices go out at 10:00 everywhere",
            reason="shared",
            source_ref="x#2",
            scope="workspace",
        ).id
        clock.advance(minutes=1)
        self.other = self.memory(self.b).remember(B_FACT, source_ref="b.md#L1", **user).id
        for repo, name in ((self.a, "charge"), (self.b, "search")):
            (repo / "app.py").write_text(f"def {name}():\n    return 1\n", encoding="utf-8")
            self.memory(repo).index(repo)

    def memory(self, cwd: Path, principal: Principal | None = None) -> Memory:
        return Memory(self.graph, self.settings, cwd=cwd, clock=self.clock, principal=principal)


@pytest.fixture()
def world(graph: Graph, settings: Settings, tmp_path: Path, clock: Clock) -> World:
    return World(graph, settings.model_copy(update={"branch": "main"}), tmp_path, clock)


def timeless(text: str) -> str:
    return re.sub(r"\d{4}-\d\d-\d\dT[0-9:.]+Z", "TIME", text)


def tree(directory: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(directory)): p.read_bytes()
        for p in sorted(directory.rglob("*"))
        if p.is_file()
    }


def lines(directory: Path, sub: str) -> list[dict[str, Any]]:
    return [
        json.loads(line)
        for path in sorted((directory / sub).glob("*.jsonl"))
        for line in path.read_text(encoding="utf-8").splitlines()
    ]


def test_a_project_export_holds_that_project_and_lists_edges_that_leave_it(
    world: World, tmp_path: Path
) -> None:
    report = world.memory(world.a).export(tmp_path / "out", projects=[world.project_a])
    assert isinstance(report, ExportReport)
    assert (report.projects, report.references, report.withheld) == ([world.project_a], 1, 0)
    nodes = lines(tmp_path / "out", "nodes")
    ids = {n["id"] for n in nodes}
    assert {world.old, world.new, world.decision, world.failure, world.moved} <= ids
    assert world.other not in ids and world.shared not in ids
    scoped = [n for n in nodes if "scope" in n["props"]]
    assert {n["props"]["scope"] for n in scoped} == {world.project_a}  # units, entities, changes
    assert {"Change", "Entity", "Alternative"} <= {label for n in nodes for label in n["labels"]}
    code = sorted(
        ("File", n["props"]["path"]) if "File" in n["labels"] else ("Symbol", n["props"]["name"])
        for n in nodes
        if {"File", "Symbol"} & set(n["labels"])
    )
    assert code == [("File", "app.py"), ("Symbol", "charge")]  # project "a", not "b"
    # the code graph's change log has no scope: it comes along with the nodes it describes
    unscoped = {n["props"]["target_kind"] for n in nodes if "Change" in n["labels"]} - {"Fact"}
    assert {"File", "Symbol", "Alternative", "DEFINED_IN"} <= unscoped
    for change in (n["props"] for n in nodes if "Change" in n["labels"]):
        assert "scope" in change or change.get("source_id", change["target_id"]) in ids
    alternatives = sorted(n["props"]["option"] for n in nodes if "Alternative" in n["labels"])
    assert alternatives == ["Kafka directly", "cron"]
    text = "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "out").rglob("*.jsonl"))
    assert A_FACT in text and B_FACT not in text and "10:00 everywhere" not in text
    for edge in lines(tmp_path / "out", "edges"):
        assert edge["source_id"] in ids and edge["target_id"] in ids
    (reference,) = lines(tmp_path / "out", "references")
    assert (reference["type"], reference["source_id"], reference["target_id"]) == (
        "SUPERSEDED_BY",
        world.moved,
        world.shared,
    )
    manifest = json.loads((tmp_path / "out/manifest.json").read_text(encoding="utf-8"))
    assert manifest["projects"] == [world.project_a]
    assert manifest["references"] == {"references/SUPERSEDED_BY.jsonl": 1}
    assert manifest["files"] == report.files
    # a whole export into the same folder leaves no stale references behind
    Memory(world.graph, world.settings, cwd=tmp_path, clock=world.clock).export(tmp_path / "out")
    assert not (tmp_path / "out/references").exists()
    assert "projects" not in json.loads((tmp_path / "out/manifest.json").read_text())


def test_a_reader_exports_the_projects_it_may_read_and_no_other(
    world: World, tmp_path: Path
) -> None:
    owner = world.memory(world.a)
    owner.grant("auditor", world.project_a, "read")
    owner.assign_role("agent:audit-bot", "auditor")
    auditor = world.memory(world.a, Principal("audit-bot", "agent", "agent"))
    report = auditor.export(tmp_path / "a", projects=[world.project_a])
    assert isinstance(report, ExportReport)
    # the edge to the workspace unit is counted, not listed: the auditor may not read workspace
    assert (report.references, report.withheld) == (0, 1)
    assert not (tmp_path / "a/references").exists()
    assert "10:00 everywhere" not in "".join(str(v) for v in tree(tmp_path / "a").values())
    with pytest.raises(AccessDeniedError) as refused:
        auditor.export(tmp_path / "ab", projects=[world.project_a, world.project_b])
    assert str(refused.value) == (
        f"audit-bot (role auditor) may not export memory in scope {world.project_b!r}; "
        f"ask an admin for `hippo grant auditor {world.project_b} read`."
    )
    assert not (tmp_path / "ab").exists()
    with pytest.raises(AccessDeniedError, match="only an admin"):
        auditor.export(tmp_path / "all")  # the whole database keeps its admin rule


def test_a_project_export_imports_into_an_empty_database(
    world: World, graph: Graph, tmp_path: Path
) -> None:
    owner = world.memory(world.a)
    owner.export(tmp_path / "first", projects=[world.project_a])
    graph.run_autocommit("clear_database")
    restored = world.memory(tmp_path).import_snapshot(tmp_path / "first")
    assert restored.files == json.loads((tmp_path / "first/manifest.json").read_text())["files"]
    again = world.memory(world.a)
    assert again.get(world.decision).unit["problem"].startswith("billing events get lost")
    again.export(tmp_path / "second", projects=[world.project_a])
    first, second = tree(tmp_path / "first"), tree(tmp_path / "second")
    importable = {k: v for k, v in first.items() if k.startswith(("nodes/", "edges/"))}
    assert importable == {k: v for k, v in second.items() if k != "manifest.json"}


def test_repeated_exports_are_byte_identical(world: World, tmp_path: Path) -> None:
    owner = world.memory(world.a)
    for form in ("jsonl", "markdown"):
        owner.export(tmp_path / f"{form}1", projects=[world.project_a], format=form)
        owner.export(tmp_path / f"{form}2", projects=[world.project_a], format=form)
        assert tree(tmp_path / f"{form}1") == tree(tmp_path / f"{form}2")
    owner.export(tmp_path / "markdown1", projects=[world.project_a], format="markdown")
    assert tree(tmp_path / "markdown1") == tree(tmp_path / "markdown2")  # replaced in place


def test_markdown_shows_decisions_with_alternatives_and_facts_with_their_history(
    world: World, tmp_path: Path
) -> None:
    report = world.memory(world.a).export(tmp_path, projects=[world.project_a], format="markdown")
    folder = "example.com-acme-a"
    assert report.files == {
        f"{folder}/decisions.md": 1,
        f"{folder}/facts.md": 3,
        f"{folder}/failures.md": 1,
        f"{folder}/review.md": 3,  # a task per unit linked to nothing
    }
    decisions = timeless((tmp_path / folder / "decisions.md").read_text(encoding="utf-8"))
    assert decisions == "\n".join(
        [
            "# Decisions of example.com/acme/a",
            "",
            "The memory of scope `example.com/acme/a` as `hippo export --format markdown` wrote "
            "it: 1 current, 0 in history. This page is for reading: `hippo import-snapshot` "
            "cannot read Markdown, so keep a `--format jsonl` export to restore from.",
            "",
            "## Current",
            "",
            "### Use the outbox table for billing events",
            "",
            f"- **id:** `{world.decision}`",
            "- **source_ref:** `docs/adr/0001.md#L1`",
            "- **truth_status:** candidate",
            "- **lifecycle:** staging",
            "- **recorded_at:** TIME",
            "- **branch:** main",
            "- **status:** accepted",
            "- **problem:** billing events get lost when the broker is down",
            "- **alternatives rejected:**",
            "  - Kafka directly: two writes, no transaction",
            "  - cron: too slow",
            "- **reasoning:** one transaction writes the row and the event",
            "",
            "## History",
            "",
            "None.",
            "",
        ]
    )
    facts = timeless((tmp_path / folder / "facts.md").read_text(encoding="utf-8"))
    current, history = facts.split("## History")
    assert f"{A_FACT}, version 2" in current and f"- **supersedes:** `{world.old}`" in current
    assert current.index("## Current") < current.index(f"`{world.new}`")
    assert (
        "\n".join(
            [
                f"### {A_FACT}",
                "",
                f"- **id:** `{world.old}`",
                "- **source_ref:** `notes.md#L1`",
                "- **truth_status:** candidate",
                "- **lifecycle:** staging",
                "- **valid:** from the start until TIME",
                "- **recorded_at:** TIME",
                "- **branch:** main",
                "- **subject:** billing",
                f"- **superseded by:** `{world.new}` at TIME (upgraded)",
            ]
        )
        in history
    )
    # superseded by a unit outside the project: named by id, its text stays out
    assert f"- **superseded by:** `{world.shared}` at TIME (shared)" in history
    assert "10:00" not in facts and B_FACT not in facts
    failures = (tmp_path / folder / "failures.md").read_text(encoding="utf-8")
    assert "- **why:** the retry had no idempotency key\n" in failures
    assert "- **test:** tests/test_invoices.py::test_once\n" in failures


def test_every_scope_as_markdown_for_an_admin(world: World, tmp_path: Path) -> None:
    report = Memory(world.graph, world.settings, cwd=tmp_path, clock=world.clock).export(
        tmp_path / "md", format="markdown"
    )
    assert sorted({name.split("/")[0] for name in report.files}) == [
        "example.com-acme-a",
        "example.com-acme-b",
        "workspace",
    ]
    assert not [p for p in (tmp_path / "md").iterdir() if p.name.startswith(".")]


def test_an_unknown_project_or_format_is_refused_in_one_sentence(
    world: World, tmp_path: Path
) -> None:
    owner = world.memory(world.a)
    with pytest.raises(NotFoundError, match=r"^no memory unit has scope 'acme/shop', so there"):
        owner.export(tmp_path, projects=["acme/shop"])
    with pytest.raises(ConfigError, match=r"^--format 'html' is not jsonl or markdown"):
        owner.export(tmp_path, projects=[world.project_a], format="html")


def test_an_export_of_everything_from_inside_a_project_says_how_to_export_that_project(
    world: World, tmp_path: Path
) -> None:
    owner = world.memory(world.a)
    with pytest.raises(AccessDeniedError) as refused:
        owner.export(tmp_path / "all")
    assert str(refused.value).endswith(
        "run it with `hippo --all-projects ...` (or outside any repository), or export this "
        f"project only with `--project {world.project_a}`."
    )
    report = owner.export(tmp_path / "one", projects=[world.project_a])  # what it suggests
    assert report.files


def test_a_scope_outside_the_project_view_is_refused_not_silently_empty(
    world: World, tmp_path: Path
) -> None:
    owner = world.memory(world.a)
    for ask in (
        lambda: owner.recall("search cluster", scope=world.project_b, mode="keyword"),
        lambda: owner.verify_claims(scopes=[world.project_b]),
    ):
        with pytest.raises(AccessDeniedError, match=rf"^scope '{world.project_b}' is outside"):
            ask()
    assert owner.recall("zeppelin cluster", scope=world.project_a, mode="keyword").items
    everything = Memory(
        world.graph, world.settings, cwd=world.a, clock=world.clock, all_projects=True
    )
    found = everything.recall("kumquat cluster", scope=world.project_b, mode="keyword")
    assert [i["id"] for i in found.items] == [world.other]  # in view when asked for every project
