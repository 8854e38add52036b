"""`hippo install claude-code`: merge into existing settings, idempotent, exact uninstall,
refusal of bad JSON."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from hippograph.cli import app
from hippograph.errors import IngestError
from hippograph.hooks.install import install_claude_code

HIPPO = "/opt/hippo env/bin/hippo"  # a space, so the command needs quoting
EXISTING: dict[str, Any] = {
    "permissions": {"allow": ["Bash(npm test)"], "deny": []},
    "env": {"FOO": "bar"},
    "hooks": {
        "PreToolUse": [
            {
                "matcher": "Bash",
                "hooks": [{"type": "command", "command": "~/bin/guard-bash", "timeout": 5}],
            },
            {
                "matcher": "Edit|Write",
                "hooks": [{"type": "command", "command": "prettier --check"}],
            },
        ],
        "Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}],
    },
}
MCP: dict[str, Any] = {
    "mcpServers": {
        "github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"]}
    }
}


def put(path: Path, value: Any) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(
        value, indent=4
    )  # not our formatting: an untouched file must stay byte-identical
    path.write_text(text, encoding="utf-8")
    return text


def read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def test_merges_into_existing_settings_and_is_idempotent(tmp_path: Path) -> None:
    settings, mcp = tmp_path / ".claude/settings.json", tmp_path / ".mcp.json"
    put(settings, EXISTING)
    put(mcp, MCP)
    out = install_claude_code(tmp_path, user=False, uninstall=False, command=HIPPO)
    assert out.settings["written"] and out.mcp["written"] and out.mcp["server"] == "added"
    merged = read(settings)
    assert merged["permissions"] == EXISTING["permissions"] and merged["env"] == EXISTING["env"]
    assert merged["hooks"]["PreToolUse"][:2] == EXISTING["hooks"]["PreToolUse"]
    assert merged["hooks"]["Stop"] == EXISTING["hooks"]["Stop"]
    q = "'/opt/hippo env/bin/hippo'"
    assert merged["hooks"]["PreToolUse"][2] == {
        "matcher": "Edit|MultiEdit|Write|NotebookEdit",
        "hooks": [{"type": "command", "command": f"{q} hook pre-tool", "timeout": 20}],
    }
    assert merged["hooks"]["UserPromptSubmit"] == [
        {"hooks": [{"type": "command", "command": f"{q} hook user-prompt", "timeout": 10}]}
    ]
    assert merged["hooks"]["SessionEnd"] == [
        {"hooks": [{"type": "command", "command": f"{q} hook session-end", "timeout": 5}]}
    ]
    assert merged["hooks"]["PreCompact"] == [
        {"hooks": [{"type": "command", "command": f"{q} hook pre-compact", "timeout": 10}]}
    ]
    assert read(mcp)["mcpServers"] == {
        **MCP["mcpServers"],
        "hippograph": {"command": HIPPO, "args": ["serve"]},
    }
    first = (settings.read_bytes(), mcp.read_bytes())
    again = install_claude_code(tmp_path, user=False, uninstall=False, command=HIPPO)
    assert (settings.read_bytes(), mcp.read_bytes()) == first
    assert not again.settings["written"] and not again.mcp["written"]
    assert [h["event"] for h in again.settings["present"]] == [
        "UserPromptSubmit",
        "PreToolUse",
        "SessionEnd",
        "PreCompact",
    ]


def test_uninstall_removes_exactly_what_was_added(tmp_path: Path) -> None:
    settings, mcp = tmp_path / ".claude/settings.json", tmp_path / ".mcp.json"
    put(settings, EXISTING)
    put(mcp, MCP)
    install_claude_code(tmp_path, user=False, uninstall=False, command=HIPPO)
    out = install_claude_code(tmp_path, user=False, uninstall=True, command=HIPPO)
    assert len(out.settings["removed"]) == 4 and out.mcp["server"] == "removed"
    assert read(settings) == EXISTING and read(mcp) == MCP
    assert settings.read_text() == json.dumps(EXISTING, indent=2) + "\n"
    untouched = settings.read_bytes()
    assert not install_claude_code(tmp_path, user=False, uninstall=True, command=HIPPO).settings[
        "written"
    ]
    assert settings.read_bytes() == untouched


def test_install_into_a_fresh_project_and_back(tmp_path: Path) -> None:
    install_claude_code(tmp_path, user=False, uninstall=False, command="/usr/local/bin/hippo")
    assert set(read(tmp_path / ".claude/settings.json")["hooks"]) == {
        "UserPromptSubmit",
        "PreToolUse",
        "SessionEnd",
        "PreCompact",
    }
    assert (
        tmp_path / ".claude/settings.json"
    ).stat().st_mode & 0o777 != 0o600  # not mkstemp's private mode
    install_claude_code(tmp_path, user=False, uninstall=True, command="/usr/local/bin/hippo")
    assert (
        not (tmp_path / ".claude/settings.json").exists() and not (tmp_path / ".mcp.json").exists()
    )
    assert not (tmp_path / ".claude").exists()  # the folder it made for them, empty, goes too


def test_our_hook_inside_someone_elses_group_leaves_the_group(tmp_path: Path) -> None:
    settings = tmp_path / ".claude/settings.json"
    shared = {
        "hooks": {
            "PreToolUse": [
                {
                    "matcher": "Edit|MultiEdit|Write|NotebookEdit",
                    "hooks": [
                        {"type": "command", "command": "prettier --check"},
                        {
                            "type": "command",
                            "command": "/usr/local/bin/hippo hook pre-tool",
                            "timeout": 20,
                        },
                    ],
                }
            ]
        }
    }
    put(settings, shared)
    out = install_claude_code(tmp_path, user=False, uninstall=False, command="/usr/local/bin/hippo")
    assert [h["event"] for h in out.settings["present"]] == ["PreToolUse"]
    install_claude_code(tmp_path, user=False, uninstall=True, command="/usr/local/bin/hippo")
    assert read(settings) == {
        "hooks": {
            "PreToolUse": [
                {
                    "matcher": "Edit|MultiEdit|Write|NotebookEdit",
                    "hooks": [{"type": "command", "command": "prettier --check"}],
                }
            ]
        }
    }


def test_user_install_writes_only_user_settings(tmp_path: Path) -> None:
    home, project = tmp_path / "home", tmp_path / "project"
    old = {
        "hooks": {
            "UserPromptSubmit": [
                {"hooks": [{"type": "command", "command": "/old/venv/bin/hippo hook user-prompt"}]}
            ]
        }
    }
    put(home / ".claude/settings.json", old)
    out = install_claude_code(
        project, user=True, uninstall=False, command="/usr/local/bin/hippo", home=home
    )
    assert out.settings["path"] == str(home / ".claude/settings.json")
    assert out.mcp["path"] is None and not (home / ".claude.json").exists() and not project.exists()
    assert (
        out.user_mcp_command
        == "claude mcp add --scope user hippograph -- /usr/local/bin/hippo serve"
    )
    assert out.settings["other_hippo_hooks"] == [
        "/old/venv/bin/hippo hook user-prompt"
    ]  # reported, kept
    assert len(read(home / ".claude/settings.json")["hooks"]["UserPromptSubmit"]) == 2


def test_existing_server_of_our_name_is_kept(tmp_path: Path) -> None:
    mine = {
        "mcpServers": {
            "hippograph": {"command": "/elsewhere/hippo", "args": ["serve"], "env": {"X": "1"}}
        }
    }
    text = put(tmp_path / ".mcp.json", mine)
    out = install_claude_code(tmp_path, user=False, uninstall=False, command="/usr/local/bin/hippo")
    assert out.mcp["server"] == "kept-existing" and (tmp_path / ".mcp.json").read_text() == text
    install_claude_code(tmp_path, user=False, uninstall=True, command="/usr/local/bin/hippo")
    assert (tmp_path / ".mcp.json").read_text() == text


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        (
            ".claude/settings.json",
            '{"hooks": {',
            r"\.claude/settings\.json:1: is not valid JSON \(Expecting property name",
        ),
        (".claude/settings.json", "[1, 2]", "holds a JSON value that is not an object"),
        (".claude/settings.json", '{"hooks": []}', 'its "hooks" is not an object'),
        (
            ".claude/settings.json",
            '{"hooks": {"PreCompact": {}}}',
            'its "hooks"."PreCompact" is not a list',
        ),
        (".mcp.json", '{"mcpServers": {"a": 1,}}', r"\.mcp\.json:1: is not valid JSON"),
        (".mcp.json", '{"mcpServers": []}', 'its "mcpServers" is not an object'),
    ],
)
def test_malformed_files_are_refused_with_nothing_written(
    tmp_path: Path, name: str, content: str, message: str
) -> None:
    (tmp_path / ".claude").mkdir()
    (tmp_path / name).write_text(content)
    with pytest.raises(IngestError, match=message):
        install_claude_code(tmp_path, user=False, uninstall=False, command="/usr/local/bin/hippo")
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")) == sorted(
        {".claude", name}
    )
    assert (tmp_path / name).read_text() == content
    with pytest.raises(IngestError, match=message):
        install_claude_code(tmp_path, user=False, uninstall=True, command="/usr/local/bin/hippo")


def test_cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PATH", "/nonexistent")  # no hippo on PATH: the absolute path is written
    monkeypatch.setattr("hippograph.cli.install.hippo_executable", lambda: "/usr/local/bin/hippo")
    runner = CliRunner()
    done = runner.invoke(app, ["install", "claude-code"], catch_exceptions=False)
    assert done.exit_code == 0
    assert done.output.splitlines() == [
        f"Claude Code hooks: {tmp_path / '.claude/settings.json'} (updated)",
        "  added    UserPromptSubmit  /usr/local/bin/hippo hook user-prompt",
        "  added    PreToolUse        /usr/local/bin/hippo hook pre-tool",
        "  added    SessionEnd        /usr/local/bin/hippo hook session-end",
        "  added    PreCompact        /usr/local/bin/hippo hook pre-compact",
        f"MCP server: {tmp_path / '.mcp.json'} (added)",
        "note: `hippo` on PATH is not this environment's (none on PATH), so the files name "
        "/usr/local/bin/hippo, a path of this machine; put this environment's bin folder on "
        "PATH and install again for files a team can commit, or use --local.",
    ]
    as_json = json.loads(
        runner.invoke(app, ["install", "claude-code", "--json"], catch_exceptions=False).output
    )
    assert as_json["settings"]["written"] is False and as_json["mcp"]["server"] == "present"
    (tmp_path / ".mcp.json").write_text("{oops")
    bad = runner.invoke(app, ["install", "claude-code", "--uninstall"])
    assert bad.exit_code == 1
    assert bad.output.strip().startswith(f"Error: {tmp_path / '.mcp.json'}:1: is not valid JSON (")
    assert (tmp_path / ".claude/settings.json").exists()  # nothing was removed either
    (tmp_path / ".mcp.json").unlink()
    gone = runner.invoke(app, ["install", "claude-code", "--uninstall"], catch_exceptions=False)
    first = gone.output.splitlines()[0]
    assert first == (
        f"Claude Code hooks: {tmp_path / '.claude/settings.json'} (removed: nothing else was in it)"
    )


def test_cli_user_scope(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # never the real home
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("hippograph.cli.install.hippo_executable", lambda: "/usr/local/bin/hippo")
    done = CliRunner().invoke(app, ["install", "claude-code", "--user"], catch_exceptions=False)
    assert done.exit_code == 0
    assert done.output.splitlines()[-1] == (
        "MCP server: register it for every project with: claude mcp add --scope user hippograph -- "
        "/usr/local/bin/hippo serve"
    )
    assert (tmp_path / "home/.claude/settings.json").exists() and not (
        tmp_path / ".mcp.json"
    ).exists()


def test_an_older_install_is_widened_to_every_editing_tool(tmp_path: Path) -> None:
    """Installs before MultiEdit and NotebookEdit were matched let those edits through."""
    install_claude_code(tmp_path, user=False, uninstall=False, command=HIPPO)
    settings = tmp_path / ".claude/settings.json"
    old = read(settings)
    ours = [g for g in old["hooks"]["PreToolUse"] if "pre-tool" in g["hooks"][0]["command"]]
    ours[0]["matcher"] = "Edit|Write"
    put(settings, old)
    again = install_claude_code(tmp_path, user=False, uninstall=False, command=HIPPO)
    assert again.settings["written"]
    groups = read(settings)["hooks"]["PreToolUse"]
    assert [g["matcher"] for g in groups] == ["Edit|MultiEdit|Write|NotebookEdit"]


def test_the_committed_files_name_hippo_when_path_finds_this_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A team commits .claude/settings.json and .mcp.json: they say `hippo` (found on each
    teammate's PATH), not this machine's virtualenv path."""
    bin_dir = tmp_path / "venv" / "bin"
    bin_dir.mkdir(parents=True)
    hippo = bin_dir / "hippo"
    hippo.write_text("#!/bin/sh\n")
    hippo.chmod(0o755)
    repo = tmp_path / "repo"
    repo.mkdir()
    monkeypatch.chdir(repo)
    monkeypatch.setattr("hippograph.cli.install.hippo_executable", lambda: str(hippo))
    monkeypatch.setenv("PATH", f"{bin_dir}:{os.environ['PATH']}")
    done = CliRunner().invoke(app, ["install", "claude-code"], catch_exceptions=False)
    assert done.exit_code == 0 and "note:" not in done.output
    settings = json.loads((repo / ".claude/settings.json").read_text())
    commands = [h["command"] for g in settings["hooks"]["UserPromptSubmit"] for h in g["hooks"]]
    assert commands == ["hippo hook user-prompt"]
    assert json.loads((repo / ".mcp.json").read_text())["mcpServers"]["hippograph"] == {
        "command": "hippo",
        "args": ["serve"],
    }
    # not on PATH: the absolute path, and a note saying the files are not portable
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    other = tmp_path / "other"
    other.mkdir()
    monkeypatch.chdir(other)
    done = CliRunner().invoke(app, ["install", "claude-code"], catch_exceptions=False)
    assert "note: `hippo` on PATH is not this environment's" in done.output
    assert str(hippo) in (other / ".mcp.json").read_text()
    # uninstall removes either form
    monkeypatch.chdir(repo)
    monkeypatch.setenv("PATH", f"{bin_dir}:/usr/bin:/bin")
    CliRunner().invoke(app, ["install", "claude-code", "--uninstall"], catch_exceptions=False)
    left = repo / ".claude/settings.json"  # removed, or left without our hooks
    assert not left.exists() or "hippo" not in left.read_text()
    assert not (repo / ".mcp.json").exists() or "hippo" not in (repo / ".mcp.json").read_text()


def test_local_install_writes_settings_local_and_says_how_to_add_the_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("hippograph.cli.install.hippo_executable", lambda: "/opt/h/bin/hippo")
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    done = CliRunner().invoke(app, ["install", "claude-code", "--local"], catch_exceptions=False)
    assert done.exit_code == 0
    assert (tmp_path / ".claude/settings.local.json").exists()
    assert (
        not (tmp_path / ".claude/settings.json").exists() and not (tmp_path / ".mcp.json").exists()
    )
    assert done.output.splitlines()[-1] == (
        "MCP server: register it for this project, on this machine with: "
        "claude mcp add --scope local hippograph -- /opt/h/bin/hippo serve"
    )
