"""Pairing gone symbols with new ones (hippograph/code/moves.py), without a database."""

from __future__ import annotations

from typing import Any

from hippograph.code import identity, moves


def sym(
    file_path: str, qualified_name: str, body: str, *, kind: str = "function", sid: str = ""
) -> dict[str, Any]:
    name = qualified_name.rsplit(".", 1)[-1]
    lines = body.count("\n") + 1
    return {
        "id": sid or f"{file_path}:{qualified_name}",
        "qualified_name": qualified_name,
        "name": name,
        "kind": kind,
        "parent": None,
        "file_path": file_path,
        "body_hash": str(hash(body)),
        "body_sketch": identity.sketch(body, name),
        "sketch_version": identity.SKETCH_VERSION,
        "start_line": 1,
        "end_line": lines,
    }


def pair(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> list[tuple[str, str, str]]:
    modules = moves.modules_of(old) | moves.modules_of(new)
    return sorted(moves.pair(moves.views(old, modules), moves.views(new, modules)))


BODY_A = "def f(x):\n    y = x * 2\n    z = y + compute(x)\n    return z - 1\n"
BODY_B = "def g(items):\n    out = []\n    for i in items:\n        out.append(i)\n    return out\n"


def test_a_file_moved_pairs_each_symbol_with_its_namesake_in_the_new_file() -> None:
    old = [sym("a/x.py", "a.x.f", BODY_A), sym("a/y.py", "a.y.f", BODY_B)]
    new = [sym("b/x.py", "b.x.f", BODY_A), sym("b/y.py", "b.y.f", BODY_B)]
    assert pair(old, new) == [
        ("a/x.py:a.x.f", "b/x.py:b.x.f", "move"),
        ("a/y.py:a.y.f", "b/y.py:b.y.f", "move"),
    ]


def test_equal_trivial_bodies_in_two_files_are_not_guessed() -> None:
    trivial = "def f():\n    pass\n"
    old = [sym("a.py", "a.f", trivial)]
    new = [sym("b.py", "b.h", trivial), sym("c.py", "c.k", trivial)]
    assert pair(old, new) == []


def test_two_equally_good_partners_leave_the_symbol_unpaired() -> None:
    old = [sym("a.py", "a.run", BODY_A)]
    new = [sym("b.py", "b.run", BODY_A), sym("c.py", "c.run", BODY_A)]
    assert pair(old, new) == []


def test_a_signature_change_is_named_as_such() -> None:
    old = [sym("a.py", "a.f", BODY_A, sid="old")]
    new = [sym("a.py", "a.f", BODY_A.replace("(x)", "(x, y)"), sid="new")]
    assert pair(old, new) == [("old", "new", "signature")]


def test_sketches_of_another_version_are_not_compared() -> None:
    old = [sym("a.py", "a.f", BODY_A) | {"sketch_version": None, "body_hash": "x"}]
    new = [sym("a.py", "a.g", BODY_A)]
    assert pair(old, new) == []  # same file and body, but nothing comparable to tell
