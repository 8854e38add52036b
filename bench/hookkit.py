"""Plumbing shared by the agent-hook benchmarks: running `hippo hook user-prompt` as Claude Code
does, reading what it injected, and timing the same prompt in-process over HTTP."""

from __future__ import annotations

import base64
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from hippograph.config import Settings
from hippograph.graph import queries
from hippograph.graph.gating import with_gate_defaults
from hippograph.graph.http import HttpGraph, decode, encode
from hippograph.hooks import PROMPT_DEADLINE_S
from hippograph.units.read_gate import Principal, open_gate

HIPPO = Path(sys.executable).parent / "hippo"
TEST_BOLT_PORT, TEST_HTTP_PORT = 7688, 7475  # the test instance's pair (bench_settings' default)
_ITEM_ID = re.compile(r", ([a-z]+_[0-9a-f]{16})\]$")


def http_port(settings: Settings) -> int:
    """HTTP port of the bench server: HIPPOGRAPH_BENCH_NEO4J_HTTP_PORT, else
    HIPPOGRAPH_NEO4J_HTTP_PORT, else the test instance's when the bench runs on it."""
    for var in ("HIPPOGRAPH_BENCH_NEO4J_HTTP_PORT", "HIPPOGRAPH_NEO4J_HTTP_PORT"):
        if os.environ.get(var, "").strip():
            return int(os.environ[var])
    if urlparse(settings.bolt_uri).port == TEST_BOLT_PORT:
        return TEST_HTTP_PORT
    raise SystemExit(
        "the hook benches need the bench server's HTTP port: set HIPPOGRAPH_NEO4J_HTTP_PORT "
        "(or HIPPOGRAPH_BENCH_NEO4J_HTTP_PORT)."
    )


def free_port() -> int:
    """A local TCP port nothing listens on (for the Neo4j-unreachable runs)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def hook_env(settings: Settings, port: int) -> dict[str, str]:
    """The hook process's environment: only the connection variables, none of the caller's
    HIPPOGRAPH_*."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOGRAPH_")}
    env.update(
        {
            "HIPPOGRAPH_NEO4J_URI": settings.bolt_uri,
            "HIPPOGRAPH_NEO4J_HTTP_PORT": str(port),
            "HIPPOGRAPH_INSTANCE": settings.instance,
        }
    )
    password = settings.resolved_password()
    if password:
        env["HIPPOGRAPH_NEO4J_PASSWORD"] = password
    return env


def git_project(folder: Path) -> Path:
    """An empty git repository on branch main: the cwd Claude Code gives the hook."""
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        ["git", "init", "-q", "-b", "main", str(folder)], check=True, capture_output=True
    )
    return folder


def payload(prompt: str, cwd: Path) -> dict[str, Any]:
    """The UserPromptSubmit hook input (the fields the hook reads, plus the usual envelope)."""
    return {
        "session_id": "bench",
        "transcript_path": str(cwd / "transcript.jsonl"),
        "cwd": str(cwd),
        "hook_event_name": "UserPromptSubmit",
        "prompt": prompt,
    }


def run_hook(
    prompt: str, cwd: Path, env: dict[str, str]
) -> tuple[float, dict[str, Any] | None, int, str]:
    """Run `hippo hook user-prompt` as a fresh process; wall ms, the JSON it printed (or None), exit
    code, stderr."""
    data = json.dumps(payload(prompt, cwd))
    t0 = time.perf_counter()
    done = subprocess.run(
        [str(HIPPO), "hook", "user-prompt"],
        input=data,
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=30,
    )
    wall = (time.perf_counter() - t0) * 1000
    out = json.loads(done.stdout) if done.stdout.strip() else None
    return wall, out, done.returncode, done.stderr.strip()[-500:]


def run_process(
    argv: list[str], env: dict[str, str] | None = None, cwd: Path | None = None
) -> float:
    """Wall ms of a process (a startup baseline)."""
    t0 = time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True, timeout=30, env=env, cwd=cwd)
    return (time.perf_counter() - t0) * 1000


def injected(out: dict[str, Any] | None) -> dict[str, Any]:
    """What a hook output put in front of the agent: item ids and texts in order, and whether
    policies came along."""
    if not out:
        return {"items": [], "texts": [], "policies": False, "chars": 0}
    context = out.get("hookSpecificOutput", {}).get("additionalContext", "")
    items, texts = [], []
    for line in context.split("\n")[1:]:
        if not line.startswith("- ") or line.startswith("- ["):
            break  # the policies or notes block
        found = _ITEM_ID.search(line)
        items.append(found.group(1) if found else None)
        texts.append(line[2:])
    return {
        "items": items,
        "texts": texts,
        "policies": "\nTeam policies:" in context,
        "chars": len(context),
    }


class TimedHttpGraph(HttpGraph):
    """The hook's HTTP reader, timing every statement."""

    def __init__(
        self,
        base_url: str,
        user: str,
        password: str,
        database: str,
        *,
        deadline_s: float = PROMPT_DEADLINE_S,
    ) -> None:
        super().__init__(base_url, user, password, database, deadline_s=deadline_s)
        self.calls: list[tuple[str, float]] = []
        self.spans: list[tuple[float, float]] = []
        self.params: dict[
            str, dict[str, Any]
        ] = {}  # the parameters each statement was last run with

    def read(
        self, name: str, /, *, timeout_s: float | None = None, **params: Any
    ) -> list[dict[str, Any]]:
        t0 = time.perf_counter()
        # as the statement ran: with what the read gate adds (every scope, in the bench)
        self.params[name] = with_gate_defaults(queries.get(name), params)
        try:
            return super().read(name, timeout_s=timeout_s, **params)
        finally:
            t1 = time.perf_counter()
            self.calls.append((name, (t1 - t0) * 1000))
            self.spans.append((t0, t1))

    def reads_wall_ms(self) -> float:
        """Milliseconds during which at least one read was in flight (reads may overlap)."""
        total, end = 0.0, float("-inf")
        for start, stop in sorted(self.spans):
            if stop > end:
                total += stop - max(start, end)
                end = stop
        return total * 1000


def http_graph(settings: Settings, port: int) -> TimedHttpGraph:
    """A fresh timed HTTP reader (its deadline starts now, as in the hook)."""
    reader = TimedHttpGraph.from_settings(settings, port=port, deadline_s=PROMPT_DEADLINE_S)
    open_gate(reader, Principal(name="claude-code", kind="agent", role="agent"))  # as the hook does
    return reader


def _post(
    settings: Settings, port: int, text: str, params: dict[str, Any]
) -> tuple[dict[str, Any], float]:
    host = urlparse(settings.bolt_uri).hostname or "127.0.0.1"
    token = base64.b64encode(
        f"{settings.neo4j_user}:{settings.resolved_password() or ''}".encode()
    ).decode()
    media = "application/vnd.neo4j.query"
    body = json.dumps(
        {
            "statement": text,
            "parameters": {k: encode(v) for k, v in params.items()},
            "accessMode": "Read",
        }
    ).encode()
    request = urllib.request.Request(
        f"http://{host}:{port}/db/{settings.neo4j_database}/query/v2",
        data=body,
        headers={"Content-Type": media, "Accept": media, "Authorization": f"Basic {token}"},
        method="POST",
    )
    t0 = time.perf_counter()
    with urllib.request.urlopen(request, timeout=10) as response:
        doc = json.loads(response.read())
    ms = (time.perf_counter() - t0) * 1000
    if doc.get("errors"):
        raise SystemExit(
            f"the bench statement failed over HTTP: {doc['errors'][0].get('message', '')[:200]}"
        )
    return doc, ms


def http_statement(
    settings: Settings, port: int, text: str, params: dict[str, Any]
) -> tuple[int, float]:
    """One bench statement over the Query API, straight through urllib: rows and wall ms (the HTTP
    floor)."""
    doc, ms = _post(settings, port, text, params)
    return len(doc.get("data", {}).get("values", [])), ms


def http_profile(
    settings: Settings, port: int, text: str, params: dict[str, Any], *, top: int = 8
) -> dict[str, Any]:
    """PROFILE a statement over the Query API: wall ms, total db hits and the operators with the
    most."""
    doc, ms = _post(settings, port, "PROFILE " + text, params)
    ops: list[dict[str, Any]] = []

    def value(v: Any) -> Any:
        return decode(v) if isinstance(v, dict) else v

    def walk(plan: dict[str, Any]) -> None:
        details = value(plan.get("arguments", {}).get("Details", ""))
        ops.append(
            {
                "operator": str(plan.get("operatorType", "")).split("@")[0],
                "details": str(details)[:120],
                "rows": value(plan.get("records")),
                "db_hits": int(value(plan.get("dbHits")) or 0),
            }
        )
        for child in plan.get("children", []):
            walk(child)

    plan = doc.get("profiledQueryPlan")
    if plan:
        walk(plan)
    return {
        "wall_ms": round(ms, 2),
        "db_hits": sum(o["db_hits"] for o in ops),
        "top_operators": sorted(ops, key=lambda o: -o["db_hits"])[:top],
    }
