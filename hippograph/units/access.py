"""Who may do what where: roles, grants per role and scope, and the level a principal holds.

A principal (a person or an agent) has a role. A grant gives a role a level (none, read,
write, admin) on a scope: a project's id, ``workspace``, ``agent:<name>``, or ``*`` for every
scope. Grants live in the graph (``hippo grant``); what holds without any is the zero-config
single-user case:

- role ``admin`` holds admin everywhere and cannot be narrowed (the local user is admin);
- role ``agent`` (every agent's default) may write every scope;
- any other role holds nothing until granted.

An agent's private notes (``agent:<name>``) are that agent's alone: readable and writable by it
and by admins, whatever ``*`` grants say. Pure Python: the prompt hook imports it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, Protocol

from hippograph.errors import AccessDeniedError, ConfigError

EVERY_SCOPE = "*"
AGENT_PREFIX = "agent:"
ADMIN_ROLE = "admin"
AGENT_ROLE = "agent"


class Level(IntEnum):
    """What a grant allows, each level including the ones below it."""

    NONE = 0
    READ = 1
    WRITE = 2
    ADMIN = 3

    @classmethod
    def parse(cls, text: str) -> Level:
        try:
            return cls[text.strip().upper()]
        except KeyError:
            raise ConfigError(
                f"level {text!r} is not one of none, read, write, admin; pick one of those."
            ) from None


# What a role holds on every scope when no grant names it (``*`` grants override).
BUILT_IN: Mapping[str, Level] = {ADMIN_ROLE: Level.ADMIN, AGENT_ROLE: Level.WRITE}


@dataclass(frozen=True)
class Principal:
    """Who reads or writes: a person, an agent, or hippograph itself (maintenance, warm-up),
    with a role (see the module docstring for the built-in ones)."""

    name: str
    kind: str = "person"  # person | agent | system
    role: str = ADMIN_ROLE


@dataclass(frozen=True)
class Grants:
    """The grants of one role: level per scope, ``*`` for every scope not named."""

    role: str
    levels: Mapping[str, Level] = field(default_factory=dict)

    def level(self, principal: Principal, scope: str) -> Level:
        """The level ``principal`` (of this role) holds on ``scope``."""
        if self.role == ADMIN_ROLE:
            return Level.ADMIN
        if scope.startswith(AGENT_PREFIX):
            if principal.kind == "agent" and scope == AGENT_PREFIX + principal.name:
                return Level.WRITE
            # another's notes: only an admin grant on exactly that scope opens them
            return Level.ADMIN if self.levels.get(scope) == Level.ADMIN else Level.NONE
        if scope in self.levels:
            return self.levels[scope]
        return self.levels.get(EVERY_SCOPE, BUILT_IN.get(self.role, Level.NONE))

    def may(self, principal: Principal, level: Level, scope: str) -> bool:
        return self.level(principal, scope) >= level

    def is_unlimited(self) -> bool:
        """Whether this role reads every scope there is, other agents' notes included."""
        return self.role == ADMIN_ROLE


class Reader(Protocol):
    def read(self, name: str, /, **params: Any) -> list[dict[str, Any]]: ...


def load(reader: Reader, principal: Principal) -> tuple[Principal, Grants]:
    """``principal`` with the role the graph gives it (its own when none is stored), and that
    role's grants. A system principal (hippograph itself) keeps its role."""
    rows = reader.read(
        "access_rules", name=principal.name, kind=principal.kind, role=principal.role
    )
    role = str(rows[0]["role"]) if rows and rows[0]["role"] else principal.role
    grants = rows[0]["grants"] if rows else []
    levels = {str(g["scope"]): Level[str(g["level"]).upper()] for g in grants}
    return Principal(principal.name, principal.kind, role), Grants(role, levels)


def readable(grants: Grants, principal: Principal, scopes: Iterable[str]) -> list[str]:
    """Those of ``scopes`` ``principal`` may read, in order."""
    return [s for s in scopes if grants.may(principal, Level.READ, s)]


def check_in_view(view: frozenset[str] | None, scopes: Iterable[str | None], where: str) -> None:
    """Refuse a scope asked for by name that a command's view of one project leaves out: the
    command would find nothing there and say nothing of why (``where`` names the view)."""
    if view is None:
        return
    for scope in scopes:
        if not scope or scope in view or (scope.startswith("agent:") and "agent:*" in view):
            continue
        raise AccessDeniedError(
            f"scope {scope!r} is outside what this command sees ({where}, the workspace and "
            f"notes); run it as `hippo --project {scope} ...`, or `hippo --all-projects ...`."
        )
