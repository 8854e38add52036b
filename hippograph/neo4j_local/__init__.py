"""Getting a Neo4j 5.26 server: the configured one, Docker, or a managed local server.

``start`` follows the order of the foundation issue: a reachable
``HIPPOGRAPH_NEO4J_URI`` is used as is; else, where a Docker engine answers,
``docker compose up -d``; else the managed server built from Maven Central jars.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from hippograph.config import Settings
from hippograph.errors import ConfigError, GraphUnavailableError
from hippograph.neo4j_local import docker, dumps
from hippograph.neo4j_local.dumps import BackupReport, RestoreReport
from hippograph.neo4j_local.resolve import server_root
from hippograph.neo4j_local.server import ManagedServer, _write_secret, wait_until_answers


@dataclass(frozen=True)
class ServerReport:
    """What `hippo db start/status` tells the user."""

    mode: str  # external | docker | managed
    action: str  # started | already running | using | stopped | not running
    uri: str
    browser_url: str | None
    pid: int | None = None
    home: str | None = None
    elapsed_s: float | None = None

    def as_dict(self) -> dict[str, Any]:
        """Plain dict for --json."""
        return asdict(self)


def _mode_file(settings: Settings) -> Any:
    return settings.data_dir / settings.instance / "mode"


def _remembered_mode(settings: Settings) -> str | None:
    try:
        return str(_mode_file(settings).read_text().strip()) or None
    except FileNotFoundError:
        return None


def _remember_mode(settings: Settings, mode: str) -> None:
    path = _mode_file(settings)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(mode + "\n")


def start(settings: Settings) -> ServerReport:
    """Make a server available and say which one."""
    began = time.monotonic()
    mode = settings.server_mode
    if mode == "external" and not settings.has_explicit_uri:
        raise ConfigError(
            "HIPPOGRAPH_SERVER_MODE=external needs HIPPOGRAPH_NEO4J_URI set to the server to use."
        )
    if mode in ("managed", "docker") and settings.has_explicit_uri:
        raise ConfigError(
            f"HIPPOGRAPH_SERVER_MODE={mode} starts a local server, but HIPPOGRAPH_NEO4J_URI points "
            "elsewhere; unset one of them."
        )
    if mode == "docker" and not docker.engine_available():
        raise GraphUnavailableError(
            "HIPPOGRAPH_SERVER_MODE=docker but no Docker engine answers `docker info`; start "
            "Docker or use the managed mode."
        )
    if settings.has_explicit_uri and mode in ("auto", "external"):
        wait_until_answers(settings, timeout_s=10.0)
        return ServerReport(
            "external", "using", settings.bolt_uri, None, elapsed_s=time.monotonic() - began
        )
    managed = ManagedServer(settings)
    if mode in ("auto", "docker") and not managed.is_running() and docker.engine_available():
        password = settings.resolved_password() or secrets.token_urlsafe(18)
        if settings.neo4j_password is None:
            _write_secret(settings.password_file, password)
        docker.compose_up(settings, password)
        _remember_mode(settings, "docker")
        wait_until_answers(settings, settings.start_timeout_s)
        return ServerReport(
            "docker",
            "started",
            settings.bolt_uri,
            settings.browser_url,
            elapsed_s=time.monotonic() - began,
        )
    started = managed.start()
    _remember_mode(settings, "managed")
    wait_until_answers(settings, settings.start_timeout_s)
    return ServerReport(
        "managed",
        "started" if started else "already running",
        settings.bolt_uri,
        settings.browser_url,
        pid=managed.pid(),
        home=str(managed.paths.home),
        elapsed_s=time.monotonic() - began,
    )


def stop(settings: Settings) -> ServerReport:
    """Stop the server hippo started; an external server is never touched."""
    if settings.has_explicit_uri and settings.server_mode in ("auto", "external"):
        return ServerReport("external", "not managed by hippo", settings.bolt_uri, None)
    if _remembered_mode(settings) == "docker":
        docker.compose_down(settings)
        return ServerReport("docker", "stopped", settings.bolt_uri, None)
    managed = ManagedServer(settings)
    stopped = managed.stop()
    return ServerReport(
        "managed",
        "stopped" if stopped else "not running",
        settings.bolt_uri,
        None,
        home=str(managed.paths.home),
    )


def status(settings: Settings) -> ServerReport:
    """Whether the server hippo manages is running (no connection needed)."""
    if settings.has_explicit_uri and settings.server_mode in ("auto", "external"):
        return ServerReport("external", "configured", settings.bolt_uri, None)
    if _remembered_mode(settings) == "docker":
        return ServerReport("docker", "configured", settings.bolt_uri, settings.browser_url)
    managed = ManagedServer(settings)
    pid = managed.pid()
    return ServerReport(
        "managed",
        "running" if pid else "not running",
        settings.bolt_uri,
        settings.browser_url if pid else None,
        pid=pid,
        home=str(managed.paths.home),
    )


BACKUP_DOCS = "https://neo4j.com/docs/operations-manual/5/backup-restore/"
DOCKER_DUMP_DOCS = "https://neo4j.com/docs/operations-manual/5/docker/dump-load/"


def managed_only(settings: Settings, command: str) -> None:
    """Refuse ``command`` (backup, restore) unless hippo runs this instance's server itself."""
    if settings.has_explicit_uri and settings.server_mode in ("auto", "external"):
        raise ConfigError(
            f"`hippo db {command}` works on the managed server only, and HIPPOGRAPH_NEO4J_URI "
            f"points at a server you run ({settings.bolt_uri}); use that server's own backup "
            f"(Aura: the console's snapshots; self-managed: {BACKUP_DOCS})."
        )
    if settings.server_mode == "docker" or _remembered_mode(settings) == "docker":
        raise ConfigError(
            f"`hippo db {command}` works on the managed server only, and the instance "
            f"{settings.instance!r} runs Neo4j in Docker (Compose project "
            f"hippograph-{settings.instance}); use neo4j-admin in the container: "
            f"{DOCKER_DUMP_DOCS}"
        )


def backup(settings: Settings, target: Path | None = None) -> BackupReport:
    """``hippo db backup``: dump the managed server's memory database (stopping and starting
    the server around the dump)."""
    managed_only(settings, "backup")
    return dumps.backup(settings, target)


def restore(settings: Settings, source: Path, *, force: bool = False) -> RestoreReport:
    """``hippo db restore``: load a dump into the managed server's memory database."""
    managed_only(settings, "restore")
    return dumps.restore(settings, source, force=force)


def logs(settings: Settings, lines: int = 50) -> str:
    """The server's last log lines."""
    if _remembered_mode(settings) == "docker":
        return docker.compose_logs(settings, lines)
    return ManagedServer(settings).log_tail(lines)


__all__ = [
    "BackupReport",
    "ManagedServer",
    "RestoreReport",
    "ServerReport",
    "backup",
    "logs",
    "managed_only",
    "restore",
    "server_root",
    "start",
    "status",
    "stop",
    "wait_until_answers",
]
