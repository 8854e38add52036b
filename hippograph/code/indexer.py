"""``hippo index``: source files into :File and :Symbol nodes with identities that survive renames.

Incremental: a file whose content hash is unchanged is not parsed and nothing is
written for it. For changed files, symbols are matched old to new by id; what
disappeared is matched to what appeared (see ``identity``): a signature change marks
references stale and opens a review task; a rename or move links RENAMED_FROM; the rest
is retired (never deleted) or created. Every write is a recorded change.
"""

from __future__ import annotations

import hashlib
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

from hippograph.code import edges, identity, moves, ownership
from hippograph.code import imports as code_imports
from hippograph.code.parser import parse_source
from hippograph.code.records import ParsedFile, ParsedSymbol
from hippograph.code.walk import MAX_BYTES, Candidate, candidates, repo_root
from hippograph.graph.client import Graph, Tx
from hippograph.schema import Edge, File, RelType, Symbol, Task, new_id
from hippograph.units import index_marks, store
from hippograph.units.records import WriteContext

# Called with (step, of steps, what): "parse <file>" while reading, then "write <file>",
# "retire <file>" and "link renames and imports" while writing; the numbering restarts per phase.
Progress = Callable[[int, int, str], None]
# Files written per transaction: one round trip for many files on a full index, small enough
# for the server's per-transaction memory limit (a file holds a few hundred symbols at most).
CHUNK_FILES = 25
# A file whose mtime is this close to the index's start (or later) is read again next time, not
# trusted by its stat: a change within the same clock tick can leave size and mtime unchanged.
RACY_NS = 2_000_000_000


@dataclass
class IndexReport:
    """What one index run saw and did."""

    root: str
    project: str
    files_seen: int = 0
    files_indexed: int = 0
    files_unchanged: int = 0
    files_retired: int = 0
    symbols_created: int = 0
    symbols_updated: int = 0
    symbols_retired: int = 0
    symbols_revived: int = 0
    files_revived: int = 0
    renamed: list[dict[str, str]] = field(default_factory=list)
    signature_changes: list[dict[str, str]] = field(default_factory=list)
    calls_linked: int = 0
    imports_linked: int = 0
    imports_retired: int = 0
    duplicates: list[dict[str, Any]] = field(
        default_factory=list
    )  # same name, kind and signature in one file
    languages: dict[str, int] = field(default_factory=dict)
    skipped: list[dict[str, str]] = field(default_factory=list)
    syntax_errors: list[dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        """Plain dict for JSON output."""
        return dict(self.__dict__)


@dataclass
class _Planned:
    parsed: ParsedFile
    source: bytes
    stat: dict[str, int | None]  # size and mtime_ns to keep with its content hash (or None)
    records: dict[str, Symbol] = field(default_factory=dict)


def _stat_to_keep(cand: Candidate, trusted_before: int) -> dict[str, int | None]:
    """The stat to keep with the hash of the bytes just read: none while the file is "racy" (changed
    within ``RACY_NS`` of now, or in the future), since a change in the same clock tick could
    leave size and mtime as they are (git's racy-clean rule); it is read again next time."""
    if cand.mtime_ns is None or cand.mtime_ns >= trusted_before:
        return {"size": None, "mtime_ns": None}
    return {"size": cand.size, "mtime_ns": cand.mtime_ns}


def _record(
    project: str,
    parsed: ParsedFile,
    sym: ParsedSymbol,
    sketch: list[int],
    calls: list[str],
    ordinal: int = 1,
) -> Symbol:
    return Symbol(
        id=identity.symbol_id(project, sym.qualified_name, sym.kind, sym.signature_hash, ordinal),
        name=sym.name,
        qualified_name=sym.qualified_name,
        kind=sym.kind,
        signature=sym.signature,
        signature_hash=sym.signature_hash,
        body_hash=sym.body_hash,
        fingerprint=identity.fingerprint(
            project, parsed.path, sym.name, sym.kind, sym.signature, parsed.language
        ),
        language=parsed.language,
        file_path=parsed.path,
        start_line=sym.start_line,
        end_line=sym.end_line,
        project=project,
        parent=sym.parent,
        calls=calls,
        body_sketch=sketch,
        sketch_version=identity.SKETCH_VERSION,
    )


def index_path(
    graph: Graph,
    ctx: WriteContext,
    target: Path,
    *,
    project: str | None = None,
    max_bytes: int = MAX_BYTES,
    progress: Progress | None = None,
) -> IndexReport:
    """Index ``target`` (a file or a folder) inside its repository."""
    started = time.perf_counter()
    if not target.exists():
        from hippograph.errors import IngestError

        raise IngestError("no such file or directory; check the path", path=target)
    root = repo_root(target.resolve())
    if project is None:  # the repository's project id; code indexed under its folder name moves
        project = ownership.code_project(root)
        ownership.adopt_legacy(graph, root, project, actor=ctx.actor)
    report = IndexReport(root=str(root), project=project)
    known = {r["path"]: r for r in graph.read("code_files", project=project)[0]["files"]}
    planned: list[_Planned] = []
    seen: set[str] = set()
    confirmed: list[dict[str, Any]] = []  # unchanged files whose stat to record
    trusted_before = time.time_ns() - RACY_NS  # a stat older than this may be cached
    found = list(candidates(target, root, max_bytes=max_bytes))
    languages: Counter[str] = Counter()
    for n, cand in enumerate(found, start=1):
        if progress:
            progress(n, len(found), f"parse {cand.rel}")
        if cand.skip:
            report.skipped.append({"path": cand.rel, "reason": cand.skip})
            continue
        report.files_seen += 1
        seen.add(cand.rel)
        was = known.get(cand.rel)
        # what the graph holds of it, unless it is to be read anyway: a new, retired or
        # pending file (an index stopped before its links), or one read with an older sketch
        current = was if was and not was["links_pending"] and _same_content(was, None) else None
        if current is not None and _stat_holds(cand, current):
            languages[cand.language or "unknown"] += 1
            report.files_unchanged += 1  # the stat its hash was taken at: not even read
            continue
        source = cand.path.read_bytes()
        if b"\0" in source[:8192]:
            report.skipped.append({"path": cand.rel, "reason": "binary file"})
            continue
        languages[cand.language or "unknown"] += 1
        stat = _stat_to_keep(cand, trusted_before)
        if current is not None and current["content_hash"] == hashlib.sha256(source).hexdigest():
            report.files_unchanged += 1  # same bytes: not parsed
            if stat["size"] is not None:  # the stat is kept from now on
                confirmed.append(
                    {"id": current["id"], "content_hash": current["content_hash"], **stat}
                )
            continue
        parsed = parse_source(source, cand.rel, cand.language or "")
        if parsed.syntax_errors:
            report.syntax_errors.append(
                {"path": cand.rel, "lines": list(parsed.syntax_errors[:10])}
            )
        planned.append(_Planned(parsed, source, stat))
    report.languages = dict(languages)
    deleted = []
    if target.resolve().is_dir():
        prefix = target.resolve().relative_to(root).as_posix() if target.resolve() != root else ""
        deleted = [
            p
            for p, row in known.items()
            if not row["retired"] and p not in seen and (not prefix or p.startswith(prefix + "/"))
        ]
    if confirmed:  # unchanged files read because their stat was not kept: keep it now
        graph.write_tx(partial(index_marks.refresh_stats, rows=confirmed))
    _apply(graph, ctx, project, planned, deleted, known, report, progress)
    report.seconds = round(time.perf_counter() - started, 3)
    return report


def _apply(
    graph: Graph,
    ctx: WriteContext,
    project: str,
    planned: list[_Planned],
    deleted: list[str],
    known: dict[str, Any],
    report: IndexReport,
    progress: Progress | None = None,
) -> None:
    read = {p.parsed.path for p in planned}
    # deleted by an index that stopped before their importers' links: resolve those again
    unlinked = [
        p for p, r in known.items() if r["links_pending"] and r["retired"] and p not in read
    ]
    if not planned and not deleted and not unlinked:
        return
    paths = [p.parsed.path for p in planned] + deleted
    old: dict[str, dict[str, Any]] = {}
    for start in range(0, len(paths), 500):
        for row in graph.read(
            "code_symbols_in_files", project=project, paths=paths[start : start + 500]
        ):
            old[row["symbol"]["id"]] = row["symbol"]
    new = _records(project, planned, report)
    # a symbol that comes back (a checkout, a revert) is revived, its history kept
    revived: dict[str, dict[str, Any]] = {}
    unseen = [i for i in new if i not in old]
    for start in range(0, len(unseen), 1000):
        for row in graph.read("code_retired_symbols", ids=unseen[start : start + 1000]):
            revived[row["symbol"]["id"]] = row["symbol"]
    gone = {i: s for i, s in old.items() if i not in new}
    added = {i: s for i, s in new.items() if i not in old and i not in revived}
    new_rows = {i: _row(s) for i, s in new.items()}
    modules = moves.modules_of(old.values()) | moves.modules_of(new_rows.values())
    links = moves.pair(
        moves.views(gone.values(), modules),
        moves.views([new_rows[i] for i in added], modules),
    )
    batch = new_id("batch")
    # symbols retired with their file's writes: gone and unpaired (a paired one is retired with
    # the rename link, in the transaction of its new self, so a stop between the two loses none)
    leaving = set(gone) - {old_id for old_id, _, _ in links}
    steps = len(planned) + len(deleted) + 1
    for start in range(0, len(planned), CHUNK_FILES):
        chunk = planned[start : start + CHUNK_FILES]

        def step(n: int, path: str, first: int = start) -> None:
            if progress:
                progress(first + n, steps, f"write {path}")

        graph.write_tx(
            partial(
                _write_chunk,
                plans=chunk,
                step=step,
                ctx=ctx,
                batch=batch,
                links=links,
                gone=gone,
                new=new,
                project=project,
                old=old,
                revived=revived,
                leaving=leaving,
                known=known,
                report=report,
            )
        )
    for n, path in enumerate(deleted, start=len(planned) + 1):
        if progress:
            progress(n, steps, f"retire {path}")
        graph.write_tx(
            partial(
                _retire_file,
                ctx=ctx,
                project=project,
                path=path,
                known=known,
                batch=batch,
                report=report,
            )
        )
    if progress:
        progress(steps, steps, "link renames and imports")
    # the symbols of files whose links an index that stopped left unwritten: all of them again
    unfinished = {
        i: rec
        for plan in planned
        if known.get(plan.parsed.path, {}).get("links_pending")
        for i, rec in plan.records.items()
    }
    report.calls_linked += edges.link_calls(
        graph, ctx, project, unfinished | added, batch, drawn_for=unfinished
    )
    drawn, retired = edges.link_imports(
        graph, ctx, project, [p.parsed.path for p in planned], deleted + unlinked, known, batch
    )
    report.imports_linked += drawn
    report.imports_retired += retired
    done = [identity.file_id(project, p) for p in [*paths, *unlinked]]
    graph.write_tx(partial(index_marks.mark_links_pending, ids=done, pending=False))


def _records(project: str, planned: list[_Planned], report: IndexReport) -> dict[str, Symbol]:
    """The symbol records of the files read, by id (each plan keeps its own too)."""
    new: dict[str, Symbol] = {}
    for plan in planned:
        lines = plan.source.decode("utf-8", errors="replace").splitlines()
        symbols = plan.parsed.symbols
        sketches = identity.sketches(lines, [(s.start_line, s.end_line, s.name) for s in symbols])
        calls: dict[str | None, list[str]] = {}
        for call in plan.parsed.calls:
            calls.setdefault(call.caller, []).append(call.callee)
        seen: Counter[tuple[str, str, str]] = Counter()
        for sym, sketch in zip(symbols, sketches, strict=True):
            key = (sym.qualified_name, sym.kind, sym.signature_hash)
            # a property's getter and setter, overloads: told apart by order, not merged
            seen[key] += 1
            rec = _record(
                project,
                plan.parsed,
                sym,
                sketch,
                sorted(set(calls.get(sym.qualified_name, []))),
                seen[key],
            )
            plan.records[rec.id] = rec
            new[rec.id] = rec
        report.duplicates += [
            {"path": plan.parsed.path, "qualified_name": qn, "kind": kind, "count": n}
            for (qn, kind, _), n in seen.items()
            if n > 1
        ]
    return new


def _row(sym: Symbol) -> dict[str, Any]:
    """A parsed symbol in the shape of a graph row (what ``moves`` reads)."""
    return {
        "id": sym.id,
        "qualified_name": sym.qualified_name,
        "name": sym.name,
        "kind": str(sym.kind),
        "parent": sym.parent,
        "file_path": sym.file_path,
        "body_hash": sym.body_hash,
        "body_sketch": sym.body_sketch,
        "sketch_version": sym.sketch_version,
        "start_line": sym.start_line,
        "end_line": sym.end_line,
    }


def _write_file(
    tx: Tx,
    ctx: WriteContext,
    project: str,
    plan: _Planned,
    old: dict[str, dict[str, Any]],
    revived: dict[str, dict[str, Any]],
    leaving: set[str],
    known: dict[str, Any],
    batch: str,
    report: IndexReport,
    pending: _Pending,
    now: datetime,
) -> None:
    """One file's writes: updates run now; the nodes and edges it creates wait in ``pending``
    for the end of its chunk (``_write_chunk``), all at the chunk's instant ``now``."""
    parsed = plan.parsed
    fid = identity.file_id(project, parsed.path)
    imports = sorted({i.module for i in parsed.imports})
    refs = sorted({code_imports.encode(i.module, i.names) for i in parsed.imports})
    was = known.get(parsed.path)
    if was is not None and _same_content(was, parsed.content_hash):
        # read again only to complete the links an index that stopped left unwritten
        if plan.stat["size"] is not None:
            pending.stats.append({"id": fid, "content_hash": parsed.content_hash, **plan.stat})
    elif was is not None:
        back = bool(was["retired"])
        store.update_node(
            tx,
            fid,
            {
                "content_hash": parsed.content_hash,
                "imports": imports,
                "import_refs": refs,
                "syntax_errors": list(parsed.syntax_errors),
                "sketch_version": identity.SKETCH_VERSION,
                **plan.stat,  # the stat this hash was taken at (None: read it again next time)
                **({"retired_at": None} if back else {}),
            },
            actor=ctx.actor,
            batch_id=batch,
            reason="came back" if back else "re-indexed",
            at=now,
        )
        report.files_revived += back
    else:
        pending.nodes.append(
            File(
                id=fid,
                path=parsed.path,
                language=parsed.language,
                content_hash=parsed.content_hash,
                project=project,
                imports=imports,
                import_refs=refs,
                syntax_errors=list(parsed.syntax_errors),
                sketch_version=identity.SKETCH_VERSION,
                size=plan.stat["size"],
                mtime_ns=plan.stat["mtime_ns"],
            )
        )
    fresh = [r for i, r in plan.records.items() if i not in old and i not in revived]
    pending.nodes += fresh
    pending.edges += [
        Edge(type=RelType.DEFINED_IN, source_id=r.id, target_id=fid, created_at=now) for r in fresh
    ]
    report.symbols_created += len(fresh)
    returning = [
        (
            sym_id,
            {**_delta(revived[sym_id], rec), "retired_at": None},
            f"came back in {parsed.path}",
        )
        for sym_id, rec in plan.records.items()
        if sym_id in revived
    ]
    store.update_nodes(tx, returning, actor=ctx.actor, batch_id=batch, at=now, code=Symbol.code)
    report.symbols_revived += len(returning)
    # same identity, another file (Go: same package; a revived symbol): DEFINED_IN follows
    moved = []
    for i, r in plan.records.items():
        before_in = old.get(i) or revived.get(i)
        if before_in is not None and before_in["file_path"] != r.file_path:
            moved.append(i)
    if moved:
        store.set_edges_retired(
            tx,
            [
                (edge, f"moved from {edge['path']} to {parsed.path}")
                for edge in tx.run("symbol_defined_in", ids=moved)
            ],
            now,
            actor=ctx.actor,
            batch_id=batch,
            at=now,
        )
        pending.edges += [
            Edge(type=RelType.DEFINED_IN, source_id=i, target_id=fid, created_at=now) for i in moved
        ]
    changed = [
        (sym_id, delta, "re-indexed")
        for sym_id, rec in plan.records.items()
        if sym_id in old and (delta := _delta(old[sym_id], rec))
    ]
    store.update_nodes(tx, changed, actor=ctx.actor, batch_id=batch, at=now, code=Symbol.code)
    report.symbols_updated += len(changed)
    leave = [
        (sym_id, {"retired_at": now}, f"gone from {parsed.path}")
        for sym_id, sym in old.items()
        if sym["file_path"] == parsed.path and sym_id in leaving
    ]
    store.update_nodes(tx, leave, actor=ctx.actor, batch_id=batch, at=now)
    report.symbols_retired += len(leave)
    report.files_indexed += 1


@dataclass
class _Pending:
    """Nodes and edges a chunk of files creates, and stats it confirms: written at its end."""

    nodes: list[Any] = field(default_factory=list)
    edges: list[Edge] = field(default_factory=list)
    stats: list[dict[str, Any]] = field(default_factory=list)


def _same_content(was: dict[str, Any], content_hash: str | None) -> bool:
    """True when the graph holds a live file with these bytes (any, for None), read the current
    way (a file read with an older sketch is read again once)."""
    return (
        not was["retired"]
        and (content_hash is None or was["content_hash"] == content_hash)
        and was["sketch_version"] == identity.SKETCH_VERSION
    )


def _stat_holds(cand: Candidate, was: dict[str, Any]) -> bool:
    """True when the file's stat is the one its content hash was taken at (compared exactly)."""
    return cand.mtime_ns is not None and (cand.size, cand.mtime_ns) == (
        was["size"],
        was["mtime_ns"],
    )


def _write_chunk(
    tx: Tx,
    plans: list[_Planned],
    *,
    step: Callable[[int, str], None],
    ctx: WriteContext,
    batch: str,
    links: list[tuple[str, str, str]],
    gone: dict[str, dict[str, Any]],
    new: dict[str, Symbol],
    **shared: Any,
) -> None:
    """The writes of several files in one transaction (fewer round trips on a full index), at
    one instant (so its edges share one ``created_at``, sent once), with the rename links of the
    symbols they define (so an index that stops later loses none)."""
    pending, now = _Pending(), ctx.clock()
    for n, plan in enumerate(plans, start=1):
        step(n, plan.parsed.path)
        _write_file(tx, ctx=ctx, plan=plan, batch=batch, pending=pending, now=now, **shared)
    store.create_nodes(tx, pending.nodes, actor=ctx.actor, batch_id=batch, at=now)
    store.create_edges(tx, pending.edges, actor=ctx.actor, batch_id=batch, at=now)
    index_marks.refresh_stats(tx, pending.stats)
    project, report = shared["project"], shared["report"]
    defined = {i for p in plans for i in p.records}
    mine = [link for link in links if link[1] in defined]
    if mine:
        _write_links(tx, ctx, project, mine, gone, new, batch, report)
    # their CALLS and IMPORTS edges come after, in other transactions: until then, the mark
    index_marks.mark_links_pending(tx, [identity.file_id(project, p.parsed.path) for p in plans])


def _delta(before: dict[str, Any], rec: Symbol) -> dict[str, Any]:
    """The properties of a symbol's record that differ from what the graph holds."""
    return {
        k: v
        for k, v in (
            ("start_line", rec.start_line),
            ("end_line", rec.end_line),
            ("body_hash", rec.body_hash),
            ("body_sketch", rec.body_sketch),
            ("sketch_version", rec.sketch_version),
            ("calls", rec.calls),
            ("file_path", rec.file_path),
        )
        if before.get(k) != v
    }


def _retire_file(
    tx: Tx,
    ctx: WriteContext,
    project: str,
    path: str,
    known: dict[str, Any],
    batch: str,
    report: IndexReport,
) -> None:
    now = ctx.clock()
    symbols = tx.run("code_symbols_in_files", project=project, paths=[path])
    retire = [(row["symbol"]["id"], {"retired_at": now}, f"{path} deleted") for row in symbols]
    retire.append((known[path]["id"], {"retired_at": now}, "file deleted"))
    store.update_nodes(tx, retire, actor=ctx.actor, batch_id=batch, at=now)
    report.symbols_retired += len(symbols)
    index_marks.mark_links_pending(tx, [known[path]["id"]])  # its importers' edges come after
    report.files_retired += 1


def _write_links(
    tx: Tx,
    ctx: WriteContext,
    project: str,
    links: list[tuple[str, str, str]],
    gone: dict[str, dict[str, Any]],
    new: dict[str, Symbol],
    batch: str,
    report: IndexReport,
) -> None:
    """RENAMED_FROM edges, the old symbols retired, and for a signature change the stale
    references and a review task."""
    now = ctx.clock()
    edges: list[Edge] = []
    retire = [
        (old_id, {"retired_at": now}, f"gone from {gone[old_id]['file_path']}")
        for old_id, _, _ in links
    ]
    store.update_nodes(tx, retire, actor=ctx.actor, batch_id=batch, at=now)
    report.symbols_retired += len(retire)
    for old_id, new_id_, how in links:
        old, rec = gone[old_id], new[new_id_]
        edges.append(
            Edge(
                type=RelType.RENAMED_FROM,
                source_id=new_id_,
                target_id=old_id,
                created_at=now,
                reason=f"{how}: {old['qualified_name']} -> {rec.qualified_name}",
            )
        )
        entry = {
            "old": old["qualified_name"],
            "new": rec.qualified_name,
            "how": how,
            "old_id": old_id,
            "new_id": new_id_,
        }
        if how == "signature":
            reason = (
                f"signature of {old['qualified_name']} changed from "
                f"`{old['signature']}` to `{rec.signature}`"
            )
            refs = tx.run("edges_into_symbol", id=old_id)
            for ref in refs:
                store.mark_edge_stale(tx, {**ref, "target_id": old_id}, reason)
            task = Task(
                id=new_id("task"),
                text=f"Review {len(refs)} reference(s): the {reason}.",
                reason="stale_reference",
                scope=project,
                created_at=now,
            )
            store.create_nodes(tx, [task], actor=ctx.actor, batch_id=batch, at=now)
            edges += [
                Edge(type=RelType.INVOLVES, source_id=task.id, target_id=i, created_at=now)
                for i in (old_id, new_id_)
            ]
            entry |= {"stale_references": str(len(refs)), "task": task.id}
            report.signature_changes.append(entry)
        else:
            report.renamed.append(entry)
    if edges:
        store.create_edges(tx, edges, actor=ctx.actor, batch_id=batch, at=now)
