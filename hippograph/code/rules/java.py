"""Java: ``package`` + class (+ nested class) + member;
constructors are methods named like the class."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hippograph.code.records import ImportRef
from hippograph.code.rules.base import (
    CallSite,
    Definition,
    LanguageRules,
    Scope,
    Source,
    arguments_start,
    line_of,
)
from hippograph.schema.enums import SymbolKind

if TYPE_CHECKING:
    from tree_sitter import Node

_TYPES = {
    "class_declaration": SymbolKind.CLASS,
    "record_declaration": SymbolKind.CLASS,
    "interface_declaration": SymbolKind.INTERFACE,
    "annotation_type_declaration": SymbolKind.INTERFACE,
    "enum_declaration": SymbolKind.ENUM,
}
_MEMBERS = frozenset(
    {"method_declaration", "constructor_declaration", "compact_constructor_declaration"}
)


class JavaRules(LanguageRules):
    """Java: package + enclosing classes + name."""

    language = "java"
    definition_types = frozenset(set(_TYPES) | _MEMBERS)
    call_types = frozenset(
        {"method_invocation", "object_creation_expression", "explicit_constructor_invocation"}
    )
    import_types = frozenset({"import_declaration"})
    comment_types = frozenset({"line_comment", "block_comment"})
    decorator_types = frozenset({"marker_annotation", "annotation"})
    modifier_lists = frozenset({"modifiers"})

    def module_scope(self, root: Node, rel_path: str, source: Source) -> Scope:
        for child in root.children:
            if child.type == "package_declaration":
                for name in child.named_children:
                    if name.type in ("scoped_identifier", "identifier"):
                        return Scope("".join(source.text(name).split()))
        return Scope("")  # the default package

    def definition(self, node: Node, source: Source) -> Definition | None:
        name_node = node.child_by_field_name("name")
        body = node.child_by_field_name("body")
        some_body = (body,) if body is not None else ()
        if node.type in _TYPES:
            return Definition(
                source.text(name_node), _TYPES[node.type], node, name_node, some_body, is_type=True
            )
        if not _is_type_member(node):
            return None  # a method of an anonymous class or an enum constant's body
        return Definition(source.text(name_node), SymbolKind.METHOD, node, name_node, some_body)

    def call(self, node: Node, source: Source) -> CallSite | None:
        if node.type == "method_invocation":
            name = node.child_by_field_name("name")
        elif node.type == "object_creation_expression":
            name = _class_name(node.child_by_field_name("type"))
        else:
            name = node.child_by_field_name("constructor")  # this(...) / super(...)
        return CallSite(name, arguments_start(node))

    def imports(self, node: Node, source: Source) -> list[ImportRef]:
        path = next(
            (c for c in node.named_children if c.type in ("scoped_identifier", "identifier")), None
        )
        if path is None:
            return []
        wildcard = any(child.type == "asterisk" for child in node.children)
        module = "".join(source.text(path).split())
        return [ImportRef(module, ("*",) if wildcard else (), line_of(node))]


def _is_type_member(node: Node) -> bool:
    container = node.parent
    if container is not None and container.type == "enum_body_declarations":
        container = container.parent
    owner = container.parent if container is not None else None
    return owner is not None and owner.type in _TYPES


def _class_name(node: Node | None) -> Node | None:
    """The simple name of a type as written: ``java.util.ArrayList<String>`` -> ``ArrayList``."""
    while node is not None and node.type != "type_identifier":
        if node.type == "generic_type":
            node = node.named_children[0] if node.named_children else None
        elif node.type == "scoped_type_identifier":
            node = node.named_children[-1] if node.named_children else None
        else:
            return None
    return node
