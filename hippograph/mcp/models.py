"""Inputs and outputs of the MCP tools: validated on the way in, typed on the way out (STYLE §6).

Field descriptions end up in each tool's JSON schema, which is what the agent reads. A tool whose
answer is exactly what ``Memory`` returns uses that result as its output (``UnitView``,
``Outcome``, ``Verdict``, ``StatusReport``); the models here are the outputs only the tools shape.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator, model_validator

from hippograph.errors import ConfigError
from hippograph.schema.defaults import AGENT_NAME
from hippograph.schema.isotime import parse_when

Kind = Literal["fact", "decision", "failure", "rule", "episode"]


class ToolInput(BaseModel):
    """Arguments of one tool; unknown arguments are refused, so a typo is reported, not ignored."""

    model_config = ConfigDict(extra="forbid")


def _as_of_field() -> Any:
    return Field(
        default=None,
        description="A past moment to answer as of: ISO 8601 (2026-03-01, "
        "2026-03-01T14:00Z) or an age like 30d. Omit for now.",
    )


def _source_ref_field() -> Any:
    return Field(
        default=None,
        max_length=2000,
        description="Where it came from: path#L10-L20, commit:SHA, a URL. "
        "Omit and the server records this MCP call.",
    )


def _check_as_of(value: str | None) -> str | None:
    if value is not None:
        try:
            parse_when(value, "as_of")
        except ConfigError:
            raise ValueError(
                "not a date; use ISO 8601 (2026-03-01 or 2026-03-01T14:00Z) or an age like 30d"
            ) from None
    return value


def _check_shared_scope(value: str | None) -> str | None:
    if value is not None and value.startswith("agent:"):
        raise ValueError("agent:* scopes hold private notes; use read_my_notes / update_my_notes")
    return value


AsOf = Annotated[str | None, AfterValidator(_check_as_of)]
SharedScope = Annotated[str | None, AfterValidator(_check_shared_scope)]


# -- inputs ----------------------------------------------------------------------


class SearchMemoryInput(ToolInput):
    query: str = Field(
        min_length=1, description="What you want to know, in plain words or with identifiers."
    )
    k: int = Field(default=5, ge=1, le=50, description="How many results at most.")
    mode: Literal["keyword", "semantic", "hybrid"] = Field(
        default="hybrid",
        description="hybrid (default: full-text + embeddings + graph), keyword, or semantic.",
    )
    scope: SharedScope = Field(
        default=None, max_length=200, description="Only this scope: workspace or a repository name."
    )
    as_of: AsOf = _as_of_field()
    strict: bool = Field(
        default=True, description="Only confident, trusted, currently valid memory; else abstain."
    )
    kinds: list[Kind] | None = Field(
        default=None, description='Only these kinds, e.g. ["decision"].'
    )
    include_history: bool = Field(
        default=False, description="Also list superseded/expired units as history."
    )


class GetMemoryInput(ToolInput):
    id: str = Field(min_length=1, description="A unit id from search_memory, why or another tool.")
    as_of: AsOf = _as_of_field()


class ProposeFactInput(ToolInput):
    text: str = Field(
        min_length=1, description="One statement, self-contained (name the thing it is about)."
    )
    about: list[str] = Field(
        default_factory=list, description="Entities it is about: services, libraries, files."
    )
    topic: str | None = Field(
        default=None,
        max_length=200,
        description="The aspect it settles (e.g. 'database'); "
        "a later fact on the same subject and topic replaces or contradicts it.",
    )
    subject: str | None = Field(
        default=None, max_length=500, description="What it is about; default: the first of about."
    )
    source_ref: str | None = _source_ref_field()
    source: Literal["agent", "tool", "web"] = Field(
        default="agent",
        description="agent (default: yours, starts as a hypothesis until the user confirms "
        "it); tool for tool output; web for a web page. Where it came from goes in source_ref; "
        "trust comes from who writes, so a fact you record is never the user's.",
    )
    scope: SharedScope = Field(
        default=None,
        max_length=200,
        description="workspace or a repository name; default: the server's.",
    )


class SupersedeFactInput(ToolInput):
    id: str = Field(min_length=1, description="The unit that is no longer true.")
    text: str = Field(min_length=1, description="What is true now.")
    reason: str = Field(min_length=1, description="Why it changed (kept in the history).")
    source: Literal["agent", "tool", "web"] = Field(
        default="agent", description="Where it comes from (see propose_fact)."
    )
    source_ref: str | None = _source_ref_field()


class RecordDecisionInput(ToolInput):
    decision: str = Field(min_length=1, description="What was chosen, as one statement.")
    problem: str | None = Field(default=None, description="The problem the decision solves.")
    alternatives: list[str] = Field(
        default_factory=list, description='Rejected options, each "OPTION: why rejected".'
    )
    reasoning: str | None = Field(default=None, description="Why this option won.")
    governs: list[str] = Field(
        default_factory=list, description="Files (repo-relative), symbols or entities it governs."
    )
    about: list[str] = Field(default_factory=list, description="Entities it is about.")
    supersedes: str | None = Field(
        default=None, description="Id of the earlier decision this one replaces."
    )
    topic: str | None = Field(
        default=None, max_length=200, description="The aspect it settles (e.g. 'database')."
    )
    source: Literal["agent"] = Field(
        default="agent",
        description="Always agent: a decision you record is yours until the user confirms it.",
    )
    source_ref: str | None = _source_ref_field()

    @field_validator("alternatives")
    @classmethod
    def _option_and_reason(cls, value: list[str]) -> list[str]:
        for alt in value:
            option, sep, why = alt.partition(":")
            if not sep or not option.strip() or not why.strip():
                raise ValueError(
                    f'{alt!r} lacks its reason; write each as "OPTION: why it was rejected"'
                )
        return value


class RecordOutcomeInput(ToolInput):
    id: str = Field(min_length=1, description="The decision's id.")
    outcome: str = Field(
        min_length=1,
        description="How it turned out, e.g. 'p95 latency halved; no incidents in 4 weeks'.",
    )


class WhyInput(ToolInput):
    subject: str = Field(
        min_length=1,
        description="The thing that was chosen or is governed: a library, file, symbol.",
    )
    as_of: AsOf = _as_of_field()


class RecordFailureInput(ToolInput):
    what: str = Field(min_length=1, description="What broke, as one statement.")
    why: str | None = Field(default=None, description="The root cause.")
    fix: str | None = Field(default=None, description="How it was fixed.")
    commit: str | None = Field(
        default=None, description="A commit of this repository that fixed or shows it."
    )
    test: str | None = Field(
        default=None,
        description=(
            "The failing test id, e.g. tests/test_x.py::test_y; its file must be in this "
            "repository (now or in its history)."
        ),
    )
    symbols: list[str] = Field(default_factory=list, description="Files or symbols that broke.")

    @model_validator(mode="after")
    def _proof(self) -> RecordFailureInput:
        if not ((self.commit and self.commit.strip()) or (self.test and self.test.strip())):
            raise ValueError(
                "a failure needs its proof: give commit (a commit of this "
                "repository) or test (a test id)"
            )
        return self


class ProposeRuleInput(ToolInput):
    message: str = Field(
        min_length=1,
        description="The rule as the reader should see it, e.g. 'No Cypher in Python strings'.",
    )
    category: Literal["architecture", "code", "security", "performance", "anti-pattern"]
    severity: Literal["critical", "high", "medium", "low"] = Field(
        description="critical and high block patches."
    )
    scope: str = Field(
        default="*",
        description="Where it applies: a path glob (src/**/*.py), a symbol, or * for all.",
    )
    forbid: str | None = Field(
        default=None, description="A regular expression an added line must not match."
    )
    require: str | None = Field(
        default=None, description="A regular expression a changed file must match."
    )
    from_failure: str | None = Field(
        default=None, description="Id of the failure this rule prevents."
    )
    source_ref: str | None = _source_ref_field()


class CheckPatchInput(ToolInput):
    diff: str = Field(
        min_length=1,
        description="A unified diff (git diff output) of the change you intend to apply.",
    )


class PreEditInput(ToolInput):
    target: str = Field(
        min_length=1, description="FILE, FILE:SYMBOL, FILE:LINE or FILE:START-END, repo-relative."
    )


class UpdateMyNotesInput(ToolInput):
    agent: str = Field(
        pattern=AGENT_NAME.pattern,
        description="Your stable agent name, e.g. 'claude-code' or 'reviewer'.",
    )
    notes: str = Field(
        min_length=1, description="The notes (replace) or the lines to add (append)."
    )
    mode: Literal["replace", "append"] = Field(
        default="replace", description="replace the notes, or append to them."
    )


class ReadMyNotesInput(ToolInput):
    agent: str = Field(
        pattern=AGENT_NAME.pattern, description="Your stable agent name, the same every run."
    )


class ListReviewInput(ToolInput):
    limit: int = Field(
        default=20, ge=1, le=200, description="How many items at most, oldest first."
    )


class NoInput(ToolInput):
    pass


class VerifyClaimsInput(ToolInput):
    scopes: list[str] | None = Field(
        default=None,
        description="Scopes to check; default: this repository's and the configured scope.",
    )
    urls: bool = Field(
        default=False,
        description="Also send one HEAD request per URL (network). A URL can be proved "
        "alive, never dead.",
    )


class VerifyClaimsOutput(BaseModel):
    root: str
    units_checked: int
    claims: dict[str, int]
    failed: list[dict[str, Any]]
    cleared: list[str]
    units_changed: int


class RunCypherInput(ToolInput):
    query: str = Field(
        min_length=1, description="One read-only Cypher statement (MATCH ... RETURN ...)."
    )
    params: dict[str, Any] = Field(
        default_factory=dict, description="Values for the $parameters in the query."
    )
    limit: int = Field(default=100, ge=1, le=1000, description="Rows returned at most.")


# -- outputs ---------------------------------------------------------------------


class Hit(BaseModel):
    id: str
    kind: str | None = None
    text: str | None = None
    source_ref: str | None = None
    score: float
    truth_status: str | None = None
    lifecycle: str | None = None
    scope: str | None = None
    valid_from: datetime | None = None
    valid_until: datetime | None = None
    superseded_by: list[str] = Field(default_factory=list)
    is_history: bool = False
    failed: list[str] = Field(
        default_factory=list, description="Strict checks this unit did not pass."
    )


class SearchMemoryOutput(BaseModel):
    query: str
    mode: str
    intent: str
    strict: bool
    as_of: datetime
    abstain: bool = Field(
        description="True: memory has nothing reliable on this; say so, do not guess."
    )
    reason: str | None = Field(default=None, description="Why it abstained.")
    silent: bool = Field(
        description="True: the query carried nothing to look up (chit-chat); nothing was searched."
    )
    items: list[Hit]
    history: list[Hit]
    notes: list[str]
    task_id: str | None = Field(default=None, description="The review task an abstain opened.")
    involved: list[str] = Field(
        default_factory=list,
        description="An abstain over relevant memories that failed a check (unverified, "
        "contradicted, low trust, a failed claim): their ids, for get_memory; tell the user "
        "which to confirm or fix.",
    )


class WriteOutput(BaseModel):
    id: str = Field(description="The unit written (or the existing one a re-mention strengthened).")
    action: str = Field(description="created, strengthened, superseded or unchanged.")
    kind: str
    superseded: list[str] = Field(description="Units this write closed; they are kept as history.")
    conflicts: list[str] = Field(
        description=(
            "Conflicts opened: it contradicts a more trusted unit; see list_memory_conflicts."
        )
    )
    tasks: list[str] = Field(
        description="Review tasks opened, e.g. not linked to anything: add about."
    )
    notes: list[str] = Field(
        default_factory=list,
        description="What the write did that was not asked, e.g. a governed file that is not in "
        "the code graph, linked by name: tell the user.",
    )


class WhyOutput(BaseModel):
    subject: str
    as_of: datetime
    decision: dict[str, Any] | None = Field(
        description="The decision in force, with problem and reasoning."
    )
    alternatives: list[dict[str, Any]] = Field(
        description="Options considered and why each was rejected."
    )
    governs: list[str]
    supersedes: list[dict[str, Any]] = Field(
        description="Earlier decisions it replaced, oldest last."
    )
    superseded_by: list[dict[str, Any]]
    others: list[dict[str, Any]] = Field(description="Other current decisions that matched.")
    found_by: str | None = Field(
        default=None,
        description='"governs": the decision governs the subject; "words": it only matched the '
        "subject's words or meaning (nothing recorded governs it): say so.",
    )
    abstain: bool = Field(
        description="True: no decision about this subject is known; say so, do not guess."
    )
    reason: str | None
    task_id: str | None


class PreEditOutput(BaseModel):
    file: str
    project: str
    symbols: list[dict[str, Any]]
    decisions: list[dict[str, Any]]
    failures: list[dict[str, Any]]
    rules: list[dict[str, Any]]
    facts: list[dict[str, Any]]
    renames: list[dict[str, Any]]
    stale: list[dict[str, Any]]
    indexed_now: bool
    nothing_known: bool = Field(description="True: memory knows nothing about this code.")


class NotesOutput(BaseModel):
    agent: str
    notes: str | None = Field(
        description="Your current notes; null before your first update_my_notes."
    )
    id: str | None
    recorded_at: datetime | None
    action: str | None = Field(
        default=None, description="created, superseded or unchanged (after an update)."
    )
    superseded: list[str] = Field(
        default_factory=list, description="The previous version, kept as history."
    )


class ReviewItem(BaseModel):
    id: str
    kind: str
    text: str | None = None
    reason: str | None = None
    created_at: datetime | None = None
    involves: list[dict[str, Any]]


class ReviewListOutput(BaseModel):
    items: list[ReviewItem]
    count: int


class RunCypherOutput(BaseModel):
    columns: list[str]
    rows: list[dict[str, Any]]
    row_count: int
    truncated: bool = Field(
        description="True: more rows matched than limit; narrow the query or raise limit."
    )
