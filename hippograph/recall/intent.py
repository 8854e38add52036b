"""What a query asks for: its intent (which voices to trust) and whether it has a topic at all.

Silence is a feature (docs/recall.md): "ok go on" has no topic and must retrieve nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from hippograph.recall.relevance import stem as _stem
from hippograph.schema.text import STOPWORDS

_WORD = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.\-/:]*[A-Za-z0-9_]|[A-Za-z0-9_]")
_IDENT = re.compile(
    r"(?:[a-z0-9]+_[a-z0-9_]+|[a-z]+[A-Z][A-Za-z0-9]+|[A-Za-z_][\w]*\.[\w.]+|[\w.-]+/[\w./-]+|--?[a-z][\w-]+|\w+\(\))"
)


# Words that carry no topic in a prompt to a coding agent ("ok go on", "thanks, continue").
CHATTER = frozenset(
    """
ok okay k kk yes yeah yep yup no nope sure fine great good nice cool awesome perfect thanks thank
thx ty cheers hi hello hey bye continue go on proceed next carry keep going again right alright lgtm
sounds done do it that this same wait hmm hm uh um oh ah lol haha please pls plz just now then well
so alright gotcha understood agreed correct exactly indeed true false maybe later sorry wow neat
super brilliant excellent amazing looks works work ahead next one lot much makes sense fair enough
np nw take your time same other sounds looks seems fine good job
well done please thanks thank appreciated cheers got noted sure thing way let lets let's go going
start stop again try back hold wait moment sec second minute
""".split()
)
# Words that are chatter alone ("ok, commit and push", "retry") but a topic beside another
# word ("api timeout retries", "how do we undo a migration").
CHATTER_ALONE = frozenset("ship commit push merge file files retry retries redo undo".split())


class Intent(StrEnum):
    """How a query should be answered."""

    IDENTIFIER = "identifier"
    QUESTION = "question"
    WHEN = "when"
    WHY = "why"


@dataclass(frozen=True)
class QueryShape:
    """The parsed query: its content words, identifiers and intent."""

    text: str
    content_terms: tuple[str, ...]
    identifiers: tuple[str, ...]
    intent: Intent

    @property
    def is_silent(self) -> bool:
        """True when the query has no topic: recall returns nothing and records no task."""
        return not self.content_terms and not self.identifiers


@lru_cache(maxsize=1)
def _chatter_stems() -> frozenset[str]:
    return frozenset(_stem(w) for w in CHATTER)


@lru_cache(maxsize=1)
def _alone_stems() -> frozenset[str]:
    return frozenset(_stem(w) for w in CHATTER_ALONE)


def shape(query: str) -> QueryShape:
    """Tokenise and classify a query (chit-chat is recognised by stem: worked, working, works)."""
    words = _WORD.findall(query)
    identifiers = tuple(dict.fromkeys(w for w in words if _IDENT.fullmatch(w)))
    content = tuple(
        dict.fromkeys(
            w.lower()
            for w in words
            if w.lower() not in STOPWORDS
            and w.lower() not in CHATTER
            and _stem(w) not in _chatter_stems()
            and (len(w) >= 3 or w.isdigit() or (len(w) == 2 and w.isupper()))  # CI, DB, PR, UI
        )
    )
    if all(_stem(w) in _alone_stems() for w in content):
        content = ()  # "commit and push": nothing but chatter
    lowered = query.lower().strip()
    if re.match(r"^(why|what made us|what was the reason)\b", lowered) or re.search(
        r"\b(rationale|reason for|why did)\b", lowered
    ):
        intent = Intent.WHY
    elif re.match(r"^(when|since when|how long ago|what date)\b", lowered) or re.search(
        r"\b(when did|what day|which date)\b", lowered
    ):
        intent = Intent.WHEN
    elif identifiers and len(words) <= 3:
        intent = Intent.IDENTIFIER
    else:
        intent = Intent.QUESTION
    return QueryShape(query, content, identifiers, intent)


# Voice weights per intent (lexical, semantic, graph, temporal): identifiers trust exact words,
# natural questions trust meaning, "why" walks the graph to decisions, "when" looks at time.
VOICE_WEIGHTS: dict[Intent, dict[str, float]] = {
    Intent.IDENTIFIER: {"lexical": 1.0, "semantic": 0.4, "graph": 0.5, "temporal": 0.05},
    Intent.QUESTION: {"lexical": 0.8, "semantic": 1.0, "graph": 0.5, "temporal": 0.05},
    Intent.WHEN: {"lexical": 0.8, "semantic": 0.9, "graph": 0.4, "temporal": 0.5},
    Intent.WHY: {"lexical": 0.8, "semantic": 0.9, "graph": 0.9, "temporal": 0.05},
}
