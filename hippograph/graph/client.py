"""The driver, its lifecycle, and the only way hippograph runs a statement.

Reads go through ``execute_query`` with READ routing, an explicit database and a
server-side timeout; writes go through managed transactions so transient errors
are retried by the driver. Driver exceptions are translated here, and only here,
into the ``hippograph.errors`` tree.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

import neo4j
from neo4j import GraphDatabase, RoutingControl
from neo4j import exceptions as nx
from neo4j import time as ntime
from neo4j.graph import Node, Relationship

from hippograph.config import Settings
from hippograph.errors import (
    ConflictError,
    GraphUnavailableError,
    HippographError,
    RecallError,
)
from hippograph.graph import queries
from hippograph.graph.gating import (
    ReadPolicy,
    admit,
    caller_params,
    screened,
    ungated,
    with_gate_defaults,
)
from hippograph.graph.plans import TextPlan, loop_refusal, procedure_of
from hippograph.graph.queries import Query

log = logging.getLogger(__name__)
T = TypeVar("T")
_SCHEMES = frozenset({"bolt", "bolt+s", "bolt+ssc", "neo4j", "neo4j+s", "neo4j+ssc"})
Row = dict[str, Any]


_SCALARS = frozenset({str, int, float, bool, type(None)})


def to_native(value: Any) -> Any:
    """Turn driver values (and containers of them) into Python ones: temporals native, nodes and
    relationships their property maps. Scalars are checked first: they are most of every row."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is dict:
        return {k: to_native(v) for k, v in value.items()}
    if kind is list:
        return [to_native(v) for v in value]
    if isinstance(value, ntime.DateTime | ntime.Date):
        return value.to_native()
    if isinstance(value, ntime.Duration):
        return value.seconds + value.days * 86400 + value.months * 2_629_746
    if isinstance(value, Node | Relationship):
        return {k: to_native(v) for k, v in value.items()}
    return value


def row_of(record: neo4j.Record) -> Row:
    """One record as a plain dict (cheaper than ``Record.data()``,
    which walks every value twice)."""
    return {k: to_native(v) for k, v in zip(record.keys(), record.values(), strict=True)}


def _plain(value: Any) -> Any:
    """A value from an arbitrary query as plain Python: temporals native, tuples lists,
    the rest as text."""
    if isinstance(value, ntime.DateTime | ntime.Date | ntime.Duration):
        return to_native(value)
    if isinstance(value, ntime.Time):
        return value.iso_format()
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)  # spatial points and anything newer: readable, never a driver object


@dataclass(frozen=True)
class TextRows:
    """The first rows of a read statement someone else wrote."""

    columns: list[str]
    rows: list[Row]
    truncated: bool  # more rows existed than the limit allowed


def _check_params(query: Query, params: Mapping[str, Any]) -> None:
    given = set(params) | (query.params - caller_params(query))
    if given != query.params:
        missing = sorted(query.params - given)
        extra = sorted(given - query.params)
        raise HippographError(
            f"parameters for {query.name}.cypher do not match the file: missing "
            f"{missing}, unexpected {extra}."
        )


# Seconds the driver keeps retrying a transaction that failed for a transient reason.
RETRY_S = 2.0
# The driver's own log (reconnects, "will be retried", defunct connections) is for `hippo -v`
# (which configures logging); without it the user sees hippograph's one sentence, not its lines.
logging.getLogger("neo4j").addHandler(logging.NullHandler())


class Tx:
    """A managed write transaction that runs named statements."""

    def __init__(self, tx: neo4j.ManagedTransaction, gate: ReadPolicy | None = None) -> None:
        self._tx = tx
        self._gate = gate

    def run(self, name: str, /, **params: Any) -> list[Row]:
        """Run ``cypher/**/<name>.cypher`` inside this transaction and return its rows; a read of
        memory passes the connection's read gate first."""
        query = queries.get(name)
        _check_params(query, params)
        params = admit(self._gate, query, params)
        result = self._tx.run(query.text, params)
        return screened(self._gate, query, [row_of(r) for r in result])


class Graph:
    """A connection to one Neo4j database."""

    def __init__(
        self,
        driver: neo4j.Driver,
        *,
        uri: str,
        user: str,
        database: str,
        timeout_s: float,
        password_from: str | None = None,
    ) -> None:
        self._driver = driver
        self.uri = uri
        self.user = user
        self.password_from = password_from  # where the password came from, for a refused login
        self.database = database
        self.timeout_s = timeout_s
        self._gate: ReadPolicy | None = None

    def set_read_gate(self, gate: ReadPolicy) -> None:
        """Let ``gate`` admit every read of memory on this connection (hippograph.units.read_gate
        is the one caller: reads of memory fail until it has been called)."""
        self._gate = gate

    @classmethod
    def connect(
        cls, settings: Settings, *, connection_timeout_s: float = 5.0, verify: bool = True
    ) -> Graph:
        """Open a driver for the configured server and check that it answers."""
        uri = settings.bolt_uri
        password = settings.resolved_password()
        if password is None:
            raise GraphUnavailableError(
                f"no password for Neo4j at {uri}: set HIPPOGRAPH_NEO4J_PASSWORD, "
                f"or run `hippo db start` so hippo generates one in {settings.password_file}."
            )
        scheme = uri.split("://", 1)[0].lower() if "://" in uri else ""
        if scheme not in _SCHEMES:
            raise GraphUnavailableError(
                f"HIPPOGRAPH_NEO4J_URI {uri!r} is not a valid Neo4j URI; use bolt://host:7687 or neo4j://host:7687."
            )
        try:
            driver = GraphDatabase.driver(
                uri,
                auth=(settings.neo4j_user, password),
                connection_timeout=connection_timeout_s,
                connection_acquisition_timeout=max(connection_timeout_s * 2, 10.0),
                # retries are for transient errors (a deadlock between writers taking turns);
                # a server that is gone fails within this, not after a storm of reconnects
                max_transaction_retry_time=RETRY_S,
                warn_notification_severity="OFF",
                notifications_min_severity="OFF",
            )
        except (ValueError, nx.ConfigurationError) as exc:
            raise GraphUnavailableError(
                f"HIPPOGRAPH_NEO4J_URI {uri!r} is not a valid Neo4j URI ({exc}); use "
                "bolt://host:7687 or neo4j://host:7687."
            ) from exc
        graph = cls(
            driver,
            uri=uri,
            user=settings.neo4j_user,
            database=settings.neo4j_database,
            timeout_s=settings.query_timeout_s,
            password_from=(
                "HIPPOGRAPH_NEO4J_PASSWORD"
                if settings.neo4j_password is not None
                else str(settings.password_file)
            ),
        )
        if verify:
            try:
                graph.verify()
            except BaseException:
                graph.close()
                raise
        return graph

    def verify(self) -> None:
        """Fail with a clear error unless the server answers and accepts the login."""
        with self._translated():
            self._driver.verify_connectivity()

    def close(self) -> None:
        """Release the driver's connections."""
        self._driver.close()

    def __enter__(self) -> Graph:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- running statements -------------------------------------------------

    def read(self, name: str, /, *, timeout_s: float | None = None, **params: Any) -> list[Row]:
        """Run a READ statement with READ routing and a server-side timeout."""
        query = queries.get(name)
        if query.is_write:
            raise HippographError(f"{name}.cypher is not a READ statement; use Graph.write.")
        _check_params(query, params)
        params = admit(self._gate, query, params)
        with self._translated(query):
            records, _, _ = self._driver.execute_query(
                neo4j.Query(query.text, timeout=timeout_s or self.timeout_s),
                params,
                database_=self.database,
                routing_=RoutingControl.READ,
            )
        if query.plain:  # nothing to convert: the rows are used as the driver gives them
            rows = [dict(zip(r.keys(), r.values(), strict=True)) for r in records]
        else:
            rows = [row_of(r) for r in records]
        return screened(self._gate, query, rows)

    def write(self, name: str, /, **params: Any) -> list[Row]:
        """Run one WRITE statement in its own managed transaction."""
        return self.write_tx(lambda tx: tx.run(name, **params))

    def write_tx(self, work: Callable[[Tx], T]) -> T:
        """Run ``work`` in one managed write transaction: all of it commits, or none."""
        with self._translated(), self._driver.session(database=self.database) as session:
            return session.execute_write(lambda tx: work(Tx(tx, self._gate)))

    def run_autocommit(self, name: str, /, **params: Any) -> list[Row]:
        """Run a statement in an auto-commit transaction (schema, CALL … IN TRANSACTIONS)."""
        query = queries.get(name)
        _check_params(query, params)
        params = admit(self._gate, query, params)
        with self._translated(query), self._driver.session(database=self.database) as session:
            result = session.run(query.text, params)
            return [row_of(r) for r in result]

    def explain(self, name: str, /, *, details: bool = False, **params: Any) -> list[str]:
        """EXPLAIN a stored statement and return the operator names of its plan (with
        ``details``: each name followed by what it works on, e.g. the index it seeks)."""
        query = queries.get(name)
        _check_params(query, params)
        params = with_gate_defaults(query, params)
        with self._translated(query), self._driver.session(database=self.database) as session:
            summary = session.run("EXPLAIN " + query.text, params).consume()
        ops: list[str] = []

        def walk(plan: Mapping[str, Any] | None) -> None:
            if not plan:
                return
            op = str(plan.get("operatorType", ""))
            if details:
                op += " " + str(plan.get("args", {}).get("Details", ""))
            ops.append(op)
            for child in plan.get("children", []):
                walk(child)

        walk(summary.plan)
        return ops

    # -- statements written by someone else (an agent) ----------------------------

    def explain_text(self, text: str, params: Mapping[str, Any] | None = None) -> TextPlan:
        """EXPLAIN a statement given as text (never executed) and return its query type and
        operators."""
        # Agent text is data here, not one of our queries: it is only planned, with READ routing.
        with self._translated(timeout_s=self.timeout_s):
            summary = self._driver.execute_query(
                neo4j.Query("EXPLAIN " + text, timeout=self.timeout_s),
                dict(params or {}),
                database_=self.database,
                routing_=RoutingControl.READ,
                result_transformer_=neo4j.Result.consume,
            )
        ops: list[str] = []
        procedures: list[str] = []

        def walk(plan: Mapping[str, Any] | None) -> None:
            if not plan:
                return
            op = str(plan.get("operatorType", "")).split("@", 1)[0]
            ops.append(op)
            if op == "ProcedureCall":
                procedures.append(procedure_of(str(plan.get("args", {}).get("Details", ""))))
            for child in plan.get("children", []):
                walk(child)

        walk(summary.plan)
        return TextPlan(str(summary.query_type or ""), tuple(ops), tuple(procedures))

    def read_text(
        self,
        text: str,
        params: Mapping[str, Any] | None = None,
        *,
        limit: int = 100,
        timeout_s: float | None = None,
    ) -> TextRows:
        """Run a statement given as text only if EXPLAIN shows a read-only plan;
        at most ``limit`` rows.

        It runs in a READ transaction with READ routing and a server-side timeout, so a write
        the plan check missed would still be rejected by the server.

        Raises:
            RecallError: the statement is not read-only, or it ran past the timeout.
        """
        if limit < 1:
            raise RecallError(f"limit={limit} is out of range; ask for at least one row.")
        if self._gate is None:
            raise ungated(None)
        self._gate.admit_text(text)
        plan = self.explain_text(text, params)
        refusal = plan.refusal() or loop_refusal(text)
        if refusal is not None:
            raise RecallError(refusal)
        timeout = timeout_s or self.timeout_s

        def first_rows(result: neo4j.Result) -> TextRows:
            rows: list[Row] = []
            for record in result:
                if len(rows) == limit:
                    return TextRows(columns=list(result.keys()), rows=rows, truncated=True)
                rows.append(_plain(record.data()))
            return TextRows(columns=list(result.keys()), rows=rows, truncated=False)

        # An auto-commit READ transaction: the server's timeout applies, and nothing retries it
        # (a managed transaction would retry a memory-limit error three times).
        query = neo4j.Query(text, timeout=timeout, metadata={"app": "hippograph", "via": "agent"})
        with (
            self._translated(timeout_s=timeout),
            self._driver.session(
                database=self.database, default_access_mode=neo4j.READ_ACCESS
            ) as session,
        ):
            return first_rows(session.run(query, dict(params or {})))

    # -- errors -------------------------------------------------------------

    def _refused(self) -> str:
        """A refused login in words: which password was wrong and what to do about it."""
        refused = f"Neo4j at {self.uri} refused the login of user {self.user!r}"
        if self.password_from == "HIPPOGRAPH_NEO4J_PASSWORD":
            return (
                f"{refused} with the password in HIPPOGRAPH_NEO4J_PASSWORD; correct it (and "
                "HIPPOGRAPH_NEO4J_USER), or unset it to use the managed server's password file."
            )
        if self.password_from:
            return (
                f"{refused} with the password in {self.password_from}; that file no longer "
                "matches the server: set HIPPOGRAPH_NEO4J_PASSWORD to the server's password."
            )
        return (
            f"{refused}; set HIPPOGRAPH_NEO4J_PASSWORD (and HIPPOGRAPH_NEO4J_USER) to "
            "the server's credentials."
        )

    @contextmanager
    def _translated(
        self, query: Query | None = None, *, timeout_s: float | None = None
    ) -> Iterator[None]:
        where = f" running {query.name}.cypher" if query is not None else ""
        try:
            yield
        except HippographError:
            raise
        except nx.AuthError as exc:
            raise GraphUnavailableError(self._refused()) from exc
        except (nx.ServiceUnavailable, nx.SessionExpired, OSError) as exc:
            raise GraphUnavailableError(
                f"cannot reach Neo4j at {self.uri}; start one with `hippo db start`, "
                "or set HIPPOGRAPH_NEO4J_URI to a running server."
            ) from exc
        except nx.ConstraintError as exc:
            raise ConflictError(
                f"write refused by a uniqueness constraint{where}: {exc.message}"
            ) from exc
        except nx.ClientError as exc:
            code = exc.code or ""
            if "DatabaseNotFound" in code:
                raise GraphUnavailableError(
                    f"Neo4j at {self.uri} has no database {self.database!r}; set "
                    "HIPPOGRAPH_NEO4J_DATABASE to one that exists."
                ) from exc
            if "Timeout" in code or "TransactionTimedOut" in code:
                limit = timeout_s or self.timeout_s
                raise RecallError(
                    f"Neo4j stopped a query that ran past its {limit:g} s limit{where}."
                ) from exc
            raise HippographError(f"Neo4j rejected a statement{where}: {exc.message}") from exc
        except nx.Neo4jError as exc:
            raise HippographError(f"Neo4j failed{where}: {exc.message}") from exc
        except nx.DriverError as exc:
            raise GraphUnavailableError(
                f"the Neo4j driver failed talking to {self.uri}: {exc}"
            ) from exc


def now_utc() -> datetime:
    """The current time, timezone-aware, the form every stored timestamp takes."""
    from datetime import UTC

    return datetime.now(UTC)


__all__ = ["Graph", "Row", "TextPlan", "TextRows", "Tx", "now_utc", "to_native"]
