"""``hippo grant`` and ``hippo grants``: who may read and write which scope."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from hippograph.cli.app import app, open_memory
from hippograph.cli.output import print_table, render, view

if TYPE_CHECKING:
    from hippograph.units.grants import Granted, GrantTable

LEVELS = "none, read, write or admin"


@app.command("grant")
def grant(
    ctx: typer.Context,
    role: str = typer.Argument(..., help="The role: `agent` (every agent's default) or your own."),
    scope: str | None = typer.Argument(
        None, help="A project id (see `hippo projects`), `workspace`, `agent:NAME`, or `*`."
    ),
    level: str | None = typer.Argument(None, help=f"What the role may do there: {LEVELS}."),
    to: str | None = typer.Option(
        None,
        "--to",
        metavar="PRINCIPAL",
        help="Give ROLE to a person (by name) or an agent (`agent:NAME`) instead.",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Give a role a level on a scope, or give a principal a role. Only an admin may.

    Without any grant, the local user is admin, every agent has role `agent` and may write
    every scope (its own notes only among agents' notes), and any other role may do nothing.
    Examples: `hippo grant agent workspace read` (agents stop writing to the workspace);
    `hippo grant reviewer '*' read` then `hippo grant reviewer --to agent:ci-bot`.

    A grant on a scope replaces the role's earlier one there (`hippo grants` shows what it was):
    to take access away, grant `none`. A scope may be granted before any memory is in it."""
    with open_memory(ctx) as memory:
        if to is not None:
            if scope is not None or level is not None:
                raise typer.BadParameter(
                    "give either SCOPE and LEVEL (a grant) or --to (a role), not both."
                )
            render(memory.assign_role(to, role), as_json=as_json)
            return
        if scope is None or level is None:
            raise typer.BadParameter(
                f"give the SCOPE and the LEVEL ({LEVELS}), e.g. `hippo grant {role} workspace "
                "read`, or --to PRINCIPAL to give the role to someone."
            )
        render(memory.grant(role, scope, level), as_json=as_json)


@view("hippograph.units.grants.Granted")
def _granted(r: Granted) -> None:
    was = f" (was {r.previous})" if r.previous else ""
    if r.what == "role":
        typer.echo(f"{r.principal} now has role {r.role}{was}.")
    else:
        may = "may no longer read or write" if r.level == "none" else f"may now {r.level}"
        typer.echo(f"Role {r.role} {may} on {r.scope}{was}.")


@app.command("grants")
def grants(
    ctx: typer.Context, as_json: bool = typer.Option(False, "--json", help="Print JSON.")
) -> None:
    """Every grant and every role given, with who gave it; the built-in defaults hold where
    none is stored (admin: everything; agent: write every scope but other agents' notes)."""
    with open_memory(ctx) as memory:
        render(memory.grant_table(), as_json=as_json)


@view("hippograph.units.grants.GrantTable")
def _grant_table(r: GrantTable) -> None:
    typer.echo(
        "Built in: role admin may do everything; role agent may write every scope (its own "
        "notes only); other roles nothing until granted."
    )
    if r.grants:
        print_table(
            "Grants",
            ["role", "scope", "level", "by"],
            [[g.role, g.scope, g.level, g.granted_by or ""] for g in r.grants],
        )
    if r.principals:
        print_table(
            "Roles",
            ["principal", "role", "by"],
            [
                [f"agent:{p.name}" if p.kind == "agent" else p.name, p.role, p.granted_by or ""]
                for p in r.principals
            ],
        )
    if not r.grants and not r.principals:
        typer.echo("No grants or roles stored.")
