"""Tools that read and write shared knowledge: facts, decisions, failures and rules.

Each docstring is the tool description an agent reads: when to call it, what comes back,
and what an abstain means.
"""

from __future__ import annotations

from hippograph.kinds.decisions import Outcome
from hippograph.mcp.models import (
    GetMemoryInput,
    ProposeFactInput,
    ProposeRuleInput,
    RecordDecisionInput,
    RecordFailureInput,
    RecordOutcomeInput,
    SearchMemoryInput,
    SearchMemoryOutput,
    SupersedeFactInput,
    WhyInput,
    WhyOutput,
    WriteOutput,
)
from hippograph.mcp.registry import mcp_source_ref, plain, spec, when
from hippograph.memory import Memory
from hippograph.units.history import UnitView


def search_memory(memory: Memory, args: SearchMemoryInput) -> SearchMemoryOutput:
    """Search this project's long-term memory: facts, decisions, failures, rules and episodes.

    Call it before answering a question about the project, before choosing a library or an
    approach, and whenever you are about to rely on something you think you remember.
    Returns ranked `items` (id, kind, text, source_ref, score, truth_status, validity dates).
    Cite an item by its id and source_ref; get_memory(id) gives the full unit and its exact
    source lines. A `truth_status` of "hypothesis" means an agent proposed it and nobody has
    confirmed it yet: say so when you rely on it.
    `abstain: true` means nothing passed the strict gate (relevant, confident, trusted,
    currently valid); `reason` says why. Then memory does not know: tell the user so, do not
    guess. When relevant memories failed a check (an unverified hypothesis, a contradiction, a
    failed claim), `involved` lists their ids: tell the user which to confirm or fix.
    `silent: true` means the query carried nothing to look up (chit-chat).
    strict=false also returns weaker candidates; label them as uncertain. as_of answers as
    memory stood at a past moment.
    """
    result = memory.recall(
        args.query,
        k=args.k,
        mode=args.mode,
        scope=args.scope,
        as_of=when(memory, args.as_of),
        strict=args.strict,
        kinds=list(args.kinds) if args.kinds else None,
        include_history=args.include_history,
        shared=True,  # agents' private notes live in agent:* scopes: read_my_notes has them
    )
    return SearchMemoryOutput.model_validate(plain(result.as_dict()))


def get_memory(memory: Memory, args: GetMemoryInput) -> UnitView:
    """Fetch one memory unit by id: all its properties, its edges, and the exact source lines.

    Call it after search_memory or why when you need the whole unit: who said it (source_kind,
    source_ref), how sure memory is (confidence, trust, truth_status), when it was true
    (valid_from, valid_until) and what it links to (ABOUT, GOVERNS, SUPERSEDED_BY edges).
    With as_of it rebuilds the unit as it was then, and `believed` says whether memory believed
    it at that moment. An unknown id is an error naming the id.
    """
    data = plain(memory.get(args.id, as_of=when(memory, args.as_of)).model_dump())
    # Memory.get names the kind by label ("Fact"); search and the unit itself say "fact":
    # use one spelling.
    data["kind"] = data["unit"].get("kind") or data["kind"]
    return UnitView.model_validate(data)


def propose_fact(memory: Memory, args: ProposeFactInput) -> WriteOutput:
    """Propose a fact for long-term memory: something true about the project worth knowing next
    time.

    Call it when you learn something durable (a convention, a dependency, where something
    lives, a constraint the user stated); not for the current task's scratch state, which
    belongs in update_my_notes. Write one self-contained statement, name what it is about in
    `about`, and give `topic` when it settles an aspect (e.g. subject "api", topic "database")
    so a later fact on the same subject and topic replaces it. It is recorded as yours (source
    "agent"), so it starts as a hypothesis until the user confirms it, even when the user said
    it: put where it came from in source_ref (e.g. "chat: user, 2026-03-01"). Returns the unit
    id and the action: created, or strengthened when memory already held the statement.
    `conflicts` lists conflicts opened because it contradicts a more trusted unit (see
    list_memory_conflicts); `superseded` the units it replaced.
    """
    result = memory.remember(
        args.text,
        kind="fact",
        source=args.source,
        source_ref=args.source_ref or mcp_source_ref(memory),
        topic=args.topic,
        subject=args.subject,
        about=args.about,
        scope=args.scope,
    )
    return WriteOutput.model_validate(result.as_dict())


def supersede_fact(memory: Memory, args: SupersedeFactInput) -> WriteOutput:
    """Replace a memory unit that is no longer true with what is true now.

    Call it when you find that a unit returned by search_memory is outdated (the database
    moved, a function was renamed, a rule changed). The old unit is closed and kept as
    history, never edited; `reason` is stored with the change. Returns the new unit's id and
    the superseded id. It is an error to supersede a unit that is already closed: supersede
    its successor instead.
    """
    result = memory.supersede(
        args.id,
        args.text,
        reason=args.reason,
        source=args.source,
        source_ref=args.source_ref or mcp_source_ref(memory),
    )
    return WriteOutput.model_validate(result.as_dict())


def record_decision(memory: Memory, args: RecordDecisionInput) -> WriteOutput:
    """Record a design decision: the problem, the choice,
    the rejected alternatives and the reasoning.

    Call it when a choice is made in the conversation (a library, an architecture, an API
    shape) so that "why did we choose X" can be answered later. Give each rejected option as
    "OPTION: why it was rejected", list the files or symbols it governs (so pre_edit shows it
    to whoever edits them), and `supersedes` with the id of the decision it replaces, if any.
    Returns the decision's id; record how it turned out later with record_outcome.
    """
    result = memory.decide(
        args.decision,
        problem=args.problem,
        reasoning=args.reasoning,
        alternatives=args.alternatives,
        governs=args.governs,
        about=args.about,
        supersedes=args.supersedes,
        source=args.source,
        source_ref=args.source_ref or mcp_source_ref(memory),
        topic=args.topic,
    )
    return WriteOutput.model_validate(result.as_dict())


def record_outcome(memory: Memory, args: RecordOutcomeInput) -> Outcome:
    """Record how a decision turned out (dated; an earlier outcome stays in the history).

    Call it when the consequences of a recorded decision become known: it worked, it caused
    an incident, it was reverted. The id must be a decision's id (from why or record_decision).
    """
    return memory.record_outcome(args.id, args.outcome)


def why(memory: Memory, args: WhyInput) -> WhyOutput:
    """Answer "why did we choose X?": the decision in force about X,
    its alternatives and its history.

    Call it before changing or questioning an established choice (a library, a pattern, a
    file's design). Returns the current `decision` (problem, reasoning, outcome), the
    `alternatives` that were rejected and why, what it `governs`, and the chain of decisions
    it `supersedes`. `abstain: true` means no decision about X is recorded: say that memory
    has no recorded reason, do not invent one. as_of answers as of a past moment.
    """
    return WhyOutput.model_validate(
        plain(memory.why(args.subject, as_of=when(memory, args.as_of)).as_dict())
    )


def record_failure(memory: Memory, args: RecordFailureInput) -> WriteOutput:
    """Record a failure so it is not repeated: what broke, why, how it was fixed, and its proof.

    Call it after you diagnose and fix a bug or a broken build. A failure needs proof: a
    commit of this repository or the id of the failing test. `symbols` are the files or
    symbols that broke; pre_edit shows the failure to whoever edits them next, and a rule can
    be derived from it with propose_rule(from_failure=id). Returns the failure's id.
    """
    result = memory.fail(
        args.what,
        why=args.why,
        fix=args.fix,
        commit=args.commit,
        test=args.test,
        symbols=args.symbols,
        source="agent",
    )
    return WriteOutput.model_validate(result.as_dict())


def propose_rule(memory: Memory, args: ProposeRuleInput) -> WriteOutput:
    """Propose a rule the code must follow (architecture, code, security,
    performance, anti-pattern).

    Call it when the user states a rule, or a failure shows a pattern that must not recur.
    Give at most one check: `forbid` (a regex an added line must not match) or `require`
    (a regex a changed file must match); without a check the rule is advisory and is shown to
    every agent as policy. `scope` is a path glob, a symbol or "*". critical and high rules
    block patches in check_patch. Recorded as source "agent" (a hypothesis until confirmed).
    """
    result = memory.add_rule(
        args.message,
        category=args.category,
        severity=args.severity,
        scope=args.scope,
        forbid=args.forbid,
        require=args.require,
        from_failure=args.from_failure,
        source="agent",
        source_ref=args.source_ref or mcp_source_ref(memory),
    )
    return WriteOutput.model_validate(result.as_dict())


TOOLS = [
    # read_only is the hint clients use to auto-approve;
    # recall and why only add usage counts and review tasks.
    spec(search_memory, read_only=True),
    spec(get_memory, read_only=True),
    spec(propose_fact, read_only=False),
    spec(supersede_fact, read_only=False),
    spec(record_decision, read_only=False),
    spec(record_outcome, read_only=False),
    spec(why, read_only=True),
    spec(record_failure, read_only=False),
    spec(propose_rule, read_only=False),
]
