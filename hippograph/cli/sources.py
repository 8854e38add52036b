"""Getting memory in and out in bulk: Markdown, transcripts, snapshots."""

from __future__ import annotations

from pathlib import Path

import typer

from hippograph.cli.app import app, new_typer, open_memory
from hippograph.cli.output import print_json, print_table

JSON = typer.Option(False, "--json", help="Print JSON.")
import_app = new_typer("Import memory from files: Markdown memory files, agent transcripts.")
app.add_typer(import_app, name="import")


@import_app.command("markdown")
def import_markdown(
    ctx: typer.Context,
    paths: list[Path] = typer.Argument(
        ..., help="Files, or folders to search for MEMORY.md, CLAUDE.md, AGENTS.md, memory/*.md."
    ),
    no_embed: bool = typer.Option(
        False, "--no-embed", help="Skip embeddings now (`hippo maintain` adds them later)."
    ),
    as_json: bool = JSON,
) -> None:
    """One unit per bullet or paragraph with path#Lx-Ly; re-import touches only changed files."""
    with open_memory(ctx, embed=not no_embed) as memory:
        report = memory.import_markdown(paths)
    if as_json:
        print_json({"files": report.files, "totals": report.totals()})
        return
    cols = ["created", "unchanged", "moved", "superseded", "deprecated", "strengthened"]
    print_table(
        None,
        ["file", "status", *cols],
        [[f["path"], f["status"], *(f.get(c, "") for c in cols)] for f in report.files],
    )
    t = report.totals()
    typer.echo(
        f"{t['files']} file(s), {t['skipped_files']} unchanged; {t['created']} created, {t['superseded']} superseded, "
        f"{t['deprecated']} deprecated"
    )


@import_app.command("transcript")
def import_transcript(
    ctx: typer.Context,
    path: Path = typer.Argument(
        ...,
        help="JSONL: {session, turn, speaker, text, time} per line, or a Claude Code transcript.",
    ),
    scope: str | None = typer.Option(
        None, "--scope", help="Scope of the episodes (default: the configured scope)."
    ),
    strict: bool = typer.Option(False, "--strict", help="Import nothing if any line is malformed."),
    no_embed: bool = typer.Option(
        False, "--no-embed", help="Skip embeddings now (`hippo maintain` adds them later)."
    ),
    as_json: bool = JSON,
) -> None:
    """Every turn becomes an episode chained with NEXT; malformed lines are reported with their number."""
    with open_memory(ctx, embed=not no_embed) as memory:
        report = memory.import_transcript(path, scope=scope, strict=strict)
    if as_json:
        print_json(report.as_dict())
    else:
        typer.echo(
            f"{report.path}: {report.imported} turn(s) imported in {report.sessions} session(s), "
            f"{report.already_present} already present, {report.skipped} event(s) skipped"
        )
        for problem in report.problems:
            typer.echo(f"  {report.path}:{problem['line']}: {problem['message']}", err=True)
    if report.problems:
        raise typer.Exit(1 if report.imported == 0 and report.already_present == 0 else 0)


@app.command("export")
def export(
    ctx: typer.Context,
    directory: Path = typer.Argument(..., help="Folder to write (created if missing)."),
    as_json: bool = JSON,
) -> None:
    """Write all memory as sorted JSONL per kind: two exports of the same memory are byte-identical."""
    with open_memory(ctx) as memory:
        counts = memory.export(directory)
    if as_json:
        print_json(counts)
    else:
        typer.echo(
            f"exported {sum(counts.values())} records in {len(counts)} file(s) to {directory}"
        )


@app.command("import-snapshot")
def import_snapshot(
    ctx: typer.Context,
    directory: Path = typer.Argument(..., help="A folder written by `hippo export`."),
    as_json: bool = JSON,
) -> None:
    """Restore an export into an empty database: ids, properties, edges and history, exactly."""
    with open_memory(ctx) as memory:
        counts = memory.import_snapshot(directory)
    if as_json:
        print_json(counts)
    else:
        typer.echo(f"imported {sum(counts.values())} records from {directory}")


@import_app.command("adr")
def import_adr(
    ctx: typer.Context,
    directory: Path = typer.Argument(..., help="Folder of decision records (MADR or Nygard)."),
    as_json: bool = JSON,
) -> None:
    """One decision per record with its alternatives and line refs; idempotent; "superseded by" becomes a link."""
    with open_memory(ctx) as memory:
        out = memory.import_adrs(directory)
    if as_json:
        print_json(out)
    else:
        typer.echo(
            f"{len(out['created'])} created, {len(out['updated'])} updated, {len(out['unchanged'])} unchanged, "
            f"{len(out['linked'])} supersession link(s), {len(out['deprecated'])} deprecated"
        )


@import_app.command("git")
def import_git(
    ctx: typer.Context,
    since: str | None = typer.Option(
        None, "--since", help="Only commits since (anything git log --since accepts)."
    ),
    max_count: int | None = typer.Option(
        None, "--max-count", min=1, help="At most this many commits."
    ),
    as_json: bool = JSON,
) -> None:
    """Propose failures (hypotheses) from reverts and fix commits, linked to the symbols they changed."""
    with open_memory(ctx) as memory:
        out = memory.import_git(since=since, max_count=max_count)
    if as_json:
        print_json(out)
        return
    typer.echo(
        f"{out['commits']} commit(s) read; {len(out['proposed'])} failure(s) proposed, "
        f"{len(out['strengthened'])} already known; confirm them with `hippo confirm ID`"
    )
    for p in out["proposed"]:
        typer.echo(f"  {p['id']} ({p['kind']} {p['commit']}): {p['what'][:80]}")
