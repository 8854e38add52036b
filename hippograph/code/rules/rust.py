"""Rust: ``crate::a::b`` module paths from the file path; fns, impl methods, structs,
enums, traits."""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import TYPE_CHECKING

from hippograph.code.records import ImportRef
from hippograph.code.rules.base import (
    CallSite,
    Definition,
    LanguageRules,
    Scope,
    Source,
    arguments_start,
    callee_name,
    line_of,
)
from hippograph.schema.enums import SymbolKind

if TYPE_CHECKING:
    from tree_sitter import Node

_TYPES = {
    "struct_item": SymbolKind.STRUCT,
    "enum_item": SymbolKind.ENUM,
    "trait_item": SymbolKind.TRAIT,
}
_PATHS = frozenset({"identifier", "scoped_identifier", "crate", "self", "super", "metavariable"})


def rust_module(rel_path: str) -> str:
    """The module path of a file: ``src/a/b.rs`` -> ``crate::a::b``;
    ``src/a/mod.rs`` -> ``crate::a``.

    ``src/lib.rs`` and ``src/main.rs`` are the crate root, ``crate``. Only the part after
    the first ``src`` folder counts, so ``crates/x/src/a.rs`` is ``crate::a`` too; a file
    outside any ``src`` keeps its whole path (``tests/login.rs`` -> ``crate::tests::login``).
    """
    parts = list(PurePosixPath(rel_path).with_suffix("").parts)
    if "src" in parts:
        parts = parts[parts.index("src") + 1 :]
    if parts in (["lib"], ["main"]) or (parts and parts[-1] == "mod"):
        parts.pop()
    return "::".join(["crate", *parts])


class RustRules(LanguageRules):
    """Rust: crate module path from the file path, ``::`` separated;
    impl methods under their type."""

    language = "rust"
    separator = "::"
    definition_types = frozenset(
        {"function_item", "function_signature_item", "impl_item", "mod_item"} | set(_TYPES)
    )
    call_types = frozenset({"call_expression"})
    import_types = frozenset({"use_declaration", "extern_crate_declaration"})
    comment_types = frozenset({"line_comment", "block_comment"})

    def module_scope(self, root: Node, rel_path: str, source: Source) -> Scope:
        return Scope(rust_module(rel_path))

    def definition(self, node: Node, source: Source) -> Definition | None:
        name_node = node.child_by_field_name("name")
        body = node.child_by_field_name("body")
        some_body = (body,) if body is not None else ()
        if node.type == "impl_item":
            return Definition(
                _type_name(node.child_by_field_name("type"), source), None, node, is_type=True
            )
        if node.type == "mod_item":
            return Definition(source.text(name_node), None, node) if body is not None else None
        first = _first_attribute(node)
        if node.type in _TYPES:
            return Definition(
                source.text(name_node),
                _TYPES[node.type],
                node,
                name_node,
                some_body,
                is_type=True,
                first=first,
            )
        return Definition(
            source.text(name_node), SymbolKind.FUNCTION, node, name_node, some_body, first=first
        )

    def call(self, node: Node, source: Source) -> CallSite | None:
        function = node.child_by_field_name("function")
        if function is not None and function.type == "generic_function":
            function = function.child_by_field_name("function")
        if function is None:
            return None
        name = callee_name(function, {"scoped_identifier": "name", "field_expression": "field"})
        return CallSite(name, arguments_start(node))

    def imports(self, node: Node, source: Source) -> list[ImportRef]:
        line = line_of(node)
        if node.type == "extern_crate_declaration":
            return [ImportRef(source.text(node.child_by_field_name("name")), (), line)]
        argument = node.child_by_field_name("argument")
        if argument is None:
            return []
        if argument.type == "use_as_clause":
            return [ImportRef(_path(argument.child_by_field_name("path"), source), (), line)]
        if argument.type == "use_wildcard":
            return [ImportRef(_path(_wildcard_path(argument), source), ("*",), line)]
        if argument.type == "scoped_use_list":
            names = _list_names(argument.child_by_field_name("list"), source)
            return [
                ImportRef(_path(argument.child_by_field_name("path"), source), tuple(names), line)
            ]
        if argument.type == "use_list":
            return [ImportRef("", tuple(_list_names(argument, source)), line)]
        return [ImportRef(_path(argument, source), (), line)]


def _first_attribute(node: Node) -> Node | None:
    """The first of the ``#[...]`` attributes right above ``node``: they are siblings,
    not children, in this grammar."""
    first = None
    sibling = node.prev_named_sibling
    while sibling is not None and sibling.type == "attribute_item":
        first = sibling
        sibling = sibling.prev_named_sibling
    return first


def _path(node: Node | None, source: Source) -> str:
    return "".join(source.text(node).split())


def _wildcard_path(node: Node) -> Node | None:
    for child in node.named_children:
        if child.type in _PATHS:
            return child
    return None


def _list_names(use_list: Node | None, source: Source) -> list[str]:
    """The names of a ``{a, b::c, d as e, f::{g, *}}`` list, nested paths flattened with ``::``."""
    if use_list is None:
        return []
    names: list[str] = []
    for item in use_list.named_children:
        if item.type == "use_as_clause":
            names.append(_path(item.child_by_field_name("path"), source))
        elif item.type == "use_wildcard":
            prefix = _path(_wildcard_path(item), source)
            names.append(f"{prefix}::*" if prefix else "*")
        elif item.type == "scoped_use_list":
            prefix = _path(item.child_by_field_name("path"), source)
            inner = _list_names(item.child_by_field_name("list"), source)
            names.extend(f"{prefix}::{name}" if prefix else name for name in inner)
        elif item.type in _PATHS:
            names.append(_path(item, source))
    return names


def _type_name(node: Node | None, source: Source) -> str:
    """The bare name of an impl's target type: ``crate::x::Foo<T>`` -> ``Foo``,
    ``&'a Bar`` -> ``Bar``."""
    while node is not None:
        if node.type in ("generic_type", "reference_type", "pointer_type"):
            node = node.child_by_field_name("type")
        elif node.type == "scoped_type_identifier":
            node = node.child_by_field_name("name")
        else:
            return "".join(source.text(node).split())
    return ""
