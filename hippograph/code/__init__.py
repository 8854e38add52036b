"""Source code -> symbols, imports and calls with tree-sitter.
Pure: the graph side builds identity on top.

from hippograph.code import language_of, parse_source

language = language_of("src/auth/login.py")          # "python"
parsed = parse_source(data, "src/auth/login.py", language)
parsed.symbols[0].qualified_name                     # "auth.login.login"
"""

from __future__ import annotations

from hippograph.code.languages import EXTENSIONS, LANGUAGES, language_of
from hippograph.code.parser import parse_source
from hippograph.code.records import CallRef, ImportRef, ParsedFile, ParsedSymbol

__all__ = [
    "EXTENSIONS",
    "LANGUAGES",
    "CallRef",
    "ImportRef",
    "ParsedFile",
    "ParsedSymbol",
    "language_of",
    "parse_source",
]
