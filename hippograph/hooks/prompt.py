"""The UserPromptSubmit hook: the few memories that matter, with the preamble, or nothing.

No model on this path: keyword and graph voices over HTTP. Chit-chat gets nothing; so does a
prompt for which nothing passes the strict gate. Output stays within a small budget.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from hippograph.hooks import lite
from hippograph.recall.engine import RecallEngine, RecallOptions
from hippograph.recall.intent import shape

MAX_ITEMS = 4
ITEMS_BUDGET = 1400
POLICY_BUDGET = 600
NOTES_BUDGET = 400


def _clip(text: str, budget: int) -> str:
    return text if len(text) <= budget else text[: max(budget - 1, 0)].rstrip() + "…"


class _Background:
    """One call on a daemon thread; ``result()`` waits for it and re-raises what it raised."""

    def __init__(self, call: Callable[[], Any]) -> None:
        self._call = call
        self._value: Any = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self._value = self._call()
        except BaseException as exc:  # handed to the caller by result()
            self._error = exc

    def result(self) -> Any:
        self._thread.join()
        if self._error is not None:
            raise self._error
        return self._value


def handle(payload: dict[str, Any], graph: Any) -> dict[str, Any] | None:
    """The hook output for one prompt, or None to say nothing."""
    prompt = payload.get("prompt")
    if not isinstance(prompt, str) or not prompt.strip() or graph is None:
        return None
    if shape(prompt[:4000]).is_silent:
        return None
    cwd = payload.get("cwd") if isinstance(payload.get("cwd"), str) else None
    # who the agent is allowed to be comes from the graph: read it while git answers
    access_read = _Background(lambda: lite.load_access(graph))
    branches, root = lite.repo_context(cwd)
    # this project's memory and the workspace's; the root is known, so one git call more at most
    repository = lite.scope_to_project(graph, root, access_read.result())
    # The preamble does not depend on what recall finds: read it at the same time (the HTTP API
    # costs milliseconds per request, and the server has a core for each).
    preamble_read = _Background(
        lambda: graph.read("hook_preamble", branches=branches, notes_scope=f"agent:{lite.agent()}")[
            0
        ]
    )
    engine = RecallEngine(
        graph,
        branches=tuple(branches),
        clock=lambda: datetime.now(UTC),
        embedder=lambda: None,
        **lite.engine_options(),
    )
    result = engine.recall(
        prompt[:4000],
        RecallOptions(
            k=MAX_ITEMS,
            mode="keyword",
            strict=True,
            prefer_scope=repository,
            temporal=False,
        ),
    )
    if result.silent or result.abstain or not result.items:
        return None
    lines = ["Relevant memory (hippograph; verify before relying on it):"]
    used = 0
    for item in result.items:
        line = f"- {item['text']} [{item['kind']}, {item['source_ref']}, {item['id']}]"
        if used + len(line) > ITEMS_BUDGET:
            line = _clip(line, ITEMS_BUDGET - used)
        if len(line) < 20:
            break
        lines.append(line)
        used += len(line)
    preamble = preamble_read.result()
    policies = preamble["policies"]
    if policies:
        block, spent = [], 0
        for rule in policies:
            entry = f"- [{rule['severity']}] {rule['text']}"
            if spent + len(entry) > POLICY_BUDGET:
                break
            block.append(entry)
            spent += len(entry)
        lines += ["Team policies:", *block]
    if preamble["notes"]:
        lines += ["Your working notes:", _clip(preamble["notes"], NOTES_BUDGET)]
    return {
        "hookSpecificOutput": {
            "hookEventName": "UserPromptSubmit",
            "additionalContext": "\n".join(lines),
        }
    }
