"""``hippo db``: start, stop, inspect the Neo4j server."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING

import typer

from hippograph.cli.app import new_typer, settings_of
from hippograph.cli.output import print_json, print_kv

if TYPE_CHECKING:
    from hippograph.hooks.warmup import WarmUp
    from hippograph.neo4j_local import ServerReport

db_app = new_typer(
    "Start, stop and inspect the Neo4j server. Order: HIPPOGRAPH_NEO4J_URI if set, "
    "else Docker if an engine answers, else a managed local server (Java + Maven, no Docker)."
)
JSON = typer.Option(False, "--json", help="Print JSON.")


def _print(report: ServerReport, as_json: bool, warmed: WarmUp | None = None) -> None:
    if as_json:
        print_json({**report.as_dict(), **({"warm_up": asdict(warmed)} if warmed else {})})
        return
    pairs: list[tuple[str, object]] = [
        ("mode", report.mode),
        ("state", report.action),
        ("bolt", report.uri),
    ]
    if report.browser_url:
        pairs.append(("browser", report.browser_url))
    if report.pid:
        pairs.append(("pid", report.pid))
    if report.home:
        pairs.append(("home", report.home))
    if report.elapsed_s is not None:
        pairs.append(("took", f"{report.elapsed_s:.1f} s"))
    if warmed is not None:
        pairs.append(("warm-up", warmed.summary()))
    print_kv("Neo4j", pairs)


@db_app.command("start")
def start(ctx: typer.Context, as_json: bool = JSON) -> None:
    """Make a Neo4j server available, then plan recall over Bolt and HTTP once so the first prompt does
    not wait for it; starting twice is harmless."""
    from hippograph import neo4j_local
    from hippograph.hooks import warmup

    settings = settings_of(ctx)
    report = neo4j_local.start(settings)
    _print(report, as_json, warmup.warm(settings))


@db_app.command("stop")
def stop(ctx: typer.Context, as_json: bool = JSON) -> None:
    """Stop the server hippo started (an external server is never touched)."""
    from hippograph import neo4j_local

    _print(neo4j_local.stop(settings_of(ctx)), as_json)


@db_app.command("status")
def status(ctx: typer.Context, as_json: bool = JSON) -> None:
    """Is the server hippo manages running?"""
    from hippograph import neo4j_local

    _print(neo4j_local.status(settings_of(ctx)), as_json)


@db_app.command("logs")
def logs(
    ctx: typer.Context,
    lines: int = typer.Option(50, "--lines", "-n", min=1, help="How many lines."),
) -> None:
    """Print the server's last log lines."""
    from hippograph import neo4j_local

    text = neo4j_local.logs(settings_of(ctx), lines)
    typer.echo(text if text else "No log yet: the server has not been started.")
