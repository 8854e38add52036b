"""``hippo recall`` and ``hippo feedback``."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from hippograph.cli.app import app, open_memory
from hippograph.cli.output import print_table, render, view
from hippograph.errors import HippographError
from hippograph.recall.gate import in_words
from hippograph.schema.isotime import parse_when

if TYPE_CHECKING:
    from hippograph.memory import Feedback
    from hippograph.recall.engine import RecallResult

JSON = typer.Option(False, "--json", help="Print JSON.")
_BATCH_KEYS = {
    "id",
    "query",
    "k",
    "mode",
    "scope",
    "as_of",
    "strict",
    "kinds",
    "include_history",
    "record",
}


@view("hippograph.recall.engine.RecallResult")
def _recalled(result: RecallResult) -> None:
    if result.silent:
        why = result.notes[0] if result.notes else "the query has no topic"
        typer.echo(f"Nothing to recall: {why}.")
        return
    if result.abstain:
        said = in_words(result.reason)
        if result.involved:  # "...; confirm or refute them: fact_1, fact_2."
            said = f"{said[:-1]}: {', '.join(result.involved)}."
        typer.echo(f"{said} Recorded as task {result.task_id}." if result.task_id else said)
    if result.items:
        print_table(
            None,
            ["#", "score", "id", "kind", "text", "source", "voices", "failed"],
            [
                [
                    n,
                    f"{i['score']:.3f}",
                    i["id"],
                    i["kind"],
                    i["text"][:100],
                    i["source_ref"],
                    ",".join(i["voices"]),
                    ",".join(i["failed"]),
                ]
                for n, i in enumerate(result.items, start=1)
            ],
        )
    if result.history:
        print_table(
            "History (superseded or expired)",
            ["id", "text", "valid until", "superseded by"],
            [
                [i["id"], i["text"][:100], i["valid_until"], ",".join(i["superseded_by"])]
                for i in result.history
            ],
        )
    for note in result.notes:
        typer.echo(f"note: {note}", err=True)


@app.command("recall")
def recall(
    ctx: typer.Context,
    query: list[str] | None = typer.Argument(
        None,
        help="What to recall, in your own words or an identifier (several words need no quotes).",
    ),
    k: int = typer.Option(5, "-k", "--k", min=1, max=100, help="How many results."),
    mode: str = typer.Option(
        "hybrid", "--mode", "-m", help="keyword (full-text + graph, no model), semantic, or hybrid."
    ),
    scope: str | None = typer.Option(None, "--scope", help="Only this scope."),
    as_of: str | None = typer.Option(
        None, "--as-of", help="What memory said then (ISO 8601 or an age like 30d)."
    ),
    allow_uncertainty: bool = typer.Option(
        False,
        "--allow-uncertainty",
        help="Turn the strict gate off; each result says what it failed.",
    ),
    history: bool = typer.Option(
        False, "--history", help="Also show superseded and expired units, flagged."
    ),
    kind: list[str] | None = typer.Option(None, "--kind", help="Only these kinds (repeatable)."),
    record: bool = typer.Option(
        True,
        "--record/--no-record",
        help="Record that the results were used (usage counts, links between results returned "
        "together). --no-record for questions that should leave no trace, as when evaluating.",
    ),
    batch: Path | None = typer.Option(
        None,
        "--batch",
        help="JSONL of {id, query, ...options}; one JSON result per line on stdout.",
    ),
    as_json: bool = JSON,
) -> None:
    """Recall what memory knows, with sources; abstain with a reason
    (and a task) when nothing passes the gate."""
    if batch is not None:
        _run_batch(ctx, batch, record=record)
        return
    if not query:
        raise typer.BadParameter("give a QUERY, or --batch FILE.jsonl", param_hint="QUERY")
    with open_memory(ctx) as memory:
        result = memory.recall(
            " ".join(query),
            k=k,
            mode=mode,
            scope=scope,
            as_of=parse_when(as_of, "--as-of"),
            strict=not allow_uncertainty,
            kinds=kind,
            include_history=history,
            record_usage=record,
        )
    render(result, as_json=as_json)


def _run_batch(ctx: typer.Context, path: Path, *, record: bool = True) -> None:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise HippographError(
            f"cannot read the batch file {path}: {exc.strerror}; check the path."
        ) from exc
    except UnicodeDecodeError as exc:
        raise HippographError(
            f"the batch file {path} is not UTF-8 text (bad byte at offset {exc.start}); "
            "save it as UTF-8."
        ) from None
    failures = 0
    with open_memory(ctx) as memory:
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                spec = json.loads(line)
                if not isinstance(spec, dict) or not isinstance(spec.get("query"), str):
                    raise ValueError("each line needs a JSON object with a string 'query'")
                unknown = set(spec) - _BATCH_KEYS
                if unknown:
                    raise ValueError(f"unknown keys {sorted(unknown)}")
                _check_unicode(spec)
                opts: dict[str, Any] = {
                    k: v for k, v in spec.items() if k not in ("id", "query", "as_of", "record")
                }
                asked = spec.get("record", True)
                if not isinstance(asked, bool):
                    raise ValueError(f"'record' must be true or false, not {asked!r}")
                keep = record and asked  # --no-record holds for every line
                result = memory.recall(
                    spec["query"],
                    as_of=parse_when(spec.get("as_of"), "as_of"),
                    record_usage=keep,
                    **opts,
                )
                out: dict[str, Any] = {"id": spec.get("id"), **result.as_dict()}
            except (ValueError, TypeError, HippographError) as exc:
                failures += 1
                out = {"id": None, "line": number, "error": f"{path}:{number}: {exc}"}
                typer.echo(f"{path}:{number}: {exc}", err=True)
            sys.stdout.write(json.dumps(out, default=str, ensure_ascii=False) + "\n")
    if failures and failures == sum(1 for ln in lines if ln.strip()):
        raise typer.Exit(1)


def _check_unicode(spec: dict[str, Any]) -> None:
    """Refuse a batch line whose strings hold a lone surrogate (JSON can spell "\\ud800"):
    no store or terminal can encode one."""
    try:
        json.dumps(spec, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ValueError(
            f"the line holds a lone surrogate ({exc.object[exc.start]!a}), which is not valid "
            "Unicode"
        ) from None


@app.command("feedback")
def feedback(
    ctx: typer.Context,
    unit_id: str = typer.Argument(..., metavar="ID"),
    helped: bool = typer.Option(
        None, "--helped/--wrong", help="Did the recalled unit help, or was it wrong?"
    ),
    as_json: bool = JSON,
) -> None:
    """Record that a recalled unit helped or was wrong;
    it moves its score and its edges' weights."""
    if helped is None:
        raise typer.BadParameter("say --helped or --wrong", param_hint="--helped/--wrong")
    with open_memory(ctx) as memory:
        render(memory.feedback(unit_id, helped=helped), as_json=as_json)


@view("hippograph.memory.Feedback")
def _feedback(out: Feedback) -> None:
    typer.echo(f"{out.id}: {out.success_count} helped, {out.failure_count} wrong")
