"""``hippo install claude-code``: wire hippograph's hooks and MCP server into Claude Code."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from hippograph.cli.app import app
from hippograph.cli.output import render, view
from hippograph.errors import ConfigError

if TYPE_CHECKING:
    from hippograph.hooks.install import InstallReport

install_app = typer.Typer(
    help="Connect coding agents to hippograph: hooks and the MCP server (see docs/agents.md).",
    no_args_is_help=True,
    add_completion=False,
)
app.add_typer(install_app, name="install")


def hippo_executable() -> str:
    """Absolute path of the ``hippo`` executable of the running environment."""
    beside = (
        Path(sys.executable).parent / "hippo"
    )  # the venv's own script, even when it is not on PATH
    if beside.is_file():
        return str(beside.absolute())
    found = shutil.which("hippo")
    if found:
        return str(Path(found).absolute())
    argv0 = Path(sys.argv[0])
    if argv0.name == "hippo" and argv0.is_file():
        return str(argv0.absolute())
    raise ConfigError(
        "cannot find the hippo executable of this environment; install hippograph "
        "(pip install hippograph) so that `hippo` is on PATH, then run again."
    )


def portable_command(executable: str) -> tuple[str, str | None]:
    """The command to write into files a team commits: ``hippo`` when PATH finds this very
    executable (so it runs on any teammate's machine with hippograph installed), else the
    absolute path, with a note saying why that file is not portable."""
    found = shutil.which("hippo")
    if found and os.path.realpath(found) == os.path.realpath(executable):
        return "hippo", None
    return executable, (
        f"`hippo` on PATH is not this environment's ({found or 'none on PATH'}), so the files "
        f"name {executable}, a path of this machine; put this environment's bin folder on PATH "
        "and install again for files a team can commit, or use --local."
    )


@install_app.command("claude-code")
def claude_code(
    project: bool = typer.Option(
        True,
        "--project/--user",
        help="This repository (.claude/settings.json, .mcp.json) or every project of this user "
        "(~/.claude/settings.json).",
    ),
    local: bool = typer.Option(
        False,
        "--local",
        help="This repository on this machine only: .claude/settings.local.json (not "
        "committed); prints the `claude mcp add --scope local` command for the server.",
    ),
    absolute: bool = typer.Option(
        False,
        "--absolute",
        help="Write this environment's absolute path even when `hippo` is on PATH.",
    ),
    uninstall: bool = typer.Option(False, "--uninstall", help="Remove exactly what install added."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Merge hippograph's hooks (prompt, pre-edit, session capture) and MCP server into Claude
    Code's settings. The command written is `hippo` when PATH finds this environment's (files a
    team can commit), else this environment's absolute path."""
    from hippograph.code.walk import repo_root
    from hippograph.hooks.install import install_claude_code

    executable = hippo_executable()
    command, note = (executable, None) if absolute else portable_command(executable)
    root = repo_root(Path.cwd())
    if uninstall and command != executable:  # an older install wrote the absolute path
        install_claude_code(root, user=not project, uninstall=True, command=executable, local=local)
    out = install_claude_code(
        root, user=not project, uninstall=uninstall, command=command, local=local
    )
    render(out, as_json=as_json)
    if note and project and not local and not uninstall and not as_json:  # committed files
        typer.echo(f"note: {note}", err=True)


@view("hippograph.hooks.install.InstallReport")
def _installed(out: InstallReport) -> None:
    settings, mcp = out.settings, out.mcp
    gone = settings["written"] and not Path(settings["path"]).exists()
    state = (
        "removed: nothing else was in it"
        if gone
        else ("updated" if settings["written"] else "unchanged")
    )
    typer.echo(f"Claude Code hooks: {settings['path']} ({state})")
    for verb in ("added", "present", "removed"):
        for item in settings[verb]:
            typer.echo(f"  {verb:<8} {item['event']:<17} {item['command']}")
    for other in settings["other_hippo_hooks"]:
        typer.echo(
            f"  note: another hippo hook is configured and was left alone: {other}", err=True
        )
    if mcp["path"]:
        typer.echo(f"MCP server: {mcp['path']} ({mcp['server']})")
        if mcp.get("note"):
            typer.echo(f"  note: {mcp['note']}", err=True)
    elif out.user_mcp_command and out.action == "install":
        which = "every project" if out.scope == "user" else "this project, on this machine"
        typer.echo(f"MCP server: register it for {which} with: {out.user_mcp_command}")
    elif out.user_mcp_command:
        typer.echo(f"MCP server: remove it with: claude mcp remove --scope {out.scope} hippograph")


@app.command(
    "hook",
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
    add_help_option=False,
)
def hook(ctx: typer.Context) -> None:
    """Run one Claude Code hook (user-prompt, pre-tool, session-end, pre-compact) on the hook
    JSON from stdin; `hippo install claude-code` writes them. `hippo hook --help` lists the
    events. The `hippo` executable runs hooks without loading the CLI, so they start fast."""
    from hippograph.hooks import main as hook_main

    raise typer.Exit(hook_main(list(ctx.args)))
