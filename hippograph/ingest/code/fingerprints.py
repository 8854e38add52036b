"""Normalised signatures and the rename-proof hashes of a symbol's signature and body.

Both hashes replace the symbol's own name with a placeholder: in the signature only
the name token of the declaration, in the body every named leaf spelled like the name
(recursive calls, ``Self``-style references). Comments are dropped and whitespace is
collapsed, also inside string tokens, so re-indenting a moved method keeps its hash.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tree_sitter import Node

# A private-use character: never produced by the UTF-8 decoding of real source code.
PLACEHOLDER = "\ue000"

_WHITESPACE = re.compile(r"\s+")
_AFTER_OPEN = re.compile(r"([(\[]) ")
_BEFORE_CLOSE = re.compile(r" ([)\]])")


def sha256_hex(text: str) -> str:
    """The sha256 hex digest of ``text`` encoded as UTF-8."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def collapse(text: str) -> str:
    """``text`` with every run of whitespace turned into one space, stripped."""
    return _WHITESPACE.sub(" ", text).strip()


def header_text(
    data: bytes,
    span: Node,
    header_end: int,
    name_node: Node | None,
    *,
    dropped: frozenset[str],
    stripped: frozenset[str],
    modifier_lists: frozenset[str],
) -> str:
    """The declaration header ``span.start..header_end`` with its name as PLACEHOLDER.

    Comments (``dropped``) are removed at any depth. Decorators, annotations and
    attributes (``stripped``) are removed where they are direct children of the
    declaration or of its modifier list, so a parameter annotation stays.
    """
    cuts: list[tuple[int, int, str]] = []
    if name_node is not None:
        cuts.append((name_node.start_byte, name_node.end_byte, PLACEHOLDER))
    stack: list[tuple[Node, int]] = [(span, 0)]
    while stack:
        node, depth = stack.pop()
        for child in node.children:
            if child.start_byte >= header_end:
                break
            is_modifier_item = depth == 0 or (depth == 1 and node.type in modifier_lists)
            if child.type in dropped or (child.type in stripped and is_modifier_item):
                cuts.append((child.start_byte, child.end_byte, " "))
            elif child.child_count:
                stack.append((child, depth + 1))
    pieces: list[str] = []
    position = span.start_byte
    for start, end, replacement in sorted(cuts):
        if start < position:  # the name inside a dropped node
            continue
        pieces.append(data[position:start].decode("utf-8", errors="replace"))
        pieces.append(replacement)
        position = end
    pieces.append(data[position : max(position, header_end)].decode("utf-8", errors="replace"))
    return "".join(pieces)


def normalize_signature(raw: str, trailers: str) -> str:
    """``raw`` collapsed to single spaces, tight inside brackets, without a trailing ``trailers`` character."""
    text = _BEFORE_CLOSE.sub(r"\1", _AFTER_OPEN.sub(r"\1", collapse(raw)))
    while text and text[-1] in trailers:
        text = text[:-1].rstrip()
    return text


def body_text(data: bytes, nodes: Sequence[Node], name: str, *, dropped: frozenset[str]) -> str:
    """The tokens of ``nodes`` joined by single spaces, comments dropped, leaves spelled ``name`` as PLACEHOLDER.

    Text between the children of a node that no child covers is kept too, so a grammar
    that leaves punctuation outside its leaves still changes the hash when it changes.
    """
    tokens: list[str] = []
    stack: list[Node | str] = list(reversed(nodes))
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            tokens.extend(item.split())
            continue
        if item.type in dropped:
            continue
        if not item.child_count:
            text = data[item.start_byte : item.end_byte].decode("utf-8", errors="replace")
            tokens.append(PLACEHOLDER if item.is_named and text == name else text)
            continue
        stack.extend(reversed(list(_with_gaps(data, item))))
    return " ".join(" ".join(tokens).split())


def _with_gaps(data: bytes, node: Node) -> Iterable[Node | str]:
    position = node.start_byte
    for child in node.children:
        if child.start_byte > position:
            yield data[position : child.start_byte].decode("utf-8", errors="replace")
        yield child
        position = max(position, child.end_byte)
    if node.end_byte > position:
        yield data[position : node.end_byte].decode("utf-8", errors="replace")
