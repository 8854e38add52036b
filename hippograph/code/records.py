"""What the code parser returns: frozen plain records, free of tree-sitter and database types."""

from __future__ import annotations

from dataclasses import dataclass

from hippograph.schema.enums import SymbolKind


@dataclass(frozen=True)
class ParsedSymbol:
    """One definition: its names, kind, normalised signature,
    hashes and 1-based inclusive line span.

    ``signature_hash`` and ``body_hash`` are sha256 hex digests taken with the symbol's own
    name replaced by a placeholder, so a rename alone keeps both, and a move to another
    file or class keeps ``body_hash``; comments and whitespace do not count. A declaration
    without a body (interface, trait or abstract method) has ``body_hash == signature_hash``.
    ``parent`` is the qualified name of the class, struct, interface, trait, enum or impl
    target the symbol is a direct member of (None for top-level and nested functions).
    """

    name: str
    qualified_name: str
    kind: SymbolKind
    signature: str
    signature_hash: str
    body_hash: str
    start_line: int
    end_line: int
    parent: str | None


@dataclass(frozen=True)
class ImportRef:
    """One imported module as written, the names taken from it
    (empty for the whole module) and its line."""

    module: str
    names: tuple[str, ...]
    line: int


@dataclass(frozen=True)
class CallRef:
    """One call site: the enclosing symbol (None at module level),
    the called name's last segment and full text."""

    caller: str | None
    callee: str
    callee_text: str
    line: int


@dataclass(frozen=True)
class ParsedFile:
    """Everything read from one source file; ``syntax_errors`` lists the lines tree-sitter could not
    parse."""

    path: str
    language: str
    content_hash: str
    symbols: tuple[ParsedSymbol, ...]
    imports: tuple[ImportRef, ...]
    calls: tuple[CallRef, ...]
    syntax_errors: tuple[int, ...]
