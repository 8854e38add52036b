"""One process at a time on a shared folder: an exclusive ``flock`` on a file in it.

Two `hippo db start` at once (two terminals, two agents, `make -j`) would otherwise write the
same half-finished files: the server jars of a version, or one instance's config, password and
pid file; two captures of one session would interleave (hooks/spool.py); two benches would
empty each other's database (bench/common.py). The second waits for the first (or, told not to
wait, learns at once that it is held). Standard library only: the prompt hook imports it.
"""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def held(folder: Path, name: str = ".lock", *, wait: bool = True) -> Iterator[bool]:
    """Hold the lock ``name`` of ``folder`` (created if missing) until the block ends: waits for
    it and yields True; with ``wait`` off, yields False at once, without it, when another
    process has it."""
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / name).open("a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        yield True  # closing the file releases the lock
