"""Code indexing on real code nobody here wrote: full index, no-op re-index, one touched file,
vs bare parsing.

`python -m bench code-index` indexes the installed `neo4j` driver package; `--size 2` (or
`--large`) also indexes `pip`, `numpy`, `setuptools` and `mypy` from the same environment
(about 1,500 Python files in all: the "1,000 indexed files" case). The packages are copied from
site-packages into a temporary git repository (`bench-code/`, so the project name is stable and
its .gitignore applies) and indexed through Memory.index. In one run:

1. bare parsing of the same files: tree-sitter alone (Parser.parse), then
   hippograph.code.parser.parse_source (tree-sitter plus our walk: symbols, calls,
   hashes), bytes already in memory, no database: the baseline;
   and, apart, the MinHash sketches the indexer computes for every symbol body (identity.sketch);
2. the full index (walk, read, parse, write): time, files/s, symbols/s, its ratio to (1), and
   its split into database write transactions, database reads and the rest (Python);
3. re-index with nothing changed: time, and the :Change count before and after (must not move);
4. one function appended to one file, three times (one with --smoke): the median time, symbols
   created and changes written.

`--smoke` copies a dozen files of `neo4j` only. Bench options: --large, --out PATH.
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bench import speedkit
from bench.common import bench_settings, write_result
from hippograph.code import identity
from hippograph.code.parser import parse_source
from hippograph.code.walk import candidates
from hippograph.graph.client import Graph
from hippograph.memory import Memory

SITE = (
    Path(sys.prefix)
    / "lib"
    / f"python{sys.version_info.major}.{sys.version_info.minor}"
    / "site-packages"
)
PACKAGES = ("neo4j", "pip", "numpy", "setuptools", "mypy")
SMOKE_FILES = 12
REPO_NAME = "bench-code"
GITIGNORE = "__pycache__/\n*.pyc\n*.so\n"
APPENDED = (
    '\n\ndef hippograph_bench_added(value):\n    """Appended by the code-index bench."""\n'
    "    return value + 1\n"
)


def _options(rest: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench code-index")
    p.add_argument(
        "--large", action="store_true", help="also index pip, numpy, setuptools and mypy"
    )
    p.add_argument("--out", type=Path, default=None)
    return p.parse_args(rest)


def _copy(package: str, repo: Path, limit: int | None) -> int:
    """Copy site-packages/<package> into the repository (all of it, or its first ``limit`` .py
    files)."""
    src = SITE / package
    if not src.is_dir():
        raise SystemExit(
            f"{src} is not installed in this environment; install it or drop --size/--large."
        )
    if limit is None:
        shutil.copytree(src, repo / package, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        return sum(1 for _ in (repo / package).rglob("*") if _.is_file())
    files = sorted(src.rglob("*.py"))[:limit]
    for f in files:
        dest = repo / package / f.relative_to(src)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(f, dest)
    return len(files)


def _git_init(repo: Path) -> None:
    (repo / ".gitignore").write_text(GITIGNORE, encoding="utf-8")
    subprocess.run(["git", "init", "-q", "-b", "main", str(repo)], check=True, capture_output=True)


def _change_count(graph: Graph) -> int:
    return next((int(r["count"]) for r in graph.read("count_labels") if r["label"] == "Change"), 0)


def _sources(repo: Path) -> list[tuple[str, str, bytes]]:
    """(repository path, language, bytes) of every file the indexer would parse."""
    out = []
    for cand in candidates(repo, repo.resolve()):
        if cand.skip or cand.language is None:
            continue
        data = cand.path.read_bytes()
        if b"\0" not in data[:8192]:
            out.append((cand.rel, cand.language, data))
    return out


def _parse_baseline(sources: list[tuple[str, str, bytes]]) -> dict[str, Any]:
    """Seconds for tree-sitter alone and for parse_source over the same bytes (grammars loaded
    first)."""
    from tree_sitter import Parser
    from tree_sitter_language_pack import get_language

    parsers = {lang: Parser(get_language(lang)) for lang in {s[1] for s in sources}}  # type: ignore[arg-type]
    for rel, lang, data in sources[:3]:
        parse_source(data, rel, lang)  # warm: grammars and rule tables loaded
    t0 = time.perf_counter()
    for _, lang, data in sources:
        parsers[lang].parse(data)
    ts_only = time.perf_counter() - t0
    t0 = time.perf_counter()
    parsed = [parse_source(data, rel, lang) for rel, lang, data in sources]
    full = time.perf_counter() - t0
    bodies = []
    for (_, _, data), p in zip(sources, parsed, strict=True):
        lines = data.decode("utf-8", errors="replace").splitlines()
        bodies += [("\n".join(lines[s.start_line - 1 : s.end_line]), s.name) for s in p.symbols]
    t0 = time.perf_counter()
    for body, name in bodies:
        identity.sketch(body, name)
    sketch_s = time.perf_counter() - t0
    return {
        "treesitter_only_s": round(ts_only, 3),
        "parse_source_s": round(full, 3),
        "parse_symbols": len(bodies),
        "parse_files_per_s": round(len(sources) / full, 1) if full else None,
        "sketch_s": round(sketch_s, 3),
    }


def _index(
    memory: Memory, timed: speedkit.TimedGraph, repo: Path
) -> tuple[Any, float, dict[str, float]]:
    """The index report, its wall seconds, and seconds spent in database reads and write
    transactions."""
    timed.reset()
    t0 = time.perf_counter()
    report = memory.index(repo)
    wall = time.perf_counter() - t0
    db = {
        "write_tx_s": sum(ms for name, ms, _ in timed.calls if name == "write_tx") / 1000,
        "reads_s": sum(ms for name, ms, _ in timed.calls if name != "write_tx") / 1000,
    }
    db["python_s"] = wall - db["write_tx_s"] - db["reads_s"]
    return report, wall, {k: round(v, 3) for k, v in db.items()}


def run(args: argparse.Namespace, rest: list[str]) -> int:
    opts = _options(rest)
    large = opts.large or (args.size or 1) >= 2
    packages = PACKAGES if large and not args.smoke else PACKAGES[:1]
    settings = bench_settings()
    with tempfile.TemporaryDirectory(prefix="hippograph-bench-") as tmp:
        repo = Path(tmp) / REPO_NAME
        repo.mkdir()
        copied = {p: _copy(p, repo, SMOKE_FILES if args.smoke else None) for p in packages}
        _git_init(repo)
        sources = _sources(repo)
        by_package = Counter(rel.split("/", 1)[0] for rel, _, _ in sources)
        baseline = _parse_baseline(sources)
        graph = speedkit.connect(settings, clear=True)
        try:
            timed = speedkit.TimedGraph(graph)
            memory = Memory(timed, settings, cwd=repo)
            full, full_s, full_split = _index(memory, timed, repo)
            changes_after_full = _change_count(graph)
            again, again_s, again_split = _index(memory, timed, repo)
            changes_after_again = _change_count(graph)
            rng = random.Random(args.seed)
            touched = rng.choice(
                sorted(rel for rel, lang, data in sources if lang == "python" and len(data) > 2000)
                or [sources[0][0]]
            )
            # three touches (each appends another function), the median reported: the first
            # right after a full index also meets the server still settling from it
            touches = []
            for n in range(1 if args.smoke else 3):
                with (repo / touched).open("a", encoding="utf-8") as fh:
                    fh.write(APPENDED.replace("hippograph_bench_added", f"hippograph_bench_{n}"))
                changes_before_one = _change_count(graph)
                one, one_s, one_split = _index(memory, timed, repo)
                touches.append((one_s, one, one_split, _change_count(graph) - changes_before_one))
            one_s, one, one_split, one_changes = sorted(touches, key=lambda t: t[0])[
                len(touches) // 2
            ]
        finally:
            graph.close()

    files = full.files_indexed
    parse_s = baseline["parse_source_s"]
    figures: dict[str, Any] = {
        "packages": list(packages),
        "copied_files": copied,
        "parsed_files_by_package": dict(by_package),
        "files_seen": full.files_seen,
        "files_indexed": files,
        "files_skipped": len(full.skipped),
        "skipped_sample": full.skipped[:5],
        "files_with_syntax_errors": len(full.syntax_errors),
        "languages": full.languages,
        "symbols": full.symbols_created,
        "calls_linked": full.calls_linked,
        "imports_linked": full.imports_linked,
        "same_signature_duplicates": sum(d["count"] - 1 for d in full.duplicates),
        "full_index_s": round(full_s, 2),
        "full_index_files_per_s": round(files / full_s, 1),
        "full_index_symbols_per_s": round(full.symbols_created / full_s, 1),
        "changes_written_full": changes_after_full,
        "full_index_split_s": full_split,
        **baseline,
        "index_over_parse_source": speedkit.ratio(full_s, parse_s),
        "index_over_treesitter_only": speedkit.ratio(full_s, baseline["treesitter_only_s"]),
        "reindex_unchanged_s": round(again_s, 2),
        "reindex_unchanged_files_indexed": again.files_indexed,
        "reindex_unchanged_changes_written": changes_after_again - changes_after_full,
        "reindex_unchanged_over_parse_source": speedkit.ratio(again_s, parse_s),
        "reindex_unchanged_split_s": again_split,
        "touched_file": touched,
        "touch_one_s": round(one_s, 2),  # the median of the touches
        "touch_one_files_indexed": one.files_indexed,
        "touch_one_symbols_created": one.symbols_created,
        "touch_one_symbols_updated": one.symbols_updated,
        "touch_one_symbols_retired": one.symbols_retired,
        "touch_one_changes_written": one_changes,
        "touch_one_runs_s": [round(t[0], 3) for t in touches],
        "touch_one_split_s": one_split,
        "targets": {
            "reindex_unchanged_writes_nothing": changes_after_again == changes_after_full
            and again.files_indexed == 0,
            "touch_one_indexes_one_file": one.files_indexed == 1,
        },
        "load_average": speedkit.cpu_load(),
        "notes": [
            "timings are noisy: two cores shared with other work (see load_average)",
            "parse baselines run on bytes already in memory, after the grammars are loaded",
        ],
    }
    params = {
        "size": 2 if large else 1,
        "seed": args.seed,
        "smoke": args.smoke,
        "large": opts.large,
        "out": str(opts.out) if opts.out else None,
    }
    path = write_result("code-index", params, figures, copy_to=opts.out)
    print(
        f"code-index: {'+'.join(packages)} files={files} symbols={full.symbols_created} index "
        f"{figures['full_index_s']} s ({figures['full_index_files_per_s']} files/s, "
        f"{figures['index_over_parse_source']}x parse_source {parse_s} s, tree-sitter alone "
        f"{baseline['treesitter_only_s']} s); unchanged re-index {figures['reindex_unchanged_s']} "
        f"s writing {figures['reindex_unchanged_changes_written']} changes; one touched file "
        f"{figures['touch_one_s']} s | {path.relative_to(path.parents[2])}"
    )
    return 0
