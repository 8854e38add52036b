"""How a file or a symbol in a file is written where code is named: ``shop/auth.py`` or
``shop/auth.py:issue_token``, as ``pre-edit``, ``--governs`` and ``hippo why`` take them. Shared
by the write path (links), the code layer (indexing a named file first) and ``why``."""

from __future__ import annotations

import re
from typing import NamedTuple

# a relative path with an extension, then optionally ":" and a (dotted) symbol name
_FILE_TARGET = re.compile(r"^(?:\./)?(?P<path>[^:\s]+\.\w+)(?::(?P<symbol>[A-Za-z_][\w.]*))?$")


class FileTarget(NamedTuple):
    """A file, and the symbol in it when one is named."""

    path: str
    symbol: str | None


def file_target(name: str) -> FileTarget | None:
    """``name`` as FILE or FILE:SYMBOL; None when it is written otherwise (a qualified name, an
    entity's name)."""
    found = _FILE_TARGET.match(name.strip())
    return FileTarget(found["path"], found["symbol"]) if found else None
