"""docs/cli.md is generated from `--help`; it must match what the CLI prints today."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from hippograph.cli import app, docgen

CLI_DOC = Path(__file__).resolve().parents[2] / "docs" / "cli.md"


def test_cli_reference_is_current() -> None:
    assert docgen.render() == CLI_DOC.read_text(encoding="utf-8"), (
        "docs/cli.md is stale: run make docs-cli"
    )


def test_every_command_is_documented() -> None:
    paths = docgen.command_paths()
    assert paths[0] == ()
    assert {
        ("init",),
        ("status",),
        ("db",),
        ("db", "start"),
        ("db", "stop"),
        ("db", "status"),
        ("db", "logs"),
    } <= set(paths)


def test_one_meaning_per_short_option_and_flags_shown_as_flags() -> None:
    """`-k` is one thing in every command; an on/off option is shown as a flag in --help."""
    import click
    import typer.main

    root = typer.main.get_command(app)
    meanings: dict[str, set[str]] = {}

    def walk(command: click.Command) -> None:
        for param in command.params:
            for opt in (*param.opts, *getattr(param, "secondary_opts", ())):
                if opt.startswith("-") and not opt.startswith("--"):
                    meanings.setdefault(opt, set()).add(max(param.opts, key=len))
        for sub in getattr(command, "commands", {}).values():
            walk(sub)

    walk(root)
    assert {k: v for k, v in meanings.items() if len(v) > 1} == {}
    shown = CliRunner().invoke(app, ["recall", "--help"]).stdout
    assert "<bool>" not in shown and "--history" in shown
    assert CliRunner().invoke(app, ["--version"]).stdout.startswith("hippograph ")


def test_help_paragraphs_flow_and_a_group_lists_each_command_by_its_first() -> None:
    # typer keeps a docstring's line breaks in a group's list of commands, so each wrapped
    # docstring line became a short line of its own in `hippo db --help`
    lines = CliRunner().invoke(app, ["db", "--help"]).stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if "│ start " in line)
    # at 80 columns the second line of its row is full, not cut where the docstring wrapped
    assert "once so the first prompt does not wait for it" in lines[start + 1], lines[start:]
    # and a command's own help reflows every paragraph, not only the first
    export = CliRunner().invoke(app, ["export", "--help"]).stdout.splitlines()
    assert any("change log, the alternatives its decisions" in line for line in export), export


def test_a_closed_pipe_leaves_quietly() -> None:
    """`hippo export --help | head -3`: the reader left while help was being written, and the
    broken pipe came out as "Error: unexpected BrokenPipeError". A command whose output meets a
    closed pipe stands in for it (when the help's write fails depends on timing)."""
    import subprocess
    import sys

    script = (
        "import typer\n"
        "from hippograph.cli.app import HippoGroup\n"
        "app = typer.Typer(cls=HippoGroup)\n"
        "@app.command()\n"
        "def out() -> None:\n"
        "    raise BrokenPipeError(32, 'Broken pipe')\n"
        "@app.command()\n"
        "def other() -> None: ...\n"
        "app()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, "out"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1 and done.stderr == "", done.stderr  # click's quiet exit
