"""Negative memory and rules: ``hippo fail``, ``hippo rule add|list``."""

from __future__ import annotations

import typer

from hippograph.cli.app import app, new_typer, open_memory
from hippograph.cli.output import print_json, print_table
from hippograph.schema import RuleCategory, Severity

JSON = typer.Option(False, "--json", help="Print JSON.")
rule_app = new_typer("Rules: architecture, code, security, performance rules and anti-patterns, with optional checks.")
app.add_typer(rule_app, name="rule")


@app.command("fail")
def fail(
    ctx: typer.Context,
    what: str = typer.Option(..., "--what", help="What broke."),
    why: str | None = typer.Option(None, "--why", help="Why it broke."),
    fix: str | None = typer.Option(None, "--fix", help="How it was fixed."),
    commit: str | None = typer.Option(None, "--commit", help="The commit that proves it (must exist in this repository)."),
    test: str | None = typer.Option(None, "--test", help="The test that proves it (e.g. tests/test_auth.py::test_refresh)."),
    symbol: list[str] | None = typer.Option(None, "--symbol", help="A file or symbol it broke (repeatable)."),
    as_json: bool = JSON,
) -> None:  # fmt: skip
    """Record a failure (negative memory); refused without --commit or --test."""
    with open_memory(ctx) as memory:
        result = memory.fail(what, why=why, fix=fix, commit=commit, test=test, symbols=symbol or [])
    print_json(result.as_dict()) if as_json else typer.echo(f"{result.action} {result.id} (failure)")


@rule_app.command("add")
def add(
    ctx: typer.Context,
    message: str = typer.Option(..., "--message", "-m", help="The rule, as an agent should read it."),
    category: RuleCategory = typer.Option(..., "--category", help="architecture, code, security, performance, anti-pattern."),
    severity: Severity = typer.Option(..., "--severity", help="critical and high block a patch; medium and low warn."),
    scope: str = typer.Option("*", "--scope", help="A path glob (src/**/*.py), a symbol, or the repository name."),
    forbid: str | None = typer.Option(None, "--forbid", help="A regex no added line may match."),
    require: str | None = typer.Option(None, "--require", help="A regex the patched file must match."),
    ts_query: str | None = typer.Option(None, "--ts-query", help="A tree-sitter query that must not match changed code."),
    language: str | None = typer.Option(None, "--language", help="Language of --ts-query (default: from --scope)."),
    from_failure: str | None = typer.Option(None, "--from-failure", help="The failure this rule was derived from."),
    as_json: bool = JSON,
) -> None:  # fmt: skip
    """Add a rule; without a check it is advisory and pushed to agents as policy."""
    with open_memory(ctx) as memory:
        result = memory.add_rule(message, category=category.value, severity=severity.value, scope=scope, forbid=forbid,
                                 require=require, ts_query=ts_query, language=language, from_failure=from_failure)  # fmt: skip
    print_json(result.as_dict()) if as_json else typer.echo(f"{result.action} {result.id} (rule)")


@rule_app.command("list")
def list_(ctx: typer.Context, as_json: bool = JSON) -> None:
    """Rules in force, most severe first."""
    with open_memory(ctx) as memory:
        rows = memory.rules()
    if as_json:
        print_json(rows)
        return
    print_table(None, ["id", "severity", "category", "scope", "check", "rule"],
                [[r["id"], r["severity"], r["category"], r["applies_to"], r.get("check_kind") or "advisory", r["text"][:80]]
                 for r in rows])  # fmt: skip
