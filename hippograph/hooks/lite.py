"""Connection settings for the per-prompt hook without pydantic: environment, then the
managed instance's password file. The defaults are ``Settings``' own, read from
:mod:`hippograph.schema.defaults`."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from hippograph.graph.http import HttpGraph, url_host
from hippograph.repo.git import git_output, trunk
from hippograph.repo.project import WORKSPACE, project_at
from hippograph.schema import defaults
from hippograph.units import access
from hippograph.units.access import AGENT_ROLE, EVERY_SCOPE, Grants, Level
from hippograph.units.read_gate import Principal, open_gate


def _env(name: str) -> str | None:
    # The hook is an entry point: reading HIPPOGRAPH_* here is the one place it is allowed.
    value = os.environ.get(f"HIPPOGRAPH_{name}", "").strip()
    return value or None


def http_base() -> str:
    """Base URL of Neo4j's HTTP API: HIPPOGRAPH_NEO4J_HTTP_URI,
    else the Bolt host on the HTTP port."""
    explicit = _env("NEO4J_HTTP_URI")
    if explicit:
        return explicit
    port = int(_env("NEO4J_HTTP_PORT") or defaults.NEO4J_HTTP_PORT)
    host = urlparse(_env("NEO4J_URI") or "").hostname or defaults.NEO4J_HOST
    return f"http://{url_host(host)}:{port}"


def password() -> str | None:
    """HIPPOGRAPH_NEO4J_PASSWORD, else the generated password of the managed instance."""
    if _env("NEO4J_PASSWORD"):
        return _env("NEO4J_PASSWORD")
    folder = Path(_env("CONFIG_DIR") or defaults.config_dir())
    instance = _env("INSTANCE") or defaults.INSTANCE
    try:
        return defaults.password_file(folder, instance).read_text().strip() or None
    except OSError:
        return None


def graph(deadline_s: float) -> HttpGraph | None:
    """An HTTP reader for the configured server, or None when no password is known."""
    secret = password()
    if secret is None:
        return None
    reader = HttpGraph(
        http_base(),
        _env("NEO4J_USER") or defaults.NEO4J_USER,
        secret,
        _env("NEO4J_DATABASE") or defaults.NEO4J_DATABASE,
        deadline_s=deadline_s,
    )
    # The prompt hook reads for the agent it serves, through the read gate like every reader.
    # Until ``open_for_project`` loads the agent's grants, the gate lets it read nothing.
    open_gate(reader, Principal(agent(), "agent", AGENT_ROLE), grants=NOTHING_YET)
    return reader


NOTHING_YET = Grants(role=AGENT_ROLE, levels={EVERY_SCOPE: Level.NONE})


def repo_context(cwd: str | None) -> tuple[list[str], Path | None]:
    """Visible branches (the trunk, memory on "main" where the trunk is named otherwise, and
    the checked-out branch; HIPPOGRAPH_MAIN_BRANCH and HIPPOGRAPH_BRANCH win) and the repository
    root, from two git calls (``repo.git.trunk``, then branch and root)."""
    main = _env("MAIN_BRANCH") or (trunk(Path(cwd), timeout_s=0.3) if cwd else None)
    main = main or defaults.MAIN_BRANCH
    branch, root = _env("BRANCH"), None
    if cwd:
        out = git_output(
            Path(cwd), "rev-parse", "--abbrev-ref", "HEAD", "--show-toplevel", timeout_s=0.3
        )
        lines = (out or "").splitlines()  # a line each: a folder name may hold spaces
        if len(lines) == 2:
            branch = branch or (lines[0] if lines[0] != "HEAD" else None)
            root = Path(lines[1])
        else:  # no commit yet (HEAD unborn) makes the call above fail: the root alone
            top = git_output(Path(cwd), "rev-parse", "--show-toplevel", timeout_s=0.3)
            root = Path(top.strip()) if top and top.strip() else None
    trunks = [main] if main == defaults.MAIN_BRANCH else [main, defaults.MAIN_BRANCH]
    return (trunks if not branch or branch in trunks else [*trunks, branch]), root


def git_context(cwd: str | None) -> tuple[list[str], str | None]:
    """Visible branches and the repository's name (see ``repo_context``)."""
    branches, root = repo_context(cwd)
    return branches, root.name if root else None


def deadline(default: float = defaults.HOOK_DEADLINE_S) -> float:
    """Seconds the prompt hook may spend on Neo4j: HIPPOGRAPH_HOOK_DEADLINE_S, else ``default``."""
    try:
        return float(_env("HOOK_DEADLINE_S") or default)
    except ValueError:
        return default


def engine_options() -> dict[str, Any]:
    """The recall settings the CLI honours, for the hook's engine: HIPPOGRAPH_RETRIEVAL_WEIGHTS,
    HIPPOGRAPH_DECAY_CURVES, HIPPOGRAPH_RECALL_MIN_CONFIDENCE and HIPPOGRAPH_RECALL_MIN_TRUST.
    A bad value raises ValueError naming the variable
    (the hook then says nothing and reports it)."""
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
    return _env("AGENT") or defaults.AGENT


def load_access(reader: HttpGraph) -> tuple[Principal, Grants]:
    """This hook's agent with the role the graph gives it, and that role's grants (one read)."""
    return access.load(reader, Principal(agent(), "agent", AGENT_ROLE))


def scope_to_project(
    reader: HttpGraph, root: Path | None, loaded: tuple[Principal, Grants] | None = None
) -> str | None:
    """Open ``reader``'s gate for this hook's agent with its role and grants (``loaded``, else
    read now), seeing the project whose repository root is ``root`` (its memory, the
    workspace's and this agent's notes) as ``Memory`` does; the project id, or None outside one
    (every scope the grants allow)."""
    principal, grants = loaded or load_access(reader)
    if root is None:
        open_gate(reader, principal, grants=grants)
        return None
    project = project_at(root)
    scopes = {project.id, project.name, WORKSPACE, f"agent:{agent()}"}
    scope = _env("SCOPE")
    if scope:
        scopes.add(scope)
    open_gate(reader, principal, scopes=frozenset(scopes), grants=grants)
    return project.id
