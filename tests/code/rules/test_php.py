"""PHP fixture repository: namespaces, `Class::method`, traits and enums,
`use` imports and calls."""

from __future__ import annotations

import pytest

from hippograph.code import CallRef, ImportRef, parse_source
from hippograph.schema import SymbolKind
from tests.code.fixture_repos import fixture_files, parse_fixture, symbol, symbol_table

CONTROLLER = "App\\Http\\Controllers\\UserController"
EXPECTED = {
    "app/Http/Controllers/UserController.php": [
        (CONTROLLER, SymbolKind.CLASS, 12, 31),
        (f"{CONTROLLER}::__construct", SymbolKind.METHOD, 14, 16),
        (f"{CONTROLLER}::store", SymbolKind.METHOD, 18, 25),  # from its #[Route] attribute
        (f"{CONTROLLER}::destroy", SymbolKind.METHOD, 27, 30),
        ("App\\Http\\Controllers\\UserRepository", SymbolKind.INTERFACE, 33, 38),
        ("App\\Http\\Controllers\\UserRepository::find", SymbolKind.METHOD, 35, 35),
        ("App\\Http\\Controllers\\UserRepository::save", SymbolKind.METHOD, 37, 37),
    ],
    "app/Models/User.php": [
        ("App\\Models\\Role", SymbolKind.ENUM, 5, 14),
        ("App\\Models\\Role::label", SymbolKind.METHOD, 10, 13),
        ("App\\Models\\HasTimestamps", SymbolKind.TRAIT, 16, 22),
        ("App\\Models\\HasTimestamps::touch", SymbolKind.METHOD, 18, 21),
        ("App\\Models\\User", SymbolKind.CLASS, 24, 34),
        ("App\\Models\\User::create", SymbolKind.METHOD, 28, 33),
    ],
    "app/helpers.php": [
        ("App\\helpers\\format_date", SymbolKind.FUNCTION, 7, 10),
    ],
}


def test_every_fixture_file_is_checked() -> None:
    assert fixture_files("php") == sorted(EXPECTED)


@pytest.mark.parametrize("rel_path", sorted(EXPECTED))
def test_symbols(rel_path: str) -> None:
    assert symbol_table(parse_fixture("php", rel_path)) == EXPECTED[rel_path]


def test_signatures_and_parents() -> None:
    controller = parse_fixture("php", "app/Http/Controllers/UserController.php")
    store = symbol(controller, f"{CONTROLLER}::store")
    assert store.signature == "public function store(Request $request): User"  # no #[Route]
    assert store.parent == CONTROLLER
    assert (
        symbol(controller, CONTROLLER).signature == "final class UserController extends Controller"
    )
    assert symbol(controller, "App\\Http\\Controllers\\UserRepository::find").signature == (
        "public function find(int $id): ?User"
    )
    helpers = parse_fixture("php", "app/helpers.php")
    assert symbol(helpers, "App\\helpers\\format_date").signature == (
        "function format_date(\\DateTimeInterface $date): string"
    )
    assert symbol(helpers, "App\\helpers\\format_date").parent is None


def test_bracketed_namespaces_global_code_and_anonymous_classes() -> None:
    source = (
        b"<?php\n"
        b"namespace Billing\\Invoices {\n"
        b"    function total() {}\n"
        b"}\n"
        b"namespace {\n"
        b"    class Kernel {}\n"
        b"    $handler = new class { public function handle() {} };\n"
        b"}\n"
    )
    parsed = parse_source(source, "bootstrap.php", "php")
    assert [(s.qualified_name, s.kind) for s in parsed.symbols] == [
        ("Billing\\Invoices\\total", SymbolKind.FUNCTION),
        ("Kernel", SymbolKind.CLASS),
    ]


def test_imports() -> None:
    assert parse_fixture("php", "app/Http/Controllers/UserController.php").imports == (
        ImportRef("App\\Models\\User", (), 7),
        ImportRef("App\\Models", ("Role", "Team"), 8),
        ImportRef("Illuminate\\Http\\Request", (), 9),
        ImportRef("App\\helpers\\format_date", (), 10),
    )
    assert parse_fixture("php", "app/helpers.php").imports == (
        ImportRef("__DIR__ . '/bootstrap.php'", (), 5),  # not a plain string: kept as written
    )
    assert parse_source(b"<?php\nrequire 'vendor/autoload.php';\n", "index.php", "php").imports == (
        ImportRef("vendor/autoload.php", (), 2),
    )


def test_calls() -> None:
    store, destroy = f"{CONTROLLER}::store", f"{CONTROLLER}::destroy"
    assert parse_fixture("php", "app/Http/Controllers/UserController.php").calls == (
        CallRef(store, "create", "User::create", 21),
        CallRef(store, "validated", "$request->validated", 21),
        CallRef(store, "save", "$this->users->save", 22),
        CallRef(store, "info", "logger()->info", 23),
        CallRef(store, "logger", "logger", 23),
        CallRef(store, "format_date", "format_date", 23),
        CallRef(destroy, "delete", "$this->users->find($id)?->delete", 29),
        CallRef(destroy, "find", "$this->users->find", 29),
    )
    assert parse_fixture("php", "app/Models/User.php").calls == (
        CallRef("App\\Models\\Role::label", "ucfirst", "ucfirst", 12),
        CallRef(
            "App\\Models\\HasTimestamps::touch", "DateTimeImmutable", "new \\DateTimeImmutable", 20
        ),
        CallRef("App\\Models\\User::create", "static", "new static", 30),
        CallRef("App\\Models\\User::create", "fill", "$user->fill", 31),
    )
