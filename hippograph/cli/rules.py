"""Negative memory and rules: ``hippo fail``, ``hippo rule add|list``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from hippograph.cli.app import app, new_typer, open_memory
from hippograph.cli.output import print_table, render, view
from hippograph.schema import RuleCategory, Severity

if TYPE_CHECKING:
    from hippograph.guard.check_patch import Verdict
    from hippograph.guard.safe_run import RunReport
    from hippograph.kinds.rules import RuleList

JSON = typer.Option(False, "--json", help="Print JSON.")
rule_app = new_typer(
    "Rules: architecture, code, security, performance rules and "
    "anti-patterns, with optional checks."
)
app.add_typer(rule_app, name="rule")


@app.command("fail")
def fail(
    ctx: typer.Context,
    what: str = typer.Option(..., "--what", help="What broke."),
    why: str | None = typer.Option(None, "--why", help="Why it broke."),
    fix: str | None = typer.Option(None, "--fix", help="How it was fixed."),
    commit: str | None = typer.Option(
        None, "--commit", help="The commit that proves it (must exist in this repository)."
    ),
    test: str | None = typer.Option(
        None,
        "--test",
        help="The test that proves it (e.g. tests/test_auth.py::test_refresh); its file must be "
        "in this repository, now or in its history.",
    ),
    symbol: list[str] | None = typer.Option(
        None, "--symbol", help="A file or symbol it broke (repeatable)."
    ),
    as_json: bool = JSON,
) -> None:
    """Record a failure (negative memory); refused without --commit or --test."""
    with open_memory(ctx) as memory:
        result = memory.fail(what, why=why, fix=fix, commit=commit, test=test, symbols=symbol or [])
    render(result, as_json=as_json)


@rule_app.command("add")
def add(
    ctx: typer.Context,
    message: str = typer.Option(..., "--message", help="The rule, as an agent should read it."),
    category: RuleCategory = typer.Option(
        ..., "--category", help="architecture, code, security, performance, anti-pattern."
    ),
    severity: Severity = typer.Option(
        ..., "--severity", help="critical and high block a patch; medium and low warn."
    ),
    scope: str = typer.Option(
        "*", "--scope", help="A path glob (src/**/*.py), a symbol, or the repository name."
    ),
    forbid: str | None = typer.Option(None, "--forbid", help="A regex no added line may match."),
    require: str | None = typer.Option(
        None, "--require", help="A regex the patched file must match."
    ),
    ts_query: str | None = typer.Option(
        None, "--ts-query", help="A tree-sitter query that must not match changed code."
    ),
    language: str | None = typer.Option(
        None, "--language", help="Language of --ts-query (default: from --scope)."
    ),
    from_failure: str | None = typer.Option(
        None, "--from-failure", help="The failure this rule was derived from."
    ),
    as_json: bool = JSON,
) -> None:
    """Add a rule; without a check it is advisory and pushed to agents as policy."""
    with open_memory(ctx) as memory:
        result = memory.add_rule(
            message,
            category=category.value,
            severity=severity.value,
            scope=scope,
            forbid=forbid,
            require=require,
            ts_query=ts_query,
            language=language,
            from_failure=from_failure,
        )
    render(result, as_json=as_json)


@rule_app.command("list")
def list_(ctx: typer.Context, as_json: bool = JSON) -> None:
    """Rules in force, most severe first."""
    with open_memory(ctx) as memory:
        render(memory.rules(), as_json=as_json)


@view("hippograph.kinds.rules.RuleList")
def _rules(rows: RuleList) -> None:
    print_table(
        None,
        ["id", "severity", "category", "scope", "check", "rule"],
        [
            [r.id, r.severity, r.category, r.applies_to, r.check_kind or "advisory", r.text[:80]]
            for r in rows
        ],
    )


@app.command("check-patch")
def check_patch(
    ctx: typer.Context,
    patch: str = typer.Argument(
        "-", metavar="FILE|-", help="A unified diff (git diff output); - reads stdin."
    ),
    confirm: list[str] | None = typer.Option(
        None, "--confirm", help="Override one violated rule (repeatable; recorded)."
    ),
    reason: str | None = typer.Option(
        None, "--reason", help="Why the override is acceptable (kept in history)."
    ),
    as_json: bool = JSON,
) -> None:
    """Judge a patch before it is applied: allow, warn or block,
    with each rule's reason and a repair plan."""
    import sys
    from pathlib import Path

    from hippograph.errors import IngestError

    try:
        raw = sys.stdin.buffer.read() if patch == "-" else Path(patch).read_bytes()
    except OSError as exc:
        raise IngestError(
            f"cannot read the patch: {exc.strerror}; check the path.", path=patch
        ) from exc
    text = _utf8(raw, patch)
    with open_memory(ctx) as memory:
        out = memory.check_patch(text, confirm=confirm or [], reason=reason)
    render(out, as_json=as_json)
    if out.verdict == "block":
        raise typer.Exit(3)


@view("hippograph.guard.check_patch.Verdict")
def _verdict(out: Verdict) -> None:
    typer.echo(
        f"{out.verdict.upper()}: {len(out.violations)} violation(s), "
        f"{len(out.warnings)} warning(s) in {', '.join(out.files)}"
    )
    for v in out.violations:
        flag = " (overridden)" if v["overridden"] else ""
        typer.echo(f"  [{v['severity']}] {v['rule']}: {v['message']}{flag}")
    for w in out.warnings:
        typer.echo(f"  [warning] {w['message']}")
    for r in out.reminders:
        typer.echo(f"  [policy] {r['message']}")
    if out.repair_plan:
        typer.echo("repair plan:")
        for step in out.repair_plan:
            typer.echo(f"  - {step}")


@app.command("safe-run")
def safe_run(
    ctx: typer.Context,
    patch: str = typer.Option(..., "--patch", help="The unified diff to try."),
    test: str = typer.Option(..., "--test", help="Test command (shell); its failure rolls back."),
    build: str | None = typer.Option(
        None, "--build", help="Build command (shell), run before the tests."
    ),
    commit: bool = typer.Option(False, "--commit", help="Commit when everything passes."),
    allow_dirty: bool = typer.Option(
        False, "--allow-dirty", help="Checkpoint uncommitted changes instead of refusing."
    ),
    timeout: float = typer.Option(600.0, "--timeout", min=1, help="Seconds each command may run."),
    message: str = typer.Option("hippo safe-run", "--message", help="Commit message."),
    as_json: bool = JSON,
) -> None:
    """Checkpoint, check rules, apply, build, test; commit on success,
    else restore and record a failure."""
    from pathlib import Path

    from hippograph.errors import IngestError

    try:
        raw = Path(patch).read_bytes()
    except OSError as exc:
        raise IngestError(
            f"cannot read the patch: {exc.strerror}; check the path.", path=patch
        ) from exc
    text = _utf8(raw, patch)
    with open_memory(ctx) as memory:
        out = memory.safe_run(
            text,
            test=test,
            build=build,
            commit=commit,
            allow_dirty=allow_dirty,
            timeout_s=timeout,
            message=message,
        )
    render(out, as_json=as_json)
    if out.outcome in ("blocked", "failed"):
        raise typer.Exit(3)


@view("hippograph.guard.safe_run.RunReport")
def _run(out: RunReport) -> None:
    for step in out.steps:
        typer.echo(f"  {step.step}: {'ok' if step.ok else 'FAILED'}")
    typer.echo(
        out.outcome
        + (f" {out.commit[:12]}" if out.commit else "")
        + (f"; recorded failure {out.failure_id}" if out.failure_id else "")
    )


def _utf8(raw: bytes, source: str) -> str:
    """A patch's bytes as text; bytes that are not UTF-8 are one IngestError naming the offset."""
    from hippograph.errors import IngestError

    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise IngestError(
            f"the patch is not UTF-8 text (bad byte at offset {exc.start}); "
            "give a diff in UTF-8 (git diff writes one).",
            path="stdin" if source == "-" else source,
        ) from None
