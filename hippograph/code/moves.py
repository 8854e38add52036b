"""Which symbols that disappeared are symbols that appeared elsewhere: files first, then names.

One index run sees the symbols gone from the files it re-read (old ids) and the symbols that
appeared (new ids). They are paired in this order, each step only among what is still unpaired:

1. Same qualified name and kind: the signature changed (``signature``).
2. Files: an old file and a new (or changed) file are the same file moved, renamed or folded
   into another when most of the old file's symbols reappear there under the same local name
   (the qualified name without its module: ``Class.method``) with a similar body. Files pair
   one to one, the most similar first.
3. Inside a file pair: the same local name and kind (in order, for getter/setter pairs); then an
   equal body; then a similar body (``identity.RENAME_SIMILARITY``).
4. Everything left, across the whole change set: an equal body of some size, or a similar body
   with the same name or in the same file, the strongest first. A symbol with two equally good
   partners is left unpaired: a missed link costs a review, a wrong one shows memory on the
   wrong code.

``move`` when the file differs, ``rename`` when only the name does.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from hippograph.code import identity

# An old file is the same as a new one when this share of the larger file's symbols pairs up.
FILE_SHARE = 0.4
# A body this short (lines) is too common to identify a symbol by itself (``pass``, a getter).
MIN_BODY_LINES = 3


@dataclass(frozen=True)
class SymbolView:
    """What matching needs of a symbol, old (a graph row) or new (a parsed record)."""

    id: str
    qualified_name: str
    name: str
    kind: str
    file_path: str
    body_hash: str
    sketch: tuple[int, ...]
    lines: int
    local: str  # the qualified name without its module

    @staticmethod
    def of(row: Mapping[str, Any], module: str) -> SymbolView:
        qn = str(row["qualified_name"])
        local = qn[len(module) + 1 :] if module and qn.startswith(module + ".") else qn
        return SymbolView(
            id=str(row["id"]),
            qualified_name=qn,
            name=str(row["name"]),
            kind=str(row["kind"]),
            file_path=str(row["file_path"]),
            body_hash=str(row.get("body_hash") or ""),
            # a sketch made another way is not compared (identity.SKETCH_VERSION)
            sketch=tuple(row.get("body_sketch") or ())
            if row.get("sketch_version") == identity.SKETCH_VERSION
            else (),
            lines=int(row.get("end_line") or 0) - int(row.get("start_line") or 0) + 1,
            local=local,
        )


def modules_of(rows: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """File path -> the module prefix of its symbols: what precedes a top-level symbol's name.
    Pass every symbol of the files concerned, not only those that changed."""
    modules: dict[str, str] = {}
    for row in rows:
        qn, name, path = str(row["qualified_name"]), str(row["name"]), str(row["file_path"])
        if path not in modules and row.get("parent") is None and qn.endswith("." + name):
            modules[path] = qn[: -len(name) - 1]
    return modules


def views(rows: Iterable[Mapping[str, Any]], modules: Mapping[str, str]) -> list[SymbolView]:
    """Views of symbols from any number of files (``modules`` from ``modules_of``)."""
    return [SymbolView.of(r, modules.get(str(r["file_path"]), "")) for r in rows]


class _Pairing:
    """The symbols still unpaired on each side, and the links made so far."""

    def __init__(self, gone: list[SymbolView], added: list[SymbolView]) -> None:
        self.old = {s.id: s for s in gone}
        self.new = {s.id: s for s in added}
        self.links: list[tuple[str, str, str]] = []
        self._files: dict[str, list[SymbolView]] = defaultdict(list)  # both sides, by path
        for s in sorted([*gone, *added], key=_order):
            self._files[s.file_path].append(s)

    def take(self, o: SymbolView, n: SymbolView, how: str | None = None) -> None:
        if how is None:
            how = "move" if o.file_path != n.file_path else "rename"
        self.links.append((o.id, n.id, how))
        del self.old[o.id]
        del self.new[n.id]

    def in_file(self, side: dict[str, SymbolView], path: str) -> list[SymbolView]:
        """The symbols of ``path`` still unpaired on ``side``, in name order."""
        return [s for s in self._files.get(path, ()) if side.get(s.id) is s]


def _order(s: SymbolView) -> tuple[str, str]:
    return (s.qualified_name, s.id)


def pair(gone: list[SymbolView], added: list[SymbolView]) -> list[tuple[str, str, str]]:
    """(old id, new id, how) for every gone symbol that reappears (module docstring)."""
    p = _Pairing(gone, added)

    # 1. signature changes
    by_name: dict[tuple[str, str], list[SymbolView]] = defaultdict(list)
    for n in sorted(added, key=_order):
        by_name[(n.qualified_name, n.kind)].append(n)
    for o in sorted(gone, key=_order):
        same = [n for n in by_name.get((o.qualified_name, o.kind), []) if n.id in p.new]
        if same:
            p.take(o, same[0], "signature")

    # 2. file pairs, 3. inside them; then files that changed in place
    for old_path, new_path in _file_pairs(list(p.old.values()), list(p.new.values())):
        _pair_within(p, old_path, new_path, by_local=True)
    for path in sorted(
        {s.file_path for s in p.old.values()} & {s.file_path for s in p.new.values()}
    ):
        _pair_within(p, path, path, by_local=False)

    # 4. the rest, strongest first, never on a tie
    _pair_rest(p)
    return p.links


def _close(o: SymbolView, n: SymbolView) -> bool:
    return o.kind == n.kind and (
        (o.body_hash != "" and o.body_hash == n.body_hash)
        or identity.similarity(list(o.sketch), list(n.sketch)) >= 0.5
    )


def _file_pairs(gone: list[SymbolView], added: list[SymbolView]) -> list[tuple[str, str]]:
    """Old file -> new file for files that moved, were renamed or were folded into another."""
    locals_new: dict[str, list[SymbolView]] = defaultdict(list)
    for n in added:
        locals_new[n.local].append(n)
    size_old: dict[str, int] = defaultdict(int)
    for o in gone:
        size_old[o.file_path] += 1
    hits: dict[tuple[str, str], int] = defaultdict(int)
    for o in gone:
        for n_path in {n.file_path for n in locals_new.get(o.local, []) if _close(o, n)}:
            if n_path != o.file_path:
                hits[(o.file_path, n_path)] += 1
    # judged by the old file's share: a file folded into a bigger one still pairs
    scored = sorted(
        (
            (count / size_old[p], count, p, q)
            for (p, q), count in hits.items()
            if count / size_old[p] >= FILE_SHARE
        ),
        key=lambda t: (-t[0], -t[1], t[2], t[3]),
    )
    best_old: dict[str, list[float]] = defaultdict(list)
    best_new: dict[str, list[float]] = defaultdict(list)
    for share, _, p, q in scored:
        best_old[p].append(share)
        best_new[q].append(share)
    used_old: set[str] = set()
    used_new: set[str] = set()
    pairs = []
    for share, _, p, q in scored:
        if p in used_old or q in used_new:
            continue
        if best_old[p][1:2] == [share] or best_new[q][1:2] == [share]:
            continue  # two files fit as well: no guess (symbols may still pair one by one)
        used_old.add(p)
        used_new.add(q)
        pairs.append((p, q))
    return pairs


def _pair_within(p: _Pairing, old_path: str, new_path: str, *, by_local: bool) -> None:
    """Inside one file pair: same local name and kind (in order), then an equal body, then a
    clearly most similar body."""
    if by_local:
        groups: dict[tuple[str, str], list[SymbolView]] = defaultdict(list)
        for n in p.in_file(p.new, new_path):
            groups[(n.local, n.kind)].append(n)
        for o in p.in_file(p.old, old_path):
            candidates = groups.get((o.local, o.kind))
            if candidates:
                p.take(o, candidates.pop(0))
    for o in p.in_file(p.old, old_path):
        same = [
            n
            for n in p.in_file(p.new, new_path)
            if n.kind == o.kind and o.body_hash and n.body_hash == o.body_hash
        ]
        if len(same) == 1:
            p.take(o, same[0])
    for o in p.in_file(p.old, old_path):
        scored = sorted(
            (
                (identity.similarity(list(o.sketch), list(n.sketch)), n.id)
                for n in p.in_file(p.new, new_path)
                if n.kind == o.kind
            ),
            reverse=True,
        )
        if (
            scored
            and scored[0][0] >= identity.RENAME_SIMILARITY
            and (len(scored) == 1 or scored[1][0] < scored[0][0])
        ):
            p.take(o, p.new[scored[0][1]])


def _pair_rest(p: _Pairing) -> None:
    candidates: list[tuple[float, str, str]] = []
    by_hash: dict[tuple[str, str], list[SymbolView]] = defaultdict(list)
    near: dict[tuple[str, str], list[SymbolView]] = defaultdict(list)  # same name or same file
    for n in p.new.values():
        if n.body_hash:
            by_hash[(n.body_hash, n.kind)].append(n)
        near[("name:" + n.name, n.kind)].append(n)
        near[("file:" + n.file_path, n.kind)].append(n)
    for o in p.old.values():
        for n in by_hash.get((o.body_hash, o.kind), []) if o.body_hash else []:
            if o.lines >= MIN_BODY_LINES or o.name == n.name:
                candidates.append((2.0 + (o.name == n.name) + (o.local == n.local), o.id, n.id))
        seen: set[str] = set()
        for n in near[("name:" + o.name, o.kind)] + near[("file:" + o.file_path, o.kind)]:
            if n.id in seen:
                continue
            seen.add(n.id)
            if o.body_hash and o.body_hash == n.body_hash:
                continue  # scored above
            sim = identity.similarity(list(o.sketch), list(n.sketch))
            if sim >= identity.RENAME_SIMILARITY:
                candidates.append((sim + (o.name == n.name) * 0.5, o.id, n.id))
    best_old: dict[str, list[float]] = defaultdict(list)
    best_new: dict[str, list[float]] = defaultdict(list)
    for score, o_id, n_id in candidates:
        best_old[o_id].append(score)
        best_new[n_id].append(score)
    for score, o_id, n_id in sorted(candidates, key=lambda c: (-c[0], c[1], c[2])):
        if o_id not in p.old or n_id not in p.new:
            continue
        if sorted(best_old[o_id], reverse=True)[1:2] == [score]:
            continue  # two equally good partners for the old symbol: no guess
        if sorted(best_new[n_id], reverse=True)[1:2] == [score]:
            continue
        p.take(p.old[o_id], p.new[n_id])
