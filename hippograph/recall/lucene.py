"""Builds a Lucene query for the full-text index from free text, safely and without silent loss."""

from __future__ import annotations

import re

from hippograph.graph.fulltext import escape
from hippograph.recall import same_things, short_forms, verbs
from hippograph.recall.intent import QueryShape
from hippograph.schema.text import stem

MAX_TERMS = 40


def build(q: QueryShape) -> tuple[str, list[str]]:
    """An OR query over content terms and identifiers (identifiers also as phrases),
    and the terms left out.

    Long queries keep their first ``MAX_TERMS`` distinct terms; the rest are returned so the
    caller can report them instead of dropping them silently.
    """
    identifiers = set(q.identifiers)
    # One form of each word: "table OR tables" would count the same stem twice in BM25.
    seen: set[str] = set()
    terms = []
    for term in dict.fromkeys([*q.identifiers, *q.content_terms]):
        key = term if term in identifiers else stem(term)
        if key not in seen:
            seen.add(key)
            terms.append(term)
    kept, dropped = terms[:MAX_TERMS], terms[MAX_TERMS:]
    parts: list[str] = []
    for term in kept:
        pieces = [p for p in re.split(r"[^A-Za-z0-9]+", term) if p]
        if term in identifiers:
            parts.append(escape(term) + "^4")  # the exact identifier beats its pieces in prose
        if len(pieces) > 1:
            parts.append('"' + " ".join(escape(p) for p in pieces) + '"^2')
            parts.extend(escape(p) for p in pieces if len(p) >= 3)
        if term not in identifiers:
            parts.append(escape(term))
            # "won" answers "did they win?": a stemmer never joins them (verbs.py), nor
            # "prod" and "production" (short_forms.py)
            parts.extend(escape(f) for f in verbs.other_forms(term))
            parts.extend(escape(f) for f in short_forms.other_forms(term))
    # "stack traces" asks for "exception" and "error" too (same_things.py)
    parts.extend(escape(w) for w in same_things.alternatives(q.text))
    return " OR ".join(dict.fromkeys(parts)), dropped
