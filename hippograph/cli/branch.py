"""``hippo branch``: memory per git branch."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from hippograph.cli.app import app, new_typer, open_memory
from hippograph.cli.output import print_table, render, view

if TYPE_CHECKING:
    from hippograph.units.branches import BranchDiff, BranchList, MergeResult

JSON = typer.Option(False, "--json", help="Print JSON.")
branch_app = new_typer(
    "Memory per git branch: a branch sees main's memory plus its own; main "
    "sees a branch after merge."
)
app.add_typer(branch_app, name="branch")


@branch_app.command("list")
def list_(ctx: typer.Context, as_json: bool = JSON) -> None:
    """Units per branch (active and total)."""
    with open_memory(ctx) as memory:
        render(memory.branch_list(), as_json=as_json)


@view("hippograph.units.branches.BranchList")
def _branches(out: BranchList) -> None:
    print_table(
        None,
        ["branch", "active", "total"],
        [
            [("* " if b.branch == out.current else "  ") + b.branch, b.active, b.total]
            for b in out.branches
        ],
    )


@branch_app.command("diff")
def diff(
    ctx: typer.Context, name: str = typer.Argument(..., help="The branch."), as_json: bool = JSON
) -> None:
    """Units learned on a branch that main does not see yet."""
    with open_memory(ctx) as memory:
        render(memory.branch_diff(name), as_json=as_json)


@view("hippograph.units.branches.BranchDiff")
def _branch_units(units: BranchDiff) -> None:
    if not units:
        typer.echo("The branch has no memory of its own.")
        return
    print_table(
        None,
        ["id", "kind", "text", "source"],
        [[u["id"], u["kind"], u["text"][:80], u["source_ref"]] for u in units],
    )


@branch_app.command("merge")
def merge(
    ctx: typer.Context,
    name: str = typer.Argument(..., help="The branch to merge into main."),
    as_json: bool = JSON,
) -> None:
    """Make a branch's memory main's (recorded; `hippo undo` reverses it)."""
    with open_memory(ctx) as memory:
        render(memory.branch_merge(name), as_json=as_json)


@view("hippograph.units.branches.MergeResult")
def _merged(out: MergeResult) -> None:
    typer.echo(f"merged {len(out.merged)} unit(s) from {out.branch} into main")
