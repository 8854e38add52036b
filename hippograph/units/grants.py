"""Managing access: give a role a level on a scope, give a principal a role, list both.

The rules themselves (what a level allows, the built-in roles) are in units/access.py, and the
read gate applies them on every read. Grants and principals are kept in the graph as
``:Grant`` and ``:Principal`` nodes, so every entry point and every process sees the same ones,
and a snapshot carries them. Only an admin of a scope may grant on it.
"""

from __future__ import annotations

import re
from datetime import datetime

from pydantic import Field

from hippograph.errors import AccessDeniedError, ConfigError
from hippograph.graph.client import Graph
from hippograph.schema.results import Result
from hippograph.units.access import (
    ADMIN_ROLE,
    AGENT_PREFIX,
    EVERY_SCOPE,
    Grants,
    Level,
    Principal,
)

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")


class GrantRow(Result):
    role: str
    scope: str
    level: str
    granted_by: str | None = None
    granted_at: datetime | None = None


class RoleRow(Result):
    name: str
    kind: str
    role: str
    granted_by: str | None = None
    granted_at: datetime | None = None


class GrantTable(Result):
    """Every stored grant and every principal given a role (`hippo grants`)."""

    grants: list[GrantRow] = Field(default_factory=list)
    principals: list[RoleRow] = Field(default_factory=list)


class Granted(Result):
    """What one `hippo grant` changed."""

    what: str = Field(description="'grant' (a role on a scope) or 'role' (a principal's role).")
    role: str
    scope: str | None = None
    level: str | None = None
    principal: str | None = None
    previous: str | None = Field(default=None, description="What it was before, if anything.")


def _check_role(role: str) -> str:
    if not _NAME.match(role):
        raise ConfigError(
            f"role {role!r} is not a name; use letters, digits, '.', '_' or '-' (up to 64)."
        )
    return role


def _check_scope(scope: str) -> str:
    scope = scope.strip()
    if not scope or len(scope) > 200 or any(c in scope for c in "\n\r\t"):
        raise ConfigError(
            f"scope {scope!r} is not a scope; give a project id, `workspace`, "
            "`agent:<name>` or `*` for every scope."
        )
    return scope


def _require_admin(who: Principal, grants: Grants, scope: str) -> None:
    allowed = grants.is_unlimited() if scope == EVERY_SCOPE else grants.may(who, Level.ADMIN, scope)
    if not allowed:
        raise AccessDeniedError(
            f"{who.name} (role {grants.role}) is not an admin of {scope!r}; "
            "ask an admin to run this `hippo grant`."
        )


def grant(
    graph: Graph, who: Principal, grants: Grants, role: str, scope: str, level: str, *, at: datetime
) -> Granted:
    """Give ``role`` ``level`` on ``scope`` (``*``: every scope), as ``who``."""
    role, scope, parsed = _check_role(role), _check_scope(scope), Level.parse(level)
    if role == ADMIN_ROLE:
        raise ConfigError(
            "role admin holds admin on every scope and cannot be narrowed; give the principal "
            "another role instead (`hippo grant --principal NAME ROLE`)."
        )
    _require_admin(who, grants, scope)
    rows = graph.write(
        "set_grant",
        id=f"grant:{role}:{scope}",
        role=role,
        scope=scope,
        level=parsed.name.lower(),
        by=who.name,
        at=at,
    )
    return Granted(
        what="grant",
        role=role,
        scope=scope,
        level=parsed.name.lower(),
        previous=rows[0]["previous"] if rows else None,
    )


def assign(
    graph: Graph, who: Principal, grants: Grants, principal: str, role: str, *, at: datetime
) -> Granted:
    """Give ``principal`` (``agent:NAME`` for an agent, else a person's name) ``role``."""
    kind, name = (
        ("agent", principal[len(AGENT_PREFIX) :])
        if principal.startswith(AGENT_PREFIX)
        else ("person", principal)
    )
    if not _NAME.match(name):
        raise ConfigError(
            f"principal {principal!r} is not a name; give a person's name or `agent:<name>`."
        )
    role = _check_role(role)
    if not grants.is_unlimited():
        raise AccessDeniedError(
            f"{who.name} (role {grants.role}) may not give roles; only an admin may."
        )
    rows = graph.write(
        "set_principal_role",
        id=f"principal:{kind}:{name}",
        name=name,
        kind=kind,
        role=role,
        by=who.name,
        at=at,
    )
    return Granted(
        what="role",
        role=role,
        principal=principal,
        previous=rows[0]["previous"] if rows else None,
    )


def table(graph: Graph) -> GrantTable:
    """Every grant and role assignment."""
    rows = graph.read("list_grants")
    row = rows[0] if rows else {"grants": [], "principals": []}
    return GrantTable(
        grants=[GrantRow(**g) for g in row["grants"]],
        principals=[RoleRow(**p) for p in row["principals"]],
    )


__all__ = ["GrantTable", "Granted", "assign", "grant", "table"]
