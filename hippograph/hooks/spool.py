"""The capture queue: sessions the capture could not file because Neo4j could not be reached,
kept on disk until the next capture, any ``hippo`` command that connects, or ``hippo maintain``
imports them.

An entry is one small JSON file in ``<data_dir>/capture-queue/``: the transcript's path, the
agent's working folder, the session id, the scope and branch the capture would have used, a
hash naming the server it was meant for (its URI and database, never credentials), and when and
why it was queued. No transcript text is copied: the transcript stays where the agent wrote it,
and the import, when it runs, redacts text and drops statements holding secrets as always.
Capturing one session again replaces its entry, and importing it twice adds nothing (episode
ids come from the transcript's own identity), so a queued session is filed exactly once.

An entry that cannot be imported for another reason (its transcript was deleted) is moved to
``capture-queue/failed/`` with the reason, never deleted. Standard library only.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Iterator
from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

from hippograph.locks import held

QUEUE_DIR = "capture-queue"
FAILED_DIR = "failed"
LOCK_NAME = "capture.lock"
FORMAT = 1


@dataclass(frozen=True)
class Entry:
    """One queued capture: what is needed to run it later, and nothing secret."""

    transcript: str
    cwd: str
    session: str
    scope: str
    branch: str
    target: str
    queued_at: str
    reason: str
    format: int = FORMAT


def folder(data_dir: Path) -> Path:
    """The queue folder under ``data_dir``."""
    return data_dir / QUEUE_DIR


def target_of(uri: str, database: str) -> str:
    """Which server an entry is for: a hash of its Bolt URI and database (a URI may carry a
    user name; the hash keeps it off the disk)."""
    text = f"{uri.strip().rstrip('/').lower()}\x1f{database}"
    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[:24]


def has_pending(data_dir: Path) -> bool:
    """True when the queue holds at least one entry; cheap enough to ask on every connection."""
    try:
        with os.scandir(folder(data_dir)) as found:
            return any(e.name.endswith(".json") and e.is_file() for e in found)
    except OSError:  # no queue folder yet (or unreadable: nothing queued that we could import)
        return False


def put(data_dir: Path, entry: Entry) -> Path:
    """Queue ``entry`` (atomically; one entry per server and transcript, the latest wins)."""
    where = folder(data_dir)
    where.mkdir(parents=True, exist_ok=True)
    key = f"{entry.target}\x1f{entry.transcript}".encode("utf-8", "surrogateescape")
    path = where / f"{hashlib.sha256(key).hexdigest()[:24]}.json"
    temporary = path.with_suffix(f".{os.getpid()}.tmp")
    temporary.write_text(json.dumps(asdict(entry), ensure_ascii=True) + "\n", encoding="utf-8")
    os.replace(temporary, path)
    return path


def entries(data_dir: Path, target: str) -> list[tuple[Path, Entry]]:
    """The queued entries meant for ``target``, oldest first; an unreadable one is set aside."""
    found: list[tuple[Path, Entry]] = []
    try:
        paths = sorted(folder(data_dir).glob("*.json"))
    except OSError:
        return []
    for path in paths:
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
            entry = Entry(**raw)
        except FileNotFoundError:  # another process imported it meanwhile
            continue
        except (OSError, ValueError, TypeError) as exc:
            set_aside(path, None, f"the entry cannot be read ({exc})")
            continue
        if entry.target == target:
            found.append((path, entry))
    return sorted(found, key=lambda found_entry: found_entry[1].queued_at)


def done(path: Path) -> None:
    """Remove an entry once its session is in memory."""
    with contextlib.suppress(FileNotFoundError):
        path.unlink()


def set_aside(path: Path, entry: Entry | None, reason: str) -> Path:
    """Move an entry that cannot be imported to ``failed/``, with the reason; never delete it."""
    aside = path.parent / FAILED_DIR
    aside.mkdir(parents=True, exist_ok=True)
    moved = aside / path.name
    if entry is not None:
        body = {**asdict(replace(entry, reason=reason)), "failed_at": now()}
        moved.write_text(json.dumps(body, ensure_ascii=True) + "\n", encoding="utf-8")
        done(path)
    else:
        os.replace(path, moved)
    return moved


def now() -> str:
    """The current UTC time as ISO 8601 (when an entry was queued)."""
    return datetime.now(UTC).isoformat()


@contextlib.contextmanager
def locked(data_dir: Path, *, wait: bool = True) -> Iterator[bool]:
    """Hold the capture lock (a SessionEnd and a PreCompact capture never interleave, nor two
    drains); yields False at once, without it, when ``wait`` is off and another process has it."""
    with held(data_dir, LOCK_NAME, wait=wait) as got:
        yield got
