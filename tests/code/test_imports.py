"""Import resolution by file layout, per language (pure: no database)."""

from __future__ import annotations

import pytest

from hippograph.code import imports

FILES = imports.Layout.of(
    {
        "shop/__init__.py",
        "shop/models.py",
        "shop/billing/__init__.py",
        "shop/billing/invoice.py",
        "shop/api/views.py",
        "shop/api/helpers.py",
        "shop/core/db.py",
        "src/lib/tools.py",
        "other/utils.py",
        "more/utils.py",
        "web/src/app.ts",
        "web/src/util.ts",
        "web/lib/b/index.tsx",
        "web/src/legacy.js",
        "cart/total.go",
        "cart/tax.go",
        "cart/total_test.go",
        "cmd/main.go",
        "app/src/lib.rs",
        "app/src/cart.rs",
        "app/src/pay/mod.rs",
        "app/src/pay/card.rs",
        "src/main/java/a/b/C.java",
        "app/Models/User.php",
        "app/Http/C.php",
        "app/lib/util.php",
    }
)


@pytest.mark.parametrize(
    "path,language,module,names,expected",
    [
        ("shop/api/views.py", "python", "shop.models", (), {"shop/models.py"}),
        (
            "shop/api/views.py",
            "python",
            "shop.billing",
            ("invoice",),
            {"shop/billing/__init__.py", "shop/billing/invoice.py"},
        ),
        ("shop/api/views.py", "python", ".helpers", ("fmt",), {"shop/api/helpers.py"}),
        ("shop/api/views.py", "python", "..core.db", ("conn",), {"shop/core/db.py"}),
        ("shop/api/views.py", "python", ".", ("helpers",), {"shop/api/helpers.py"}),
        ("shop/api/views.py", "python", "lib.tools", (), {"src/lib/tools.py"}),  # a src/ layout
        (
            "shop/api/views.py",
            "python",
            "utils",
            (),
            set(),
        ),  # two utils.py, neither closer: no guess
        ("other/x.py", "python", "utils", (), {"other/utils.py"}),  # the one beside the importer
        ("shop/api/views.py", "python", "os", (), set()),
        ("web/src/app.ts", "typescript", "./util", ("a",), {"web/src/util.ts"}),
        ("web/src/app.ts", "typescript", "../lib/b", ("default",), {"web/lib/b/index.tsx"}),
        ("web/src/app.ts", "typescript", "./legacy", (), {"web/src/legacy.js"}),
        ("web/src/app.ts", "typescript", "react", (), set()),
        ("cmd/main.go", "go", "example.com/shop/cart", (), {"cart/total.go", "cart/tax.go"}),
        ("cmd/main.go", "go", "fmt", (), set()),
        ("app/src/lib.rs", "rust", "crate::cart::Total", (), {"app/src/cart.rs"}),
        ("app/src/pay/mod.rs", "rust", "self::card::Visa", (), {"app/src/pay/card.rs"}),
        ("app/src/pay/card.rs", "rust", "super::super::cart", (), {"app/src/cart.rs"}),
        ("app/src/lib.rs", "rust", "std::io", (), set()),
        ("src/main/java/a/B.java", "java", "a.b.C", (), {"src/main/java/a/b/C.java"}),
        ("src/main/java/a/B.java", "java", "java.util.List", (), set()),
        ("app/Http/C.php", "php", "App\\Models\\User", (), {"app/Models/User.php"}),
        ("app/Http/C.php", "php", "../lib/util.php", (), {"app/lib/util.php"}),
    ],
)
def test_resolves_to_project_files_only(
    path: str, language: str, module: str, names: tuple[str, ...], expected: set[str]
) -> None:
    assert imports.resolve(path, language, module, names, FILES) == expected


def test_refs_round_trip() -> None:
    for module, names in [
        ("shop.billing", ("invoice", "pay")),
        ("crate::cart::Total", ()),
        (".", ("utils",)),
        ("./util", ()),
    ]:
        assert imports.decode(imports.encode(module, names)) == (module, names)
    assert imports.encode("react", ("default",)) == "react"
