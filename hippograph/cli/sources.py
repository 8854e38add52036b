"""Getting memory in and out in bulk: Markdown, transcripts, snapshots."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from hippograph.cli.app import app, new_typer, open_memory
from hippograph.cli.output import print_table, render, view

if TYPE_CHECKING:
    from hippograph.ingest.import_adr import AdrImport
    from hippograph.ingest.import_git import GitImport
    from hippograph.ingest.import_markdown import MarkdownReport
    from hippograph.ingest.import_transcript import TranscriptReport
    from hippograph.ops.snapshot import SnapshotReport

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
        render(memory.import_markdown(paths), as_json=as_json)


@view("hippograph.ingest.import_markdown.MarkdownReport")
def _markdown(report: MarkdownReport) -> None:
    cols = ["created", "unchanged", "moved", "superseded", "deprecated", "strengthened"]
    print_table(
        None,
        ["file", "status", *cols],
        [[f["path"], f["status"], *(f.get(c, "") for c in cols)] for f in report.files],
    )
    t = report.totals()
    typer.echo(
        f"{t['files']} file(s), {t['skipped_files']} unchanged; {t['created']} created, "
        f"{t['superseded']} superseded, {t['deprecated']} deprecated"
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
    strict: bool = typer.Option(
        False, "--strict", help="Import nothing if any line is malformed (else it is skipped)."
    ),
    no_embed: bool = typer.Option(
        False, "--no-embed", help="Skip embeddings now (`hippo maintain` adds them later)."
    ),
    as_json: bool = JSON,
) -> None:
    """Every turn becomes an episode chained with NEXT; malformed lines are reported with their
    number and skipped. Re-importing the same transcript, from any folder, adds nothing."""
    with open_memory(ctx, embed=not no_embed) as memory:
        report = memory.import_transcript(path, scope=scope, strict=strict)
    render(report, as_json=as_json)
    if report.problems:
        raise typer.Exit(1 if report.imported == 0 and report.already_present == 0 else 0)


@view("hippograph.ingest.import_transcript.TranscriptReport")
def _transcript(report: TranscriptReport) -> None:
    bad = ""
    if report.bad_lines:
        lines = [str(p["line"]) for p in report.problems]
        more = f" and {len(lines) - 10} more" if len(lines) > 10 else ""
        bad = f", {report.bad_lines} bad line(s) skipped (line {', '.join(lines[:10])}{more})"
    typer.echo(
        f"{report.path}: {report.imported} turn(s) imported in {report.sessions} session(s), "
        f"{report.already_present} already present, {report.skipped} event(s) skipped{bad}"
    )
    for problem in report.problems:
        typer.echo(f"  {report.path}:{problem['line']}: {problem['message']}", err=True)


@app.command("export")
def export(
    ctx: typer.Context,
    directory: Path = typer.Argument(..., help="Folder to write (created if missing)."),
    as_json: bool = JSON,
) -> None:
    """Write all memory as sorted JSONL per kind: two exports of the same memory are
    byte-identical."""
    with open_memory(ctx) as memory:
        render(memory.export(directory), as_json=as_json)


@app.command("import-snapshot")
def import_snapshot(
    ctx: typer.Context,
    directory: Path = typer.Argument(..., help="A folder written by `hippo export`."),
    as_json: bool = JSON,
) -> None:
    """Restore an export into an empty database: ids, properties, edges and history, exactly."""
    with open_memory(ctx) as memory:
        render(memory.import_snapshot(directory), as_json=as_json)


@view("hippograph.ops.snapshot.SnapshotReport")
def _snapshot(out: SnapshotReport) -> None:
    if out.action == "exported":
        typer.echo(f"exported {out.records} records in {len(out.files)} file(s) to {out.directory}")
    else:
        typer.echo(f"imported {out.records} records from {out.directory}")


@import_app.command("adr")
def import_adr(
    ctx: typer.Context,
    directory: Path = typer.Argument(..., help="Folder of decision records (MADR or Nygard)."),
    as_json: bool = JSON,
) -> None:
    """One decision per record with its alternatives and line refs; idempotent;
    "superseded by" becomes a link."""
    with open_memory(ctx) as memory:
        render(memory.import_adrs(directory), as_json=as_json)


@view("hippograph.ingest.import_adr.AdrImport")
def _adrs(out: AdrImport) -> None:
    typer.echo(
        f"{len(out.created)} created, {len(out.updated)} updated, {len(out.unchanged)} unchanged, "
        f"{len(out.linked)} supersession link(s), {len(out.deprecated)} deprecated"
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
    """Propose failures (hypotheses) from reverts and fix commits,
    linked to the symbols they changed."""
    with open_memory(ctx) as memory:
        render(memory.import_git(since=since, max_count=max_count), as_json=as_json)


@view("hippograph.ingest.import_git.GitImport")
def _git_failures(out: GitImport) -> None:
    typer.echo(
        f"{out.commits} commit(s) read; {len(out.proposed)} failure(s) proposed, "
        f"{len(out.strengthened)} already known; confirm them with `hippo confirm ID`"
    )
    for p in out.proposed:
        typer.echo(f"  {p.id} ({p.kind} {p.commit}): {p.what[:80]}")
