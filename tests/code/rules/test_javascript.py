"""JavaScript and TypeScript/TSX fixture repositories: path modules, classes, arrow functions,
TS types."""

from __future__ import annotations

import pytest

from hippograph.code import CallRef, ImportRef, parse_source
from hippograph.schema import SymbolKind
from tests.code.fixture_repos import fixture_files, parse_fixture, symbol, symbol_table

JAVASCRIPT = {
    "src/cart/cart.js": [
        ("src/cart/cart.Cart", SymbolKind.CLASS, 7, 25),
        ("src/cart/cart.Cart.add", SymbolKind.METHOD, 10, 14),
        ("src/cart/cart.Cart.total", SymbolKind.METHOD, 16, 22),
        ("src/cart/cart.Cart.onChange", SymbolKind.METHOD, 24, 24),
        ("src/cart/cart.withTax", SymbolKind.FUNCTION, 27, 29),
        ("src/cart/cart.describe", SymbolKind.FUNCTION, 31, 31),
    ],
    "src/money.mjs": [
        ("src/money.formatPrice", SymbolKind.FUNCTION, 3, 5),
        ("src/money.parsePrice", SymbolKind.FUNCTION, 7, 9),
    ],
    "src/ui/CartBadge.jsx": [
        ("src/ui/CartBadge.CartBadge", SymbolKind.FUNCTION, 3, 7),
    ],
}
TYPESCRIPT = {
    "src/auth/login.ts": [
        ("src/auth/login.UserRepository", SymbolKind.INTERFACE, 5, 9),
        ("src/auth/login.UserRepository.findByEmail", SymbolKind.METHOD, 6, 6),
        ("src/auth/login.UserRepository.save", SymbolKind.METHOD, 7, 7),
        ("src/auth/login.LoginResult", SymbolKind.ENUM, 11, 14),
        ("src/auth/login.LoginService", SymbolKind.CLASS, 18, 29),
        ("src/auth/login.LoginService.constructor", SymbolKind.METHOD, 19, 19),
        ("src/auth/login.LoginService.login", SymbolKind.METHOD, 21, 28),
        ("src/auth/login.Policy", SymbolKind.CLASS, 31, 37),
        ("src/auth/login.Policy.allows", SymbolKind.METHOD, 32, 32),
        ("src/auth/login.Policy.describe", SymbolKind.METHOD, 34, 36),
        ("src/auth/login.isStrong", SymbolKind.FUNCTION, 39, 40),
    ],
    "src/components/LoginForm.tsx": [
        ("src/components/LoginForm.LoginForm", SymbolKind.FUNCTION, 6, 21),
        ("src/components/LoginForm.LoginForm.submit", SymbolKind.FUNCTION, 10, 13),
    ],
}


def test_every_fixture_file_is_checked() -> None:
    assert fixture_files("javascript") == sorted(JAVASCRIPT)
    assert fixture_files("typescript") == sorted(TYPESCRIPT)


@pytest.mark.parametrize("rel_path", sorted(JAVASCRIPT))
def test_javascript_symbols(rel_path: str) -> None:
    assert symbol_table(parse_fixture("javascript", rel_path)) == JAVASCRIPT[rel_path]


@pytest.mark.parametrize("rel_path", sorted(TYPESCRIPT))
def test_typescript_symbols(rel_path: str) -> None:
    assert symbol_table(parse_fixture("typescript", rel_path)) == TYPESCRIPT[rel_path]


def test_signatures_and_parents() -> None:
    cart = parse_fixture("javascript", "src/cart/cart.js")
    assert symbol(cart, "src/cart/cart.Cart").signature == "class Cart extends EventEmitter"
    assert symbol(cart, "src/cart/cart.Cart.add").signature == "add(sku, quantity = 1)"
    assert symbol(cart, "src/cart/cart.Cart.add").parent == "src/cart/cart.Cart"
    assert symbol(cart, "src/cart/cart.Cart.onChange").signature == "onChange = (listener) =>"
    assert symbol(cart, "src/cart/cart.describe").signature == "const describe = (cart, prices) =>"
    assert symbol(cart, "src/cart/cart.describe").parent is None
    money = parse_fixture("javascript", "src/money.mjs")
    assert symbol(money, "src/money.parsePrice").signature == "const parsePrice = function (text)"
    login = parse_fixture("typescript", "src/auth/login.ts")
    assert symbol(login, "src/auth/login.LoginService.login").signature == (
        "async login({ email, password }: Credentials): Promise<LoginResult>"
    )
    assert (
        symbol(login, "src/auth/login.UserRepository.save").signature
        == "save(user: User): Promise<void>"
    )
    assert (
        symbol(login, "src/auth/login.Policy.allows").signature
        == "abstract allows(user: User): boolean"
    )
    assert (
        symbol(login, "src/auth/login.isStrong").signature
        == "const isStrong = (password: string): boolean =>"
    )


def test_what_is_not_a_symbol() -> None:
    source = (
        b"type Id = string;\n"
        b"function over(a: string): void;\n"
        b"function over(a: unknown) {}\n"
        b"const api = { get() {} };\n"
        b"const n = 1, f = () => n;\n"
        b"namespace Billing { export function charge() {} }\n"
    )
    parsed = parse_source(source, "src/misc.ts", "typescript")
    assert [(s.qualified_name, s.kind, s.start_line) for s in parsed.symbols] == [
        ("src/misc.over", SymbolKind.FUNCTION, 3),  # the overload signature is skipped
        ("src/misc.f", SymbolKind.FUNCTION, 5),
        ("src/misc.Billing.charge", SymbolKind.FUNCTION, 6),
    ]


def test_imports() -> None:
    assert parse_fixture("typescript", "src/auth/login.ts").imports == (
        ImportRef("../models/user", ("User",), 1),
        ImportRef("./crypto", ("hash",), 2),
        ImportRef("../audit", (), 3),  # `* as audit`: the whole module
    )
    assert parse_fixture("javascript", "src/cart/cart.js").imports == (
        ImportRef("../money.mjs", ("formatPrice",), 1),
        ImportRef("events", ("default",), 2),
    )
    assert parse_fixture("javascript", "src/ui/CartBadge.jsx").imports == (
        ImportRef("react", ("useEffect", "useState"), 1),
    )


def test_more_import_forms() -> None:
    source = (
        b'import "./polyfill";\n'
        b'import Default, { a as b } from "lib";\n'
        b'export { x } from "./x";\n'
        b'export * from "./y";\n'
        b'const lazy = () => import("./chunk");\n'
    )
    assert parse_source(source, "index.js", "javascript").imports == (
        ImportRef("./polyfill", (), 1),
        ImportRef("lib", ("default", "a"), 2),
        ImportRef("./x", ("x",), 3),
        ImportRef("./y", (), 4),
        ImportRef("./chunk", (), 5),
    )


def test_calls() -> None:
    assert parse_fixture("javascript", "src/cart/cart.js").calls == (
        CallRef("src/cart/cart.Cart", "Map", "new Map", 8),  # a field initialiser
        CallRef("src/cart/cart.Cart.add", "get", "this.#items.get", 11),
        CallRef("src/cart/cart.Cart.add", "set", "this.#items.set", 12),
        CallRef("src/cart/cart.Cart.add", "emit", "this.emit", 13),
        CallRef("src/cart/cart.Cart.total", "withTax", "withTax", 21),
        CallRef("src/cart/cart.Cart.onChange", "on", "this.on", 24),
        CallRef("src/cart/cart.describe", "formatPrice", "formatPrice", 31),
        CallRef("src/cart/cart.describe", "total", "cart.total", 31),
    )
    login = "src/auth/login.LoginService.login"
    assert parse_fixture("typescript", "src/auth/login.ts").calls == (
        CallRef(login, "findByEmail", "this.repo.findByEmail", 22),
        CallRef(login, "hash", "hash", 23),
        CallRef(login, "record", "audit.record", 24),
        CallRef("src/auth/login.isStrong", "test", "/\\d/.test", 40),
    )
