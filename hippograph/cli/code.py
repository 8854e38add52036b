"""Code commands: ``hippo index``, ``hippo watch``, ``hippo pre-edit``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from hippograph.cli.app import app, open_memory
from hippograph.cli.output import phases, print_table, render, view

if TYPE_CHECKING:
    from hippograph.code.indexer import IndexReport
    from hippograph.guard.claims import ClaimsReport
    from hippograph.guard.pre_edit import PreEdit

JSON = typer.Option(False, "--json", help="Print JSON.")


@view("hippograph.code.indexer.IndexReport")
def _summary(r: IndexReport) -> None:
    langs = ", ".join(f"{k} {v}" for k, v in sorted(r.languages.items())) or "none"
    typer.echo(
        f"{r.project}: {r.files_seen} file(s) seen ({langs}); {r.files_indexed} indexed, "
        f"{r.files_unchanged} unchanged, {r.files_retired} deleted; symbols +{r.symbols_created} "
        f"~{r.symbols_updated} -{r.symbols_retired}; {len(r.renamed)} renamed/moved, "
        f"{len(r.signature_changes)} signature change(s); imports +{r.imports_linked} "
        f"-{r.imports_retired}; {r.seconds:.2f} s"
    )
    for item in r.renamed:
        typer.echo(f"  {item['how']}: {item['old']} -> {item['new']}")
    for item in r.signature_changes:
        typer.echo(
            f"  signature: {item['new']} ({item['stale_references']} reference(s) marked "
            f"stale, task {item['task']})"
        )
    for item in r.duplicates:
        typer.echo(
            f"  {item['path']}: {item['count']} {item['kind']}s named {item['qualified_name']} "
            "with one signature, kept apart by their order in the file"
        )
    for item in r.skipped:
        typer.echo(f"  skipped {item['path']}: {item['reason']}", err=True)
    for item in r.syntax_errors:
        typer.echo(
            f"  {item['path']}: syntax errors at lines {item['lines']} (indexed what parses)",
            err=True,
        )


@app.command("index")
def index(
    ctx: typer.Context,
    path: Path = typer.Argument(Path("."), help="A folder or a file inside a repository."),
    project: str | None = typer.Option(
        None,
        "--project",
        help="Key the code under this name instead of the repository's project id (its origin "
        "URL, else its root path).",
    ),
    as_json: bool = JSON,
) -> None:
    """Parse source files with tree-sitter into files and symbols with stable identities;
    incremental."""
    with open_memory(ctx) as memory, phases(not as_json) as progress:
        report = memory.index(path, project=project, progress=progress)
    render(report, as_json=as_json)


@app.command("watch")
def watch(
    ctx: typer.Context,
    path: Path = typer.Argument(Path("."), help="The repository (or a folder in it) to watch."),
    project: str | None = typer.Option(
        None,
        "--project",
        help="Key the code under this name instead of the repository's project id (its origin "
        "URL, else its root path).",
    ),
) -> None:
    """Index once, then re-index source files as they change, until Ctrl-C."""
    from hippograph.code.watch import watch as run_watch

    with open_memory(ctx) as memory:
        _summary(memory.index(path, project=project))
        typer.echo(f"watching {path.resolve()} (Ctrl-C to stop)")

        def on_change(files: list[Path]) -> None:
            for file in files:
                if file.exists():
                    _summary(memory.index(file, project=project))

        run_watch(path.resolve(), on_change)


def _rows(units: list[dict[str, Any]], extra: str) -> list[list[Any]]:
    return [
        [u["id"], (u.get("text") or "")[:90], u.get(extra) or "", u.get("source_ref") or ""]
        for u in units
    ]


@app.command("pre-edit")
def pre_edit(
    ctx: typer.Context,
    target: str = typer.Argument(..., metavar="FILE[:SYMBOL|:LINE[-LINE]]"),
    as_json: bool = JSON,
) -> None:
    """Before editing code: the decisions, failures, rules,
    renames and stale references attached to it."""
    with open_memory(ctx) as memory:
        render(memory.pre_edit(target), as_json=as_json)


@view("hippograph.guard.pre_edit.PreEdit")
def _pre_edit(bundle: PreEdit) -> None:
    names = ", ".join(s["qualified_name"] for s in bundle.symbols[:8]) or "the file"
    typer.echo(f"{bundle.file}: {names}" + (" (indexed now)" if bundle.indexed_now else ""))
    if bundle.is_empty:
        typer.echo(
            "Nothing is known about this code: no decision, failure, rule "
            "or note is attached to it."
        )
        return
    if bundle.decisions:
        print_table(
            "Decisions that govern it",
            ["id", "decision", "reasoning", "source"],
            _rows(bundle.decisions, "reasoning"),
        )
    if bundle.failures:
        print_table(
            "Failures it was part of",
            ["id", "what broke", "fix", "source"],
            _rows(bundle.failures, "fix"),
        )
    if bundle.rules:
        print_table(
            "Rules in force", ["id", "rule", "severity", "source"], _rows(bundle.rules, "severity")
        )
    if bundle.facts:
        print_table(
            "Notes about it", ["id", "text", "truth", "source"], _rows(bundle.facts, "truth_status")
        )
    for r in bundle.renames:
        typer.echo(f"  {r['symbol']} was {r['was']} ({r['how']})")
    for s in bundle.stale:
        typer.echo(f"  stale: {s['id']} ({s['via']}) needs review: {s['stale_reason']}")


@app.command("verify")
def verify(
    ctx: typer.Context,
    scope: list[str] = typer.Option(
        [],
        "--scope",
        help="Check the units of this scope (repeat it); default: this "
        "repository's scope and HIPPOGRAPH_SCOPE.",
    ),
    urls: bool = typer.Option(
        False,
        "--urls",
        help="Also send a HEAD request to each URL a unit names (network; "
        "a URL can be proved alive, never dead).",
    ),
    as_json: bool = JSON,
) -> None:
    """Check the claims memories make, against this repository: paths, symbols (in the code graph),
    branches and commits. A failed claim marks its unit, so strict recall no longer hands it out
    (`claims_hold` fails) until the claim holds again or the unit is updated.
    Nothing in a memory is ever run."""
    with open_memory(ctx) as memory:
        render(memory.verify_claims(scopes=scope or None, urls=urls), as_json=as_json)


@view("hippograph.guard.claims.ClaimsReport")
def _claims(report: ClaimsReport) -> None:
    counts = ", ".join(f"{k} {v}" for k, v in sorted(report.claims.items())) or "no claims found"
    typer.echo(
        f"{report.units_checked} unit(s) checked against {report.root}: {counts}; "
        f"{report.units_changed} unit(s) updated"
    )
    for item in report.failed:
        typer.echo(f"  {item['id']}: {', '.join(item['claims'])} — {(item['text'] or '')[:80]}")
    for unit_id in report.cleared:
        typer.echo(f"  {unit_id}: its claims hold again")
