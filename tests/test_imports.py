"""Module boundaries (STYLE §1, §3): only graph/ imports the driver; no model on the fast paths."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

from hippograph.config import Settings
from hippograph.graph.client import Graph

PACKAGE = Path(__file__).resolve().parent.parent / "hippograph"


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def test_only_graph_imports_the_neo4j_driver() -> None:
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        if PACKAGE / "graph" in path.parents:
            continue
        for name in _imports(path):
            if name == "neo4j" or name.startswith("neo4j."):
                offenders.append(f"{path.relative_to(PACKAGE.parent)} imports {name}")
    assert offenders == []


def test_no_cypher_in_python_strings() -> None:
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                text = node.value.lstrip().upper()
                assert not text.startswith(("MATCH (", "MERGE (", "CREATE (", "UNWIND $")), (
                    f"Cypher in {path}"
                )


def _run(code: str, env: dict[str, str] | None = None) -> str:
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOGRAPH_")}
    full_env.update(env or {})
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=full_env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1]


MODEL_ONLY = ("hippograph.units.encoder", "tokenizers", "safetensors")
MODEL = (*MODEL_ONLY, "numpy")


def test_importing_hippograph_does_not_load_the_model() -> None:
    code = f"import sys, hippograph; print(sorted(m for m in {MODEL!r} if m in sys.modules))"
    assert _run(code) == "[]"


def test_help_loads_no_model_no_driver_no_parser() -> None:
    # no model on `--help`, and a cold start stays fast: commands import what they run when they run
    # nor pydantic (its settings were a third of a cold `hippo --help`)
    heavy = (*MODEL, "neo4j", "tree_sitter", "tree_sitter_language_pack", "pydantic")
    code = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from hippograph.cli import app\n"
        "r = CliRunner().invoke(app, ['--help'])\n"
        "assert r.exit_code == 0, r.output\n"
        f"print(sorted(m for m in {heavy!r} if m in sys.modules))"
    )
    assert _run(code) == "[]"


def test_status_does_not_load_the_model(graph: Graph, settings: Settings) -> None:
    code = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from hippograph.cli import app\n"
        "r = CliRunner().invoke(app, ['status', '--json'])\n"
        "assert r.exit_code == 0, r.output\n"
        # numpy is not in the list: the Neo4j driver imports it when it is installed
        f"print(any(m in sys.modules for m in {MODEL_ONLY!r}))"
    )
    env = {
        "HIPPOGRAPH_NEO4J_URI": settings.bolt_uri,
        "HIPPOGRAPH_NEO4J_PASSWORD": settings.resolved_password() or "",
    }
    assert _run(code, env) == "False"
