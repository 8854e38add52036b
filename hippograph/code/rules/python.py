"""Python: dotted module names from the path, classes, functions, methods and nested functions."""

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


def python_module(rel_path: str) -> str:
    """The dotted module of a repo-relative path: ``src/app/auth/__init__.py`` -> ``app.auth``."""
    parts = list(PurePosixPath(rel_path).with_suffix("").parts)
    if parts and parts[-1] == "__init__":
        parts.pop()
    if parts and parts[0] == "src":
        parts.pop(0)
    return ".".join(parts)


class PythonRules(LanguageRules):
    """Python: dotted module path from the file path; classes, functions and methods."""

    language = "python"
    definition_types = frozenset({"function_definition", "class_definition"})
    call_types = frozenset({"call"})
    import_types = frozenset(
        {"import_statement", "import_from_statement", "future_import_statement"}
    )
    decorator_types = frozenset({"decorator"})
    signature_trailers = ":"

    def module_scope(self, root: Node, rel_path: str, source: Source) -> Scope:
        return Scope(python_module(rel_path))

    def definition(self, node: Node, source: Source) -> Definition | None:
        name_node = node.child_by_field_name("name")
        body = node.child_by_field_name("body")
        parent = node.parent
        span = parent if parent is not None and parent.type == "decorated_definition" else node
        is_class = node.type == "class_definition"
        return Definition(
            name=source.text(name_node),
            kind=SymbolKind.CLASS if is_class else SymbolKind.FUNCTION,
            span=span,
            name_node=name_node,
            body=(body,) if body is not None else (),
            is_type=is_class,
        )

    def call(self, node: Node, source: Source) -> CallSite | None:
        function = node.child_by_field_name("function")
        if function is None:
            return None
        return CallSite(callee_name(function, {"attribute": "attribute"}), arguments_start(node))

    def imports(self, node: Node, source: Source) -> list[ImportRef]:
        names = [
            self._imported_name(child, source) for child in node.children_by_field_name("name")
        ]
        line = line_of(node)
        if node.type == "import_statement":
            return [ImportRef(module=name, names=(), line=line) for name in names]
        if node.type == "future_import_statement":
            return [ImportRef(module="__future__", names=tuple(names), line=line)]
        module = "".join(source.text(node.child_by_field_name("module_name")).split())
        if any(child.type == "wildcard_import" for child in node.children):
            names.append("*")
        return [ImportRef(module=module, names=tuple(names), line=line)]

    @staticmethod
    def _imported_name(node: Node, source: Source) -> str:
        if node.type == "aliased_import":
            return source.text(node.child_by_field_name("name"))
        return source.text(node)
