"""Tools for the coding loop: what memory says before an edit, the patch check, the agent's own
notes, the review queue, status, and read-only Cypher.

Each docstring is the tool description an agent reads.
"""

from __future__ import annotations

from hippograph.errors import HippographError
from hippograph.guard.check_patch import Verdict
from hippograph.mcp.models import (
    CheckPatchInput,
    ListReviewInput,
    NoInput,
    NotesOutput,
    PreEditInput,
    PreEditOutput,
    ReadMyNotesInput,
    ReviewListOutput,
    RunCypherInput,
    RunCypherOutput,
    UpdateMyNotesInput,
    VerifyClaimsInput,
    VerifyClaimsOutput,
)
from hippograph.mcp.registry import plain, spec
from hippograph.memory import Memory
from hippograph.ops.status import StatusReport, unreachable_status


def check_patch(memory: Memory, args: CheckPatchInput) -> Verdict:
    """Check a patch against the project's rules and known failures BEFORE you apply it.

    Call it with the unified diff (git diff output, paths relative to the repository) of the
    change you are about to write. `verdict` is "allow" (go ahead), "warn" (go ahead, but
    tell the user about the `violations` and `warnings`, e.g. code that broke before) or
    "block" (a critical or high rule is violated: do not apply it; follow `repair_plan`, one
    step per violation, and check again). `reminders` are advisory rules that apply to the
    files. Only the user can override a block, never you; nothing on disk changes.
    """
    run = getattr(memory, "check_patch", None)
    if (
        run is None
    ):  # the rule engine's patch check ships separately; say so rather than fail obscurely
        raise HippographError(
            "check_patch is not available in this version of hippograph; call pre_edit for the "
            "rules and failures that apply to the files you change."
        )
    return Verdict.model_validate(plain(run(args.diff, confirm=[]).model_dump()))


def pre_edit(memory: Memory, args: PreEditInput) -> PreEditOutput:
    """What memory knows about a file or symbol BEFORE you edit it: decisions, failures,
    rules, facts.

    Call it before changing code. `target` is FILE, FILE:SYMBOL, FILE:LINE or FILE:START-END
    (repository-relative). Returns the decisions that govern it (respect them or ask), the
    failures that broke it before (do not repeat them), the rules that apply (critical and
    high ones block patches), facts about it, its rename history and stale links. Memory
    follows code by identity, so a renamed or moved symbol keeps its history.
    `nothing_known: true` means memory has nothing on this code: proceed normally.
    """
    return PreEditOutput.model_validate(plain(memory.pre_edit(args.target).as_dict()))


def update_my_notes(memory: Memory, args: UpdateMyNotesInput) -> NotesOutput:
    """Save your private working notes, carried to your next run (other agents do not see them).

    Call it at the end of a task or before your context is compacted: where you stopped,
    what is left to do, what you learned about working in this repository. Use the same
    `agent` name every run. mode "replace" (default) writes the whole notes; "append" adds
    lines. Every version is kept as history. Durable project knowledge belongs in
    propose_fact instead, where every agent can find it.
    """
    result = memory.update_agent_notes(args.agent, args.notes, mode=args.mode)
    return _notes(memory, args.agent, action=result.action, superseded=result.superseded)


def read_my_notes(memory: Memory, args: ReadMyNotesInput) -> NotesOutput:
    """Read your private working notes from earlier runs.

    Call it at the start of a session, with the same `agent` name you always use. `notes`
    is null when you have not saved any yet.
    """
    return _notes(memory, args.agent)


def _notes(
    memory: Memory, agent: str, *, action: str | None = None, superseded: list[str] | None = None
) -> NotesOutput:
    notes = memory.agent_notes(agent)
    return NotesOutput(
        agent=agent,
        notes=notes.notes if notes else None,
        id=notes.id if notes else None,
        recorded_at=notes.recorded_at if notes else None,
        action=action,
        superseded=superseded or [],
    )


def list_memory_conflicts(memory: Memory, args: ListReviewInput) -> ReviewListOutput:
    """Open conflicts: pairs of memory units that contradict each other and wait for a human.

    Call it when a write reported `conflicts`, or when search results disagree. Each item
    names the units involved (id, text). Do not pick a winner yourself: show the conflict to
    the user, who resolves it with `hippo review`.
    """
    return _review(memory, "Conflict", args.limit)


def list_tasks(memory: Memory, args: ListReviewInput) -> ReviewListOutput:
    """Open tasks: questions memory could not answer
    (abstains) and units that need a link or a check.

    Call it when you have time to improve memory, or to see what is known to be unknown.
    Each item has the text (what is missing) and the units involved. Answering one usually
    means propose_fact with the missing knowledge and a source.
    """
    return _review(memory, "Task", args.limit)


def _review(memory: Memory, kind: str, limit: int) -> ReviewListOutput:
    # Memory.review has no kind filter: read the open queue and keep one kind.
    rows = [r for r in memory.review(limit=1000) if r.kind == kind][:limit]
    items = [{**r.item, "kind": r.kind, "involves": r.involves} for r in rows]
    return ReviewListOutput.model_validate(plain({"items": items, "count": len(items)}))


def memory_status(memory: Memory, args: NoInput) -> StatusReport:
    """Health of the memory store: server, schema, index states, counts,
    embedding model, maintenance.

    Call it when a tool reports that Neo4j or an index is unavailable, or to see how much
    memory holds (counts per kind, lifecycle and truth status). `server.reachable: false`
    means Neo4j is down or elsewhere: `server.error` says why and `server.fix` what the user
    can do; the tools connect again on their next call. `embedding.ready: false` means search
    runs on keywords and the graph only.
    """
    return StatusReport.model_validate(plain(memory.status().model_dump()))


def verify_claims(memory: Memory, args: VerifyClaimsInput) -> VerifyClaimsOutput:
    """Check whether what memories say about this repository still holds: the file paths,
    code symbols (in the code graph), branches and commits they name; URLs only with `urls`.

    Call it after a refactor, a merge or a branch cleanup. Each memory with a claim that no
    longer holds is marked (`failed` lists it with the claims, e.g. `path:docs/runbook.md`),
    and search_memory stops returning it as true until the claim holds again or the memory
    is superseded with supersede_fact. `cleared` lists memories whose claims hold again.
    Nothing in a memory is executed; a URL that does not answer is `unknown`, never failed.
    """
    return VerifyClaimsOutput.model_validate(
        plain(memory.verify_claims(scopes=args.scopes, urls=args.urls).as_dict())
    )


def run_cypher(memory: Memory, args: RunCypherInput) -> RunCypherOutput:
    """Run one READ-ONLY Cypher query against the memory graph,
    for questions the other tools do not cover.

    Prefer search_memory, why and pre_edit; use this for counts, paths and ad-hoc joins.
    Labels: Memory (also Fact, Decision, Failure, Rule or Episode; property `text`), Entity,
    File, Symbol, Alternative, Change, Conflict, Task; relationships ABOUT, GOVERNS,
    SUPERSEDED_BY, CONTRADICTS, CONSIDERED, BROKE, FIXED_BY, DEFINED_IN, CALLS, IMPORTS.
    Pass values as $parameters in `params`. The query is planned first and refused unless
    it is a plain read (MATCH, OPTIONAL MATCH, WITH, UNWIND, aggregation, ORDER BY, subqueries,
    and the procedures db.labels, db.index.fulltext.queryNodes, db.index.vector.queryNodes,
    db.schema.*; no writes, SHOW commands or other procedures); it runs with a server-side
    timeout, is never retried, and returns at most
    `limit` rows (`truncated: true` when more matched). Nodes come back as property maps.
    range() needs literal bounds, at most 100,000 values. Cypher cannot be filtered by project
    or grant, so this tool works only when the server sees every project (started as
    `hippo --all-projects serve`) and your role may read every scope; otherwise it answers
    with the reason, and search_memory, get_memory and why are the way to read memory.
    """
    found = memory.graph.read_text(
        args.query, args.params, limit=args.limit, timeout_s=memory.settings.query_timeout_s
    )
    rows = plain(found.rows)
    return RunCypherOutput(
        columns=found.columns, rows=rows, row_count=len(rows), truncated=found.truncated
    )


TOOLS = [
    spec(check_patch, read_only=True),
    spec(pre_edit, read_only=True),  # may index the file first; that only refreshes the code graph
    spec(update_my_notes, read_only=False),
    spec(read_my_notes, read_only=True),
    spec(list_memory_conflicts, read_only=True),
    spec(list_tasks, read_only=True),
    spec(memory_status, read_only=True, unreachable=unreachable_status),
    spec(verify_claims, read_only=False),
    spec(run_cypher, read_only=True),
]
