"""docs/cli.md is generated from `--help`; it must match what the CLI prints today."""

from __future__ import annotations

from pathlib import Path

from hippograph.cli import docgen

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
