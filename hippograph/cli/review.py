"""``hippo review``: conflicts, ambiguities and tasks waiting for a decision."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from hippograph.cli.app import app, open_memory
from hippograph.cli.output import print_table, render, view

if TYPE_CHECKING:
    from hippograph.units.review import Resolution, ReviewQueue

JSON = typer.Option(False, "--json", help="Print JSON.")
review_app = typer.Typer(
    help="The review queue: list open conflicts, ambiguities and tasks; accept or reject them.",
    invoke_without_command=True,
    add_completion=False,
)
app.add_typer(review_app, name="review")


@review_app.callback()
def review(ctx: typer.Context, as_json: bool = JSON) -> None:
    """List open review items (run `hippo review accept|reject ID` to decide)."""
    if ctx.invoked_subcommand is not None:
        return
    with open_memory(ctx) as memory:
        render(memory.review(), as_json=as_json)


@view("hippograph.units.review.ReviewQueue")
def _queue(items: ReviewQueue) -> None:
    if not items:
        typer.echo("Nothing to review.")
        return
    print_table(
        None,
        ["id", "kind", "what", "involves"],
        [
            [
                i.item["id"],
                i.kind,
                i.item["text"][:90],
                ", ".join(u["id"] for u in i.involves),
            ]
            for i in items
        ],
    )


@review_app.command("accept")
def accept(
    ctx: typer.Context,
    item_id: str = typer.Argument(..., metavar="ID"),
    keep: str | None = typer.Option(
        None, "--keep", help="For a conflict: the unit that wins (default: the newer)."
    ),
    note: str | None = typer.Option(None, "--note", help="Why."),
    as_json: bool = JSON,
) -> None:
    """Accept: a conflict is resolved (the loser is superseded), a task is done,
    an ambiguity becomes SAME_AS."""
    with open_memory(ctx) as memory:
        render(memory.resolve(item_id, accept=True, keep=keep, note=note), as_json=as_json)


@review_app.command("reject")
def reject(
    ctx: typer.Context,
    item_id: str = typer.Argument(..., metavar="ID"),
    note: str | None = typer.Option(None, "--note", help="Why."),
    as_json: bool = JSON,
) -> None:
    """Reject: the contradiction or ambiguity is not real, or the task is dropped."""
    with open_memory(ctx) as memory:
        render(memory.resolve(item_id, accept=False, note=note), as_json=as_json)


@view("hippograph.units.review.Resolution")
def _resolved(out: Resolution) -> None:
    typer.echo(f"{out.id}: {out.status}" + (f", kept {out.kept}" if out.kept else ""))
