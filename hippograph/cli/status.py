"""``hippo init`` and ``hippo status``."""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

import typer

from hippograph.cli.app import app, drain_captures, settings_of
from hippograph.cli.output import print_kv, print_table, render, view

if TYPE_CHECKING:
    from hippograph.hooks.warmup import WarmUp
    from hippograph.ops.maintenance import MaintenanceRuns
    from hippograph.ops.status import ProjectList, StatusReport
    from hippograph.units.rescope import Adopted


@dataclass(frozen=True)
class InitReport:
    """What ``hippo init`` did: the schema statements applied, and the recall warm-up."""

    applied: list[str]
    warm_up: WarmUp
    adopted: Adopted | None = None  # memory of this repository from before projects

    def as_dict(self) -> dict[str, Any]:
        """The --json shape."""
        adopted = self.adopted.model_dump(mode="json") if self.adopted else None
        return {"applied": self.applied, "warm_up": asdict(self.warm_up), "adopted": adopted}


@view("hippograph.cli.status.InitReport")
def _initialised(out: InitReport) -> None:
    typer.echo(
        f"Schema applied: {len(out.applied)} statements, every index ONLINE. "
        f"Warm-up: {out.warm_up.summary()}."
    )
    a = out.adopted
    if a is not None and (a.moved or a.kept):
        typer.echo(
            f"Moved {a.moved} units of scope {a.source} (written before projects) into project "
            f"{a.project}"
            + (f"; {a.kept} left, the project holds the same text" if a.kept else "")
            + "."
        )


@app.command("init")
def init(
    ctx: typer.Context, as_json: bool = typer.Option(False, "--json", help="Print JSON.")
) -> None:
    """Create constraints and indexes (idempotent), wait until they are ONLINE, then plan
    recall once. Inside a repository, memory written there before projects existed (scoped by
    the folder's name) moves into the project."""
    from hippograph.hooks import warmup
    from hippograph.memory import Memory

    settings = settings_of(ctx)
    with Memory.connect(settings, ensure_schema_=False) as memory:
        files = memory.init()
        adopted = memory.adopt()
    drain_captures(settings)
    report = InitReport(applied=files, warm_up=warmup.warm(settings), adopted=adopted)
    render(report, as_json=as_json)


@app.command("status")
def status(
    ctx: typer.Context,
    indexes: bool = typer.Option(
        False,
        "--indexes",
        "--verbose",
        help="List every index with its state (shown anyway if one is not ONLINE).",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Server, schema, indexes (summed up), counts, embedding model, last maintenance."""
    settings = settings_of(ctx)
    from hippograph.memory import Memory

    with Memory.connect(settings, ensure_schema_=False) as memory:
        drain_captures(settings)
        report = memory.status()
        render(report, as_json=as_json)
        if indexes and not as_json and _all_online(report):
            _index_table(report)


def _project(r: StatusReport) -> str:
    """The project's id, and the folder it was opened in when the id does not say it (a clone
    of a repository is named by its remote)."""
    if not r.project:
        return "none (outside a repository: every project is visible)"
    if r.project_root and r.project not in (r.project_root, f"path:{r.project_root}"):
        return f"{r.project}  (repository {r.project_root})"
    return r.project


@view("hippograph.ops.status.StatusReport")
def _status(r: StatusReport) -> None:
    s = r.server
    e = r.embedding
    print_kv(
        "hippograph status",
        [
            ("server", f"{s['uri']}  ({s['name']} {s['version']} {s['edition']})"),
            ("database", s["database"]),
            ("project", _project(r)),
            (
                "schema",
                f"version {r.schema_version}"
                if r.schema_version
                else "not applied: run `hippo init`",
            ),
            ("indexes", _index_summary(r)),
            ("full-text", f"{r.fulltext['index']} {r.fulltext['state'] or 'missing'}"),
            (
                "vector",
                f"{e['vector_index_state'] or 'missing'}; model {e['model']} "
                f"{'found' if e['model_path'] else 'not installed'}; "
                f"{'ready' if e['ready'] else 'not ready'}; "
                f"{e['units_without_embedding']} units without embedding",
            ),
            ("maintenance", _last_run(r.last_maintenance)),
            (
                "claims",
                f"{r.counts['units_with_failed_claims']} current unit(s) with a claim found false "
                "(hippo verify)",
            ),
        ],
    )
    if not _all_online(r):  # the table when something needs looking at; else `--indexes`
        _index_table(r)
    labels = r.counts["labels"]
    print_table("Nodes per label", ["label", "count"], [[k, v] for k, v in sorted(labels.items())])
    if r.counts["memory"]:
        print_table(
            "Memory by kind, lifecycle and truth",
            ["kind", "lifecycle", "truth_status", "count"],
            [
                [m["kind"], m["lifecycle"], m["truth_status"], m["count"]]
                for m in r.counts["memory"]
            ],
        )


def _all_online(r: StatusReport) -> bool:
    return bool(r.indexes) and all(ix["state"] == "ONLINE" for ix in r.indexes)


def _index_summary(r: StatusReport) -> str:
    states = Counter(str(ix["state"]) for ix in r.indexes)
    if not states:
        return "none: run `hippo init`"
    summary = ", ".join(f"{n} {state}" for state, n in sorted(states.items()))
    return summary if _all_online(r) else f"{summary}: see the table below"


def _index_table(r: StatusReport) -> None:
    print_table(
        "Indexes",
        ["name", "type", "state", "labels", "properties"],
        [
            [
                ix["name"],
                ix["type"],
                ix["state"],
                ",".join(ix["labels"] or []),
                ",".join(ix["properties"] or []),
            ]
            for ix in r.indexes
        ],
    )


def _last_run(runs: list[dict[str, Any]]) -> str:
    if not runs:
        return "never run (hippo maintain)"
    latest = max(r["started_at"] for r in runs)
    jobs = ", ".join(f"{r['job']} {r['changed']}" for r in runs)
    return f"last at {latest:%Y-%m-%d %H:%M} UTC (changed: {jobs})"


@app.command("maintain")
def maintain(
    ctx: typer.Context,
    job: str | None = typer.Option(
        None, "--job", help="One of: embed, ttl, memory_score, unit_decay, edge_weights, lifecycle."
    ),
    dry_run: bool = typer.Option(
        False, "--dry-run", help="Count what would change; change nothing."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Run maintenance: embeddings backfill, TTL expiry, MemoryScore, decay,
    edge weights, lifecycle; first, import session captures queued while Neo4j was down."""
    from hippograph.cli.app import open_memory

    with open_memory(ctx) as memory:
        render(memory.maintain(job=job, dry_run=dry_run), as_json=as_json)


@view("hippograph.ops.maintenance.MaintenanceRuns")
def _runs(runs: MaintenanceRuns) -> None:
    verb = "would change" if any(r.dry_run for r in runs) else "changed"
    print_table(
        None,
        ["job", verb, "seconds", "notes"],
        [[r.job, r.changed, r.duration_s, r.notes] for r in runs],
    )


@app.command("projects")
def projects(
    ctx: typer.Context,
    adopt: str | None = typer.Option(
        None,
        "--adopt",
        metavar="SCOPE",
        help="Move every unit of SCOPE into the project you are in (recorded; `hippo undo` "
        "reverses it), e.g. a scope named by hand before projects existed.",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Every project that holds memory (and the workspace, and agents' notes), with its units;
    the one you are in is marked."""
    from hippograph.errors import ConfigError
    from hippograph.memory import Memory

    with Memory.connect(settings_of(ctx), ensure_schema_=False) as memory:
        drain_captures(settings_of(ctx))
        if adopt is not None:
            moved = memory.adopt(adopt)
            if moved is None:
                raise ConfigError(
                    "--adopt moves a scope into the project you are in; run it inside the "
                    "project's repository."
                )
            render(moved, as_json=as_json)
            return
        render(memory.projects(), as_json=as_json)


@view("hippograph.units.rescope.Adopted")
def _adopted(a: Adopted) -> None:
    typer.echo(
        f"Moved {a.moved} units of scope {a.source} into project {a.project}"
        + (f"; {a.kept} left, the project holds the same text" if a.kept else "")
        + (f" (batch {a.batch_id})." if a.batch_id else ".")
    )


@view("hippograph.ops.status.ProjectList")
def _projects(r: ProjectList) -> None:
    if not r:
        typer.echo("No memory yet.")
        return
    print_table(
        "Projects",
        ["", "scope", "units"],
        [["*" if p.current else "", p.scope, p.units] for p in r],
    )
