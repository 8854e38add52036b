"""Loads the Cypher files under ``cypher/`` once, by name.

Every statement hippograph runs lives in a ``.cypher`` file; this module is the
one place that turns file text into a query string for the driver. A name that
does not exist fails at load time, and ``$parameters`` are read from the file so
the executor can refuse calls whose keys differ from what the file declares.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import LiteralString, cast

from hippograph.errors import ConfigError

_PARAM = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")
_WRITE = re.compile(r"\b(CREATE|MERGE|DELETE|DETACH|SET|REMOVE|DROP|FOREACH)\b", re.IGNORECASE)
_HEADER = re.compile(r"^//\s*(READ|WRITE|SCHEMA)\b(\s+PLAIN\b)?(\s+SYSTEM\b)?", re.MULTILINE)
SECTIONS = ("schema", "migrations", "queries", "jobs", "admin")


@dataclass(frozen=True)
class Query:
    """One statement from one file, with the parameters it declares."""

    name: str
    section: str
    path: Path
    text: LiteralString
    params: frozenset[str]
    access: str  # READ, WRITE or SCHEMA, from the file header
    # PLAIN: rows hold only strings, numbers, booleans, lists and maps
    plain: bool = False
    # SYSTEM: reads only the server's own state (schema version, indexes), never memory
    system: bool = False

    @property
    def is_gated(self) -> bool:
        """True for reads of memory: they run only once the read gate admitted them
        (hippograph/units/read_gate.py). A READ marked SYSTEM runs without it."""
        return self.access == "READ" and not self.system

    @property
    def is_write(self) -> bool:
        """True for statements that change data or schema."""
        return self.access != "READ"


def cypher_dir() -> Path:
    """The folder of .cypher files: inside the installed package, else the repository's."""
    here = Path(__file__).resolve().parent.parent
    for candidate in (here / "cypher", here.parent / "cypher"):
        if (candidate / "schema").is_dir():
            return candidate
    raise ConfigError(
        f"the cypher/ folder is missing next to {here}; reinstall hippograph (pip install -e .)."
    )


def strip_comments_and_strings(text: str) -> str:
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"", "''", text)


def _parse(section: str, path: Path) -> Query:
    raw = path.read_text(encoding="utf-8")
    body = strip_comments_and_strings(raw)
    header = _HEADER.search(raw)
    if header is None:
        raise ConfigError(f"{path} lacks its '// READ', '// WRITE' or '// SCHEMA' header line.")
    access = header.group(1).upper()
    if access == "READ" and _WRITE.search(body):
        raise ConfigError(f"{path} is declared READ but contains a write clause.")
    statement = raw.strip().rstrip(";")
    if ";" in strip_comments_and_strings(statement):
        raise ConfigError(f"{path} holds more than one statement; keep one per file.")
    # The driver wants a LiteralString so that queries cannot be built from user
    # text. These strings come from files shipped with the package and are
    # never composed with runtime values, so this cast is the one sanctioned
    # place where file text becomes a query (mypy cannot check LiteralString,
    # python/mypy#12554; the import test and review enforce it).
    return Query(
        name=path.stem,
        section=section,
        path=path,
        text=cast(LiteralString, statement),  # type: ignore[redundant-cast]
        params=frozenset(_PARAM.findall(body)),
        access=access,
        plain=header.group(2) is not None,
        system=header.group(3) is not None,
    )


@lru_cache(maxsize=1)
def load_all() -> dict[str, Query]:
    """Every query by name; names are unique across sections."""
    root = cypher_dir()
    found: dict[str, Query] = {}
    for section in SECTIONS:
        folder = root / section
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.cypher")):
            query = _parse(section, path)
            if query.name in found:
                raise ConfigError(
                    f"two Cypher files are named {query.name!r}: "
                    f"{found[query.name].path} and {path}."
                )
            found[query.name] = query
    return found


def get(name: str) -> Query:
    """The query stored in ``cypher/<section>/<name>.cypher``."""
    queries = load_all()
    try:
        return queries[name]
    except KeyError:
        raise ConfigError(f"no Cypher file named {name!r} under {cypher_dir()}.") from None


def schema_statements() -> list[Query]:
    """The schema files in their NNN order."""
    return sorted((q for q in load_all().values() if q.section == "schema"), key=lambda q: q.name)


def migration_statements() -> list[Query]:
    """The data migrations (``cypher/migrations/NNN_*``, NNN the schema version that brought
    each), in order; each is idempotent, so applying the schema again is safe."""
    return sorted(
        (q for q in load_all().values() if q.section == "migrations"), key=lambda q: q.name
    )
