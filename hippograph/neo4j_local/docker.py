"""Neo4j in Docker through ``docker compose``, used when a Docker engine answers."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from hippograph.config import Settings
from hippograph.errors import ConfigError, GraphUnavailableError


def engine_available(timeout_s: float = 5.0) -> bool:
    """True when a Docker engine (not only the client) answers."""
    docker = shutil.which("docker")
    if docker is None:
        return False
    try:
        done = subprocess.run(
            [docker, "info", "--format", "{{.ServerVersion}}"],
            capture_output=True,
            timeout=timeout_s,
        )
    except (subprocess.TimeoutExpired, OSError):
        return False
    return done.returncode == 0 and bool(done.stdout.strip())


def compose_file() -> Path:
    """docker-compose.yml: shipped in the package, or at the repository root in a checkout."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "docker-compose.yml", here.parent.parent / "docker-compose.yml"):
        if candidate.exists():
            return candidate
    raise ConfigError("docker-compose.yml is missing from the installation; reinstall hippograph.")


def _compose(
    settings: Settings, password: str, *args: str, timeout_s: float = 600
) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "NEO4J_PASSWORD": password,
        "HIPPOGRAPH_NEO4J_BOLT_PORT": str(settings.neo4j_bolt_port),
        "HIPPOGRAPH_NEO4J_HTTP_PORT": str(settings.neo4j_http_port),
    }
    cmd = [
        "docker",
        "compose",
        "-f",
        str(compose_file()),
        "-p",
        f"hippograph-{settings.instance}",
        *args,
    ]
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout_s)


def compose_up(settings: Settings, password: str) -> None:
    """``docker compose up -d`` and wait for the health check."""
    done = _compose(settings, password, "up", "-d", "--wait")
    if done.returncode != 0:
        raise GraphUnavailableError(
            f"`docker compose up` failed: {done.stderr.strip()[-300:]}; run "
            "`docker compose logs neo4j` for details."
        )


def compose_down(settings: Settings) -> bool:
    """``docker compose stop``; data stays in the volume."""
    done = _compose(settings, "unused", "stop")
    return done.returncode == 0


def compose_logs(settings: Settings, lines: int) -> str:
    """The container's last log lines."""
    done = _compose(settings, "unused", "logs", "--tail", str(lines), "neo4j")
    return done.stdout + done.stderr
