"""One ``LanguageRules`` per supported language: node-type tables and qualified-name conventions."""

from __future__ import annotations

from hippograph.code.rules.base import LanguageRules
from hippograph.code.rules.go import GoRules
from hippograph.code.rules.java import JavaRules
from hippograph.code.rules.javascript import JavaScriptRules, TsxRules, TypeScriptRules
from hippograph.code.rules.php import PhpRules
from hippograph.code.rules.python import PythonRules
from hippograph.code.rules.rust import RustRules
from hippograph.errors import IngestError

_RULES: dict[str, LanguageRules] = {
    "python": PythonRules(),
    "go": GoRules(),
    "javascript": JavaScriptRules(),
    "typescript": TypeScriptRules(),
    "tsx": TsxRules(),
    "rust": RustRules(),
    "java": JavaRules(),
    "php": PhpRules(),
}


def rules_for(language: str, path: str | None = None) -> LanguageRules:
    """The rules of ``language``.

    Raises:
        IngestError: the language is not supported.
    """
    rules = _RULES.get(language)
    if rules is None:
        supported = ", ".join(sorted(_RULES))
        raise IngestError(f"cannot parse language {language!r}; use one of: {supported}", path=path)
    return rules
