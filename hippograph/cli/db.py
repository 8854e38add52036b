"""``hippo db``: start, stop, inspect the Neo4j server."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from hippograph.cli.app import drain_captures, new_typer, settings_of
from hippograph.cli.output import print_kv, render, view

if TYPE_CHECKING:
    from hippograph.hooks.warmup import WarmUp
    from hippograph.neo4j_local import BackupReport, RestoreReport, ServerReport

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


@view("hippograph.neo4j_local.dumps.BackupReport")
def _backed_up(report: BackupReport) -> None:
    pairs: list[tuple[str, object]] = [
        ("file", report.file),
        ("size", _size(report.size_bytes)),
        ("database", report.database),
    ]
    if report.counts is not None:
        pairs.append(("holds", report.counts.summary()))
    pairs += [("server", report.server), ("took", f"{report.elapsed_s:.1f} s")]
    print_kv("Backed up", pairs)


@view("hippograph.neo4j_local.dumps.RestoreReport")
def _restored(report: RestoreReport) -> None:
    pairs: list[tuple[str, object]] = [
        ("file", report.file),
        ("database", report.database),
        ("holds", report.counts.summary()),
        ("replaced", report.replaced.summary() if report.replaced else "nothing (no database)"),
    ]
    if report.kept:
        pairs.append(("kept", f"{report.kept} (the replaced database)"))
    pairs += [
        ("schema", f"{report.schema_statements} statements applied, every index ONLINE"),
        ("server", report.server),
        ("took", f"{report.elapsed_s:.1f} s"),
    ]
    print_kv("Restored", pairs)


def _size(size: int) -> str:
    return f"{size / 1_000_000:.1f} MB" if size >= 100_000 else f"{size / 1000:.1f} kB"


@db_app.command("backup")
def backup(
    ctx: typer.Context,
    file: Path | None = typer.Argument(
        None,
        help="The dump file to write (it must not exist), or a folder to write it in. "
        "Default: <data_dir>/<instance>/backups/<database>-<UTC time>.dump.",
        show_default=False,
    ),
    as_json: bool = JSON,
) -> None:
    """Dump the managed server's memory database to one file with Neo4j's own `neo4j-admin
    database dump`. Neo4j Community dumps offline: a running server is stopped for the dump and
    started again. For Docker or a server at HIPPOGRAPH_NEO4J_URI, use that server's own
    backup."""
    from hippograph import neo4j_local

    render(neo4j_local.backup(settings_of(ctx), file), as_json=as_json)


@db_app.command("restore")
def restore(
    ctx: typer.Context,
    file: Path = typer.Argument(
        ..., help="A dump file `hippo db backup` wrote.", show_default=False
    ),
    force: bool = typer.Option(
        False, "--force", help="Replace a database that holds memory (a dump of it is kept)."
    ),
    as_json: bool = JSON,
) -> None:
    """Load a dump into the managed server's memory database with `neo4j-admin database load`,
    then start the server and apply the schema (as `hippo init` does). The server is stopped
    for the load. A database that holds memory is replaced only with --force; if the load
    fails, the previous database is put back."""
    from hippograph import neo4j_local

    render(neo4j_local.restore(settings_of(ctx), file, force=force), as_json=as_json)
