"""``hippo db``: start, stop, inspect the Neo4j server."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

import typer

from hippograph.cli.app import drain_captures, new_typer, settings_of
from hippograph.cli.output import print_kv, render, view

if TYPE_CHECKING:
    from hippograph.hooks.warmup import WarmUp
    from hippograph.neo4j_local import ServerReport

db_app = new_typer(
    "Start, stop and inspect the Neo4j server. Order: HIPPOGRAPH_NEO4J_URI if set, "
    "else Docker if an engine answers, else a managed local server (Java + Maven, no Docker)."
)
JSON = typer.Option(False, "--json", help="Print JSON.")


@dataclass(frozen=True)
class Started:
    """``hippo db start``: the server, and the recall warm-up that followed."""

    server: ServerReport
    warm_up: WarmUp

    def as_dict(self) -> dict[str, Any]:
        """The --json shape: the server's fields and ``warm_up``."""
        return {**self.server.as_dict(), "warm_up": asdict(self.warm_up)}


@view("hippograph.neo4j_local.ServerReport")
def _server(report: ServerReport) -> None:
    print_kv("Neo4j", _pairs(report))


@view("hippograph.cli.db.Started")
def _started(out: Started) -> None:
    print_kv("Neo4j", [*_pairs(out.server), ("warm-up", out.warm_up.summary())])


def _pairs(report: ServerReport) -> list[tuple[str, object]]:
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
    return pairs


@db_app.command("start")
def start(ctx: typer.Context, as_json: bool = JSON) -> None:
    """Make a Neo4j server available, then plan recall over Bolt and HTTP once so the first prompt
    does not wait for it, and import session captures queued while it was down; starting twice is
    harmless."""
    from hippograph import neo4j_local
    from hippograph.hooks import warmup

    settings = settings_of(ctx)
    report = neo4j_local.start(settings)
    render(Started(server=report, warm_up=warmup.warm(settings)), as_json=as_json)
    drain_captures(settings)  # sessions captured while it was down


@db_app.command("stop")
def stop(ctx: typer.Context, as_json: bool = JSON) -> None:
    """Stop the server hippo started (an external server is never touched)."""
    from hippograph import neo4j_local

    render(neo4j_local.stop(settings_of(ctx)), as_json=as_json)


@db_app.command("status")
def status(ctx: typer.Context, as_json: bool = JSON) -> None:
    """Is the server hippo manages running?"""
    from hippograph import neo4j_local

    render(neo4j_local.status(settings_of(ctx)), as_json=as_json)


@db_app.command("logs")
def logs(
    ctx: typer.Context,
    lines: int = typer.Option(50, "--lines", "-n", min=1, help="How many lines."),
) -> None:
    """Print the server's last log lines."""
    from hippograph import neo4j_local

    text = neo4j_local.logs(settings_of(ctx), lines)
    typer.echo(text if text else "No log yet: the server has not been started.")
