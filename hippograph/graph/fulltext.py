"""Escaping for Lucene, the query language of Neo4j's full-text indexes.

A full-text query is a value like any other (a ``$parameter``), but Lucene reads operators in
it; every term that comes from a person or an agent is escaped here before it is searched.
"""

from __future__ import annotations

import re

_SPECIAL = re.compile(r'([+\-&|!(){}\[\]^"~*?:\\/])')


def escape(term: str) -> str:
    """Escape every Lucene special character (``+ - && || ! ( ) { } [ ] ^ " ~ * ? : \\ /``)."""
    return _SPECIAL.sub(r"\\\1", term)
