"""What the code indexer keeps on ``:File`` nodes for itself (docs/code-identity.md): the stat at
which a file's content hash was confirmed (``size``, ``mtime_ns``: the stat cache), and the mark
of files whose CALLS and IMPORTS edges are not all written yet (``links_pending``).

Bookkeeping, not memory: neither write records a ``:Change``. The stat that goes with new
content is written with that content (a recorded change, so an undo restores the stat that goes
with the hash it restores); here the stat is only refreshed for a hash confirmed again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hippograph.graph.client import Tx

ROWS = 1000


def refresh_stats(tx: Tx, rows: Sequence[dict[str, Any]]) -> None:
    """Record the stat of files whose content hash was just confirmed: rows of ``id``,
    ``content_hash``, ``size``, ``mtime_ns`` (a file whose hash changed meanwhile is left)."""
    for start in range(0, len(rows), ROWS):
        tx.run("refresh_file_stats", rows=list(rows[start : start + ROWS]))


def mark_links_pending(tx: Tx, ids: Sequence[str], *, pending: bool = True) -> None:
    """Mark the files ``ids`` as having links still to write (or, ``pending=False``, clear it)."""
    for start in range(0, len(ids), ROWS):
        tx.run("mark_links_pending", ids=list(ids[start : start + ROWS]), pending=pending or None)
