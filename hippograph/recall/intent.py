"""What a query asks for: its intent (which voices to trust) and whether it has a topic at all.

Silence is a feature (docs/recall.md): "ok go on" has no topic and must retrieve nothing.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from itertools import dropwhile

from hippograph.schema.text import STOPWORDS, slips
from hippograph.schema.text import stem as _stem

_WORD = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.\-/:]*[A-Za-z0-9_]|[A-Za-z0-9_]")
_IDENT = re.compile(
    r"(?:[a-z0-9]+_[a-z0-9_]+|[a-z]+[A-Z][A-Za-z0-9]+|[A-Za-z_][\w]*\.[\w.]+|[\w.-]+/[\w./-]+|--?[a-z][\w-]+|\w+\(\))"
)


# Interjections and chat abbreviations ("ugh mondays", "aight bet"): no topic, and an
# acknowledgement as "ok" is
INTERJECTIONS = frozenset(
    """
ugh meh argh oof yikes welp phew whew dang darn omg idk tbh ngl smh aight ayy yo sup cya ttyl gtg
rofl lmfao jk bruh hiya howdy heya wassup oops whoops tgif lfg
""".split()
)
# Words that carry no topic in a prompt to a coding agent ("ok go on", "thanks, continue"):
# acknowledgements, go-aheads, thanks, praise and fillers, in the forms people type them, and the
# adverbs that only stress them ("you're a legend, honestly", "seriously, thanks").
CHATTER = (
    frozenset(
        """
ok okay okey okie okies k kk yes yeah yea yah ya yep yup yas aye no nope nah sure fine great good
nice cool awesome perfect thanks thank thanx thnx thks thx ty tysm ta cheers hi hello hey bye gm gn
continue go on proceed next carry keep going again right alright alrighty righto rightio lgtm
sounds done do it that this same wait hmm hm mhm mm uh um oh ah huh lol lmao haha hehe heh please
pls plz just now then well so gotcha understood hah nvm nevermind brb afk agreed correct exactly
indeed true false maybe
later sorry wow neat super brilliant excellent amazing fantastic fab splendid terrific lovely
sweet dope noice yay woohoo woo hooray bravo kudos looks works work ahead one lot much makes sense
fair enough np nw take your time other seems job wilco dokey dokie onward onwards
well done appreciated got noted thing way let lets let's going understand understood anyway
anyways whatever worries dont didnt doesnt isnt wasnt cant wont im ive youre thats whats
start stop try back hold moment sec second minute something see
honestly seriously literally truly totally absolutely definitely genuinely
anytime pleasure hilarious
""".split()
    )
    | INTERJECTIONS
)
# Chatter only as written, not by stem: "moving on", "whenever you're ready", "kindly proceed",
# "lush, that's sorted", but "what moved?", "readiness?", "what kind of" and "sort the rows"
# name a topic.
CHATTER_EXACT = frozenset("move moving whenever ready kindly sorted lush".split())
# Words that are chatter alone ("ok, commit and push", "crack on", "copy that") but a topic
# beside another word ("api timeout retries", "copy the fixtures", "forward the port").
# Greetings by the time of day too ("morning 👋", "evening folks"), which name a time beside
# another word ("the morning build"); not "night", the stem of "nightly". Whom a greeting is
# for ("morning everyone") and the day of the week ("ugh, mondays") as well.
CHATTER_ALONE = frozenset(
    "ship commit push merge file files retry retries redo undo copy crack forward solid spot "
    "ace grand legend champion hero star rock rocks mate bro dude man buddy pal fam guys folks "
    "beans quick roger ack "
    "morning mornin evening afternoon check everyone everybody yall monday tuesday wednesday "
    "thursday friday saturday sunday".split()
)
# Where something happens to the speaker, not a topic: "checking something on my end", "all
# good on our side" ("the end of the month", "the client side" keep their words).
_WHOSE_SIDE = re.compile(r"\b(?:on|at|from)\s+(?:my|your|our|their|his|her)\s+(?:end|side)\b", re.I)
# The set phrases of social chat, which name a day or a meal but ask nothing of memory: wishes
# and greetings ("happy friday", "have a good weekend", "hope you all slept well"), leave-takings
# ("I'm off for the day", "see you tomorrow", "catch you monday") and thanks ("thanks a ton",
# "thanks for sorting that"). Only whole phrases: "the happy path", "the day rollup", "thanks for
# the logs, now the cron", "catch the exception" keep their words.
_OCCASIONS = (
    r"(?:day|night|morning|afternoon|evening|weekend|week|holidays?|break|trip|time|one|lunch|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day)"
)
_SOCIAL = re.compile(
    rf"\b(?:(?:good|happy|lovely)\s+{_OCCASIONS}s?"
    rf"|(?:have|had|enjoy)\s+(?:a|the|your)\s+(?:(?:good|great|nice|lovely|relaxing|restful|fun|"
    rf"safe)\s+)?{_OCCASIONS}"
    r"|hope\s+(?:you|y'?all|everyone|everybody)(?:\s+all)?\s+(?:slept|rested|are|were|had|have|"
    r"enjoyed)\s+(?:well|good|ok|okay|fine|great|a\s+\w+\s+\w+)"
    r"|(?:see|catch|talk\s+to|speak\s+to)\s+(?:you|ya|u|y'?all)(?:\s+(?:all|guys|folks|everyone))?"
    r"(?:\s+(?:tomorrow|later|soon|"
    rf"then|next\s+week|on\s+{_OCCASIONS}|{_OCCASIONS}))?"
    r"|(?:(?:i'?m|i\s+am|that'?s\s+me)\s+(?:off|out|done)|(?:(?:i'?m|i\s+am)\s+)?(?:heading\s+(?:out|off|home)|"
    r"logging\s+off|signing\s+off))(?:\s+for\s+(?:the\s+)?(?:day|night|today|tonight|week|weekend))?"
    r"|(?:off|done)\s+for\s+(?:the\s+)?(?:day|night|today|tonight|week|weekend)"
    r"|thanks?\s+(?:a\s+(?:ton|bunch|lot|million|heap|mil)|so\s+much|heaps|loads|again)"
    r"|thanks?\s+for\s+(?:\w+ing\s+)?(?:that|this|it|them|those|everything)\b(?!\s+\w)"
    # thanks for the help given, no more: "thanks for all your help today"
    r"|thanks?\s+(?:(?:you|u)\s+)?for\s+(?:all\s+)?(?:the|your)\s+(?:help|support|patience|"
    r"hard\s+work)(?:\s+(?:today|earlier|yesterday|this\s+week|again))?(?=\W*$)"
    r")\b",
    re.IGNORECASE,
)
# Two-letter names of technical things, as people type them in lower case. Beside other topical
# words a two-letter word is a term only in capitals ("CI", "DB"): in "whats the ttl on the vault
# tokens that ci gets issued" the tokens are asked about, and "ci" as a term let a fact about
# vault audit logs answer. Alone ("back up the db", "ci?", "merge the pr") it is the topic.
SHORT_NAMES = frozenset("db ci cd pr ui ux qa ml ai os vm ip io js ts".split())
_ASKS_WHICH_NAME = re.compile(
    rf"\b(?:what|which)(?:'s|\s+is)?\s+(?:the\s+|our\s+)?({'|'.join(sorted(SHORT_NAMES))})\b"
)
_REPEATS = re.compile(r"([a-z])\1{2,}")  # "okkk", "yesss", "goood": one letter or two


def _chatter(word: str) -> bool:
    """A word of no topic: chatter, a stopword, drawn out ("yesss"), mistyped ("thnaks",
    "contiune") or hyphenated chatter ("mm-hmm", "uh-huh", "okey-dokey")."""
    return any(_all_chatter(spelled) for spelled in _spellings(word))


def _spellings(word: str) -> tuple[str, ...]:
    """The word in lower case with letters drawn out three times or more cut to one and to two
    ("goood": "god", "good")."""
    lowered = word.lower()
    return (_REPEATS.sub(r"\1", lowered), _REPEATS.sub(r"\1\1", lowered))


def _all_chatter(lowered: str) -> bool:
    pieces = [p for p in re.split(r"[-_.]", lowered) if len(p) > 1 or "-" not in lowered]
    return bool(pieces) and all(
        p in CHATTER
        or p in CHATTER_EXACT
        or p in STOPWORDS
        or _stem(p) in _chatter_stems()
        or p in _typos()
        for p in pieces
    )


@lru_cache(maxsize=1)
def _typos() -> frozenset[str]:
    """The slips of a hurried hand on chatter words of five letters or more ("thnaks",
    "contiune"); "head", "star" are words of their own."""
    return slips(CHATTER)


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
    # a short reply with one word that may be slang or a topic ("nice one bruv", "ok, rollback"):
    # recall looks the word up and stays silent, rather than abstain, when memory has nothing
    reply: bool = False
    # a social remark ("have a good weekend folks", "cheers, that's sorted the paging bug"):
    # whatever it names, it asks nothing of memory
    social: bool = False

    @property
    def is_silent(self) -> bool:
        """True when the query has no topic, or is a social remark: recall returns nothing and
        records no task."""
        return self.social or (not self.content_terms and not self.identifiers)


@lru_cache(maxsize=1)
def _chatter_stems() -> frozenset[str]:
    return frozenset(_stem(w) for w in CHATTER)


@lru_cache(maxsize=1)
def _alone_stems() -> frozenset[str]:
    return frozenset(_stem(w) for w in CHATTER_ALONE)


REPLY_WORDS = 5  # a reply to the agent is this short
REMARK_WORDS = 8  # ... or this short when it opens with an acknowledgement and turns to nothing new
# go-aheads and acknowledgements of more than one word, each a word that names things too
# ("keep the cache warm", "the go module", "got a minute")
_GO_AHEAD = re.compile(
    r"\b(?:keep\s+(?:going|at\s+it|it\s+up)|carry\s+on|go\s+(?:on|ahead|for\s+it)|i\s+see|got\s+it|"
    r"crack\s+on|work\s+away|fire\s+away|on\s+you\s+go|off\s+you\s+go|have\s+at\s+it)\b",
    re.IGNORECASE,
)
# A question word asks at the start of the prompt or of a clause, acknowledgements before it aside
# ("what about retries", "ok which port", "and whats the ttl"), not inside one ("way cleaner than
# what i had", "no idea why").
_CLAUSE_STARTS = re.compile(r"[,;:.!?(–—]|\s-+\s|\b(?:and|but|or|so|then|now|also)\b", re.I)
_QUESTION_WORDS = frozenset(
    "what whats which how hows why where wheres when whens who whos whose".split()
)
# ... and that make a sentence a question without its "?" ("how does it decide now"); "when"
# also opens a clause ("when the build fails we page")
_ASKING_WORDS = _QUESTION_WORDS - {"when", "whens"}
# Chatter words that are nothing but an acknowledgement (not "job", "work", "start", "next",
# which name things too: "job queue" is a topic), a greeting or an away message ("brb, standup",
# "back in 10")
ACKS = (
    frozenset(
        """
ok okay okey okie okies k kk yes yeah yea yah ya yep yup yas aye no nope nah sure fine great good
nice cool awesome perfect thanks thank thanx thnx thks thx ty tysm ta cheers hi hello hey bye lgtm
alright alrighty righto rightio hmm hm mhm mm uh um oh ah huh lol lmao haha hehe heh hah nvm
nevermind please pls
plz gotcha understood agreed exactly indeed wow neat brilliant excellent amazing fantastic fab
splendid terrific lovely sweet dope noice yay woohoo woo hooray bravo kudos np nw wilco dokey
appreciated noted sorry proceed continue whatever anyway anyways righty
gm gn morning evening afternoon night brb afk bbl back hang
""".split()
    )
    | INTERJECTIONS
)
# the words of a reply that turn to a new topic ("k, now the openapi spec", "sweet, and the csp
# headers", "ok next: webhook retries", "alright, dockerfile base image next"): two words after
# them are that topic, not slang. "the" only right after the acknowledgement ("oof, long day on
# the canning line" turns to nothing), and none in a remark with a verb of its own ("bruh the rain
# is biblical out there").
_TURNING = frozenset("now next onto and then also".split())
_THE_WITHIN = 2  # words after the acknowledgement
_FINITE = frozenset("is are was were am s re has have had does did".split())
# what a thanks says is done: "cheers, that's sorted the paging bug", "thx, that fixed it",
# "thank you, it is working now": nothing is asked of memory, whatever it names
_THANKS = re.compile(
    r"^\W*(?:thanks?|thank\s+you|cheers|ta|ty|thx|thnx|tysm|nice(?:\s+one)?|great|perfect|legend|"
    r"brilliant|lovely|awesome|sweet)\b",
    re.IGNORECASE,
)
_DONE = re.compile(
    r"\b(?:that(?:'s|\s+is|\s+has)?\s+(?:sorted|fixed|solved|cracked|done)|"
    r"that\s+(?:did\s+the\s+trick|worked|works|fixed|sorted|solved)|"
    r"(?:it'?s|it\s+is|all|everything'?s?)\s+(?:working|sorted|fixed|good)(?:\s+now)?|works\s+now)\b",
    re.IGNORECASE,
)
# an away message: what follows says where the speaker goes ("brb grabbing coffee", "afk till 2,
# in a meeting", "back in 10"), never a task
_AWAY = re.compile(
    r"^\W*(?:(?:ok|okay|k|kk|right|alright|so)\W+)?(?:brb|afk|bbl|gtg|g2g|back\s+in\b|"
    r"be\s+(?:right\s+)?back|stepping\s+(?:away|out)|heading\s+(?:out|off|home)|off\s+to\s+lunch|"
    r"back\s+from\s+(?:lunch|the\s+gym|the\s+dentist|my\s+break|a\s+break|holiday|leave)|"
    r"out\s+(?:for|to)\s+lunch|logging\s+off|signing\s+off|calling\s+it\s+a\s+day|"
    r"done\s+for\s+(?:the\s+day|today)|"
    # a break: "gonna grab a brew, back in 10", "right, coffee time"
    r"(?:gonna\s+|going\s+to\s+|just\s+)?grab(?:bing)?\s+(?:a\s+|some\s+)?(?:coffee|brew|tea|cuppa|"
    r"bite|lunch|food|snack)|(?:coffee|lunch|tea|home)\s*time|beer\s+o'?clock)\b",
    re.IGNORECASE,
)
# asking after someone, not after anything memory holds: "how are you doing today?", "how's your
# week going?", "how was the weekend?"
_HOW_ARE_YOU = re.compile(
    r"^\W*(?:(?:hi|hey|hello|hiya|morning|evening|afternoon)\W+(?:\w+\W+)?)?"
    r"(?:how\s+(?:are|r)\s+(?:you|u|ya|things|we|everyone|y'all)(?:\s+(?:all|guys|folks|doing|"
    r"getting\s+on|keeping|today|this\s+morning))*|how'?s\s+(?:it\s+going|things|life|everyone|"
    r"your\s+(?:day|week|weekend|morning)(?:\s+(?:going|been))?)|how\s+was\s+(?:your|the|everyone'?s|everybody'?s)\s+(?:weekend|"
    r"holiday|break|trip|day|week))\W*$",
    re.IGNORECASE,
)
# taking back what was said: "oops, ignore that", "never mind, figured it out", "scratch that"
_TAKEN_BACK = re.compile(
    r"^\W*(?:oops|whoops|sorry|my\s+bad|never\s*mind|nvm|scratch\s+that|ignore\s+(?:that|me|this)|"
    r"wrong\s+(?:window|chat|channel|tab))"
    r"\b(?:\W+(?:ignore\s+(?:that|me|this)|figured\s+it\s+out|found\s+it|sorted\s+it|"
    r"wrong\s+(?:window|chat|channel|tab)|my\s+bad|typo|sorry))*\W*$",
    re.IGNORECASE,
)
AWAY_WORDS = 8  # an away message is this short
# ... which may end by saying when the speaker is back: "gonna grab a brew, back in 10"
_BACK_IN = re.compile(
    r"\bback\s+in\s+(?:\d+|a\s+(?:bit|sec|min|mo|tick|few))\b(?:\s*(?:mins?|minutes))?\W*$", re.I
)
# a wish or a sign-off: "hope the coffee machine is fixed", "have a good weekend folks", "enjoy
# the sun"; a remark that carries one and asks nothing is social, whatever else it names
_WISH = re.compile(
    r"\b(?:hope\s+(?:you|everyone|everybody|all|the|your|it|this|that|we|y'all)\b|"
    r"have\s+a\s+(?:good|great|nice|lovely|fab|relaxing|restful|safe|quiet)\b|"
    r"enjoy\s+(?:the|your)\b|good\s+luck\b|see\s+(?:you|ya|y'all)\b|take\s+care\b|"
    # wishes said before something happens: "break a leg tonight everyone", "fingers crossed"
    r"break\s+a\s+leg\b|fingers\s+crossed\b|best\s+of\s+luck\b|all\s+the\s+best\b|"
    r"congrat\w*|well\s+done\b|stay\s+(?:safe|warm|dry|cool)\b|"
    r"cya\b|ttyl\b|catch\s+(?:you|ya)\s+later\b|"
    r"happy\s+(?:friday|monday|weekend|holidays?|new\s+year|birthday|easter|christmas|xmas|"
    r"diwali|eid|hanukkah|thanksgiving|halloween|bank\s+holiday)\b|"
    # the season's and the day's: "merry christmas all", "bless you", "welcome back!"
    r"merry\s+(?:christmas|xmas)\b|season'?s\s+greetings\b|bless\s+(?:you|ya)\b|"
    r"welcome\s+(?:back|aboard|to\s+the\s+team)\b|get\s+well\s+soon\b|"
    r"(?:speak|talk|chat)\s+(?:soon|later|tomorrow|then|next\s+week)\b|"
    r"proud\s+of\s+(?:you|y'?all|everyone|the\s+team)\b|"
    # leave-takings and praise in slang: "gotta dash, laters", "night night", "top man"
    r"laters\b|gotta\s+(?:dash|run|go|bounce|fly)\b|night(?:y)?[\s-]night\b|"
    r"that'?s\s+(?:mint|class|ace|sick|mega|boss)\b|top\s+(?:man|stuff|work|job)\b|"
    r"g'?day\b|much\s+obliged\b|well\s+deserved\b|fair\s+play\b|happy\s+hump\s+day\b|"
    # running late, said and no more: "running 5 mins late, sorry", "stuck in traffic"
    r"running\s+(?:a\s+bit\s+|\d+\s+(?:mins?|minutes)\s+)?late\b|stuck\s+in\s+traffic\b)",
    re.IGNORECASE,
)
# how the day went, or the weather, said and no more: "what a day", "long week", "time flies",
# "it's freezing today", "raining again", "can't believe it's december already"
_MOOD = re.compile(
    r"^\W*(?:(?:phew|wow|ugh|man|god|oh|honestly|lol|ha|haha)\W+)?(?:"
    r"what\s+an?\s+(?:day|week|morning|night|year|ride|shift)|"
    r"(?:(?:it'?s\s+been|that\s+was|this\s+has\s+been)\s+)?(?:a\s+)?(?:long|busy|crazy|mad|rough|"
    r"wild|hectic|quiet)\s+(?:day|week|morning|shift|one|meeting|call)|time\s+flies|"
    r"this\s+(?:week|day|month)\s+has\s+been\s+(?:wild|long|mad|crazy|a\s+lot|rough|hectic)|"
    r"(?:it'?s\s+)?(?:so+\s+|really\s+|absolutely\s+)?(?:freezing|boiling|roasting|baking|pouring|"
    r"raining|snowing|sunny|chilly|cold|hot|grim|miserable|lovely)(?:\s+(?:again|today|outside|out"
    r"(?:\s+there)?|in\s+(?:here|the\s+office)))*|"
    r"can'?t\s+believe\s+it'?s\s+(?:\w+\s+)?already|that\s+was\s+(?:close|fun|intense)|"
    r"no\s+(?:problem|probs?)(?:\s+at\s+all)?|thank\s+(?:god|goodness)\s+it'?s\s+\w+day|"
    # how the speaker is, or the weather, again: "so tired today", "weather's lovely isn't it",
    # "anyone else freezing in here?", "rip my inbox"
    r"(?:i'?m\s+)?(?:so+\s+|really\s+|proper\s+|well\s+)(?:tired|knackered|shattered|exhausted|"
    r"sleepy|hungry|cold)(?:\s+today|\s+this\s+week)?|"
    r"(?:the\s+)?weather'?s\s+(?:so\s+)?(?:lovely|nice|glorious|gorgeous|grim|awful|rubbish|"
    r"terrible)(?:\s+today)?|"
    r"(?:anyone|everyone)\s+else\s+(?:freezing|boiling|cold|roasting|knackered|starving|tired)"
    r"(?:\s+in\s+here|\s+today)?|rip\s+my\s+(?:inbox|brain|sleep|weekend)|"
    # the week and the way in: "it's finally friday", "can't wait for the weekend", "classic
    # monday", "train was late again"
    r"(?:it'?s\s+)?finally\s+(?:friday|the\s+weekend)|classic\s+(?:monday|friday)|"
    r"can'?t\s+wait\s+for\s+(?:the\s+)?(?:weekend|friday|holidays?|christmas|xmas)|"
    r"(?:the\s+|my\s+)?(?:train|bus|traffic|commute)\s+(?:was|is)\s+(?:late|awful|terrible|"
    r"a\s+nightmare|rammed|packed)(?:\s+again|\s+this\s+morning)?)"
    r"(?:\W+(?:huh|eh|innit|isn'?t\s+it|right|lol|haha))?\W*$",
    re.IGNORECASE,
)
# a request, which a wish may come with: "hope you're well, can you check the lock timeout"
_REQUEST = re.compile(
    r"\b(?:can|could|would|will)\s+(?:you|u|we|someone|anyone)\b|\b(?:please|pls|plz|need|needs|"
    r"let's|lets|should|must|help|remind|tell|check|fix|add|remove|update|change|look)\b",
    re.IGNORECASE,
)
# laughter, which reacts to what the remark names ("lol the coffee machine strikes again")
_LAUGHTER = frozenset("lol lmao lmfao rofl haha hahaha hehe heh hah".split())
SOCIAL_WORDS = 12  # a social remark is this short


def _social(query: str, words: list[str], identifiers: tuple[str, ...]) -> bool:
    """A social remark that asks nothing of memory, whatever it names: an away message ("brb
    grabbing coffee", "afk till 2, in a meeting"), a wish or a sign-off ("have a good weekend
    folks", "right, off up the hill, catch you later"), thanks for what is done ("cheers,
    that's sorted the paging bug") or a laugh at something ("lol the printer jams again") that
    turns to no new topic ("lol ok, now the csp headers" does), with no question and no request
    in it."""
    if _HOW_ARE_YOU.match(query) or _MOOD.match(query):
        return True
    if not identifiers and _TAKEN_BACK.match(query):
        return True
    if "?" in query or identifiers or _asks(query) or _REQUEST.search(query):
        return False
    away = list(dropwhile(_is_ack, words))  # "ok cool, heading out …": the acks aside
    if _AWAY.match(query) or _AWAY.match(" ".join(away)) or _BACK_IN.search(query):
        return len(away) <= AWAY_WORDS
    said = len([w for w in words if w.lower() not in STOPWORDS])
    if said > SOCIAL_WORDS:
        return False
    return (
        bool(_WISH.search(query))
        or (said <= REMARK_WORDS and bool(_THANKS.match(query) and _DONE.search(query)))
        # "lol friday deploys are brutal hey", "lol the printer jams again" ("the" after a laugh
        # names what it laughs at)
        or (_laughs(words) and _TURNING.isdisjoint(w.lower() for w in words))
    )


def _laughs(words: list[str]) -> bool:
    """The remark opens with laughter ("lol", "hahaha", "lmaooo")."""
    return bool(words) and _REPEATS.sub(r"\1\1", words[0].lower()) in _LAUGHTER


def _turns(words: list[str]) -> bool:
    """Whether a reply turns to a new topic right after its acknowledgement ("k, now the openapi
    spec"), not a remark with a verb of its own ("bruh the rain is biblical out there")."""
    rest = [w.lower() for w in dropwhile(_is_ack, words)]
    turning = not _TURNING.isdisjoint(rest) or "the" in rest[:_THE_WITHIN]
    return turning and _FINITE.isdisjoint(rest)


def _a_reply(
    query: str, words: list[str], content: tuple[str, ...], identifiers: tuple[str, ...]
) -> bool:
    """A short reply, mostly acknowledgement, that asks nothing: no question mark, no question
    word opening a clause, no identifier, at most ``REPLY_WORDS`` words (not counting "it",
    "with", "me" …), an acknowledgement (a word, a go-ahead or an emoji) among them and one other
    word at most, or two when no word turns to a new topic ("lekker, thanks bru", but "k, now the
    openapi spec"). A remark that opens with an acknowledgement and turns to nothing new, up to
    ``REMARK_WORDS`` words ("haha nice, way cleaner than what i had"). An away message ("brb
    grabbing coffee", "afk till 2, in a meeting") whatever it names. A laugh, up to
    ``SOCIAL_WORDS`` words, that asks for nothing, even when it turns to a topic ("lol ok, now the
    csp headers"; without a turn it is social, :func:`_social`, as a wish or a sign-off is).
    Slang has no end ("bruv", "braw", "bang on"); the shape of a reply does."""
    lowered = [w.lower() for w in words]
    if "?" in query or identifiers or _asks(query):
        return False
    away = list(dropwhile(_is_ack, words))  # "ok cool, heading out …": the acks aside
    if _AWAY.match(query) or _AWAY.match(" ".join(away)):
        return len(away) <= AWAY_WORDS
    said = len([w for w in lowered if w not in STOPWORDS])
    if said <= SOCIAL_WORDS and not _REQUEST.search(query) and _laughs(words):
        return True  # "lol ok, now the csp headers": looked up, silent when memory has nothing
    if words and _is_ack(words[0]) and not _turns(words):
        return said <= REMARK_WORDS  # "haha that build name is cursed"
    return (
        said <= REPLY_WORDS
        and (len(content) <= 1 or (len(content) == 2 and not _turns(words)))
        and (
            any(_is_ack(w) for w in words)
            or _GO_AHEAD.search(query) is not None
            or _has_emoji(query)
        )
    )


def _asks(query: str) -> bool:
    """A clause opens with a question word, after any acknowledgements ("ok what's the port")."""
    for clause in _CLAUSE_STARTS.split(query):
        words = _WORD.findall(clause)
        while words and _is_ack(words[0]):
            words = words[1:]
        if words and words[0].lower() in _QUESTION_WORDS and not _exclaims(words):
            return True
    return False


def _exclaims(words: list[str]) -> bool:
    """ "what a week", "what a mess": an exclamation, which asks nothing without its "?"."""
    return len(words) > 1 and words[0].lower() == "what" and words[1].lower() in ("a", "an")


def _is_ack(word: str) -> bool:
    """An acknowledgement, however spelled ("okkk", "mm-hmm")."""
    return any(p in ACKS for spelled in _spellings(word) for p in spelled.split("-"))


def _has_emoji(query: str) -> bool:
    """An emoji or pictograph ("perfecto 👌", "any day now 😅"): a reaction, which acknowledges
    as "ok" does. Symbols below the arrows block (©, °, ±) are not reactions."""
    return any(ord(ch) >= 0x2190 and unicodedata.category(ch) == "So" for ch in query)


def shape(query: str) -> QueryShape:
    """Tokenise and classify a query (chit-chat is recognised by stem: worked, working, works)."""
    words = _WORD.findall(query)
    identifiers = tuple(dict.fromkeys(w for w in words if _IDENT.fullmatch(w)))
    content = tuple(
        dict.fromkeys(
            w.lower()
            for w in _WORD.findall(_SOCIAL.sub(" ", _WHOSE_SIDE.sub(" ", query)))
            if w.lower() not in STOPWORDS
            and not _chatter(w)
            and (len(w) >= 3 or w.isdigit() or (len(w) == 2 and w.isupper()))  # CI, DB, PR, UI
        )
    )
    # ... or the thing a question asks which one of: "what db am i connecting to …?"
    content += tuple(w for w in _ASKS_WHICH_NAME.findall(query.lower()) if w not in content)
    if all(_stem(w) in _alone_stems() for w in content):
        content = ()  # "commit and push": nothing but chatter
    if not content:  # "back up the db", "ci?": a two-letter name is all the topic there is
        content = tuple(dict.fromkeys(w.lower() for w in words if w.lower() in SHORT_NAMES))
    social = bool(content) and _social(query, words, identifiers)
    reply = social or (bool(content) and _a_reply(query, words, content, identifiers))
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
    return QueryShape(query, content, identifiers, intent, reply, social)


# A sentence ends at ".", "!" or "?" (or "..") followed by a space.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
QUESTION_TERMS = 2  # topical words a question needs to stand for the prompt it opens


def question_of(query: str) -> str:
    """The question a prompt opens with, when a remark follows it ("whats the request timeout on
    claims-intake? brokers say big submissions just hang"): its first sentences, up to the first
    that neither ends with "?" nor opens with a question word. The remark says why it is asked,
    not what an answer must state.
    A prompt that opens with its context and ends with a question ("wrote the migration with
    op.add_column. anything I should watch out for?") is judged whole: there the context carries
    the topic. The whole query too when every sentence is a question, or when the question has
    fewer than ``QUESTION_TERMS`` topical words of its own ("any idea? the build fails on
    arm64")."""
    sentences = [s.strip() for s in _SENTENCE_END.split(query.strip()) if s.strip()]
    opening: list[str] = []
    for sentence in sentences:
        # "how does it decide now" is a question typed without its "?"
        first = _WORD.findall(sentence)[:1]
        if not sentence.endswith("?") and not (first and first[0].lower() in _ASKING_WORDS):
            break
        opening.append(sentence)
    if not opening or len(opening) == len(sentences):
        return query
    question = " ".join(opening)
    q = shape(question)
    if len(dict.fromkeys((*q.identifiers, *q.content_terms))) < QUESTION_TERMS:
        return query
    return question


_QUESTION_OPENERS = frozenset(
    "what what's whats which who who's whos whose whom where where's when why how is are was "
    "were do does did can could should would will has have".split()
)
_CLAUSE_BREAK = re.compile(r"[,;:–—]|\s-+\s|[.!?]\s+\S")
ONE_CLAUSE_WORDS = 12  # words of a question asked in one breath


def is_one_clause_question(text: str) -> bool:
    """A question asked in one clause: it opens with a question word, ends with its "?", has no
    comma, dash or second sentence, and runs to twelve words at most ("which identity provider
    handles single sign-on for our internal tools?"). Such a question is short however many
    topical words it has; a prompt with context around its question is not."""
    words = text.split()
    return (
        0 < len(words) <= ONE_CLAUSE_WORDS
        and text.rstrip().endswith("?")
        and not _CLAUSE_BREAK.search(text.strip())
        and words[0].lower() in _QUESTION_OPENERS
    )


# Voice weights per intent (lexical, semantic, graph, temporal): identifiers trust exact words,
# natural questions trust meaning, "why" walks the graph to decisions, "when" looks at time.
VOICE_WEIGHTS: dict[Intent, dict[str, float]] = {
    Intent.IDENTIFIER: {"lexical": 1.0, "semantic": 0.4, "graph": 0.5, "temporal": 0.05},
    Intent.QUESTION: {"lexical": 0.8, "semantic": 1.0, "graph": 0.5, "temporal": 0.05},
    Intent.WHEN: {"lexical": 0.8, "semantic": 0.9, "graph": 0.4, "temporal": 0.5},
    Intent.WHY: {"lexical": 0.8, "semantic": 0.9, "graph": 0.9, "temporal": 0.05},
}
