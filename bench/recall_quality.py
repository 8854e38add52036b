"""`python -m bench recall-quality`: turn-level evidence recall@k on LoCoMo,
hybrid vs keyword vs semantic.

Each LoCoMo conversation is converted to the generic JSONL transcript format and imported
through ``Memory.import_transcript`` (real embedding model), one scope per conversation. Every
QA item's question is then recalled in the three modes side by side, with the gate off
(``strict=False``: this measures retrieval depth, not the gate), k=20, episodes only, in the
conversation's scope, without recording usage (--record-usage records it, as `hippo recall`
does by default: then each recall may change what the next one reads). A question scores the
share of its evidence turns found in the top k (recall@k) and whether any is there (hit@k), per
category and overall. Each question's row keeps, per mode, the rank of each evidence turn, the
top five, and every returned turn with its score (``items``): a study that re-ranks them
offline needs no second run.

Two plain retrievers rank the same turns in the same run (``bench/baselines.py``): BM25 over
each turn's "speaker: text" and the cosine of the same model's embedding of that text (what
the import embeds). Questions are split in two halves by their position among the
conversation's questions with evidence: even positions are the half recall is tuned on
("tune"), odd ones are reported apart ("held-out"). Every figure is given for both halves and
for all questions.

--size N imports the first N sessions of each conversation (default: all) and keeps the
questions whose evidence lies in them; --smoke is --size 2. --seed picks the sample of misses
kept in the result for reading. Options after the name: --data PATH (default
../shared/data/locomo-dev.json), --k K (default 20), --held-out (then each
bench/data/conv-heldout-*.json too, one result file each, and a pooled result), --record-usage,
--pool FILE... (no run: pool the given result files).

Pooled (`recall-quality-pooled`): every question with evidence of the conversations no rule
was chosen on (every held-out conversation but those in ``TUNING``), as one set, per mode and
per category, with the issue's targets checked against it: recall@10 >= .75, recall@5 >= .65,
recall@1 above plain BM25's, multi-hop recall@10 >= .50, semantic mode at least plain cosine
at every k. This is how the issue measured recall (nine conversations as one set); a
conversation's own figures stay in its own result.

The held-out conversations are in LoCoMo's format, written by helpers that saw only the format
of the first turns and questions of conv-26 and none of the code (BENCHMARKS.md says which
one was used to choose which rule): other people, other lives, the same five categories. They
stand in for the LoCoMo conversations this repository does not have. H and I (stop 38) are
longer (20 sessions, about 455 turns, photos shared as in LoCoMo) and were first measured on
code that no rule had been chosen for them.

The data set is CC BY-NC 4.0: evaluation only, never shipped.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import tempfile
import time
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path
from statistics import mean
from typing import Any, NamedTuple

from bench.baselines import BM25, cosine_ranking
from bench.common import (
    ROOT,
    Timer,
    bench_settings,
    commit,
    empty_database,
    percentile,
    write_result,
)
from bench.pooling import Refused, Run, read_runs
from hippograph.memory import Memory
from hippograph.recall.engine import RecallResult
from hippograph.schema.base import seed_ids
from hippograph.units.embedder import default_embedder

DEFAULT_DATA = ROOT.parent / "shared" / "data" / "locomo-dev.json"
HELD_OUT = sorted((ROOT / "bench" / "data").glob("conv-heldout-*.json"))
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
MODES = ("hybrid", "keyword", "semantic")
BASELINES = ("bm25", "cosine")
HALVES = ("tune", "held-out")
KS = (1, 5, 10, 20)
SMOKE_SESSIONS = 2
MISS_SAMPLE = 25
# Held-out conversations that rules were chosen on (BENCHMARKS.md: B beside conv-26's tuning
# half): left out of the pooled figures.
TUNING = frozenset({"conv-heldout-B.json"})
# What runs must share to be pooled as one set.
ALIKE = ("sessions", "k", "smoke", "strict", "kinds", "modes")
_SESSION_KEY = re.compile(r"^session_(\d+)$")
_DIA_ID = re.compile(r"D\d+:\d+")


def _options(rest: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench recall-quality")
    parser.add_argument(
        "--data", type=Path, default=DEFAULT_DATA, help="LoCoMo JSON (a list of samples)"
    )
    parser.add_argument(
        "--k", type=int, default=max(KS), help="results per recall (at least 20 for recall@20)"
    )
    parser.add_argument(
        "--held-out",
        action="store_true",
        help="also run each bench/data/conv-heldout-*.json, after --data",
    )
    parser.add_argument(
        "--pool",
        type=Path,
        nargs="+",
        metavar="FILE",
        help="run nothing: pool these recall-quality result files (the held-out conversations "
        "no rule was chosen on) and check the targets",
    )
    parser.add_argument(
        "--record-usage",
        action="store_true",
        help="record usage and co-occurrence after each recall, as `hippo recall` does by default "
        "(each question's results then become part of the graph the next ones read)",
    )
    return parser.parse_args(rest)


def session_time(text: str) -> datetime:
    """A LoCoMo session date ("1:56 pm on 8 May, 2023") as an aware UTC datetime."""
    return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)


def evidence_ids(raw: list[str]) -> list[str]:
    """The evidence turn ids of a QA item, with malformed strings ("D8:6; D9:17") split."""
    found: list[str] = []
    for item in raw:
        found.extend(_DIA_ID.findall(str(item)))
    return list(dict.fromkeys(found))


def to_transcript(
    conversation: dict[str, Any], path: Path, max_sessions: int | None
) -> dict[tuple[str, int], str]:
    """Write one conversation as generic JSONL; return (session, turn) -> dia_id."""
    numbers = sorted(int(m.group(1)) for key in conversation if (m := _SESSION_KEY.match(key)))
    if max_sessions is not None:
        numbers = numbers[:max_sessions]
    dia: dict[tuple[str, int], str] = {}
    with path.open("w", encoding="utf-8") as out:
        for n in numbers:
            session = f"session_{n}"
            when = session_time(conversation[f"{session}_date_time"]).isoformat()
            for turn, item in enumerate(conversation[session], start=1):
                text = item["text"]
                if item.get("blip_caption"):
                    text = f"{text} [shares image: {item['blip_caption']}]"
                line = {
                    "session": session,
                    "turn": turn,
                    "speaker": item["speaker"],
                    "text": text,
                    "time": when,
                }
                out.write(json.dumps(line, ensure_ascii=False) + "\n")
                dia[(session, turn)] = item["dia_id"]
    return dia


class Imported(NamedTuple):
    """One conversation as imported: (session, turn) -> dia_id in transcript order, episode id
    -> dia_id, and the seconds the import took."""

    dia: dict[tuple[str, int], str]
    by_id: dict[str, str]
    seconds: float


def import_conversation(
    memory: Memory,
    conversation: dict[str, Any],
    scope: str,
    path: Path,
    max_sessions: int | None,
) -> Imported | None:
    """Import the first ``max_sessions`` sessions (all when None) of a conversation into
    ``scope`` through the transcript importer, and read its episodes back; None, said on
    stderr, when the import had problems or fewer episodes came back than turns went in."""
    dia = to_transcript(conversation, path, max_sessions)
    with Timer() as t:
        report = memory.import_transcript(path, scope=scope)
    if report.problems or report.imported != len(dia):
        print(f"import problems: {report.as_dict()}", file=sys.stderr)
        return None
    by_id = {
        u["id"]: dia[(u["session"], u["turn"])]
        for u in memory.units(kind="episode", scope=scope, limit=len(dia) + 10)
    }
    if len(by_id) != len(dia):
        print(f"read back {len(by_id)} episodes of {len(dia)} turns in {scope}", file=sys.stderr)
        return None
    return Imported(dia, by_id, t.ms / 1000)


def ask(
    memory: Memory,
    question: str,
    *,
    k: int,
    mode: str,
    scope: str,
    as_of: datetime,
    strict: bool = False,
    record_usage: bool = False,
) -> RecallResult:
    """A question asked of one imported conversation, as the LoCoMo benches ask it: its turns
    only (episodes), as of after the import, without recording usage unless asked to (then one
    mode's recalls may move another's figures)."""
    return memory.recall(
        question,
        k=k,
        mode=mode,
        scope=scope,
        strict=strict,
        kinds=["episode"],
        as_of=as_of,
        record_usage=record_usage,
    )


def _turn_texts(conversation: dict[str, Any], wanted: set[str]) -> dict[str, str]:
    """dia_id -> "speaker: text" as the import embeds it (image captions included)."""
    out: dict[str, str] = {}
    for key, value in conversation.items():
        if _SESSION_KEY.match(key):
            for item in value:
                if item["dia_id"] in wanted:
                    text = item["text"]
                    if item.get("blip_caption"):
                        text = f"{text} [shares image: {item['blip_caption']}]"
                    out[item["dia_id"]] = f"{item['speaker']}: {text}"
    return out


def _score(evidence: list[str], ranked: list[str]) -> dict[str, float]:
    figures: dict[str, float] = {}
    for k in KS:
        top = set(ranked[:k])
        found = sum(1 for e in evidence if e in top)
        figures[f"recall@{k}"] = found / len(evidence)
        figures[f"hit@{k}"] = 1.0 if found else 0.0
    return figures


def _table(rows: list[dict[str, Any]], modes: tuple[str, ...] = MODES) -> dict[str, Any]:
    """Per mode: overall and per-category means of every recall@k and hit@k."""
    out: dict[str, Any] = {}
    for mode in modes:
        groups: dict[str, list[dict[str, float]]] = defaultdict(list)
        for row in rows:
            groups["overall"].append(row["modes"][mode]["scores"])
            if row["category"] in (1, 2, 3, 4):  # the LoCoMo paper's retrieval categories
                groups["categories 1-4"].append(row["modes"][mode]["scores"])
            groups[f"{row['category']} {CATEGORIES.get(row['category'], '?')}"].append(
                row["modes"][mode]["scores"]
            )
        out[mode] = {
            name: {
                "n": len(scores),
                **{key: round(mean(s[key] for s in scores), 4) for key in scores[0]},
            }
            for name, scores in sorted(groups.items())
        }
    return out


def _best_single(table: dict[str, Any], group: str, key: str) -> tuple[str, float]:
    best = max(("keyword", "semantic"), key=lambda m: table[m][group][key])
    return best, table[best][group][key]


def run(args: argparse.Namespace, rest: list[str]) -> int:
    """Run --data, and with --held-out each held-out conversation after it (one result each,
    then the pooled result); with --pool, only pool the given result files."""
    opts = _options(rest)
    if opts.pool:
        return pool(opts.pool)
    written: list[Path] = []
    for data in [opts.data, *(HELD_OUT if opts.held_out else [])]:
        path = run_set(args, opts, data)
        if path is None:
            return 1
        written.append(path)
    return pool(written[1:]) if opts.held_out else 0


def pool(paths: list[Path]) -> int:
    """Pool the questions of result files of held-out conversations not in TUNING; write
    `recall-quality-pooled`, print the figures and whether each target is met."""
    rows: list[dict[str, Any]] = []
    sources: list[dict[str, Any]] = []
    try:
        for run in read_runs(paths, "recall-quality", ALIKE):
            pooled = run.data in {p.name for p in HELD_OUT} and run.data not in TUNING
            sources.append(
                {
                    "file": run.path.name,
                    "commit": run.doc.get("commit"),
                    "data": run.data,
                    "pooled": pooled,
                }
            )
            if pooled:
                rows.extend(_questions(run))
        if not any(row["category"] in (1, 2, 3, 4) for row in rows):
            raise Refused(
                "nothing to pool: no question of categories 1-4 of a held-out conversation "
                "outside TUNING in those files."
            )
    except Refused as exc:
        print(exc, file=sys.stderr)
        return 2
    table = _table(rows, (*MODES, *BASELINES))
    targets = pooled_targets(table)
    figures = {
        "questions": len(rows),
        "sources": sources,
        "recall": table,
        "targets": targets,
    }
    out = write_result("recall-quality-pooled", {"files": [str(p) for p in paths]}, figures)
    retrieval = {m: table[m]["categories 1-4"] for m in (*MODES, *BASELINES)}
    for m in (*MODES, *BASELINES):
        r = retrieval[m]
        multi = table[m].get("1 multi-hop", {}).get("recall@10")
        print(
            f"  pooled {m:8} R@1/5/10 "
            + "/".join(f"{r[f'recall@{k}']:.3f}" for k in (1, 5, 10))
            + (f"  multi-hop R@10 {multi:.3f}" if multi is not None else ""),
            file=sys.stderr,
        )
    said = {True: "met", False: "MISSED", None: "n/a (no question)"}
    print(
        f"recall-quality pooled: {retrieval['hybrid']['n']} questions (categories 1-4) of "
        f"{sum(1 for src in sources if src['pooled'])} held-out conversations | targets "
        + " ".join(f"{k} {said[v['met']]}" for k, v in targets.items())
        + f" | {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}"
    )
    return 0


def _questions(run: Run) -> list[dict[str, Any]]:
    """The scored questions of one run, each with a category and every mode's scores."""
    try:
        rows = list(run.doc["figures"]["per_question"])
        for row in rows:
            lacking = [m for m in (*MODES, *BASELINES) if "scores" not in row["modes"][m]]
            if lacking or not isinstance(row["category"], int):
                raise KeyError(lacking or "category")
    except (KeyError, TypeError) as exc:
        raise Refused(
            f"cannot pool {run.path}: a question lacks its category or a mode's scores "
            f"({exc}); pass recall-quality results written by this version."
        ) from exc
    return rows


def pooled_targets(table: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The issue's recall targets against pooled figures (categories 1-4). A target of a
    category without a question is neither met nor missed (``met`` None)."""
    h, s = table["hybrid"]["categories 1-4"], table["semantic"]["categories 1-4"]
    bm25, cos = table["bm25"]["categories 1-4"], table["cosine"]["categories 1-4"]
    multi = table["hybrid"].get("1 multi-hop", {}).get("recall@10")
    return {
        "R@10>=.75": {"value": h["recall@10"], "met": h["recall@10"] >= 0.75},
        "R@5>=.65": {"value": h["recall@5"], "met": h["recall@5"] >= 0.65},
        "R@1>bm25": {
            "value": [h["recall@1"], bm25["recall@1"]],
            "met": h["recall@1"] > bm25["recall@1"],
        },
        "multi-hop_R@10>=.50": {"value": multi, "met": None if multi is None else multi >= 0.5},
        "semantic>=cosine": {
            "value": {k: [s[f"recall@{k}"], cos[f"recall@{k}"]] for k in KS},
            "met": all(s[f"recall@{k}"] >= cos[f"recall@{k}"] for k in KS),
        },
    }


def run_set(args: argparse.Namespace, opts: argparse.Namespace, data: Path) -> Path | None:
    """Import, recall every question in three modes, score, write the result, print one line."""
    max_sessions = SMOKE_SESSIONS if args.smoke else args.size
    samples = json.loads(data.read_text(encoding="utf-8"))
    settings = bench_settings()
    measured = commit()  # the code imported now; the tree may change while the bench runs
    t_load = time.perf_counter()
    embedder = default_embedder(settings)
    embedder.embed(["warm up the model"])
    model_load_s = time.perf_counter() - t_load
    rows: list[dict[str, Any]] = []
    import_s = 0.0
    turns = 0
    skipped_no_evidence = 0
    latencies: dict[str, list[float]] = {m: [] for m in MODES}
    with (
        Memory.connect(settings, embedder=embedder, all_projects=True) as memory,
        tempfile.TemporaryDirectory() as tmp,
    ):
        empty_database(memory.graph)
        seed_ids(args.seed)  # ids break ranking ties: seeded, two runs of the same code rank alike
        for sample in samples:
            scope = f"locomo-{sample['sample_id']}"
            path = Path(tmp) / f"{sample['sample_id']}.jsonl"
            imported = import_conversation(
                memory, sample["conversation"], scope, path, max_sessions
            )
            if imported is None:
                return None
            dia, by_id = imported.dia, imported.by_id
            import_s += imported.seconds
            turns += len(dia)
            known = set(dia.values())
            order = list(dia.values())  # turn index -> dia_id, the transcript's order
            texts = _turn_texts(sample["conversation"], set(order))
            docs = [texts[d] for d in order]
            bm25 = BM25(docs)
            turn_vectors = embedder.embed(docs)
            asked = 0  # position among the questions with evidence: even tune, odd held-out
            as_of = datetime.now(UTC)  # after the conversation and its import: every turn is valid
            for mode in MODES:  # warm each path once (first query compiles plans)
                ask(memory, "warm up", k=opts.k, mode=mode, scope=scope, as_of=as_of)
            for index, qa in enumerate(sample["qa"]):
                evidence = evidence_ids(qa.get("evidence", []))
                if not evidence:
                    skipped_no_evidence += 1
                    continue
                if not set(evidence) <= known:
                    continue  # evidence lies outside the imported sessions (--size/--smoke)
                row: dict[str, Any] = {
                    "sample": sample["sample_id"],
                    "index": index,
                    "half": HALVES[asked % 2],
                    "question": qa["question"],
                    "category": int(qa["category"]),
                    "evidence": evidence,
                    "answer": qa.get("answer", qa.get("adversarial_answer")),
                    "modes": {},
                }
                asked += 1
                baseline_ranked = {
                    "bm25": [order[i] for i in bm25.ranking(qa["question"])[: opts.k]],
                    "cosine": [
                        order[i]
                        for i in cosine_ranking(turn_vectors, embedder.embed([qa["question"]])[0])[
                            : opts.k
                        ]
                    ],
                }
                for name, ranked in baseline_ranked.items():
                    row["modes"][name] = {
                        "scores": _score(evidence, ranked),
                        "ranks": {
                            e: (ranked.index(e) + 1 if e in ranked else None) for e in evidence
                        },
                        "top5": ranked[:5],
                    }
                for mode in MODES:
                    with Timer() as t:
                        result = ask(
                            memory,
                            qa["question"],
                            k=opts.k,
                            mode=mode,
                            scope=scope,
                            as_of=as_of,
                            record_usage=opts.record_usage,
                        )
                    latencies[mode].append(t.ms)
                    ranked = [by_id.get(item["id"], item["id"]) for item in result.items]
                    row["modes"][mode] = {
                        "scores": _score(evidence, ranked),
                        "ranks": {
                            e: (ranked.index(e) + 1 if e in ranked else None) for e in evidence
                        },
                        "top5": ranked[:5],
                        "intent": result.intent,
                        "silent": result.silent,
                        "returned": len(ranked),
                        # every returned turn with its score, in the order returned: offline
                        # studies re-rank these without asking again
                        "items": [
                            [dia_id, item["score"]]
                            for dia_id, item in zip(ranked, result.items, strict=True)
                        ],
                    }
                rows.append(row)
    if not rows:
        print("no question has its evidence in the imported sessions", file=sys.stderr)
        return None
    table = _table(rows, (*MODES, *BASELINES))
    halves = {h: _table([r for r in rows if r["half"] == h], (*MODES, *BASELINES)) for h in HALVES}
    recall_ms = {
        m: {"p50": round(percentile(v, 50), 1), "p95": round(percentile(v, 95), 1), "n": len(v)}
        for m, v in latencies.items()
    }
    timings: dict[str, Any] = {
        "model_load_s": round(model_load_s, 2),
        "import_s": round(import_s, 2),
        "import_turns_per_s": round(turns / import_s, 1) if import_s else None,
        "recall_ms": recall_ms,
    }
    rng = random.Random(args.seed)
    misses = [
        {
            "question": r["question"],
            "category": r["category"],
            "evidence": r["evidence"],
            "answer": r["answer"],
            **{m: {"ranks": r["modes"][m]["ranks"], "top5": r["modes"][m]["top5"]} for m in MODES},
        }
        for r in rows
        if r["modes"]["hybrid"]["scores"]["hit@10"] == 0.0
    ]
    overall = {m: table[m]["overall"] for m in (*MODES, *BASELINES)}
    best_mode, best5 = _best_single(table, "overall", "recall@5")
    figures = {
        "questions": len(rows),
        "questions_without_evidence": skipped_no_evidence,
        "turns": turns,
        "k": opts.k,
        "recall": table,
        "halves": halves,
        "hybrid_minus_best_single": {
            key: round(
                overall["hybrid"][key] - max(overall["keyword"][key], overall["semantic"][key]), 4
            )
            for key in overall["hybrid"]
            if key != "n"
        },
        "timings": timings,
        "hybrid_misses_at_10": len(misses),
        "miss_sample": rng.sample(misses, min(MISS_SAMPLE, len(misses))),
        "per_question": rows,
    }
    params = {
        "data": str(data),
        "sessions": max_sessions,
        "k": opts.k,
        "seed": args.seed,
        "smoke": args.smoke,
        "strict": False,
        "record_usage": opts.record_usage,
        "kinds": ["episode"],
        "modes": list(MODES),
        "commit_at_start": measured,
    }
    path = write_result("recall-quality", params, figures)
    r = {m: overall[m] for m in MODES}
    retrieval = {m: table[m]["categories 1-4"] for m in (*MODES, *BASELINES)}
    print(
        "  all      (categories 1-4) "
        + " ".join(
            f"{m} R@1/5/10 " + "/".join(f"{retrieval[m][f'recall@{k}']:.3f}" for k in (1, 5, 10))
            for m in (*MODES, *BASELINES)
        ),
        file=sys.stderr,
    )
    for half in HALVES:
        print(
            f"  {half:8} (categories 1-4) "
            + " ".join(
                f"{m} R@1/5/10 "
                + "/".join(
                    f"{halves[half][m]['categories 1-4'][f'recall@{k}']:.3f}" for k in (1, 5, 10)
                )
                for m in (*MODES, *BASELINES)
            ),
            file=sys.stderr,  # stdout holds the one summary line
        )
    print(
        f"recall-quality: {len(rows)} questions, {turns} turns of {data.name} | R@5 hybrid "
        f"{r['hybrid']['recall@5']:.3f} keyword {r['keyword']['recall@5']:.3f} semantic "
        f"{r['semantic']['recall@5']:.3f} | R@10 hybrid {r['hybrid']['recall@10']:.3f} keyword "
        f"{r['keyword']['recall@10']:.3f} semantic {r['semantic']['recall@10']:.3f} | best single "
        f"@5: {best_mode} {best5:.3f} | import {timings['import_turns_per_s']} turns/s | p50 ms "
        + " ".join(f"{m} {recall_ms[m]['p50']}" for m in MODES)
        + f" | {path.relative_to(ROOT)}"
    )
    return path
