"""The default of every setting, defined once, and the reading of ``HIPPOGRAPH_DEBUG``.

``Settings`` (pydantic) takes its field defaults from here, and the prompt hook's light path
(no pydantic) resolves the same variables against the same values, so the two cannot drift.
Standard library only. The recall tunables (weights, decay curves, gate thresholds) are in
:mod:`hippograph.schema.tuning`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

NEO4J_USER = "neo4j"
NEO4J_DATABASE = "neo4j"
INSTANCE = "default"
NEO4J_VERSION = "5.26.30"
BROWSER_VERSION = "5.24.0"
NEO4J_BOLT_PORT = 7687
NEO4J_HTTP_PORT = 7474
NEO4J_HOST = "127.0.0.1"  # where the managed server listens
NEO4J_HEAP = "1g"
NEO4J_PAGECACHE = "512m"
START_TIMEOUT_S = 180.0
QUERY_TIMEOUT_S = 10.0
SCOPE = "workspace"
MAIN_BRANCH = "main"
ACTOR = "user"
# Read by the prompt hook only:
HOOK_DEADLINE_S = 0.9  # seconds the prompt hook may spend on Neo4j
PRE_TOOL_DEADLINE_S = 5.0  # seconds the pre-edit hook may take in all before the edit goes ahead
MCP_CALL_DEADLINE_S = 30.0  # seconds one MCP tool call may take before it is answered with why
AGENT = "claude-code"  # whose working notes the prompt hook carries
AGENT_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.@-]{0,63}$")  # what an agent may be called

_ON = frozenset({"1", "true", "yes", "on"})


def data_dir() -> Path:
    """Where managed server instances keep their data, logs and pid files."""
    return Path.home() / ".local/share/hippograph"


def config_dir() -> Path:
    """Where generated secrets (the managed server's password) are kept."""
    return Path.home() / ".config/hippograph"


def cache_dir() -> Path:
    """Where the Neo4j jars resolved from Maven Central are cached."""
    return Path.home() / ".cache/hippograph"


def password_file(folder: Path, instance: str) -> Path:
    """The file in ``folder`` holding the generated password of the managed ``instance``."""
    return folder / f"neo4j-{instance}.password"


def is_debug(environ: Mapping[str, str]) -> bool:
    """True when ``HIPPOGRAPH_DEBUG`` is 1, true, yes or on (any case); 0, false, no, off, empty
    or unset is off."""
    return environ.get("HIPPOGRAPH_DEBUG", "").strip().lower() in _ON
