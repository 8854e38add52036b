"""Reads over Neo4j's HTTP Query API (``/db/<name>/query/v2``) with the standard library only.

The per-prompt hook runs as a fresh process for every prompt; importing the Bolt driver
costs more than the whole query. This client runs the same ``.cypher`` files, with typed
parameters, for READ statements only. Over plain HTTP it speaks HTTP/1.1 on a socket of its
own: one POST, one answer, then the connection closes. ``http.client`` imports the email parser
and ssl for it, about 25 ms of a process whose budget is a few hundred (``urllib.request``
more); HTTPS (Aura) goes through ``http.client``.
"""

from __future__ import annotations

import base64
import json
import socket
import time
from datetime import date, datetime
from typing import Any, Self
from urllib.parse import urlparse

from hippograph.errors import ConfigError, GraphUnavailableError, HippographError
from hippograph.graph import queries
from hippograph.graph.gating import GATE_PARAMS, ReadPolicy, admit, caller_params, screened
from hippograph.schema import isotime

_MEDIA = "application/vnd.neo4j.query"


def encode(value: Any) -> dict[str, Any]:
    """A Python value as Query API typed JSON."""
    if value is None:
        return {"$type": "Null", "_value": None}
    if isinstance(value, bool):
        return {"$type": "Boolean", "_value": value}
    if isinstance(value, int):
        return {"$type": "Integer", "_value": str(value)}
    if isinstance(value, float):
        return {"$type": "Float", "_value": repr(value)}
    if isinstance(value, str):
        return {"$type": "String", "_value": value}
    if isinstance(value, datetime):
        return {"$type": "OffsetDateTime", "_value": value.isoformat()}
    if isinstance(value, date):
        return {"$type": "Date", "_value": value.isoformat()}
    if isinstance(value, list | tuple):
        return {"$type": "List", "_value": [encode(v) for v in value]}
    if isinstance(value, dict):
        return {"$type": "Map", "_value": {str(k): encode(v) for k, v in value.items()}}
    raise HippographError(f"cannot send a {type(value).__name__} over the HTTP Query API.")


def decode(value: Any) -> Any:
    """Query API typed JSON as Python values."""
    if not isinstance(value, dict) or "$type" not in value:
        return value
    kind: str = value["$type"]
    raw: Any = value.get("_value")
    if kind in ("Null",):
        return None
    if kind == "Integer":
        return int(raw)
    if kind == "Float":
        return float(raw)
    if kind in ("OffsetDateTime", "ZonedDateTime", "LocalDateTime", "DateTime"):
        return isotime.parse(raw)
    if kind == "Date":
        return date.fromisoformat(raw)
    if kind == "List":
        return [decode(v) for v in raw]
    if kind == "Map":
        return {k: decode(v) for k, v in raw.items()}
    return raw


class BadResponse(OSError):
    """What came back was not an HTTP response."""


def url_host(host: str) -> str:
    """A host as a URL or a Host header writes it: an IPv6 address in brackets."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def _headers(head: bytes) -> dict[str, str]:
    """A response's header fields, names lower-cased (the status line left out)."""
    lines = head.decode("latin-1").split("\r\n")[1:]
    return {
        name.strip().lower(): value.strip()
        for name, _, value in (line.partition(":") for line in lines)
    }


def _complete(raw: bytes) -> bool:
    """Whether ``raw`` holds a whole response whose end its headers state (a length, or the last
    chunk): then a server that keeps the connection open need not be waited for."""
    head, sep, body = raw.partition(b"\r\n\r\n")
    if not sep:
        return False
    headers = _headers(head)
    if headers.get("transfer-encoding", "").lower() == "chunked":
        return body.endswith(b"0\r\n\r\n")
    length = headers.get("content-length", "")
    return length.isdigit() and len(body) >= int(length)  # else it ends with the connection


def parse_response(raw: bytes) -> tuple[int, bytes]:
    """The status and body of an HTTP/1.1 response read to its end (a body sent in chunks is
    joined)."""
    head, sep, body = raw.partition(b"\r\n\r\n")
    parts = head.decode("latin-1").split("\r\n", 1)[0].split(" ", 2)
    if not sep or len(parts) < 2 or not parts[0].startswith("HTTP/") or not parts[1].isdigit():
        raise BadResponse(f"not an HTTP response: {raw[:40]!r}")
    headers = _headers(head)
    if headers.get("transfer-encoding", "").lower() == "chunked":
        body = _unchunk(body)
    elif "content-length" in headers:
        length = int(headers["content-length"])
        if len(body) < length:
            raise BadResponse(f"the body ended after {len(body)} of {length} bytes")
        body = body[:length]
    return int(parts[1]), body


def _unchunk(body: bytes) -> bytes:
    out: list[bytes] = []
    at = 0
    while True:
        end = body.find(b"\r\n", at)
        if end < 0:
            raise BadResponse("a chunked body ended without its last chunk")
        size = int(body[at:end].split(b";", 1)[0], 16)
        if size == 0:
            return b"".join(out)
        start = end + 2
        if len(body) < start + size:
            raise BadResponse("a chunked body ended inside a chunk")
        out.append(body[start : start + size])
        at = start + size + 2


class HttpGraph:
    """READ statements over HTTP, each within what is left of a deadline."""

    def __init__(
        self, base_url: str, user: str, password: str, database: str, *, deadline_s: float = 0.9
    ) -> None:
        self.url = f"{base_url.rstrip('/')}/db/{database}/query/v2"
        where = urlparse(self.url)
        self._https = where.scheme == "https"
        self._host = where.hostname or "127.0.0.1"
        try:
            self._port = where.port or (443 if self._https else 80)
        except ValueError as exc:
            raise ConfigError(
                f"Neo4j's HTTP address {base_url!r} has no valid port; set "
                "HIPPOGRAPH_NEO4J_HTTP_URI to a URL such as http://localhost:7474 "
                "(an IPv6 host in brackets: http://[::1]:7474)."
            ) from exc
        self._path = where.path
        token = base64.b64encode(f"{user}:{password}".encode()).decode()
        self._headers = {
            "Content-Type": _MEDIA,
            "Accept": _MEDIA,
            "Authorization": f"Basic {token}",
        }
        self.deadline = time.monotonic() + deadline_s
        self.budget_s = deadline_s
        self._gate: ReadPolicy | None = None

    @classmethod
    def from_settings(
        cls, settings: Any, *, deadline_s: float = 0.9, port: int | None = None
    ) -> Self:
        """A reader for the server ``settings`` (a ``Settings``) name: the Bolt URI's host, the
        HTTP port (``port`` overrides it), user, password and database."""
        host = urlparse(settings.bolt_uri).hostname or "127.0.0.1"
        return cls(
            f"http://{url_host(host)}:{port or settings.neo4j_http_port}",
            settings.neo4j_user,
            settings.resolved_password() or "",
            settings.neo4j_database,
            deadline_s=deadline_s,
        )

    def set_read_gate(self, gate: ReadPolicy) -> None:
        """Let ``gate`` admit every read of memory (hippograph.units.read_gate is the one
        caller)."""
        self._gate = gate

    def read(
        self, name: str, /, *, timeout_s: float | None = None, **params: Any
    ) -> list[dict[str, Any]]:
        """Run a READ statement from ``cypher/`` and return its rows as dicts."""
        query = queries.get(name)
        if query.is_write or set(params) - GATE_PARAMS != caller_params(query):
            raise HippographError(f"{name}.cypher cannot run over HTTP with these parameters.")
        params = admit(self._gate, query, params)
        left = self.deadline - time.monotonic()
        if left <= 0.02:
            raise GraphUnavailableError(self._timed_out(name))
        body = json.dumps(
            {
                "statement": query.text,
                "parameters": {k: encode(v) for k, v in params.items()},
                "accessMode": "Read",
            }
        ).encode()
        try:
            status, payload = self._post(body, min(left, timeout_s or left))
        except TimeoutError as exc:  # socket.timeout is TimeoutError
            raise GraphUnavailableError(self._timed_out(name)) from exc
        except (OSError, ValueError) as exc:  # refused, reset, or not an HTTP answer
            raise GraphUnavailableError(
                f"cannot reach Neo4j's HTTP API at {self.url} ({exc})."
            ) from exc
        try:
            doc = json.loads(payload)
        except ValueError:
            doc = None
        error = (doc.get("errors") or [{}])[0] if isinstance(doc, dict) else {}
        if status in (401, 403):
            raise GraphUnavailableError(
                f"Neo4j's HTTP API at {self.url} refused the login ({status}): check "
                "HIPPOGRAPH_NEO4J_USER, its password (HIPPOGRAPH_NEO4J_PASSWORD or the "
                "managed instance's password file) and that user's access to the database."
            )
        if error.get("code", "").startswith("Neo.ClientError.Statement"):
            raise HippographError(
                f"Neo4j rejected {name}.cypher: {error['code']}: "
                f"{str(error.get('message', ''))[:200]}"
            )
        if not 200 <= status < 300 or not isinstance(doc, dict) or error:
            detail = error.get("message") or ("a body that is not JSON" if doc is None else "")
            raise GraphUnavailableError(
                f"Neo4j's HTTP API at {self.url} answered {status}"
                + (f": {str(detail)[:200]}." if detail else ".")
            )
        data = doc.get("data", {})
        fields = data.get("fields", [])
        rows = [
            {f: decode(v) for f, v in zip(fields, row, strict=False)}
            for row in data.get("values", [])
        ]
        return screened(self._gate, query, rows)

    def _post(self, body: bytes, timeout_s: float) -> tuple[int, bytes]:
        """POST ``body`` to the Query API on a connection of its own (the hook's reads run at
        the same time); its status and body."""
        if self._https:
            import http.client

            connection = http.client.HTTPSConnection(self._host, self._port, timeout=timeout_s)
            try:
                connection.request("POST", self._path, body=body, headers=self._headers)
                response = connection.getresponse()
                return response.status, response.read()
            except http.client.HTTPException as exc:
                raise BadResponse(str(exc)) from exc
            finally:
                connection.close()
        deadline = time.monotonic() + timeout_s
        head = "".join(
            [
                f"POST {self._path} HTTP/1.1\r\n",
                f"Host: {url_host(self._host)}:{self._port}\r\n",
                *(f"{k}: {v}\r\n" for k, v in self._headers.items()),
                f"Content-Length: {len(body)}\r\n",
                "Connection: close\r\n\r\n",
            ]
        )
        with socket.create_connection((self._host, self._port), timeout=timeout_s) as sock:
            sock.sendall(head.encode("latin-1") + body)
            raw = b""
            while not _complete(raw):
                sock.settimeout(max(deadline - time.monotonic(), 0.001))
                chunk = sock.recv(65536)
                if not chunk:
                    break
                raw += chunk
        return parse_response(raw)

    def _timed_out(self, name: str) -> str:
        """What to say when the time budget ran out: that it did, and how long it was."""
        return (
            f"Neo4j's HTTP API did not answer {name}.cypher within the hook's budget of "
            f"{self.budget_s * 1000:.0f} ms (timed out; HIPPOGRAPH_HOOK_DEADLINE_S sets it)."
        )

    def write_tx(self, work: Any) -> Any:
        """Not available: the HTTP path is for reads on the prompt path."""
        raise HippographError("the HTTP graph is read-only; writes go through Bolt.")
