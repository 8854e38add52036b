"""Code identity on real history: is memory attached to a symbol still reachable after a commit
that moved or renamed its file?

`python -m bench code-history [--repo PATH] [--pypi NAME] [--commits N]`. The history is either
a git repository's own first-parent history (`--repo`, default this repository; the last
`--commits` commits, 200 by default) or consecutive releases of a PyPI package (`--pypi NAME`,
its sdists downloaded with pip into bench/data/sdists/ and committed one release per commit
into a temporary repository: `--releases N`, the last 8 by default). For every consecutive
pair of commits (A, B) where git's own rename detection (`git diff -M`) reports a renamed
source file:

1. a fresh database; a clone checked out at A and indexed (`Memory.index`);
2. a decision attached to each top-level class and function of each renamed file at A, the way
   a user does it: `governs=["old/path.py:Name"]`;
3. the clone checked out at B and indexed again;
4. for each such symbol whose name is still defined once in the renamed file at B (the ground
   truth, from the parser, not from hippograph's matching), pre-edit at `new/path.py:Name`: is
   its decision there (reachable), and are other symbols' decisions there (wrong attachments).

Reported: reachable / expected overall and per commit, wrong attachments, index time per
commit (full at A, incremental at B). Target (reported, not asserted): >= 95% reachable, 0
wrong. `--smoke` builds a three-commit repository in a temporary folder instead.
"""

from __future__ import annotations

import argparse
import itertools
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bench import speedkit
from bench.common import ROOT, bench_settings, empty_database, write_result
from hippograph.code import moves
from hippograph.code.parser import parse_source
from hippograph.code.walk import candidates
from hippograph.graph.client import Graph
from hippograph.memory import Memory

SDISTS = ROOT / "bench" / "data" / "sdists"
GIT_ID = ["-c", "user.name=bench", "-c", "user.email=bench@hippograph.invalid"]


def _options(rest: list[str], smoke: bool) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench code-history")
    p.add_argument("--repo", type=Path, default=None, help="a git repository (default: this one)")
    p.add_argument("--pypi", default=None, help="replay releases of this PyPI package instead")
    p.add_argument("--releases", type=int, default=8)
    p.add_argument("--commits", type=int, default=200, help="how far back in --repo's history")
    p.add_argument("--max-pairs", type=int, default=3 if smoke else 12)
    p.add_argument("--out", type=Path, default=None)
    return p.parse_args(rest)


def _git(repo: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", *GIT_ID, *args], cwd=repo, capture_output=True, text=True, check=True
    )
    return done.stdout


def _renamed(repo: Path, a: str, b: str) -> list[tuple[str, str]]:
    """(old path, new path) of source files git sees renamed between a and b."""
    out = _git(repo, "diff", "-M", "--name-status", "--diff-filter=R", a, b)
    pairs = []
    for line in out.splitlines():
        parts = line.split("\t")
        if len(parts) == 3 and parts[1].endswith((".py", ".go", ".ts", ".js", ".rs", ".java")):
            pairs.append((parts[1], parts[2]))
    return pairs


def _top_level(root: Path, rel: str) -> Counter[str]:
    """Names of top-level classes and functions in a file (how many times each)."""
    path = root / rel
    lang = next((c.language for c in candidates(path, root) if c.language), None)
    if lang is None:
        return Counter()
    parsed = parse_source(path.read_bytes(), rel, lang)
    rows = [
        {"qualified_name": s.qualified_name, "name": s.name, "parent": s.parent, "file_path": rel}
        for s in parsed.symbols
    ]
    module = moves.modules_of(rows).get(rel, "")
    return Counter(
        s.name
        for s in parsed.symbols
        if s.kind != "module" and s.qualified_name == (f"{module}.{s.name}" if module else s.name)
    )


def _history_from_pypi(name: str, releases: int, work: Path) -> Path:
    """A git repository with one commit per release of ``name`` (sdists via pip, cached)."""
    target = SDISTS / name
    target.mkdir(parents=True, exist_ok=True)
    listing = subprocess.run(
        [sys.executable, "-m", "pip", "index", "versions", name],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    line = next(x for x in listing.splitlines() if x.startswith("Available versions:"))
    versions = [v.strip() for v in line.split(":", 1)[1].split(",")][:releases]
    repo = work / "history"
    repo.mkdir()
    _git(repo, "init", "-q", "-b", "main")
    for version in reversed(versions):
        found = sorted(target.glob(f"*{version}.tar.gz"))
        if not found:
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "pip",
                    "download",
                    "-q",
                    "--no-deps",
                    "--no-binary",
                    ":all:",
                    "-d",
                    str(target),
                    f"{name}=={version}",
                ],
                check=True,
                capture_output=True,
            )
            found = sorted(target.glob(f"*{version}.tar.gz"))
        for old in repo.iterdir():
            if old.name != ".git":
                subprocess.run(["rm", "-rf", str(old)], check=True)
        with tarfile.open(found[-1]) as tar:
            top = tar.getnames()[0].split("/")[0]
            tar.extractall(work / "x", filter="data")
        subprocess.run(["cp", "-r", f"{work / 'x' / top}/.", str(repo)], check=True)
        subprocess.run(["rm", "-rf", str(work / "x")], check=True)
        _git(repo, "add", "-A")
        _git(repo, "commit", "-qm", f"{name} {version}", "--allow-empty")
    return repo


def _smoke_history(work: Path) -> Path:
    repo = work / "history"
    (repo / "pkg" / "_impl").mkdir(parents=True)
    _git(repo, "init", "-q", "-b", "main")
    (repo / "pkg" / "_impl" / "streams.py").write_text(
        "class Stream:\n    def read(self, n):\n        return self.buf[:n]\n\n\n"
        "def open_stream(path):\n    return Stream()\n"
    )
    (repo / "pkg" / "models.py").write_text(
        "class URL:\n    def __init__(self, raw):\n        self.raw = raw\n        self.ok = True\n"
    )
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "one")
    _git(repo, "mv", "pkg/_impl", "pkg/impl")
    _git(repo, "commit", "-qm", "two")
    _git(repo, "mv", "pkg/models.py", "pkg/_models.py")
    path = repo / "pkg" / "_models.py"
    path.write_text(path.read_text().replace("self.ok = True", "self.ok = bool(raw)"))
    _git(repo, "commit", "-qam", "three")
    return repo


def _replay(
    graph: Graph, settings: Any, source: Path, a: str, b: str, work: Path
) -> dict[str, Any]:
    renamed = _renamed(source, a, b)
    clone = work / f"clone-{a[:8]}"
    subprocess.run(["git", "clone", "-q", str(source), str(clone)], check=True)
    _git(clone, "checkout", "-q", "-f", a)
    empty_database(graph)
    memory = Memory(graph, settings, cwd=clone)
    t0 = time.perf_counter()
    memory.index(clone)
    full_s = time.perf_counter() - t0
    attached: dict[tuple[str, str], str] = {}
    for old, _new in renamed:
        for name, count in _top_level(clone, old).items():
            if count == 1:
                unit = memory.decide(f"Keep {old}:{name} as it is", governs=[f"{old}:{name}"])
                attached[(old, name)] = unit.id
    _git(clone, "checkout", "-q", "-f", b)
    t0 = time.perf_counter()
    memory.index(clone)
    incremental_s = time.perf_counter() - t0
    expected = reachable = wrong = 0
    misses = []
    every = set(attached.values())
    for old, new in renamed:
        at_b = _top_level(clone, new)
        for (path, name), unit_id in attached.items():
            if path != old or at_b.get(name) != 1:
                continue
            expected += 1
            shown = {d["id"] for d in memory.pre_edit(f"{clone / new}:{name}").decisions}
            if unit_id in shown:
                reachable += 1
            else:
                misses.append(f"{old}:{name} -> {new}")
            wrong += len(shown & (every - {unit_id}))  # another symbol's decision shown here
    subprocess.run(["rm", "-rf", str(clone)], check=True)
    return {
        "from": a[:10],
        "to": b[:10],
        "renamed_files": len(renamed),
        "attached": len(attached),
        "expected": expected,
        "reachable": reachable,
        "wrong": wrong,
        "misses": misses[:10],
        "full_index_s": round(full_s, 2),
        "incremental_index_s": round(incremental_s, 2),
    }


def run(args: argparse.Namespace, rest: list[str]) -> int:
    opts = _options(rest, args.smoke)
    settings = bench_settings()
    graph = speedkit.connect(settings)
    try:
        with tempfile.TemporaryDirectory(prefix="hippo-code-history-") as folder:
            work = Path(folder)
            if args.smoke:
                source, label = _smoke_history(work), "smoke"
                commits = _git(source, "rev-list", "--reverse", "HEAD").split()
            elif opts.pypi:
                source = _history_from_pypi(opts.pypi, opts.releases, work)
                label = f"pypi:{opts.pypi}"
                commits = _git(source, "rev-list", "--reverse", "HEAD").split()
            else:
                source = (opts.repo or ROOT).resolve()
                label = str(source)
                commits = _git(
                    source, "rev-list", "--first-parent", "--reverse", f"-{opts.commits}", "HEAD"
                ).split()
            pairs = [(a, b) for a, b in itertools.pairwise(commits) if _renamed(source, a, b)]
            runs = [
                _replay(graph, settings, source, a, b, work) for a, b in pairs[-opts.max_pairs :]
            ]
    finally:
        graph.close()
    expected = sum(r["expected"] for r in runs)
    reachable = sum(r["reachable"] for r in runs)
    wrong = sum(r["wrong"] for r in runs)
    figures = {
        "history": label,
        "commit_pairs_with_renames": len(pairs),
        "replayed": len(runs),
        "expected": expected,
        "reachable": reachable,
        "reachable_share": round(reachable / expected, 3) if expected else None,
        "wrong_attachments": wrong,
        "runs": runs,
        "targets": {
            "reachable_95": bool(expected) and reachable / expected >= 0.95,
            "no_wrong": wrong == 0,
        },
        "load_average": speedkit.cpu_load(),
    }
    params = {"smoke": args.smoke, "seed": args.seed, **{k: str(v) for k, v in vars(opts).items()}}
    path = write_result("code-history", params, figures, copy_to=opts.out)
    share = figures["reachable_share"]
    print(
        f"code-history: {label}: {reachable}/{expected} reachable ({share}), {wrong} wrong, "
        f"{len(runs)} commit pairs replayed -> {path}"
    )
    return 0
