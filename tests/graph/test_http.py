"""The prompt hook's HTTP/1.1 answer parsing: what Neo4j sends (a body read to the end of the
connection), and what any HTTP server may (a length, chunks), or a broken answer."""

from __future__ import annotations

import socket
import threading
import time

import pytest

from hippograph.errors import ConfigError, GraphUnavailableError, HippographError
from hippograph.graph.http import BadResponse, HttpGraph, parse_response, url_host
from hippograph.units.read_gate import LOCAL_USER, open_gate


def test_a_body_read_to_the_end_of_the_connection_as_neo4j_sends_it() -> None:
    raw = b'HTTP/1.1 202 Accepted\r\nConnection: close\r\n\r\n{"data": {}}'
    assert parse_response(raw) == (202, b'{"data": {}}')


def test_a_body_of_a_stated_length() -> None:
    raw = b"HTTP/1.1 401 Unauthorized\r\nContent-Length: 5\r\n\r\nerror"
    assert parse_response(raw) == (401, b"error")
    with pytest.raises(BadResponse, match="ended after 3 of 5 bytes"):
        parse_response(b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nabc")


def test_a_body_sent_in_chunks_is_joined() -> None:
    chunked = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
    raw = chunked + b'4\r\n{"a"\r\n3;x=1\r\n: 1\r\n1\r\n}\r\n0\r\n\r\n'
    assert parse_response(raw) == (200, b'{"a": 1}')
    with pytest.raises(BadResponse, match="ended inside a chunk"):
        parse_response(chunked + b"4\r\nab")
    with pytest.raises(BadResponse, match="without its last chunk"):
        parse_response(chunked + b"4\r\nabcd\r\n")


@pytest.mark.parametrize("raw", [b"", b"SSH-2.0-OpenSSH_9.6\r\n", b"HTTP/1.1 OK\r\n\r\n"])
def test_what_is_not_an_http_answer_is_refused(raw: bytes) -> None:
    with pytest.raises(BadResponse, match="not an HTTP response"):
        parse_response(raw)


class _Canned:
    """A local server that answers one request with ``answer`` and keeps the connection open
    for ``linger_s``, as a proxy may; records the request it got."""

    def __init__(self, answer: bytes, linger_s: float = 5.0) -> None:
        self.answer, self.linger_s = answer, linger_s
        self.request = b""
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        connection, _ = self.server.accept()
        with connection:
            connection.settimeout(5)
            while b"\r\n\r\n" not in self.request:
                self.request += connection.recv(65536)
            connection.sendall(self.answer)
            time.sleep(self.linger_s)
        self.server.close()

    def reader(self) -> HttpGraph:
        reader = HttpGraph(f"http://localhost:{self.port}", "neo4j", "pw", "neo4j", deadline_s=3)
        open_gate(reader, LOCAL_USER)
        return reader


ROWS = (
    b'{"data": {"fields": ["version", "files", "applied_at"], '
    b'"values": [[{"$type": "Integer", "_value": "7"}, null, null]]}}'
)


def _answer(status: bytes, body: bytes) -> bytes:
    return b"HTTP/1.1 %s\r\nContent-Length: %d\r\n\r\n%s" % (status, len(body), body)


@pytest.mark.parametrize(
    "framing",
    [
        b"Content-Length: %d\r\n\r\n" % len(ROWS) + ROWS,
        b"Transfer-Encoding: chunked\r\n\r\n%x\r\n" % len(ROWS) + ROWS + b"\r\n0\r\n\r\n",
    ],
)
def test_an_answer_of_stated_end_is_read_without_waiting_for_the_connection_to_close(
    framing: bytes,
) -> None:
    server = _Canned(b"HTTP/1.1 202 Accepted\r\n" + framing)
    began = time.monotonic()
    rows = server.reader().read("get_schema_version")
    assert rows[0]["version"] == 7
    assert time.monotonic() - began < server.linger_s  # not held until the server hangs up
    assert server.request.startswith(b"POST /db/neo4j/query/v2 HTTP/1.1\r\n")
    assert f"\r\nHost: localhost:{server.port}\r\n".encode() in server.request


@pytest.mark.parametrize(
    ("answer", "error", "says"),
    [
        (
            _answer(
                b"400 Bad Request",
                b'{"errors": [{"code": "Neo.ClientError.Statement.SyntaxError", "message": "x"}]}',
            ),
            HippographError,
            r"rejected get_schema_version\.cypher: Neo\.ClientError\.Statement\.SyntaxError",
        ),
        (
            _answer(b"401 Unauthorized", b"{}"),
            GraphUnavailableError,
            r"refused the login \(401\): check HIPPOGRAPH_NEO4J_USER",
        ),
        (
            _answer(b"200 OK", b"<html/>"),
            GraphUnavailableError,
            r"answered 200: a body that is not JSON\.$",
        ),
        (
            b"SSH-2.0-OpenSSH_9.6\r\n\r\n",
            GraphUnavailableError,
            r"cannot reach Neo4j's HTTP API at .* \(not an HTTP response",
        ),
    ],
)
def test_what_goes_wrong_is_said_in_one_sentence(
    answer: bytes, error: type[Exception], says: str
) -> None:
    server = _Canned(answer, linger_s=0)
    with pytest.raises(error, match=says):
        server.reader().read("get_schema_version")


def test_an_ipv6_host_is_written_in_brackets() -> None:
    assert url_host("::1") == "[::1]" and url_host("localhost") == "localhost"
    HttpGraph("http://[::1]:7474", "neo4j", "pw", "neo4j")  # a valid address
    with pytest.raises(ConfigError, match=r"in brackets: http://\[::1\]:7474"):
        HttpGraph("http://::1:7474", "neo4j", "pw", "neo4j")
