"""Whether a text names someone: a person or a team, by name as someone or by what they do
("Priya owns fx-rates", "the platform team", "@mei"), and not a system named like a role ("each
venue record in Rota …") or a role word before a thing ("the keeper rota app")."""

from __future__ import annotations

import re

from hippograph.recall.asked import NONE
from hippograph.recall.lazy_pattern import LazyPattern as _Lazy

# Someone who does something for a thing: a team or a role ("the platform team", "primary
# on-call", "release manager"), a handle ("@mei"), a person by the possessive ("Aiko's team"),
# after "ask", "ping", "contact" or "under" ("ask Priya", "under Dmitri"), or doing what owners do
# ("Priya owns fx-rates", "owned by the data team"). "maintained in the repo …" names no one.
_ROLE_WORDS = frozenset(
    "team teams squad squads group groups crew guild department owner owners ownership "
    "maintainer maintainers lead leads manager managers oncall on-call rotation rota champion "
    "designer vendor supplier contractor agency admin admins approver approvers reviewer "
    "reviewers coordinator officer supervisor representative liaison".split()
)

_OWNER_VERBS = (
    r"owns|maintains|approves|leads|looks\s+after|is\s+responsible|is\s+in\s+charge|"
    r"took\s+over|takes\s+over|(?:has|have)\s+taken\s+over|signs\s+off|supervises|organi[sz]es|coordinates"
)

# what someone is, after "<Name> is the …"
_PERSON_NOUNS = (
    r"engineers?|developers?|designers?|leads?|managers?|owners?|maintainers?|contacts?|head|"
    r"directors?|officers?|coordinators?|analysts?|architects?|admins?|administrators?|"
    r"champions?|approvers?|reviewers?|experts?|specialists?|person|point|go-to|on-?call|"
    r"primary|secondary|backup|deputy|chair|secretary|treasurer|vet|nurse|doctor|consultant|"
    r"supervisor|planner|accountant|lawyer|dpo|controller|scientist|tester|writer|editor|"
    r"reps?|representatives?|liaison"
)

_PERSON_NAME = _Lazy(
    # "Aiko's team", not "Rota's public API"
    rf"\b[A-Z][a-z]+'s\s+(?:[\w-]+\s+)?(?:{_PERSON_NOUNS}|teams?|squads?|group|crew|department)\b|"
    r"@[\w-]+|\b(?:[Aa]sk|[Pp]ing|[Cc]ontact|under)\s+[A-Z][a-z]+\b|"
    # "whoever is on call that week approves them": someone by what they are doing
    r"\b[Ww]hoever\b|\bon\s+call\b|"
    rf"\b[A-Z][a-z]+\s+(?:now\s+|also\s+|still\s+)?(?:{_OWNER_VERBS})\b|"
    r"\b(?:owned|maintained|approved|led)\s+by\b|"
    # "… need approval from Owen Tregarthen, Head of Collections"
    r"\b(?:approval|sign-?off|permission|consent|authori[sz]ation)\s+from\s+[A-Z][a-z]+\b|"
    # "the on-call developer is Priya", "the owner is now Dmitri Sokolov" (not "… is Monday")
    r"\b(?:engineer|developer|dev|designer|lead|manager|owner|maintainer|contact|on-?call|approver|"
    r"reviewer|coordinator|officer|admin|administrator|champion|supervisor)\s+(?:is|are)\s+"
    r"(?:now\s+)?(?!(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\b)(?-i:[A-Z][a-z]+)\b|"
    # "… to Mei-Ling Chen, who now handles …", "Sam Ortiz is the designer on onboarding"
    r"\b[A-Z][a-z]+,?\s+who\s|\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\s+(?:is|was)\s+(?:now\s+)?(?:the|our|primary|secondary)\s"
    # … as someone: "is the tech lead", not "Paddock is the keeper rota app"
    rf"(?:[\w-]+\s+){{0,2}}(?:{_PERSON_NOUNS})\b|"
    # "Obinna Mbeki, the new head of legal, now approves …": who they are, then what they do
    rf"\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?,\s+(?:the|our|a|an)\s[^,.;]{{1,40}},\s+(?:now\s+|also\s+|still\s+)?(?:{_OWNER_VERBS})\b"
)


_ON_CALL = frozenset("on-call oncall".split())
_ROTATION = frozenset("rotation rota".split())
# a role's rota: "the team's Opsgenie rota", "the crew's rotation"
_OWNS_A_ROTA = _Lazy(r"'s\s+(?:[\w-]+\s+){0,2}?(?:rota|rotation|schedule|roster)\b", re.IGNORECASE)

# what a role word names when it comes before one of these: a thing of theirs ("rota app")
_THINGS = frozenset(
    "app apps application service services tool tools system systems screen screens page pages "
    "channel channels portal portals api apis endpoint endpoints table tables feature features "
    "calendar calendars view views dashboard dashboards database bot bots script scripts queue "
    "queues sheet sheets ui panel panels field fields module modules inbox spreadsheet repo "
    "repos config settings export exports report reports".split()
)


# a word of the text with its case, read as answer_kind reads a role ("on-call" is one word)
WORD_IN_TEXT = _Lazy(r"[A-Za-z]+(?:-[A-Za-z]+)?")


def names_someone(text: str, asked: frozenset[str] = NONE) -> bool:
    """Whether the text names a person or a team by what they do, or by name as someone. The
    role the question asks about is no one: "who's on-call this week?" is not answered by
    "on-call pages go to the PagerDuty service". A role word written as a name inside a
    sentence, with no other capitalised word beside it, names a thing: "each venue record in
    Rota stores parking notes" (a system called Rota), not someone."""
    if _PERSON_NAME.re.search(text):
        return True
    roles = _ROLE_WORDS - asked
    if not asked.isdisjoint(_ON_CALL):  # "who's on call this weekend?": not "the on-call rota"
        roles -= _ROTATION
    words = list(WORD_IN_TEXT.re.finditer(text))
    for i, word in enumerate(words):
        if word[0].lower() not in roles:
            continue
        if (
            i + 1 < len(words)
            and words[i + 1][0].lower() in _THINGS
            and _adjacent(text, word, words[i + 1])
        ):
            continue  # "the keeper rota app", "the vendor portal": a thing, not someone
        if not asked.isdisjoint(_ON_CALL) and _OWNS_A_ROTA.re.match(text, word.end()):
            continue  # "through the team's Opsgenie rota" for "who's on call?": the rota is no one
        if not word[0][0].isupper() or _sentence_starts(text, word.start()):
            return True
        beside = words[i - 1 : i] + words[i + 1 : i + 2]
        if any(w[0][0].isupper() and _adjacent(text, word, w) for w in beside):
            return True  # "Head of Crew Planning", "Platform Team"
    return False


def _sentence_starts(text: str, at: int) -> bool:
    before = text[:at].rstrip()
    return not before or before[-1] in ".!?:;\n"


def _adjacent(text: str, a: re.Match[str], b: re.Match[str]) -> bool:
    """Whether only spaces stand between two words."""
    lo, hi = (a, b) if a.start() < b.start() else (b, a)
    return not text[lo.end() : hi.start()].strip()
