"""Where a unit's sentences are, for its sentence vectors (docs/recall.md, "Evidence").

A unit is embedded whole, and a unit of ``MIN_SENTENCES`` or more sentences also keeps one
vector per sentence, pooled from the same pass of the model over the whole text (the encoder's
token vectors averaged over each sentence's tokens: no second pass). A long turn that mentions
what is asked in one clause ("You'd be a great counselor! … By the way, take a look at this.
[shares image: a painting of a sunset]") is far from the question as a whole and close to it
in that sentence; recall mixes the two (``sentence_cosine``).

Pure: text in, character spans out.
"""

from __future__ import annotations

import re

from hippograph.schema.base import MAX_SENTENCE_VECTORS

MIN_SENTENCES = 3  # fewer: the whole text's vector says it (measured 2 and 4: BENCHMARKS.md)
MAX_SENTENCES = MAX_SENTENCE_VECTORS  # the rest of a longer text joins the last one
# a sentence ends at . ! or ? (and a closing quote or bracket) before a capital, a digit or a
# quote, or at a line break
_BREAK = re.compile(r"(?:(?<=[.!?])|(?<=[.!?][\"'”’)]))\s+(?=[A-Z0-9\"'“‘(])|\s*\n\s*")


def spans(text: str) -> list[tuple[int, int]]:
    """The [start, end) character spans of the sentences of ``text`` (blank ones left out), at
    most ``MAX_SENTENCES``: the last span runs to the end of the text."""
    out: list[tuple[int, int]] = []
    start = 0
    for m in _BREAK.finditer(text):
        if text[start : m.start()].strip():
            out.append((start, m.start()))
        start = m.end()
    if text[start:].strip():
        out.append((start, len(text)))
    if len(out) > MAX_SENTENCES:
        out = [*out[: MAX_SENTENCES - 1], (out[MAX_SENTENCES - 1][0], out[-1][1])]
    return out
