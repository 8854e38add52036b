"""Branch-scoped memory (docs/lifecycle-and-history.md):
what is learned on a branch stays there until merged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hippograph.errors import IngestError
from hippograph.graph.client import Graph, Tx
from hippograph.repo.git import git_output, trunk
from hippograph.schema import defaults, new_id
from hippograph.schema.results import Result, UnitList
from hippograph.units import policy, store
from hippograph.units.records import WriteContext


def current_branch(cwd: Path) -> str | None:
    """The checked-out git branch in ``cwd``, or None outside a repository or on a detached HEAD."""
    name = (git_output(cwd, "rev-parse", "--abbrev-ref", "HEAD", timeout_s=5) or "").strip()
    return None if not name or name == "HEAD" else name


def main_branch(cwd: Path | None, configured: str | None) -> str:
    """The branch every other branch sees: HIPPOGRAPH_MAIN_BRANCH when set, else the
    repository's own (``repo.git.trunk``: origin/HEAD, else main, else master), else main."""
    found = trunk(cwd, timeout_s=5) if configured is None and cwd is not None else None
    return configured or found or defaults.MAIN_BRANCH


def repository_name(cwd: Path) -> str | None:
    """The folder name of the git repository holding ``cwd``: the scope its own memory uses."""
    top = (git_output(cwd, "rev-parse", "--show-toplevel", timeout_s=5) or "").strip()
    return Path(top).name if top else None


def merged_branches(cwd: Path, main: str) -> list[str]:
    """Local branches git reports as merged into ``main``."""
    out = git_output(cwd, "branch", "--format=%(refname:short)", "--merged", main, timeout_s=5)
    return [b for b in (out or "").splitlines() if b and b != main]


def visible_branches(branch: str, main: str, cwd: Path | None) -> tuple[str, ...]:
    """A branch sees main plus itself; main also sees branches git already merged into it. Where
    the trunk is not called main, memory recorded on "main" (before the trunk was detected, or
    by a forced HIPPOGRAPH_BRANCH) counts as the trunk's too."""
    trunks = (main,) if main == defaults.MAIN_BRANCH else (main, defaults.MAIN_BRANCH)
    if branch not in trunks:
        return (*trunks, branch)
    merged = merged_branches(cwd, main) if cwd is not None else []
    return (*trunks, *merged)


class BranchCount(Result):
    """How many units a branch holds, and how many of them are active."""

    branch: str
    active: int
    total: int


class BranchList(Result):
    """Units per branch, and the branch this memory is on."""

    current: str
    branches: list[BranchCount]


class BranchDiff(UnitList):
    """Active units learned on a branch that main does not see yet, oldest first."""


class MergeResult(Result):
    """Units a merge made main's (``merged``); main's units the branch superseded (``closed``)."""

    branch: str
    merged: list[str]
    closed: list[str]
    batch_id: str


def list_branches(graph: Graph, current: str) -> BranchList:
    """Units per branch; ``current`` is the branch this memory is on."""
    return BranchList.model_validate({"current": current, "branches": graph.read("branch_counts")})


def diff(graph: Graph, branch: str) -> BranchDiff:
    """Active units learned on ``branch`` that main does not see yet."""
    return BranchDiff([row["unit"] for row in graph.read("units_on_branch", branch=branch)])


def merge(graph: Graph, ctx: WriteContext, branch: str, main: str) -> MergeResult:
    """Make a branch's memory main's: units move to main (recorded),
    duplicates of main's strengthen them."""
    if branch == main:
        raise IngestError(f"{branch} is the main branch; name a feature branch to merge.")
    units = diff(graph, branch)
    replaced = graph.read("branch_supersessions", branch=branch)
    batch = new_id("batch")

    def work(tx: Tx) -> MergeResult:
        moved: list[str] = []
        for row in replaced:  # what the branch superseded stays open on main until now
            old = row["old"]
            store.update_node(
                tx,
                old["id"],
                {
                    "valid_until": row["at"],
                    "superseded_at": ctx.clock(),
                    "dedup_key": None,
                    "closed_dedup_key": old.get("dedup_key"),
                },
                actor=ctx.actor,
                batch_id=batch,
                reason=f"superseded on {branch}, merged",
                at=ctx.clock(),
            )
        for unit in units:
            key = policy.dedup_key(unit["kind"], unit["scope"], main, unit["text"])
            clash = tx.run("find_units_by_keys", keys=[key])
            props: dict[str, Any] = {"branch": main, "merged_from": branch}
            if clash:  # main learned the same thing meanwhile: keep main's unit, close the copy
                props = {
                    **props,
                    "dedup_key": None,
                    "closed_dedup_key": unit.get("dedup_key"),
                    "valid_until": ctx.clock(),
                    "merged_into": clash[0]["id"],
                }
            else:
                props["dedup_key"] = key
            store.update_node(
                tx,
                unit["id"],
                props,
                actor=ctx.actor,
                batch_id=batch,
                reason=f"merge {branch} into {main}",
                at=ctx.clock(),
            )
            moved.append(unit["id"])
        return MergeResult(
            branch=branch, merged=moved, closed=[r["old"]["id"] for r in replaced], batch_id=batch
        )

    return graph.write_tx(work)
