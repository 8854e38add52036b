"""Getting memory in and out in bulk: Markdown, transcripts, snapshots."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from hippograph.cli.app import app, new_typer, open_memory
from hippograph.cli.output import phases, print_table, render, view

if TYPE_CHECKING:
    from hippograph.ingest.import_adr import AdrImport
    from hippograph.ingest.import_git import GitImport
    from hippograph.ingest.import_markdown import MarkdownReport
    from hippograph.ingest.import_transcript import TranscriptReport
    from hippograph.ops.snapshot import SnapshotReport
    from hippograph.ops.snapshot_project import ExportReport

JSON = typer.Option(False, "--json", help="Print JSON.")
import_app = new_typer(
    "Import memory from files: Markdown memory files, agent transcripts, architecture decision "
    "records, and failures proposed from git history."
)
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
    with open_memory(ctx, embed=not no_embed) as memory, phases(not as_json) as progress:
        report = memory.import_transcript(path, scope=scope, strict=strict, progress=progress)
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
    if report.unread_fields:
        shown = list(report.unread_fields.items())
        fields = ", ".join(f"{name!a} ({n} line(s))" for name, n in shown[:10])
        more = f" and {len(shown) - 10} more" if len(shown) > 10 else ""
        typer.echo(
            f"  fields not read: {fields}{more}; only session, turn, speaker, text and time are "
            "read, so put what should be remembered into 'text'",
            err=True,
        )


@app.command("export")
def export(
    ctx: typer.Context,
    directory: Path = typer.Argument(..., help="Folder to write (created if missing)."),
    projects: list[str] | None = typer.Option(
        None,
        "--project",
        help="Only this project's memory (its id as `hippo projects` lists it, or workspace); "
        "repeat for several. You need read access to each; without --project, all memory "
        "(admin only).",
    ),
    format: str = typer.Option(
        "jsonl",
        "--format",
        help="jsonl: the snapshot `hippo import-snapshot` restores; markdown: one page per "
        "project and kind (DIR/<project>/decisions.md, facts.md, ...), for reading only.",
    ),
    as_json: bool = JSON,
) -> None:
    """Write memory as sorted JSONL per kind (two exports of the same memory are
    byte-identical), or as Markdown to read.

    With --project: that project's units and episodes, entities, review items, change log,
    the alternatives its decisions considered and its code graph (File and Symbol nodes whose
    project is the id or its last path segment). Edges between two of these are exported and
    import again; an edge to a node outside is listed in DIR/references/ and not imported, and
    one whose far end you do not see is left out; the summary counts both. Markdown is not
    importable. See docs/export.md."""
    with open_memory(ctx) as memory:
        report = memory.export(directory, projects=projects or [], format=format)
    render(report, as_json=as_json)


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


@view("hippograph.ops.snapshot_project.ExportReport")
def _export(out: ExportReport) -> None:
    what = f"of {', '.join(out.projects)} " if out.projects else ""
    if out.format == "markdown":
        typer.echo(
            f"wrote {len(out.files)} Markdown file(s) {what}to {out.directory} "
            f"({out.records} unit(s) and review item(s); for reading: import-snapshot cannot "
            "read them)"
        )
    else:
        typer.echo(
            f"exported {out.records} records {what}in {len(out.files)} file(s) to {out.directory}"
        )
    if out.projects and out.format == "jsonl":
        typer.echo(
            f"{out.references} edge(s) to nodes outside the export listed in references/ "
            "(not imported)"
        )
    if out.withheld:
        typer.echo(
            f"{out.withheld} edge(s) left out: their other end is in a scope you do not see "
            "(another project: add `hippo --all-projects`; or one you have no read grant on)"
        )


@import_app.command("adr")
def import_adr(
    ctx: typer.Context,
    directory: Path = typer.Argument(..., help="Folder of decision records (MADR or Nygard)."),
    as_json: bool = JSON,
) -> None:
    """One decision per record with its alternatives and line refs; idempotent;
    "superseded by" becomes a link.

    The decision is the "Chosen option:" line (a quoted name, else up to "because" or the end of
    its sentence), or the first paragraph of a Decision section. The considered option it names
    (by name, or as the one sharing the most words with it) is the choice; every other option is
    a rejected alternative, its cons the reason. A record that names no option as chosen rejects
    none: its options are kept in the reasoning."""
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
