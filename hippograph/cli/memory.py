"""Knowledge-unit commands: remember, supersede, confirm, forget, get, log, undo,
rollback, history."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import typer

from hippograph.cli.app import app, open_memory, settings_of
from hippograph.cli.output import print_kv, print_table, render, view
from hippograph.schema import MemoryKind, SourceKind
from hippograph.schema.isotime import parse_when

if TYPE_CHECKING:
    from hippograph.units.history import (
        ChangeLog,
        RollbackResult,
        UndoResult,
        UnitHistory,
        UnitView,
    )
    from hippograph.units.lifecycle import ConfirmResult, DeprecateResult
    from hippograph.units.purge import PurgeResult
    from hippograph.units.records import RememberResult

JSON = typer.Option(False, "--json", help="Print JSON.")


def _fields(
    ctx: typer.Context,
    kind: MemoryKind,
    source: SourceKind,
    source_ref: str | None,
    topic: str | None,
    subject: str | None,
    about: list[str] | None,
    scope: str | None,
    valid_from: str | None,
    valid_until: str | None,
    confidence: float | None,
    trust: float | None,
    title: str | None,
    future: bool,
) -> dict[str, Any]:
    actor = settings_of(ctx).actor
    return {
        "kind": kind,
        "source": source,
        "source_ref": source_ref
        or f"cli:{actor}@{datetime.now(UTC).isoformat(timespec='seconds')}",
        "topic": topic,
        "subject": subject,
        "about": about or [],
        "scope": scope,
        "valid_from": parse_when(valid_from, "--valid-from"),
        "valid_until": parse_when(valid_until, "--valid-until"),
        "confidence": confidence,
        "trust": trust,
        "title": title,
        "future": future,
    }


@view("hippograph.units.records.RememberResult")
def _written(result: RememberResult) -> None:
    # "superseded" is what the write did to the older units: the new one was created
    verb = "created" if result.action == "superseded" else result.action
    typer.echo(f"{verb} {result.id} ({result.kind})")
    for old in result.superseded:
        typer.echo(f"  superseded {old} (kept as history)")
    if result.superseded_by:
        typer.echo(f"  already out of date: {result.superseded_by} replaced it (kept as history)")
    for conflict in result.conflicts:
        typer.echo(
            f"  conflict {conflict}: contradicts a more trusted or newer unit; see `hippo review`"
        )
    for task in result.tasks:
        typer.echo(f"  task {task}: not linked to an entity or episode; add --about NAME")
    for note in result.notes:
        typer.echo(f"  note: {note}")


KIND = typer.Option(MemoryKind.FACT, "--kind", help="fact, decision, failure, rule or episode.")
SOURCE = typer.Option(
    SourceKind.USER, "--source", "-s", help="Who said it; sets the initial trust."
)
SOURCE_REF = typer.Option(
    None,
    "--source-ref",
    help="Where it came from (path#L1-L5, commit, URL). Default: this CLI call.",
)
TOPIC = typer.Option(
    None,
    "--topic",
    help="The aspect it settles; a later unit on the same subject and topic contradicts it.",
)
SUBJECT = typer.Option(None, "--subject", help="What it is about (default: the first --about).")
ABOUT = typer.Option(None, "--about", "-a", help="An entity it is about (repeatable).")
SCOPE = typer.Option(
    None,
    "--scope",
    help="Where it is written (default: HIPPOGRAPH_SCOPE when set, else the project of the "
    "repository you are in, else workspace).",
)
VALID_FROM = typer.Option(
    None, "--valid-from", help="When it became true (ISO 8601 or an age like 3d)."
)
VALID_UNTIL = typer.Option(None, "--valid-until", help="When it stops being true.")
CONFIDENCE = typer.Option(
    None, "--confidence", min=0.0, max=1.0, help="Override the initial confidence (0-1)."
)
TRUST = typer.Option(
    None,
    "--trust",
    min=0.0,
    max=1.0,
    help="Override the source's trust (0-1), e.g. for a web page.",
)
TITLE = typer.Option(None, "--title", help="A short title.")
FUTURE = typer.Option(
    False, "--future", help="Allow --valid-from in the future (a planned change)."
)
GOVERNS = typer.Option(
    None,
    "--governs",
    "-g",
    help="What it governs: a file path, a symbol (qualified name, or FILE:SYMBOL as pre-edit "
    "takes it), else an entity by name (repeatable).",
)


@app.command("remember")
def remember(
    ctx: typer.Context,
    text: str = typer.Argument(..., help="The statement to remember."),
    kind: MemoryKind = KIND,
    source: SourceKind = SOURCE,
    source_ref: str | None = SOURCE_REF,
    topic: str | None = TOPIC,
    subject: str | None = SUBJECT,
    about: list[str] | None = ABOUT,
    scope: str | None = SCOPE,
    valid_from: str | None = VALID_FROM,
    valid_until: str | None = VALID_UNTIL,
    confidence: float | None = CONFIDENCE,
    trust: float | None = TRUST,
    title: str | None = TITLE,
    future: bool = FUTURE,
    governs: list[str] | None = GOVERNS,
    as_json: bool = JSON,
) -> None:
    """Remember a statement: a re-mention strengthens,
    a contradiction supersedes or goes to review."""
    fields = _fields(
        ctx,
        kind,
        source,
        source_ref,
        topic,
        subject,
        about,
        scope,
        valid_from,
        valid_until,
        confidence,
        trust,
        title,
        future,
    )
    fields["governs"] = governs or []
    with open_memory(ctx) as memory:
        render(memory.remember(text, **fields), as_json=as_json)


@app.command("supersede")
def supersede(
    ctx: typer.Context,
    unit_id: str = typer.Argument(..., metavar="ID", help="The unit that is no longer true."),
    text: str = typer.Argument(..., help="What is true now."),
    reason: str = typer.Option(..., "--reason", help="Why it changed (kept in history)."),
    source: SourceKind = SOURCE,
    source_ref: str | None = SOURCE_REF,
    about: list[str] | None = ABOUT,
    valid_from: str | None = VALID_FROM,
    as_json: bool = JSON,
) -> None:
    """Replace a unit with a new statement; the old one is closed and kept, never edited."""
    fields = _fields(
        ctx,
        MemoryKind.FACT,
        source,
        source_ref,
        None,
        None,
        about,
        None,
        valid_from,
        None,
        None,
        None,
        None,
        False,
    )
    fields.pop("kind")
    with open_memory(ctx) as memory:
        render(memory.supersede(unit_id, text, reason=reason, **fields), as_json=as_json)


@app.command("confirm")
def confirm(
    ctx: typer.Context,
    unit_id: str = typer.Argument(..., metavar="ID"),
    reason: str | None = typer.Option(None, "--reason", help="How it was confirmed."),
    as_json: bool = JSON,
) -> None:
    """Confirm a unit: it becomes consolidated when linked, uncontested and confident enough."""
    with open_memory(ctx) as memory:
        render(memory.confirm(unit_id, reason=reason), as_json=as_json)


@view("hippograph.units.lifecycle.ConfirmResult")
def _confirmed(out: ConfirmResult) -> None:
    typer.echo(f"confirmed {out.id}: lifecycle {out.lifecycle}, confidence {out.confidence:.2f}")


@app.command("forget")
def forget(
    ctx: typer.Context,
    unit_id: str = typer.Argument(..., metavar="ID"),
    reason: str = typer.Option(..., "--reason", help="Why it is no longer believed."),
    purge: bool = typer.Option(
        False,
        "--purge",
        help="Also remove its words for good: the text, the embedding and every copy in the "
        "change log (cannot be undone).",
    ),
    as_json: bool = JSON,
) -> None:
    """Deprecate a unit (archived and tagged; nothing is ever deleted, `hippo undo` restores it);
    with --purge, remove its words for good."""
    with open_memory(ctx) as memory:
        if not purge:
            render(memory.deprecate(unit_id, reason=reason), as_json=as_json)
            return
        memory.deprecate(unit_id, reason=reason)
        render(memory.purge(unit_id, reason=reason), as_json=as_json)


@view("hippograph.units.purge.PurgeResult")
def _purged(out: PurgeResult) -> None:
    typer.echo(
        f"purged {out.id}: its text, its embedding and {out.changes_rewritten} change log "
        "entries no longer hold its words (Neo4j's transaction logs keep them until they "
        "rotate; see docs/security.md)"
    )


@view("hippograph.units.lifecycle.DeprecateResult")
def _deprecated(out: DeprecateResult) -> None:
    typer.echo(f"deprecated {out.id} (kept as history; undo with `hippo undo`)")


@app.command("get")
def get(
    ctx: typer.Context,
    unit_id: str = typer.Argument(..., metavar="ID"),
    as_of: str | None = typer.Option(
        None, "--as-of", help="Show it as it was then (ISO 8601 or an age like 30d)."
    ),
    as_json: bool = JSON,
) -> None:
    """A unit with its edges and the exact source lines."""
    with open_memory(ctx) as memory:
        render(memory.get(unit_id, as_of=parse_when(as_of, "--as-of")), as_json=as_json)


@view("hippograph.units.history.UnitView")
def _unit(out: UnitView) -> None:
    unit = out.unit
    keys = (
        "text",
        "title",
        "kind",
        "truth_status",
        "lifecycle",
        "source_ref",
        "source_kind",
        "trust",
        "confidence",
        "mention_count",
        "valid_from",
        "valid_until",
        "recorded_at",
        "scope",
        "branch",
        "subject",
        "topic",
    )
    pairs = [(k, unit.get(k)) for k in keys if unit.get(k) not in (None, "", [])]
    pairs.append(("believed", "yes" if out.believed else "no (history)"))
    print_kv(
        f"{out.kind} {out.id}" + (f" as of {out.as_of.isoformat()}" if out.as_of else ""), pairs
    )
    if out.source_lines:
        typer.echo("source lines:")
        for line in out.source_lines.splitlines():
            typer.echo(f"  | {line}")
    elif out.source_problem:
        typer.echo(f"source lines: not shown, {out.source_problem}.")
    if out.edges:
        print_table(
            "Edges",
            ["type", "from", "to", "other"],
            [
                [e["type"], e["source_id"], e["target_id"], (e["other_text"] or "")[:60]]
                for e in out.edges
            ],
        )


@app.command("log")
def log(
    ctx: typer.Context,
    since: str | None = typer.Option(
        None, "--since", help="Only changes at or after (ISO 8601 or an age like 7d)."
    ),
    as_of: str | None = typer.Option(None, "--as-of", help="Only changes up to then."),
    unit_id: str | None = typer.Option(
        None, "--id", help="Only changes to this node or its edges."
    ),
    limit: int = typer.Option(50, "--limit", min=1, max=10_000),
    as_json: bool = JSON,
) -> None:
    """What was added or changed, and when, newest first."""
    with open_memory(ctx) as memory:
        changes = memory.log(
            since=parse_when(since, "--since"),
            until=parse_when(as_of, "--as-of"),
            unit_id=unit_id,
            limit=limit,
        )
    render(changes, as_json=as_json)


@view("hippograph.units.history.ChangeLog")
def _changes(changes: ChangeLog) -> None:
    if not changes:
        typer.echo("No changes recorded.")
        return
    from hippograph.units.history import describe

    print_table(
        None,
        ["at", "change", "actor", "target", "what", "reason"],
        [
            [
                c.at.isoformat(timespec="seconds"),
                c.id,
                c.actor,
                c.target_id,
                describe(c),
                (c.reason or "") + (f" [undone by {c.undone_by}]" if c.undone_by else ""),
            ]
            for c in changes
        ],
    )


@app.command("undo")
def undo(
    ctx: typer.Context,
    change_id: str = typer.Argument(..., metavar="CHANGE_ID"),
    as_json: bool = JSON,
) -> None:
    """Undo the action that made a change (refused when a later change depends on it)."""
    with open_memory(ctx) as memory:
        render(memory.undo(change_id), as_json=as_json)


@view("hippograph.units.history.UndoResult")
def _undone(out: UndoResult) -> None:
    typer.echo(
        f"undid {len(out.undone)} change(s) of that action; the undo itself is {out.batch_id}"
    )


@app.command("rollback")
def rollback(
    ctx: typer.Context,
    to: str = typer.Option(..., "--to", help="Reverse everything after this time."),
    as_json: bool = JSON,
) -> None:
    """Reverse every change after a time in the project you are in (every project with
    `hippo --all-projects rollback`, for an admin); the rollback is itself recorded and can be
    undone."""
    when = parse_when(to, "--to")
    assert when is not None
    with open_memory(ctx) as memory:
        render(memory.rollback(when), as_json=as_json)


@view("hippograph.units.history.RollbackResult")
def _rolled_back(out: RollbackResult) -> None:
    typer.echo(f"reversed {len(out.undone)} change(s) made after {out.to.isoformat()}")


@app.command("history")
def history(
    ctx: typer.Context, unit_id: str = typer.Argument(..., metavar="ID"), as_json: bool = JSON
) -> None:
    """When we started believing a unit, what changed it, what it replaced and what replaced it."""
    with open_memory(ctx) as memory:
        render(memory.history(unit_id), as_json=as_json)


@view("hippograph.units.history.UnitHistory")
def _history(out: UnitHistory) -> None:
    print_kv(
        f"{out.kind} {out.id}: {out.text}",
        [
            ("believed since", out.believed_since),
            ("valid from", out.valid_from),
            ("valid until", out.valid_until or "still valid"),
            ("truth", out.truth_status),
        ],
    )
    for label, chain in (("supersedes", out.supersedes), ("superseded by", out.superseded_by)):
        for unit in chain:
            typer.echo(
                f"  {label} {unit.id} ({unit.recorded_at}): {unit.text}"
                + (f" -- {unit.reason}" if unit.reason else "")
            )
    for c in out.changes:
        typer.echo(
            f"  {c.at.isoformat(timespec='seconds')} {c.op} by {c.actor}"
            + (f": {c.reason}" if c.reason else "")
        )
