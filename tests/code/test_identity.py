"""Identity of code: the sketches of a file's bodies taken at once equal those taken one by one."""

from __future__ import annotations

from pathlib import Path

import pytest

from hippograph.code import identity, parse_source

PACKAGE = Path(__file__).resolve().parents[2] / "hippograph"

TRICKY = """def f(f):
    return f(f) + f


class Box:
    def put(self, put=None):
        put = put or self.put
        return put

    def x(self): return 1


def g(): pass
"""


def one_by_one(lines: list[str], spans: list[tuple[int, int, str]]) -> list[list[int]]:
    return [identity.sketch("\n".join(lines[a - 1 : b]), name) for a, b, name in spans]


@pytest.mark.parametrize(
    "spans",
    [
        [(1, 2, "f")],  # the name first, last and side by side with itself
        [(5, 10, "Box"), (6, 8, "put"), (10, 10, "x")],  # nested; a one-line body
        [(13, 13, "g"), (13, 13, "pass"), (1, 1, "return")],  # short: padded
        [(1, 13, "nothing"), (3, 4, "Box"), (14, 20, "g"), (2, 1, "f")],  # blank, past the end
    ],
)
def test_a_files_sketches_equal_each_bodys_own(spans: list[tuple[int, int, str]]) -> None:
    lines = TRICKY.splitlines()
    assert identity.sketches(lines, spans) == one_by_one(lines, spans)


def test_the_sketches_of_this_package_equal_each_bodys_own() -> None:
    checked = 0
    for path in sorted(PACKAGE.rglob("*.py")):
        data = path.read_bytes()
        parsed = parse_source(data, path.name, "python")
        lines = data.decode("utf-8", errors="replace").splitlines()
        spans = [(s.start_line, s.end_line, s.name) for s in parsed.symbols]
        assert identity.sketches(lines, spans) == one_by_one(lines, spans), path
        checked += len(spans)
    assert checked > 1000
