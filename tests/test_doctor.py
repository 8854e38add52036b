"""`hippo doctor` against the project's own test server: each check says what it saw, and how
to fix what is wrong."""

from __future__ import annotations

import json
import py_compile
import socket
import sys
from pathlib import Path

from typer.testing import CliRunner

from hippograph.cli import app
from hippograph.config import Settings
from hippograph.doctor import Check, _bytecode, run_checks
from hippograph.graph.client import Graph
from hippograph.hooks.install import install_claude_code
from hippograph.memory import Memory
from tests.fakes import git_repo


def test_doctor_checks_a_working_install_and_names_a_broken_hook(
    graph: Graph, settings: Settings, tmp_path: Path
) -> None:
    repo = git_repo(tmp_path / "app")
    (repo / ".mcp.json").write_text(
        json.dumps({"mcpServers": {"hippograph": {"command": "/nowhere/bin/hippo", "args": []}}})
    )
    home = tmp_path / "home"
    checks = {c.name: c for c in run_checks(settings, cwd=repo, home=home)}
    assert checks["server"].verdict == "ok" and "5.26" in checks["server"].seen
    assert checks["schema"].verdict == "ok" and checks["indexes"].verdict == "ok"
    assert checks["prompt hook"].verdict in ("ok", "warn")  # a busy machine may pass its budget
    assert checks["model"].verdict == "ok" and "query embedding" in checks["model"].seen
    broken = checks["agent install"]
    assert broken.verdict == "fail" and "/nowhere/bin/hippo" in broken.seen and broken.fix
    assert checks["capture queue"].verdict == "ok"
    hippo = str(Path(sys.executable).parent / "hippo")
    (repo / ".mcp.json").unlink()
    install_claude_code(repo, user=False, uninstall=False, command=hippo)
    fixed = {c.name: c for c in run_checks(settings, cwd=repo, home=home)}
    assert fixed["agent install"].verdict == "ok", fixed["agent install"]


def test_doctor_reports_the_last_maintenance_run(
    memory: Memory, settings: Settings, env_for_cli: dict[str, str], tmp_path: Path
) -> None:
    before = {c.name: c for c in run_checks(settings, cwd=tmp_path, home=tmp_path / "home")}
    assert before["maintenance"].verdict == "warn" and before["maintenance"].seen == "never run"
    memory.maintain(job="ttl")
    result = CliRunner().invoke(app, ["doctor", "--json"], catch_exceptions=False)
    checks = {c["name"]: c for c in json.loads(result.stdout)}
    assert checks["maintenance"]["verdict"] == "ok", checks["maintenance"]
    assert checks["maintenance"]["seen"].startswith("last run 20"), checks["maintenance"]


def test_doctor_without_a_server_fails_once_and_skips_what_needs_it(
    env_for_cli: dict[str, str], tmp_path: Path
) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    result = CliRunner().invoke(
        app, ["doctor", "--json"], env={"HIPPOGRAPH_NEO4J_URI": f"bolt://127.0.0.1:{port}"}
    )
    assert result.exit_code == 1
    checks = {c["name"]: c for c in json.loads(result.stdout)}
    assert checks["server"]["verdict"] == "fail" and "hippo db start" in checks["server"]["fix"]
    assert checks["schema"]["verdict"] == checks["indexes"]["verdict"] == "skip"


def test_doctor_warns_when_every_hook_process_would_compile_the_package(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    modules = [package / "__init__.py", package / "sub" / "mod.py"]
    for module in modules:
        module.write_text("X = 1\n")
    (package / "demo" / "project").mkdir(parents=True)  # a sample project, not the package
    (package / "demo" / "project" / "app.py").write_text("Y = 2\n")

    missing = _bytecode(package, writes=False)
    assert missing.verdict == "warn" and missing.seen.startswith("2 of 2 modules"), missing
    assert missing.fix and "compileall" in missing.fix
    assert _bytecode(package, writes=True).verdict == "ok"

    for module in modules:
        py_compile.compile(str(module), doraise=True)
    assert _bytecode(package, writes=False) == Check(
        name="bytecode", verdict="ok", seen="2 modules compiled"
    )

    modules[1].write_text("X = 10\n")  # edited after compiling: the bytecode no longer matches
    stale = _bytecode(package, writes=False)
    assert stale.verdict == "warn" and stale.seen.startswith("1 of 2 modules"), stale
