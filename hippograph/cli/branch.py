"""``hippo branch``: memory per git branch."""

from __future__ import annotations

import typer

from hippograph.cli.app import app, new_typer, open_memory
from hippograph.cli.output import print_json, print_table

JSON = typer.Option(False, "--json", help="Print JSON.")
branch_app = new_typer(
    "Memory per git branch: a branch sees main's memory plus its own; main sees a branch after merge."
)
app.add_typer(branch_app, name="branch")


@branch_app.command("list")
def list_(ctx: typer.Context, as_json: bool = JSON) -> None:
    """Units per branch (active and total)."""
    with open_memory(ctx) as memory:
        rows = memory.branch_list()
        current = memory.branch
    if as_json:
        print_json({"current": current, "branches": rows})
        return
    print_table(
        None,
        ["branch", "active", "total"],
        [
            [("* " if r["branch"] == current else "  ") + r["branch"], r["active"], r["total"]]
            for r in rows
        ],
    )


@branch_app.command("diff")
def diff(
    ctx: typer.Context, name: str = typer.Argument(..., help="The branch."), as_json: bool = JSON
) -> None:
    """Units learned on a branch that main does not see yet."""
    with open_memory(ctx) as memory:
        units = memory.branch_diff(name)
    if as_json:
        print_json(units)
        return
    if not units:
        typer.echo(f"{name} has no memory of its own.")
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
        out = memory.branch_merge(name)
    if as_json:
        print_json(out)
    else:
        typer.echo(f"merged {len(out['merged'])} unit(s) from {name} into main")
