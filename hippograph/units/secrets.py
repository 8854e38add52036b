"""Secrets never enter memory: every text is scanned, and what looks like a secret is replaced.

The scanner is Yelp's detect-secrets (its plugins for cloud keys, tokens, private keys, JWTs,
credentials in URLs and keyword assignments, each with its own filters; the entropy plugins
only judge quoted strings, so hashes, UUIDs and commit ids in prose are kept). Prose says
secrets in ways code does not ("the db password is hunter2"), so one more rule catches a
password, token, secret or key *stated* in words. A private key block is removed whole.

``redact`` is called by the write path on every text it stores (``store.create_nodes`` and
``store.update_node`` scan every string property, and the literals in code a parser read: a
symbol's defaults and strings; the pipeline scans a unit's text before it is embedded), so no
entry point can store, embed or log a secret, and a node that was redacted says so in
``redacted``. detect-secrets is imported on first use (about 0.3 s).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from hippograph.schema.base import VECTOR_PROPERTIES as VECTORS

if TYPE_CHECKING:
    from hippograph.units.embedder import Embedder

# "the db password is hunter2", "token: abc", "aws_secret_access_key=...": a secret stated in
# words or assigned to a name that says what it is.
_STATED = re.compile(
    r"(?i)(?<![A-Za-z0-9])(?P<key>[A-Za-z0-9_.-]*?(?:pass(?:word|wd|phrase)?|pwd|secret|token|"
    r"api[ _-]?key|access[ _-]?key|private[ _-]?key|credentials?))(?![A-Za-z0-9])"
    r"(\s+(?:is|was|=|:)\s+|\s*[=:]\s*)"
    r"(?P<value>[\"']?[^\s\"',;]{4,}[\"']?)"
)
_PRIVATE_KEY = re.compile(
    r"-----BEGIN [A-Z ]*PRIVATE KEY(?: BLOCK)?-----.*?(?:-----END [A-Z "
    r"]*PRIVATE KEY(?: BLOCK)?-----|\Z)",
    re.DOTALL,
)
_TOKEN_CHARS = re.compile(r"[A-Za-z0-9_\-.=+/]")
_KEYS = (
    "password",
    "passwd",
    "passphrase",
    "pwd",
    "api key",
    "access key",
    "private key",
    "token",
    "secret",
    "credential",
)
# Properties that hold ids, keys and enum values, never free text.
_NOT_TEXT = frozenset(
    {"id", "kind", "scope", "branch", "lifecycle", "truth_status", "dedup_key", "memory_type"}
    | {"source_kind", "status", "op", "target_kind", "language", "signature_hash"}
    # digests of code: hex, high in entropy, a secret to a scanner and never one in fact; a
    # "redacted" hash would also break the identity of the code it names
    | {"body_hash", "content_hash", "fingerprint", "body_sketch", "sketch_version"}
    # names of code as the parser read them: identifiers and repository paths, not free text (a
    # symbol's signature, name and calls are scanned where they hold a literal: ``code``)
    | {"qualified_name", "parent", "file_path"}
)
MIN_CHARS = 8  # a shorter value holds no secret worth the scan ("hunter2" alone is not stored)
# a literal in code as the parser read it (a default value, a string): the only place it can hold
# a secret; the rest is identifiers and punctuation, as in a qualified name
_LITERAL = re.compile(r"[=\"'`]")


@dataclass(frozen=True)
class Found:
    """One secret in a text: its kind (``aws-access-key``) and where it stands."""

    kind: str
    start: int
    end: int


@dataclass(frozen=True)
class Redacted:
    """A text with every secret replaced by ``[redacted: kind]``, and the kinds it held."""

    text: str
    kinds: tuple[str, ...]


def _kind(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


@lru_cache(maxsize=1)
def _plugins() -> tuple[Any, ...]:
    from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class
    from detect_secrets.settings import cache_bust, configure_settings_from_baseline, get_plugins

    # detect-secrets keeps its configuration in a global; hippograph is its only user in this
    # process, so every plugin and the default filters are configured once and kept.
    cache_bust()
    classes: list[type] = list(get_mapping_from_secret_type_to_class().values())
    names = [{"name": c.__name__} for c in classes]
    configure_settings_from_baseline({"plugins_used": names})
    return tuple(get_plugins())


def _filtered(plugin: Any, value: str, line: str) -> bool:
    from detect_secrets.core.scan import _is_filtered_out

    return bool(
        _is_filtered_out(
            required_filter_parameters=["line"],
            filename="memory.txt",
            secret=value,
            plugin=plugin,
            line=line,
        )
    )


def _widen(text: str, start: int, end: int) -> tuple[int, int]:
    """A match that is only a token's prefix (``ghp``) or lacks its tail (a JWT's signature)
    covers the whole token it stands in."""
    while start > 0 and _TOKEN_CHARS.match(text[start - 1]):
        start -= 1
    while end < len(text) and _TOKEN_CHARS.match(text[end]):
        end += 1
    return start, end


def _detect_secrets(text: str) -> Iterator[Found]:
    offset = 0
    for line in text.splitlines(keepends=True):
        for plugin in _plugins():
            for secret in plugin.analyze_line(filename="memory.txt", line=line, line_number=1):
                value = secret.secret_value
                if not value or _filtered(plugin, value, line):
                    continue
                at = line.find(value)
                while at >= 0:
                    start, end = at, at + len(value)
                    if len(value) < 12 or secret.type in ("JSON Web Token", "GitHub Token"):
                        start, end = _widen(line, start, end)
                    yield Found(_kind(secret.type), offset + start, offset + end)
                    at = line.find(value, at + 1)
        offset += len(line)


def find(text: str) -> list[Found]:
    """Every secret in ``text``, in order, overlaps merged into the first found."""
    if not text or len(text) < 4:
        return []
    found = [Found("private-key", m.start(), m.end()) for m in _PRIVATE_KEY.finditer(text)]
    for m in _STATED.finditer(text):
        value = m.group("value").strip("\"'")
        # "the API key is stored in Vault": a plain lowercase word is prose, not a secret
        if (value.isalpha() and value.islower()) or value.startswith("[redacted"):
            continue
        key = m.group("key").lower()
        kind = next((k for k in _KEYS if k in key.replace("_", " ").replace("-", " ")), "secret")
        found.append(Found(_kind(kind), m.start("value"), m.end("value")))
    found += _detect_secrets(text)
    merged: list[Found] = []
    for one in sorted(found, key=lambda f: (f.start, -f.end)):
        if merged and one.start < merged[-1].end:
            last = merged[-1]
            merged[-1] = Found(last.kind, last.start, max(last.end, one.end))
        else:
            merged.append(one)
    return merged


@lru_cache(maxsize=8192)  # the same session, path and title recur on every turn of an import
def redact(text: str) -> Redacted:
    """``text`` with each secret replaced by ``[redacted: kind]``."""
    found = find(text)
    if not found:
        return Redacted(text, ())
    parts, last = [], 0
    for one in found:
        parts += [text[last : one.start], f"[redacted: {one.kind}]"]
        last = one.end
    parts.append(text[last:])
    return Redacted("".join(parts), tuple(dict.fromkeys(f.kind for f in found)))


def _clean(value: Any, kinds: list[str]) -> Any:
    if isinstance(value, str):
        if len(value) < MIN_CHARS:
            return value
        out = redact(value)
        kinds.extend(out.kinds)
        return out.text
    if isinstance(value, list):
        return [_clean(v, kinds) for v in value]
    return value


def _clean_code(value: Any, kinds: list[str]) -> Any:
    if isinstance(value, str):
        return _clean(value, kinds) if _LITERAL.search(value) else value
    if isinstance(value, list):
        return [_clean_code(v, kinds) for v in value]
    return value


def redact_properties(
    props: dict[str, Any], code: frozenset[str] = frozenset()
) -> tuple[dict[str, Any], tuple[str, ...]]:
    """A node's property map with every free-text value redacted, and the kinds found. ``code``
    names properties that hold code as a parser read it (a symbol's name, signature, calls):
    scanned only where they hold a literal, a default value or a string; an identifier, like a
    qualified name, is not a secret, and a parameter named ``password`` is not one either."""
    kinds: list[str] = []
    cleaned = {
        k: v
        if k in _NOT_TEXT or k.endswith("_id") or k in VECTORS
        else _clean_code(v, kinds)
        if k in code
        else _clean(v, kinds)
        for k, v in props.items()
    }
    return cleaned, tuple(dict.fromkeys(kinds))


class RedactingEmbedder:
    """An embedder that embeds each text as redacted: what memory stores is what it embeds."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """One vector per text, of the text with its secrets replaced."""
        return self.inner.embed([redact(t).text for t in texts])

    def embed_with_sentences(self, texts: Sequence[str]) -> list[tuple[list[float], list[float]]]:
        """Each text's vector and sentence vectors, of the text with its secrets replaced."""
        from hippograph.units.embedder import vector_fields

        fields = vector_fields(self.inner, [redact(t).text for t in texts])
        return [(f["embedding"], f["sentence_embeddings"]) for f in fields]
