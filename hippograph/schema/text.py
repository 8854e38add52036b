"""Words that carry no topic, the stem of a word and the slips of a hurried hand, shared by recall
(query terms) and the write path (entity context, near copies)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

# English function words and the filler of requests ("please tell me ..."): never a topic.
STOPWORDS = frozenset(
    """
a about above after again against all am an and any are as at be because been before being below
between both but by can could did do does doing down during each few for from further had has have
having he her here hers herself him himself his how i if in into is it its itself just let me more
most my myself no nor not now of off on once only or other our ours ourselves out over own same she
should so some such than that the their theirs them themselves then there these they this those
through to too under until up very was we were what when where which while who whom why will with
would you your yours yourself yourselves also get got make made use used using want wanted need
needs tell know think please thing things stuff really
""".split()
)


@lru_cache(maxsize=1)
def _stemmer() -> Any:
    import snowballstemmer  # on first use: most importers of the stop words never stem

    return snowballstemmer.stemmer("english")


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """The English (Snowball) stem, close to what the full-text index's analyzer does."""
    return str(_stemmer().stemWord(word.lower()))


def slips(words: Iterable[str], shortest: int = 5) -> frozenset[str]:
    """The slips of a hurried hand on words of ``shortest`` letters or more: two letters swapped
    ("ahaed"), one left out ("ahed") or one doubled ("aheead"); only slips that long themselves.
    Not one replaced, which turns "later" into "layer"."""
    out: set[str] = set()
    for w in (w for w in words if len(w) >= shortest):
        for i in range(len(w)):
            out.add(w[:i] + w[i + 1 :])  # left out
            out.add(w[:i] + w[i] + w[i:])  # doubled
            if i + 1 < len(w):
                out.add(w[:i] + w[i + 1] + w[i] + w[i + 2 :])  # swapped
    return frozenset(w for w in out if len(w) >= shortest)
