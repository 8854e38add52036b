"""Code a memory names before it was indexed: ``--governs shop/auth.py`` (or
``shop/auth.py:issue_token``) written before ``hippo index`` ran on that file.

The write path asks for the file to be indexed first, so the link resolves to this project's
file or symbol and not to nothing (an entity of that name) or, as it once did, to a file of the
same path in another project. Only a source file inside the project root is read.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from hippograph.code.languages import language_of
from hippograph.schema.targets import file_target


def named_file(name: str, root: Path) -> Path | None:
    """The source file inside ``root`` that ``name`` names (FILE or FILE:SYMBOL), if any."""
    target = file_target(name)
    if target is None or language_of(target.path) is None:
        return None
    path = (root / target.path).resolve()
    if not path.is_relative_to(root.resolve()) or not path.is_file():
        return None
    return path


def index_named(names: list[str], root: Path | None, index: Callable[[Path], Any]) -> None:
    """Index each source file of ``root`` that ``names`` name (incremental: a file indexed
    already and unchanged costs a hash)."""
    if root is None:
        return
    for path in dict.fromkeys(p for n in names if (p := named_file(n, root)) is not None):
        index(path)
