"""``hippo db backup`` and ``hippo db restore``: the managed server's memory database as one
Neo4j dump file, written and read by Neo4j's own ``neo4j-admin database dump`` / ``load``.

Both work offline, as Neo4j Community requires: a running server is stopped for the dump or the
load and started again. Only the memory database (``HIPPOGRAPH_NEO4J_DATABASE``) is dumped, not
the ``system`` database, so a restored instance keeps its own password.

Restore never leaves a half-loaded database behind:

1. ``neo4j-admin database load --info`` reads the file's header first; a missing file or one that
   is not a dump is refused before the server is touched.
2. A database that holds memory (any ``:Node``) is replaced only with ``force``.
3. The current database is dumped to ``<instance>/backups/before-restore-<time>.dump``, then the
   file is loaded with ``--overwrite-destination``. If that load fails, the safety dump is loaded
   back. The safety dump is kept when the replaced database held memory (an undo), else removed.
4. The server starts, the schema is applied (``hippo init``'s ``apply_schema``: new indexes,
   data migrations, every index ONLINE) and the counts are read back.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from hippograph.config import Settings
from hippograph.errors import ConfigError
from hippograph.graph.client import Graph
from hippograph.graph.migrations import apply_schema
from hippograph.neo4j_local.resolve import ensure_jars, java_binary
from hippograph.neo4j_local.server import ManagedServer, wait_until_answers

ADMIN_TIMEOUT_S = 3600.0
"""A dump or load of a large store takes minutes; an hour means something is wrong."""


@dataclass(frozen=True)
class Counts:
    """What a database holds, from the count store."""

    units: int  # :Memory
    nodes: int  # :Node, everything hippograph wrote
    relationships: int
    changes: int  # :Change, the change log

    def as_dict(self) -> dict[str, int]:
        """Plain dict for --json."""
        return asdict(self)

    def summary(self) -> str:
        """``12 units, 40 nodes, 55 relationships, 20 changes``."""
        return ", ".join(
            f"{n} {word if n == 1 else word + 's'}"
            for n, word in (
                (self.units, "unit"),
                (self.nodes, "node"),
                (self.relationships, "relationship"),
                (self.changes, "change"),
            )
        )


@dataclass(frozen=True)
class BackupReport:
    """What ``hippo db backup`` wrote."""

    file: str
    size_bytes: int
    database: str
    counts: Counts | None  # None when the server was not running (nothing to ask)
    server: str
    elapsed_s: float

    def as_dict(self) -> dict[str, Any]:
        """Plain dict for --json."""
        return asdict(self)


@dataclass(frozen=True)
class RestoreReport:
    """What ``hippo db restore`` loaded, what it replaced, and where the replaced data went."""

    file: str
    database: str
    counts: Counts
    replaced: Counts | None  # what the database held before; None: it did not exist
    kept: str | None  # the safety dump of the replaced database, kept when it held memory
    schema_statements: int
    server: str
    elapsed_s: float

    def as_dict(self) -> dict[str, Any]:
        """Plain dict for --json."""
        return asdict(self)


def counts(settings: Settings) -> Counts:
    """Units, nodes, relationships and changes of the running server's memory database."""
    with Graph.connect(settings) as graph:
        labels = {row["label"]: int(row["count"]) for row in graph.read("count_labels")}
        rels = graph.read("count_relationships")
    return Counts(
        units=labels.get("Memory", 0),
        nodes=labels.get("Node", 0),
        relationships=int(rels[0]["count"]) if rels else 0,
        changes=labels.get("Change", 0),
    )


def default_file(settings: Settings, now: datetime | None = None) -> Path:
    """``<data_dir>/<instance>/backups/<database>-<UTC time>.dump``."""
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")
    return backups_dir(settings) / f"{settings.neo4j_database}-{stamp}.dump"


def backups_dir(settings: Settings) -> Path:
    """Where backups (and restore's safety dumps) go by default."""
    return settings.data_dir / settings.instance / "backups"


# -- backup ----------------------------------------------------------------------------


def backup(settings: Settings, target: Path | None = None) -> BackupReport:
    """Dump the memory database to ``target`` (a new file, or a folder to put one in); a running
    server is stopped for the dump and started again."""
    began = time.monotonic()
    server = ManagedServer(settings)
    if not server.has_database():
        raise ConfigError(
            f"the managed instance {settings.instance!r} has no database yet "
            f"({server.paths.data} holds none); start it with `hippo db start` first."
        )
    path = _target(settings, target)
    java, lib = java_binary(settings), ensure_jars(settings)
    was_running = server.is_running()
    held = counts(settings) if was_running else None
    if was_running:
        server.stop()
    try:
        _dump(server, java, lib, path)
    finally:
        if was_running:
            _start(server)
    return BackupReport(
        file=str(path),
        size_bytes=path.stat().st_size,
        database=settings.neo4j_database,
        counts=held,
        server="stopped for the dump and started again" if was_running else "not running",
        elapsed_s=time.monotonic() - began,
    )


def _target(settings: Settings, target: Path | None) -> Path:
    if target is None:
        path = default_file(settings)
    elif target.is_dir():
        path = target / default_file(settings).name
    else:
        path = target
    if path.exists():
        raise ConfigError(f"{path} already exists; give a new file name or remove it first.")
    if not path.parent.is_dir():
        if target is not None:
            raise ConfigError(f"the folder {path.parent} does not exist; create it first.")
        path.parent.mkdir(parents=True, mode=0o700)
    return path.absolute()


def _dump(server: ManagedServer, java: str, lib: Path, path: Path) -> None:
    """``neo4j-admin database dump`` into a folder next to ``path``, then renamed into place, so
    a failed dump leaves no partial file under the final name."""
    database = server.settings.neo4j_database
    folder = Path(tempfile.mkdtemp(prefix=".hippo-dump-", dir=path.parent))
    try:
        done = server.run_admin(
            java,
            lib,
            "database",
            "dump",
            f"--to-path={folder}",
            database,
            timeout_s=ADMIN_TIMEOUT_S,
        )
        if done.returncode != 0:
            raise ConfigError(
                f"neo4j-admin could not dump the database {database!r} of the managed instance "
                f"{server.settings.instance!r} ({_reason(done)}); nothing was written to {path}."
            )
        dumped = folder / f"{database}.dump"
        dumped.chmod(0o600)  # all of memory: readable by its owner only, like the password file
        os.replace(dumped, path)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# -- restore ---------------------------------------------------------------------------


def restore(settings: Settings, source: Path, *, force: bool = False) -> RestoreReport:
    """Load the dump ``source`` into the memory database, replacing it (a database that holds
    memory only with ``force``), then start the server and apply the schema."""
    began = time.monotonic()
    server = ManagedServer(settings)
    database = settings.neo4j_database
    source = _readable(source)
    java, lib = java_binary(settings), ensure_jars(settings)
    with _as_archive_folder(source, database) as folder:
        info = server.run_admin(
            java,
            lib,
            "database",
            "load",
            "--info",
            f"--from-path={folder}",
            database,
            timeout_s=600,
        )
        if info.returncode != 0:
            raise ConfigError(
                f"{source} is not a Neo4j dump that neo4j-admin can load "
                f"({_reason(info, folder)}); "
                "give a file `hippo db backup` wrote. Nothing was changed."
            )
        was_running = server.is_running()
        replaced: Counts | None = None
        if server.has_database():
            if not was_running:
                _start(server)  # to see whether the database holds memory
            replaced = counts(settings)
            if replaced.nodes and not force:
                if not was_running:
                    server.stop()
                raise ConfigError(
                    f"the database {database!r} of the managed instance {settings.instance!r} "
                    f"holds memory ({replaced.summary()}); restoring would replace it: pass "
                    "--force (a dump of it is kept first), or restore into another instance "
                    "(HIPPOGRAPH_INSTANCE). Nothing was changed."
                )
            server.stop()
        safety = _load_safely(
            server,
            java,
            lib,
            folder,
            source,
            keep_safety=bool(replaced and replaced.nodes),
            restart=was_running,
        )
    _start(server)
    with Graph.connect(settings) as graph:
        applied = apply_schema(graph)
    return RestoreReport(
        file=str(source),
        database=database,
        counts=counts(settings),
        replaced=replaced,
        kept=str(safety) if safety else None,
        schema_statements=len(applied),
        server="stopped for the load and started again" if was_running else "started",
        elapsed_s=time.monotonic() - began,
    )


def _readable(source: Path) -> Path:
    if not source.exists():
        raise ConfigError(
            f"the backup file {source} does not exist; give the path of a .dump file "
            "`hippo db backup` wrote. Nothing was changed."
        )
    if not source.is_file():
        raise ConfigError(
            f"{source} is not a file; give the path of a .dump file `hippo db backup` wrote. "
            "Nothing was changed."
        )
    return source.absolute()


@contextmanager
def _as_archive_folder(source: Path, database: str) -> Iterator[Path]:
    """A folder holding ``<database>.dump`` -> ``source``: neo4j-admin loads from a folder and
    picks the archive by the database's name."""
    folder = Path(tempfile.mkdtemp(prefix="hippo-restore-"))
    try:
        (folder / f"{database}.dump").symlink_to(source)
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _load_safely(
    server: ManagedServer,
    java: str,
    lib: Path,
    folder: Path,
    source: Path,
    *,
    keep_safety: bool,
    restart: bool,
) -> Path | None:
    """Load the archive in ``folder`` over the stopped server's database, keeping a safety dump
    of what was there, and put that back if the load fails (then start the server again when
    ``restart``). The safety dump, when it is kept."""
    settings = server.settings
    database = settings.neo4j_database
    safety: Path | None = None
    if server.has_database():
        safety = backups_dir(settings) / f"before-restore-{default_file(settings).name}"
        safety.parent.mkdir(parents=True, exist_ok=True)
        _dump(server, java, lib, safety)
    done = _load(server, java, lib, folder)
    if done.returncode == 0:
        if safety is not None and not keep_safety:
            safety.unlink()
            return None
        return safety
    failed = f"neo4j-admin could not load {source} ({_reason(done, folder)})"
    if safety is None:
        _remove_database(server)
        raise ConfigError(
            f"{failed}; the instance {settings.instance!r} has no database, as before."
        )
    with _as_archive_folder(safety, database) as back:
        undone = _load(server, java, lib, back)
    if undone.returncode != 0:
        raise ConfigError(
            f"{failed}, nor put the previous database back ({_reason(undone)}); it is saved in "
            f"{safety}: run `hippo db restore {safety} --force`."
        )
    if not keep_safety:
        safety.unlink()
    if restart:
        _start(server)
    raise ConfigError(
        f"{failed}; the previous database was put back as it was"
        + (" and the server started again" if restart else "")
        + (f" (a dump of it is also in {safety})." if keep_safety else ".")
    )


def _load(
    server: ManagedServer, java: str, lib: Path, folder: Path
) -> subprocess.CompletedProcess[str]:
    return server.run_admin(
        java,
        lib,
        "database",
        "load",
        "--overwrite-destination=true",
        f"--from-path={folder}",
        server.settings.neo4j_database,
        timeout_s=ADMIN_TIMEOUT_S,
    )


def _remove_database(server: ManagedServer) -> None:
    """Remove what a failed load left of a database that did not exist before it."""
    database = server.settings.neo4j_database
    for kind in ("databases", "transactions"):
        shutil.rmtree(server.paths.data / kind / database, ignore_errors=True)


def _start(server: ManagedServer) -> None:
    server.start()
    wait_until_answers(server.settings, server.settings.start_timeout_s)


def _reason(done: subprocess.CompletedProcess[str], folder: Path | None = None) -> str:
    """neo4j-admin's most telling line: its progress lines, its repeats and its advice to run
    with --verbose left out; the archive's name in ``folder`` (a link) read as the file's own."""
    lines = [
        line.strip()
        for line in (done.stderr + "\n" + done.stdout).splitlines()
        if line.strip() and not line.strip().startswith(_NOISE)
    ]
    telling = [ln for ln in lines if any(w in ln.lower() for w in ("fail", "error", "exception"))]
    reason = (telling or lines or [f"exit code {done.returncode}"])[0].rstrip(".")[:300]
    if folder is not None:
        for link in folder.iterdir():
            reason = reason.replace(str(link), os.path.realpath(link))
    return reason


_NOISE = ("Files:", "Done:", "Run with '--verbose'")


__all__ = [
    "BackupReport",
    "Counts",
    "RestoreReport",
    "backup",
    "counts",
    "default_file",
    "restore",
]
