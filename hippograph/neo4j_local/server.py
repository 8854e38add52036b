"""The managed local Neo4j server: configure, start in the background, stop, inspect.

One instance lives in ``<data_dir>/<instance>/`` with its own ``conf/``,
``data/``, ``logs/`` and a pid file; its password is generated once and kept in
``<config_dir>/neo4j-<instance>.password`` with mode 0600.
"""

from __future__ import annotations

import logging
import os
import secrets
import signal
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from hippograph.config import Settings
from hippograph.errors import ConfigError, GraphUnavailableError
from hippograph.graph.client import Graph
from hippograph.locks import held
from hippograph.neo4j_local import browser
from hippograph.neo4j_local.resolve import ensure_jars, java_binary

log = logging.getLogger(__name__)

ENTRY_POINT = "org.neo4j.server.CommunityEntryPoint"
# Servers started by this process, kept so that stop() can reap them (no zombie,
# no "subprocess still running" warning when a test starts and stops one).
_CHILDREN: dict[int, subprocess.Popen[bytes]] = {}
ADMIN_TOOL = "org.neo4j.cli.AdminTool"
_JVM_FLAGS = [
    "-XX:+UseG1GC",
    "-XX:+ExitOnOutOfMemoryError",
    "-Dfile.encoding=UTF-8",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
]


def port_in_use(port: int, host: str = "127.0.0.1") -> bool:
    """True when something accepts connections on host:port."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.settimeout(0.5)
        return sock.connect_ex((host, port)) == 0


@dataclass(frozen=True)
class InstancePaths:
    """Folders and files of one managed instance."""

    home: Path

    @property
    def conf(self) -> Path:
        return self.home / "conf"

    @property
    def data(self) -> Path:
        return self.home / "data"

    @property
    def logs(self) -> Path:
        return self.home / "logs"

    @property
    def pid_file(self) -> Path:
        return self.home / "run" / "neo4j.pid"

    @property
    def console_log(self) -> Path:
        return self.logs / "console.log"

    @property
    def neo4j_log(self) -> Path:
        return self.logs / "neo4j.log"


def _write_secret(path: Path, value: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(value + "\n")
    os.chmod(path, 0o600)


class ManagedServer:
    """A Neo4j Community server run from the cached Maven jars, no Docker."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.paths = InstancePaths(settings.data_dir / settings.instance)

    # -- state --------------------------------------------------------------

    def pid(self) -> int | None:
        """Pid of this instance's running server, or None."""
        try:
            pid = int(self.paths.pid_file.read_text().strip())
        except (FileNotFoundError, ValueError):
            return None
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
        except OSError:
            return None
        if ENTRY_POINT not in cmdline or str(self.paths.home) not in cmdline:
            return None  # the pid was reused by something else
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
            if stat.rsplit(")", 1)[1].split()[0] == "Z":
                return None
        except (OSError, IndexError):
            pass
        return pid

    def is_running(self) -> bool:
        """True while this instance's server process is alive."""
        return self.pid() is not None

    # -- start --------------------------------------------------------------

    def write_config(self) -> Path:
        """(Re)write neo4j.conf from the settings."""
        s = self.settings
        p = self.paths
        for folder in (
            p.conf,
            p.data,
            p.logs,
            p.pid_file.parent,
            p.home / "plugins",
            p.home / "import",
        ):
            folder.mkdir(parents=True, exist_ok=True)
        conf = "\n".join(
            [
                "# Written by `hippo db start`; edits are overwritten on the next start.",
                "server.default_listen_address=127.0.0.1",
                "server.default_advertised_address=localhost",
                f"server.bolt.listen_address=127.0.0.1:{s.neo4j_bolt_port}",
                f"server.bolt.advertised_address=localhost:{s.neo4j_bolt_port}",
                "server.bolt.enabled=true",
                "server.http.enabled=true",
                f"server.http.listen_address=127.0.0.1:{s.neo4j_http_port}",
                f"server.http.advertised_address=localhost:{s.neo4j_http_port}",
                "server.https.enabled=false",
                f"server.memory.heap.initial_size={s.neo4j_heap}",
                f"server.memory.heap.max_size={s.neo4j_heap}",
                f"server.memory.pagecache.size={s.neo4j_pagecache}",
                "dbms.security.auth_enabled=true",
                f"server.directories.data={p.data}",
                f"server.directories.logs={p.logs}",
                f"server.directories.plugins={p.home / 'plugins'}",
                f"server.directories.import={p.home / 'import'}",
                f"server.directories.run={p.pid_file.parent}",
                "dbms.usage_report.enabled=false",
                "db.tx_log.rotation.retention_policy=1 days",
                # A checkpoint is when the vector index's merges of what a bulk write left take
                # effect (100k units: 79 segments, then 52 at a checkpoint while merges ran, 2 at
                # the next; the vector query 25 ms, then 6-8 ms). A checkpoint runs only when
                # something was written since the last: the default 15 minutes kept hybrid
                # recall slow for 20 minutes after a load, 5 minutes for 8.
                "db.checkpoint.interval.time=5m",
                # Limits no single transaction passes, whoever sent it: a driver's own timeout
                # (recall, run_cypher: seconds) is shorter and wins; this stops what set none.
                "db.transaction.timeout=15m",
                "db.memory.transaction.max=256m",
                "dbms.memory.transaction.total.max=512m",
                "db.lock.acquisition.timeout=60s",
                # A plan serves every length of query. By default Neo4j keys its plan cache on
                # the size of each string and list parameter as well as its type, in orders of
                # magnitude, so recall was planned again (about a second) for the first one-word
                # query, the first prompt of more than 100 characters and so on, after a warm-up
                # that had planned it for a three-word one. Recall's plans do not depend on them.
                "internal.cypher.use_parameter_size=false",
                # The server tells each driver to give up on a connection that is silent for
                # keep_alive x probes (the driver's read timeout), and sends keep-alives while a
                # query runs, so a frozen server is noticed in seconds and a long query is not.
                "server.bolt.connection_keep_alive=10s",
                "server.bolt.connection_keep_alive_probes=2",
                "server.bolt.connection_keep_alive_streaming_scheduling_interval=5s",
                # Browser applies hippograph's style and opens its guide on connect; both are
                # served by this server, under /browser/hippograph/.
                "browser.post_connect_cmd=" + browser.post_connect_commands(self._browser_base()),
                "browser.remote_content_hostname_whitelist=localhost",
                "",
            ]
        )
        path = p.conf / "neo4j.conf"
        path.write_text(conf, encoding="utf-8")
        return path

    def _classpath(self, lib: Path) -> str:
        # hippograph's copy of the Browser jar first: Browser's files are served from the first
        # jar with a browser/ folder, and the copy adds the style and the guide
        # (neo4j_local/browser.py)
        jar = browser.browser_jar(lib, self.paths.home / "lib", self._browser_base())
        return f"{jar}:{lib}/*"

    def _browser_base(self) -> str:
        """Where this server's Browser serves hippograph's style and guide."""
        return f"http://localhost:{self.settings.neo4j_http_port}{browser.URL_PATH}"

    def _ensure_password(self, java: str, lib: Path) -> None:
        """Set the initial password before the first start; keep it in the 0600 file."""
        if (self.paths.data / "dbms" / "auth.ini").exists():
            return
        s = self.settings
        if s.neo4j_password is not None:
            password = s.neo4j_password.get_secret_value()
        else:
            password = s.resolved_password() or secrets.token_urlsafe(18)
            _write_secret(s.password_file, password)
        # The password goes in an argument file (read by the tool, mode 0600, removed after),
        # never on the command line, where every local user's `ps` would show it; `--` lets a
        # password start with '-'.
        quoted = '"' + password.replace("\\", "\\\\").replace('"', '\\"') + '"'
        fd, argfile = tempfile.mkstemp(prefix="set-password-", dir=self.paths.conf)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(f"dbms\nset-initial-password\n--\n{quoted}\n")
            done = self.run_admin(java, lib, f"@{argfile}", timeout_s=120)
        finally:
            os.unlink(argfile)
        if done.returncode != 0:
            raise ConfigError(
                "setting the managed server's initial password failed: "
                f"{done.stderr.strip()[-300:]}; see {self.paths.logs}."
            )

    def run_admin(
        self, java: str, lib: Path, *args: str, timeout_s: float
    ) -> subprocess.CompletedProcess[str]:
        """Run ``neo4j-admin <args>`` for this instance (its home and neo4j.conf), as the
        official script does; the caller reads the return code and output."""
        cmd = [java, "-cp", self._classpath(lib), f"-Dneo4j.home={self.paths.home}", ADMIN_TOOL]
        try:
            return subprocess.run(
                [*cmd, *args],
                capture_output=True,
                text=True,
                timeout=timeout_s,
                env={
                    **os.environ,
                    "NEO4J_HOME": str(self.paths.home),
                    "NEO4J_CONF": str(self.paths.conf),
                },
            )
        except subprocess.TimeoutExpired as exc:
            raise ConfigError(
                f"neo4j-admin did not finish within {timeout_s:g} s for the instance in "
                f"{self.paths.home}; see {self.paths.logs}."
            ) from exc

    def has_database(self) -> bool:
        """True once the memory database has store files (the server has run, or one was
        loaded)."""
        return (self.paths.data / "databases" / self.settings.neo4j_database).is_dir()

    def start(self) -> bool:
        """Start in the background and wait until Bolt answers; False if it was already running
        (or another process started it while this one waited for the instance's lock)."""
        with held(self.paths.home):
            return self._start()

    def _start(self) -> bool:
        if self.is_running():
            return False
        s = self.settings
        for port, name in ((s.neo4j_bolt_port, "BOLT_PORT"), (s.neo4j_http_port, "HTTP_PORT")):
            if port_in_use(port):
                raise GraphUnavailableError(
                    f"port {port} on 127.0.0.1 is already taken by another process; stop it, "
                    f"or set HIPPOGRAPH_NEO4J_{name} to a free port (and HIPPOGRAPH_NEO4J_URI "
                    "if you connect elsewhere)."
                )
        java = java_binary(s)
        lib = ensure_jars(s)
        self.write_config()
        self._ensure_password(java, lib)
        cmd = [
            java,
            f"-Xms{s.neo4j_heap}",
            f"-Xmx{s.neo4j_heap}",
            *_JVM_FLAGS,
            "-cp",
            self._classpath(lib),
            ENTRY_POINT,
            f"--home-dir={self.paths.home}",
            f"--config-dir={self.paths.conf}",
        ]
        console = self.paths.console_log.open("ab")
        try:
            proc = subprocess.Popen(
                cmd,
                stdout=console,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                cwd=self.paths.home,
                start_new_session=True,
            )
        finally:
            console.close()
        _CHILDREN[proc.pid] = proc
        self.paths.pid_file.write_text(f"{proc.pid}\n")
        self._wait_for_bolt(proc)
        return True

    def _wait_for_bolt(self, proc: subprocess.Popen[bytes]) -> None:
        deadline = time.monotonic() + self.settings.start_timeout_s
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                _CHILDREN.pop(proc.pid, None)
                self.paths.pid_file.unlink(missing_ok=True)
                raise GraphUnavailableError(
                    f"the managed Neo4j exited during start (code {proc.returncode}): "
                    f"{self.last_error_line()}; see `hippo db logs`."
                )
            if port_in_use(self.settings.neo4j_bolt_port):
                return
            time.sleep(0.3)
        raise GraphUnavailableError(
            f"the managed Neo4j did not open Bolt on port {self.settings.neo4j_bolt_port} within "
            f"{self.settings.start_timeout_s:g} s; see `hippo db logs`."
        )

    def last_error_line(self) -> str:
        """The most telling line of the logs, for an error message."""
        for path in (self.paths.console_log, self.paths.neo4j_log):
            try:
                lines = [ln for ln in path.read_text(errors="replace").splitlines() if ln.strip()]
            except FileNotFoundError:
                continue
            for line in reversed(lines[-200:]):
                if "ERROR" in line or "Exception" in line or "Error" in line:
                    return line.strip()[:300]
            if lines:
                return lines[-1].strip()[:300]
        return "no log output"

    # -- stop, logs ----------------------------------------------------------

    def stop(self, timeout_s: float = 60.0) -> bool:
        """Stop the server; False if it was not running. Waits for a start in progress."""
        if not self.paths.home.is_dir():
            return False  # never started here: nothing to stop, and no folder to make
        with held(self.paths.home):
            return self._stop(timeout_s)

    def _stop(self, timeout_s: float) -> bool:
        pid = self.pid()
        if pid is None:
            self.paths.pid_file.unlink(missing_ok=True)
            return False
        os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline and self.pid() is not None:
            time.sleep(0.2)
        if self.pid() is not None:
            os.kill(pid, signal.SIGKILL)
            time.sleep(0.5)
        child = _CHILDREN.pop(pid, None)
        if child is not None:
            child.wait(timeout=10)
        self.paths.pid_file.unlink(missing_ok=True)
        return True

    def log_tail(self, lines: int = 50) -> str:
        """The last lines of neo4j.log (or the console log before it exists)."""
        for path in (self.paths.neo4j_log, self.paths.console_log):
            if path.exists():
                return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
        return ""


def wait_until_answers(settings: Settings, timeout_s: float) -> None:
    """Poll until the server accepts our login; auth failures end the wait at once."""
    deadline = time.monotonic() + timeout_s
    last: GraphUnavailableError | None = None
    while time.monotonic() < deadline:
        try:
            Graph.connect(settings, connection_timeout_s=3.0).close()
            return
        except GraphUnavailableError as exc:
            if "refused the login" in str(exc):
                raise
            last = exc
            time.sleep(0.5)
    raise GraphUnavailableError(
        f"{last}" if last else f"Neo4j at {settings.bolt_uri} did not answer in {timeout_s:g} s."
    )
