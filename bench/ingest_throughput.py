"""Ingest throughput: transcript turns/s through Memory.import_transcript,
next to the model's bare encode rate.

`python -m bench ingest-throughput --size 2000` (default 2,000 turns; `--smoke`: 50).
Generates a seeded generic-JSONL transcript (several sessions, user asks and assistant
answers about services, configs, people and decisions), then in one run:

1. the model's bare encode rate: SentenceTransformerEmbedder.embed over the same texts the
   import embeds ("speaker: text"), after a warm-up, once before and once after (2); the
   faster of the two is the floor;
2. import with the real embedding model (Memory.import_transcript), turns/s, and its ratio
   to (1) (target >= 0.70);
3. keyword-only import (no embedder), turns/s.

The database is emptied before each import. Bench options: --out PATH (also write the
result JSON there).
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bench import speedkit
from bench.common import bench_settings, empty_database, write_result
from bench.textgen import TextGen
from hippograph.memory import Memory

DEFAULT_SIZE = 2_000
SMOKE_SIZE = 50
START = datetime(2025, 5, 1, 9, 0, tzinfo=UTC)


def _options(rest: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench ingest-throughput")
    p.add_argument("--out", type=Path, default=None)
    return p.parse_args(rest)


def write_transcript(path: Path, size: int, seed: int) -> list[dict[str, Any]]:
    """A generic-JSONL transcript of ``size`` turns in sessions of 10 to 60 turns; returns its
    lines."""
    gen = TextGen(seed)
    rng = random.Random(seed + 2)
    lines: list[dict[str, Any]] = []
    session = 0
    at = START
    while len(lines) < size:
        session += 1
        length = min(rng.randint(10, 60), size - len(lines))
        for turn in range(1, length + 1):
            speaker = "user" if turn % 2 else "assistant"
            at += timedelta(seconds=rng.randint(5, 240))
            lines.append(
                {
                    "session": f"sess-{session:04d}",
                    "turn": turn,
                    "speaker": speaker,
                    "text": gen.turn(speaker),
                    "time": at.isoformat(),
                }
            )
        at += timedelta(hours=rng.randint(1, 30))
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return lines


def run(args: argparse.Namespace, rest: list[str]) -> int:
    opts = _options(rest)
    size = SMOKE_SIZE if args.smoke else (args.size or DEFAULT_SIZE)
    settings = bench_settings()
    notes = ["timings are noisy: two cores shared with other work (see load_average)"]
    figures: dict[str, Any] = {"turns": size}
    with tempfile.TemporaryDirectory(prefix="hippo-bench-") as tmp:
        folder = Path(tmp)
        path = folder / "transcript.jsonl"
        lines = write_transcript(path, size, args.seed)
        texts = [
            f"{line['speaker']}: {line['text']}" for line in lines
        ]  # what import_transcript embeds
        figures["sessions"] = len({line["session"] for line in lines})
        figures["mean_chars_per_turn"] = round(sum(len(t) for t in texts) / len(texts), 1)
        graph = speedkit.connect(settings, clear=True)
        try:
            t0 = time.perf_counter()
            model = speedkit.real_embedder(settings)  # loaded and warmed
            figures["model_load_s"] = round(time.perf_counter() - t0, 2)
            if model is None:
                notes.append(
                    "embedding model not installed: only the keyword-only import was measured"
                )
                figures.update(
                    {
                        "encode_turns_per_s": None,
                        "import_turns_per_s": None,
                        "import_over_encode": None,
                    }
                )
            else:
                model.embed(texts[:64])  # warm-up on this data's lengths
                t0 = time.perf_counter()
                model.embed(texts)
                encode_before = time.perf_counter() - t0
                t0 = time.perf_counter()
                report = Memory(graph, settings, embedder=model, cwd=folder).import_transcript(path)
                import_s = time.perf_counter() - t0
                if report.imported != size:
                    raise RuntimeError(
                        f"import wrote {report.imported} of {size} turns: {report.problems[:3]}"
                    )
                t0 = time.perf_counter()
                model.embed(texts)
                encode_after = time.perf_counter() - t0
                # Best of the two encodes: the floor the import is held to
                # (conservative under noise).
                encode_s = min(encode_before, encode_after)
                figures.update(
                    {
                        "encode_s_before_import": round(encode_before, 2),
                        "encode_s_after_import": round(encode_after, 2),
                        "encode_s": round(encode_s, 2),
                        "encode_turns_per_s": round(size / encode_s, 1),
                        "import_s": round(import_s, 2),
                        "import_turns_per_s": round(size / import_s, 1),
                        "import_over_encode": round(encode_s / import_s, 3),
                        "target_import_over_encode_ge_0_70": encode_s / import_s >= 0.70,
                    }
                )
                empty_database(graph)
            t0 = time.perf_counter()
            report = Memory(graph, settings, embedder=None, cwd=folder).import_transcript(path)
            keyword_s = time.perf_counter() - t0
            if report.imported != size:
                raise RuntimeError(
                    f"keyword-only import wrote {report.imported} of {size} turns: "
                    f"{report.problems[:3]}"
                )
            figures.update(
                {
                    "keyword_import_s": round(keyword_s, 2),
                    "keyword_import_turns_per_s": round(size / keyword_s, 1),
                }
            )
            if figures.get("import_s"):
                # What the import adds on top of embedding,
                # estimated by the keyword-only import's time.
                figures["write_share_of_embedding_import"] = round(
                    keyword_s / figures["import_s"], 3
                )
        finally:
            graph.close()
    figures["load_average"] = speedkit.cpu_load()
    figures["notes"] = notes
    params = {
        "size": size,
        "seed": args.seed,
        "smoke": args.smoke,
        "model": "all-MiniLM-L6-v2",
        "batch_size": 64,
    }
    result = write_result("ingest-throughput", params, figures, copy_to=opts.out)
    emb = (
        f"with embeddings {figures['import_turns_per_s']} turns/s vs bare encode "
        f"{figures['encode_turns_per_s']} turns/s (ratio {figures['import_over_encode']}, "
        "target >= 0.70); "
        if figures.get("import_turns_per_s")
        else ""
    )
    print(
        f"ingest-throughput: turns={size} {emb}keyword-only "
        f"{figures['keyword_import_turns_per_s']} turns/s | {result.relative_to(result.parents[2])}"
    )
    return 0
