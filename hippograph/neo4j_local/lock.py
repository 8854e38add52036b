"""One process at a time on a shared folder: an exclusive ``flock`` on a file in it.

Two `hippo db start` at once (two terminals, two agents, `make -j`) would otherwise write the
same half-finished files: the server jars of a version, or one instance's config, password and
pid file. The second waits for the first and then finds its work done.
"""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def held(folder: Path, name: str = ".lock") -> Iterator[None]:
    """Hold the lock of ``folder`` (created if missing) until the block ends; waits for it."""
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / name).open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)  # released when the file closes
        yield
