"""``hippo import transcript``: every turn becomes an ``:Episode``,
chained with ``NEXT`` per session.

Episode ids derive from (scope, session, turn), so importing the same file twice
adds nothing. Each turn is searchable on its own (full-text, and vector once
embedded). Its ``source_ref`` is ``<file>#<turn>`` for a one-session file and
``<file>#<session>:<turn>`` when the file holds several sessions.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hippograph.errors import IngestError
from hippograph.graph.client import Graph, Tx
from hippograph.ingest.transcript import Turn, read_transcript
from hippograph.schema import Edge, Episode, Lifecycle, RelType, SourceKind, TruthStatus, new_id
from hippograph.units import store
from hippograph.units.records import WriteContext

BATCH_TURNS = 500


@dataclass
class TranscriptReport:
    """What a transcript import did."""

    path: str
    imported: int = 0
    already_present: int = 0
    skipped: int = 0
    sessions: int = 0
    problems: list[dict[str, Any]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        """Plain dict for JSON output."""
        return dict(self.__dict__)


def episode_id(scope: str, source: str, session: str, turn: int) -> str:
    """Stable id of one turn of one transcript file (two files may both have a session "s1")."""
    digest = hashlib.sha256(f"{scope}\x1f{source}\x1f{session}\x1f{turn}".encode()).hexdigest()[:20]
    return f"ep_{digest}"


def import_transcript(
    graph: Graph,
    ctx: WriteContext,
    path: Path,
    *,
    display: str,
    scope: str | None = None,
    strict: bool = False,
) -> TranscriptReport:
    """Import one JSONL transcript; bad lines are reported (or, with ``strict``,
    nothing is imported)."""
    read = read_transcript(path)
    scope = scope or ctx.scope
    report = TranscriptReport(
        path=display,
        skipped=read.skipped,
        problems=[{"line": p.line, "message": p.message} for p in read.problems],
    )
    if strict and read.problems:
        first = read.problems[0]
        raise IngestError(
            f"{first.message} ({len(read.problems)} bad lines; nothing "
            "imported because of --strict)",
            path=display,
            line=first.line,
        )
    sessions = sorted({t.session for t in read.turns})
    report.sessions = len(sessions)
    many = len(sessions) > 1
    turns = sorted(read.turns, key=lambda t: (t.session, t.turn))
    present: set[str] = set()
    retired: list[str] = []
    ids = [episode_id(scope, display, t.session, t.turn) for t in turns]
    for start in range(0, len(ids), 1000):
        for row in graph.read("existing_ids", ids=ids[start : start + 1000]):
            present.add(row["id"])
            if row["retired"]:
                retired.append(row["id"])
    fresh = [t for t, i in zip(turns, ids, strict=True) if i not in present]
    report.already_present = len(turns) - len(fresh) - len(retired)
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
        _write_chunk(graph, ctx, chunk, display, scope, many)
        report.imported += len(chunk)
    return report


def _episode(
    ctx: WriteContext, turn: Turn, display: str, scope: str, many: bool, vector: list[float] | None
) -> Episode:
    ref = f"{display}#{turn.session}:{turn.turn}" if many else f"{display}#{turn.turn}"
    return Episode(
        id=episode_id(scope, display, turn.session, turn.turn),
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
        embedding=vector,
    )


def _write_chunk(
    graph: Graph, ctx: WriteContext, chunk: list[Turn], display: str, scope: str, many: bool
) -> None:
    vectors: list[list[float] | None] = [None] * len(chunk)
    if ctx.embedder is not None:
        vectors = list(ctx.embedder.embed([f"{t.speaker}: {t.text}" for t in chunk]))
    episodes = [
        _episode(ctx, t, display, scope, many, v) for t, v in zip(chunk, vectors, strict=True)
    ]
    batch = new_id("batch")

    def work(tx: Tx) -> None:
        previous: dict[str, str] = {}
        for session in sorted({e.session or "" for e in episodes}):
            first_turn = min(e.turn or 0 for e in episodes if (e.session or "") == session)
            last = tx.run("last_episode_of_session", session=session, scope=scope)
            if last and (last[0]["turn"] or 0) < first_turn:
                previous[session] = last[0]["id"]
        store.create_nodes(tx, episodes, actor=ctx.actor, batch_id=batch, at=ctx.clock())
        edges: list[Edge] = []
        for episode in episodes:
            session = episode.session or ""
            if session in previous:
                edges.append(
                    Edge(
                        type=RelType.NEXT,
                        source_id=previous[session],
                        target_id=episode.id,
                        created_at=ctx.clock(),
                    )
                )
            previous[session] = episode.id
        if edges:
            store.create_edges(tx, edges, actor=ctx.actor, batch_id=batch, at=ctx.clock())

    graph.write_tx(work)
