"""Choosing a grammar by file extension."""

from __future__ import annotations

from pathlib import Path

import pytest

from hippograph.code import EXTENSIONS, LANGUAGES, language_of


@pytest.mark.parametrize(
    ("path", "language"),
    [
        ("src/auth/login.py", "python"),
        ("cmd/server/main.go", "go"),
        ("web/app.js", "javascript"),
        ("web/money.mjs", "javascript"),
        ("web/config.cjs", "javascript"),
        ("web/Badge.jsx", "javascript"),
        ("web/api.ts", "typescript"),
        ("web/Form.tsx", "tsx"),
        ("src/lib.rs", "rust"),
        ("src/main/java/com/acme/App.java", "java"),
        ("app/Models/User.php", "php"),
        ("LEGACY/SCRIPT.PY", "python"),
        ("app\\Http\\Kernel.php", "php"),
    ],
)
def test_language_of(path: str, language: str) -> None:
    assert language_of(path) == language
    assert language_of(Path(path)) == language


@pytest.mark.parametrize(
    "path", ["README.md", "Makefile", "setup.cfg", "src/.py", "notes.py.txt", "a/b.c"]
)
def test_not_indexed(path: str) -> None:
    assert language_of(path) is None


def test_every_language_has_an_extension() -> None:
    assert {"python", "go", "javascript", "typescript", "tsx", "rust", "java", "php"} == LANGUAGES
    assert set(EXTENSIONS.values()) == LANGUAGES
