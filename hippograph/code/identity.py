"""Stable identity of code (docs/graph-model.md) and the measure used to recognise a renamed or
moved body.

    node_id     = sha256(project:qualified_name[#n] + kind + signature_hash)
                  (#n from the second of a kind)
    fingerprint = sha256(project + file_path + name + kind + signature + language)

A symbol that disappears and reappears elsewhere is the same symbol renamed or moved when
(1) its body_hash is equal (the parser leaves the symbol's own name out of it), or
(2) the estimated Jaccard similarity of the two bodies' 3-token shingles is at least
``RENAME_SIMILARITY`` (a bottom-k MinHash: the ``SKETCH_SIZE`` smallest shingle hashes) and the
kind is equal and the name or the file is equal. hippograph/code/moves.py holds the order.
"""

from __future__ import annotations

import hashlib
import heapq
import re
import zlib
from bisect import bisect_right
from collections.abc import Sequence

SKETCH_SIZE = 32
# Bumped when ``sketch`` changes: sketches of another version are not compared, and files
# indexed with one are re-read once (hippograph/code/indexer.py).
SKETCH_VERSION = 2
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


_MASK = (1 << 64) - 1
_STORED = (1 << 63) - 1


_A, _B, _C, _D = 0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9, 0xBF58476D1CE4E5B9


def _mix(a: int, b: int, c: int) -> int:
    """A 64-bit hash of three token hashes, in order (multiply, xor, then an xor-shift
    finalizer so that low values are spread over every shingle alike)."""
    x = ((a * _A) ^ (b * _B) ^ (c * _C)) & _MASK
    x ^= x >> 29
    return (x * _D) & _STORED  # Neo4j integers are signed 64-bit


def sketch(body: str, name: str) -> list[int]:
    """Bottom-k MinHash of the body's 3-token shingles with the symbol's own name left out: the
    ``SKETCH_SIZE`` smallest shingle hashes, ascending (all of them for a short body)."""
    tokens = [zlib.crc32(t.encode()) for t in _TOKEN.findall(body) if t != name]
    tokens += [0] * max(0, 3 - len(tokens))
    shingles = {_mix(a, b, c) for a, b, c in zip(tokens, tokens[1:], tokens[2:], strict=False)}
    return heapq.nsmallest(SKETCH_SIZE, shingles)


def sketches(lines: Sequence[str], spans: Sequence[tuple[int, int, str]]) -> list[list[int]]:
    """``sketch`` of many bodies of one file at once: ``lines`` are the file's lines, each span
    (first line, last line, 1-based, and the symbol's name) one body. Equal to calling ``sketch``
    on each body, for about half the work: the file is tokenized and its shingles hashed once
    (a class's body holds its methods'), and each body's shingles are sliced out of the file's,
    with the few around its own name (left out) hashed again."""
    tokens: list[str] = []
    starts = [0]  # where each line's tokens begin
    for line in lines:
        tokens += _TOKEN.findall(line)
        starts.append(len(tokens))
    crc = {t: zlib.crc32(t.encode()) for t in set(tokens)}
    hashes = [crc[t] for t in tokens]
    # _mix inlined: a function call per shingle would cost as much as the arithmetic
    shingles = [
        (((x := ((a * _A) ^ (b * _B) ^ (c * _C)) & _MASK) ^ (x >> 29)) * _D) & _STORED
        for a, b, c in zip(hashes, hashes[1:], hashes[2:], strict=False)
    ]
    out = []
    for first, last, name in spans:
        lo = starts[min(max(first - 1, 0), len(lines))]
        hi = starts[min(max(last, first - 1, 0), len(lines))]
        out.append(_span_sketch(tokens, hashes, shingles, lo, hi, name))
    return out


def _span_sketch(
    tokens: list[str], hashes: list[int], shingles: list[int], lo: int, hi: int, name: str
) -> list[int]:
    """The sketch of the tokens at ``lo:hi`` less those equal to ``name``."""
    gone = []  # positions of the name, left out of the body
    at = lo
    while True:
        try:
            at = tokens.index(name, at, hi)
        except ValueError:
            break
        gone.append(at)
        at += 1
    runs = []  # what is kept: [start, end) of each run of tokens between two of the name's
    start = lo
    for at in [*gone, hi]:
        if at > start:
            runs.append((start, at))
        start = at + 1
    kept = sum(end - begin for begin, end in runs)
    if kept < 3:  # a short body: padded with zero hashes, as ``sketch`` does
        seq = [hashes[p] for begin, end in runs for p in range(begin, end)]
        seq += [0] * (3 - len(seq))
        found = {_mix(a, b, c) for a, b, c in zip(seq, seq[1:], seq[2:], strict=False)}
        return heapq.nsmallest(SKETCH_SIZE, found)
    found = set()
    for begin, end in runs:  # shingles inside one run are the file's own
        if end - begin >= 3:
            found.update(shingles[begin : end - 2])
    if len(runs) > 1:  # shingles across a left-out name: hashed here
        firsts, offset = [], 0  # where each run begins in the kept sequence
        for begin, end in runs:
            firsts.append(offset)
            offset += end - begin

        def position(i: int) -> int:
            r = bisect_right(firsts, i) - 1
            return runs[r][0] + i - firsts[r]

        for i in {j for f in firsts[1:] for j in (f - 2, f - 1) if 0 <= j <= kept - 3}:
            a, b, c = (hashes[position(i + k)] for k in range(3))
            found.add(_mix(a, b, c))
    return heapq.nsmallest(SKETCH_SIZE, found)


def similarity(a: list[int], b: list[int]) -> float:
    """Estimated Jaccard similarity of two bodies from their sketches: of the ``SKETCH_SIZE``
    smallest hashes of both, the share found in both (exact when both bodies are short)."""
    if not a or not b:
        return 0.0
    in_a, in_b = set(a), set(b)
    union = heapq.nsmallest(SKETCH_SIZE, in_a | in_b)
    return sum(1 for x in union if x in in_a and x in in_b) / len(union)
