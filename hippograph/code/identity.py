"""Stable identity of code (docs/graph-model.md) and the measure used to recognise a renamed or
moved body.

    node_id     = sha256(project:qualified_name[#n] + kind + signature_hash)
                  (#n from the second of a kind)
    fingerprint = sha256(project + file_path + name + kind + signature + language)

A symbol that disappears and reappears elsewhere is the same symbol renamed or moved when
(1) its body_hash is equal (the parser leaves the symbol's own name out of it), or
(2) the estimated Jaccard similarity of the two bodies' 3-token shingles is at least
``RENAME_SIMILARITY`` (MinHash with ``SKETCH_SIZE`` hashes) and the kind is equal and the
name or the file is equal.
"""

from __future__ import annotations

import hashlib
import re

SKETCH_SIZE = 32
RENAME_SIMILARITY = 0.8
_TOKEN = re.compile(r"\w+|[^\w\s]")


def symbol_id(
    project: str, qualified_name: str, kind: str, signature_hash: str, ordinal: int = 1
) -> str:
    """The node id of a symbol. The qualified name is qualified by its project too: two repositories
    may both have ``main.main``, and they are two symbols. The n-th symbol with the same name, kind
    and signature in one file (a property's getter and setter,
    overloads) gets ``#n`` after its name."""
    name = qualified_name if ordinal == 1 else f"{qualified_name}#{ordinal}"
    return hashlib.sha256(f"{project}:{name}{kind}{signature_hash}".encode()).hexdigest()


def fingerprint(
    project: str, file_path: str, name: str, kind: str, signature: str, language: str
) -> str:
    """The fingerprint of a symbol at one place."""
    return hashlib.sha256(
        f"{project}{file_path}{name}{kind}{signature}{language}".encode()
    ).hexdigest()


def file_id(project: str, path: str) -> str:
    """The node id of a source file in a project."""
    return "file_" + hashlib.sha256(f"{project}\x1f{path}".encode()).hexdigest()[:24]


_PRIME = (1 << 61) - 1
_COEFFS = [
    (
        int.from_bytes(hashlib.blake2b(f"a{i}".encode(), digest_size=8).digest(), "little") % _PRIME
        or 1,
        int.from_bytes(hashlib.blake2b(f"b{i}".encode(), digest_size=8).digest(), "little")
        % _PRIME,
    )
    for i in range(SKETCH_SIZE)
]


def sketch(body: str, name: str) -> list[int]:
    """MinHash of the body's 3-token shingles, with the symbol's own name left out: one hash per
    shingle, then ``SKETCH_SIZE`` universal hash functions (a*h + b mod 2^61-1) over it."""
    tokens = [t for t in _TOKEN.findall(body) if t != name]
    shingles = {" ".join(tokens[i : i + 3]) for i in range(max(1, len(tokens) - 2))}
    hashes = [
        int.from_bytes(hashlib.blake2b(s.encode(), digest_size=8).digest(), "little")
        for s in shingles
    ]
    return [min((a * h + b) % _PRIME for h in hashes) for a, b in _COEFFS]


def similarity(a: list[int], b: list[int]) -> float:
    """Estimated Jaccard similarity of two sketches."""
    if not a or not b or len(a) != len(b):
        return 0.0
    return sum(1 for x, y in zip(a, b, strict=True) if x == y) / len(a)
