"""Rules (docs/agents.md): normative statements with a category, a severity, a scope and,
optionally, a machine-checkable pattern. Rules with no check are advisory and pushed to agents as
policy."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from hippograph.code.languages import language_of
from hippograph.errors import IngestError, NotFoundError
from hippograph.graph.client import Graph, Tx
from hippograph.schema import Edge, MemoryKind, RelType, RuleCategory, Severity, UnitInput, new_id
from hippograph.schema.results import Result, Rows
from hippograph.units import pipeline, store
from hippograph.units.records import RememberResult, WriteContext, build_record, vectors


def compile_ts_query(query: str, language: str) -> Any:
    """A tree-sitter query compiled for ``language``; an IngestError names what is wrong with it."""
    from tree_sitter import Query
    from tree_sitter_language_pack import get_language

    try:
        return Query(get_language(language), query)  # type: ignore[arg-type]
    except Exception as exc:  # tree-sitter raises several kinds; all mean "this query is invalid"
        raise IngestError(
            f"the tree-sitter query is invalid for {language}: {exc}; check its syntax."
        ) from exc


def check_of(
    forbid: str | None, require: str | None, ts_query: str | None, language: str | None, scope: str
) -> tuple[str | None, str | None, str | None]:
    """Validate the one check a rule may carry: (check_kind, pattern, language)."""
    given = [
        (k, v) for k, v in (("forbid", forbid), ("require", require), ("ts-query", ts_query)) if v
    ]
    if len(given) > 1:
        raise IngestError(
            "a rule carries one check: give only one of --forbid, --require, --ts-query."
        )
    if not given:
        return None, None, None
    kind, pattern = given[0]
    if kind in ("forbid", "require"):
        try:
            re.compile(pattern)
        except re.error as exc:
            raise IngestError(
                f"--{kind} {pattern!r} is not a valid regular expression: {exc}."
            ) from exc
        return kind, pattern, None
    lang = language or language_of(scope.replace("*", "x"))
    if lang is None:
        raise IngestError(
            "a --ts-query rule needs --language (or a --scope glob ending in a source extension)."
        )
    compile_ts_query(pattern, lang)
    return kind, pattern, lang


def add_rule(
    graph: Graph,
    ctx: WriteContext,
    *,
    message: str,
    category: RuleCategory,
    severity: Severity,
    scope: str,
    forbid: str | None = None,
    require: str | None = None,
    ts_query: str | None = None,
    language: str | None = None,
    from_failure: str | None = None,
    source: str = "user",
    source_ref: str | None = None,
) -> RememberResult:
    """Record a rule; derived from a failure it links DERIVED_FROM;
    a symbol scope also links GOVERNS."""
    kind, pattern, lang = check_of(forbid, require, ts_query, language, scope)
    if from_failure:
        rows = graph.read("unit_link_state", id=from_failure)
        if not rows or rows[0]["unit"].get("kind") != "failure":
            raise NotFoundError(f"--from-failure {from_failure}: no failure has that id.")
    governs = [scope] if graph.read("find_code_target", name=scope, project=ctx.project) else []
    unit = UnitInput(
        text=message,
        kind=MemoryKind.RULE,
        source=source,  # type: ignore[arg-type]
        source_ref=source_ref
        or (f"failure:{from_failure}" if from_failure else f"rule:{ctx.actor}"),
        governs=governs,
        details={
            "category": category,
            "severity": severity,
            "applies_to": scope,
            "check_kind": kind,
            "pattern": pattern,
            "language": lang,
        },
    )
    record = build_record(ctx, unit, ctx.clock())
    # so the semantic voice finds rules as it finds facts
    record = record.model_copy(update=vectors(ctx, [unit.text])[0])
    batch = new_id("batch")

    def work(tx: Tx) -> RememberResult:
        result = pipeline.remember_in_tx(tx, ctx, unit, record, batch)
        if from_failure and result.action == "created":
            store.create_edges(
                tx,
                [
                    Edge(
                        type=RelType.DERIVED_FROM,
                        source_id=result.id,
                        target_id=from_failure,
                        created_at=ctx.clock(),
                    )
                ],
                actor=ctx.actor,
                batch_id=batch,
                at=ctx.clock(),
            )
            for task in tx.run("open_tasks_for_unit", id=result.id, reason="unlinked"):
                store.update_node(
                    tx,
                    task["id"],
                    {"status": "done", "resolved_at": ctx.clock(), "resolution": "linked"},
                    actor=ctx.actor,
                    batch_id=batch,
                    at=ctx.clock(),
                )
        return result

    return graph.write_tx(work)


def glob_match(path: str, pattern: str) -> bool:
    """Whether a repo-relative path matches a scope glob, with gitignore semantics
    (``**`` spans folders)."""
    import pathspec

    return bool(pathspec.GitIgnoreSpec.from_lines([pattern]).match_file(path))


class RuleInForce(Result):
    """A rule in force: what it says, how severe it is, where it applies and its check, if any."""

    id: str
    text: str
    category: str
    severity: str
    applies_to: str | None
    check_kind: str | None
    pattern: str | None
    source_ref: str | None
    truth_status: str | None
    lifecycle: str | None
    recorded_at: datetime | None


class RuleList(Rows[RuleInForce]):
    """Rules in force, most severe first."""


def in_force(graph: Graph, branches: list[str]) -> RuleList:
    """Rules in force on ``branches`` (not superseded, retired or deprecated), most severe first."""
    return RuleList.model_validate(
        [r["rule"] for r in graph.read("active_rules", branches=branches)]
    )


def policies(graph: Graph, branches: list[str]) -> RuleList:
    """Advisory rules (no check): the policies pushed to every agent."""
    return RuleList([r for r in in_force(graph, branches) if not r.check_kind])
