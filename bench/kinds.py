"""`python -m bench truthfulness --kinds`: the kind-of-answer rules checked against the labelled
truthfulness sets without a database, in a second.

For every case whose question asks for a kind of answer (``answer_kind.expected`` on the
question the prompt opens with): an answer the rules would reject (the current statement of a
``changed`` case or the user's statement of a ``contradiction`` that does not state the kind:
a loss), and an ``unknown`` case whose every statement in scope, background included, is
rejected (recall must abstain on it). Blind sets (``truthfulness.BLIND``) are reported as
counts only, so that checking a rule does not show their text.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hippograph.recall import answer_kind, answer_said, intent
from hippograph.recall.asked import Asked


@dataclass
class SetKinds:
    """What the rules do to one set's cases."""

    name: str
    asked: int = 0  # cases whose question asks for a kind of answer
    losses: list[tuple[str, str, str]] = field(default_factory=list)  # kind, query, answer
    blocked: list[tuple[str, str]] = field(default_factory=list)  # kind, query


def _unit(statement: dict[str, Any]) -> dict[str, Any]:
    return {"kind": "fact", "text": statement["text"], "valid_from": statement.get("valid_from")}


def _label(asked: Asked) -> str:
    return f"{asked.kind.value}/{asked.dimension.value}" if asked.dimension else asked.kind.value


def check_set(
    name: str, background: list[dict[str, Any]], cases: Iterable[dict[str, Any]]
) -> SetKinds:
    """The kind-of-answer rules applied to one set's cases."""
    out = SetKinds(name)
    for case in cases:
        asked = answer_kind.expected_in(case["query"], intent.question_of(case["query"]))
        if asked is None or case["type"] == "chitchat":
            continue
        out.asked += 1
        statements = {s["key"]: s for s in case.get("statements", [])}
        if case["type"] in ("changed", "contradiction"):
            answer = statements[case["expect"]["answer"]]
            if not answer_said.states(asked, _unit(answer)):
                out.losses.append((_label(asked), case["query"], answer["text"]))
        elif not any(
            answer_said.states(asked, _unit(s)) for s in [*background, *statements.values()]
        ):
            out.blocked.append((_label(asked), case["query"]))
    return out


def report(results: list[SetKinds], blind: frozenset[str]) -> list[str]:
    """Lines to print: the totals, then each loss (blind sets: counted, not shown)."""
    lines = [
        f"kinds: {sum(r.asked for r in results)} cases ask for a kind of answer in "
        f"{len(results)} sets | answers rejected {sum(len(r.losses) for r in results)} | "
        f"unknowns every statement of which is rejected {sum(len(r.blocked) for r in results)}"
    ]
    for r in results:
        if r.name in blind:
            lines.append(
                f"  {r.name} (blind): {len(r.losses)} answers rejected, {len(r.blocked)} unknowns"
            )
            continue
        lines.extend(f"  {r.name} LOSS {k} | {q} | {a}" for k, q, a in r.losses)
    return lines


def run(paths: list[Path], load: Any, blind: frozenset[str]) -> int:
    """Check every set; print the report; 1 when any answer would be rejected."""
    results = [check_set(p.name, *load(p)) for p in paths]
    print("\n".join(report(results, blind)))
    return 1 if any(r.losses for r in results) else 0
