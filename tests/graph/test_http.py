"""The prompt hook's HTTP/1.1 answer parsing: what Neo4j sends (a body read to the end of the
connection), and what any HTTP server may (a length, chunks), or a broken answer."""

from __future__ import annotations

import pytest

from hippograph.graph.http import BadResponse, parse_response


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
