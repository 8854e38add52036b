"""Rust fixture repository: crate module paths, impl and trait methods, structs, enums,
use trees."""

from __future__ import annotations

import pytest

from hippograph.code import CallRef, ImportRef, parse_source
from hippograph.code.rules.rust import rust_module
from hippograph.schema import SymbolKind
from tests.code.fixture_repos import fixture_files, parse_fixture, symbol, symbol_table

EXPECTED = {
    "src/auth/mod.rs": [
        ("crate::auth::UserStore", SymbolKind.TRAIT, 5, 11),
        ("crate::auth::UserStore::find", SymbolKind.METHOD, 6, 6),
        ("crate::auth::UserStore::exists", SymbolKind.METHOD, 8, 10),
        ("crate::auth::MemoryStore", SymbolKind.STRUCT, 13, 15),
        ("crate::auth::MemoryStore::find", SymbolKind.METHOD, 18, 20),
        ("crate::auth::login", SymbolKind.FUNCTION, 23, 29),
        ("crate::auth::audit::admin_login", SymbolKind.FUNCTION, 32, 34),
    ],
    "src/lib.rs": [
        ("crate::version", SymbolKind.FUNCTION, 8, 10),
    ],
    "src/models.rs": [
        ("crate::models::User", SymbolKind.STRUCT, 3, 8),  # from its #[derive] line
        ("crate::models::Role", SymbolKind.ENUM, 10, 14),
        ("crate::models::User::new", SymbolKind.METHOD, 17, 19),
        ("crate::models::User::is_admin", SymbolKind.METHOD, 21, 23),
        ("crate::models::User::fmt", SymbolKind.METHOD, 27, 29),  # impl fmt::Display for User
    ],
}


def test_every_fixture_file_is_checked() -> None:
    assert fixture_files("rust") == sorted(EXPECTED)


@pytest.mark.parametrize("rel_path", sorted(EXPECTED))
def test_symbols(rel_path: str) -> None:
    assert symbol_table(parse_fixture("rust", rel_path)) == EXPECTED[rel_path]


@pytest.mark.parametrize(
    ("rel_path", "module"),
    [
        ("src/lib.rs", "crate"),
        ("src/main.rs", "crate"),
        ("src/a/b.rs", "crate::a::b"),
        ("src/a/mod.rs", "crate::a"),
        ("crates/core/src/db.rs", "crate::db"),
        ("tests/login.rs", "crate::tests::login"),
    ],
)
def test_module_paths(rel_path: str, module: str) -> None:
    assert rust_module(rel_path) == module


def test_signatures_and_parents() -> None:
    models = parse_fixture("rust", "src/models.rs")
    assert (
        symbol(models, "crate::models::User").signature == "pub struct User"
    )  # attributes are not part of it
    fmt = symbol(models, "crate::models::User::fmt")
    assert fmt.signature == "fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result"
    assert fmt.parent == "crate::models::User"
    auth = parse_fixture("rust", "src/auth/mod.rs")
    assert symbol(auth, "crate::auth::login").signature == (
        "pub fn login<S: UserStore>(store: &S, email: &str) -> Result<User, String>"
    )
    assert (
        symbol(auth, "crate::auth::UserStore::find").signature
        == "fn find(&self, email: &str) -> Option<User>"
    )
    assert symbol(auth, "crate::auth::UserStore::find").parent == "crate::auth::UserStore"
    assert symbol(auth, "crate::auth::audit::admin_login").parent is None


def test_generic_impl_of_a_path_type() -> None:
    source = (
        b"impl<T: Clone> crate::store::Cache<T> {\n    pub fn get(&self) -> Option<T> { None }\n}\n"
    )
    (get,) = parse_source(source, "src/cache.rs", "rust").symbols
    assert (get.qualified_name, get.kind) == ("crate::cache::Cache::get", SymbolKind.METHOD)
    assert get.parent == "crate::cache::Cache"


def test_imports() -> None:
    assert parse_fixture("rust", "src/auth/mod.rs").imports == (
        ImportRef("crate::models", ("Role", "User"), 1),
        ImportRef("std::collections::HashMap", (), 2),
    )
    source = (
        b"use a::{b::{c, d as e}, f::*, self};\n"
        b"use super::*;\n"
        b"use std::io::Result as IoResult;\n"
        b"extern crate serde;\n"
    )
    assert parse_source(source, "src/x.rs", "rust").imports == (
        ImportRef("a", ("b::c", "b::d", "f::*", "self"), 1),
        ImportRef("super", ("*",), 2),
        ImportRef("std::io::Result", (), 3),
        ImportRef("serde", (), 4),
    )


def test_calls() -> None:
    assert parse_fixture("rust", "src/auth/mod.rs").calls == (
        CallRef("crate::auth::UserStore::exists", "is_some", "self.find(email).is_some", 9),
        CallRef("crate::auth::UserStore::exists", "find", "self.find", 9),
        CallRef("crate::auth::MemoryStore::find", "cloned", "self.users.get(email).cloned", 19),
        CallRef("crate::auth::MemoryStore::find", "get", "self.users.get", 19),
        CallRef("crate::auth::login", "ok_or_else", "store.find(email).ok_or_else", 24),
        CallRef("crate::auth::login", "find", "store.find", 24),
        CallRef("crate::auth::login", "admin_login", "audit::admin_login", 26),
        CallRef("crate::auth::login", "Ok", "Ok", 28),
    )  # macros (format!, eprintln!) are not calls
