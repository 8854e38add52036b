"""Decision commands: ``hippo decide``, ``hippo outcome``, ``hippo why``."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import typer

from hippograph.cli.app import app, open_memory, settings_of
from hippograph.cli.output import render, view
from hippograph.recall.gate import in_words
from hippograph.schema.isotime import parse_when

if TYPE_CHECKING:
    from hippograph.kinds.decisions import Outcome, WhyAnswer

JSON = typer.Option(False, "--json", help="Print JSON.")


@app.command("decide")
def decide(
    ctx: typer.Context,
    decision: str = typer.Option(..., "--decision", "-d", help="What was chosen."),
    problem: str | None = typer.Option(
        None, "--problem", "-p", help="The problem the decision solves."
    ),
    alternative: list[str] | None = typer.Option(
        None, "--alternative", help='"OPTION: why it was rejected" (repeatable).'
    ),
    reasoning: str | None = typer.Option(None, "--reasoning", "-r", help="Why this option."),
    governs: list[str] | None = typer.Option(
        None,
        "--governs",
        "-g",
        help="What it governs: a file path, a symbol (qualified name, or FILE:SYMBOL as pre-edit "
        "takes it), else an entity by name (repeatable).",
    ),
    about: list[str] | None = typer.Option(
        None, "--about", help="Entity it is about (repeatable)."
    ),
    supersedes: str | None = typer.Option(
        None, "--supersedes", help="Id of the decision this one replaces."
    ),
    topic: str | None = typer.Option(
        None, "--topic", help="The question it settles (a later decision on it supersedes)."
    ),
    source_ref: str | None = typer.Option(
        None, "--source-ref", help="Where it was decided (ADR path, PR, meeting notes)."
    ),
    valid_from: str | None = typer.Option(None, "--valid-from", help="When it took effect."),
    as_json: bool = JSON,
) -> None:
    """Record a decision with the alternatives rejected and why, what it governs,
    and what it supersedes."""
    actor = settings_of(ctx).actor
    with open_memory(ctx) as memory:
        result = memory.decide(
            decision,
            problem=problem,
            reasoning=reasoning,
            alternatives=alternative or [],
            governs=governs or [],
            about=about or [],
            supersedes=supersedes,
            topic=topic,
            valid_from=parse_when(valid_from, "--valid-from"),
            source_ref=source_ref
            or f"cli:{actor}@{datetime.now(UTC).isoformat(timespec='seconds')}",
        )
    render(result, as_json=as_json)


@app.command("outcome")
def outcome(
    ctx: typer.Context,
    decision_id: str = typer.Argument(..., metavar="ID"),
    text: str = typer.Argument(..., help="How it turned out."),
    as_json: bool = JSON,
) -> None:
    """Record how a decision turned out (dated; earlier outcomes stay in the history)."""
    with open_memory(ctx) as memory:
        render(memory.record_outcome(decision_id, text), as_json=as_json)


@view("hippograph.kinds.decisions.Outcome")
def _outcome(out: Outcome) -> None:
    typer.echo(f"{out.id}: outcome recorded {out.outcome_at:%Y-%m-%d}")


def _date(value: Any) -> str:
    return f"{value:%Y-%m-%d}" if isinstance(value, datetime) else "?"


@view("hippograph.kinds.decisions.WhyAnswer")
def print_why(a: WhyAnswer) -> None:
    """The why-chain as a person reads it."""
    if a.abstain or a.decision is None:
        said = in_words(a.reason).replace("I don't know", "I don't know why", 1)
        typer.echo(said + (f" Recorded as task {a.task_id}." if a.task_id else ""))
        return
    d = a.decision
    typer.echo(f"Why {a.subject}? (as of {a.as_of:%Y-%m-%d})")
    if d.get("problem"):
        typer.echo(f"  problem:   {d['problem']}")
    for alt in a.alternatives:
        typer.echo(f"  rejected:  {alt['option']} -- {alt['why_rejected']}")
    typer.echo(
        f"  decision:  {d['text']}  [{d['id']}, "
        f"{_date(d.get('valid_from') or d.get('recorded_at'))}, {d.get('source_ref')}]"
    )
    if d.get("reasoning"):
        typer.echo(f"  reasoning: {d['reasoning']}")
    if d.get("outcome"):
        typer.echo(f"  outcome:   {d['outcome']} ({_date(d.get('outcome_at'))})")
    if a.governs:
        typer.echo(f"  governs:   {', '.join(a.governs)}")
    from hippograph.kinds.decisions import names_code

    if a.found_by == "words" and names_code(a.subject):
        typer.echo(
            f"  found by:  its words; no decision recorded governs {a.subject} "
            "(--governs links one)"
        )
    for old in a.supersedes:
        typer.echo(
            (
                f"  replaced:  {old['text']}  [{old['id']}, {_date(old['recorded_at'])}, "
                f"{old.get('source_ref')}]"
            )
            + (f" -- {old['why']}" if old.get("why") else "")
        )
    for new in a.superseded_by:
        typer.echo(f"  replaced by: {new['text']}  [{new['id']}, {_date(new['recorded_at'])}]")
    for other in a.others:
        typer.echo(f"  see also:  {other['text']}  [{other['id']}]")


@app.command("why")
def why(
    ctx: typer.Context,
    subject: list[str] = typer.Argument(
        ...,
        help="What was chosen: a tool, a file, a symbol, a topic (several words need no quotes).",
    ),
    as_of: str | None = typer.Option(
        None, "--as-of", help="What the answer was then (ISO 8601 or an age like 90d)."
    ),
    mode: str = typer.Option(
        "hybrid",
        "--mode",
        "-m",
        help="How to find candidate decisions: keyword (no model), semantic, or hybrid.",
    ),
    as_json: bool = JSON,
) -> None:
    """Why did we choose X: problem, alternatives rejected, decision, reasoning,
    outcome, supersession chain."""
    with open_memory(ctx) as memory:
        answer = memory.why(" ".join(subject), as_of=parse_when(as_of, "--as-of"), mode=mode)
    render(answer, as_json=as_json)
    if answer.abstain:
        raise typer.Exit(0)
