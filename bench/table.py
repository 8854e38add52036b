"""`python -m bench.table RESULT.json ...`: the recall-quality figures of result files as
Markdown rows, so that no figure is typed by hand.

One row per file (categories 1–4, R@1 / R@5 / R@10): hybrid, keyword R@10, semantic, plain BM25,
plain cosine, hybrid multi-hop R@10 (the columns of BENCHMARKS.md's held-out tables); for
LoCoMo's own conversation (two halves) one row per half as well. Reads the files only: no server.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

MODES = ("hybrid", "semantic", "bm25", "cosine")
GROUP = "categories 1-4"
MULTI_HOP = "1 multi-hop"
HEADER = (
    "| conversation | hybrid | keyword R@10 | semantic | plain BM25 | plain cosine "
    "| hybrid multi-hop R@10 |\n| --- | --- | --- | --- | --- | --- | --- |"
)


def _figure(value: float) -> str:
    return f"{value:.3f}".removeprefix("0") if value < 1 else "1.0"


def _cell(table: dict[str, Any], mode: str) -> str:
    group = table[mode][GROUP]
    return " / ".join(_figure(group[f"recall@{k}"]) for k in (1, 5, 10))


def _row(label: str, table: dict[str, Any]) -> str:
    cells = [
        _cell(table, "hybrid"),
        f"{table['keyword'][GROUP]['recall@10']:.2f}".removeprefix("0"),
        _cell(table, "semantic"),
        _cell(table, "bm25"),
        _cell(table, "cosine"),
        f"{table['hybrid'][MULTI_HOP]['recall@10']:.2f}".removeprefix("0"),
    ]
    return f"| {label} | " + " | ".join(cells) + " |"


def rows(result: dict[str, Any]) -> list[str]:
    """The rows of one recall-quality result (the JSON ``write_result`` wrote)."""
    figures = result["figures"]
    label = Path(result["params"]["data"]).stem.removeprefix("conv-heldout-")
    out = [_row(label, figures["recall"])]
    for half, table in figures.get("halves", {}).items():
        if label.startswith("locomo"):  # LoCoMo's own: the tuning half and the one kept apart
            out.append(_row(f"{label}, {half} half", table))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.table", description=__doc__)
    parser.add_argument("results", nargs="+", type=Path, help="recall-quality-*.json files")
    args = parser.parse_args(argv)
    lines = [HEADER]
    for path in args.results:
        try:
            result = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(result, dict) or result.get("bench") not in (None, "recall-quality"):
                raise ValueError("it is not a recall-quality result file")
            lines.extend(rows(result))
        except OSError as exc:
            print(f"Error: cannot read {path} ({exc.strerror}); check the path.", file=sys.stderr)
            return 1
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            why = f"it has no {exc}" if isinstance(exc, KeyError) else str(exc)
            print(
                f"Error: {path} cannot be shown as recall-quality rows: {why}; give the JSON "
                "files `python -m bench recall-quality` wrote.",
                file=sys.stderr,
            )
            return 1
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
