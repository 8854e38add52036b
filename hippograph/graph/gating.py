"""Where the graph layer meets the read gate: no read of memory runs without one.

The graph layer knows nothing of principals, projects or scopes. It knows which statements
read memory (every READ file not marked SYSTEM, see ``Query.is_gated``) and refuses to run
them on a connection that has no gate; the gate itself, with its rules, is
hippograph/units/read_gate.py. Pure Python: the prompt hook's HTTP path imports it.
"""

from __future__ import annotations

from typing import Any, Protocol

from hippograph.errors import HippographError
from hippograph.graph.queries import Query

# Parameters the gate supplies and no caller may: the scopes the reader sees (null: every
# scope), and those its grants keep from it. A statement that declares them filters on them.
GATE_PARAMS = frozenset({"visible_scopes", "hidden_scopes"})
_OPEN: dict[str, Any] = {
    "visible_scopes": None,
    "hidden_scopes": [""],
}  # every scope, nothing kept back (no scope is '', and [] would be planned apart)


def caller_params(query: Query) -> frozenset[str]:
    """The parameters a caller of ``query`` gives: what it declares, less what the gate adds."""
    return query.params - GATE_PARAMS


def with_gate_defaults(query: Query, params: dict[str, Any]) -> dict[str, Any]:
    """``params`` with the gate's parameters the statement declares set to null (every scope),
    for running a statement outside the gate: EXPLAIN, or a benchmark replaying it."""
    return {**{k: v for k, v in _OPEN.items() if k in query.params}, **params}


class ReadPolicy(Protocol):
    """What the read gate (hippograph/units/read_gate.py) offers the graph: a yes or no, with
    the parameters to run with, for every read of memory. The graph layer knows no principals
    or scopes; it only refuses to read memory without a gate."""

    def admit(self, query: Query, params: dict[str, Any]) -> dict[str, Any]:
        """The parameters to run ``query`` with, or an error when this reader may not run it."""
        ...

    def admit_text(self, text: str) -> None:
        """Nothing, or an error when this reader may not run Cypher it wrote itself."""
        ...

    def screen(self, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The rows of an admitted read this reader may see (a row naming a scope it may not
        read is left out)."""
        ...


def ungated(query: Query | None) -> HippographError:
    what = f"{query.name}.cypher reads memory" if query is not None else "Cypher text reads memory"
    return HippographError(
        f"{what}, and this connection has no read gate; open it through "
        "hippograph.units.read_gate (Memory does) so the read is checked."
    )


def admit(gate: ReadPolicy | None, query: Query, params: dict[str, Any]) -> dict[str, Any]:
    """``params`` for a read the gate admitted (SYSTEM reads need no gate); an error otherwise."""
    if not query.is_gated:
        return params
    if gate is None:
        raise ungated(query)
    return gate.admit(query, params)


def screened(
    gate: ReadPolicy | None, query: Query, rows: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """``rows`` of a read as its gate lets the reader see them. A statement that filters by
    scope itself (it declares the gate's parameters) and a SYSTEM read are not screened again."""
    if gate is None or not query.is_gated or GATE_PARAMS & query.params:
        return rows
    return gate.screen(rows)
