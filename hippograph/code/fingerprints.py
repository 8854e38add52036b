"""Normalised signatures and the rename-proof hashes of a symbol's signature and body.

Both hashes replace the symbol's own name with a placeholder: in the signature only
the name token of the declaration, in the body every named leaf spelled like the name
(recursive calls, a constructor's class name). The body is compared as its tokens
joined by single spaces, comments left out and whitespace inside string tokens
collapsed too, so reformatting or re-indenting a moved method keeps its hash.
"""

from __future__ import annotations

import hashlib
import re
from bisect import bisect_left
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tree_sitter import Node

# A private-use character, in practice absent from source code.
PLACEHOLDER = "\ue000"

_WHITESPACE = re.compile(r"\s+")
_NON_SPACE = re.compile(rb"\S+")
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

    Comments (``dropped``) and the ERROR nodes of a broken declaration are removed at
    any depth. Decorators, annotations and
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
            if (
                child.type in dropped
                or child.is_error
                or (child.type in stripped and is_modifier_item)
            ):
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
    """``raw`` collapsed to single spaces, tight inside brackets,
    without a trailing ``trailers`` character."""
    text = _BEFORE_CLOSE.sub(r"\1", _AFTER_OPEN.sub(r"\1", collapse(raw)))
    while text and text[-1] in trailers:
        text = text[:-1].rstrip()
    return text


class BodyTokens:
    """The code tokens of one file in order, comments left out,
    for hashing any body by its byte range.

    Built once from the leaves and comments of the walk. Text between them that is not
    whitespace (a grammar that leaves punctuation outside its leaves) becomes tokens too,
    so it still changes a hash when it changes. A body is a slice of this list, so nested
    symbols do not walk their subtrees again.
    """

    def __init__(self, data: bytes, leaves: Iterable[tuple[int, int, bool | None]]) -> None:
        """``leaves`` are (start, end, is_named) in document order,
        ``is_named`` None for a comment."""
        starts: list[int] = []
        texts: list[str] = []
        named: list[bool] = []
        position = 0
        for start, end, is_named in [*leaves, (len(data), len(data), None)]:
            if start > position and not data[position:start].isspace():
                for match in _NON_SPACE.finditer(data, position, start):
                    starts.append(match.start())
                    texts.append(match.group().decode("utf-8", errors="replace"))
                    named.append(False)
            if is_named is not None and end > start:
                starts.append(start)
                texts.append(data[start:end].decode("utf-8", errors="replace"))
                named.append(is_named)
            position = max(position, end)
        self._starts, self._texts, self._named = starts, texts, named

    def text(self, start: int, end: int, name: str) -> str:
        """The tokens in ``start..end`` joined by single spaces,
        named leaves spelled ``name`` as PLACEHOLDER."""
        first, last = bisect_left(self._starts, start), bisect_left(self._starts, end)
        words = [
            PLACEHOLDER if is_named and text == name else text
            for text, is_named in zip(self._texts[first:last], self._named[first:last], strict=True)
        ]
        return " ".join(" ".join(words).split())  # also collapses whitespace inside string tokens
