"""The short forms engineers type for everyday words of their trade: "prod" for production, "db"
for database, "creds" for credentials.

A prompt says "can I push the fix to prod on Wednesday?" and the memory that answers says "atrium
can go to production any weekday except Friday"; a stemmer never joins "prod" to "production",
so neither the full-text index nor the relevance check sees a shared word. Recall treats a
short form and its long form as one word on both sides: the full-text query asks for both
(``lucene.py``), and relevance compares words by the long form's stem (``relevance.py``).

The list is the language of software work, not anything in a data set: short forms that stand
for one word only. "dev" (developer or development), "ops", "sec" (second or security) and
"min" (minute or minimum) stand for several and are left out.
"""

from __future__ import annotations

from functools import lru_cache

from hippograph.schema.text import stem

_PAIRS = """
prod production|db database|dbs databases|config configuration|configs configurations|
cfg configuration|auth authentication|repo repository|repos repositories|env environment|
envs environments|docs documentation|infra infrastructure|creds credentials|cert certificate|
certs certificates|msg message|msgs messages|tmrw tomorrow|hrs hours|mins minutes|
req request|reqs requests|lib library|libs libraries|perf performance|deps dependencies|
dep dependency|pkg package|pkgs packages|k8s kubernetes|stg staging|max maximum|
approx approximately|avg average|mgr manager|eng engineering|impl implementation|
addr address|qty quantity|pct percent|yrs years|yr year|wks weeks|wk week|mths months|
secs seconds|psql postgresql|svc service|svcs services|acct account|accts accounts|
pw password|mgmt management|dept department|depts departments|appt appointment|
appts appointments|info information|notif notification|notifs notifications
"""


@lru_cache(maxsize=1)
def _table() -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    long_of: dict[str, str] = {}
    shorts_of: dict[str, tuple[str, ...]] = {}
    for pair in _PAIRS.replace("\n", "").split("|"):
        short, long = pair.split()
        long_of[short] = long
        shorts_of[long] = (*shorts_of.get(long, ()), short)
    return long_of, shorts_of


def long_form(word: str) -> str:
    """The word written out ("production" for "prod"), or the word itself (in lower case)."""
    w = word.lower()
    return _table()[0].get(w, w)


def other_forms(word: str) -> tuple[str, ...]:
    """The other ways of writing the word: its long form, or its short forms ("prod" for
    "production"); none for any other word."""
    w = word.lower()
    long_of, shorts_of = _table()
    if w in long_of:
        return (long_of[w],)
    return shorts_of.get(w, ())


def stem_of(word: str) -> str:
    """The stem recall compares a word by: a short form's is its long form's ("prod" as
    "production")."""
    return stem(long_form(word))
