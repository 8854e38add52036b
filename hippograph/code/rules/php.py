"""PHP: ``Namespace\\Class::method`` and ``Namespace\\function``; classes, interfaces,
traits, enums.

A ``namespace X;`` statement names everything after it; ``namespace X { }`` what is
inside. Methods of anonymous classes are not recorded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hippograph.code.records import ImportRef
from hippograph.code.rules.base import (
    CallSite,
    Definition,
    LanguageRules,
    Scope,
    Source,
    line_of,
    string_value,
)
from hippograph.schema.enums import SymbolKind

if TYPE_CHECKING:
    from tree_sitter import Node

_TYPES = {
    "class_declaration": SymbolKind.CLASS,
    "interface_declaration": SymbolKind.INTERFACE,
    "trait_declaration": SymbolKind.TRAIT,
    "enum_declaration": SymbolKind.ENUM,
}
_INCLUDES = frozenset(
    {
        "require_expression",
        "require_once_expression",
        "include_expression",
        "include_once_expression",
    }
)
_MEMBER_CALLS = frozenset(
    {"member_call_expression", "nullsafe_member_call_expression", "scoped_call_expression"}
)


class PhpRules(LanguageRules):
    """PHP: namespace with backslashes, ``::`` before a member."""

    language = "php"
    separator = "\\"
    definition_types = frozenset(
        set(_TYPES) | {"namespace_definition", "function_definition", "method_declaration"}
    )
    call_types = frozenset(
        {"function_call_expression", "object_creation_expression"} | _MEMBER_CALLS
    )
    import_types = frozenset({"namespace_use_declaration"} | _INCLUDES)
    decorator_types = frozenset({"attribute_list"})

    def module_scope(self, root: Node, rel_path: str, source: Source) -> Scope:
        return Scope("")  # the global namespace until a `namespace` statement

    def qualify(self, scope: Scope, name: str) -> str:
        if not scope.qualified_name:
            return name
        return f"{scope.qualified_name}{'::' if scope.is_type else self.separator}{name}"

    def definition(self, node: Node, source: Source) -> Definition | None:
        name_node = node.child_by_field_name("name")
        name = source.text(name_node)
        body = node.child_by_field_name("body")
        some_body = (body,) if body is not None else ()
        if node.type == "namespace_definition":
            return Definition(
                name.lstrip("\\"), None, node, absolute=True, applies_to_siblings=body is None
            )
        if node.type in _TYPES:
            return Definition(name, _TYPES[node.type], node, name_node, some_body, is_type=True)
        if node.type == "method_declaration":
            container = node.parent
            owner = container.parent if container is not None else None
            if owner is None or owner.type not in _TYPES:
                return None  # a method of an anonymous class
            return Definition(name, SymbolKind.METHOD, node, name_node, some_body)
        return Definition(name, SymbolKind.FUNCTION, node, name_node, some_body)

    def call(self, node: Node, source: Source) -> CallSite | None:
        arguments = next((child for child in node.children if child.type == "arguments"), None)
        end = arguments.start_byte if arguments is not None else node.end_byte
        if node.type == "function_call_expression":
            name = _last_name(node.child_by_field_name("function"))
        elif node.type == "object_creation_expression":
            target = next(
                (c for c in node.named_children if c.type in ("name", "qualified_name")), None
            )
            if target is None:
                return None  # `new class { ... }` or `new $class`
            name = _last_name(target)
        else:
            name = node.child_by_field_name("name")
        return CallSite(name, end)

    def imports(self, node: Node, source: Source) -> list[ImportRef]:
        line = line_of(node)
        if node.type in _INCLUDES:
            target = node.named_children[0] if node.named_children else None
            literal = string_value(source, target)
            module = literal if literal is not None else " ".join(source.text(target).split())
            return [ImportRef(module, (), line)] if module else []
        group = node.child_by_field_name("body")
        if group is not None:
            prefix = next((c for c in node.named_children if c.type == "namespace_name"), None)
            clauses = [
                clause for clause in group.named_children if clause.type == "namespace_use_clause"
            ]
            names = tuple(_clause_target(source, clause) for clause in clauses)
            return [ImportRef(source.text(prefix).lstrip("\\"), names, line)]
        clauses = [
            clause for clause in node.named_children if clause.type == "namespace_use_clause"
        ]
        return [ImportRef(_clause_target(source, clause), (), line) for clause in clauses]


def _clause_target(source: Source, clause: Node) -> str:
    """What a `use` clause names, without its alias or a leading backslash."""
    target = next((c for c in clause.named_children if c.type in ("qualified_name", "name")), None)
    return "".join(source.text(target).split()).lstrip("\\")


def _last_name(node: Node | None) -> Node | None:
    """The last ``name`` of ``foo`` or ``\\App\\foo``; None for a variable or expression callee."""
    if node is None:
        return None
    if node.type == "name":
        return node
    if node.type == "qualified_name":
        names = [child for child in node.named_children if child.type == "name"]
        return names[-1] if names else None
    return None
