"""Negative memory (docs/agents.md): what broke, why, the fix,
and the commit or test that proves it."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hippograph.errors import IngestError
from hippograph.graph.client import Graph, Tx
from hippograph.repo.git import run_git
from hippograph.schema import (
    Edge,
    Episode,
    Lifecycle,
    MemoryKind,
    RelType,
    SourceKind,
    TruthStatus,
    UnitInput,
    new_id,
)
from hippograph.units import pipeline, store
from hippograph.units.records import RememberResult, WriteContext, build_record, vectors


def resolve_commit(repo: Path, ref: str) -> tuple[str, str]:
    """The full sha and subject of a commit, or an IngestError saying it does not exist."""
    done = run_git(  # --end-of-options: a ref is data, never an option
        repo,
        "log",
        "-1",
        "--format=%H%x1f%s",
        "--end-of-options",
        f"{ref}^{{commit}}",
        "--",
        check=False,
    )
    if not done.ok or "\x1f" not in done.stdout:
        raise IngestError(
            f"commit {ref!r} does not exist in the repository at {repo}; give a commit that does."
        )
    sha, subject = done.stdout.strip().split("\x1f", 1)
    return sha, subject


# The file part of a test id: "tests/test_auth.py::test_refresh", "pkg/auth_test.go:TestRefresh",
# "auth.test.ts" (a path, or a name with a source file's extension; a dotted unittest id such as
# "tests.test_auth.TestRefresh" names no file).
_TEST_FILE = re.compile(
    r"^(?P<file>[^:\s]*/[^:\s]*|[^:\s/]+\.(?:py|go|rs|js|jsx|mjs|cjs|ts|tsx|java|kt|rb|php|c|cc|"
    r"cpp|h|hpp|cs|swift|scala|ex|exs|sh|feature))(?:::?.*)?$"
)


def check_test(repo: Path, test: str) -> None:
    """Refuse a test id whose file is not in the repository at ``repo`` now and never was (a test
    removed since still proves a past failure); an id without a file part is taken as given."""
    match = _TEST_FILE.match(test.strip())
    if match is None:
        return
    path = match.group("file")
    top = run_git(repo, "rev-parse", "--show-toplevel", check=False)
    root = Path(top.stdout.strip()) if top.ok and top.stdout.strip() else repo
    target = (root / path).resolve()
    inside = target == root.resolve() or root.resolve() in target.parents
    if inside and target.is_file():
        return
    if inside:
        seen = run_git(root, "log", "-1", "--all", "--format=%H", "--", path, check=False)
        if seen.ok and seen.stdout.strip():
            return
    raise IngestError(
        f"the test file {path} of --test {test!r} is not in the repository at {root}, now or in "
        "its history; give a test of this repository, or prove the failure with --commit SHA."
    )


def commit_episode(sha: str, subject: str, ctx: WriteContext, scope: str) -> Episode:
    """The :Episode a commit is, as evidence."""
    return Episode(
        id=f"commit_{sha[:16]}",
        text=f"commit {sha[:12]}: {subject}",
        title=f"commit {sha[:12]}",
        source_ref=f"commit:{sha}",
        source_kind=SourceKind.TOOL,
        trust=0.9,
        confidence=1.0,
        truth_status=TruthStatus.CONFIRMED,
        lifecycle=Lifecycle.CONSOLIDATED,
        scope=scope,
        branch=ctx.branch,
        recorded_at=ctx.clock(),
        session="git",
    )


def ensure_commit_episode(
    tx: Tx, ctx: WriteContext, sha: str, subject: str, scope: str, batch: str
) -> str:
    """Create the commit's episode unless it exists; return its id."""
    episode = commit_episode(sha, subject, ctx, scope)
    if not tx.run("existing_ids", ids=[episode.id]):
        store.create_nodes(tx, [episode], actor=ctx.actor, batch_id=batch, at=ctx.clock())
    return episode.id


def record_failure(
    graph: Graph,
    ctx: WriteContext,
    *,
    what: str,
    why: str | None,
    fix: str | None,
    commit: str | None,
    test: str | None,
    symbols: Sequence[str],
    repo: Path,
    source: str = "user",
    source_ref: str | None = None,
    truth: TruthStatus | None = None,
) -> RememberResult:
    """Record a failure; refused unless a commit that exists in ``repo`` or a test id proves it."""
    if not (commit or (test and test.strip())):
        raise IngestError(
            "a failure needs its proof: --commit SHA (a commit of this repository) or --test ID."
        )
    sha, subject = resolve_commit(repo, commit) if commit else (None, None)
    if test and test.strip():
        check_test(repo, test)
    unit = UnitInput(
        text=what,
        kind=MemoryKind.FAILURE,
        source=source,  # type: ignore[arg-type]
        broke=list(symbols),
        source_ref=source_ref or (f"commit:{sha}" if sha else f"test:{test}"),
        details={"why": why, "fix": fix, "commit": sha, "test": test},
    )
    record = build_record(ctx, unit, ctx.clock())
    if truth is not None:
        record = record.model_copy(update={"truth_status": truth})
    record = record.model_copy(update=vectors(ctx, [what])[0])
    batch = new_id("batch")

    def work(tx: Tx) -> RememberResult:
        episode = (
            ensure_commit_episode(tx, ctx, sha, subject or "", record.scope, batch) if sha else None
        )
        unit_with_source = unit.model_copy(update={"episode_id": episode}) if episode else unit
        result = pipeline.remember_in_tx(tx, ctx, unit_with_source, record, batch)
        if episode and result.action == "created":
            store.create_edges(
                tx,
                [
                    Edge(
                        type=RelType.FIXED_BY,
                        source_id=result.id,
                        target_id=episode,
                        created_at=ctx.clock(),
                    )
                ],
                actor=ctx.actor,
                batch_id=batch,
                at=ctx.clock(),
            )
        return result

    return graph.write_tx(work)


def failures_near(graph: Graph, ids: Sequence[str]) -> list[dict[str, Any]]:
    """Failures that broke any of the given symbols or files."""
    rows = graph.read("memory_attached", ids=list(ids))
    return [
        {**r["unit"], "target": r["target"]}
        for r in rows
        if r["unit"]["kind"] == "failure" and r["rel"] == "BROKE"
    ]
