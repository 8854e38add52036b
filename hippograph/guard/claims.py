"""Claims in memories, checked by typed probes (docs/claims.md): a path exists, a symbol exists, a
branch exists, a commit exists, a URL answers.

Claims are read from a unit's text by fixed patterns, conservatively: a path must contain a
slash and end in a file name with an extension (or be written in backticks), a symbol must
be written in backticks, a branch must follow the word "branch", a commit must follow the
word "commit" (or "sha", "revert") or be a backticked hash. Each probe is typed and never
runs text from memory: git is called with an argument list after the value is checked
against a strict pattern, paths are resolved inside the repository only, symbols are looked
up in the code graph, and a URL is only ever fetched with HEAD when asked for (``urls``).

A probe says ``holds``, ``failed`` or ``unknown``. A URL probe can prove a URL alive but
never dead: an error, a 404 or a timeout is ``unknown`` (the network, a VPN, a login page can
all be the cause). A failed claim marks the unit: ``claims_failed`` on the node, the gate's
``claims_hold`` check in recall. A claim that holds again clears it on the next run.
"""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hippograph.code.imports import Layout
from hippograph.graph.client import Graph, Tx
from hippograph.repo.git import git_output
from hippograph.schema import new_id
from hippograph.units import store
from hippograph.units.records import WriteContext

KINDS = ("path", "symbol", "branch", "commit", "url")
_URL = re.compile(r"\bhttps?://[^\s<>()\"'`\]]+", re.IGNORECASE)
_TICKED = re.compile(r"`([^`\n]{1,200})`")
_PATH = re.compile(
    r"(?<![\w/.:-])((?:[\w.-]+/)+[\w-][\w.-]*\.[A-Za-z][\w]{0,9})(?:#L\d+(?:-L?\d+)?|:\d+)?(?![\w/])"
)
_BRANCH = re.compile(r"\bbranch(?:es)?\s+`?([A-Za-z0-9][\w./-]{0,199})`?", re.IGNORECASE)
_BRANCH_AFTER = re.compile(r"`?([A-Za-z0-9][\w./-]{0,199})`?\s+branch\b", re.IGNORECASE)
_COMMIT = re.compile(r"\b(?:commit|sha|revert(?:s|ed)?)\s+`?([0-9a-f]{7,40})`?\b", re.IGNORECASE)
_HEX = re.compile(r"^[0-9a-f]{7,40}$")
_SYMBOL = re.compile(r"^[A-Za-z_][\w]*(?:(?:\.|::)[A-Za-z_][\w]*)*(?:\(\))?$")
_SAFE_REF = re.compile(r"^[A-Za-z0-9][\w./-]{0,199}$")
_NOT_BRANCHES = frozenset(
    """
the a an this that which each every our your my his her its their any no one new feature release
default protected remote local current same other git in on to from of into onto at by with for and
or is was be long lived stale old
""".split()
)
_PROSE = frozenset({"e.g", "i.e", "etc", "vs"})


@dataclass(frozen=True)
class Claim:
    """One checkable statement inside a unit's text."""

    kind: str  # path | symbol | branch | commit | url
    value: str

    def __str__(self) -> str:
        return f"{self.kind}:{self.value}"


def extract(text: str) -> list[Claim]:
    """The claims a unit's text makes, in order, each once."""
    found: dict[Claim, None] = {}
    urls = [m.group(0).rstrip(".,;:!?") for m in _URL.finditer(text)]
    for url in urls:
        found[Claim("url", url)] = None
    bare = _URL.sub(" ", text)
    for m in _COMMIT.finditer(bare):
        if _is_hash(m.group(1)):
            found[Claim("commit", m.group(1).lower())] = None
    for pattern in (_BRANCH, _BRANCH_AFTER):
        for m in pattern.finditer(bare):
            name = m.group(1).rstrip(".,;:")
            if name.lower() not in _NOT_BRANCHES and not _is_hash(name) and "/" not in name[:1]:
                found[Claim("branch", name)] = None
    for m in _PATH.finditer(bare):
        found[Claim("path", m.group(1))] = None
    for m in _TICKED.finditer(bare):
        token = m.group(1).strip()
        if _is_hash(token):
            found[Claim("commit", token.lower())] = None
        elif "/" in token and " " not in token and not token.startswith(("-", "$")):
            found[Claim("path", token.split("#")[0].rstrip("/") or token)] = None
        elif _SYMBOL.match(token) and token.lower() not in _PROSE and _looks_like_code(token):
            found[Claim("symbol", token.removesuffix("()"))] = None
    return list(found)


def _is_hash(token: str) -> bool:
    return (
        bool(_HEX.match(token))
        and any(c.isdigit() for c in token)
        and any(c.isalpha() for c in token)
    )


def _looks_like_code(token: str) -> bool:
    """An identifier someone wrote as code: called, dotted, snake_case or camelCase."""
    name = token.removesuffix("()")
    return (
        token.endswith("()")
        or "." in name
        or "::" in name
        or "_" in name.strip("_")
        or (any(c.isupper() for c in name[1:]) and any(c.islower() for c in name))
    )


@dataclass
class ClaimsReport:
    """What one verify run checked and changed."""

    root: str
    units_checked: int = 0
    claims: dict[str, int] = field(default_factory=dict)  # "kind status" -> count
    failed: list[dict[str, Any]] = field(
        default_factory=list
    )  # unit id, text, the claims that failed
    cleared: list[str] = field(default_factory=list)  # units whose failed claims hold again
    units_changed: int = 0

    def as_dict(self) -> dict[str, Any]:
        """Plain dict for JSON output."""
        return dict(self.__dict__)


class Probes:
    """Typed checks against one repository (and its code graph)."""

    def __init__(
        self,
        graph: Graph,
        root: Path,
        project: str,
        *,
        urls: bool = False,
        url_timeout_s: float = 5.0,
    ) -> None:
        self.graph, self.root, self.project = graph, root.resolve(), project
        self.urls, self.url_timeout_s = urls, url_timeout_s
        self._git_ok = (self.root / ".git").exists() and git_output(
            self.root, "rev-parse", "--git-dir"
        ) is not None
        files = graph.read("code_files", project=project)[0]["files"]
        self._indexed = any(not f["retired"] for f in files)
        self._symbols: dict[str, bool] = {}
        self._files: Layout | None = None

    def check(self, claim: Claim) -> str:
        """holds, failed or unknown."""
        probe: Callable[[str], str] = getattr(self, f"_{claim.kind}")
        return probe(claim.value)

    def prefetch_symbols(self, names: Iterable[str]) -> None:
        """Look many symbol names up in one read."""
        wanted = sorted({n for n in names if n not in self._symbols})
        if not wanted or not self._indexed:
            return
        for row in self.graph.read("symbols_exist", project=self.project, names=wanted):
            self._symbols[row["name"]] = bool(row["found"])

    def _path(self, value: str) -> str:
        relative = Path(value.split("#")[0])
        if relative.is_absolute():
            return "unknown"  # a path on some machine, not in this repository
        target = (self.root / relative).resolve()
        if self.root not in (target, *target.parents):
            return "unknown"  # ../ out of the repository
        if target.exists():
            return "holds"
        # written relative to a part of the repository (a service folder of a monorepo)?
        rel = relative.as_posix().strip("/")
        layout = self._tracked()
        return "holds" if rel in layout.by_suffix or rel in layout.folders_ending else "failed"

    def _tracked(self) -> Layout:
        """The repository's files (git's list: tracked and untracked, not ignored), read and indexed
        by path suffix and folder once."""
        if self._files is None:
            listed = (
                git_output(self.root, "ls-files", "--cached", "--others", "--exclude-standard")
                if self._git_ok
                else None
            )
            self._files = Layout.of(listed.splitlines() if listed else [])
        return self._files

    def _symbol(self, value: str) -> str:
        if not self._indexed:
            return "unknown"  # no code graph for this repository: `hippo index` first
        if value not in self._symbols:
            self.prefetch_symbols([value])
        return "holds" if self._symbols.get(value) else "failed"

    def _branch(self, value: str) -> str:
        if not self._git_ok or not _SAFE_REF.match(value) or ".." in value:
            return "unknown"
        if git_output(self.root, "check-ref-format", "--branch", value) is None:
            return "unknown"  # not a branch name after all
        for ref in (f"refs/heads/{value}", f"refs/remotes/origin/{value}"):
            if git_output(self.root, "rev-parse", "--verify", "--quiet", ref) is not None:
                return "holds"
        return "failed"

    def _commit(self, value: str) -> str:
        if not self._git_ok or not _HEX.match(value):
            return "unknown"
        return (
            "holds"
            if git_output(self.root, "cat-file", "-e", f"{value}^{{commit}}") is not None
            else "failed"
        )

    def _url(self, value: str) -> str:
        if not self.urls or not value.lower().startswith(("http://", "https://")):
            return "unknown"
        request = urllib.request.Request(
            value, method="HEAD", headers={"User-Agent": "hippograph-claims"}
        )
        try:
            with urllib.request.urlopen(request, timeout=self.url_timeout_s) as response:
                return "holds" if 200 <= response.status < 400 else "unknown"
        except urllib.error.HTTPError as exc:  # 404, 401, 500...: not proof either way
            exc.close()
            return "unknown"
        except (urllib.error.URLError, OSError, ValueError):
            return "unknown"  # never proof that it is dead


def verify(
    graph: Graph,
    ctx: WriteContext,
    probes: Probes,
    *,
    scopes: list[str] | None,
    limit: int = 100_000,
) -> ClaimsReport:
    """Check the claims of every current unit in ``scopes`` (None: all) and record what changed."""
    report = ClaimsReport(root=str(probes.root))
    rows = graph.read(
        "units_for_claims", branches=list(ctx.visible_branches), scopes=scopes, limit=limit
    )
    extracted = [
        (row, extract(f"{row.get('title') or ''}\n{row.get('text') or ''}")) for row in rows
    ]
    probes.prefetch_symbols(
        c.value for _, claims in extracted for c in claims if c.kind == "symbol"
    )
    updates: list[tuple[str, dict[str, Any]]] = []
    for row, claims in extracted:
        report.units_checked += 1
        results = []
        for claim in claims:
            status = probes.check(claim)
            results.append(f"{status} {claim}")
            key = f"{claim.kind} {status}"
            report.claims[key] = report.claims.get(key, 0) + 1
        failed = [r.split(" ", 1)[1] for r in results if r.startswith("failed ")]
        if failed:
            report.failed.append({"id": row["id"], "text": row.get("text"), "claims": failed})
        elif row.get("claims_failed"):
            report.cleared.append(row["id"])
        if results != (row.get("claims") or []) or failed != (row.get("claims_failed") or []):
            updates.append((row["id"], {"claims": results, "claims_failed": failed}))
    if updates:
        batch, now = new_id("batch"), ctx.clock()

        def work(tx: Tx) -> None:
            for unit_id, props in updates:
                store.update_node(
                    tx,
                    unit_id,
                    {**props, "claims_checked_at": now},
                    actor=ctx.actor,
                    batch_id=batch,
                    reason="claims checked",
                    at=now,
                )

        graph.write_tx(work)
    report.units_changed = len(updates)
    return report
