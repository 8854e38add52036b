"""``hippo hook EVENT``: Claude Code hooks, reading the hook JSON on stdin.

A memory problem must never block the agent: the prompt hook prints nothing when Neo4j is
down or slow, says why in one line on stderr, exits 0 and returns within about a second; a bad
payload or an unknown event is one line on stderr with exit 1, which Claude Code shows without
blocking.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from typing import Any

from hippograph.schema.defaults import HOOK_DEADLINE_S, PRE_TOOL_DEADLINE_S, is_debug

EVENTS = ("user-prompt", "pre-tool", "session-end", "pre-compact")
USAGE = """Usage: hippo hook EVENT < hook.json

Run one Claude Code hook: read the hook's JSON on stdin, print at most one JSON
answer on stdout. `hippo install claude-code` writes these into
.claude/settings.json; docs/agents.md says what each one does.

Events:
  user-prompt   UserPromptSubmit: the memories that matter for the prompt, as
                additionalContext (no model, about 1 s at most).
  pre-tool      PreToolUse on edits: what memory says about the lines touched,
                and a deny when the change breaks a critical or high rule.
  session-end   SessionEnd: capture the transcript into memory, detached.
  pre-compact   PreCompact: the same capture, before compaction.

A memory problem never blocks the agent: when Neo4j is down or slow the hook
adds nothing, writes the reason in one line on stderr and exits 0. A payload
that is not a JSON object or an unknown event is exit 1. Never exit 2, which
Claude Code reads as "block the prompt"."""
PROMPT_DEADLINE_S = HOOK_DEADLINE_S


def _spawn(argv: list[str]) -> None:
    """Start a detached process that outlives the hook."""
    subprocess.Popen(
        argv,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        close_fds=True,
    )


def _memory_factory(cwd: str) -> Any:
    from pathlib import Path

    from hippograph.config import Settings
    from hippograph.memory import Memory

    return Memory.connect(Settings.from_env(), cwd=Path(cwd))


def dispatch(event: str, payload: dict[str, Any]) -> dict[str, Any] | None:
    """Run one hook; returns the JSON to print, or None."""
    if event == "user-prompt":
        from hippograph.hooks import lite, prompt

        try:
            return prompt.handle(payload, lite.graph(lite.deadline(PROMPT_DEADLINE_S)))
        except (
            Exception
        ) as exc:  # any memory problem: add nothing to the prompt, never block it, say why
            if is_debug(os.environ):
                raise
            print(f"hippograph: no memory for this prompt: {exc}", file=sys.stderr)
            return None
    if event == "pre-tool":
        from hippograph.hooks import pre_tool

        return pre_tool.handle(payload, _memory_factory)
    from hippograph.hooks import capture

    capture.handle(payload, _spawn)
    return None


def main(argv: list[str]) -> int:
    """Entry point of ``hippo hook EVENT``."""
    if any(a in ("--help", "-h") for a in argv) or argv[:1] == ["help"]:
        print(USAGE)
        return 0
    if not argv:
        print(
            f"Error: no hook event given; use one of {', '.join(EVENTS)} (`hippo hook --help`).",
            file=sys.stderr,
        )
        return 1
    event = argv[0]
    if len(argv) > 1:
        print(
            f"Error: `hippo hook {event}` takes no arguments (got {' '.join(argv[1:])!r}); "
            "it reads the hook JSON on stdin.",
            file=sys.stderr,
        )
        return 1
    if event not in EVENTS:
        print(
            f"Error: unknown hook event {event!r}; use one of {', '.join(EVENTS)} "
            "(`hippo hook --help`).",
            file=sys.stderr,
        )
        return 1
    raw = sys.stdin.read()
    try:
        payload = json.loads(raw)
        if not isinstance(payload, dict):
            raise ValueError(f"a JSON {type(payload).__name__}")
    except ValueError as exc:
        print(
            f"Error: the {event} hook input is not a JSON object ({exc}); nothing done.",
            file=sys.stderr,
        )
        return 1
    out = dispatch(event, payload) if event != "pre-tool" else _within_deadline(event, payload)
    if out is not None:
        sys.stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
    return 0


def pre_tool_deadline() -> float:
    """Seconds the pre-edit hook may take: HIPPOGRAPH_PRE_TOOL_DEADLINE_S, else the default."""
    try:
        return float(os.environ.get("HIPPOGRAPH_PRE_TOOL_DEADLINE_S") or PRE_TOOL_DEADLINE_S)
    except ValueError:
        return PRE_TOOL_DEADLINE_S


def _within_deadline(event: str, payload: dict[str, Any]) -> dict[str, Any] | None:
    """``dispatch`` with a hard deadline: memory that is slow or frozen never holds an edit up.
    Past the deadline the hook says so on stderr and lets the edit go ahead unchecked; the
    process then exits at once, leaving the stuck call behind."""
    done: list[dict[str, Any] | None] = []
    failed: list[BaseException] = []

    def work() -> None:
        try:
            done.append(dispatch(event, payload))
        except BaseException as exc:  # reported by the main thread, as dispatch would
            failed.append(exc)

    seconds = pre_tool_deadline()
    worker = threading.Thread(target=work, name="hippograph-pre-tool", daemon=True)
    worker.start()
    worker.join(seconds)
    if failed:
        raise failed[0]
    if done:
        return done[0]
    print(
        f"hippograph: memory did not answer within {seconds:g} s (Neo4j slow or stopped?); "
        "the edit goes ahead unchecked.",
        file=sys.stderr,
    )
    sys.stderr.flush()
    os._exit(0)  # the stuck call holds a socket; do not wait for it on the way out
