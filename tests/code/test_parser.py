"""The walk shared by every language: file records, syntax errors, bad bytes, limits."""

from __future__ import annotations

import hashlib

import pytest

from hippograph.code import LANGUAGES, ParsedFile, parse_source
from hippograph.code.parser import MAX_CALLEE_TEXT
from hippograph.errors import IngestError
from hippograph.schema import SymbolKind


def test_file_record() -> None:
    source = b"def ping() -> str:\n    return 'pong'\n"
    parsed = parse_source(source, "./src\\health\\check.py", "python")
    assert parsed == ParsedFile(
        path="src/health/check.py",
        language="python",
        content_hash=hashlib.sha256(source).hexdigest(),
        symbols=parsed.symbols,
        imports=(),
        calls=(),
        syntax_errors=(),
    )
    (ping,) = parsed.symbols
    assert (ping.name, ping.qualified_name, ping.kind) == ("ping", "health.check.ping", "function")
    assert (ping.signature, ping.start_line, ping.end_line, ping.parent) == (
        "def ping() -> str",
        1,
        2,
        None,
    )
    assert len(ping.signature_hash) == len(ping.body_hash) == 64


def test_unknown_language_is_an_ingest_error() -> None:
    with pytest.raises(
        IngestError, match=r"^notes\.rb: cannot parse language 'ruby'; use one of: go, java, "
    ):
        parse_source(b"puts 1\n", "notes.rb", "ruby")


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_empty_file(language: str) -> None:
    parsed = parse_source(b"", "empty", language)
    assert (parsed.symbols, parsed.imports, parsed.calls, parsed.syntax_errors) == ((), (), (), ())


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_binary_bytes_do_not_crash(language: str) -> None:
    blob = bytes(range(256)) * 8 + b"\x00\xff\xfe\x89PNG\r\n\x1a\n"
    parsed = parse_source(blob, "blob.bin", language)
    assert parsed.content_hash == hashlib.sha256(blob).hexdigest()
    assert parsed.syntax_errors  # garbage is reported, not raised


def test_non_utf8_source_is_read_with_replacement_characters() -> None:
    source = "def grüß(name):\n    return 'grüß ' + name\n\ndef after():\n    pass\n".encode(
        "latin-1"
    )
    parsed = parse_source(source, "greet.py", "python")
    # U+FFFD is no identifier character: the name stops before it and the rest is a syntax error.
    assert [(s.name, s.start_line, s.end_line) for s in parsed.symbols] == [
        ("gr", 1, 2),
        ("after", 4, 5),
    ]
    assert parsed.symbols[0].signature == "def gr (name)"
    assert parsed.syntax_errors == (1,)
    assert parsed.content_hash == hashlib.sha256(source).hexdigest()  # of the bytes as given


def test_python_syntax_error_keeps_the_rest_of_the_file() -> None:
    source = (
        b"def before(a):\n"
        b"    return a\n"
        b"\n"
        b"def broken(items):\n"
        b"    total = [1, 2\n"
        b"    return total\n"
        b"\n"
        b"class After:\n"
        b"    def method(self):\n"
        b"        return 1\n"
    )
    parsed = parse_source(source, "calc.py", "python")
    assert [(s.qualified_name, s.kind, s.start_line, s.end_line) for s in parsed.symbols] == [
        ("calc.before", SymbolKind.FUNCTION, 1, 2),
        ("calc.broken", SymbolKind.FUNCTION, 4, 6),
        ("calc.After", SymbolKind.CLASS, 8, 10),
        ("calc.After.method", SymbolKind.METHOD, 9, 10),
    ]
    assert parsed.symbols[1].signature == "def broken(items)"  # the unparsed body is not in it
    assert parsed.syntax_errors == (5,)


def test_java_syntax_error_keeps_the_other_methods() -> None:
    source = b"class Cart {\n  void add() {}\n  void bad( { int x = ; }\n  void clear() {}\n}\n"
    parsed = parse_source(source, "Cart.java", "java")
    assert [s.qualified_name for s in parsed.symbols] == [
        "Cart",
        "Cart.add",
        "Cart.bad",
        "Cart.clear",
    ]
    assert parsed.syntax_errors == (3,)


def test_go_missing_brace_is_reported_on_its_line() -> None:
    source = b"package cart\n\nfunc Add() int { return 1 }\n\nfunc Clear() {\n"
    parsed = parse_source(source, "cart.go", "go")
    assert [s.qualified_name for s in parsed.symbols] == ["cart.Add", "cart.Clear"]
    assert parsed.syntax_errors == (5,)


def test_deeply_nested_expressions_do_not_hit_the_recursion_limit() -> None:
    source = b"def total():\n    return " + b" + ".join(b"1" for _ in range(5000)) + b"\n"
    parsed = parse_source(source, "big.py", "python")
    assert [s.name for s in parsed.symbols] == ["total"]


def test_long_callee_text_is_cut() -> None:
    chain = "fetch(url)" + "".join(f".then(step{i})" for i in range(60))
    parsed = parse_source(
        f"function load(url) {{ return {chain}; }}\n".encode(), "load.js", "javascript"
    )
    outer = parsed.calls[0]
    assert outer.callee == "then"
    assert len(outer.callee_text) == MAX_CALLEE_TEXT
    assert outer.callee_text.startswith("fetch(url).then(step0)") and outer.callee_text.endswith(
        "…"
    )


def test_expression_callee_falls_back_to_its_last_identifier() -> None:
    parsed = parse_source(b"handlers['save'](doc)\nmake()()\n", "run.py", "python")
    assert [(c.callee, c.callee_text, c.line) for c in parsed.calls] == [
        ("save", "handlers['save']", 1),
        ("make", "make()", 2),
        ("make", "make", 2),
    ]


def test_same_class_name_in_two_files_gets_two_qualified_names() -> None:
    python = b"class User:\n    pass\n"
    assert (
        parse_source(python, "src/shop/models.py", "python").symbols[0].qualified_name
        == "shop.models.User"
    )
    assert (
        parse_source(python, "src/admin/models.py", "python").symbols[0].qualified_name
        == "admin.models.User"
    )
    ts = b"export class User {}\n"
    assert (
        parse_source(ts, "src/shop/user.ts", "typescript").symbols[0].qualified_name
        == "src/shop/user.User"
    )
    assert (
        parse_source(ts, "src/admin/user.ts", "typescript").symbols[0].qualified_name
        == "src/admin/user.User"
    )
    rust = b"pub struct User;\n"
    assert (
        parse_source(rust, "src/shop.rs", "rust").symbols[0].qualified_name == "crate::shop::User"
    )
    assert (
        parse_source(rust, "src/admin/mod.rs", "rust").symbols[0].qualified_name
        == "crate::admin::User"
    )
    java = [b"package com.acme.shop;\nclass User {}\n", b"package com.acme.admin;\nclass User {}\n"]
    assert [parse_source(s, "User.java", "java").symbols[0].qualified_name for s in java] == [
        "com.acme.shop.User",
        "com.acme.admin.User",
    ]
