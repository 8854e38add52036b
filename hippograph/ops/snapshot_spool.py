"""Edge lines per relationship type, sorted by id with bounded memory.

Relationships have no id index, so the exporter reads them grouped by start node
and sorts here: up to ``RUN_ROWS`` lines are sorted in memory, spilled to disk as
sorted runs, and the runs are merged (``heapq.merge``) into the final files.
"""

from __future__ import annotations

import heapq
import json
from contextlib import ExitStack
from pathlib import Path
from typing import IO

RUN_ROWS = 100_000
"""Edge lines sorted in memory before a sorted run is spilled to disk."""


def open_for_write(path: Path) -> IO[str]:
    """A UTF-8 text file for writing, with ``\\n`` line endings on every platform."""
    return path.open("w", encoding="utf-8", newline="\n")


def _line_id(line: str) -> str:
    # Keys are sorted and "id" is the first key of an edge line: {"id":"...",...}
    value, _ = json.JSONDecoder().raw_decode(line, len('{"id":'))
    return str(value)


class EdgeSpool:
    """Edge lines per type, sorted by id with bounded memory:
    sorted runs spill to disk and are merged."""

    def __init__(self, folder: Path, *, run_rows: int | None = None) -> None:
        self._folder = folder
        self._run_rows = run_rows or RUN_ROWS
        self._buffer: dict[str, list[tuple[str, str]]] = {}
        self._buffered = 0
        self._runs: dict[str, list[Path]] = {}
        self._counts: dict[str, int] = {}

    def add(self, rel_type: str, edge_id: str, line: str) -> None:
        """Take one finished line (with its newline) of type ``rel_type``."""
        self._buffer.setdefault(rel_type, []).append((edge_id, line))
        self._counts[rel_type] = self._counts.get(rel_type, 0) + 1
        self._buffered += 1
        if self._buffered >= self._run_rows:
            self._spill()

    def _spill(self) -> None:
        self._folder.mkdir(exist_ok=True)
        for rel_type, rows in self._buffer.items():
            runs = self._runs.setdefault(rel_type, [])
            run = self._folder / f"{rel_type}.{len(runs):06d}.jsonl"
            with open_for_write(run) as handle:
                handle.writelines(line for _, line in sorted(rows))
            runs.append(run)
        self._buffer, self._buffered = {}, 0

    def finish(self, folder: Path) -> dict[str, int]:
        """Write ``<TYPE>.jsonl`` files into ``folder`` and return their line counts, by name
        relative to the snapshot (``edges/<TYPE>.jsonl`` when ``folder`` is ``edges``)."""
        if self._runs:
            self._spill()
        for rel_type in self._counts:
            with open_for_write(folder / f"{rel_type}.jsonl") as out:
                if rel_type in self._buffer:
                    out.writelines(line for _, line in sorted(self._buffer[rel_type]))
                    continue
                with ExitStack() as stack:
                    paths = self._runs[rel_type]
                    runs = [
                        stack.enter_context(path.open(encoding="utf-8", newline="\n"))
                        for path in paths
                    ]
                    out.writelines(heapq.merge(*runs, key=_line_id))
        return {f"{folder.name}/{t}.jsonl": n for t, n in self._counts.items()}
