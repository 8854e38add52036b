"""`python -m bench never-recorded`: does strict recall say "I don't know" to natural questions
whose answer memory never recorded, and still answer the ones it did?

Each LoCoMo conversation is imported only up to the middle of its sessions (the first half,
rounded up), one scope per conversation, through ``Memory.import_transcript`` as in
recall-quality. Its questions of categories 1-4 with evidence then fall in two groups:
*answerable* (every evidence turn was imported) and *never recorded* (every evidence turn lies in
a later session); questions with evidence on both sides are left out. Every question is recalled
in strict mode (the default gate), k=5, in the three modes side by side, as of after the import,
without recording usage.

Reported per mode, for both halves of the questions (even positions "tune", odd "held-out", as
in recall-quality) and for all: the abstain recall on never-recorded questions, the abstain rate
on answerable ones (an "I don't know" where the answer is there), the share of answerable
questions with an evidence turn among the returned items, and the abstain precision.

The labels are LoCoMo's evidence lists, which are not exhaustive: a never-recorded question is
sometimes answered by an earlier turn its list does not name ("What pets does Melanie have?" is
answered in session 7 and listed at session 13). So abstain recall here has a ceiling below 1,
and a returned answer to a never-recorded question is not always wrong: read the sample kept in
the result.

--size N keeps the first N sessions of each conversation before splitting (default: all);
--smoke is --size 4. Options after the name: --data PATH (default ../shared/data/locomo-dev.json).
The data set is CC BY-NC 4.0: evaluation only, never shipped.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
import tempfile
import time
from collections import defaultdict
from datetime import UTC, datetime
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
from bench.recall_quality import (
    DEFAULT_DATA,
    HALVES,
    MODES,
    ask,
    evidence_ids,
    import_conversation,
)
from hippograph.memory import Memory
from hippograph.schema.base import seed_ids
from hippograph.units.embedder import default_embedder

K = 5
SMOKE_SESSIONS = 4
SAMPLE = 25
LABELS = ("answerable", "never recorded")
_SESSION_KEY = re.compile(r"^session_(\d+)$")
_DIA_SESSION = re.compile(r"^D(\d+):")


def _options(rest: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench never-recorded")
    parser.add_argument(
        "--data", type=Path, default=DEFAULT_DATA, help="LoCoMo JSON (a list of samples)"
    )
    return parser.parse_args(rest)


def _label(evidence: list[str], recorded: int, kept: int) -> str | None:
    """Answerable, never recorded, or None (evidence on both sides, or past the kept sessions)."""
    sessions = {int(m.group(1)) for e in evidence if (m := _DIA_SESSION.match(e))}
    if not sessions or max(sessions) > kept:
        return None
    if max(sessions) <= recorded:
        return LABELS[0]
    if min(sessions) > recorded:
        return LABELS[1]
    return None


def _rate(num: float, den: int) -> float | None:
    return round(num / den, 4) if den else None


def _figures(rows: list[dict[str, Any]], mode: str) -> dict[str, Any]:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        groups[row["label"]].append(row["modes"][mode])
    answerable, never = groups[LABELS[0]], groups[LABELS[1]]
    abstains = sum(r["abstain"] for r in answerable) + sum(r["abstain"] for r in never)
    return {
        "answerable": len(answerable),
        "never_recorded": len(never),
        "abstain_recall": _rate(sum(r["abstain"] for r in never), len(never)),
        "abstain_precision": _rate(sum(r["abstain"] for r in never), abstains),
        "abstain_rate_answerable": _rate(sum(r["abstain"] for r in answerable), len(answerable)),
        "answered_with_evidence": _rate(
            sum(r["evidence_returned"] for r in answerable), len(answerable)
        ),
        "silent": sum(r["silent"] for r in answerable) + sum(r["silent"] for r in never),
    }


def run(args: argparse.Namespace, rest: list[str]) -> int:
    """Import half of each conversation, recall every question strictly, report, write."""
    opts = _options(rest)
    max_sessions = SMOKE_SESSIONS if args.smoke else args.size
    samples = json.loads(opts.data.read_text(encoding="utf-8"))
    settings = bench_settings()
    measured = commit()  # the code imported now; the tree may change while the bench runs
    embedder = default_embedder(settings)
    embedder.embed(["warm up the model"])
    rows: list[dict[str, Any]] = []
    latencies: dict[str, list[float]] = {m: [] for m in MODES}
    started = time.perf_counter()
    with (
        Memory.connect(settings, embedder=embedder, all_projects=True) as memory,
        tempfile.TemporaryDirectory() as tmp,
    ):
        empty_database(memory.graph)
        seed_ids(args.seed)  # ids break ranking ties: seeded, two runs of the same code rank alike
        for sample in samples:
            conversation = sample["conversation"]
            sessions = sorted(
                int(m.group(1)) for key in conversation if (m := _SESSION_KEY.match(key))
            )
            kept = sessions[: max_sessions or len(sessions)]
            recorded = kept[math.ceil(len(kept) / 2) - 1]
            scope = f"locomo-{sample['sample_id']}-first-{recorded}"
            path = Path(tmp) / f"{sample['sample_id']}.jsonl"
            imported = import_conversation(
                memory, conversation, scope, path, math.ceil(len(kept) / 2)
            )
            if imported is None:
                return 1
            by_id = imported.by_id
            as_of = datetime.now(UTC)  # after the import: every imported turn is valid
            asked = 0  # position among the labelled questions: even tune, odd held-out
            for qa in sample["qa"]:
                evidence = evidence_ids(qa.get("evidence", []))
                label = _label(evidence, recorded, kept[-1])
                if label is None or int(qa["category"]) not in (1, 2, 3, 4):
                    continue
                row: dict[str, Any] = {
                    "sample": sample["sample_id"],
                    "question": qa["question"],
                    "category": int(qa["category"]),
                    "evidence": evidence,
                    "label": label,
                    "half": HALVES[asked % 2],
                    "modes": {},
                }
                asked += 1
                for mode in MODES:
                    with Timer() as t:
                        result = ask(
                            memory,
                            qa["question"],
                            k=K,
                            mode=mode,
                            scope=scope,
                            as_of=as_of,
                            strict=True,
                        )
                    latencies[mode].append(t.ms)
                    returned = [by_id.get(i["id"], i["id"]) for i in result.items]
                    row["modes"][mode] = {
                        "abstain": result.abstain,
                        "reason": result.reason,
                        "silent": result.silent,
                        "evidence_returned": any(e in returned for e in evidence),
                        "top": str(result.items[0]["text"])[:200] if result.items else None,
                    }
                rows.append(row)
    if not rows:
        print("no question falls wholly on either side of the split", file=sys.stderr)
        return 1
    figures: dict[str, Any] = {
        "questions": len(rows),
        "modes": {
            m: {
                "all": _figures(rows, m),
                **{h: _figures([r for r in rows if r["half"] == h], m) for h in HALVES},
            }
            for m in MODES
        },
        "timings": {
            "total_s": round(time.perf_counter() - started, 1),
            "recall_ms": {m: {"p50": round(percentile(v, 50), 1)} for m, v in latencies.items()},
        },
        "answered_never_recorded_sample": [
            {
                "question": r["question"],
                "evidence": r["evidence"],
                "top": r["modes"]["hybrid"]["top"],
            }
            for r in rows
            if r["label"] == LABELS[1] and not r["modes"]["hybrid"]["abstain"]
        ][:SAMPLE],
        "per_question": rows,
    }
    params = {
        "data": str(opts.data),
        "sessions": max_sessions,
        "k": K,
        "seed": args.seed,
        "smoke": args.smoke,
        "strict": True,
        "kinds": ["episode"],
        "modes": list(MODES),
        "commit_at_start": measured,
    }
    path = write_result("never-recorded", params, figures)
    reports: dict[str, dict[str, Any]] = figures["modes"]
    parts = []
    for mode in MODES:
        f = reports[mode]
        parts.append(
            f"{mode}: abstain R {f['all']['abstain_recall']} (tune {f['tune']['abstain_recall']}, "
            f"held-out {f['held-out']['abstain_recall']}) P {f['all']['abstain_precision']}, "
            f"answerable abstained {f['all']['abstain_rate_answerable']}, answered with "
            f"evidence {f['all']['answered_with_evidence']}"
        )
    f = reports[MODES[0]]["all"]
    print(
        f"never-recorded: {f['answerable']} answerable, {f['never_recorded']} never recorded | "
        + " | ".join(parts)
        + f" | {path.relative_to(ROOT)}"
    )
    return 0
