"""Printing for the CLI: readable tables on stdout, JSON with --json, errors on stderr."""

from __future__ import annotations

import json
from datetime import date, datetime
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table


def _default(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return value.isoformat()
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    return str(value)


def print_json(data: Any) -> None:
    """One JSON document on stdout."""
    typer.echo(json.dumps(data, default=_default, ensure_ascii=False, indent=2, sort_keys=False))


def console() -> Console:
    """A console on stdout; no colours when not a terminal, wide enough for ids."""
    return Console(highlight=False, soft_wrap=False, width=160)


def print_table(title: str | None, columns: list[str], rows: list[list[Any]]) -> None:
    """A plain table."""
    table = Table(title=title, show_header=True, header_style="bold", title_justify="left")
    for col in columns:
        table.add_column(col, overflow="fold")
    for row in rows:
        table.add_row(*("" if v is None else escape(str(v)) for v in row))
    console().print(table)


def print_kv(title: str | None, pairs: list[tuple[str, Any]]) -> None:
    """Aligned ``key  value`` lines."""
    if title:
        typer.echo(title)
    width = max((len(k) for k, _ in pairs), default=0)
    for key, value in pairs:
        typer.echo(f"  {key.ljust(width)}  {'' if value is None else value}")
