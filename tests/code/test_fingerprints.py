"""Signature and body hashes: a rename or a move keeps them, a real change does not."""

from __future__ import annotations

import pytest

from hippograph.code import ParsedSymbol, parse_source

# One recursive function per language. NAME is the function's name, PARAM an extra
# parameter, EXTRA a change to the body; COMMENT a comment line that must not count.
TEMPLATES = {
    "python": (
        "calc/fact.py",
        "def NAME(n: int PARAM) -> int:\n"
        "    COMMENT\n"
        "    if n <= 1:\n"
        "        return 1\n"
        "    return n * NAME(n - 1) EXTRA\n",
    ),
    "go": (
        "calc/fact.go",
        "package calc\n\nfunc NAME(n int PARAM) int {\n\tCOMMENT\n"
        "\tif n <= 1 {\n\t\treturn 1\n\t}\n"
        "\treturn n * NAME(n-1) EXTRA\n}\n",
    ),
    "javascript": (
        "src/calc/fact.js",
        "export function NAME(n PARAM) {\n  COMMENT\n  if (n <= 1) {\n    return 1;\n  }\n"
        "  return n * NAME(n - 1) EXTRA;\n}\n",
    ),
    "typescript": (
        "src/calc/fact.ts",
        "export const NAME = (n: number PARAM): number => {\n  COMMENT\n"
        "  if (n <= 1) {\n    return 1;\n  }\n"
        "  return n * NAME(n - 1) EXTRA;\n};\n",
    ),
    "rust": (
        "src/calc/fact.rs",
        "pub fn NAME(n: u64 PARAM) -> u64 {\n    COMMENT\n    if n <= 1 {\n"
        "        return 1;\n    }\n"
        "    n * NAME(n - 1) EXTRA\n}\n",
    ),
    "java": (
        "src/main/java/com/acme/calc/Fact.java",
        "package com.acme.calc;\n\nclass Fact {\n"
        "    static long NAME(long n PARAM) {\n        COMMENT\n"
        "        if (n <= 1) {\n            return 1;\n        }\n"
        "        return n * NAME(n - 1) EXTRA;\n    }\n}\n",
    ),
    "php": (
        "app/Calc/fact.php",
        "<?php\nnamespace App\\Calc;\n\nfunction NAME(int $n PARAM): int\n{\n"
        "    COMMENT\n    if ($n <= 1) {\n"
        "        return 1;\n    }\n    return $n * NAME($n - 1) EXTRA;\n}\n",
    ),
}
PARAMS = {
    "python": ", step: int = 1",
    "go": ", step int",
    "javascript": ", step = 1",
    "typescript": ", step = 1",
    "rust": ", step: u64",
    "java": ", long step",
    "php": ", int $step = 1",
}
COMMENTS = {"python": "# recursion"}


def build(
    language: str,
    name: str = "factorial",
    *,
    param: bool = False,
    extra: str = "",
    comment: str = "",
    path: str | None = None,
) -> ParsedSymbol:
    default_path, template = TEMPLATES[language]
    marker = COMMENTS.get(language, "//")
    source = (
        template.replace("NAME", name)
        .replace(" PARAM", PARAMS[language] if param else "")
        .replace(" EXTRA", extra)
        .replace("COMMENT", f"{marker} {comment}" if comment else "")
    )
    parsed = parse_source(source.encode(), path or default_path, language)
    assert parsed.syntax_errors == (), source
    (found,) = [s for s in parsed.symbols if s.name == name]
    return found


@pytest.mark.parametrize("language", sorted(TEMPLATES))
def test_rename_keeps_both_hashes(language: str) -> None:
    before = build(language, "factorial")
    after = build(language, "fact")
    assert after.qualified_name != before.qualified_name
    assert after.signature != before.signature
    assert after.signature_hash == before.signature_hash
    assert after.body_hash == before.body_hash  # the recursive call is renamed too


@pytest.mark.parametrize("language", sorted(TEMPLATES))
def test_move_to_another_file_keeps_the_body_hash(language: str) -> None:
    before = build(language)
    moved = build(language, path=f"lib/{TEMPLATES[language][0]}")
    assert moved.body_hash == before.body_hash
    assert moved.signature_hash == before.signature_hash


@pytest.mark.parametrize("language", sorted(TEMPLATES))
def test_body_change_changes_only_the_body_hash(language: str) -> None:
    before = build(language)
    changed = build(language, extra=" + 1")
    assert changed.body_hash != before.body_hash
    assert changed.signature_hash == before.signature_hash


@pytest.mark.parametrize("language", sorted(TEMPLATES))
def test_added_parameter_changes_the_signature_hash(language: str) -> None:
    before = build(language)
    changed = build(language, param=True)
    assert changed.signature_hash != before.signature_hash
    assert changed.body_hash == before.body_hash


@pytest.mark.parametrize("language", sorted(TEMPLATES))
def test_comments_do_not_count(language: str) -> None:
    assert (
        build(language, comment="first note").body_hash
        == build(language, comment="other words").body_hash
    )


def test_signature_examples() -> None:
    assert build("python").signature == "def factorial(n: int) -> int"
    assert build("python", param=True).signature == "def factorial(n: int, step: int = 1) -> int"
    assert build("go").signature == "func factorial(n int) int"
    assert build("javascript").signature == "function factorial(n)"
    assert build("typescript").signature == "const factorial = (n: number): number =>"
    assert build("rust").signature == "pub fn factorial(n: u64) -> u64"
    assert build("java").signature == "static long factorial(long n)"
    assert build("php").signature == "function factorial(int $n): int"


def test_moving_a_function_into_a_class_keeps_its_body_hash() -> None:
    module_level = (
        b"def slugify(title):\n"
        b'    """Lower-case words\n'
        b'    joined by dashes."""\n'
        b"    return '-'.join(title.lower().split())\n"
    )
    in_class = (
        b"class Text:\n"
        b"    @staticmethod\n"
        b"    def slugify(title):\n"
        b'        """Lower-case words\n'
        b'        joined by dashes."""\n'
        b"        return '-'.join(\n"
        b"            title.lower().split()\n"
        b"        )\n"
    )
    (before,) = parse_source(module_level, "blog/text.py", "python").symbols
    after = parse_source(in_class, "blog/formatting.py", "python").symbols[1]
    assert (before.qualified_name, after.qualified_name) == (
        "blog.text.slugify",
        "blog.formatting.Text.slugify",
    )
    assert after.body_hash == before.body_hash  # re-indented, re-wrapped, same tokens
    assert after.signature_hash == before.signature_hash  # the decorator is not in the signature


def test_string_change_changes_the_body_hash() -> None:
    first = parse_source(b"def greet():\n    return 'hello'\n", "g.py", "python").symbols[0]
    second = parse_source(b"def greet():\n    return 'hullo'\n", "g.py", "python").symbols[0]
    assert first.body_hash != second.body_hash


def test_name_inside_other_words_is_not_replaced() -> None:
    first = parse_source(b"def save(x):\n    return save_all(x)\n", "s.py", "python").symbols[0]
    renamed = parse_source(b"def store(x):\n    return save_all(x)\n", "s.py", "python").symbols[0]
    assert first.body_hash == renamed.body_hash
    other = parse_source(b"def store(x):\n    return store_all(x)\n", "s.py", "python").symbols[0]
    assert other.body_hash != first.body_hash


@pytest.mark.parametrize(
    ("language", "path", "template"),
    [
        (
            "go",
            "store/store.go",
            "package store\n\ntype Store interface {\n\tNAME(id int) (User, error)\n}\n",
        ),
        ("java", "Store.java", "interface Store {\n    User NAME(long id);\n}\n"),
        ("typescript", "store.ts", "export interface Store {\n  NAME(id: number): User;\n}\n"),
        ("rust", "src/store.rs", "pub trait Store {\n    fn NAME(&self, id: u64) -> User;\n}\n"),
        (
            "php",
            "Store.php",
            "<?php\ninterface Store {\n    public function NAME(int $id): User;\n}\n",
        ),
    ],
)
def test_declaration_without_body_hashes_its_signature(
    language: str, path: str, template: str
) -> None:
    def method(name: str) -> ParsedSymbol:
        parsed = parse_source(template.replace("NAME", name).encode(), path, language)
        return parsed.symbols[1]

    find, load = method("find"), method("load")
    assert find.body_hash == find.signature_hash
    assert load.body_hash == find.body_hash  # a rename keeps it
    other = parse_source(
        template.replace("id", "key").replace("NAME", "find").encode(), path, language
    ).symbols[1]
    assert other.body_hash != find.body_hash
