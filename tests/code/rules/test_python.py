"""Python fixture repository: every symbol, signatures, imports and calls."""

from __future__ import annotations

import pytest

from hippograph.code import CallRef, ImportRef, parse_source
from hippograph.code.rules.python import python_module
from hippograph.schema import SymbolKind
from tests.code.fixture_repos import fixture_files, parse_fixture, symbol, symbol_table

EXPECTED = {
    "src/shop/__init__.py": [
        ("shop.version", SymbolKind.FUNCTION, 6, 7),
    ],
    "src/shop/auth/login.py": [
        ("shop.auth.login.LoginError", SymbolKind.CLASS, 11, 12),
        ("shop.auth.login.LoginService", SymbolKind.CLASS, 15, 32),
        ("shop.auth.login.LoginService.__init__", SymbolKind.METHOD, 16, 18),
        ("shop.auth.login.LoginService.login", SymbolKind.METHOD, 20, 25),
        ("shop.auth.login.LoginService._issue", SymbolKind.METHOD, 27, 32),
        ("shop.auth.login.LoginService._issue.random_part", SymbolKind.FUNCTION, 29, 30),
        ("shop.auth.login._matches", SymbolKind.FUNCTION, 35, 38),
    ],
    "src/shop/models.py": [
        ("shop.models.Role", SymbolKind.CLASS, 7, 9),
        ("shop.models.User", SymbolKind.CLASS, 12, 22),
        ("shop.models.User.is_admin", SymbolKind.METHOD, 21, 22),
        ("shop.models.Token", SymbolKind.CLASS, 25, 28),
    ],
}


def test_every_fixture_file_is_checked() -> None:
    assert fixture_files("python") == sorted(EXPECTED)


@pytest.mark.parametrize("rel_path", sorted(EXPECTED))
def test_symbols(rel_path: str) -> None:
    assert symbol_table(parse_fixture("python", rel_path)) == EXPECTED[rel_path]


@pytest.mark.parametrize(
    ("rel_path", "module"),
    [
        ("src/shop/auth/login.py", "shop.auth.login"),
        ("src/shop/__init__.py", "shop"),
        ("shop/models.py", "shop.models"),
        ("tools/src/gen.py", "tools.src.gen"),
        ("setup.py", "setup"),
    ],
)
def test_module_names(rel_path: str, module: str) -> None:
    assert python_module(rel_path) == module


def test_signatures_and_parents() -> None:
    parsed = parse_fixture("python", "src/shop/auth/login.py")
    login = symbol(parsed, "shop.auth.login.LoginService.login")
    assert login.name == "login"
    assert login.signature == "def login(self, email: str, password: str) -> Token"
    assert login.parent == "shop.auth.login.LoginService"
    issue = symbol(parsed, "shop.auth.login.LoginService._issue")
    assert (
        issue.signature == "def _issue(user: Account) -> Token"
    )  # the decorator is not part of it
    assert symbol(parsed, "shop.auth.login.LoginService").signature == "class LoginService"
    assert symbol(parsed, "shop.auth.login.LoginError").signature == "class LoginError(Exception)"
    assert symbol(parsed, "shop.auth.login.LoginService._issue.random_part").parent is None
    assert symbol(parsed, "shop.auth.login._matches").parent is None


def test_multi_line_signature_is_collapsed_without_comments() -> None:
    source = (
        b"async def fetch(\n    url: str,  # absolute\n    *,\n"
        b"    timeout: float = 2.0,\n) -> bytes:\n    ...\n"
    )
    (fetch,) = parse_source(source, "net.py", "python").symbols
    assert fetch.signature == "async def fetch(url: str, *, timeout: float = 2.0,) -> bytes"


def test_imports() -> None:
    assert parse_fixture("python", "src/shop/auth/login.py").imports == (
        ImportRef("hashlib", (), 3),
        ImportRef("os.path", (), 4),
        ImportRef("..models", ("Token", "User"), 5),
        ImportRef(".", ("audit",), 6),
    )
    assert parse_fixture("python", "src/shop/models.py").imports == (
        ImportRef("__future__", ("annotations",), 1),
        ImportRef("dataclasses", ("dataclass", "field"), 3),
        ImportRef("enum", ("Enum",), 4),
    )


def test_more_import_forms() -> None:
    source = b"import a.b as ab, c\nfrom x.y import *\ndef f():\n    import json\n"
    assert parse_source(source, "m.py", "python").imports == (
        ImportRef("a.b", (), 1),
        ImportRef("c", (), 1),
        ImportRef("x.y", ("*",), 2),
        ImportRef("json", (), 4),
    )


def test_calls() -> None:
    login = "shop.auth.login.LoginService.login"
    random_part = "shop.auth.login.LoginService._issue.random_part"
    assert parse_fixture("python", "src/shop/auth/login.py").calls == (
        CallRef(login, "find_by_email", "self.repo.find_by_email", 21),
        CallRef(login, "_matches", "_matches", 22),
        CallRef(login, "record", "audit.record", 23),
        CallRef(login, "LoginError", "LoginError", 24),
        CallRef(login, "_issue", "self._issue", 25),
        CallRef(random_part, "hex", "os.urandom(16).hex", 30),
        CallRef(random_part, "urandom", "os.urandom", 30),
        CallRef("shop.auth.login.LoginService._issue", "Token", "Token", 32),
        CallRef("shop.auth.login.LoginService._issue", "random_part", "random_part", 32),
        CallRef(
            "shop.auth.login._matches",
            "hexdigest",
            "hashlib.sha256(password.encode()).hexdigest",
            37,
        ),
        CallRef("shop.auth.login._matches", "sha256", "hashlib.sha256", 37),
        CallRef("shop.auth.login._matches", "encode", "password.encode", 37),
        CallRef("shop.auth.login._matches", "compare_digest", "hashlib.compare_digest", 38),
    )


def test_module_level_and_class_body_calls() -> None:
    calls = parse_fixture("python", "src/shop/models.py").calls
    assert calls == (
        CallRef(None, "dataclass", "dataclass", 12),  # decorators run in the enclosing scope
        CallRef("shop.models.User", "field", "field", 19),
        CallRef(None, "dataclass", "dataclass", 25),
    )
