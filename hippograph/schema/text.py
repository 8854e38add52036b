"""Words that carry no topic, and the stem of a word, shared by recall (query terms) and the
write path (entity context, near copies)."""

from __future__ import annotations

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
