"""``hippo doctor``: check the installation end to end."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from hippograph.cli.app import app, settings_of
from hippograph.cli.output import print_table, render, view

if TYPE_CHECKING:
    from hippograph.doctor import Checkup

MARK = {"ok": "ok", "warn": "WARN", "fail": "FAIL", "skip": "-"}


@app.command("doctor")
def doctor(
    ctx: typer.Context, as_json: bool = typer.Option(False, "--json", help="Print JSON.")
) -> None:
    """Check the installation end to end and say how to fix what is wrong: server and version,
    schema, indexes, password file, embedding model and query-embedding time, units without
    embeddings, the prompt hook against its budget, whether the package's bytecode is compiled
    when Python may not write it, Claude Code hooks and MCP entries, the
    capture queue, the last maintenance. Exit 1 when a check fails. Writes nothing."""
    from hippograph.doctor import run_checks

    checkup = run_checks(settings_of(ctx), cwd=Path.cwd())
    render(checkup, as_json=as_json)
    if checkup.failed:
        raise typer.Exit(1)


@view("hippograph.doctor.Checkup")
def _checkup(r: Checkup) -> None:
    print_table(
        "hippo doctor",
        ["", "check", "seen", "fix"],
        [[MARK[c.verdict], c.name, c.seen, c.fix or ""] for c in r],
    )
    bad = [c for c in r if c.verdict in ("fail", "warn")]
    typer.echo(
        "Everything checked is fine."
        if not bad
        else f"{sum(c.verdict == 'fail' for c in bad)} failed, "
        f"{sum(c.verdict == 'warn' for c in bad)} to look at."
    )
