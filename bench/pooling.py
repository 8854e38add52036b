"""Reading result files to pool as one set: the checks every `--pool` makes before it counts a
case (`recall-quality --pool`, `truthfulness --pool`)."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any


class Refused(Exception):
    """Files that cannot be pooled as given; the message is the one sentence to print."""


@dataclass(frozen=True)
class Run:
    """One result file to pool: its path, its document and the name of the data set it ran."""

    path: Path
    doc: dict[str, Any]
    data: str


def read_runs(paths: list[Path], bench: str, alike: tuple[str, ...]) -> list[Run]:
    """The runs of ``bench`` in these files, in order. A pooled result among them is skipped
    (said on stderr: a glob of bench/results/ picks them up too). Refused: a file that is no
    result of ``bench``, a data set run twice (it would count twice), and runs whose
    parameters named in ``alike`` differ (figures of different k or size are no one set)."""
    runs: list[Run] = []
    for path in paths:
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
            name = doc["bench"]
            if name == f"{bench}-pooled":
                print(f"skipping {path}: a pooled result, not a run.", file=sys.stderr)
                continue
            data = Path(doc["params"]["data"]).name
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise Refused(
                f"cannot pool {path}: not a readable {bench} result ({exc}); pass files from "
                f"bench/results/{bench}-*.json."
            ) from exc
        if name != bench:
            raise Refused(
                f"cannot pool {path}: it is a {name} result, not a {bench} one; pass files "
                f"from bench/results/{bench}-*.json."
            )
        twice = next((r for r in runs if r.data == data), None)
        if twice is not None:
            raise Refused(
                f"cannot pool {path}: {twice.path} ran {data} too, and a set given twice "
                "counts twice; pass one result per data set."
            )
        if runs:
            first = runs[0]
            for key in alike:
                mine, theirs = doc["params"].get(key), first.doc["params"].get(key)
                if mine != theirs:
                    raise Refused(
                        f"cannot pool {path}: it ran {key}={mine!r} and {first.path} "
                        f"{key}={theirs!r}; pool runs made alike."
                    )
        runs.append(Run(path, doc, data))
    if not runs:
        raise Refused(f"nothing to pool: no {bench} run among the files given.")
    return runs
