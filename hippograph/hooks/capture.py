"""SessionEnd and PreCompact hooks: capture the session as episodes and candidate memories.

The hook itself only checks the payload and starts a detached process (SessionEnd hooks
share a budget of about 1.5 s); that process, ``python -m hippograph.hooks.capture``,
imports the transcript as chained episodes and records the explicit statements of the
user's turns ("remember that …", "never …", "we decided …") as hypotheses linked FROM the
turn they were said in. Capturing the same transcript again adds nothing, and neither does
importing it with ``hippo import transcript``: episode ids come from the transcript's own
identity, never its path. The process writes nothing to stdout; errors go to
``<data_dir>/capture.log``.

When Neo4j cannot be reached, the session is queued (:mod:`hippograph.hooks.spool`), one line
says so on stderr, and the process exits 0; the next capture, any ``hippo`` command that
connects, or ``hippo maintain`` imports the queue (:func:`drain`).

This module imports only the standard library at the top, so the hook stays fast.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hippograph.hooks import spool

if TYPE_CHECKING:
    from hippograph.config import Settings
    from hippograph.memory import Memory

EVENTS = ("SessionEnd", "PreCompact")
USER_SPEAKERS = ("user", "human")
LOG_NAME = "capture.log"

log = logging.getLogger(__name__)


def handle(payload: dict[str, Any], spawn: Callable[[list[str]], None]) -> None:
    """Start the detached capture of the payload's transcript; returns at once and never raises."""
    try:
        if payload.get("hook_event_name", EVENTS[0]) not in EVENTS:
            return
        transcript = payload.get("transcript_path")
        if (
            not isinstance(transcript, str)
            or not transcript.strip()
            or not Path(transcript).is_file()
        ):
            return
        cwd = payload.get("cwd")
        cwd = cwd if isinstance(cwd, str) and cwd.strip() else str(Path.cwd())
        session = payload.get("session_id")
        session = session if isinstance(session, str) else ""
        spawn(capture_argv(transcript, cwd, session))
    except Exception as exc:  # a hook never fails the agent's session; it says why, in one line
        print(f"hippograph: the session was not captured: {exc}", file=sys.stderr)
        return


def capture_argv(transcript: str, cwd: str, session: str) -> list[str]:
    """The command line of the detached capture process."""
    return [
        sys.executable,
        "-m",
        "hippograph.hooks.capture",
        "--transcript",
        transcript,
        "--cwd",
        cwd,
        "--session",
        session,
    ]


def main(argv: Sequence[str] | None = None) -> int:
    """Capture one transcript into memory, then import any queued captures; 0 on success or
    when the session was queued because Neo4j cannot be reached, 1 on failure (see capture.log).
    """
    parser = argparse.ArgumentParser(
        prog="python -m hippograph.hooks.capture",
        description="Capture an agent transcript into hippograph memory.",
    )
    parser.add_argument("--transcript", required=True, type=Path, help="JSONL transcript file.")
    parser.add_argument("--cwd", required=True, type=Path, help="The agent's working directory.")
    parser.add_argument("--session", default="", help="The agent's session id (logged).")
    args = parser.parse_args(argv)
    try:
        from hippograph.config import Settings

        settings = Settings.from_env()
    except (
        Exception
    ) as exc:  # no settings, no log folder: stderr is all there is (/dev/null when detached)
        print(f"hippograph capture: invalid settings: {exc}", file=sys.stderr)
        return 1
    handler = _log_to(settings.data_dir / LOG_NAME)
    try:
        with spool.locked(settings.data_dir):
            return _capture_or_queue(args.transcript.absolute(), args.cwd, args.session, settings)
    except Exception:
        log.exception("capture of %s (session %s) failed", args.transcript, args.session or "?")
        return 1
    finally:
        logging.getLogger().removeHandler(handler)
        handler.close()


def _capture_or_queue(transcript: Path, cwd: Path, session: str, settings: Settings) -> int:
    """Capture now, or queue the session when Neo4j cannot be reached; then drain the queue."""
    from hippograph.errors import GraphUnavailableError

    where = _where(cwd, settings)
    try:
        summary = capture(transcript, cwd, settings=settings, scope=where[0])
    except GraphUnavailableError as exc:
        entry = spool.Entry(
            transcript=str(transcript),
            cwd=str(cwd.absolute()),
            session=session,
            scope=where[0],
            branch=where[1],
            target=spool.target_of(settings.bolt_uri, settings.neo4j_database),
            queued_at=spool.now(),
            reason=str(exc),
        )
        path = spool.put(settings.data_dir, entry)
        line = (
            f"hippograph capture: Neo4j cannot be reached ({str(exc).rstrip('.')}); session "
            f"{session or transcript.name} is queued in {path.parent} and will be imported by "
            "the next capture, any `hippo` command that connects, or `hippo maintain`."
        )
        log.warning("%s", line)
        print(line, file=sys.stderr)
        return 0
    log.info("captured %s (session %s): %s", transcript, session or "?", summary)
    drained = drain(settings, locked=True)
    for message in drained.messages():
        log.info("%s", message)
    return 0


def _where(cwd: Path, settings: Settings) -> tuple[str, str]:
    """The scope and branch a capture from ``cwd`` files its episodes under, decided now: a
    queued capture keeps them even if the branch is switched before it is imported."""
    from hippograph.repo.project import project_of
    from hippograph.units.branches import current_branch, main_branch

    here = cwd.is_dir()
    project = project_of(cwd) if here else None
    explicit = "scope" in settings.model_fields_set
    scope = project.id if project and not explicit else settings.scope
    branch = (
        settings.branch
        or (current_branch(cwd) if here else None)
        or main_branch(cwd if here else None, settings.main_branch)
    )
    return str(scope), str(branch)


@dataclass
class Drained:
    """What one drain of the capture queue did."""

    imported: list[str] = field(default_factory=list)
    failed: list[tuple[str, str, Path]] = field(default_factory=list)  # transcript, why, entry
    waiting: int = 0  # left queued: Neo4j went away again
    busy: bool = False  # another process holds the queue

    def messages(self) -> list[str]:
        """One line per thing a person should know, for stderr or the log."""
        lines: list[str] = []
        if self.imported:
            lines.append(
                f"hippograph: imported {len(self.imported)} session capture(s) queued while "
                "Neo4j could not be reached."
            )
        lines.extend(
            f"hippograph: the queued capture of {transcript} cannot be imported ({why}); "
            f"its entry is kept in {entry}."
            for transcript, why, entry in self.failed
        )
        if self.waiting:
            lines.append(
                f"hippograph: {self.waiting} queued session capture(s) still wait for Neo4j."
            )
        return lines


def drain(settings: Settings, *, locked: bool = False) -> Drained:
    """Import the queued captures meant for this server (``settings``' URI and database).

    Each imported entry is removed; one that cannot be imported for a reason other than Neo4j
    is set aside in ``failed/`` with the reason; at the first that cannot reach Neo4j the rest
    stay queued. Without ``locked`` it takes the capture lock, or returns at once (``busy``)
    when a capture holds it: that capture drains the queue itself."""
    if not locked:
        with spool.locked(settings.data_dir, wait=False) as got:
            return drain(settings, locked=True) if got else Drained(busy=True)
    from hippograph.errors import GraphUnavailableError

    report = Drained()
    queued = spool.entries(
        settings.data_dir, spool.target_of(settings.bolt_uri, settings.neo4j_database)
    )
    for position, (path, entry) in enumerate(queued):
        transcript = Path(entry.transcript)
        try:
            summary = capture(
                transcript,
                Path(entry.cwd),
                settings=settings.model_copy(update={"branch": entry.branch}),
                scope=entry.scope,
            )
        except GraphUnavailableError:
            report.waiting = len(queued) - position
            break
        except Exception as exc:  # the transcript was deleted, cannot be read, ...
            aside = spool.set_aside(path, entry, str(exc))
            log.warning("queued capture of %s set aside in %s: %s", transcript, aside, exc)
            report.failed.append((entry.transcript, str(exc), aside))
            continue
        spool.done(path)
        log.info("queued capture of %s imported: %s", transcript, summary)
        report.imported.append(entry.transcript)
    return report


def capture(
    transcript: Path,
    cwd: Path,
    *,
    settings: Any = None,
    memory: Memory | None = None,
    scope: str | None = None,
) -> dict[str, Any]:
    """Import a transcript and record its user turns' explicit statements; returns what was done.

    ``scope`` defaults to the project ``cwd`` lies in (the configured scope when one is set)."""
    from hippograph.memory import Memory

    own = memory is None
    if memory is None:
        # A queued capture may run after its folder was removed: the transcript's folder serves.
        memory = Memory.connect(settings, cwd=cwd if cwd.is_dir() else transcript.parent)
    try:
        if scope is None:
            scope = _where(cwd, memory.settings)[0]
        return _capture(memory, transcript, scope)
    finally:
        if own:
            memory.close()


def _capture(memory: Memory, transcript: Path, scope: str) -> dict[str, Any]:
    from hippograph.errors import HippographError, NotFoundError
    from hippograph.ingest.import_transcript import turn_episode_id
    from hippograph.ingest.statements import extract_statements
    from hippograph.ingest.transcript import read_transcript
    from hippograph.units import policy, secrets

    summary: dict[str, Any] = {
        "scope": scope,
        "episodes_imported": 0,
        "episodes_present": 0,
        "bad_lines": 0,
        "recorded": [],
        "already_captured": 0,
        "failed": 0,
    }
    # Read first, and take the turns' ids from this read: a transcript that grows meanwhile
    # keeps its identity (its first turn), so the import's ids are the same.
    read = read_transcript(transcript)
    if not read.turns and not read.problems:  # a session closed before anything was said
        return {**summary, "empty": True}
    report = memory.import_transcript(transcript, scope=scope)
    display = report.path  # the name the episodes were filed under
    turns = read.turns
    many = len({t.session for t in turns}) > 1
    summary.update(
        episodes_imported=report.imported,
        episodes_present=report.already_present,
        bad_lines=report.bad_lines,
    )
    for turn in turns:
        if turn.speaker.casefold() not in USER_SPEAKERS:
            continue
        statements = extract_statements(turn.text)
        if not statements:
            continue
        episode = turn_episode_id(scope, read, turn)
        try:
            edges = memory.get(episode).edges
        except NotFoundError:  # the import did not file this turn: nothing to link a statement to
            log.warning(
                "%s: turn %s of session %s has no episode; skipped",
                display,
                turn.turn,
                turn.session,
            )
            continue
        # What was already taken from this turn: a second capture of the transcript adds nothing.
        captured = {
            policy.normalise(e["other_text"] or "")
            for e in edges
            if e["type"] == "FROM" and e["target_id"] == episode
        }
        ref = f"{display}#{turn.session}:{turn.turn}" if many else f"{display}#{turn.turn}"
        for statement in statements:
            if policy.normalise(statement.text) in captured:
                summary["already_captured"] += 1
                continue
            if secrets.find(statement.text):  # a statement that carries a secret is never kept:
                summary["held_a_secret"] = summary.get("held_a_secret", 0) + 1  # not even redacted
                continue
            fields: dict[str, Any] = {
                "kind": "fact",
                "source": "agent",
                "source_ref": ref,
                "episode_id": episode,
                "scope": scope,
            }
            if turn.time is not None and turn.time <= memory.clock():
                fields["valid_from"] = (
                    turn.time
                )  # true since it was said, not since it was captured
            if statement.is_rule:
                fields.update(kind="rule", details={"category": "code", "severity": "medium"})
            try:
                result = memory.remember(statement.text, **fields)
            except (
                HippographError,
                ValueError,
            ) as exc:  # one bad statement must not lose the others
                log.warning("%s: not recorded: %r (%s)", ref, statement.text[:80], exc)
                summary["failed"] += 1
                continue
            summary["recorded"].append(
                {"id": result.id, "action": result.action, "kind": result.kind, "ref": ref}
            )
    return summary


def _log_to(path: Path) -> logging.Handler:
    """Send this process's log records to ``path`` (the detached process has no terminal)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    logging.getLogger("neo4j").setLevel(logging.WARNING)
    return handler


if __name__ == "__main__":
    sys.exit(main())
