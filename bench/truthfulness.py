"""`python -m bench truthfulness`: no stale answers, no untrusted answers, abstain when memory does
not know, silence on chit-chat.

The labelled set is bench/data/truthfulness.jsonl, written by the team (original text). Its first
line holds background facts loaded into every case's scope; each other line is one case:

- ``changed``: statements about one subject and topic over time (later ones supersede earlier ones,
  through ``Memory.remember`` or, when a statement names ``supersedes``, ``Memory.supersede``); the
  current statement must be in the top 3 and no superseded statement may be returned at all;
- ``contradiction``: a user statement and an agent or web statement about the same subject and
  topic; the less-trusted statement may never be returned; the user's must be in the top 3, or,
  where the case allows it (``abstain_ok``), recall may abstain with that reason;
- ``unknown``: a question nothing in memory answers (other facts are there): recall must abstain;
- ``chitchat``: a prompt with no topic: recall must be silent.

Each case lives in its own scope on an emptied database and runs through ``Memory.recall`` in the
default strict mode, hybrid (when the model is installed) and keyword side by side, k=5, at a fixed
clock, without recording usage (so one mode cannot influence the other). --size N keeps the first N
cases of each type; --smoke keeps 2. --seed is not used (the set and its order are fixed).

The team's set was written beside the rules it tests. ``--held-out`` runs it and then every
bench/data/truthfulness-heldout*.jsonl: sets written afterwards by a helper that saw the team's
set but none of the code (other fictional companies and phrasings; heldout3-5 hold chit-chat
and terse real requests; heldout14 and heldout15, written at stop 42 and first run on the code
as it was, asked for "adjacent" unknowns and prompts that open with their context; heldout16
and heldout17, written the same way at stop 43, were run first on that stop's first commit;
heldout18 and heldout19, written at stop 45, were run first on that stop's code before any
change to recall; heldout20-23, written at stop 46 by helpers that saw only the file format,
were run first on that stop's code before any change to recall, and heldout16-19 were then read
case by case and are blind no more). Which
held-out set was used to choose or reject a rule is recorded in BENCHMARKS.md; a set that was,
is not held out for that rule any more. A chit-chat case may leave ``statements`` out.

With ``--held-out`` the held-out sets are also pooled (``truthfulness-pooled``): every case of
every held-out set as one set, per mode, against the issue's target (abstain recall >= .90 at
precision 1.0, stale 0, chit-chat silence 1.0), and the sets in ``BLIND`` (no rule chosen from
their failures) as one set apart. ``--pool FILE...`` pools result files already written (the
cases are read again from each file's data set; the team's set and pooled results among them
are left out; a set given twice or runs made with other options are refused), and runs nothing.
``--kinds`` runs nothing either: it checks the kind-of-answer rules on every set without a
database (:mod:`bench.kinds`: answers they would reject, unknowns they settle; blind sets as
counts) and exits 1 when a rule rejects an answer.

Besides the target's figures, each report counts per type the cases whose top answer is a
background statement (one the case did not add): the sign of an answer that only shares the
question's subject, which a blind set shows without being read.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter, defaultdict
from datetime import UTC, datetime, timedelta
from itertools import pairwise
from pathlib import Path
from typing import Any

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
from hippograph.graph.client import Graph
from hippograph.memory import Memory
from hippograph.schema.base import seed_ids
from hippograph.units.embedder import default_embedder, is_runtime_installed, model_location
from hippograph.units.policy import normalise
from hippograph.units.read_gate import LOCAL_USER, open_gate

DATA = ROOT / "bench" / "data" / "truthfulness.jsonl"
# Written after the rules they test, by someone (a helper agent) who saw only the team's set and
# none of the code: other companies, other phrasings. heldout3-5 are chit-chat and terse topics.
HELD_OUT = sorted((ROOT / "bench" / "data").glob("truthfulness-heldout*.jsonl"))
# Held-out sets whose failures no rule has been chosen from yet (BENCHMARKS.md says which set
# was used for which rule): the pooled result reports them apart too, as data nothing here fits.
# heldout73-78 were read case by case after their blind run in stop 55 (BENCHMARKS.md): not blind.
BLIND = frozenset(f"truthfulness-heldout{n}.jsonl" for n in (103, 104, 105, 106, 107, 108))
# What runs must share to be pooled as one set.
ALIKE = ("smoke", "per_type", "k", "top", "strict", "modes")
TYPES = ("changed", "contradiction", "unknown", "chitchat")
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
K = 5
TOP = 3
SMOKE_PER_TYPE = 2


class Clock:
    """A fixed clock that moves only when told (and by a microsecond per reading,
    like real time)."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(microseconds=1)
        return self.now

    def advance(self, **delta: float) -> None:
        """Move forward by a timedelta's keyword arguments."""
        self.now += timedelta(**delta)


def load_cases(path: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The background statements and the cases of the labelled set."""
    background: list[dict[str, Any]] = []
    cases: list[dict[str, Any]] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        case = json.loads(line)
        if case["type"] == "background":
            background.extend(case["statements"])
        elif case["type"] in TYPES:
            cases.append(case)
        else:
            raise ValueError(f"{path.name}:{number}: unknown case type {case['type']!r}")
    return background, cases


def _date(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text).replace(tzinfo=UTC) if text else None


def _load(
    memory: Memory, clock: Clock, scope: str, statements: list[dict[str, Any]]
) -> tuple[dict[str, str], list[dict[str, Any]]]:
    """Remember (or supersede) each statement in order; return key -> unit id and what the pipeline
    did."""
    ids: dict[str, str] = {}
    actions: list[dict[str, Any]] = []
    for s in statements:
        clock.advance(minutes=1)
        fields: dict[str, Any] = {
            "source": s.get("source", "user"),
            "source_ref": s["source_ref"],
            "scope": scope,
            "about": s.get("about", []),
            "topic": s.get("topic"),
            "valid_from": _date(s.get("valid_from")),
        }
        if s.get("supersedes"):
            result = memory.supersede(
                ids[s["supersedes"]], s["text"], reason="the user changed it", **fields
            )
        else:
            result = memory.remember(s["text"], **fields)
        ids[s["key"]] = result.id
        actions.append(
            {
                "key": s["key"],
                "action": result.action,
                "id": result.id,
                "superseded": result.superseded,
                "conflicts": result.conflicts,
            }
        )
    return ids, actions


def _anomalies(
    case: dict[str, Any], ids: dict[str, str], actions: list[dict[str, Any]]
) -> list[str]:
    """Where the write path did not do what the case relies on (reported, not scored)."""
    out: list[str] = []
    by_key = {a["key"]: a for a in actions}
    keys = [s["key"] for s in case.get("statements", [])]
    if case["type"] == "changed":
        for earlier, later in pairwise(keys):
            act = by_key[later]
            if act["action"] == "strengthened":
                merged = next(
                    (k for k, v in ids.items() if v == act["id"] and k != later), act["id"]
                )
                out.append(
                    f"{later} was merged into {merged} as a duplicate (action strengthened): the "
                    "new text was not stored"
                )
            elif ids[earlier] not in act["superseded"]:
                out.append(
                    f"{later} did not supersede {earlier} (action {act['action']}, conflicts "
                    f"{act['conflicts']})"
                )
    elif case["type"] == "contradiction":
        later = by_key[keys[-1]]
        if later["action"] == "strengthened":
            out.append(
                f"{keys[-1]} was merged into {keys[0]} as a duplicate: a contradiction "
                "strengthened the other unit"
            )
        elif not later["superseded"] and not later["conflicts"]:
            out.append(f"{keys[-1]} neither superseded {keys[0]} nor opened a conflict")
    return out


def _judge(case: dict[str, Any], result: Any, texts: dict[str, str]) -> dict[str, Any]:
    """Score one recall against the case's expectation."""

    def key_of(item: dict[str, Any]) -> str:
        return texts.get(normalise(str(item.get("text") or "")), "other")

    keys = [key_of(i) for i in result.items]
    exp = case["expect"]
    out: dict[str, Any] = {
        "silent": result.silent,
        "abstain": result.abstain,
        "reason": result.reason,
        "returned": keys,
        "stale": False,
        "untrusted": False,
        "answer_in_top": False,
    }
    why: list[str] = []
    kind = case["type"]
    if kind in ("changed", "contradiction"):
        out["answer_in_top"] = exp["answer"] in keys[:TOP]
        bad = exp.get("stale", []) if kind == "changed" else exp.get("untrusted", [])
        returned_bad = [k for k in keys if k in bad]
        out["stale" if kind == "changed" else "untrusted"] = bool(returned_bad)
        if returned_bad:
            why.append(
                f"returned {'superseded' if kind == 'changed' else 'less-trusted'} {returned_bad} "
                f"at rank {[keys.index(k) + 1 for k in returned_bad]}"
            )
        abstain_ok = result.abstain and result.reason in exp.get("abstain_ok", [])
        if not out["answer_in_top"] and not abstain_ok:
            if result.silent:
                why.append("silent on a question")
            elif result.abstain:
                why.append(
                    f"abstained ({result.reason}) where {exp['answer']} should be in the top {TOP}"
                )
            else:
                why.append(f"{exp['answer']} not in the top {TOP}")
    elif kind == "unknown":
        if not result.abstain:
            why.append(
                "silent instead of abstaining"
                if result.silent
                else f"answered with {keys} instead of abstaining"
            )
    elif kind == "chitchat" and not result.silent:
        why.append(
            f"abstained ({result.reason}) on chit-chat"
            if result.abstain
            else f"returned {keys} on chit-chat"
        )
    out["passed"] = not why
    out["why"] = "; ".join(why)
    return out


def _rate(num: int, den: int) -> float | None:
    return round(num / den, 4) if den else None


def _figures(cases: list[dict[str, Any]], verdicts: list[dict[str, Any]]) -> dict[str, Any]:
    """The report of one mode: stale and untrusted rates, abstain precision/recall, silence,
    accuracy."""
    by_type: dict[str, list[tuple[dict[str, Any], dict[str, Any]]]] = defaultdict(list)
    for case, v in zip(cases, verdicts, strict=True):
        by_type[case["type"]].append((case, v))
    changed, contra = by_type["changed"], by_type["contradiction"]
    unknown, chat = by_type["unknown"], by_type["chitchat"]
    abstained = [(c, v) for c, v in zip(cases, verdicts, strict=True) if v["abstain"]]
    rightly = [
        c
        for c, v in abstained
        if c["type"] == "unknown"
        or (c["type"] == "contradiction" and v["reason"] in c["expect"].get("abstain_ok", []))
    ]
    answerable = changed + [(c, v) for c, v in contra if not c["expect"].get("abstain_ok")]
    by_subtype: dict[str, list[bool]] = defaultdict(list)
    for c, v in unknown:
        by_subtype[c.get("subtype", "unrelated")].append(v["abstain"])
    return {
        "cases": {t: len(by_type[t]) for t in TYPES},
        "stale_answer_rate": _rate(sum(v["stale"] for _, v in changed), len(changed)),
        "stale_answers": sum(v["stale"] for _, v in changed),
        "untrusted_answer_rate": _rate(sum(v["untrusted"] for _, v in contra), len(contra)),
        "untrusted_answers": sum(v["untrusted"] for _, v in contra),
        "abstain_precision": _rate(len(rightly), len(abstained)),
        "abstain_recall": _rate(sum(v["abstain"] for _, v in unknown), len(unknown)),
        "abstain_recall_by_subtype": {
            k: _rate(sum(x), len(x)) for k, x in sorted(by_subtype.items())
        },
        "abstains": len(abstained),
        "abstain_reasons": dict(Counter(v["reason"] for _, v in abstained)),
        "silence_rate_chitchat": _rate(sum(v["silent"] for _, v in chat), len(chat)),
        "silent_on_questions": sum(
            v["silent"] for c, v in zip(cases, verdicts, strict=True) if c["type"] != "chitchat"
        ),
        "answerable_top3_accuracy": _rate(
            sum(v["answer_in_top"] for _, v in answerable), len(answerable)
        ),
        "answerable": len(answerable),
        "changed_top3_accuracy": _rate(sum(v["answer_in_top"] for _, v in changed), len(changed)),
        "contradiction_pass_rate": _rate(sum(v["passed"] for _, v in contra), len(contra)),
        "pass_rate_by_type": {
            t: _rate(sum(v["passed"] for _, v in by_type[t]), len(by_type[t])) for t in TYPES
        },
        "pass_rate": _rate(sum(v["passed"] for v in verdicts), len(verdicts)),
        "top_answer_from_background": dict(
            Counter(
                c["type"] for c, v in zip(cases, verdicts, strict=True) if _from_background(c, v)
            )
        ),
    }


def _from_background(case: dict[str, Any], verdict: dict[str, Any]) -> bool:
    """Answered first with a statement the case did not add: a background one."""
    returned = verdict.get("returned") or []
    if not returned or verdict.get("abstain") or verdict.get("silent"):
        return False
    return returned[0] not in {s["key"] for s in case.get("statements", [])}


def _pick(cases: list[dict[str, Any]], per_type: int | None) -> list[dict[str, Any]]:
    if per_type is None:
        return cases
    seen: Counter[str] = Counter()
    out = []
    for case in cases:
        if seen[case["type"]] < per_type:
            out.append(case)
            seen[case["type"]] += 1
    return out


def run(args: argparse.Namespace, rest: list[str]) -> int:
    """Run the labelled set (--data), or with --held-out the team's set and then each held-out
    set, one result file each."""
    parser = argparse.ArgumentParser(prog="python -m bench truthfulness")
    parser.add_argument("--data", type=Path, default=DATA, help="labelled set (JSONL)")
    parser.add_argument(
        "--held-out",
        action="store_true",
        help="also run each bench/data/truthfulness-heldout*.jsonl, after the team's set, and "
        "pool them",
    )
    parser.add_argument(
        "--kinds",
        action="store_true",
        help="run nothing against the database: check the kind-of-answer rules on the team's "
        "set and every held-out set (answers they would reject, unknowns they settle)",
    )
    parser.add_argument(
        "--pool",
        type=Path,
        nargs="+",
        metavar="FILE",
        help="run nothing: pool these truthfulness result files as one set",
    )
    opts = parser.parse_args(rest)
    if opts.kinds:
        from bench import kinds

        return kinds.run([DATA, *HELD_OUT], load_cases, BLIND)
    if opts.pool:
        return pool(opts.pool)
    sets = [opts.data, *(HELD_OUT if opts.held_out else [])]
    written = [run_set(args, data) for data in sets]
    return pool(written[1:]) if opts.held_out else 0


def pool(paths: list[Path]) -> int:
    """Every case of the held-out sets among these result files as one set (the team's set is
    left out), and the BLIND sets among them as another: write `truthfulness-pooled`, print
    both."""
    cases: dict[str, list[dict[str, Any]]] = {"held-out": [], "blind": []}
    verdicts: dict[str, dict[str, list[dict[str, Any]]]] = {
        group: defaultdict(list) for group in cases
    }
    sources: list[dict[str, Any]] = []
    modes: list[str] = []
    try:
        for run in read_runs(paths, "truthfulness", ALIKE):
            pooled = run.data != DATA.name
            sources.append(
                {
                    "file": run.path.name,
                    "data": run.data,
                    "commit": run.doc.get("commit"),
                    "pooled": pooled,
                    "blind": run.data in BLIND,
                }
            )
            if not pooled:
                continue
            these, by_mode = _judged(run)
            modes = sorted(by_mode)
            for group in ("held-out", "blind") if run.data in BLIND else ("held-out",):
                cases[group].extend(these)
                for m in modes:
                    verdicts[group][m].extend(by_mode[m])
        if not cases["held-out"]:
            raise Refused("nothing to pool: no case of a held-out set in those files.")
    except Refused as exc:
        print(exc, file=sys.stderr)
        return 2
    figures = {
        group: {m: _figures(cases[group], verdicts[group][m]) for m in modes}
        for group in cases
        if cases[group]
    }
    out = write_result(
        "truthfulness-pooled",
        {"files": [str(p) for p in paths], "blind": sorted(BLIND)},
        {
            "sets": sum(src["pooled"] for src in sources),
            "blind_sets": sum(src["pooled"] and src["blind"] for src in sources),
            "sources": sources,
            "modes": figures["held-out"],
            "blind": figures.get("blind", {}),
        },
    )
    print(
        f"truthfulness pooled: {len(cases['held-out'])} cases of "
        f"{sum(src['pooled'] for src in sources)} sets | "
        + _summary(figures["held-out"])
        + (
            f" || blind, {len(cases['blind'])} cases: " + _summary(figures["blind"])
            if "blind" in figures
            else ""
        )
        + f" | {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}"
    )
    return 0


def _judged(run: Run) -> tuple[list[dict[str, Any]], dict[str, list[Any]]]:
    """The cases of one run, read again from its data set, and each mode's verdicts on them."""
    try:
        modes = list(run.doc["params"]["modes"])
        data = ROOT / run.doc["params"]["data"]
        records = {r["id"]: r for r in run.doc["figures"]["cases"]}
        _, written = load_cases(data)
        these = [c for c in written if c["id"] in records]
        return these, {m: [records[c["id"]]["modes"][m] for c in these] for m in modes}
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise Refused(
            f"cannot pool {run.path}: its data set is not here or a case lacks a mode's "
            f"verdict ({exc!r}); pass truthfulness results of the sets in bench/data/."
        ) from exc


def _summary(per_mode: dict[str, dict[str, Any]]) -> str:
    return " | ".join(
        f"{m}: stale {f['stale_answers']}/{f['cases']['changed']}, untrusted "
        f"{f['untrusted_answers']}/{f['cases']['contradiction']}, abstain P "
        f"{f['abstain_precision']} R {f['abstain_recall']} (target R >= .90 at P 1.0), "
        f"silence {f['silence_rate_chitchat']}, answerable top-{TOP} "
        f"{f['answerable_top3_accuracy']}, top answer from background "
        f"{sum(f['top_answer_from_background'].values())}"
        for m, f in per_mode.items()
    )


def run_set(args: argparse.Namespace, data: Path) -> Path:
    """Load every case of one set into its own scope, recall in hybrid and keyword mode, judge,
    report."""
    background, cases = load_cases(data)
    cases = _pick(cases, SMOKE_PER_TYPE if args.smoke else args.size)
    settings = bench_settings()
    measured = commit()  # the code imported now; the tree may change while the bench runs
    has_model = model_location(settings) is not None and is_runtime_installed()
    embedder = default_embedder(settings) if has_model else None
    modes = ("hybrid", "keyword") if has_model else ("keyword",)
    clock = Clock(START)
    started = time.perf_counter()
    graph = Graph.connect(settings)
    open_gate(graph, LOCAL_USER)
    try:
        empty_database(graph)
        seed_ids(args.seed)  # ids break ranking ties: seeded, two runs of the same code rank alike
        memory = Memory(
            graph, settings, embedder=embedder, cwd=ROOT, clock=clock, all_projects=True
        )
        if embedder is not None:
            embedder.embed(["warm up the model"])
        load_ms = 0.0
        records: list[dict[str, Any]] = []
        latencies: dict[str, list[float]] = {m: [] for m in modes}
        verdicts: dict[str, list[dict[str, Any]]] = {m: [] for m in modes}
        for case in cases:
            scope = f"truth-{case['id']}"
            statements = ([] if case.get("background") is False else background) + case.get(
                "statements", []
            )
            with Timer() as t:
                ids, actions = _load(memory, clock, scope, statements)
            load_ms += t.ms
            texts = {normalise(s["text"]): s["key"] for s in statements}
            clock.advance(hours=1)
            record: dict[str, Any] = {
                "id": case["id"],
                "type": case["type"],
                "query": case["query"],
                "anomalies": _anomalies(case, ids, actions),
                "modes": {},
            }
            for mode in modes:
                with Timer() as t:
                    result = memory.recall(
                        case["query"], k=K, mode=mode, scope=scope, record_usage=False
                    )
                latencies[mode].append(t.ms)
                verdict = _judge(case, result, texts)
                verdict["items"] = [
                    {
                        "key": texts.get(normalise(str(i["text"])), "other"),
                        "text": i["text"],
                        "score": i["score"],
                        "voices": i["voices"],
                    }
                    for i in result.items
                ]
                verdicts[mode].append(verdict)
                record["modes"][mode] = verdict
            record["actions"] = [a for a in actions if not a["key"].startswith("bg")]
            records.append(record)
    finally:
        graph.close()
    total_s = time.perf_counter() - started
    per_mode = {m: _figures(cases, verdicts[m]) for m in modes}
    failures = [
        {
            "id": r["id"],
            "type": r["type"],
            "query": r["query"],
            "mode": m,
            "why": r["modes"][m]["why"],
            "abstain": r["modes"][m]["abstain"],
            "reason": r["modes"][m]["reason"],
            "items": r["modes"][m]["items"],
            "anomalies": r["anomalies"],
        }
        for r in records
        for m in modes
        if not r["modes"][m]["passed"]
    ]
    figures = {
        "semantic_available": has_model,
        "modes": per_mode,
        "pipeline_anomalies": [
            {"id": r["id"], "anomalies": r["anomalies"]} for r in records if r["anomalies"]
        ],
        "timings": {
            "total_s": round(total_s, 1),
            "load_s": round(load_ms / 1000, 1),
            "recall_ms": {
                m: {"p50": round(percentile(v, 50), 1), "p95": round(percentile(v, 95), 1)}
                for m, v in latencies.items()
                if v
            },
        },
        "failures": failures,
        "cases": records,
    }
    params = {
        "data": str(data.relative_to(ROOT) if data.is_relative_to(ROOT) else data),
        "smoke": args.smoke,
        "seed": args.seed,
        "cases": len(cases),
        "per_type": SMOKE_PER_TYPE if args.smoke else args.size,
        "k": K,
        "top": TOP,
        "strict": True,
        "modes": list(modes),
        "clock_start": START.isoformat(),
        "commit_at_start": measured,
    }
    path = write_result("truthfulness", params, figures)
    parts = []
    for m in modes:
        f = per_mode[m]
        parts.append(
            f"{m}: stale {f['stale_answers']}/{f['cases']['changed']}, untrusted "
            f"{f['untrusted_answers']}/{f['cases']['contradiction']}, abstain P "
            f"{f['abstain_precision']} R {f['abstain_recall']}, silence "
            f"{f['silence_rate_chitchat']}, answerable top-{TOP} {f['answerable_top3_accuracy']}"
        )
    print(
        f"truthfulness: {len(cases)} cases of {data.name} | "
        + " | ".join(parts)
        + f" | {total_s:.0f} s | {path.relative_to(ROOT)}"
    )
    return path
