"""Which tree-sitter grammar reads a source file, chosen by its extension."""

from __future__ import annotations

from pathlib import PurePath
from types import MappingProxyType

EXTENSIONS = MappingProxyType(
    {
        ".py": "python",
        ".go": "go",
        ".js": "javascript",
        ".mjs": "javascript",
        ".cjs": "javascript",
        ".jsx": "javascript",
        ".ts": "typescript",
        ".tsx": "tsx",
        ".rs": "rust",
        ".java": "java",
        ".php": "php",
    }
)
LANGUAGES = frozenset(EXTENSIONS.values())


def language_of(path: str | PurePath) -> str | None:
    """The language of a source file from its extension (case-insensitive),
    or None when it is not indexed."""
    # string work, not a PurePosixPath: the walk asks this of every file of a repository
    name = str(path).replace("\\", "/").rstrip("/").rpartition("/")[2]
    dot = name.rfind(".")
    if dot <= 0:  # no extension, or a dotfile such as ".py"
        return None
    return EXTENSIONS.get(name[dot:].lower())
