"""Decisions and "why did we choose X" (docs/graph-model.md, docs/agents.md): problem, alternatives
rejected and why, the choice, its reasoning, its outcome,
and the chain of decisions that replaced each other."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from hippograph.errors import IngestError, NotFoundError
from hippograph.graph.client import Graph, Tx
from hippograph.recall.engine import RecallResult
from hippograph.schema import Alternative, Edge, MemoryKind, RelType, UnitInput, new_id
from hippograph.schema.results import Result
from hippograph.schema.targets import file_target
from hippograph.units import pipeline, policy, store
from hippograph.units.history import states_at, was_believed
from hippograph.units.lifecycle import close_as_superseded
from hippograph.units.records import RememberResult, WriteContext, build_record, vectors


def parse_alternative(text: str) -> tuple[str, str]:
    """``"OPTION: why rejected"`` into its two parts; both are required."""
    option, sep, why = text.partition(":")
    if not sep or not option.strip() or not why.strip():
        raise IngestError(
            f'alternative {text!r} lacks its reason; write it as "OPTION: why it was rejected".'
        )
    return option.strip(), why.strip()


def decide(
    graph: Graph,
    ctx: WriteContext,
    *,
    problem: str | None,
    decision: str,
    reasoning: str | None,
    alternatives: Sequence[tuple[str, str]],
    governs: Sequence[str] = (),
    about: Sequence[str] = (),
    supersedes: str | None = None,
    source: str = "user",
    source_ref: str,
    topic: str | None = None,
    valid_from: datetime | None = None,
    title: str | None = None,
) -> RememberResult:
    """Record a decision with its alternatives (CONSIDERED), what it governs,
    and what it supersedes."""
    if not decision or not decision.strip():
        raise IngestError("a decision needs its decision text (--decision): what was chosen.")
    unit = UnitInput(
        text=decision,
        kind=MemoryKind.DECISION,
        source=source,  # type: ignore[arg-type]
        source_ref=source_ref,
        about=list(about),
        governs=list(governs),
        topic=topic,
        valid_from=valid_from,
        title=title,
        details={
            "problem": problem,
            "reasoning": reasoning,
            "status": "accepted",
            "alternatives_text": "; ".join(f"{o}: {w}" for o, w in alternatives) or None,
        },
    )
    old: dict[str, Any] | None = None
    if supersedes:
        rows = graph.read("unit_link_state", id=supersedes)
        if not rows or rows[0]["unit"].get("kind") != "decision":
            raise NotFoundError(f"--supersedes {supersedes}: no decision has that id.")
        old = rows[0]["unit"]
    record = build_record(ctx, unit, ctx.clock()).model_copy(update=vectors(ctx, [decision])[0])
    batch = new_id("batch")

    def work(tx: Tx) -> RememberResult:
        result = pipeline.remember_in_tx(
            tx, ctx, unit, record, batch, exclude_ids=[supersedes] if supersedes else []
        )
        if result.action == "created" and alternatives:
            now = ctx.clock()
            alts = [
                Alternative(id=new_id("alt"), option=o, why_rejected=w, created_at=now)
                for o, w in alternatives
            ]
            store.create_nodes(tx, alts, actor=ctx.actor, batch_id=batch, at=now)
            store.create_edges(
                tx,
                [
                    Edge(
                        type=RelType.CONSIDERED, source_id=result.id, target_id=a.id, created_at=now
                    )
                    for a in alts
                ],
                actor=ctx.actor,
                batch_id=batch,
                at=now,
            )
        if old is not None and supersedes not in result.superseded:
            close_as_superseded(
                tx,
                ctx,
                old,
                result.id,
                record.valid_from or ctx.clock(),
                batch,
                reason=f"replaced by {result.id}",
            )
            result.superseded.append(old["id"])
        return result

    return graph.write_tx(work)


class Outcome(Result):
    """How a decision turned out, and when that was recorded."""

    id: str
    outcome: str
    outcome_at: datetime


def record_outcome(graph: Graph, ctx: WriteContext, decision_id: str, outcome: str) -> Outcome:
    """Fill in how a decision turned out (dated); the earlier outcome stays in the history."""
    if not outcome.strip():
        raise IngestError("the outcome is empty; say how the decision turned out.")
    rows = graph.read("unit_link_state", id=decision_id)
    if not rows or rows[0]["unit"].get("kind") != "decision":
        raise NotFoundError(
            f"no decision has id {decision_id!r}; find it with `hippo why SUBJECT`."
        )
    now = ctx.clock()
    batch = new_id("batch")
    graph.write_tx(
        lambda tx: store.update_node(
            tx,
            decision_id,
            {"outcome": outcome.strip(), "outcome_at": now},
            actor=ctx.actor,
            batch_id=batch,
            reason="outcome",
            at=now,
        )
    )
    return Outcome(id=decision_id, outcome=outcome.strip(), outcome_at=now)


@dataclass
class WhyAnswer:
    """The why-chain for a subject, or an abstain with its reason."""

    subject: str
    as_of: datetime
    decision: dict[str, Any] | None = None
    alternatives: list[dict[str, Any]] = field(default_factory=list)
    governs: list[str] = field(default_factory=list)
    supersedes: list[dict[str, Any]] = field(default_factory=list)
    superseded_by: list[dict[str, Any]] = field(default_factory=list)
    others: list[dict[str, Any]] = field(default_factory=list)
    # "governs": the decision governs the subject (a link); "words": recall found it by its
    # words or meaning, and nothing recorded governs the subject
    found_by: str | None = None
    abstain: bool = False
    reason: str | None = None
    task_id: str | None = None

    def as_dict(self) -> dict[str, Any]:
        """Plain dict for JSON output."""
        return dict(self.__dict__)


# A subject written as code: snake_case, camelCase, dotted, a path, or with ().
_CODE_NAME = re.compile(r"^[\w./:-]*(?:_|\.|/|[a-z][A-Z]|\(\))[\w./:()-]*$")


def names_code(subject: str) -> bool:
    """Whether ``subject`` is written as code (``format_invoice``, ``shop.auth``, a path)
    rather than as a topic in words ("JWT tokens")."""
    return bool(_CODE_NAME.match(subject.strip()))


def why(
    graph: Graph,
    subject: str,
    *,
    as_of: datetime,
    recall: Callable[..., RecallResult],
    record_task: Callable[[str, str, list[str]], str | None],
    mode: str = "hybrid",
) -> WhyAnswer:
    """Answer "why did we choose X": the current decision about X found through recall (in
    ``mode``) and the graph."""
    answer = WhyAnswer(subject=subject, as_of=as_of)
    found = recall(
        subject,
        k=5,
        kinds=["decision"],
        as_of=as_of,
        strict=False,
        record_usage=False,
        mode=mode,
    )
    # What governs the subject comes first (an exact link), then what recall found by words or
    # meaning; vector search always has a nearest neighbour, so only relevant ones.
    target = file_target(subject)
    governing = graph.read(
        "decisions_governing",
        name=subject.strip(),
        key=policy.key_of(subject),
        path=target.path if target else None,
        symbol=target.symbol if target else None,
    )
    candidates = list(dict.fromkeys(row["id"] for row in governing))
    candidates += [
        i["id"] for i in found.items if i["checks"].get("relevant") and i["id"] not in candidates
    ]
    # One read for all of them. A decision forgotten since recall found it is simply not there.
    past = states_at(graph, candidates, as_of) if candidates else {}
    candidates = [c for c in candidates if c in past]  # None: created after as_of, still known
    current: list[dict[str, Any]] = []
    for unit_id in candidates:
        props = past.get(unit_id)
        if (
            props is not None
            and was_believed(props, as_of)
            and not _superseded_then(graph, unit_id, as_of)
        ):
            current.append(props)
    if not current or current[0].get("in_conflict"):
        answer.abstain = True
        answer.reason = (
            "contradiction_unresolved"
            if current
            else ("temporal_invalid" if candidates else "no_accepted_facts")
        )
        answer.task_id = record_task(f"why {subject}", answer.reason, candidates[:3])
        return answer
    best = current[0]
    chains = graph.read("decision_chain", id=best["id"])
    if not chains:  # forgotten since its state was read: nothing to show of it
        answer.abstain, answer.reason = True, "no_accepted_facts"
        answer.task_id = record_task(f"why {subject}", answer.reason, [])
        return answer
    chain = chains[0]
    answer.found_by = "governs" if any(row["id"] == best["id"] for row in governing) else "words"
    answer.decision = best
    answer.alternatives = chain["alternatives"]
    answer.governs = chain["governs"]
    answer.supersedes = [d for d in chain["supersedes"] if d["recorded_at"] <= as_of]
    answer.superseded_by = [d for d in chain["superseded_by"] if d["recorded_at"] <= as_of]
    answer.others = [{"id": d["id"], "text": d["text"]} for d in current[1:3]]
    return answer


def _superseded_then(graph: Graph, unit_id: str, as_of: datetime) -> bool:
    chain = graph.read("decision_chain", id=unit_id)
    return bool(chain) and any(d["recorded_at"] <= as_of for d in chain[0]["superseded_by"])
