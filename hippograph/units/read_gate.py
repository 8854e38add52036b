"""The read gate: every read of memory, from every entry point, passes here.

A connection (Bolt ``Graph`` or the hook's ``HttpGraph``) refuses to run a statement that
reads memory until a gate is opened on it with :func:`open_gate`, naming who reads (a
:class:`Principal`) and which scopes it may see. From then on every such read, whether
``read``, a read inside a write transaction, or Cypher an agent wrote, asks
:meth:`ReadGate.admit` first. Recall's voices and graph walk, get, why, pre-edit,
check-patch, history and as-of, export, review, the hooks and the MCP tools all read
through a gated connection, so the rules written here hold for all of them at once.

What a reader sees is the intersection of two things. Its *view*: the scopes of its project,
the workspace and its own notes (``scopes``; None for every scope, as with --all-projects).
And its *grants* (units/access.py): the levels its role holds. A statement that filters by
scope gets only the scopes in both (``$visible_scopes``), and any row of any other read that
names a scope outside them is left out, so a unit fetched by id, its change log and its graph
neighbours follow the same rule as a search. Cypher an agent writes itself (run_cypher)
cannot be filtered, so it runs only for a reader whose grants cover every scope that holds
memory.
Pure Python: the prompt hook imports it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from hippograph.errors import AccessDeniedError
from hippograph.graph.queries import Query
from hippograph.units.access import (
    ADMIN_ROLE,
    AGENT_PREFIX,
    EVERY_SCOPE,
    Grants,
    Level,
    Principal,
)

__all__ = ["LOCAL_USER", "Principal", "ReadGate", "gated", "open_gate"]

LOCAL_USER = Principal(name="local", kind="person", role=ADMIN_ROLE)
SCOPE_KEY = "scope"  # a row's column (or a map's key) named so, or ending in _scope


class Gateable(Protocol):
    """A connection that reads memory only through a gate (``Graph``, ``HttpGraph``)."""

    def set_read_gate(self, gate: ReadGate) -> None: ...

    def read(self, name: str, /, **params: Any) -> list[dict[str, Any]]: ...


@dataclass(frozen=True)
class ReadGate:
    """Decides, for one principal, its view and its grants, what a read of memory returns."""

    principal: Principal
    scopes: frozenset[str] | None = None  # the reader's view; None: every scope
    grants: Grants | None = None  # None: the principal's role is trusted as given (admin)
    # which scopes hold memory, of those named, plus every agent's notes (scopes_present)
    present: Callable[[list[str] | None], set[str]] | None = None

    @property
    def unlimited(self) -> bool:
        """Whether grants narrow nothing for this reader (an admin, or no grants loaded)."""
        return self.grants is None or self.grants.is_unlimited()

    @property
    def narrows(self) -> bool:
        """Whether this reader sees less than everything (a view, or grants that narrow)."""
        return self.scopes is not None or not self.unlimited

    def may_read(self, scope: str) -> bool:
        return self.grants is None or self.grants.may(self.principal, Level.READ, scope)

    def sees(self, scope: str) -> bool:
        """Whether a row of ``scope`` is in this reader's view and its grants let it read it."""
        in_view = (
            self.scopes is None
            or scope in self.scopes
            or (scope.startswith(AGENT_PREFIX) and AGENT_PREFIX + "*" in self.scopes)
        )
        return in_view and self.may_read(scope)

    def visible(self) -> tuple[list[str] | None, list[str]]:
        """What a statement filtering by scope may return: the scopes it sees (None: every
        scope) and those kept from it (``$visible_scopes``, ``$hidden_scopes``)."""
        if self.unlimited:
            return (sorted(self.scopes) if self.scopes is not None else None), []
        assert self.grants is not None
        if self.scopes is not None:
            return [s for s in sorted(self.scopes) if self.may_read(s)], []
        if self.grants.level(self.principal, EVERY_SCOPE) >= Level.READ:
            # every scope but those granted none and other agents' notes (an index lookup)
            denied = {s for s, lvl in self.grants.levels.items() if lvl < Level.READ}
            notes = {s for s in self._present([]) if not self.may_read(s)}
            return None, sorted(denied | notes)
        granted = {s for s, lvl in self.grants.levels.items() if lvl >= Level.READ}
        if self.principal.kind == "agent":
            granted.add(AGENT_PREFIX + self.principal.name)
        return sorted(s for s in granted if s != EVERY_SCOPE and self.may_read(s)), []

    def admit(self, query: Query, params: dict[str, Any]) -> dict[str, Any]:
        """The parameters ``query`` runs with; every read of memory asks here first. A statement
        that filters by scope gets what this reader sees (``$visible_scopes``) and what its
        grants keep from it (``$hidden_scopes``)."""
        if "visible_scopes" in query.params or "hidden_scopes" in query.params:
            visible, hidden = self.visible()
            # Never an empty list: to Neo4j's plan cache it is another type than a list of
            # strings, and each new type is planned again (about a second, past the prompt
            # hook's budget). No scope is '', so [''] sees and hides nothing, as [] did.
            return {
                **params,
                "visible_scopes": visible if visible is None or visible else [""],
                "hidden_scopes": hidden or [""],
            }
        return params

    def screen(self, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """``rows`` less every row that names a scope outside this reader's view or grants: a
        unit fetched by id, its history and its neighbours follow the same rule as a search."""
        if not self.narrows:
            return rows
        return [row for row in rows if all(self.sees(s) for s in _scopes_in(row, 3))]

    def admit_text(self, text: str) -> None:
        """Cypher a reader wrote itself (run_cypher) cannot be filtered by scope, so it runs only
        for a reader whose view is every project and who may read every scope holding memory."""
        if self.scopes is not None:
            raise AccessDeniedError(
                "run_cypher reads every project, and this connection sees only its own project; "
                "start it with `hippo --all-projects ...` (e.g. `hippo --all-projects serve`) "
                "to allow it, or use recall, get_memory and the other tools."
            )
        if self.unlimited:
            return
        assert self.grants is not None
        who = f"{self.principal.name} (role {self.grants.role})"
        if self.grants.level(self.principal, EVERY_SCOPE) < Level.READ:
            raise AccessDeniedError(
                f"run_cypher reads every scope, and {who} may not read every scope; "
                "use recall, get_memory and the other tools, or ask an admin for a grant."
            )
        denied = [s for s, lvl in self.grants.levels.items() if lvl < Level.READ]
        hidden = sorted(s for s in self._present(denied) if not self.may_read(s))
        if hidden:
            raise AccessDeniedError(
                f"run_cypher reads every scope, and {who} may not read {hidden[0]!r}"
                f"{f' (and {len(hidden) - 1} more)' if len(hidden) > 1 else ''}; "
                "use recall, get_memory and the other tools instead."
            )

    def _present(self, named: list[str] | None) -> set[str]:
        """Scopes that hold memory: every agent's notes scope, and of ``named`` (None: every
        scope, a scan) those any unit carries."""
        return self.present(named) if self.present is not None else set()


def _scopes_in(value: Any, depth: int) -> Iterator[str]:
    """Every scope named in a row: a ``scope``/``*_scope`` string, in it or maps inside it."""
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, str) and (key == SCOPE_KEY or key.endswith("_" + SCOPE_KEY)):
                yield item
            elif depth > 0 and isinstance(item, dict | list):
                yield from _scopes_in(item, depth - 1)
    elif isinstance(value, list) and depth > 0 and value and isinstance(value[0], dict | list):
        for item in value:  # lists of maps; never a list of numbers (an embedding) item by item
            if isinstance(item, dict | list):
                yield from _scopes_in(item, depth - 1)


def open_gate(
    connection: Gateable,
    principal: Principal = LOCAL_USER,
    *,
    scopes: frozenset[str] | None = None,
    grants: Grants | None = None,
) -> ReadGate:
    """Open the read gate on ``connection`` for ``principal`` with its view (``scopes``) and
    its role's grants (``access.load``; None trusts the principal's role as given)."""

    def present(named: list[str] | None) -> set[str]:
        return {str(r["scope"]) for r in connection.read("scopes_present", scopes=named)}

    gate = ReadGate(principal=principal, scopes=scopes, grants=grants, present=present)
    connection.set_read_gate(gate)
    return gate


C = TypeVar("C", bound=Gateable)


def gated(
    connection: C,
    principal: Principal = LOCAL_USER,
    *,
    scopes: frozenset[str] | None = None,
    grants: Grants | None = None,
) -> C:
    """A copy of ``connection`` (sharing its driver and pool) with its own read gate, so that two
    readers of one driver, say two projects' ``Memory`` in one process, each see their own."""
    mine = copy.copy(connection)
    open_gate(mine, principal, scopes=scopes, grants=grants)
    return mine
