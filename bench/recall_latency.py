"""Recall latency: warm p50/p95 of Memory.recall (keyword, hybrid) next to the bare index queries.

`python -m bench recall-latency --size 10000` (default 10,000 units; `--smoke`: 200).
Generates N units (seeded text, 384-dimensional embeddings, ABOUT edges to a few hundred
entities), writes them with batched UNWIND through hippograph.units.store (recording
:Change nodes as real writes do), warms the server up, then times ~200 realistic queries:
first the bare full-text query interleaved with keyword recall, then the query embedding, the
bare vector query and hybrid recall (keyword recall never runs next to the model in
hippograph, and the model's threads would slow it on a small machine). It also breaks each
recall down by step (every statement timed, the rest is Python), splits statement time into
server and client, PROFILEs db hits, and runs cProfile over a batch of recalls. Beside the N
units it keeps two small scopes (30 and 500 units: a small project in a big memory) and times
hybrid recall in each as it runs and with the semantic voice left to the vector index.

Bench options (after the common ones): --queries N (200), --warmup N (50),
--profile-queries N (40), --real-embeddings (embed every unit with the model: about five
minutes per 100k on two cores), --sentence-share F (0.7: the share of units that carry 3-8
sentence vectors, as a unit of that many sentences does: 71% of conv-26's turns have three
or more; seeded random like the unit vectors, since the generated statements are one or two
sentences), --reuse (keep the data when the database already holds this size, seed and
share), --out PATH (also write the result JSON there).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import statistics
import sys
import time
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bench import speedkit
from bench.common import bench_settings, write_result
from bench.textgen import TextGen
from hippograph.graph.client import Graph, Tx
from hippograph.memory import Memory
from hippograph.recall import engine, lucene
from hippograph.recall.intent import shape
from hippograph.schema import (
    Decision,
    Edge,
    Entity,
    Fact,
    Lifecycle,
    MemoryType,
    RelType,
    SourceKind,
    TruthStatus,
)
from hippograph.schema.base import MAX_SENTENCE_VECTORS
from hippograph.units import store
from hippograph.units.policy import key_of
from hippograph.units.read_gate import LOCAL_USER, open_gate

DEFAULT_SIZE = 10_000
SMOKE_SIZE = 200
NOW = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)  # the bench's clock: data spans the year before it
BATCH = 1000
ACTOR = "bench"
SENTENCE_SHARE = 0.7  # of units with sentence vectors (conv-26: 298 of 419 turns)
SCOPE = "workspace"  # where the generated units live
SMALL_VIEWS = (30, 500)  # units of the small scopes timed apart (a small project in a big memory)
SMOKE_SMALL_VIEWS = (5, 20)
WARM_SMALL = 5  # recalls per small scope and way before the timed ones
STEPS = ("recall_candidates", "embed", "nodes_with_changes_after", "find_open_task", "write_tx")


def _options(rest: list[str], smoke: bool) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench recall-latency")
    p.add_argument("--queries", type=int, default=20 if smoke else 200)
    p.add_argument("--warmup", type=int, default=5 if smoke else 50)
    p.add_argument("--profile-queries", type=int, default=5 if smoke else 40)
    p.add_argument("--real-embeddings", action="store_true")
    p.add_argument("--sentence-share", type=float, default=SENTENCE_SHARE)
    p.add_argument("--reuse", action="store_true")
    p.add_argument("--out", type=Path, default=None)
    return p.parse_args(rest)


# -- data -----------------------------------------------------------------------------


def _unit_id(rng: random.Random, prefix: str) -> str:
    return f"{prefix}_{rng.getrandbits(64):016x}"


def _sentence_vectors(
    rng: random.Random, seed: int, start: int, count: int, share: float
) -> list[list[float]]:
    """Per unit, flat sentence vectors: 3-8 seeded random ones for ``share`` of the units
    (units/sentences.py keeps them for texts of three or more sentences), else none."""
    counts = [
        rng.randint(3, MAX_SENTENCE_VECTORS) if rng.random() < share else 0 for _ in range(count)
    ]
    flat = speedkit.unit_vectors(seed + 17, start, sum(counts)) if sum(counts) else []
    out, at = [], 0
    for n in counts:
        out.append([x for v in flat[at : at + n] for x in v])
        at += n
    return out


def _load(
    graph: Graph, gen: TextGen, size: int, seed: int, embed: Any, share: float = 0.0
) -> dict[str, Any]:
    """Write entities, then units and their ABOUT edges in transactions of 1,000 units;
    ``share`` of the units with sentence vectors."""
    rng = random.Random(seed + 1)
    rng_sentences = random.Random(seed + 2)  # apart, so the units drawn are the same as before
    t0 = time.perf_counter()
    entities = {}
    for etype, name in gen.entities():
        entities[(etype, name)] = Entity(
            id=_unit_id(rng, "ent"),
            name=name,
            name_key=key_of(name),
            entity_type=etype,
            created_at=NOW - timedelta(days=400),
        )
    graph.write_tx(lambda tx: store.create_nodes(tx, list(entities.values()), actor=ACTOR, at=NOW))
    edges_total = 0
    for start in range(0, size, BATCH):
        count = min(BATCH, size - start)
        drafts = [gen.statement() for _ in range(count)]
        vectors = embed([d.text for d in drafts], start)
        sentences = _sentence_vectors(rng_sentences, seed, start, count, share)
        units, edges = [], []
        for draft, vector, parts in zip(drafts, vectors, sentences, strict=True):
            recorded = NOW - timedelta(seconds=rng.randint(0, 365 * 86400))
            truth = rng.choices(
                (TruthStatus.CONFIRMED, TruthStatus.CANDIDATE, TruthStatus.HYPOTHESIS), (70, 25, 5)
            )[0]
            used = rng.random() < 0.2
            fields: dict[str, Any] = {
                "text": draft.text,
                "source_ref": f"notes/{draft.entities[0][1] if draft.entities else 'misc'}.md#L"
                f"{rng.randint(1, 400)}",
                "source_kind": rng.choice((SourceKind.USER, SourceKind.AGENT, SourceKind.IMPORT)),
                "trust": round(rng.uniform(0.45, 0.95), 2),
                "confidence": round(rng.uniform(0.5, 0.95), 2),
                "truth_status": truth,
                "lifecycle": rng.choice((Lifecycle.WORKING, Lifecycle.CONSOLIDATED)),
                "recorded_at": recorded,
                "valid_from": recorded,
                "scope": SCOPE,
                "branch": "main",
                "memory_type": rng.choice(
                    (MemoryType.PROJECT_NOTE, MemoryType.PROJECT_NOTE, MemoryType.PROFILE)
                ),
                "usage_count": rng.randint(1, 20) if used else 0,
                "last_used_at": recorded
                + timedelta(seconds=rng.randint(0, int((NOW - recorded).total_seconds())))
                if used
                else None,
                "memory_score": round(rng.uniform(0.3, 0.8), 2),
                "embedding": vector,
                "sentence_embeddings": parts,
                "subject": key_of(draft.entities[0][1]) if draft.entities else None,
            }
            cls = Decision if draft.kind_hint == "decision" else Fact
            unit = cls(id=_unit_id(rng, "dec" if cls is Decision else "fact"), **fields)
            units.append(unit)
            if draft.entities and rng.random() < 0.6:
                for etype, name in draft.entities[:2]:
                    ent = entities.get((etype, name))
                    if ent is not None:
                        edges.append(
                            Edge(
                                id=_unit_id(rng, "rel"),
                                type=RelType.ABOUT,
                                source_id=unit.id,
                                target_id=ent.id,
                                created_at=recorded,
                            )
                        )

        def work(tx: Tx, units: list[Any] = units, edges: list[Edge] = edges) -> None:
            store.create_nodes(tx, units, actor=ACTOR, at=NOW)
            if edges:
                store.create_edges(tx, edges, actor=ACTOR, at=NOW)

        graph.write_tx(work)
        edges_total += len(edges)
        if size >= 20_000 and (start // BATCH) % 10 == 9:
            print(
                f"  loaded {start + count}/{size} units ({time.perf_counter() - t0:.0f} s)",
                file=sys.stderr,
            )
    seconds = time.perf_counter() - t0
    return {
        "load_s": round(seconds, 1),
        "load_units_per_s": round(size / seconds, 1),
        "entities": len(entities),
        "about_edges": edges_total,
    }


def _first_entity_id(seed: int) -> str:
    """The id _load gives the first entity: --reuse checks it is there."""
    return _unit_id(random.Random(seed + 1), "ent")


def _small_views(graph: Graph, sizes: tuple[int, ...], seed: int, embed: Any) -> None:
    """A scope per size beside the generated units, written once (--reuse keeps them: the count
    it checks is of SCOPE)."""
    for size in sizes:
        scope = f"small-{size}"
        counted, _ = speedkit.BareQuery(graph, "count_units").run(id="", scope=scope)
        if counted[0]["units"] == size:
            continue
        rng, gen = random.Random(seed + size), TextGen(seed + size)
        drafts = [gen.statement() for _ in range(size)]
        vectors = embed([d.text for d in drafts], 10_000_000 + size)
        units = [
            Fact(
                id=_unit_id(rng, "fact"),
                text=draft.text,
                source_ref=f"notes/{scope}.md#L{i + 1}",
                source_kind=SourceKind.USER,
                trust=0.9,
                confidence=0.9,
                truth_status=TruthStatus.CONFIRMED,
                lifecycle=Lifecycle.WORKING,
                recorded_at=NOW - timedelta(days=1),
                valid_from=NOW - timedelta(days=1),
                scope=scope,
                branch="main",
                memory_type=MemoryType.PROJECT_NOTE,
                embedding=vector,
                memory_score=0.5,
            )
            for i, (draft, vector) in enumerate(zip(drafts, vectors, strict=True))
        ]
        graph.write_tx(lambda tx, units=units: store.create_nodes(tx, units, actor=ACTOR, at=NOW))


def _time_small_views(memory: Memory, sizes: tuple[int, ...], queries: list[str]) -> dict[str, Any]:
    """Hybrid recall in each small scope, as recall runs now (a view of at most EXACT_VIEW units is
    compared unit by unit) and with EXACT_VIEW 0 (the vector index asked again for MAX_FETCH, as
    before), alternating: wall times, and how many of the k items the semantic voice found (not
    strict, so that k items come back whatever the seeded vectors mean)."""
    out: dict[str, Any] = {}
    exact = engine.EXACT_VIEW
    for size in sizes:
        walls: dict[str, list[float]] = {"exact": [], "index": []}
        found: dict[str, int] = {"exact": 0, "index": 0}
        for i, q in enumerate([*queries[:WARM_SMALL], *queries]):
            for name, value in (("exact", exact), ("index", 0)):
                engine.EXACT_VIEW = value
                try:
                    t0 = time.perf_counter()
                    result = memory.recall(
                        q, mode="hybrid", scope=f"small-{size}", record_usage=False, strict=False
                    )
                    ms = (time.perf_counter() - t0) * 1000
                finally:
                    engine.EXACT_VIEW = exact
                if i >= WARM_SMALL:  # the first few only warm up
                    walls[name].append(ms)
                    found[name] += sum(1 for it in result.items if "semantic" in it["voices"])
        out[f"scope_of_{size}_units"] = {
            name: {
                "hybrid_ms": speedkit.stats(walls[name]),
                "semantic_items_per_recall": round(found[name] / max(1, len(queries)), 2),
            }
            for name in walls
        }
    return out


# -- measuring -------------------------------------------------------------------------


def _steps(
    calls: list[tuple[str, float, dict[str, Any]]], timings: dict[str, float], wall: float
) -> dict[str, float]:
    out: dict[str, float] = defaultdict(float)
    for name, ms, _ in calls:
        out[name] += ms
    if "embed" in timings:
        out["embed"] = timings["embed"]
    out["python"] = max(0.0, wall - sum(out.values()))
    return dict(out)


def _breakdown(rows: list[dict[str, Any]]) -> dict[str, Any]:
    walls = [r["wall"] for r in rows]
    mean_wall = statistics.fmean(walls) if walls else 0.0
    out: dict[str, Any] = {}
    for step in (*STEPS, "python"):
        values = [r["steps"].get(step, 0.0) for r in rows]
        if not any(values):
            continue
        ran = [v for v in values if v]
        out[step] = {
            "p50_when_run": round(statistics.median(ran), 2),
            "mean": round(statistics.fmean(values), 2),
            "share_of_mean": round(statistics.fmean(values) / mean_wall, 3) if mean_wall else None,
            "runs": len(ran),
        }
    return dict(sorted(out.items(), key=lambda kv: -kv[1]["mean"]))


def _cprofile(memory: Memory, queries: list[str], mode: str) -> dict[str, Any]:
    prof = cProfile.Profile()
    prof.enable()
    for q in queries:
        memory.recall(q, mode=mode, record_usage=False)
    prof.disable()
    st = pstats.Stats(prof, stream=io.StringIO())
    n = max(1, len(queries))
    rows = []
    for (file, line, func), (_, ncalls, tottime, cumtime, _) in st.stats.items():  # type: ignore[attr-defined]
        short = (
            f"{Path(file).parent.name}/{Path(file).name}:{line}({func})" if file != "~" else func
        )
        rows.append(
            {
                "function": short,
                "calls_per_recall": round(ncalls / n, 1),
                "own_ms_per_recall": round(tottime * 1000 / n, 3),
                "cum_ms_per_recall": round(cumtime * 1000 / n, 3),
            }
        )
    top_own = sorted(rows, key=lambda r: -r["own_ms_per_recall"])[:15]
    ours = [r for r, (file, _, _) in zip(rows, st.stats, strict=True) if "/hippograph/" in file]  # type: ignore[attr-defined]
    cum = sorted(ours, key=lambda r: -r["cum_ms_per_recall"])[:20]
    return {"recalls": len(queries), "top_own_time": top_own, "key_cumulative": cum}


def _server_split(graph: Graph, samples: list[tuple[str, float, dict[str, Any]]]) -> dict[str, Any]:
    """Re-run captured statements raw: server time vs driver wall vs hippograph's Graph.read
    wall."""
    from hippograph.graph import queries
    from hippograph.graph.client import row_of

    per: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for name, read_ms, params in samples:
        text = queries.get(name.split(":")[-1]).text
        records, wall, server = speedkit.run_raw(graph, text, params)
        t0 = time.perf_counter()
        [row_of(r) for r in records]
        native = (time.perf_counter() - t0) * 1000
        d = per[name]
        d["graph_read_ms"].append(read_ms)
        d["driver_wall_ms"].append(wall)
        d["server_ms"].append(server)
        d["to_native_ms"].append(native)
        # recall_candidates returns its candidates in one record: count them, not records
        first = records[0].data() if len(records) == 1 else {}
        d["rows"].append(len(first["rows"]) if "rows" in first else len(records))
    return {
        name: {k: round(statistics.median(v), 2) for k, v in d.items()} for name, d in per.items()
    }


def _db_hits(graph: Graph, samples: list[tuple[str, float, dict[str, Any]]]) -> dict[str, Any]:
    from hippograph.graph import queries

    per: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for name, _, params in samples:
        per[name].append(
            speedkit.profile_db_hits(graph, queries.get(name.split(":")[-1]).text, params)
        )
    out = {}
    for name, runs in per.items():
        tops: dict[str, int] = defaultdict(int)
        for r in runs:
            tops[r["top_operator"]] += 1
        out[name] = {
            "db_hits_median": statistics.median(r["db_hits"] for r in runs),
            "db_hits_max": max(r["db_hits"] for r in runs),
            "top_operator": max(tops.items(), key=lambda kv: kv[1])[0],
            "profiled": len(runs),
        }
    return out


def run(args: argparse.Namespace, rest: list[str]) -> int:
    opts = _options(rest, args.smoke)
    size = SMOKE_SIZE if args.smoke else (args.size or DEFAULT_SIZE)
    small_views = SMOKE_SMALL_VIEWS if args.smoke else SMALL_VIEWS
    seed = args.seed
    settings = bench_settings()
    notes = ["timings are noisy: two cores shared with other work (see load_average)"]
    graph = Graph.connect(settings)
    open_gate(graph, LOCAL_USER)
    try:
        model = speedkit.real_embedder(settings)
        query_embedder: Any = model or speedkit.RandomEmbedder(seed)
        if model is None:
            notes.append(
                "embedding model not installed: query embeddings are seeded random vectors"
            )
        if opts.real_embeddings and model is not None:

            def embed(texts: list[str], start: int) -> list[list[float]]:
                return model.embed(texts)

            unit_embeddings = "all-MiniLM-L6-v2 (real)"
        else:

            def embed(texts: list[str], start: int) -> list[list[float]]:
                return speedkit.unit_vectors(seed, start, len(texts))

            unit_embeddings = (
                "seeded random unit vectors (fine for latency, meaningless for quality)"
            )
        notes.append(f"unit embeddings: {unit_embeddings}")

        reused = False
        if opts.reuse:
            counted, _ = speedkit.BareQuery(graph, "count_units").run(
                id=_first_entity_id(seed), scope=SCOPE
            )
            reused = (
                counted[0]["units"] == size
                and bool(counted[0]["has_id"])
                and abs(counted[0]["with_sentences"] - opts.sentence_share * size) <= 0.05 * size
            )
        gen = TextGen(seed)
        if reused:
            for _ in range(size):
                gen.statement()  # advance the generator exactly as a load would
            load: dict[str, Any] = {"reused": True}
            speedkit.connect(settings, clear=False).close()
        else:
            speedkit.connect(settings, clear=True).close()
            load = _load(graph, gen, size, seed, embed, share=opts.sentence_share)
        _small_views(graph, small_views, seed, embed)
        speedkit.settle(graph)
        degrees, _ = speedkit.BareQuery(graph, "entity_degrees").run(limit=5)
        load["top_entity_degrees"] = {r["name"]: r["degree"] for r in degrees}

        warm_queries = [gen.query()[0] for _ in range(opts.warmup)]
        measured = [gen.query() for _ in range(opts.queries)]
        profile_queries = [gen.query()[0] for _ in range(opts.profile_queries)]

        tgraph = speedkit.TimedGraph(graph)
        memory = Memory(tgraph, settings, embedder=query_embedder, clock=lambda: NOW)
        ft = speedkit.BareQuery(graph, "fulltext_floor")
        vec = speedkit.BareQuery(graph, "vector_floor")
        speedkit.same_index(ft, "recall_candidates")
        speedkit.same_index(vec, "recall_candidates")

        def lucene_of(q: str) -> str:
            return lucene.build(shape(q))[0]

        # Warm-up: plans compiled, pages cached, model warm, on queries not measured.
        for q in warm_queries:
            if lucene_of(q):
                ft.run(q=lucene_of(q), limit=50)
            vec.run(embedding=query_embedder.embed([q])[0], limit=50)
            memory.recall(q, mode="keyword", record_usage=False)
            memory.recall(q, mode="hybrid", record_usage=False)

        series: dict[str, list[float]] = defaultdict(list)
        rows: dict[str, list[dict[str, Any]]] = {"keyword": [], "hybrid": []}
        outcomes: dict[str, dict[str, int]] = {m: defaultdict(int) for m in rows}
        captured: list[tuple[str, float, dict[str, Any]]] = []

        def timed_recall(i: int, q: str, style: str, mode: str) -> None:
            tgraph.reset()
            t0 = time.perf_counter()
            result = memory.recall(q, mode=mode, record_usage=False)
            wall = (time.perf_counter() - t0) * 1000
            series[mode].append(wall)
            if mode == "hybrid":
                embed_ms = result.timings_ms.get("embed", 0.0)
                series["hybrid_embed"].append(embed_ms)
                series["hybrid_excl_embed"].append(wall - embed_ms)
            rows[mode].append(
                {
                    "wall": wall,
                    "steps": _steps(tgraph.calls, result.timings_ms, wall),
                    "style": style,
                }
            )
            o = outcomes[mode]
            o["silent" if result.silent else "abstain" if result.abstain else "answered"] += 1
            o["items"] += len(result.items)
            if i % 4 == 0:
                captured.extend(
                    (f"{mode}:{c[0]}", c[1], c[2]) for c in tgraph.calls if c[0] != "write_tx"
                )

        # Keyword recall and its floor in one pass, hybrid recall and its floors in the next:
        # keyword recall never runs next to the model in hippograph (the hook and `--mode keyword`
        # never load it), and the BLAS worker threads of an encode keep spinning for a while
        # after it, which on two cores would slow whatever Python runs right after it.
        for i, (q, style) in enumerate(measured):
            text = lucene_of(q)
            if text:
                _, ms = ft.run(q=text, limit=50)
                series["fulltext_floor"].append(ms)
            timed_recall(i, q, style, "keyword")
        for i, (q, style) in enumerate(measured):
            t0 = time.perf_counter()
            qvec = query_embedder.embed([q])[0]
            series["embed_outside"].append((time.perf_counter() - t0) * 1000)
            _, ms = vec.run(embedding=qvec, limit=50)
            series["vector_floor"].append(ms)
            timed_recall(i, q, style, "hybrid")

        by_style: dict[str, Any] = {}
        for mode in rows:
            groups: dict[str, list[float]] = defaultdict(list)
            for r in rows[mode]:
                groups[r["style"]].append(r["wall"])
            by_style[mode] = {s: speedkit.stats(v) for s, v in sorted(groups.items())}

        # a scope named outright: seen from every project (as `hippo --all-projects --scope`)
        everywhere = Memory(
            graph, settings, embedder=query_embedder, clock=lambda: NOW, all_projects=True
        )
        small = _time_small_views(
            everywhere, small_views, [q for q, _ in measured[: max(10, len(measured) // 2)]]
        )
        split = _server_split(graph, captured)
        hits = _db_hits(graph, captured[:100])
        prof = {
            "keyword": _cprofile(memory, profile_queries, "keyword"),
            "hybrid": _cprofile(memory, profile_queries, "hybrid"),
        }
    finally:
        graph.close()

    s = {name: speedkit.stats(v) for name, v in series.items()}
    ft50 = s["fulltext_floor"]["p50"]
    figures: dict[str, Any] = {
        "units": size,
        **load,
        "unit_embeddings": unit_embeddings,
        "sentence_share": opts.sentence_share,
        "query_embeddings": "all-MiniLM-L6-v2 (real)" if model is not None else "seeded random",
        "queries": len(measured),
        "warmup_queries": len(warm_queries),
        "k": 5,
        "record_usage": False,
        "fulltext_floor_ms": s["fulltext_floor"],
        "vector_floor_ms": s["vector_floor"],
        "keyword_ms": s["keyword"],
        "hybrid_ms": s["hybrid"],
        "hybrid_excl_embed_ms": s["hybrid_excl_embed"],
        "hybrid_embed_ms": s["hybrid_embed"],
        "embed_outside_recall_ms": s["embed_outside"],
        "keyword_over_fulltext_p50": speedkit.ratio(s["keyword"]["p50"], ft50),
        "hybrid_excl_embed_over_fulltext_p50": speedkit.ratio(s["hybrid_excl_embed"]["p50"], ft50),
        "targets": {
            "keyword_p50_within_2x_fulltext": (s["keyword"]["p50"] <= 2 * ft50) if ft50 else None,
            "hybrid_p50_le_60ms_including_embed": s["hybrid"]["p50"] <= 60.0,
            "hybrid_p50_le_60ms_excluding_embed": s["hybrid_excl_embed"]["p50"] <= 60.0,
        },
        "by_query_style_ms": by_style,
        "small_views": small,
        "outcomes": {m: dict(o) for m, o in outcomes.items()},
        "breakdown": {mode: _breakdown(r) for mode, r in rows.items()},
        "statement_server_vs_client": split,
        "db_hits": hits,
        "cprofile": prof,
        "load_average": speedkit.cpu_load(),
        "notes": notes,
    }
    params = {
        "size": size,
        "seed": seed,
        "smoke": args.smoke,
        **{k: (str(v) if isinstance(v, Path) else v) for k, v in vars(opts).items()},
    }
    path = write_result("recall-latency", params, figures, copy_to=opts.out)
    print(
        f"recall-latency: size={size} keyword p50 {s['keyword']['p50']} ms p95 "
        f"{s['keyword']['p95']} ms ({figures['keyword_over_fulltext_p50']}x bare full-text p50 "
        f"{ft50} ms); hybrid p50 {s['hybrid']['p50']} ms p95 {s['hybrid']['p95']} ms, excl. embed "
        f"{s['hybrid_excl_embed']['p50']} ms (embed {s['hybrid_embed']['p50']} ms, bare vector "
        f"{s['vector_floor']['p50']} ms) | {path.relative_to(path.parents[2])}"
    )
    return 0
