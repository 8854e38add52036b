"""What a language contributes to the parser: its node-type tables and naming rules.

The walker in ``parser.py`` is the same for every language. It asks a ``LanguageRules``
which nodes define symbols (``definition``), which are calls (``call``) and imports
(``imports``), and how names nest (``module_scope``, ``qualify``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from hippograph.code.records import ImportRef
from hippograph.schema.enums import SymbolKind

if TYPE_CHECKING:
    from tree_sitter import Node

_IDENTIFIER = re.compile(r"[A-Za-z_$\x80-\U0010ffff][\w$\x80-\U0010ffff]*")


@dataclass(frozen=True)
class Scope:
    """Where a node sits: the prefix for names declared inside and the innermost enclosing
    symbol."""

    qualified_name: str
    is_type: bool = False  # functions declared directly inside are methods, and it is their parent
    symbol: str | None = None  # the caller of calls made here


@dataclass(frozen=True)
class Definition:
    """A node that declares a symbol (``kind`` set) or only opens a naming scope (``kind`` None).

    ``span`` gives the lines and where the signature starts; the signature ends where
    the first ``body`` node starts (or at ``header_end``, or at the end of ``span``
    for a declaration without a body).
    """

    name: str
    kind: SymbolKind | None
    span: Node
    name_node: Node | None = None
    body: tuple[Node, ...] = ()
    header_end: int | None = None
    is_type: bool = False
    owner: str | None = (
        None  # Go receiver type: the symbol is a member of owner in the module scope
    )
    signature_prefix: str = ""
    absolute: bool = False  # the name is already fully qualified (a PHP namespace)
    applies_to_siblings: bool = False  # `namespace X;` renames the scope of what follows it
    first: Node | None = None  # where the lines start when it is before span (Rust attributes)


@dataclass(frozen=True)
class CallSite:
    """A call: the node holding the called name (None for an expression callee) and where the callee
    text ends."""

    name_node: Node | None
    callee_end: int  # the callee text runs from the start of the call to here


class Source:
    """The UTF-8 bytes a tree was parsed from, with text lookup by node."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def text(self, node: Node | None) -> str:
        """The source text of ``node`` ("" for None)."""
        if node is None:
            return ""
        return self.data[node.start_byte : node.end_byte].decode("utf-8", errors="replace")

    def slice(self, start: int, end: int) -> str:
        """The source text between two byte offsets."""
        return self.data[start:end].decode("utf-8", errors="replace")


def line_of(node: Node) -> int:
    """The 1-based line where ``node`` starts."""
    return node.start_point.row + 1


def last_identifier(text: str) -> str | None:
    """The last identifier-like word in ``text``, the fallback callee of an expression call."""
    found = _IDENTIFIER.findall(text)
    return found[-1] if found else None


def string_value(source: Source, node: Node | None) -> str | None:
    """The content of a string literal node without its quotes,
    or None when it is not a plain string."""
    if node is None:
        return None
    text = source.text(node)
    if len(text) >= 2 and text[0] in "\"'`" and text[-1] == text[0]:
        return text[1:-1]
    return None


class LanguageRules:
    """The defaults every language overrides in part."""

    language: ClassVar[str]
    separator: ClassVar[str] = "."
    definition_types: ClassVar[frozenset[str]] = frozenset()
    call_types: ClassVar[frozenset[str]] = frozenset()
    import_types: ClassVar[frozenset[str]] = frozenset()
    comment_types: ClassVar[frozenset[str]] = frozenset({"comment"})
    decorator_types: ClassVar[frozenset[str]] = frozenset()
    modifier_lists: ClassVar[frozenset[str]] = frozenset()
    signature_trailers: ClassVar[str] = ";,"

    def module_scope(self, root: Node, rel_path: str, source: Source) -> Scope:
        """The scope of the file's top level."""
        raise NotImplementedError

    def qualify(self, scope: Scope, name: str) -> str:
        """The qualified name of ``name`` declared directly in ``scope``."""
        if not scope.qualified_name:
            return name
        return f"{scope.qualified_name}{self.separator}{name}"

    def definition(self, node: Node, source: Source) -> Definition | None:
        """The symbol or scope ``node`` declares, if any (only called for ``definition_types``)."""
        return None

    def call(self, node: Node, source: Source) -> CallSite | None:
        """The call ``node`` makes, if any (only called for ``call_types``)."""
        return None

    def imports(self, node: Node, source: Source) -> list[ImportRef]:
        """The imports ``node`` declares (only called for ``import_types``)."""
        return []


def arguments_start(node: Node, *fields: str) -> int:
    """Where the argument list of a call starts: the callee text ends there."""
    for field in fields or ("arguments",):
        child = node.child_by_field_name(field)
        if child is not None:
            return child.start_byte
    return node.end_byte


def callee_name(
    target: Node | None, members: dict[str, str], plain: tuple[str, ...] = ("identifier",)
) -> Node | None:
    """The node naming what a call calls: the target itself when it is a plain name, else the
    field that holds the last segment of a member access (``members``: node type -> field)."""
    if target is None:
        return None
    if target.type in plain:
        return target
    field = members.get(target.type)
    return target.child_by_field_name(field) if field else None
