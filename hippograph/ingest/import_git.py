"""``hippo import git``: negative memory from history, with no model.

Reverts and fix commits that say what they fix become proposed :Failure units (truth
``hypothesis``, source ``tool``): FIXED_BY the commit's episode and BROKE the symbols the
commit changed. Line ranges of historical commits are mapped onto the code graph as it is
now (files indexed first), so the link is a best effort a reviewer confirms; nothing
proposed is consolidated without confirmation.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from hippograph.code.languages import language_of
from hippograph.graph.client import Graph
from hippograph.ingest.gitlog import Commit, classify, read_commits
from hippograph.kinds.failures import record_failure
from hippograph.schema import SourceKind, TruthStatus
from hippograph.schema.results import Result
from hippograph.units.records import WriteContext


class ProposedFailure(Result):
    """A failure read from a revert or fix commit, linked to the symbols the commit changed."""

    id: str
    commit: str
    kind: str  # revert or fix
    what: str
    symbols: list[str]


class GitImport(Result):
    """Commits read, failures proposed (new) or strengthened (known), and commits skipped."""

    commits: int
    proposed: list[ProposedFailure]
    strengthened: list[ProposedFailure]
    skipped: int


def _touched_symbols(
    graph: Graph, repo: Path, commit: Commit, index: Callable[[Path], Any]
) -> list[str]:
    names: list[str] = []
    for change in commit.files:
        path = repo / change.path
        if not language_of(change.path) or not path.is_file():
            continue
        report = index(path)
        project = getattr(report, "project", repo.name)
        ranges = change.removed or change.added
        symbols = [
            row["symbol"]
            for row in graph.read("symbols_in_file", project=project, path=change.path)
        ]
        counts: dict[str, int] = {}
        for sym in symbols:
            counts[sym["qualified_name"]] = counts.get(sym["qualified_name"], 0) + 1
        for sym in (
            symbols
        ):  # overloads share a qualified name: link only names that resolve to one symbol
            if counts[sym["qualified_name"]] == 1 and any(
                start <= sym["end_line"] and end >= sym["start_line"] for start, end in ranges
            ):
                names.append(sym["qualified_name"])
    # innermost names only once, most specific first
    return sorted(set(names), key=lambda n: (-n.count("."), n))[:10]


def import_git(
    graph: Graph,
    ctx: WriteContext,
    repo: Path,
    *,
    since: str | None,
    max_count: int | None,
    index: Callable[[Path], Any],
) -> GitImport:
    """Read history and propose one failure per revert or fix commit."""
    proposed: list[ProposedFailure] = []
    strengthened: list[ProposedFailure] = []
    skipped = 0
    commits = read_commits(repo, since=since, max_count=max_count)
    for commit in commits:
        signal = classify(commit)
        if signal is None:
            skipped += 1
            continue
        symbols = _touched_symbols(graph, repo, commit, index)
        what = signal.what if signal.kind == "fix" else f"reverted: {signal.what}"
        fix = f"{'reverted' if signal.kind == 'revert' else 'fixed'} in commit {commit.sha[:12]}"
        result = record_failure(
            graph,
            ctx,
            what=what,
            why=None,
            fix=fix,
            commit=commit.sha,
            test=None,
            symbols=symbols,
            repo=repo,
            source=SourceKind.TOOL.value,
            source_ref=f"commit:{commit.sha}",
            truth=TruthStatus.HYPOTHESIS,
        )
        entry = ProposedFailure(
            id=result.id, commit=commit.sha[:12], kind=signal.kind, what=what, symbols=symbols
        )
        (proposed if result.action == "created" else strengthened).append(entry)
    return GitImport(
        commits=len(commits),
        proposed=proposed,
        strengthened=strengthened,
        skipped=skipped,
    )
