"""The package's folders are its layers (docs/architecture.md): no import points upwards.

Every ``import`` and ``from … import`` of every module counts, wherever it stands: at the
top, inside a function (a lazy import is still a dependency) or under ``TYPE_CHECKING``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "hippograph"

# Lowest first. A package may import its own modules, anything in a lower layer, and nothing
# at its own level or above. ``errors`` and ``schema`` are the floor everything stands on.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors", "version", "locks"),
    ("schema",),
    ("config",),
    ("graph", "repo"),
    ("units",),
    ("recall", "code"),
    ("kinds",),
    ("guard", "ingest"),
    ("ops", "neo4j_local"),
    ("memory",),
    ("mcp", "hooks"),
    ("doctor",),
    ("cli",),
    ("entry", "demo", "__init__"),
)
RANK = {name: rank for rank, names in enumerate(LAYERS) for name in names}


def _top(module: str) -> str:
    """The first-level part of ``hippograph.<part>…`` (``__init__`` for the package itself)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _module_of(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _targets(path: Path) -> list[tuple[int, str]]:
    """(line, module) for every hippograph module this file imports, relative imports resolved."""
    module = _module_of(path)
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.startswith("hippograph")]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            if target != "hippograph" and not target.startswith("hippograph."):
                continue
            if target == "hippograph":
                # `from hippograph import x`: x is a module of the package, or a name of its API
                for alias in node.names:
                    sub = PACKAGE / alias.name
                    is_module = sub.is_dir() or sub.with_suffix(".py").is_file()
                    found.append((node.lineno, f"hippograph.{alias.name}" if is_module else target))
            else:
                found.append((node.lineno, target))
    return found


def _modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "demo/project" not in p.as_posix())


def test_every_package_has_a_layer() -> None:
    missing = sorted({_top(_module_of(p)) for p in _modules()} - set(RANK))
    assert missing == [], f"add {missing} to LAYERS here and to docs/architecture.md"


def test_no_import_points_up_or_sideways() -> None:
    offenders = []
    for path in _modules():
        own = _top(_module_of(path))
        for line, target in _targets(path):
            other = _top(target)
            if other == own:
                continue
            if RANK[other] >= RANK[own]:
                where = f"{path.relative_to(PACKAGE.parent)}:{line}"
                offenders.append(
                    f"{where} ({own}, layer {RANK[own]}) imports {target} ({RANK[other]})"
                )
    assert offenders == []


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from hippograph.recall import gate\n", ["hippograph.recall"]),
        ("from hippograph import isotime\n", ["hippograph.__init__"]),
        ("from . import gate\n", ["hippograph.units"]),
        ("from ..graph import client\n", ["hippograph.graph"]),
        ("def f():\n    import hippograph.cli.app\n", ["hippograph.cli.app"]),
    ],
)
def test_the_check_sees_every_form_of_import(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, source: str, expected: list[str]
) -> None:
    # a module at hippograph/units/probe.py, so relative imports have something to resolve against
    root = tmp_path / "hippograph"
    (root / "units").mkdir(parents=True)
    probe = root / "units" / "probe.py"
    probe.write_text(source, encoding="utf-8")
    monkeypatch.setattr(f"{__name__}.PACKAGE", root)
    got = [t if t != "hippograph" else "hippograph.__init__" for _, t in _targets(probe)]
    assert got == expected


def test_no_module_is_longer_than_800_lines() -> None:
    # STYLE §3: aim for 300, review above 500, never above 800 (split by concept)
    long = {
        str(p.relative_to(PACKAGE)): n
        for p in PACKAGE.rglob("*.py")
        if "demo/project" not in p.as_posix()
        and (n := len(p.read_text(encoding="utf-8").splitlines())) > 800
    }
    assert long == {}
