"""Java fixture repository: package + class names, constructors, records, nested types,
imports and calls."""

from __future__ import annotations

import pytest

from hippograph.code import CallRef, ImportRef, parse_source
from hippograph.schema import SymbolKind
from tests.code.fixture_repos import fixture_files, parse_fixture, symbol, symbol_table

AUTH = "src/main/java/com/acme/auth"
EXPECTED = {
    f"{AUTH}/LoginService.java": [
        ("com.acme.auth.LoginService", SymbolKind.CLASS, 8, 40),
        ("com.acme.auth.LoginService.LoginService", SymbolKind.METHOD, 11, 13),
        ("com.acme.auth.LoginService.login", SymbolKind.METHOD, 15, 22),
        ("com.acme.auth.LoginService.matches", SymbolKind.METHOD, 24, 27),
        ("com.acme.auth.LoginService.Token", SymbolKind.CLASS, 29, 39),
        ("com.acme.auth.LoginService.Token.Token", SymbolKind.METHOD, 32, 34),
        ("com.acme.auth.LoginService.Token.issue", SymbolKind.METHOD, 36, 38),
    ],
    f"{AUTH}/UserRepository.java": [
        ("com.acme.auth.UserRepository", SymbolKind.INTERFACE, 6, 12),
        ("com.acme.auth.UserRepository.findByEmail", SymbolKind.METHOD, 7, 7),
        ("com.acme.auth.UserRepository.exists", SymbolKind.METHOD, 9, 11),
    ],
    "src/main/java/com/acme/model/User.java": [
        ("com.acme.model.User", SymbolKind.CLASS, 3, 16),  # a record
        ("com.acme.model.User.User", SymbolKind.METHOD, 4, 6),  # its compact constructor
        ("com.acme.model.User.Role", SymbolKind.ENUM, 8, 15),
        ("com.acme.model.User.Role.isAdmin", SymbolKind.METHOD, 12, 14),
    ],
}


def test_every_fixture_file_is_checked() -> None:
    assert fixture_files("java") == sorted(EXPECTED)


@pytest.mark.parametrize("rel_path", sorted(EXPECTED))
def test_symbols(rel_path: str) -> None:
    assert symbol_table(parse_fixture("java", rel_path)) == EXPECTED[rel_path]


def test_signatures_and_parents() -> None:
    service = parse_fixture("java", f"{AUTH}/LoginService.java")
    login = symbol(service, "com.acme.auth.LoginService.login")
    # @Deprecated is not part of the signature
    assert (
        login.signature == "public Token login(String email, String password) throws LoginException"
    )
    assert login.parent == "com.acme.auth.LoginService"
    constructor = symbol(service, "com.acme.auth.LoginService.LoginService")
    assert constructor.signature == "public LoginService(UserRepository repository)"
    token = symbol(service, "com.acme.auth.LoginService.Token")
    assert token.signature == "public static final class Token"
    assert token.parent == "com.acme.auth.LoginService"
    repository = parse_fixture("java", f"{AUTH}/UserRepository.java")
    assert symbol(repository, "com.acme.auth.UserRepository.findByEmail").signature == (
        "Optional<User> findByEmail(String email)"
    )
    user = parse_fixture("java", "src/main/java/com/acme/model/User.java")
    assert symbol(user, "com.acme.model.User").signature == (
        "public record User(long id, String email, String passwordHash, Role role)"
    )


def test_anonymous_class_methods_are_not_symbols() -> None:
    source = (
        b"class Jobs {\n"
        b"    void start() {\n"
        b"        new Thread(new Runnable() {\n"
        b"            public void run() { work(); }\n"
        b"        }).start();\n"
        b"    }\n"
        b"}\n"
    )
    parsed = parse_source(source, "Jobs.java", "java")
    assert [s.qualified_name for s in parsed.symbols] == [
        "Jobs",
        "Jobs.start",
    ]  # the default package
    assert CallRef("Jobs.start", "work", "work", 4) in parsed.calls


def test_imports() -> None:
    assert parse_fixture("java", f"{AUTH}/LoginService.java").imports == (
        ImportRef("com.acme.model.User", (), 3),
        ImportRef("java.security.MessageDigest", (), 4),
        ImportRef("java.util", ("*",), 5),
    )
    source = b"import static org.junit.Assert.assertEquals;\nimport static org.junit.Assert.*;\n"
    assert parse_source(source, "T.java", "java").imports == (
        ImportRef("org.junit.Assert.assertEquals", (), 1),
        ImportRef("org.junit.Assert", ("*",), 2),
    )


def test_calls() -> None:
    login = "com.acme.auth.LoginService.login"
    issue = "com.acme.auth.LoginService.Token.issue"
    assert parse_fixture("java", f"{AUTH}/LoginService.java").calls == (
        CallRef(login, "findByEmail", "repository.findByEmail", 17),
        CallRef(login, "isEmpty", "user.isEmpty", 18),
        CallRef(login, "matches", "matches", 18),
        CallRef(login, "passwordHash", "user.get().passwordHash", 18),
        CallRef(login, "get", "user.get", 18),
        CallRef(login, "LoginException", "new LoginException", 19),
        CallRef(login, "issue", "Token.issue", 21),
        CallRef(login, "get", "user.get", 21),
        CallRef("com.acme.auth.LoginService.matches", "isEqual", "MessageDigest.isEqual", 26),
        CallRef("com.acme.auth.LoginService.matches", "getBytes", "password.getBytes", 26),
        CallRef("com.acme.auth.LoginService.matches", "getBytes", "expected.getBytes", 26),
        CallRef(issue, "Token", "new Token", 37),
        CallRef(issue, "randomUUID", "UUID.randomUUID", 37),
        CallRef(issue, "id", "user.id", 37),
    )
