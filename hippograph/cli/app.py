"""The root ``hippo`` command group and its error handling (STYLE §5)."""

from __future__ import annotations

import inspect
import logging
import os
import sys
from typing import TYPE_CHECKING, Any

import typer
from typer.core import TyperGroup

from hippograph.errors import HippographError
from hippograph.schema.defaults import is_debug

if TYPE_CHECKING:
    # imported where used: pydantic and its settings are a third of a cold `hippo --help`
    from hippograph.config import Settings


class HippoGroup(TyperGroup):
    """Turns our errors into ``Error: <message>`` on stderr and exit 1, never a traceback."""

    def make_context(
        self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any
    ) -> Any:
        if parent is None:  # the whole command line, once
            _refuse_undecodable(args)
            _flags_as_flags(self)
        return super().make_context(info_name, args, parent=parent, **extra)

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except HippographError as exc:
            typer.echo(f"Error: {exc}", err=True)
            raise typer.Exit(1) from None
        except (typer.Exit, typer.Abort, typer.TyperException):
            raise  # typer's own: usage errors keep exit 2
        except BrokenPipeError:
            raise  # `hippo ... | head`: click's main leaves quietly, as a pipe's reader expects
        except Exception as exc:
            from pydantic import ValidationError  # loaded by now if it raised this

            if isinstance(exc, ValidationError):
                from hippograph.config import format_validation_error

                typer.echo(f"Error: invalid input: {format_validation_error(exc)}.", err=True)
                raise typer.Exit(1) from None
            if _debug_enabled(ctx):
                raise
            typer.echo(
                f"Error: unexpected {type(exc).__name__}: {exc} (set "
                "HIPPOGRAPH_DEBUG=1 for the traceback)",
                err=True,
            )
            raise typer.Exit(1) from None


def _flags_as_flags(command: Any) -> None:
    """Show an on/off option as a flag in --help (``--json``), not as taking a value
    (``--json <bool>``, which typer prints, and which `--json true` then refuses); and reflow
    each command's help."""
    if getattr(command, "_flags_shown", False):  # once per command object
        return
    command._flags_shown = True
    for param in getattr(command, "params", []):
        if (getattr(param, "is_flag", False) or getattr(param, "count", False)) and (
            param.metavar is None
        ):
            param.metavar = ""
    make_help = command.get_help_option

    def help_option(ctx: Any) -> Any:
        option = make_help(ctx)
        if option is not None and option.metavar is None:
            option.metavar = ""
        return option

    command.get_help_option = help_option
    if command.help and command.short_help is None:
        # typer keeps a docstring's line breaks (in a group's list of commands, and in every
        # paragraph after the first of a command's own help): paragraphs are reflowed instead.
        paragraphs = [" ".join(p.split()) for p in inspect.cleandoc(command.help).split("\n\n")]
        command.help = "\n\n".join(paragraphs)
        command.short_help = paragraphs[0]
    for sub in getattr(command, "commands", {}).values():
        _flags_as_flags(sub)


def _refuse_undecodable(args: list[str]) -> None:
    """Stop, in one sentence, at an argument that is not UTF-8: Python hands such bytes over as
    lone surrogates, which no store, log or terminal can encode later."""
    for position, arg in enumerate(args, start=1):
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError:
            shown = os.fsencode(arg).decode("utf-8", "backslashreplace")
            shown = shown if len(shown) <= 60 else shown[:57] + "..."
            typer.echo(
                f"Error: argument {position} ('{shown}') is not valid UTF-8 text; hippo reads "
                "its arguments as UTF-8, so check the terminal's encoding (LANG=C.UTF-8) or "
                "rename the file.",
                err=True,
            )
            raise typer.Exit(1) from None


def _debug_enabled(ctx: Any) -> bool:
    obj = ctx.find_root().obj
    settings = obj.get("settings") if isinstance(obj, dict) else None
    if settings is not None:
        return bool(settings.debug)
    # The CLI is an entry point: reading the one debug switch here is allowed.
    return is_debug(os.environ)


def new_typer(help_text: str) -> typer.Typer:
    """A sub-command group with the shared error handling."""
    return typer.Typer(
        cls=HippoGroup,
        help=help_text,
        no_args_is_help=True,
        pretty_exceptions_show_locals=False,
        add_completion=False,
    )


app = typer.Typer(
    cls=HippoGroup,
    help="hippograph: knowledge-graph memory for coding agents, on Neo4j.",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
    add_completion=True,  # hippo --install-completion
)


def _show_version(value: bool) -> None:
    if value:
        from hippograph.version import __version__

        typer.echo(f"hippograph {__version__}")
        raise typer.Exit(0)


@app.callback()
def root(
    ctx: typer.Context,
    verbose: int = typer.Option(
        0, "--verbose", "-v", count=True, help="Log to stderr: -v info, -vv debug."
    ),
    project: str | None = typer.Option(
        None,
        "--project",
        help="Work in this project (its id, as `hippo projects` lists it) instead of the "
        "repository you are in.",
    ),
    all_projects: bool = typer.Option(
        False, "--all-projects", help="Read every project's memory, not only this one's."
    ),
    version: bool = typer.Option(
        False,
        "--version",
        is_eager=True,
        callback=_show_version,
        help="Print hippograph's version and exit.",
    ),
) -> None:
    """hippograph: knowledge-graph memory for coding agents, on Neo4j."""
    if verbose:
        logging.basicConfig(
            stream=sys.stderr,
            level=logging.DEBUG if verbose > 1 else logging.INFO,
            format="%(levelname)s %(name)s: %(message)s",
        )
    ctx.obj = {"project": project, "all_projects": all_projects}


def settings_of(ctx: typer.Context) -> Settings:
    """The Settings for this invocation, built once."""
    root_ctx = ctx.find_root()
    if not isinstance(root_ctx.obj, dict):
        root_ctx.obj = {}
    cached = root_ctx.obj.get("settings")
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    from hippograph.config import Settings

    settings = Settings.from_env()
    root_ctx.obj["settings"] = settings
    return settings


def open_memory(
    ctx: typer.Context,
    *,
    embed: bool = True,
    branch: str | None = None,
    scope: str | None = None,
    agent: str | None = None,
) -> Any:
    """Connect the public API for this invocation. With ``embed`` (the default) what it writes
    is embedded when the model is installed: the model loads on the first text to embed (a
    fraction of a second), so commands that write nothing never load it."""
    from hippograph.memory import Memory
    from hippograph.units.embedder import installed_embedder

    settings = settings_of(ctx)
    updates = {k: v for k, v in (("branch", branch), ("scope", scope)) if v}
    if updates:
        settings = settings.model_copy(update=updates)
    embedder = installed_embedder(settings) if embed else None
    principal = None
    if agent is not None:  # an agent reads and writes as itself, never as the local user
        from hippograph.units.read_gate import Principal

        principal = Principal(name=agent, kind="agent", role="agent")
    chosen = ctx.find_root().obj or {}
    memory = Memory.connect(
        settings,
        embedder=embedder,
        principal=principal,
        project=chosen.get("project"),
        all_projects=bool(chosen.get("all_projects")),
    )
    drain_captures(settings_of(ctx))
    return memory


def drain_captures(settings: Settings) -> None:
    """Import the session captures queued while Neo4j could not be reached (only when the queue
    holds any: one folder listing), saying on stderr what was done; never fails the command."""
    from hippograph.hooks import spool

    if not spool.has_pending(settings.data_dir):
        return
    from hippograph.hooks.capture import drain

    try:
        lines = drain(settings).messages()
    except Exception as exc:  # the command the user asked for still runs
        lines = [f"hippograph: the queued session captures were not imported ({exc})."]
    for line in lines:
        typer.echo(line, err=True)
