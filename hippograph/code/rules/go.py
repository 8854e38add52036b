"""Go: ``package`` clause names; functions, methods by receiver type, structs and interfaces."""

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
    string_value,
)
from hippograph.schema.enums import SymbolKind

if TYPE_CHECKING:
    from tree_sitter import Node

_RECEIVER_WRAPPERS = frozenset({"pointer_type", "generic_type", "parenthesized_type"})


class GoRules(LanguageRules):
    """Go: package clause + name; methods under their receiver type."""

    language = "go"
    definition_types = frozenset(
        {"function_declaration", "method_declaration", "type_spec", "method_elem"}
    )
    call_types = frozenset({"call_expression"})
    import_types = frozenset({"import_spec"})

    def module_scope(self, root: Node, rel_path: str, source: Source) -> Scope:
        for child in root.children:
            if child.type == "package_clause":
                for name in child.named_children:
                    if name.type == "package_identifier":
                        return Scope(source.text(name))
        # No (parsable) package clause: the directory is Go's usual package name.
        return Scope(PurePosixPath(rel_path).parent.name)

    def definition(self, node: Node, source: Source) -> Definition | None:
        name_node = node.child_by_field_name("name")
        name = source.text(name_node)
        body = node.child_by_field_name("body")
        if node.type == "function_declaration":
            return Definition(name, SymbolKind.FUNCTION, node, name_node, _some(body))
        if node.type == "method_declaration":
            owner = _receiver_type(node, source)
            if not owner:
                return None
            return Definition(name, SymbolKind.FUNCTION, node, name_node, _some(body), owner=owner)
        if node.type == "method_elem":
            return Definition(name, SymbolKind.FUNCTION, node, name_node)
        return self._type_spec(node, name, name_node)

    @staticmethod
    def _type_spec(node: Node, name: str, name_node: Node | None) -> Definition | None:
        shape = node.child_by_field_name("type")
        if shape is None or shape.type not in ("struct_type", "interface_type"):
            return None  # `type ID int`, function types and the like are not recorded
        if shape.type == "struct_type":
            kind = SymbolKind.STRUCT
            body = tuple(
                child for child in shape.children if child.type == "field_declaration_list"
            )
        else:
            kind = SymbolKind.INTERFACE
            body = _from_brace(shape)
        declaration = node.parent
        alone = (
            declaration is not None
            and declaration.type == "type_declaration"
            and sum(child.type == "type_spec" for child in declaration.children) == 1
        )
        span = declaration if alone and declaration is not None else node
        return Definition(
            name,
            kind,
            span,
            name_node,
            body,
            header_end=body[0].start_byte if body else shape.end_byte,
            is_type=True,
            signature_prefix="" if alone else "type ",
        )

    def call(self, node: Node, source: Source) -> CallSite | None:
        function = node.child_by_field_name("function")
        if function is None:
            return None
        return CallSite(
            callee_name(function, {"selector_expression": "field"}), arguments_start(node)
        )

    def imports(self, node: Node, source: Source) -> list[ImportRef]:
        module = string_value(source, node.child_by_field_name("path"))
        return [ImportRef(module=module, names=(), line=line_of(node))] if module else []


def _some(node: Node | None) -> tuple[Node, ...]:
    return (node,) if node is not None else ()


def _from_brace(node: Node) -> tuple[Node, ...]:
    children = node.children
    for index, child in enumerate(children):
        if child.type == "{":
            return tuple(children[index:])
    return ()


def _receiver_type(node: Node, source: Source) -> str:
    receiver = node.child_by_field_name("receiver")
    if receiver is None:
        return ""
    for parameter in receiver.named_children:
        if parameter.type != "parameter_declaration":
            continue
        shape = parameter.child_by_field_name("type")
        while shape is not None and shape.type in _RECEIVER_WRAPPERS:
            inner = shape.child_by_field_name("type")
            shape = (
                inner
                if inner is not None
                else (shape.named_children[0] if shape.named_children else None)
            )
        return source.text(shape) if shape is not None and shape.type == "type_identifier" else ""
    return ""
