"""Which files an index reads: .gitignore files at every level, skipped folders, a folder or a
file named on its own, and the stat taken for the stat cache."""

from __future__ import annotations

import os
from pathlib import Path

from hippograph.code.walk import candidates

TREE = {
    ".gitignore": "generated/\n*.gen.py\n!keep.gen.py\n",
    "app/main.py": "",
    "app/notes.txt": "",
    "app/x.gen.py": "",
    "app/keep.gen.py": "",
    "app/generated/out.py": "",
    "app/sub/.gitignore": "local.py\n/only_here.py\nsub2/deep.py\n",
    "app/sub/local.py": "",
    "app/sub/only_here.py": "",
    "app/sub/sub2/only_here.py": "",
    "app/sub/sub2/deep.py": "",
    "app/sub/sub2/local.py": "",
    "app/node_modules/lib.js": "",
    "app/node_modules/.gitignore": "*\n",
    "lib/local.py": "",
    "lib/b.py": "",
    "lib/a.py": "",
}


def tree(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    for rel, text in TREE.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def test_a_folder_yields_its_source_files_in_order_with_every_gitignore_applied(
    tmp_path: Path,
) -> None:
    root = tree(tmp_path)
    found = [c.rel for c in candidates(root, root) if not c.skip]
    assert found == [
        "app/keep.gen.py",
        "app/main.py",
        "app/sub/sub2/only_here.py",
        "lib/a.py",
        "lib/b.py",
        "lib/local.py",  # app/sub's patterns stay in app/sub
    ]
    # a folder of the repository: the patterns of the folders above it apply too
    assert [c.rel for c in candidates(root / "app/sub", root)] == ["app/sub/sub2/only_here.py"]
    assert [c.rel for c in candidates(root / "lib", root)] == [
        "lib/a.py",
        "lib/b.py",
        "lib/local.py",
    ]


def test_a_file_named_on_its_own_is_read_even_when_ignored_and_carries_its_stat(
    tmp_path: Path,
) -> None:
    root = tree(tmp_path)
    os.utime(root / "app/x.gen.py", ns=(1_000_000_123, 1_000_000_123))
    (named,) = candidates(root / "app/x.gen.py", root)
    assert (named.rel, named.language, named.skip) == ("app/x.gen.py", "python", None)
    assert (named.size, named.mtime_ns) == (0, 1_000_000_123)
    assert named.path == (root / "app/x.gen.py").resolve()
    (other,) = candidates(root / "app/notes.txt", root)
    assert other.skip == "unsupported language"
