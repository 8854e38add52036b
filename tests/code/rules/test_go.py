"""Go fixture repository: package-clause names, receivers, structs and interfaces,
imports and calls."""

from __future__ import annotations

import pytest

from hippograph.code import CallRef, ImportRef, parse_source
from hippograph.schema import SymbolKind
from tests.code.fixture_repos import fixture_files, parse_fixture, symbol, symbol_table

EXPECTED = {
    "cmd/server/main.go": [
        ("main.main", SymbolKind.FUNCTION, 10, 14),
    ],
    "internal/auth/service.go": [
        ("auth.Repository", SymbolKind.INTERFACE, 15, 18),
        ("auth.Repository.FindByEmail", SymbolKind.METHOD, 16, 16),
        ("auth.Repository.Save", SymbolKind.METHOD, 17, 17),
        ("auth.Service", SymbolKind.STRUCT, 20, 23),
        ("auth.NewService", SymbolKind.FUNCTION, 25, 27),
        ("auth.Service.Login", SymbolKind.METHOD, 29, 38),
    ],
    "internal/auth/token.go": [
        ("auth.Token", SymbolKind.STRUCT, 9, 12),
        ("auth.Token.String", SymbolKind.METHOD, 16, 16),
        ("auth.issue", SymbolKind.FUNCTION, 18, 22),
        ("auth.checkPassword", SymbolKind.FUNCTION, 24, 26),
    ],
}


def test_every_fixture_file_is_checked() -> None:
    assert fixture_files("go") == sorted(EXPECTED)


@pytest.mark.parametrize("rel_path", sorted(EXPECTED))
def test_symbols(rel_path: str) -> None:
    assert symbol_table(parse_fixture("go", rel_path)) == EXPECTED[rel_path]


def test_signatures_and_parents() -> None:
    service = parse_fixture("go", "internal/auth/service.go")
    login = symbol(service, "auth.Service.Login")
    assert (
        login.signature
        == "func (s *Service) Login(ctx context.Context, email, password string) (Token, error)"
    )
    assert login.parent == "auth.Service"
    assert symbol(service, "auth.Service").signature == "type Service struct"
    assert symbol(service, "auth.Repository").signature == "type Repository interface"
    save = symbol(service, "auth.Repository.Save")
    assert save.signature == "Save(ctx context.Context, u *store.User) error"
    assert save.parent == "auth.Repository"
    token = parse_fixture("go", "internal/auth/token.go")
    assert (
        symbol(token, "auth.Token").signature == "type Token struct"
    )  # declared in a `type ( ... )` group
    assert symbol(token, "auth.Token.String").parent == "auth.Token"  # value receiver
    assert symbol(token, "auth.issue").parent is None


def test_generic_receiver_and_missing_package_clause() -> None:
    source = (
        b"type Stack[T any] struct{ items []T }\n\n"
        b"func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }\n"
    )
    parsed = parse_source(source, "pkg/stack/stack.go", "go")
    assert [(s.qualified_name, s.kind) for s in parsed.symbols] == [
        ("stack.Stack", SymbolKind.STRUCT),
        ("stack.Stack.Push", SymbolKind.METHOD),
    ]
    assert parsed.syntax_errors == ()  # a file without `package` still parses as a fragment


def test_other_type_declarations_are_not_symbols() -> None:
    source = b"package ids\n\ntype ID int64\ntype Handler func(ID) error\ntype Alias = ID\n"
    assert parse_source(source, "ids.go", "go").symbols == ()


def test_imports() -> None:
    assert parse_fixture("go", "cmd/server/main.go").imports == (
        ImportRef("log", (), 4),
        ImportRef("net/http", (), 5),
        ImportRef("github.com/acme/shop/internal/auth", (), 7),
    )
    assert parse_fixture("go", "internal/auth/token.go").imports == (
        ImportRef("crypto/rand", (), 4),
        ImportRef("fmt", (), 5),
    )


def test_calls() -> None:
    assert parse_fixture("go", "internal/auth/service.go").calls == (
        CallRef(None, "New", "errors.New", 12),
        CallRef("auth.Service.Login", "FindByEmail", "s.repo.FindByEmail", 30),
        CallRef("auth.Service.Login", "Errorf", "fmt.Errorf", 32),
        CallRef("auth.Service.Login", "checkPassword", "checkPassword", 34),
        CallRef("auth.Service.Login", "issue", "issue", 37),
    )
    assert parse_fixture("go", "cmd/server/main.go").calls == (
        CallRef("main.main", "NewService", "auth.NewService", 11),
        CallRef("main.main", "Println", "log.Println", 12),
        CallRef("main.main", "Fatal", "log.Fatal", 13),
        CallRef("main.main", "ListenAndServe", "h.ListenAndServe", 13),
    )
