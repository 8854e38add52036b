"""``hippo serve``: who the MCP server serves is fixed when it starts."""

from __future__ import annotations

from typer.testing import CliRunner

from hippograph.cli import app


def test_a_bad_agent_name_is_a_usage_error() -> None:
    result = CliRunner().invoke(app, ["serve", "--agent", "not a name"])
    assert result.exit_code == 2
    assert "'not a name' is not an agent name" in result.output


def test_the_help_says_what_the_agent_option_means() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0 and "--agent" in result.output
