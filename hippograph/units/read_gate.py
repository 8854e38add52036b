"""The read gate: every read of memory, from every entry point, passes here.

A connection (Bolt ``Graph`` or the hook's ``HttpGraph``) refuses to run a statement that
reads memory until a gate is opened on it with :func:`open_gate`, naming who reads (a
:class:`Principal`) and which scopes it may see. From then on every such read, whether
``read``, a read inside a write transaction, or Cypher an agent wrote, asks
:meth:`ReadGate.admit` first. Recall's voices and graph walk, get, why, pre-edit,
check-patch, history and as-of, export, review, the hooks and the MCP tools all read
through a gated connection, so the rules written here hold for all of them at once.

Today the gate admits every read: hippograph has one local user, who may read everything.
Grants per role and scope, projects and private agent notes go here (docs/architecture.md).
Pure Python: the prompt hook imports it.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Literal, Protocol, TypeVar

from hippograph.graph.queries import Query

PrincipalKind = Literal["person", "agent", "system"]


@dataclass(frozen=True)
class Principal:
    """Who reads: a person, an agent, or hippograph itself (maintenance, warm-up), with a role."""

    name: str
    kind: PrincipalKind = "person"
    role: str = "admin"


LOCAL_USER = Principal(name="local", kind="person", role="admin")


class Gateable(Protocol):
    """A connection that reads memory only through a gate (``Graph``, ``HttpGraph``)."""

    def set_read_gate(self, gate: ReadGate) -> None: ...


@dataclass(frozen=True)
class ReadGate:
    """Decides, for one principal and the scopes it may see, whether a read of memory runs."""

    principal: Principal
    scopes: frozenset[str] | None = None  # the scopes it may see; None: every scope

    def admit(self, query: Query, params: dict[str, Any]) -> dict[str, Any]:
        """The parameters ``query`` runs with; every read of memory asks here first. A statement
        that filters by scope gets the scopes this reader may see (``$visible_scopes``)."""
        if "visible_scopes" in query.params:
            visible = sorted(self.scopes) if self.scopes is not None else None
            return {**params, "visible_scopes": visible}
        return params

    def admit_text(self, text: str) -> None:
        """Whether this principal may run Cypher it wrote itself (run_cypher); it may today."""
        return None


def open_gate(
    connection: Gateable,
    principal: Principal = LOCAL_USER,
    *,
    scopes: frozenset[str] | None = None,
) -> ReadGate:
    """Open the read gate on ``connection`` for ``principal``; reads of memory need it."""
    gate = ReadGate(principal=principal, scopes=scopes)
    connection.set_read_gate(gate)
    return gate


C = TypeVar("C", bound=Gateable)


def gated(
    connection: C, principal: Principal = LOCAL_USER, *, scopes: frozenset[str] | None = None
) -> C:
    """A copy of ``connection`` (sharing its driver and pool) with its own read gate, so that two
    readers of one driver, say two projects' ``Memory`` in one process, each see their own."""
    mine = copy.copy(connection)
    open_gate(mine, principal, scopes=scopes)
    return mine
