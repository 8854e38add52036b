"""Parse one source file with tree-sitter into symbols, imports and calls. Pure: no database.

The walk is one pass of a tree cursor (no recursion: deeply nested expressions in
generated code would overflow Python's) and the same for every language; the language-specific
node types and naming rules live in ``rules/``. A file with syntax errors is still
read: tree-sitter recovers, the definitions it could parse are returned, and the
lines of its ERROR and MISSING nodes are listed in ``syntax_errors``.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from functools import cache
from pathlib import PurePosixPath
from typing import TYPE_CHECKING

from hippograph.code.fingerprints import (
    PLACEHOLDER,
    BodyTokens,
    collapse,
    header_text,
    normalize_signature,
    sha256_hex,
)
from hippograph.code.records import CallRef, ImportRef, ParsedFile, ParsedSymbol
from hippograph.code.rules import rules_for
from hippograph.code.rules.base import (
    Definition,
    LanguageRules,
    Scope,
    Source,
    last_identifier,
    line_of,
)
from hippograph.schema.enums import SymbolKind

if TYPE_CHECKING:
    from tree_sitter import Language, Node, Parser

# Long enough for `self.repo.save` or `crate::util::go::<u8>`; a promise chain full of
# closures is cut here rather than stored whole on every call edge.
MAX_CALLEE_TEXT = 200

__all__ = ["CallRef", "ImportRef", "ParsedFile", "ParsedSymbol", "parse_source"]


def parse_source(source: bytes, rel_path: str, language: str) -> ParsedFile:
    """Read the symbols, imports, calls and syntax-error lines of one file's bytes.

    ``rel_path`` is the repository-relative path (``/`` or ``\\`` separated); the
    qualified names derive from it. Bytes that are not UTF-8 are decoded with
    replacement characters, so binary input never raises.

    Raises:
        IngestError: ``language`` is not one of the supported languages.
    """
    rules = rules_for(language, rel_path)
    path = _normalize_path(rel_path)
    data = source.decode("utf-8", errors="replace").encode("utf-8")
    parser = _new_parser(language)
    tree = parser.parse(data)
    walk = _Walk(rules, Source(data), path)
    walk.run(tree.root_node)
    return ParsedFile(
        path=path,
        language=language,
        content_hash=hashlib.sha256(source).hexdigest(),
        symbols=tuple(walk.symbols),
        imports=tuple(walk.imports),
        calls=tuple(walk.calls),
        syntax_errors=_error_lines(tree.root_node),
    )


def _normalize_path(rel_path: str) -> str:
    path = str(PurePosixPath(rel_path.replace("\\", "/")))
    return path[2:] if path.startswith("./") else path


@cache
def _grammar(language: str) -> Language:
    from tree_sitter_language_pack import get_language

    return get_language(language)  # type: ignore[arg-type]  # checked by rules_for


def _new_parser(language: str) -> Parser:
    from tree_sitter import Parser

    return Parser(_grammar(language))


@dataclass(frozen=True)
class _Pending:
    """A symbol whose body hash waits until the walk has read every token of the file."""

    symbol: ParsedSymbol
    body: tuple[int, int] | None  # byte range; None when the declaration has no body


class _Walk:
    """One pass over a tree collecting symbols, imports and calls in document order."""

    def __init__(self, rules: LanguageRules, source: Source, path: str) -> None:
        self.rules = rules
        self.source = source
        self.path = path
        self.symbols: list[ParsedSymbol] = []
        self.imports: list[ImportRef] = []
        self.calls: list[CallRef] = []
        self._pending: list[_Pending] = []
        self._interesting = rules.definition_types | rules.call_types | rules.import_types

    def run(self, root: Node) -> None:
        """Visit every node once with a tree cursor; ``scopes[-1]`` is the scope of the current
        node."""
        comments, interesting = self.rules.comment_types, self._interesting
        leaves: list[
            tuple[int, int, bool | None]
        ] = []  # (start, end, is_named); None marks a comment
        scopes = [self.rules.module_scope(root, self.path, self.source)]
        cursor = root.walk()
        walking = cursor.goto_first_child()
        while walking:
            node = cursor.node
            assert node is not None  # the cursor always stands on a node
            kind = node.type
            if kind in comments:
                leaves.append((node.start_byte, node.end_byte, None))
            elif not node.child_count:
                if kind in interesting:
                    self._visit(node, scopes)
                leaves.append((node.start_byte, node.end_byte, node.is_named))
            else:
                inner = self._visit(node, scopes) if kind in interesting else scopes[-1]
                if cursor.goto_first_child():
                    scopes.append(inner)
                    continue
            while walking and not cursor.goto_next_sibling():
                walking = len(scopes) > 1  # the last top-level node ends the walk
                if walking:
                    cursor.goto_parent()
                    scopes.pop()
        tokens = BodyTokens(self.source.data, leaves)
        self.symbols = [
            replace(p.symbol, body_hash=sha256_hex(tokens.text(*p.body, p.symbol.name)))
            if p.body
            else p.symbol
            for p in self._pending
        ]

    def _visit(self, node: Node, scopes: list[Scope]) -> Scope:
        """Record what ``node`` declares or does; return the scope of its children."""
        rules, kind, scope = self.rules, node.type, scopes[-1]
        if kind in rules.import_types:
            self.imports.extend(rules.imports(node, self.source))
        if kind in rules.call_types:
            self._record_call(node, scope)
        definition = rules.definition(node, self.source) if kind in rules.definition_types else None
        if definition is None or not definition.name:
            return scope
        if definition.kind is None:
            name = definition.name if definition.absolute else rules.qualify(scope, definition.name)
            inner = Scope(name, is_type=definition.is_type, symbol=scope.symbol)
            if definition.applies_to_siblings:
                scopes[-1] = inner
            return inner
        symbol = self._record_symbol(definition, definition.kind, scope)
        return Scope(
            symbol.qualified_name, is_type=definition.is_type, symbol=symbol.qualified_name
        )

    def _record_symbol(
        self, definition: Definition, kind: SymbolKind, scope: Scope
    ) -> ParsedSymbol:
        rules, data = self.rules, self.source.data
        if definition.owner is not None:
            scope = Scope(rules.qualify(scope, definition.owner), is_type=True, symbol=scope.symbol)
        if kind is SymbolKind.FUNCTION and scope.is_type:
            kind = (
                SymbolKind.METHOD
            )  # a function declared directly in a class, impl, trait or interface
        span = definition.span
        if definition.header_end is not None:
            header_end = definition.header_end
        elif definition.body:
            header_end = definition.body[0].start_byte
        else:
            header_end = span.end_byte
        raw = header_text(
            data,
            span,
            header_end,
            definition.name_node,
            dropped=rules.comment_types,
            stripped=rules.decorator_types,
            modifier_lists=rules.modifier_lists,
        )
        signature = normalize_signature(definition.signature_prefix + raw, rules.signature_trailers)
        symbol = ParsedSymbol(
            name=definition.name,
            qualified_name=rules.qualify(scope, definition.name),
            kind=kind,
            signature=signature.replace(PLACEHOLDER, definition.name),
            signature_hash=sha256_hex(signature),
            # A declaration without a body (interface, trait or abstract method) is its signature,
            # so renaming it keeps the hash; a body is hashed once the walk has read its tokens.
            body_hash=sha256_hex(signature),
            start_line=line_of(definition.first or span),
            end_line=_end_line(span),
            parent=scope.qualified_name if scope.is_type else None,
        )
        body = definition.body
        self._pending.append(
            _Pending(symbol, (body[0].start_byte, body[-1].end_byte) if body else None)
        )
        return symbol

    def _record_call(self, node: Node, scope: Scope) -> None:
        site = self.rules.call(node, self.source)
        if site is None:
            return
        callee_text = collapse(self.source.slice(node.start_byte, site.callee_end))
        callee = (
            self.source.text(site.name_node)
            if site.name_node is not None
            else last_identifier(callee_text)
        )
        if not callee:
            return
        if len(callee_text) > MAX_CALLEE_TEXT:
            callee_text = callee_text[: MAX_CALLEE_TEXT - 1] + "…"
        where = site.name_node if site.name_node is not None else node
        self.calls.append(
            CallRef(
                caller=scope.symbol, callee=callee, callee_text=callee_text, line=line_of(where)
            )
        )


def _end_line(node: Node) -> int:
    """The last line ``node`` covers; a node ending just after a newline ends on the line before."""
    row, column = node.end_point
    if column == 0 and row > node.start_point.row:
        return row
    return row + 1


def _error_lines(root: Node) -> tuple[int, ...]:
    lines: set[int] = set()
    stack = [root] if root.has_error else []
    while stack:
        node = stack.pop()
        if node.is_error or node.is_missing:
            lines.add(line_of(node))
        stack.extend(child for child in node.children if child.has_error or child.is_missing)
    return tuple(sorted(lines))
