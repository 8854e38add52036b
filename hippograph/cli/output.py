"""Printing for the CLI: one ``render`` for every result; a view on stdout, or JSON with --json.

A command calls ``render(result, as_json=...)``. With ``--json`` the result is printed as the JSON
of its fields (``model_dump`` or ``as_dict``); otherwise the view registered for its type prints
it. The command modules register their views with ``@view("hippograph.<module>.<Class>")``: by
name, because importing the result classes would load the driver on ``hippo --help``. Errors go
to stderr.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date, datetime
from typing import Any, TypeVar

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

R = TypeVar("R")

VIEWS: dict[str, Callable[[Any], None]] = {}
"""The human view of each result type, by ``module.QualifiedName``."""


def view(type_name: str) -> Callable[[Callable[[R], None]], Callable[[R], None]]:
    """Register ``fn`` as the view of the result type named ``type_name`` (and its subclasses)."""

    def register(fn: Callable[[R], None]) -> Callable[[R], None]:
        if type_name in VIEWS:
            raise ValueError(f"{type_name} has two views")
        VIEWS[type_name] = fn
        return fn

    return register


def type_name(cls: type) -> str:
    """The registry key of a class: ``module.QualifiedName``."""
    return f"{cls.__module__}.{cls.__qualname__}"


def view_of(result: object) -> Callable[[Any], None]:
    """The view registered for ``result``'s type or the nearest base class that has one."""
    for cls in type(result).__mro__:
        found = VIEWS.get(type_name(cls))
        if found is not None:
            return found
    raise TypeError(f"no view is registered for {type_name(type(result))}")


def render(result: object, *, as_json: bool) -> None:
    """Print a result: its JSON with ``--json``, else the view registered for its type."""
    if as_json:
        print_json(result)
    else:
        view_of(result)(result)


def json_data(result: object) -> Any:
    """A result as data for JSON: pydantic results dump their fields, dataclasses ``as_dict``."""
    dump = getattr(result, "model_dump", None)
    if callable(dump):
        return dump()
    as_dict = getattr(result, "as_dict", None)
    return as_dict() if callable(as_dict) else result


def _default(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return value.isoformat()
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    return str(value)


def print_json(data: Any) -> None:
    """One JSON document on stdout."""
    typer.echo(
        json.dumps(json_data(data), default=_default, ensure_ascii=False, indent=2, sort_keys=False)
    )


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


@contextmanager
def phases(show: bool) -> Iterator[Callable[[int, int, str], None] | None]:
    """A progress bar labelled by phase (``parse …``, ``embed …``, ``write …``) for a long
    command, on stderr, as the callback ``(done, of, phase)`` it updates; None when not ``show``
    (--json) or when stderr is not a terminal (a pipe, a log, a test)."""
    console = Console(stderr=True)
    if not show or not console.is_terminal:
        yield None
        return
    from rich.progress import Progress

    with Progress(console=console, transient=True) as bar:
        task = bar.add_task("", total=None)

        def update(done: int, total: int, step: str, width: int = 40) -> None:
            label = step if len(step) <= width else step[: width - 1] + "…"
            bar.update(task, completed=done, total=total or None, description=label)

        yield update
