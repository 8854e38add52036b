"""Connection settings for the per-prompt hook without pydantic: environment, then the
managed instance's password file. Defaults mirror ``hippograph.config.Settings`` (a test
keeps them equal)."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from hippograph.graph.http import HttpGraph

DEFAULT_HTTP_PORT = 7474
DEFAULT_USER = "neo4j"
DEFAULT_DATABASE = "neo4j"
DEFAULT_INSTANCE = "default"
DEFAULT_MAIN = "main"


def _env(name: str) -> str | None:
    # The hook is an entry point: reading HIPPOGRAPH_* here is the one place it is allowed.
    value = os.environ.get(f"HIPPOGRAPH_{name}", "").strip()
    return value or None


def http_base() -> str:
    """Base URL of Neo4j's HTTP API: HIPPOGRAPH_NEO4J_HTTP_URI, else the Bolt host on the HTTP port."""
    explicit = _env("NEO4J_HTTP_URI")
    if explicit:
        return explicit
    port = int(_env("NEO4J_HTTP_PORT") or DEFAULT_HTTP_PORT)
    host = urlparse(_env("NEO4J_URI") or "bolt://127.0.0.1").hostname or "127.0.0.1"
    return f"http://{host}:{port}"


def password() -> str | None:
    """HIPPOGRAPH_NEO4J_PASSWORD, else the generated password of the managed instance."""
    if _env("NEO4J_PASSWORD"):
        return _env("NEO4J_PASSWORD")
    folder = Path(_env("CONFIG_DIR") or Path.home() / ".config/hippograph")
    try:
        return (
            folder / f"neo4j-{_env('INSTANCE') or DEFAULT_INSTANCE}.password"
        ).read_text().strip() or None
    except OSError:
        return None


def graph(deadline_s: float) -> HttpGraph | None:
    """An HTTP reader for the configured server, or None when no password is known."""
    secret = password()
    if secret is None:
        return None
    return HttpGraph(
        http_base(),
        _env("NEO4J_USER") or DEFAULT_USER,
        secret,
        _env("NEO4J_DATABASE") or DEFAULT_DATABASE,
        deadline_s=deadline_s,
    )


def git_context(cwd: str | None) -> tuple[list[str], str | None]:
    """Visible branches (main plus the checked-out one; HIPPOGRAPH_BRANCH wins) and the repository name,
    from one git call."""
    main = _env("MAIN_BRANCH") or DEFAULT_MAIN
    branch, repository = _env("BRANCH"), None
    if cwd:
        try:
            done = subprocess.run(
                ["git", "rev-parse", "--abbrev-ref", "HEAD", "--show-toplevel"],
                cwd=cwd,
                capture_output=True,
                text=True,
                timeout=0.3,
            )
            lines = done.stdout.split()
            if done.returncode == 0 and len(lines) == 2:
                branch = branch or (lines[0] if lines[0] != "HEAD" else None)
                repository = Path(lines[1]).name
        except (OSError, subprocess.TimeoutExpired):
            pass
    return ([main] if not branch or branch == main else [main, branch]), repository


def deadline(default: float) -> float:
    """Seconds the prompt hook may spend on Neo4j: HIPPOGRAPH_HOOK_DEADLINE_S, else ``default``."""
    try:
        return float(_env("HOOK_DEADLINE_S") or default)
    except ValueError:
        return default


def engine_options() -> dict[str, Any]:
    """The recall settings the CLI honours, for the hook's engine: HIPPOGRAPH_RETRIEVAL_WEIGHTS,
    HIPPOGRAPH_DECAY_CURVES, HIPPOGRAPH_RECALL_MIN_CONFIDENCE and HIPPOGRAPH_RECALL_MIN_TRUST.
    A bad value raises ValueError naming the variable (the hook then says nothing and reports it)."""
    from hippograph.recall import decay, gate
    from hippograph.schema import tuning

    def parsed(name: str, check: Callable[[Any], Any]) -> Any:
        raw = _env(name)
        try:
            return check(json.loads(raw) if raw else None)
        except ValueError as exc:  # json.JSONDecodeError is a ValueError
            raise ValueError(f"HIPPOGRAPH_{name}: {exc}") from exc

    out: dict[str, Any] = {"curves": parsed("DECAY_CURVES", lambda v: decay.resolve(v or {}))}
    weights = parsed("RETRIEVAL_WEIGHTS", lambda v: None if v is None else tuning.check_weights(v))
    if weights is not None:
        out["weights"] = weights
    defaults = gate.GateConfig()
    try:
        out["gate_config"] = gate.GateConfig(
            float(_env("RECALL_MIN_CONFIDENCE") or defaults.min_confidence),
            float(_env("RECALL_MIN_TRUST") or defaults.min_trust),
        )
    except ValueError as exc:
        raise ValueError(
            f"HIPPOGRAPH_RECALL_MIN_CONFIDENCE / HIPPOGRAPH_RECALL_MIN_TRUST: {exc}"
        ) from exc
    return out


def agent() -> str:
    """Whose working notes to carry: HIPPOGRAPH_AGENT, else claude-code."""
    return _env("AGENT") or "claude-code"
