"""JavaScript, TypeScript and TSX: path-named modules; functions, `const f = () => ...`,
classes, methods.

TypeScript adds interfaces and enums; type aliases and overload signatures (which
repeat the implementation's name) are not recorded. A ``namespace`` nests names.
"""

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

_FUNCTION_VALUES = frozenset(
    {"arrow_function", "function_expression", "function", "generator_function"}
)
_TYPES = {
    "class_declaration": SymbolKind.CLASS,
    # a named class expression; also what error recovery makes of a broken declaration
    "class": SymbolKind.CLASS,
    "abstract_class_declaration": SymbolKind.CLASS,
    "interface_declaration": SymbolKind.INTERFACE,
    "enum_declaration": SymbolKind.ENUM,
}
# Member node type -> the body it must sit in to be a method of a named class or interface
# (object-literal methods and class overload signatures are not symbols).
_MEMBERS = {
    "method_definition": "class_body",
    "abstract_method_signature": "class_body",
    "method_signature": "interface_body",
    "field_definition": "class_body",
    "public_field_definition": "class_body",
}


class JavaScriptRules(LanguageRules):
    """JavaScript: the file path without extension + name."""

    language = "javascript"
    definition_types = frozenset(
        {
            "function_declaration",
            "generator_function_declaration",
            "variable_declarator",
            "internal_module",
        }
        | set(_TYPES)
        | set(_MEMBERS)
    )
    call_types = frozenset({"call_expression", "new_expression"})
    import_types = frozenset({"import_statement", "export_statement", "call_expression"})
    decorator_types = frozenset({"decorator"})

    def module_scope(self, root: Node, rel_path: str, source: Source) -> Scope:
        path = PurePosixPath(rel_path)
        return Scope(str(path.with_suffix("")) if path.suffix else rel_path)

    def definition(self, node: Node, source: Source) -> Definition | None:
        kind = node.type
        if kind in _TYPES:
            name_node = node.child_by_field_name("name")
            body = node.child_by_field_name("body")
            return Definition(
                source.text(name_node), _TYPES[kind], node, name_node, _some(body), is_type=True
            )
        if kind == "internal_module":
            name = "".join(source.text(node.child_by_field_name("name")).split())
            return Definition(name, None, node)
        if kind in ("function_declaration", "generator_function_declaration"):
            name_node = node.child_by_field_name("name")
            body = node.child_by_field_name("body")
            return Definition(
                source.text(name_node), SymbolKind.FUNCTION, node, name_node, _some(body)
            )
        if kind == "variable_declarator":
            return _assigned_function(node, source)
        body = node.parent
        owner = body.parent if body is not None else None
        if body is None or body.type != _MEMBERS[kind] or owner is None or owner.type not in _TYPES:
            return None
        if owner.child_by_field_name("name") is None:
            return None  # a method of an anonymous class expression
        return _member(node, source)

    def call(self, node: Node, source: Source) -> CallSite | None:
        if node.type == "new_expression":
            target = node.child_by_field_name("constructor")
        else:
            target = node.child_by_field_name("function")
            if _imported_module(node, source) is not None:
                return None  # require("x") / import("x") are imports
        if target is None:
            return None
        name = callee_name(target, {"member_expression": "property"}, plain=("identifier", "super"))
        return CallSite(name, arguments_start(node))

    def imports(self, node: Node, source: Source) -> list[ImportRef]:
        if node.type == "call_expression":
            module = _imported_module(node, source)
            if module is None:
                return []
            return [ImportRef(module, _destructured_names(node, source), line_of(node))]
        origin = node.child_by_field_name("source")
        names: list[str] = []
        for child in node.named_children:
            if child.type == "import_require_clause":
                origin = child.child_by_field_name("source")
            elif child.type == "import_clause":
                names.extend(_clause_names(child, source))
            elif child.type == "export_clause":
                specifiers = [
                    spec for spec in child.named_children if spec.type == "export_specifier"
                ]
                names.extend(source.text(spec.child_by_field_name("name")) for spec in specifiers)
        module = string_value(source, origin)
        return [ImportRef(module, tuple(names), line_of(node))] if module is not None else []


class TypeScriptRules(JavaScriptRules):
    """TypeScript: as JavaScript, plus interfaces, enums and abstract members."""

    language = "typescript"


class TsxRules(JavaScriptRules):
    """TSX: TypeScript with JSX."""

    language = "tsx"


def _some(node: Node | None) -> tuple[Node, ...]:
    return (node,) if node is not None else ()


def _assigned_function(node: Node, source: Source) -> Definition | None:
    """``const f = () => ...`` / ``let g = function () {...}``: a function named by its variable."""
    name_node = node.child_by_field_name("name")
    value = node.child_by_field_name("value")
    if (
        name_node is None
        or name_node.type != "identifier"
        or value is None
        or value.type not in _FUNCTION_VALUES
    ):
        return None
    declaration = node.parent
    alone = (
        declaration is not None
        and sum(c.type == "variable_declarator" for c in declaration.children) == 1
    )
    span = declaration if alone and declaration is not None else node
    body = value.child_by_field_name("body")
    return Definition(source.text(name_node), SymbolKind.FUNCTION, span, name_node, _some(body))


def _member(node: Node, source: Source) -> Definition | None:
    """A class or interface member: a method, or a field holding a function."""
    name_node = node.child_by_field_name("name") or node.child_by_field_name("property")
    body = node.child_by_field_name("body")
    if node.type in ("field_definition", "public_field_definition"):
        value = node.child_by_field_name("value")
        if value is None or value.type not in _FUNCTION_VALUES:
            return None
        body = value.child_by_field_name("body")
    return Definition(source.text(name_node), SymbolKind.FUNCTION, node, name_node, _some(body))


def _clause_names(clause: Node, source: Source) -> list[str]:
    names: list[str] = []
    for child in clause.named_children:
        if child.type == "identifier":
            names.append("default")
        elif child.type == "named_imports":
            specifiers = [spec for spec in child.named_children if spec.type == "import_specifier"]
            names.extend(source.text(spec.child_by_field_name("name")) for spec in specifiers)
    return names  # a namespace import (`* as ns`) takes the whole module: no names


def _imported_module(node: Node, source: Source) -> str | None:
    """The module of ``require("x")`` or ``import("x")``, else None."""
    function = node.child_by_field_name("function")
    arguments = node.child_by_field_name("arguments")
    if function is None or arguments is None or arguments.named_child_count != 1:
        return None
    if function.type == "import" or (
        function.type == "identifier" and source.text(function) == "require"
    ):
        return string_value(source, arguments.named_children[0])
    return None


def _destructured_names(call: Node, source: Source) -> tuple[str, ...]:
    """The keys taken by ``const { a, b: c } = require("x")``;
    empty when the whole module is bound."""
    declarator = call.parent
    if declarator is None or declarator.type != "variable_declarator":
        return ()
    pattern = declarator.child_by_field_name("name")
    if pattern is None or pattern.type != "object_pattern":
        return ()
    names: list[str] = []
    for item in pattern.named_children:
        if item.type == "shorthand_property_identifier_pattern":
            names.append(source.text(item))
        elif item.type in ("pair_pattern", "object_assignment_pattern"):
            key = item.child_by_field_name("key") or item.child_by_field_name("left")
            names.append(source.text(key))
    return tuple(names)
