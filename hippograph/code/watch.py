"""``hippo watch``: re-index source files as they change (watchdog, debounced)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer

from hippograph.code.languages import language_of
from hippograph.code.walk import SKIP_DIRS


class _Collector(FileSystemEventHandler):
    def __init__(self) -> None:
        self.pending: set[Path] = set()
        self.lock = threading.Lock()

    def on_any_event(self, event: FileSystemEvent) -> None:
        for raw in (event.src_path, getattr(event, "dest_path", "")):
            if not raw:
                continue
            path = Path(str(raw))
            if language_of(path.name) and not SKIP_DIRS.intersection(path.parts):
                with self.lock:
                    self.pending.add(path)


def watch(
    root: Path,
    on_change: Callable[[list[Path]], None],
    *,
    debounce_s: float = 0.5,
    stop: threading.Event | None = None,
) -> None:
    """Call ``on_change`` with the changed source files, batched, until ``stop`` is set
    (or Ctrl-C)."""
    stop = stop or threading.Event()
    collector = _Collector()
    observer = Observer()
    observer.schedule(collector, str(root), recursive=True)
    observer.start()
    try:
        while not stop.is_set():
            time.sleep(debounce_s)
            with collector.lock:
                batch, collector.pending = sorted(collector.pending), set()
            if batch:
                on_change(batch)
    except KeyboardInterrupt:
        pass
    finally:
        observer.stop()
        observer.join(timeout=5)
