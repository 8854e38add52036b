"""``hippo install claude-code``: merge our hooks and MCP server into Claude Code's settings.

Merge, never overwrite: every existing key, hook group and server is kept; our entries are
recognised by their exact command string, so running twice changes nothing (the file is not
even rewritten) and ``uninstall`` removes exactly what was added. A file that is changed is
written back as ``json.dumps(indent=2)`` plus a newline, through a temporary file, so a
crash never leaves half a file. A malformed existing file is refused before anything is written.

Project install: ``<repo>/.claude/settings.json`` (hooks) and ``<repo>/.mcp.json`` (server),
files a team commits. Local install: ``<repo>/.claude/settings.local.json`` (hooks, not
committed); the server via ``claude mcp add --scope local``, whose command is returned.
User install: ``~/.claude/settings.json`` (hooks); the user-wide MCP server is left to
``claude mcp add --scope user``, which owns ``~/.claude.json`` (a file Claude Code rewrites
while it runs), and the command to type is returned.
"""

from __future__ import annotations

import json
import os
import shlex
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hippograph.errors import IngestError
from hippograph.schema.results import Result

SERVER_NAME = "hippograph"


@dataclass(frozen=True)
class HookSpec:
    """One hook we install: the Claude Code event, its tool matcher (None: the event has none),
    the ``hippo hook`` sub-command and its timeout in seconds."""

    event: str
    matcher: str | None
    subcommand: str
    timeout: int


HOOKS = (
    HookSpec("UserPromptSubmit", None, "user-prompt", 10),
    HookSpec("PreToolUse", "Edit|MultiEdit|Write|NotebookEdit", "pre-tool", 20),
    HookSpec("SessionEnd", None, "session-end", 5),
    HookSpec("PreCompact", None, "pre-compact", 10),
)


def hook_command(command: str, spec: HookSpec) -> str:
    """The shell command Claude Code runs for a hook (the executable quoted when it needs to be)."""
    return f"{shlex.quote(command)} hook {spec.subcommand}"


def server_entry(command: str) -> dict[str, Any]:
    """Our ``mcpServers`` entry."""
    return {"command": command, "args": ["serve"]}


def user_mcp_command(command: str, scope: str = "user") -> str:
    """What to type to register the MCP server for every project of this user (``user``) or for
    this project on this machine only (``local``)."""
    return f"claude mcp add --scope {scope} {SERVER_NAME} -- {shlex.quote(command)} serve"


class InstallReport(Result):
    """What an install or uninstall changed: the hooks in a settings file and the MCP server."""

    action: str  # install | uninstall
    scope: str  # project | local | user
    command: str
    settings: dict[str, Any]  # path, written, changed, added/present/removed, other_hippo_hooks
    mcp: dict[str, Any]  # path (None for a user install), written, changed, server, note
    user_mcp_command: str | None  # user install: how to register the MCP server for every project


def install_claude_code(
    target_dir: Path,
    *,
    user: bool,
    uninstall: bool,
    command: str,
    home: Path | None = None,
    local: bool = False,
) -> InstallReport:
    """Add (or, with ``uninstall``, remove) our hooks and MCP server; returns what changed,
    per file.

    Args:
        target_dir: the project (repository root) for a project install; unused with ``user``.
        command: absolute path of the ``hippo`` executable the hooks and the server run.
        home: the user's home folder (default: ``Path.home()``), for ``user``.
        local: this project on this machine only: ``.claude/settings.local.json`` (which a
            team does not commit), and the MCP server left to ``claude mcp add --scope local``.

    Raises:
        IngestError: an existing settings file is not valid JSON or not shaped as Claude Code
            expects;
            nothing is written then.
    """
    if not command.strip():
        raise IngestError(
            "the hippo command is empty; give the absolute path of the hippo executable."
        )
    base = (home or Path.home()) if user else target_dir
    settings_path = (
        base / ".claude" / ("settings.local.json" if local and not user else "settings.json")
    )
    mcp_path = None if user or local else base / ".mcp.json"
    settings = _load(settings_path)
    mcp = _load(mcp_path) if mcp_path is not None else None
    hooks_done = (
        _remove_hooks(settings, command, settings_path)
        if uninstall
        else _add_hooks(settings, command, settings_path)
    )
    server_done: dict[str, Any] = {}
    if mcp is not None and mcp_path is not None:
        server_done = (
            _remove_server(mcp, command, mcp_path)
            if uninstall
            else _add_server(mcp, command, mcp_path)
        )
    settings_written = bool(hooks_done["changed"]) and _save(
        settings_path, settings.value, settings.existed
    )
    mcp_written = (
        bool(server_done.get("changed"))
        and mcp is not None
        and mcp_path is not None
        and _save(mcp_path, mcp.value, mcp.existed)
    )
    return InstallReport(
        action="uninstall" if uninstall else "install",
        scope="user" if user else "local" if local else "project",
        command=command,
        settings={"path": str(settings_path), "written": settings_written, **hooks_done},
        mcp={"path": str(mcp_path) if mcp_path else None, "written": mcp_written, **server_done},
        user_mcp_command=(
            user_mcp_command(command, "user" if user else "local") if user or local else None
        ),
    )


@dataclass
class _Loaded:
    """A JSON object read from disk (empty when the file did not exist)."""

    value: dict[str, Any]
    existed: bool


def _load(path: Path) -> _Loaded:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return _Loaded({}, existed=False)
    except OSError as exc:
        raise IngestError(
            f"cannot read it ({exc.strerror}); check its permissions", path=path
        ) from exc
    if not text.strip():
        return _Loaded({}, existed=True)
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise IngestError(
            f"is not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno}); fix it and "
            "run again, nothing was changed",
            path=path,
            line=exc.lineno,
        ) from None
    if not isinstance(value, dict):
        raise IngestError(
            "holds a JSON value that is not an object; fix it and run again, nothing was changed",
            path=path,
        )
    return _Loaded(value, existed=True)


def _save(path: Path, value: dict[str, Any], existed: bool) -> bool:
    """Write ``value`` atomically; an uninstall that leaves nothing removes the file it would
    empty."""
    if not value:
        if existed:
            path.unlink(missing_ok=True)
            if path.parent.name == ".claude" and not any(path.parent.iterdir()):
                path.parent.rmdir()  # the folder install made for it, now empty
        return True
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(value, indent=2, ensure_ascii=False) + "\n"
    mode = (
        path.stat().st_mode & 0o777 if path.exists() else 0o666 & ~_umask()
    )  # mkstemp would give 0600
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return True


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


def _event_groups(settings: _Loaded, event: str, path: Path, *, create: bool) -> list[Any] | None:
    hooks = settings.value.get("hooks")
    if hooks is None:
        if not create:
            return None
        hooks = settings.value["hooks"] = {}
    if not isinstance(hooks, dict):
        raise IngestError(
            'its "hooks" is not an object; fix it and run again, nothing was changed', path=path
        )
    groups = hooks.get(event)
    if groups is None:
        if not create:
            return None
        groups = hooks[event] = []
    if not isinstance(groups, list):
        raise IngestError(
            f'its "hooks"."{event}" is not a list; fix it and run again, nothing was changed',
            path=path,
        )
    return groups


def _ours(group: Any, wanted: str) -> list[Any]:
    """Our hook entries in one group (recognised by the exact command string)."""
    if not isinstance(group, dict) or not isinstance(group.get("hooks"), list):
        return []
    return [h for h in group["hooks"] if isinstance(h, dict) and h.get("command") == wanted]


def _add_hooks(settings: _Loaded, command: str, path: Path) -> dict[str, Any]:
    # Check every event first, so that a malformed one refuses the whole install.
    for spec in HOOKS:
        _event_groups(settings, spec.event, path, create=False)
    added: list[dict[str, Any]] = []
    present: list[dict[str, Any]] = []
    updated: list[dict[str, Any]] = []
    for spec in HOOKS:
        wanted = hook_command(command, spec)
        groups = _event_groups(settings, spec.event, path, create=True)
        assert groups is not None
        mine = [g for g in groups if _ours(g, wanted)]
        if mine:
            present.append({"event": spec.event, "command": wanted})
            for g in mine:  # an older install's matcher (Edit|Write) widened to every editing tool
                widen = spec.matcher is not None and g.get("matcher") != spec.matcher
                if widen and len(_ours(g, wanted)) == len(g["hooks"]):
                    g["matcher"] = spec.matcher
                    updated.append({"event": spec.event, "matcher": spec.matcher})
            continue
        group: dict[str, Any] = {"matcher": spec.matcher} if spec.matcher is not None else {}
        group["hooks"] = [{"type": "command", "command": wanted, "timeout": spec.timeout}]
        groups.append(group)
        added.append({"event": spec.event, "command": wanted})
    return {
        "changed": bool(added or updated),
        "added": added,
        "present": present,
        "removed": [],
        "other_hippo_hooks": _others(settings, command),
    }


def _remove_hooks(settings: _Loaded, command: str, path: Path) -> dict[str, Any]:
    for spec in HOOKS:
        _event_groups(settings, spec.event, path, create=False)
    removed = []
    for spec in HOOKS:
        wanted = hook_command(command, spec)
        groups = _event_groups(settings, spec.event, path, create=False)
        if not groups:
            continue
        kept_groups = []
        for group in groups:
            ours = _ours(group, wanted)
            if not ours:
                kept_groups.append(group)
                continue
            removed.append({"event": spec.event, "command": wanted})
            group["hooks"] = [h for h in group["hooks"] if h not in ours]
            if group["hooks"]:  # someone else's hooks share the group: keep it for them
                kept_groups.append(group)
        hooks = settings.value["hooks"]
        if kept_groups:
            hooks[spec.event] = kept_groups
        elif len(kept_groups) != len(groups):
            del hooks[spec.event]  # we emptied it
    if removed and not settings.value["hooks"]:
        del settings.value["hooks"]
    return {
        "changed": bool(removed),
        "added": [],
        "present": [],
        "removed": removed,
        "other_hippo_hooks": _others(settings, command),
    }


def _others(settings: _Loaded, command: str) -> list[str]:
    """``hippo hook`` commands of another executable (an older environment): reported,
    never touched."""
    ours = {hook_command(command, spec) for spec in HOOKS}
    found: list[str] = []
    hooks = settings.value.get("hooks")
    for groups in hooks.values() if isinstance(hooks, dict) else []:
        for group in groups if isinstance(groups, list) else []:
            for hook in group.get("hooks", []) if isinstance(group, dict) else []:
                text = hook.get("command") if isinstance(hook, dict) else None
                if isinstance(text, str) and text not in ours and _is_hippo_hook(text):
                    found.append(text)
    return found


def _is_hippo_hook(text: str) -> bool:
    try:
        words = shlex.split(text)
    except ValueError:
        return False
    return len(words) >= 3 and Path(words[0]).name == "hippo" and words[1] == "hook"


def _servers(mcp: _Loaded, path: Path, *, create: bool) -> dict[str, Any] | None:
    servers = mcp.value.get("mcpServers")
    if servers is None and create:
        servers = mcp.value["mcpServers"] = {}
    if servers is not None and not isinstance(servers, dict):
        raise IngestError(
            'its "mcpServers" is not an object; fix it and run again, nothing was changed',
            path=path,
        )
    return servers


def _add_server(mcp: _Loaded, command: str, path: Path) -> dict[str, Any]:
    _servers(mcp, path, create=False)
    servers = _servers(mcp, path, create=True)
    assert servers is not None
    existing = servers.get(SERVER_NAME)
    if existing is None:
        servers[SERVER_NAME] = server_entry(command)
        return {"changed": True, "server": "added"}
    if isinstance(existing, dict) and existing.get("command") == command:
        return {"changed": False, "server": "present"}
    # Someone configured a server under our name (another path, extra env): theirs wins.
    return {
        "changed": False,
        "server": "kept-existing",
        "note": (
            f"an '{SERVER_NAME}' server is already configured with another "
            "command; it was left as it is"
        ),
    }


def _remove_server(mcp: _Loaded, command: str, path: Path) -> dict[str, Any]:
    servers = _servers(mcp, path, create=False)
    existing = (servers or {}).get(SERVER_NAME)
    if servers is None or not isinstance(existing, dict) or existing.get("command") != command:
        return {"changed": False, "server": "absent"}
    del servers[SERVER_NAME]
    if not servers:
        del mcp.value["mcpServers"]
    return {"changed": True, "server": "removed"}
