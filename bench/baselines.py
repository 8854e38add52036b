"""Plain retrievers over the same turns, for the recall-quality bench to stand beside.

Neither touches hippograph's ranking: ``BM25`` is Okapi BM25 (k1 1.2, b 0.75, the Lucene
defaults) over each turn's "speaker: text", tokenised the way Lucene's English analyzer does
(lower case, possessive "'s" dropped, its stop words, a Snowball stem); ``cosine_ranking``
sorts the turns by the cosine of their embedding (the same model and text hippograph embeds)
to the question's. Both rank every turn of the conversation and return turn indices.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

import snowballstemmer

# Lucene's English analyzer stop set (EnglishAnalyzer.ENGLISH_STOP_WORDS_SET).
LUCENE_STOP = frozenset(
    "a an and are as at be but by for if in into is it no not of on or such that the their "
    "then there these they this to was will with".split()
)
K1 = 1.2
B = 0.75
_STEMMER = snowballstemmer.stemmer("english")


def tokens(text: str) -> list[str]:
    """Lucene-English-like terms of a text."""
    text = re.sub(r"'s\b", "", text.lower())
    return [_STEMMER.stemWord(w) for w in re.findall(r"[a-z0-9]+", text) if w not in LUCENE_STOP]


class BM25:
    """Okapi BM25 over a fixed list of documents."""

    def __init__(self, docs: Sequence[str]) -> None:
        self.docs = [Counter(tokens(d)) for d in docs]
        self.lengths = [sum(d.values()) for d in self.docs]
        self.avg = sum(self.lengths) / len(self.lengths) if self.lengths else 0.0
        df = Counter(w for d in self.docs for w in d)
        n = len(self.docs)
        self.idf = {w: math.log(1 + (n - f + 0.5) / (f + 0.5)) for w, f in df.items()}

    def scores(self, query: str) -> list[float]:
        """The BM25 score of every document for ``query``."""
        out = [0.0] * len(self.docs)
        for w in set(tokens(query)):
            idf = self.idf.get(w)
            if idf is None:
                continue
            for i, d in enumerate(self.docs):
                tf = d.get(w)
                if tf:
                    norm = K1 * (1 - B + B * self.lengths[i] / self.avg)
                    out[i] += idf * tf * (K1 + 1) / (tf + norm)
        return out

    def ranking(self, query: str) -> list[int]:
        """Document indices, best first (ties in document order)."""
        s = self.scores(query)
        return sorted(range(len(s)), key=lambda i: -s[i])


def cosine_ranking(doc_vectors: Sequence[Sequence[float]], query: Sequence[float]) -> list[int]:
    """Document indices by cosine to the query, best first (vectors are unit length)."""
    sims = [sum(a * b for a, b in zip(v, query, strict=True)) for v in doc_vectors]
    return sorted(range(len(sims)), key=lambda i: -sims[i])
