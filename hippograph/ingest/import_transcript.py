"""``hippo import transcript``: every turn becomes an ``:Episode``,
chained with ``NEXT`` per session.

Episode ids derive from the scope, the session, the turn and the transcript's own identity
(:meth:`TranscriptRead.origin`: a Claude Code ``sessionId``, else a hash of the file's first
turn), never from the path as typed: importing the same file again, from any folder, by a
relative or an absolute path, or through the session-end capture, adds nothing. Each turn is
searchable on its own (full-text, and vector once embedded). Its ``source_ref`` is
``<file>#<turn>`` for a one-session file and ``<file>#<session>:<turn>`` when the file holds
several sessions (the file as the first import named it).

Every line is checked, and every episode built, before anything is written: a bad line is
reported with its number and skipped, and with ``strict`` nothing is imported.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from hippograph.errors import IngestError
from hippograph.graph.client import Graph, Tx
from hippograph.ingest.transcript import LineProblem, TranscriptRead, Turn, read_transcript
from hippograph.schema import Edge, Episode, Lifecycle, RelType, SourceKind, TruthStatus, new_id
from hippograph.units import store
from hippograph.units.records import WriteContext, vectors

BATCH_TURNS = 500


@dataclass
class TranscriptReport:
    """What a transcript import did; ``problems`` are the bad lines, skipped."""

    path: str
    imported: int = 0
    already_present: int = 0
    skipped: int = 0
    bad_lines: int = 0
    sessions: int = 0
    problems: list[dict[str, Any]] = field(default_factory=list)
    unread_fields: dict[str, int] = field(default_factory=dict)  # field -> lines that held it

    def as_dict(self) -> dict[str, Any]:
        """Plain dict for JSON output."""
        return dict(self.__dict__)


def episode_id(scope: str, origin: str, session: str, turn: int) -> str:
    """Stable id of one turn: its scope, session and number, and the transcript's identity
    (``origin``, from :meth:`TranscriptRead.origin`), so two files that both have a session "s1"
    stay apart while one file imported from anywhere is one set of episodes."""
    key = f"{scope}\x1f{origin}\x1f{session}\x1f{turn}"
    return f"ep_{hashlib.sha256(key.encode('utf-8')).hexdigest()[:20]}"


def turn_episode_id(scope: str, read: TranscriptRead, turn: Turn) -> str:
    """The id of the episode ``turn`` of ``read`` becomes in ``scope``."""
    return episode_id(scope, read.origin(turn), turn.session, turn.turn)


def import_transcript(
    graph: Graph,
    ctx: WriteContext,
    path: Path,
    *,
    display: str,
    scope: str | None = None,
    strict: bool = False,
    progress: Callable[[int, int, str], None] | None = None,
) -> TranscriptReport:
    """Import one JSONL transcript; bad lines are reported and skipped (or, with ``strict``,
    nothing is imported).

    Raises:
        IngestError: the file cannot be read, holds no turn at all, or (``strict``) has a bad
            line.
    """
    # A file name that is not UTF-8 reaches Python as lone surrogates: shown, never stored raw.
    display = display.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    if progress:
        progress(0, 0, f"parse {display}")
    read = read_transcript(path)
    scope = scope or ctx.scope
    many = len({t.session for t in read.turns}) > 1
    episodes, unfit = _episodes(ctx, read, display, scope, many)
    problems = sorted([*read.problems, *unfit], key=lambda p: p.line)
    if not read.turns and not problems:
        raise IngestError(_nothing_in(read), path=display)
    if strict and problems:
        first = problems[0]
        raise IngestError(
            f"{first.message} ({_count(len(problems), 'bad line')}: "
            f"{_line_list(problems)}; nothing imported because of --strict)",
            path=display,
            line=first.line,
        )
    report = TranscriptReport(
        path=display,
        skipped=read.skipped,
        bad_lines=len(problems),
        problems=[{"line": p.line, "message": p.message} for p in problems],
        unread_fields=dict(sorted(read.unread_fields.items())),
    )
    report.sessions = len({e.session for e in episodes})
    present: set[str] = set()
    retired: list[str] = []
    ids = [e.id for e in episodes]
    for start in range(0, len(ids), 1000):
        for row in graph.read("existing_ids", ids=ids[start : start + 1000]):
            present.add(row["id"])
            if row["retired"]:
                retired.append(row["id"])
    fresh = [e for e in episodes if e.id not in present]
    report.already_present = len(episodes) - len(fresh) - len(retired)
    if retired:  # an undo or rollback retired them; importing the file again brings them back
        batch = new_id("batch")
        graph.write_tx(
            lambda tx: [
                store.update_node(
                    tx,
                    i,
                    {"retired_at": None},
                    actor=ctx.actor,
                    batch_id=batch,
                    reason="re-imported",
                    at=ctx.clock(),
                )
                for i in retired
            ]
        )
        report.imported += len(retired)
    for start in range(0, len(fresh), BATCH_TURNS):
        chunk = fresh[start : start + BATCH_TURNS]

        def step(phase: str, done: int = start, size: int = len(chunk)) -> None:
            if progress:  # (turns done, of turns, "embed turns 1-500" / "write turns 1-500")
                progress(done, len(fresh), f"{phase} turns {done + 1}-{done + size}")

        _write_chunk(graph, ctx, chunk, scope, step)
        report.imported += len(chunk)
    if progress:
        progress(len(fresh), len(fresh), "done")
    return report


def _episodes(
    ctx: WriteContext, read: TranscriptRead, display: str, scope: str, many: bool
) -> tuple[list[Episode], list[LineProblem]]:
    """Every turn built as the episode it becomes, in (session, turn) order, before anything is
    written; a turn no episode can hold (say, a session name too long for its source_ref) is a
    problem on its line instead."""
    episodes: list[Episode] = []
    problems: list[LineProblem] = []
    for turn in sorted(read.turns, key=lambda t: (t.session, t.turn)):
        ref = f"{display}#{turn.session}:{turn.turn}" if many else f"{display}#{turn.turn}"
        try:
            episodes.append(
                Episode(
                    id=turn_episode_id(scope, read, turn),
                    text=turn.text,
                    title=f"{turn.speaker} in {turn.session}",
                    session=turn.session,
                    turn=turn.turn,
                    speaker=turn.speaker,
                    occurred_at=turn.time,
                    valid_from=turn.time,
                    source_ref=ref,
                    source_path=display,
                    source_kind=SourceKind.IMPORT,
                    trust=0.6,
                    confidence=0.9,
                    # the record that this was said is confirmed, not what was said
                    truth_status=TruthStatus.CONFIRMED,
                    lifecycle=Lifecycle.CONSOLIDATED,
                    recorded_at=ctx.clock(),
                    scope=scope,
                    branch=ctx.branch,
                )
            )
        except ValidationError as exc:
            reasons = "; ".join(
                f"{'.'.join(str(p) for p in err['loc']) or 'turn'}: "
                f"{str(err['msg']).removeprefix('Value error, ')}"
                for err in exc.errors()
            )
            problems.append(LineProblem(turn.line, f"the turn cannot be stored ({reasons})"))
    return episodes, problems


def _nothing_in(read: TranscriptRead) -> str:
    """Why a transcript with no turn and no bad line gave nothing, in one clause."""
    if read.skipped:
        return (
            f"the transcript holds no conversation turn ({_count(read.skipped, 'event')}, none "
            "with user or assistant text); nothing to import"
        )
    return "the transcript is empty (no JSON lines); nothing to import"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _line_list(problems: list[LineProblem], most: int = 10) -> str:
    """'line 4' or 'lines 4, 9 and 12' (the first ``most``, then how many more)."""
    lines = [str(p.line) for p in problems]
    if len(lines) == 1:
        return f"line {lines[0]}"
    shown, rest = lines[:most], len(lines) - most
    if rest > 0:
        return f"lines {', '.join(shown)} and {rest} more"
    return f"lines {', '.join(shown[:-1])} and {shown[-1]}"


def _write_chunk(
    graph: Graph,
    ctx: WriteContext,
    chunk: list[Episode],
    scope: str,
    step: Callable[[str], None],
) -> None:
    """Write one chunk of new episodes in one transaction, each chained into its session."""
    if ctx.embedder is not None:
        step("embed")
        # the words alone: whose turn it is counts apart (recall/evidence.py, "whose words")
        fields = vectors(ctx, [e.text for e in chunk])
        chunk = [
            e.model_copy(update={**f, "embedding_of": "words"})
            for e, f in zip(chunk, fields, strict=True)
        ]
    batch = new_id("batch")

    def work(tx: Tx) -> None:
        store.create_nodes(tx, chunk, actor=ctx.actor, batch_id=batch, at=ctx.clock())
        edges: list[Edge] = []
        for session in sorted({e.session or "" for e in chunk}):
            turns = [(e.turn or 0, e.id) for e in chunk if (e.session or "") == session]
            stored = tx.run("episodes_of_session", session=session, scope=scope)
            new, bypassed = _chain(turns, stored)
            edges.extend(
                Edge(type=RelType.NEXT, source_id=a, target_id=b, created_at=ctx.clock())
                for a, b in new
            )
            store.set_edges_retired(  # a turn now sits between their two ends
                tx,
                [(edge, "a turn was imported between them") for edge in bypassed],
                ctx.clock(),
                actor=ctx.actor,
                batch_id=batch,
                at=ctx.clock(),
            )
        if edges:
            store.create_edges(tx, edges, actor=ctx.actor, batch_id=batch, at=ctx.clock())

    step("write")
    graph.write_tx(work)


def _chain(
    turns: list[tuple[int, str]], stored: list[dict[str, Any]]
) -> tuple[list[tuple[str, str]], list[dict[str, Any]]]:
    """The NEXT edges that put new turns (number, id) into their session's chain, and the
    stored NEXT edges they bypass.

    ``stored`` holds the session's live episodes (the new ones among them, written a moment ago)
    with their live NEXT edges. The chain follows turn numbers: a new turn follows the closest
    lower turn and precedes the closest higher one, and a stored edge that skipped over a new
    turn is retired. Where another transcript holds a session of the same name, a turn whose
    number it also holds is linked to this import's turns only, and a neighbour number held by
    two stored turns is not linked at all: either would be a guess."""
    fresh = {i for _, i in turns}
    by_turn: dict[int, list[str]] = {}
    turn_of: dict[str, int] = {}
    edges: list[dict[str, Any]] = []
    for row in stored:
        number = row["turn"] or 0
        if row["id"] not in turn_of:
            by_turn.setdefault(number, []).append(row["id"])
            turn_of[row["id"]] = number
        if row["next_edge"] is not None:
            edges.append(row)
    numbers = sorted(by_turn)
    position = {n: p for p, n in enumerate(numbers)}

    def pick(number: int) -> str | None:
        ids = by_turn[number]
        mine = [i for i in ids if i in fresh]
        return mine[0] if mine else ids[0] if len(ids) == 1 else None

    new: list[tuple[str, str]] = []
    placed: list[int] = []  # numbers of new turns put between stored ones
    for number, episode in sorted(turns):
        if episode not in turn_of:  # not read back (cannot happen inside the transaction)
            continue
        # Another transcript holds this session and number too: link within this import only.
        shared = len(by_turn[number]) > 1
        at = position[number]
        before = pick(numbers[at - 1]) if at > 0 else None
        if before is not None and (before in fresh or not shared):
            new.append((before, episode))
        if not shared:
            placed.append(number)
            if at + 1 < len(numbers) and not fresh & set(by_turn[numbers[at + 1]]):
                after = pick(numbers[at + 1])  # the next turn is stored: this one precedes it
                if after is not None:
                    new.append((episode, after))
    new_numbers = placed
    bypassed = [
        {"id": row["next_edge"], "type": RelType.NEXT.value, "source_id": a, "target_id": b}
        for row in edges
        if (a := row["id"]) not in fresh
        and (b := row["next_id"]) in turn_of
        and b not in fresh
        and any(turn_of[a] < n < turn_of[b] for n in new_numbers)
    ]
    return list(dict.fromkeys(new)), bypassed
