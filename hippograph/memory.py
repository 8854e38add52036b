"""``Memory``: the public Python API; the CLI and MCP server call the same methods."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hippograph.code.indexer import IndexReport, Progress, index_path
from hippograph.code.named import index_named
from hippograph.code.ownership import code_project
from hippograph.code.walk import repo_root
from hippograph.config import Settings
from hippograph.errors import AccessDeniedError, NotFoundError
from hippograph.graph.client import Graph
from hippograph.graph.migrations import apply_schema, ensure_schema
from hippograph.guard import check_patch, claims
from hippograph.guard.check_patch import Verdict
from hippograph.guard.claims import ClaimsReport
from hippograph.guard.pre_edit import PreEdit, pre_edit
from hippograph.ingest.import_markdown import MarkdownReport, import_markdown
from hippograph.ingest.import_transcript import TranscriptReport, import_transcript
from hippograph.kinds import decisions, failures, rules
from hippograph.kinds.rules import RuleList
from hippograph.ops import maintenance, snapshot
from hippograph.ops import snapshot_project as scoped
from hippograph.ops.maintenance import MaintenanceRuns
from hippograph.ops.snapshot import SnapshotReport
from hippograph.ops.status import ProjectList, StatusReport, gather_status
from hippograph.ops.status import projects as list_projects
from hippograph.recall.engine import RecallEngine, RecallOptions, RecallResult
from hippograph.recall.gate import REASON_TEXT, GateConfig
from hippograph.repo.project import WORKSPACE, Project, project_of
from hippograph.schema import RuleCategory, Severity, UnitInput, utc_now
from hippograph.schema.results import Result, UnitList
from hippograph.units import (
    access,
    branches,
    history,
    lifecycle,
    pipeline,
    policy,
    rescope,
    review,
    usage,
)
from hippograph.units import grants as granting
from hippograph.units import notes as notebook
from hippograph.units import purge as purging
from hippograph.units.access import Level
from hippograph.units.branches import BranchDiff, BranchList, MergeResult
from hippograph.units.embedder import Embedder, installed_embedder
from hippograph.units.grants import Granted, GrantTable
from hippograph.units.history import ChangeLog, RollbackResult, UndoResult, UnitHistory, UnitView
from hippograph.units.lifecycle import ConfirmResult, DeprecateResult
from hippograph.units.notes import AgentNotes
from hippograph.units.purge import PurgeResult
from hippograph.units.read_gate import Principal, gated
from hippograph.units.records import RememberResult, WriteContext
from hippograph.units.rescope import Adopted
from hippograph.units.review import Resolution, ReviewQueue

if TYPE_CHECKING:  # imported where they run, so `hippo --help` and the hooks stay light
    from hippograph.guard.safe_run import RunReport
    from hippograph.ingest.import_adr import AdrImport
    from hippograph.ingest.import_git import GitImport


class Memory:
    """A connection to hippograph memory in one Neo4j database, on one branch and scope."""

    def __init__(
        self,
        graph: Graph,
        settings: Settings,
        *,
        embedder: Embedder | None = None,
        cwd: Path | None = None,
        clock: Callable[[], datetime] = utc_now,
        principal: Principal | None = None,
        all_projects: bool = False,
        project: str | None = None,
    ) -> None:
        self.graph = graph
        self.settings = settings
        # Every read of memory through this connection passes the read gate, as this principal.
        # Its role, and that role's grants, come from the graph (units/access.py).
        self.principal, self.grants = access.load(
            graph, principal or Principal(name=settings.actor, kind="person", role="admin")
        )
        self.cwd = cwd or Path.cwd()
        # The project is the repository the working folder lies in; it sees its own memory and
        # the workspace's. Outside any repository (or with all_projects) every scope is visible.
        here = project_of(self.cwd)
        self.project: Project | None = here
        if project is not None:  # another project, named on purpose (`--project`)
            root = here.root if here else self.cwd
            self.project = Project(id=project, name=project.rsplit("/", 1)[-1], root=root)
        self._view = self._visible_scopes(all_projects)
        self.graph = gated(graph, self.principal, scopes=self._view, grants=self.grants)
        self.embedder = embedder
        self.clock = clock
        self.main_branch = branches.main_branch(self.cwd, settings.main_branch)
        self.branch = settings.branch or branches.current_branch(self.cwd) or self.main_branch
        self.visible_branches = branches.visible_branches(self.branch, self.main_branch, self.cwd)
        self.repository = here.root.name if here else None  # the folder: older scopes
        self.code_key = here.id if here else None  # code of this repository (code/ownership)
        self._root: Path | None = here.root if here else None  # source lines are read there

    @property
    def root(self) -> Path:
        """The project root: the repository holding the working folder, else the folder itself.
        Source lines are read relative to it, never to the working folder."""
        if self._root is None:
            self._root = repo_root(self.cwd)
        return self._root

    @classmethod
    def connect(
        cls,
        settings: Settings | None = None,
        *,
        ensure_schema_: bool = True,
        embedder: Embedder | None = None,
        cwd: Path | None = None,
        clock: Callable[[], datetime] = utc_now,
        principal: Principal | None = None,
        all_projects: bool = False,
        project: str | None = None,
    ) -> Memory:
        """Connect with ``settings`` (default: from the environment); schema on first use."""
        settings = settings or Settings.from_env()
        graph = Graph.connect(settings)
        try:
            if ensure_schema_:
                ensure_schema(graph)
        except BaseException:
            graph.close()
            raise
        return cls(
            graph,
            settings,
            embedder=embedder,
            cwd=cwd,
            clock=clock,
            principal=principal,
            all_projects=all_projects,
            project=project,
        )

    def close(self) -> None:
        """Close the connection."""
        self.graph.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _visible_scopes(self, all_projects: bool) -> frozenset[str] | None:
        if all_projects or self.project is None:
            return None
        notes = f"agent:{self.principal.name}" if self.principal.kind == "agent" else "agent:*"
        own = {self.project.id, self.project.name}  # the name: scopes written before projects
        return frozenset({*own, WORKSPACE, self.settings.scope, notes})

    @property
    def write_scope(self) -> str:
        """Where new memory goes: the configured scope when one was set, else this project."""
        if "scope" in self.settings.model_fields_set or self.project is None:
            return str(self.settings.scope)
        return self.project.id

    @property
    def actor(self) -> str:
        """Who writes, for the change log: ``agent:NAME`` for an agent, else the actor."""
        if self.principal.kind == "agent":
            return f"agent:{self.principal.name}"
        return self.settings.actor

    def _own_notes(self, agent: str) -> None:
        """An agent reads and writes its own notes only; a person (the local user) any."""
        if self.principal.kind == "agent" and agent != self.principal.name:
            raise AccessDeniedError(
                f"{agent}'s notes are private to {agent}; you are {self.principal.name}, "
                "so read and update your own notes."
            )

    def _may(self, level: Level, scope: str, what: str) -> None:
        """Refuse, in one sentence, what this principal's grants do not allow on ``scope``."""
        if not self.grants.may(self.principal, level, scope):
            raise AccessDeniedError(
                f"{self.principal.name} (role {self.grants.role}) may not {what} in scope "
                f"{scope!r}; ask an admin for `hippo grant {self.grants.role} {scope} "
                f"{level.name.lower()}`."
            )

    def _may_change(self, unit_id: str, level: Level = Level.WRITE) -> None:
        """Refuse to change a unit this principal may not write (or cannot see at all)."""
        rows = self.graph.read("get_node", id=unit_id)
        if not rows:
            raise NotFoundError(
                f"no memory node has id {unit_id!r} that you may read; check the id with "
                "`hippo recall` or `hippo log`."
            )
        scope = rows[0]["props"].get("scope")
        if isinstance(scope, str):
            self._may(level, scope, "change memory")

    def _may_read_everything(self, what: str, narrower: str = "") -> None:
        """Refuse what covers every scope (export, rollback) to a principal who may not, or
        to a view of one project (it would act on part of memory only); ``narrower`` says how
        to do it for one project instead ({} is its id)."""
        if not self.grants.is_unlimited():
            raise AccessDeniedError(
                f"{what} covers every scope, and only an admin may do it; "
                f"{self.principal.name} has role {self.grants.role}."
            )
        if self._view is not None:
            one = f", or {narrower.format(self.project.id)}" if narrower and self.project else ""
            raise AccessDeniedError(
                f"{what} covers every project, and this command sees only "
                f"{self.project.id if self.project else 'one project'}; run it with "
                f"`hippo --all-projects ...` (or outside any repository){one}."
            )

    def _ctx(self, scope: str | None = None) -> WriteContext:
        self._may(Level.WRITE, scope or self.write_scope, "write memory")
        return WriteContext(
            actor=self.actor,
            scope=self.write_scope,
            branch=self.branch,
            visible_branches=self.visible_branches,
            embedder=self.embedder,
            clock=self.clock,
            project=self.code_key,
            index_named=lambda names: index_named(names, self._root, self.index),
        )

    # -- schema and status ----------------------------------------------------

    def init(self) -> list[str]:
        """Apply every schema file (idempotent) and wait until indexes are ONLINE."""
        return apply_schema(self.graph)

    def status(self) -> StatusReport:
        """Server, schema, index states, counts, embedding readiness, last maintenance run."""
        project = self.project.id if self.project else None
        return gather_status(self.graph, self.settings, project, self._root)

    # -- access -------------------------------------------------------------------

    def grant(self, role: str, scope: str, level: str) -> Granted:
        """Give ``role`` ``level`` (none, read, write, admin) on ``scope`` (``*``: every scope);
        only an admin of the scope may."""
        return granting.grant(
            self.graph, self.principal, self.grants, role, scope, level, at=self.clock()
        )

    def assign_role(self, principal: str, role: str) -> Granted:
        """Give a person (by name) or an agent (``agent:NAME``) a role; only an admin may."""
        return granting.assign(
            self.graph, self.principal, self.grants, principal, role, at=self.clock()
        )

    def grant_table(self) -> GrantTable:
        """Every stored grant and role (the built-in defaults hold where none is stored)."""
        return granting.table(self.graph)

    def adopt(self, source: str | None = None) -> Adopted | None:
        """Move the units of scope ``source`` (default: this repository's folder name, which
        memory written before projects used) into this project; None outside a repository."""
        if self.project is None:
            return None
        source = source or self.project.name
        self._may(Level.WRITE, source, "move memory")
        # the scope is named on purpose, so it joins the view for this move
        view = None if self._view is None else self._view | {source}
        graph = gated(self.graph, self.principal, scopes=view, grants=self.grants)
        return rescope.adopt(graph, self._ctx(self.project.id), source, self.project.id)

    def projects(self) -> ProjectList:
        """Every project (and the workspace, and agents' notes) with its current units."""
        current = self.project.id if self.project else None
        return list_projects(
            self.graph, current, lambda s: self.grants.may(self.principal, Level.READ, s)
        )

    # -- writing ----------------------------------------------------------------

    def remember(self, text: str, **fields: Any) -> RememberResult:
        """Run a statement through the pipeline: dedupe, detect contradictions, link, stage."""
        return pipeline.remember(self.graph, self._ctx(), UnitInput(text=text, **fields))

    def supersede(self, unit_id: str, text: str, *, reason: str, **fields: Any) -> RememberResult:
        """Replace a unit with a new statement; the old one is closed, never edited."""
        self._may_change(unit_id)
        return pipeline.supersede(
            self.graph, self._ctx(), unit_id, UnitInput(text=text, **fields), reason
        )

    def confirm(self, unit_id: str, *, reason: str | None = None) -> ConfirmResult:
        """Confirm a unit: truth confirmed, confidence up, lifecycle re-evaluated."""
        self._may_change(unit_id)
        return lifecycle.confirm(self.graph, self._ctx(), unit_id, reason=reason)

    def deprecate(self, unit_id: str, *, reason: str) -> DeprecateResult:
        """Stop believing a unit (kept, tagged, never deleted)."""
        self._may_change(unit_id)
        return lifecycle.deprecate(self.graph, self._ctx(), unit_id, reason=reason)

    def purge(self, unit_id: str, *, reason: str) -> PurgeResult:
        """Remove a unit's words for good: its text, its embedding, its change log's copies."""
        self._may_change(unit_id, Level.ADMIN)
        return purging.purge(self.graph, self._ctx(), unit_id, reason=reason)

    # -- recall -------------------------------------------------------------------

    def _lazy_embedder(self) -> Embedder | None:
        """The embedder, loaded on first semantic use (never on the keyword path)."""
        if self.embedder is None:
            self.embedder = installed_embedder(self.settings)
        return self.embedder

    def recall(
        self,
        query: str,
        *,
        k: int = 5,
        mode: str = "hybrid",
        scope: str | None = None,
        as_of: datetime | None = None,
        strict: bool = True,
        kinds: list[str] | None = None,
        include_history: bool = False,
        record_usage: bool = True,
        shared: bool = False,
    ) -> RecallResult:
        """Find what memory knows about ``query``; in strict mode, abstain with a reason when
        nothing passes. ``shared``: leave agents' private notes out."""
        access.check_in_view(self._view, [scope], self.project.id if self.project else "")
        engine = self._engine()
        opts = RecallOptions(
            k=k,
            mode=mode,
            scope=scope,
            as_of=as_of,
            strict=strict,
            kinds=tuple(kinds) if kinds else None,
            include_history=include_history,
            prefer_scope=self.project.id if self.project else self.repository,
            shared=shared,
        )
        result = engine.recall(query, opts)
        todo = result.to_record  # the engine only reads: what it used, or an abstain's need
        if todo is not None and (need := todo.need) is not None:
            if as_of is None:  # an abstain about the past is no gap to fill today: no task
                result.task_id = self._record_task(need.query, need.reason, list(need.involved))
        elif todo is not None and record_usage:
            usage.record_usage(self.graph, todo.used, todo.at)
        return result

    def _engine(self) -> RecallEngine:
        return RecallEngine(
            self.graph,
            branches=self.visible_branches,
            clock=self.clock,
            embedder=self._lazy_embedder,
            gate_config=GateConfig(
                self.settings.recall_min_confidence, self.settings.recall_min_trust
            ),
            weights=self.settings.retrieval_weights,
            curves=self.settings.curves,
        )

    def _record_task(self, query: str, reason: str, involved: list[str]) -> str | None:
        """Record (once) that memory could not answer ``query`` for ``reason``, in this
        project; the task id (None for a reader who may not write here: it only reads)."""
        if not self.grants.may(self.principal, Level.WRITE, self.write_scope):
            return None
        return usage.record_task(
            self.graph,
            scope=self.write_scope,
            actor=self.actor,
            clock=self.clock,
            query=query,
            reason=reason,
            detail=REASON_TEXT[reason],
            involved=involved,
        )

    # -- decisions ------------------------------------------------------------------

    def decide(
        self,
        decision: str,
        *,
        problem: str | None = None,
        reasoning: str | None = None,
        alternatives: Sequence[str | tuple[str, str]] = (),
        governs: Sequence[str] = (),
        about: Sequence[str] = (),
        supersedes: str | None = None,
        source: str = "user",
        source_ref: str | None = None,
        topic: str | None = None,
        valid_from: datetime | None = None,
    ) -> RememberResult:
        """Record a decision: problem, alternatives ("OPTION: why rejected"), choice,
        reasoning, what it governs."""
        alts = [a if isinstance(a, tuple) else decisions.parse_alternative(a) for a in alternatives]
        return decisions.decide(
            self.graph,
            self._ctx(),
            problem=problem,
            decision=decision,
            reasoning=reasoning,
            alternatives=alts,
            governs=governs,
            about=about,
            supersedes=supersedes,
            source=source,
            source_ref=source_ref or f"api:{self.settings.actor}",
            topic=topic,
            valid_from=valid_from,
        )

    def record_outcome(self, decision_id: str, outcome: str) -> decisions.Outcome:
        """How a decision turned out, dated."""
        return decisions.record_outcome(self.graph, self._ctx(), decision_id, outcome)

    def why(
        self, subject: str, *, as_of: datetime | None = None, mode: str = "hybrid"
    ) -> decisions.WhyAnswer:
        """Why did we choose X: the current decision, its alternatives, reasoning,
        outcome and chain. ``mode`` is recall's: keyword needs no model."""
        return decisions.why(
            self.graph,
            subject,
            as_of=as_of or self.clock(),
            recall=lambda q, **kw: self.recall(q, **kw),
            record_task=self._record_task,
            mode=mode,
        )

    # -- negative memory and rules ------------------------------------------------------

    def fail(
        self,
        what: str,
        *,
        why: str | None = None,
        fix: str | None = None,
        commit: str | None = None,
        test: str | None = None,
        symbols: Sequence[str] = (),
        source: str = "user",
        source_ref: str | None = None,
    ) -> RememberResult:
        """Record a failure; refused unless a commit of this repository or a test id proves it."""
        return failures.record_failure(
            self.graph,
            self._ctx(),
            what=what,
            why=why,
            fix=fix,
            commit=commit,
            test=test,
            symbols=symbols,
            repo=self.cwd,
            source=source,
            source_ref=source_ref,
        )

    def add_rule(
        self,
        message: str,
        *,
        category: str,
        severity: str,
        scope: str = "*",
        forbid: str | None = None,
        require: str | None = None,
        ts_query: str | None = None,
        language: str | None = None,
        from_failure: str | None = None,
        source: str = "user",
        source_ref: str | None = None,
    ) -> RememberResult:
        """Record a rule (advisory when it has no check; pushed to agents as policy)."""
        return rules.add_rule(
            self.graph,
            self._ctx(),
            message=message,
            category=RuleCategory(category),
            severity=Severity(severity),
            scope=scope,
            forbid=forbid,
            require=require,
            ts_query=ts_query,
            language=language,
            from_failure=from_failure,
            source=source,
            source_ref=source_ref,
        )

    def rules(self) -> RuleList:
        """Rules in force, most severe first."""
        return rules.in_force(self.graph, list(self.visible_branches))

    def policies(self) -> RuleList:
        """Advisory rules (no machine check): pushed to every agent."""
        return rules.policies(self.graph, list(self.visible_branches))

    def import_adrs(self, directory: Path) -> AdrImport:
        """Import architecture decision records (MADR, Nygard) as decisions; idempotent."""
        from hippograph.ingest.import_adr import import_adrs

        return import_adrs(
            self.graph,
            self._ctx(),
            directory if directory.is_absolute() else self.cwd / directory,
            self.cwd,
        )

    def import_git(self, *, since: str | None = None, max_count: int | None = None) -> GitImport:
        """Propose failures (hypotheses) from reverts and fix commits,
        linked to the symbols they changed."""
        from hippograph.ingest.import_git import import_git

        return import_git(
            self.graph, self._ctx(), self.cwd, since=since, max_count=max_count, index=self.index
        )

    def safe_run(
        self,
        patch: str,
        *,
        test: str,
        build: str | None = None,
        commit: bool = False,
        allow_dirty: bool = False,
        timeout_s: float = 600.0,
        message: str = "hippo safe-run",
    ) -> RunReport:
        """Checkpoint, rules, apply, build, test; commit on success,
        restore and record a failure otherwise."""
        from hippograph.guard.safe_run import failure_recorder, safe_run

        return safe_run(
            self.cwd,
            patch,
            build=build,
            test=test,
            commit=commit,
            allow_dirty=allow_dirty,
            timeout_s=timeout_s,
            message=message,
            check=lambda p: self.check_patch(p),
            record=failure_recorder(self.fail),
        )

    def check_patch(
        self, diff_text: str, *, confirm: Sequence[str] = (), reason: str | None = None
    ) -> Verdict:
        """Judge a unified diff against the rules and failures around the code it touches:
        allow, warn or block."""
        return check_patch.check_patch(
            self.graph,
            self._ctx(),
            diff_text,
            repo=self.cwd,
            branches=list(self.visible_branches),
            index=lambda p: self.index(p),
            confirm=list(confirm),
            reason=reason,
        )

    def feedback(self, unit_id: str, *, helped: bool) -> Feedback:
        """Record that a recalled unit helped (success) or was wrong (failure)."""
        row = usage.record_feedback(self.graph, unit_id, helped=helped, now=self.clock())
        if row is None:
            raise NotFoundError(f"no memory unit has id {unit_id!r}; check it with `hippo recall`.")
        return Feedback.model_validate(row)

    def maintain(self, *, job: str | None = None, dry_run: bool = False) -> MaintenanceRuns:
        """Run the maintenance jobs (or one): scores, decay, weights, TTL, lifecycle, embed."""
        return maintenance.run(
            self.graph,
            job=job,
            dry_run=dry_run,
            now=self.clock(),
            embedder=self._lazy_embedder,
            curves=self.settings.curves,
        )

    # -- reading ------------------------------------------------------------------

    def get(self, unit_id: str, *, as_of: datetime | None = None) -> UnitView:
        """A unit with its edges and the exact source lines;
        ``as_of`` rebuilds it as it was then."""
        return history.unit_view(self.graph, unit_id, as_of=as_of, now=self.clock(), root=self.root)

    def units(
        self,
        *,
        kind: str | None = None,
        subject: str | None = None,
        scope: str | None = None,
        include_closed: bool = False,
        limit: int = 100,
    ) -> UnitList:
        """Units visible from this branch (main's plus its own), newest first."""
        rows = self.graph.read(
            "list_units",
            branches=list(self.visible_branches),
            kind=kind,
            subject=policy.key_of(subject) if subject else None,
            scope=scope,
            include_closed=include_closed,
            limit=limit,
        )
        return UnitList([row["unit"] for row in rows])

    def log(
        self,
        *,
        since: datetime | None = None,
        until: datetime | None = None,
        unit_id: str | None = None,
        limit: int = 100,
    ) -> ChangeLog:
        """The change log, newest first."""
        return history.log(self.graph, since=since, until=until, unit_id=unit_id, limit=limit)

    def history(self, unit_id: str) -> UnitHistory:
        """When a unit was first believed, its changes, what it replaced and what replaced it."""
        return history.unit_history(self.graph, unit_id)

    def undo(self, change_id: str) -> UndoResult:
        """Undo the action that made a change; refused when a later change depends on it."""
        rows = self.graph.read("get_change", id=change_id)
        scope = rows[0]["change"].get("scope") if rows else None
        if isinstance(scope, str):
            self._may(Level.WRITE, scope, "undo changes")
        return history.undo(self.graph, self._ctx(), change_id)

    def rollback(self, to: datetime) -> RollbackResult:
        """Reverse what this project recorded after ``to`` (every scope with --all-projects, for
        an admin), itself recorded as changes; the workspace and other projects stay as they are."""
        if self._view is None or self.project is None:
            self._may_read_everything("a rollback of every project")
            return history.rollback(self.graph, self._ctx(), to)
        scopes = sorted({self.project.id, self.project.name})  # the name: scopes before projects
        for scope in scopes:
            self._may(Level.WRITE, scope, "roll back memory")
        return history.rollback(self.graph, self._ctx(), to, scopes=scopes)

    # -- sources ------------------------------------------------------------------

    def import_markdown(self, paths: list[Path]) -> MarkdownReport:
        """Import memory Markdown files; unchanged files are skipped, edited units superseded."""
        return import_markdown(self.graph, self._ctx(), paths, self.cwd)

    def import_transcript(
        self, path: Path, *, scope: str | None = None, strict: bool = False, progress: Any = None
    ) -> TranscriptReport:
        """Import a JSONL transcript as chained episodes (again, by any path: nothing added);
        ``progress(done, of, phase)`` hears parse, embed and write."""
        path = path if path.is_absolute() else self.cwd / path
        options = {"scope": scope, "strict": strict, "progress": progress}
        shown = _display(path, self.cwd)
        return import_transcript(self.graph, self._ctx(scope), path, display=shown, **options)

    def export(
        self, directory: Path, *, projects: Sequence[str] = (), format: str = "jsonl"
    ) -> SnapshotReport:
        """Write all memory (admin only), or the memory of ``projects`` (scopes this reader may
        read), as sorted JSONL that imports again, or as Markdown to read (docs/export.md)."""
        markdown = scoped.check_format(format) == "markdown"
        if not projects:
            self._may_read_everything("an export", "export this project only with `--project {}`")
            if markdown:
                return scoped.export_markdown(self.graph, directory, None)
            files = snapshot.export_snapshot(self.graph, directory)
            return SnapshotReport(action="exported", directory=directory, files=files)
        for scope in sorted(set(projects)):
            self._may(Level.READ, scope, "export memory")
        view = None if self._view is None else self._view | set(projects)  # named on purpose
        graph = gated(self.graph, self.principal, scopes=view, grants=self.grants)
        scoped.check_present(graph, projects)
        write = scoped.export_markdown if markdown else scoped.export_projects
        return write(graph, directory, projects)

    def import_snapshot(self, directory: Path) -> SnapshotReport:
        """Restore an export into an empty database."""
        self._may_read_everything("a snapshot import")
        files = snapshot.import_snapshot(self.graph, directory)
        return SnapshotReport(action="imported", directory=directory, files=files)

    # -- code -------------------------------------------------------------------------

    def index(
        self, path: Path, *, project: str | None = None, progress: Progress | None = None
    ) -> IndexReport:
        """Index source files (incremental: unchanged files are not parsed,
        nothing is written for them)."""
        return index_path(
            self.graph,
            self._ctx(),
            path if path.is_absolute() else self.cwd / path,
            project=project,
            progress=progress,
        )

    def verify_claims(self, *, scopes: list[str] | None = None, urls: bool = False) -> ClaimsReport:
        """Check the claims current units make (paths, symbols, branches, commits; URLs when asked)
        against this repository and its code graph; a failed claim marks its unit (``claims_hold``
        fails in recall). ``scopes`` default: this repository's scope and the configured one."""
        if scopes is None:
            own = [self.project.id, self.project.name] if self.project else []
            scopes = sorted({self.settings.scope, *own})
        access.check_in_view(self._view, scopes, self.project.id if self.project else "")
        root = repo_root(self.cwd)
        probes = claims.Probes(self.graph, root, code_project(root), urls=urls)
        return claims.verify(self.graph, self._ctx(), probes, scopes=scopes)

    def pre_edit(self, target: str) -> PreEdit:
        """What memory says about FILE[:SYMBOL|:LINE[-LINE]] before it is edited, by identity."""
        return pre_edit(
            self.graph,
            target,
            cwd=self.cwd,
            branches=list(self.visible_branches),
            index=lambda p: self.index(p),
            root=self.root,
        )

    # -- agents' private working notes ------------------------------------------------

    def agent_notes(self, agent: str) -> AgentNotes | None:
        """An agent's private working notes (the current unit), or None before its first update."""
        self._own_notes(agent)
        return notebook.current(self.graph, agent, list(self.visible_branches))

    def update_agent_notes(
        self, agent: str, notes: str, *, mode: str = "replace"
    ) -> RememberResult:
        """Replace (or append to) an agent's notes; the previous version is superseded,
        so history is kept."""
        self._own_notes(agent)
        return notebook.update(
            self.graph, self._ctx(), agent, notes, mode=mode, main_branch=self.main_branch
        )

    # -- review ---------------------------------------------------------------------

    def review(self, limit: int = 100) -> ReviewQueue:
        """Open conflicts, ambiguities and tasks."""
        return review.list_open(self.graph, limit)

    def resolve(
        self, item_id: str, *, accept: bool, keep: str | None = None, note: str | None = None
    ) -> Resolution:
        """Accept or reject a review item (recorded)."""
        return review.resolve(self.graph, self._ctx(), item_id, accept=accept, keep=keep, note=note)

    # -- branches -----------------------------------------------------------------

    def branch_list(self) -> BranchList:
        """Units per branch, and the branch this memory is on."""
        return branches.list_branches(self.graph, current=self.branch)

    def branch_diff(self, name: str) -> BranchDiff:
        """Units learned on a branch that main does not see."""
        return branches.diff(self.graph, name)

    def branch_merge(self, name: str) -> MergeResult:
        """Make a branch's memory visible on main (recorded, undoable)."""
        return branches.merge(self.graph, self._ctx(), name, self.main_branch)


class Feedback(Result):
    """A unit's feedback counts after one more: how often it helped, how often it was wrong."""

    id: str
    success_count: int
    failure_count: int


def _display(path: Path, base: Path) -> str:
    """How a file is named in reports and source refs: relative to ``base`` when inside it, else
    its full path (never a ``../`` that only made sense where it was typed)."""
    resolved = path.resolve()
    try:
        return resolved.relative_to(base.resolve()).as_posix()
    except ValueError:
        return resolved.as_posix()
