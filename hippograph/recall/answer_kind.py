"""What kind of answer a short question asks for, and whether a unit states one.

"When did we freeze the v1 API?" is not answered by "v1 is frozen", and "how many partitions does
the invoice.events topic have?" is not answered by "the notifier consumes the invoice.events
topic": both units are about the right thing and say nothing of what was asked. A question that
asks *when* needs a unit that says when (a date, a time, a day, a period, or a time it became
true); one that asks *how many*, *how long* or *how often* needs a quantity (a number, a count
word, a duration or a frequency); one that asks for a setting's value ("what port …", "which
python version …") needs a value (a number, a version, a name with digits such as
"Standard_D8s_v5", or one in words: "one hour", "nightly", "unlimited"). Recall judges the
rest by words and meaning (:mod:`hippograph.recall.relevance`); this module reads the question
(:func:`expected`), and :mod:`hippograph.recall.answer_said` says no to a unit that cannot be the
answer.

Some questions also say what the value measures, and a number of another measure is no answer:
"what's the request timeout on telemetry-ingest?" needs a duration ("30 s", "two minutes"), not
"telemetry-ingest runs 6 replicas"; "what's the memory limit on the billing-api pods?" needs an
amount of memory ("512Mi", "2 GB"); "how many months does a probe battery last?" a number of
months or a date, not "a 3.6 V cell". And a port or a version is not a count: "how many
matchmaker instances run?" is not answered by "the matchmaker serves gRPC on port 9100".

Some questions say what else an answer must contain: "who owns fx-rates?" someone (a team, a
role, a handle, a person), not "fx-rates exposes REST on port 8088"; "why is grib-loader pinned
to one replica?" a reason (or a decision, a failure, a conversation turn), not "grib-loader is
pinned to 1 replica"; "e2e tests, playwright or cypress?" one of the options it names.

Only a question that starts with the asking words counts (after a condition such as "when a
webhook fails, …"): "when I run make test it fails" is a report, not a question about time.
"""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import pairwise

from hippograph.recall import short_forms
from hippograph.recall.answer_given import given_in
from hippograph.recall.answer_measure import (
    MEASURE_WORDS,
    MEMORY_NOUNS,
    SIZE_WORDS,
    TERSE,
    measure_dimension,
    measure_window,
)
from hippograph.recall.answer_options import QUESTION_WORD, options_named
from hippograph.recall.asked import NONE, AnswerKind, Asked, Dimension
from hippograph.recall.closing import FOLLOW_ON, before_follow_on, clauses, closing
from hippograph.recall.lazy_pattern import LazyPattern
from hippograph.schema.text import slips

MAX_QUESTION = 200  # characters: a question, not a pasted prompt

# "what's the exact date of the open night?", "what is the date for …", "what are the dates …"
_THE_DATE = (
    r"what(?:'s|s|\s+is|\s+was|\s+are|\s+were)\s+(?:the\s+)?"
    r"(?:exact\s+|actual\s+|precise\s+|planned\s+)?dates?\b"
    r"(?!\s*(?:formats?|fields?|columns?|pickers?|types?|ranges?|filters?|strings?|stamps?|library)\b)"
)
# "what time zone …" asks for a zone, not a time
_ASKS_TIME = re.compile(
    r"^\s*(?:(?:since\s+)?when\s+(?:did|does|do|is|was|were|are|will|would|should|can|could|has|"
    r"have|had|must)\b|when(?:'s|s|'re|'ll)\s|(?:what|which)\s+(?:date|day|time|year|month|week)\b(?!\s*zones?\b)|"
    rf"{_THE_DATE})",
    re.IGNORECASE,
)

# a point in time: "what date …", "which day …", "when does the season kick off?", "when is v2
# going live?"; a duration is no answer to these ("ranked seasons last 8 weeks"). Not "when do
# we ship / release / roll out …", which is often a habit ("continuously", "any day")
_ASKS_DATE = re.compile(
    rf"^\s*(?:{_THE_DATE}|(?:what|which)\s+(?:date|day)\b(?!\s+of\s+the\s+week)|when\s+(?:is|are|does|do|did|will|"
    r"was|were)\b[^?.!,;]{0,60}?\b(?:start|starts|started|starting|begin|begins|began|beginning|"
    r"kick(?:s|ed|ing)?\s+off|launch(?:es|ed|ing)?|go(?:es|ing)?\s+live|went\s+live|open|opens|opening|"
    r"land|lands|landing)\b)",
    re.IGNORECASE,
)
# a time still to come: "when's the next calibration due?", "when will v3 ship?", "when is the
# lodge going live?", "when does the contract come up for renewal?"; what happened before ("we
# did the last upgrade in November", "4.1 went out in May") does not say it
_ASKS_AHEAD = re.compile(
    r"^\s*(?:when(?:'s|s|\s+is|\s+are)\s+the\s+next\b|when\s+will\b|"
    # "when's clementine next booked in for her service?"
    r"when(?:'s|s|\s+is|\s+are)\s+[^?.!,;]{1,40}?\snext\b|"
    r"when(?:'s|s|\s+is|\s+are)\s+(?:[^?.!,;]{1,60}?\s)?(?:going|being|coming|getting|turning|"
    r"switching|moving|rolling|shipping|launching|releasing|due)\b|"
    r"when\s+(?:does|do)\s+[^?.!,;]{1,60}?\s(?:go|come)\s+(?:live|out|up)\b|"
    # a plan: "when's the rust version meant to take over?", "when are the works due to finish?"
    r"when(?:'s|s|\s+is|\s+are|\s+was|\s+were)\s+[^?.!,;]{1,60}?\s(?:meant|supposed|expected|"
    r"planned|scheduled|due|set)\s+to\b|"
    # an estimate: "when are we expecting vintage 2026 to kick off?", "when do we expect …"
    r"when\s+(?:are|is|do|does)\s+(?:we|you|they|it|\w+)\s+(?:expect\w*|anticipat\w*|"
    r"forecast\w*|predict\w*)\b|"
    # a date of something being done: "what date are we putting the window back in?"
    r"(?:what|which)\s+(?:date|day)\s+(?:are|is)\s+(?:we|you|they|he|she|it)\s+\w+ing\b)",
    re.IGNORECASE,
)
# when something runs out: "when does the gurobi licence run out?", "when do the TLS certs
# expire?", "when does the xero subscription come up for renewal?"
_ASKS_END = LazyPattern(
    r"^\s*when(?:'s|s|\s+is|\s+are|\s+does|\s+do|\s+will)\s+[^?.!,;]{1,60}?\s(?:expire|run\s+out|"
    r"lapse|(?:come|coming|up|due)\s+(?:up\s+)?for\s+renewal)\b",
    re.IGNORECASE,
)
# the last time something happened: "when was intake last deployed?", "when did anyone last
# test a restore?": a day or a moment, which "backed up nightly at 03:00" does not say
_ASKS_LAST = re.compile(
    r"^\s*when\s+(?:(?:did|was|were|has|have|had)\b[^?.!,;]{0,60}?\blast\b|"
    # as a question is reported: "asking when we last did a test restore", "want to know when the
    # DPIA was last signed off"
    r"(?:we|they|you|i|he|she|it|someone)\s+last\b|"
    r"[^?.!,;]{1,60}?\s(?:was|were|has\s+been|have\s+been|had\s+been)\s+last\b)",
    re.IGNORECASE,
)
# when someone is back: "when is Priya back?", "when does she return?"
_ASKS_RETURN = re.compile(
    r"^\s*when\s+(?:is|are|will|does|do)\s+[^?.!,;]{1,40}?\s+(?:be\s+)?(?:back|return(?:ing)?|"
    r"come\s+back|coming\s+back|get\s+back)\b",
    re.IGNORECASE,
)
# the unit a question asks in: "max bundle size (kb)?", "p99 in ms?"
_TIME_UNITS_PLURAL = frozenset("seconds minutes hours days weeks months years".split())
_MEMORY_UNITS = r"kb|mb|gb|tb|kib|mib|gib|tib|bytes|kilobytes|megabytes|gigabytes|terabytes"
_TIME_UNITS = "|".join(["ms", "milliseconds", "secs?", "mins", *sorted(_TIME_UNITS_PLURAL)])
_IN_UNIT = re.compile(
    rf"\((?P<memory>{_MEMORY_UNITS})\)|\((?P<time>{_TIME_UNITS})\)|\bin\s+(?P<memory_in>{_MEMORY_UNITS})\b|"
    rf"\bin\s+(?P<time_in>{_TIME_UNITS})\b",
    re.IGNORECASE,
)

# what a question may open with before its question word: a filler ("so", "ok", "hey") and, for a
# quantity, a word of approximation ("roughly how many …", "about what share …")
_OPENING = r"^\s*(?:(?:so|and|ok|okay|hey),?\s+)?"
APPROXIMATELY = frozenset("roughly approximately about around exactly".split())
_ROUGHLY = rf"(?:(?:{'|'.join(sorted(APPROXIMATELY))})\s+)?"

# "why …?", "what was the reasoning?" (not "what's the reason code for …")
_ASKS_REASON = re.compile(
    rf"{_OPENING}(?:why|how\s+come)\b|{_OPENING}what(?:'s|s|\s+is|\s+was|\s+were)\s+(?:the|our)\s+"
    r"(?:reasons?|reasoning|rationale|thinking|logic)\b(?!\s+codes?\b)",
    re.I,
)

# a why that says what the asker thought before ("why has crewline only left 15 mins between the
# jobs? thought there was always a half hour gap"): asks what is true now, which a statement of
# the rule answers without a word of reason
_THOUGHT_OTHERWISE = LazyPattern(
    r"\b(?:i\s+)?thought\s+(?:it|there|we|they|that|this|you)\s+(?:was|were|had|would|used|did)\b"
    r"|\bused\s+to\s+be\b",
    re.I,
)

# "do we know the per-message price?", "does anyone know who signs these off?": the question
# after the asking ("what's the per-message price?", "who signs these off?")
_DO_WE_KNOW = LazyPattern(
    rf"{_OPENING}(?:(?:do|does|did)\s+(?:we|you|anyone|anybody|someone)\s+know|"
    r"(?:(?:has|have)\s+)?(?:any|anyone\s+got\s+an?|(?:we|you)\s+got\s+an?)\s+idea(?:\s+of)?)\s+"
    r"(?=(?:the|our|what|who|when|where|which|how)\b)",
    re.I,
)

# "how far back do we go when …?": an amount of time; "how far back do we keep …?", "do we
# still have a backup going back that far?": how long something is kept
_ASKS_HOW_FAR_BACK = LazyPattern(rf"{_OPENING}how\s+far\s+back\b", re.I)
_ASKS_STILL_KEPT = LazyPattern(
    r"\bstill\s+(?:have|keep|hold|retain|store|got)\b[^?]{0,60}?"
    r"\b(?:going\s+back|from\s+(?:that\s+far\s+back|that\s+long\s+ago|back\s+then))\b",
    re.I,
)

# a question someone else asked, told: "the treasurer's asking what hosting costs us each month,
# got a figure?", "new dev asking why arbor is on rails, …"
_REPORTED_QUESTION = LazyPattern(
    r"\b(?:ask(?:s|ed|ing)?|wondering|wonders|wondered|(?:wants?|wanted)\s+to\s+know)\s+"
    r"(?P<question>(?:why|what|how|who|when|which|where)\b[^,;:.?!–—]{3,})"
)

# "why do my jobs sit in the queue?" asks how a thing works for me, which a unit may tell without
# a word of reason ("fairshare per PI account"); "why is grib-loader pinned …?" asks for one
_ASKS_WHY_FOR_ME = re.compile(
    rf"{_OPENING}"
    r"(?:why|how\s+come)\s+(?:(?:do|does|did|is|are|was|were|am|"
    r"can't|cannot|won't|doesn't|don't|isn't|aren't)\s+)?(?:my|i|i'm|me)\b",
    re.IGNORECASE,
)

# "why hasn't greenroom pinged anyone about the lot?": why something expected has not happened,
# which the rule of when it does answers without a word of reason ("the alert fires when cover
# drops below 6 weeks")
_ASKS_WHY_NOT = LazyPattern(
    rf"{_OPENING}(?:why|how\s+come)\s+(?:[^?.!,;]{{1,40}}?\s)?(?:(?:has|have|did|does|do|is|are|was|"
    r"were|wo|ca)n'?t|(?:has|have|did|does|do|is|are|was|were)\s+not)\b",
    re.IGNORECASE,
)

# whether someone is around: "is Haruto around next week?", "is she out?", "will Mei be on leave
# in May?"; "available", "back" and "in the office" with a time ("is Hana available next
# week?"): "is Grafana available on the VPN?" asks about a thing. "Is Kafka off?" reads as
# someone away too: people ask of colleagues far more often than of services this way
_PRONOUNS = frozenset("he she they".split())
_ASKS_PRESENCE = re.compile(
    r"\b(?:is|are|will)\s+(?:he|she|they|(?-i:[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)|"
    # a name as people type it in chat ("is tomasz around …?"), not a word of a thing nor a
    # verb ("is going out next sprint")
    r"(?!(?:it|this|that|there|these|those|the|our|your|my|we|you|i|its|their|everything|"
    r"everyone|anything|anyone|something|someone)\b|[a-z]+ing\b)[a-z]+)\s+"
    r"(?:(?:actually|still|really|even|definitely|probably)\s+)?(?:(?:going\s+to|gonna)\s+)?"
    r"(?:be\s+)?(?:around|away|ooo|out(?!\s+of\b)|off(?!\s+the\b)|on\s+(?:leave|holiday|vacation|pto|parental|sick)|"
    # "is gwen about next week?": about, as around
    r"about(?=\s+(?:next|this|tomorrow|today|tonight|over|during|on\s+(?:mon|tue|wed|thu|fri|sat|sun)))|"
    # "is dawit in this week?": in, as at work
    r"(?:available|free|back|reachable|contactable|in(?:\s+the)?\s+office|in)\s+(?:next|this|tomorrow|"
    r"today|tonight|until|over|"
    r"during|before|after|by|on\s+(?:mon|tue|wed|thu|fri|sat|sun)\w*)\b)|"
    # free to do a job on a day: "is hal free to take the saturday sunrise?" (not "is parking free
    # to use on sundays?", which asks a price)
    r"\b(?:is|are)\s+(?!(?:it|this|that|there|the|our|your|my|its|their)\b)[a-z]+\s+"
    r"(?:free|available)\s+to\s+(?:take|cover|do|run|help|work|lead|drive|fly|teach|host|staff|"
    r"pick|join|attend|swap|open|close)\s+(?:[\w-]+\s+){0,4}?(?:(?:mon|tues?|wed(?:nes)?|"
    r"thu(?:rs)?|fri|satur|sun)(?:day)?s?|tomorrow|tonight|next|this)\b|"
    # of a job named before: "install booked for next tuesday - is gareth free to take it?"
    r"\b(?:is|are)\s+(?!(?:it|this|that|there|the|our|your|my|its|their)\b)[a-z]+\s+"
    r"(?:free|available)\s+to\s+(?:take|cover|do|run|staff|drive|lead)\s+(?:it|that|this|them)\s*\?|"
    # of someone named before: "could we get ingrid back in july, is she free?"
    r"\b(?:is|are)\s+(?:he|she|they)\s+(?:still\s+)?(?:free|available|around)\s*\?",
    re.IGNORECASE,
)

# where a thing is reached: "what's the staging URL?", "what's the url of our schema registry?",
# "what's the Corvault SOAP endpoint URL …?"
_ASKS_ADDRESS = LazyPattern(
    rf"{_OPENING}what(?:'s|s|\s+is|\s+are)\s+(?:the|our)\s+(?:[\w-]+\s+){{0,3}}?(?:urls?|hostnames?|"
    r"host\s+names?|web\s+address|base\s+url)\b(?!\s+(?:format|pattern|scheme|structure))",
    re.IGNORECASE,
)
# a number to ring: "what's the number for brisk's out of hours line?", "what's the harbour
# master's phone number?" (not "the number of …", a count)
_ASKS_PHONE = LazyPattern(
    rf"{_OPENING}what(?:'s|s|\s+is)\s+(?:the|our|their|his|her)\s+(?:[\w'-]+\s+){{0,4}}?"
    r"(?:(?:phone|telephone|mobile|landline)\s+number|number\s+(?:for|to\s+(?:call|ring|dial))\b)",
    re.IGNORECASE,
)

# the oldest (or newest) release of a platform something runs on: "what's the oldest iOS the
# app is supposed to run on?", "whats the lowest android version parlour supports?": a version
_ASKS_OLDEST = LazyPattern(
    rf"{_OPENING}what(?:'s|s|\s+is|\s+are)\s+(?:the|our)\s+(?:oldest|lowest|earliest|minimum|min|"
    r"newest|latest|highest)\s+(?:supported\s+)?(?:ios|ipados|android|macos|os|windows|python|"
    r"node|java|chrome|safari|firefox|browser|kernel|firmware)\b",
    re.IGNORECASE,
)

# "what's the max number of swimmers per session?": a count
_ASKS_NUMBER_OF = LazyPattern(
    rf"{_OPENING}what(?:'s|s|\s+is|\s+are)\s+(?:the|our)\s+(?:max|maximum|min|minimum|total|largest|"
    r"biggest|smallest|highest|lowest)?\s*number\s+of\b",
    re.IGNORECASE,
)

# "what does the staging account cost us per month?", "how much do we pay for Sentry?"
_ASKS_MONEY = re.compile(
    rf"{_OPENING}{_ROUGHLY}"
    r"(?:how\s+much|what)\b[^?]*?\b(?:cost|costs|costing|price|prices|priced|pricing|spend|spending|"
    r"pay|paying|charge|charges|charged|charging|bill|billed|fee|fees)(?![\w-])",
    re.IGNORECASE,
)

# "is there any charge for doing the transfer?", "is there a fee if they cancel?": an amount of
# money, which "free" or "no charge" answers as well as "£25" does
_ASKS_MONEY_THERE = LazyPattern(
    r"^\s*(?:is|are)\s+there\s+(?:a|an|any)\s+(?:[\w-]+\s+)?(?:charges?|fees?|costs?|surcharges?|"
    r"penalty|penalties|fines?)\b",
    re.IGNORECASE,
)

# a rate per thing, not per time: "what's the per-message rate?", "what's the rate per head?": a
# price ("3.2p per segment"), where "what's the rate limit per key?" asks how many calls
_ASKS_PRICE_PER = LazyPattern(
    rf"{_OPENING}what(?:'s|s|\s+is|\s+are)\s+(?:the|our)\s+(?:per[-\s](?!(?:second|sec|minute|min|hour|"
    r"day|week|month|year)s?\b)[a-z]+\s+rate\b(?!\s+limit)|rate\s+per\s+(?!(?:second|sec|minute|min|hour|day|"
    r"week|month|year)s?\b)[a-z]+\b)",
    re.IGNORECASE,
)

# the largest file a thing takes: "what's the biggest photo ripstop will accept?", "what's the
# largest attachment we can upload?": an amount of memory
_ASKS_LARGEST_FILE = LazyPattern(
    rf"{_OPENING}what(?:'s|s|\s+is|\s+are)\s+(?:the\s+)?(?:biggest|largest|max|maximum|heaviest)\s+"
    r"(?:[\w-]+\s+)?(?:files?|photos?|pictures?|pics?|images?|uploads?|attachments?|videos?|"
    r"pdfs?|documents?|scans?)\b(?!\s+(?:count|number))",
    re.IGNORECASE,
)

# "how much did we get back from hmrc?", "how much have we raised so far?": money coming in
_ASKS_MONEY_IN = re.compile(
    rf"{_OPENING}{_ROUGHLY}how\s+much\b[^?]*?\b(?:paid|earn|earns|earned|raise|raised|owe|owes|"
    r"owed|refunded|get\s+back|got\s+back|receive|received)(?![\w-])",
    re.IGNORECASE,
)

# "what % of the normal price is it?", "what percentage of pickups …": a share, which a
# percentage or a fraction answers ("billed at 20% of the full rate", "half")
_ASKS_SHARE = re.compile(
    rf"{_OPENING}{_ROUGHLY}"
    r"(?:what|which)(?:'s|s)?\s+(?:the\s+)?(?:%|percent|percentage|proportion|fraction|share)"
    r"(?![\w-])",
    re.IGNORECASE,
)

# a share asked in a question that names the setting: "what minimum coverage % …", "what uptime
# percentage …"; not a share the question gives ("at 80% …", "20 percent off")
_ASKS_PERCENT = LazyPattern(
    r"(?<!\d)(?<!\d\s)%|(?<!\d\s)\b(?:percent|percentage|per\s+cent)\b", re.I
)

# "how far from the door can a tag be read?", "roughly how far do the vans drive?": a distance;
# not "how far along / behind / through …" (progress) nor "how far out / ahead …" (time), however
# hurriedly typed ("how far ahaed can members book?")
_FAR_AS_TIME = ("along", "behind", "ahead", "forward", "through")
_AHEAD_OR_ALONG = sorted({*_FAR_AS_TIME, *slips(_FAR_AS_TIME)})
_ASKS_DISTANCE = LazyPattern(
    rf"{_OPENING}{_ROUGHLY}"
    rf"how\s+far\b(?!\s+(?:{'|'.join(_AHEAD_OR_ALONG)}|out|into|off|back|up|down|have|has|did|"
    rf"are|is|in\s+(?:{'|'.join(sorted({'advance', *slips(['advance'])}))}))\b)|"
    # "what distance does rota assume …?", "what radius do we cover?"
    r"(?:what|which)(?:'s|s|\s+is)?\s+(?:the\s+|our\s+)?(?:max(?:imum)?\s+|default\s+)?"
    r"(?:distance|radius)\b",
    re.IGNORECASE,
)

# "how many requests per second …": a rate, not "four replicas"
# (the unit it is asked per, for ``Asked.per``: "minute"; "rps" is per second)
_PER_UNIT = r"\b(?:per|a|an|each)\s+(?P<unit>second|sec|minute|min|hour|hr|day)\b"

_PER_TIME = re.compile(rf"{_PER_UNIT}|\b[rq]ps\b", re.I)

# "how many retries / attempts …", "how many times does it retry …": a number of tries, said as
# one; "how many times did Mel go camping?" counts events, which "twice" or "again" may answer
_TRY_WORDS = frozenset("retries attempts tries".split())

_TRYING = re.compile(
    r"\b(?:retr(?:y|ies|ied|ying)|attempt\w*|tr(?:y|ies|ied)|re-?(?:deliver|send|run)\w*)\b"
)

# "how long do we keep / retain / store … ", "how long does it remember …": how long a thing is
# kept, said as one ("kept for 90 days", "expire after 24 hours", "13-month retention")
_KEEP_WORDS = frozenset(
    "keep keeps kept retain retains retained store stores stored hold holds held remember "
    "remembers cache caches cached stay stays persist persists"
    # "how long do dead-lettered events hang around before they're gone?"
    " linger lingers hang hangs survive survives expire expires purged deleted gone".split()
)

_BACKUP_WORDS = frozenset("backup backups snapshot snapshots archive archives".split())
_RESTORE_WORDS = frozenset("restore restores restored recover recovers recovered".split())
# "how long does the export take?": how long a thing runs, said as one ("takes 40 minutes",
# "finishes in under 2 hours", "a full run lasts 3 h"), not "snapshots are kept for 35 days"
_TAKE_WORDS = frozenset("take takes took taking".split())
# "how many tonnes …", "how many litres …": an amount by weight or volume
_WEIGHT_UNITS = frozenset(
    "kg kilos kilograms grams tonnes tons litres liters gallons pounds lbs".split()
)
# "how many miles …", "how many metres …": a distance
_LENGTH_UNITS = frozenset("miles kilometres kilometers km metres meters feet yards".split())
# the kind of day counted: "how many working days …" asks for days
_DAY_KINDS = frozenset("working business calendar school clear full whole".split())

# "is there a max object size in seedvault?", "is there a per-user memory limit on …?"
_ASKS_WHETHER_THERE = re.compile(r"^\s*(?:is|are)\s+there\s+(?:a|an|any)\s+", re.IGNORECASE)

# a condition before the question: "when a broker file fails to import, how many times …"
_SCENE = "when|whenever|if|once|after|before|while"
_CONDITION = re.compile(
    rf"^\s*(?:{_SCENE})\s+(?!(?:did|does|do|is|was|were|are|will|"
    r"would|should|can|could|has|have|had|must)\b)[^,?]{3,80},\s*",
    re.IGNORECASE,
)

_ASKS_CLOCK = re.compile(rf"^\s*{_ROUGHLY}what\s+time\b(?!\s*zones?\b)", re.IGNORECASE)

_ASKS_ZONE = re.compile(r"^\s*(?:what|which)(?:'s|s)?\s+(?:the\s+)?(?:time\s*zones?|tz)\b", re.I)

# "how many tickets could we lose if …?": a count of what would follow, which an answer may give
# by saying how things work ("each ticket is pushed the moment it is printed") as well as by a
# number
_WHAT_IF_COUNT = re.compile(
    r"^\s*(?:(?:roughly|about|approximately|around)\s+)?how\s+(?:many|much)\s+"
    r"(?:[\w'-]+\s+){1,6}?(?:could|would|might)\s+(?:we|you|they|it|i|\w+)\s+"
    r"(?:lose|lost|miss|drop|leak|skip|break|fail)\b",
    re.IGNORECASE,
)

# "how long til it's live?", "how long at most till relay notices?": when something will be, which a
# date, a relative time or a habit ("the build is cut every Thursday") answers ("how long before
# a token expires?" asks for a duration: "the ttl is 900 s")
_ASKS_UNTIL = re.compile(
    rf"{_OPENING}{_ROUGHLY}how\s+long\s+(?:(?:at\s+(?:the\s+)?(?:most|least|worst)|max|tops)\s+)?"
    r"(?:until|til|till|'til)\b",
    re.IGNORECASE,
)

# "roughly how long …", "so how many …": a word of approximation or a filler before "how"
_ASKS_QUANTITY = re.compile(
    rf"{_OPENING}(?:(?:{'|'.join(sorted(APPROXIMATELY))}|for|in|after|within)\s+)?"
    r"how\s+(?:many|much|long|often|big|large|old|fast|frequently|soon)\b",
    re.IGNORECASE,
)

# "who owns fx-rates?", "who's on call for ingest tonight?", "who do I ask to cut the build?",
# "who is the designer on onboarding?": a question for a person or a team, by what they do for a
# thing. "who serves the map tiles?" may be answered by a thing, so it is not one of these.
_ASKS_PERSON = re.compile(
    rf"{_OPENING}"
    r"who(?:'s|s|m)?\b(?:[^?.!]{0,80}?)\b(?P<role>owns?|owned|"
    r"owner|ownership|responsible|in\s+charge|maintains?|maintainers?|looks?\s+after|approv(?:es?|ed)|"
    r"sign(?:s|ed)?\s+(?:[\w-]+\s+){0,3}?off|on[-\s]?call|on\s+the\s+hook|page|ask|tag|contact|lead(?:s|ing)?|champion|"
    # "who's the person to ring …", "who's the engineer we call out?"
    r"person|people|engineer|technician|electrician|plumber|mentor|ring|phone|call\s+out|"
    # told when something happens: "if the import blows up, who gets alerted about it?"
    r"(?:gets?|is|are)\s+(?:alerted|notified|paged|woken|called)|"
    r"chairs?|chairing|covers?|covering|supervis\w*|organi[sz]\w*|coordinat\w*|deals?\s+with|"
    r"wake|woken|approval|"
    # doing a job of people: "who's driving round 7?", "who's on the thursday route this week?"
    r"driv(?:es?|ing)|staff(?:s|ing)?|teach(?:es|ing)?|hosts?|hosting|"
    r"on\s+(?:the\s+)?(?:[\w-]+\s+){0,2}(?:shift|route|round|desk|duty|rota|door|till)s?|"
    r"designer|manager|admin|allowed|reviews?|belongs?|access|keys?|get\s+in(?:to)?|"
    # whom we deal with there: "who's our rep at the dealer?"
    r"reps?|representatives?|liaison|point\s+of\s+contact|account\s+manager)\b",
    re.IGNORECASE,
)
# "who does the app store submission?", "who handles refunds?": whoever does it is someone ("who
# do I ask" asks whom to ask, above)
_ASKS_DOER = re.compile(
    rf"{_OPENING}"
    r"(?:who\s+(?:actually\s+|usually\s+|normally\s+|really\s+)?(?:does|do|did|handles?|handled|"
    r"submits?|decides?|decided)\s+(?!i\b|we\b|you\b|they\b|it\b)|"
    # "who actually puts the rota together?", "who sends out the replacements?", "who's been
    # paired up as mentor for Kofi?"
    r"who\s+(?:actually\s+|usually\s+|normally\s+|really\s+)?(?:puts?\s+(?:[\w-]+\s+){1,4}together|"
    r"sends?\s+(?:[\w-]+\s+)?out)\b|"
    # "who's actually doing the washout on it?", "who is handling the move?"
    r"who(?:'s|s|\s+is|\s+are)\s+(?:actually\s+|usually\s+|normally\s+|really\s+)?"
    r"(?:doing|handling|carrying\s+out|taking\s+on)\s+(?!it\b|that\b|this\b)|"
    r"who(?:'s|s|\s+has|\s+have)\s+been\s+(?:paired|assigned|appointed|picked|chosen|named)\b|"
    # whose duty it is: "whose job is it to reconcile the cash?", "who's supposed to refuel?",
    # "which dev gets paged?"
    r"whose\s+(?:job|responsibility|call|task)\b|who(?:'s|s|\s+is)\s+supposed\s+to\b|"
    r"which\s+(?:dev|developer|engineer|person|colleague|admin|manager|member\s+of\s+staff)\b)",
    re.IGNORECASE,
)


_ROLE_WORD = re.compile(r"[a-z]+(?:-[a-z]+)?")
# a job done by hand, which approving or owning the code of it is not: "who's driving round 7?",
# "who's actually doing the washout?", "who did the upgrade?" (not "who handles / decides …")
_HANDS_ON = re.compile(r"driv|teach|staff|host|cover")
_DOES = re.compile(r"\b(?:does|do|did|doing)\b", re.IGNORECASE)

# a second question after the first: "why did roster send Dev? how does it decide now?"
_FOLLOW_UP = re.compile(
    r"\?\s+(?P<question>(?P<opener>how|what|what's|whats|which|where|who|whose|when|why)\b[^?]{3,}\??)\s*$",
    re.IGNORECASE,
)


# A question after a phrase that sets the scene, with no comma to close it: "during a power cut
# how many hours can an sl-4 keep reporting?", "if the nightly import blows up who gets alerted?"
_LED_QUESTION = re.compile(
    rf"^\s*(?:during|{_SCENE})\s+"
    r"(?:(?!\b(?:how|who|what|which|when)\b)[^?,;:.]){3,80}?\s+"
    r"(?P<question>(?:how\s+(?:many|much|long|often)|who|what|which)\b[^?]*\?)",
    re.IGNORECASE,
)


# a word that only stresses the question word after it: "when exactly is …", "who actually owns …"
_STRESSED = re.compile(
    r"^(\s*(?:when|who|where|which|what))\s+(?:exactly|actually|precisely|roughly|really)\b",
    re.IGNORECASE,
)


def expected(query: str) -> Asked | None:
    """The kind of answer a short question asks for, and what the value measures when the
    question says so; None when any answer may do. A prompt that opens with its context asks
    for what the question it closes with asks for."""
    if len(query) > MAX_QUESTION:
        return None
    found = _asked(query)
    if found is None:
        return None
    return replace(
        found, given=given_in(query), words=frozenset(QUESTION_WORD.findall(query.lower()))
    )


def expected_in(prompt: str, question: str) -> Asked | None:
    """What ``question``, the question ``prompt`` opens with (``intent.question_of``), asks for,
    with the remark after it read too: a why whose remark says what the asker thought before
    ("why only 15 mins between the jobs? thought there was always a half hour gap") asks what
    holds now, not for a reason."""
    found = expected(question)
    if (
        found is not None
        and found.kind is AnswerKind.REASON
        and _THOUGHT_OTHERWISE.re.search(prompt)
    ):
        return None
    return found


def _asked(query: str) -> Asked | None:
    found = _expected(query)
    if found is None:
        return _asked_within(query)
    follow_up = _FOLLOW_UP.search(query)
    if follow_up and _expected(follow_up["question"]) is None:
        return None  # "why did it pick Dev? how does it decide now?": either may be answered
    return found


def _asked_within(query: str) -> Asked | None:
    """What the question in a prompt that opens with its context asks: the one it closes with,
    the one after the scene it sets, or else the one it reports ("the treasurer's asking what
    hosting costs us each month, got a figure?")."""
    found = None
    last = closing(query)
    if last:
        found = next(filter(None, (_expected(q) for q in clauses(last))), None)
        if found is None and (before := before_follow_on(query)):
            found = _expected(before)  # "…, who's on call this weekend, can i ring them?"
    elif led := _LED_QUESTION.match(query):
        found = _expected(led["question"])
    # a closing question of a few words leaves the asking to the one reported: "…, got a
    # figure?", "… asks when we last tested a restore, do we know the date?" (the reported one
    # says which date); a longer one asks for itself ("mum asks why …. is it supposed to …?")
    if (last is None or len(QUESTION_WORD.findall(last["question"])) <= FOLLOW_ON) and (
        reported := _REPORTED_QUESTION.re.search(query)
    ):
        return _expected(f"{reported['question']}?") or found
    return found


def _expected(query: str) -> Asked | None:
    condition = _CONDITION.match(query)
    if condition:  # "if a delivery fails, how many times do we retry?": the question after it
        query = query[condition.end() :]
    know = _DO_WE_KNOW.re.match(query)
    if know:  # "do we know the per-message price?" asks "what's the per-message price?"
        rest = query[know.end() :]
        query = f"what's {rest}" if rest[:3].lower() in ("the", "our") else rest
    query = _STRESSED.sub(r"\1", query)  # "when exactly is the cutover?" asks as "when is …"
    if _ASKS_ZONE.match(query):
        return Asked(AnswerKind.MEASURE, Dimension.ZONE, frozenset({"time", "zone", "timezone"}))
    if _ASKS_ADDRESS.re.match(query):
        return Asked(AnswerKind.MEASURE, Dimension.ADDRESS, frozenset({"url", "hostname", "host"}))
    if _ASKS_PHONE.re.match(query):
        return Asked(AnswerKind.MEASURE, Dimension.PHONE, frozenset({"phone", "number"}))
    if _ASKS_CLOCK.match(query):
        return Asked(AnswerKind.TIME, Dimension.CLOCK)
    if _ASKS_RETURN.match(query):
        return Asked(AnswerKind.TIME, Dimension.RETURN)
    if _ASKS_END.re.match(query):
        return Asked(AnswerKind.TIME, Dimension.ENDS)
    last = _ASKS_LAST.match(query)
    if last:
        after = QUESTION_WORD.findall(query[last.end() :].split("?")[0].lower())
        return Asked(AnswerKind.TIME, Dimension.LAST, event=frozenset(after[:TERSE]))
    ahead = bool(_ASKS_AHEAD.match(query))
    if _ASKS_DATE.match(query):
        return Asked(AnswerKind.TIME, Dimension.DATE, ahead=ahead)
    if _ASKS_TIME.match(query):
        return Asked(AnswerKind.TIME, ahead=ahead)
    if presence := _ASKS_PRESENCE.search(query):  # whose: "is mateus around …?" asks of Mateus
        whose = presence[0].split()[1].lower()
        return Asked(AnswerKind.PRESENCE, of=None if whose in _PRONOUNS else whose)
    person = _ASKS_PERSON.match(query)
    if person:  # "approves" in "who approves dns changes?" names what is asked, as "port" does
        role = _ROLE_WORD.findall(person["role"].lower())  # "on call" as "on-call", "oncall" too
        names = frozenset([*role, "-".join(role), "".join(role)])
        return Asked(AnswerKind.PERSON, names=names, hands_on=bool(_HANDS_ON.match(role[0])))
    if doer := _ASKS_DOER.match(query):
        return Asked(AnswerKind.PERSON, hands_on=bool(_DOES.search(doer[0])))
    if (
        _ASKS_REASON.match(query)
        and not _ASKS_WHY_FOR_ME.match(query)
        and not _ASKS_WHY_NOT.re.match(query)
    ):
        return Asked(AnswerKind.REASON)
    if _ASKS_DISTANCE.re.match(query):
        return Asked(AnswerKind.QUANTITY, Dimension.DISTANCE)
    if _ASKS_SHARE.match(query):
        return Asked(AnswerKind.QUANTITY, Dimension.SHARE)
    if (
        _ASKS_MONEY.match(query)
        or _ASKS_MONEY_IN.match(query)
        or _ASKS_MONEY_THERE.re.match(query)
        or _ASKS_PRICE_PER.re.match(query)
    ):
        return Asked(AnswerKind.QUANTITY, Dimension.MONEY)
    if _WHAT_IF_COUNT.match(query):
        return None  # what would follow, reasoned from how it works: "each is sent at once"
    if _ASKS_STILL_KEPT.re.search(query):
        return Asked(AnswerKind.QUANTITY, Dimension.KEPT)
    if _ASKS_HOW_FAR_BACK.re.match(query):
        # "how far back can we restore from backups?": as far as the backups are kept
        # "how far back do the backups go?": as far as they are kept
        kept = not (_KEEP_WORDS | _RESTORE_WORDS | _BACKUP_WORDS).isdisjoint(
            QUESTION_WORD.findall(query.lower())
        )
        return Asked(AnswerKind.QUANTITY, Dimension.KEPT if kept else Dimension.SPAN)
    if _ASKS_UNTIL.match(query):  # "how long til it's live?": when, by a date or a habit
        return Asked(AnswerKind.TIME)
    if oldest := _ASKS_OLDEST.re.match(query):  # "what's the oldest iOS the app runs on?"
        platform = oldest[0].split()[-1].lower()  # whose version: an answer names it
        return Asked(AnswerKind.MEASURE, Dimension.VERSION, frozenset({"version"}), of=platform)
    if _ASKS_LARGEST_FILE.re.match(query):  # "what's the biggest photo it will accept?"
        return Asked(AnswerKind.MEASURE, Dimension.MEMORY, frozenset({"size", "limit"}))
    if _ASKS_NUMBER_OF.re.match(query):  # "what's the max number of characters …?"
        return Asked(AnswerKind.QUANTITY, Dimension.COUNT)
    if _ASKS_QUANTITY.match(query):
        dimension = _quantity_dimension(query) or _unit_asked(query)
        names = MEMORY_NOUNS.intersection(QUESTION_WORD.findall(query.lower())[:4])
        return Asked(
            AnswerKind.QUANTITY,
            dimension,
            names if dimension is Dimension.MEMORY else NONE,
            per=_per_what(query)
            if dimension is Dimension.RATE
            else _in_period(query)
            if dimension is Dimension.COUNT
            else None,
        )
    window = measure_window(query)
    if window is not None:
        names = frozenset(w for w in window if w in MEASURE_WORDS or w in MEMORY_NOUNS)
        dimension = measure_dimension(window) or _unit_asked(query)
        if dimension is None and _ASKS_PERCENT.re.search(query):
            dimension = Dimension.SHARE  # "what minimum coverage % does CI enforce?"
        per = _per_what(query) if dimension is Dimension.RATE else None
        return Asked(AnswerKind.MEASURE, dimension, names, per=per)
    whether = _ASKS_WHETHER_THERE.match(query)
    if whether:
        window = QUESTION_WORD.findall(query[whether.end() :].lower())[:TERSE]
        measures = [w for w in window if w in MEASURE_WORDS or w in SIZE_WORDS]
        if measures:  # "is there a per-user memory limit …?": "limit", "memory"
            names = frozenset(measures) | MEMORY_NOUNS.intersection(window)
            return Asked(AnswerKind.MEASURE, measure_dimension(window), names, optional=True)
    options = options_named(query)
    if options:
        return Asked(AnswerKind.CHOICE, options=options)
    return None


def _per_what(query: str) -> str | None:
    """The unit of time a rate is asked per ("minute", "second" for "rps"), if the question
    says."""
    m = _PER_TIME.search(query)
    if m is None:
        return None
    return m["unit"].lower() if m["unit"] else "second"


# "how many quota periods are there in a year?", "… across a whole year?": a count within a longer
# period, which a period answers ("quarters", "monthly", "every two weeks")
_IN_PERIOD = re.compile(
    r"\b(?:in|per|a|an|each|every|across|over|throughout)\s+(?:a\s+|one\s+|single\s+|the\s+)?"
    r"(?:whole\s+|full\s+|entire\s+)?(?P<unit>week|month|quarter|year)\b",
    re.IGNORECASE,
)


def _in_period(query: str) -> str | None:
    """The period a count is asked within ("year" in "how many … in a year?"), if the question
    says."""
    m = _IN_PERIOD.search(query)
    return m["unit"].lower() if m else None


def _unit_asked(query: str) -> Dimension | None:
    """The measure a question names by the unit it wants the value in: "max bundle size (kb)?" an
    amount of memory, "p99 in ms?" a duration."""
    m = _IN_UNIT.search(query)
    if m is None:
        return None
    return Dimension.MEMORY if m["memory"] or m["memory_in"] else Dimension.DURATION


def _quantity_dimension(query: str) -> Dimension | None:
    """ "how long …" and "how many days …" ask for a duration, "how much memory …" for an amount
    of memory, "how many replicas …" for a count of things."""
    words = QUESTION_WORD.findall(query.lower())
    at = words.index("how")
    asked = words[at + 1].removesuffix("'s")  # "how long's the lag …?" asks how long it is
    following = [short_forms.long_form(w) for w in words[at + 2 : at + 3]]  # "yrs" as "years"
    if following and following[0] in _DAY_KINDS:  # "how many working days …": days
        following = words[at + 3 : at + 4]
    if asked == "long" and _keeps_something(words[at + 2 :]):
        return Dimension.KEPT
    if asked == "long" and (
        not _TAKE_WORDS.isdisjoint(words[at + 2 :]) or _runs_for(words[at + 2 :])
    ):
        return Dimension.TAKES
    if asked == "long":
        return Dimension.SPAN
    if asked == "many" and (
        not _TRY_WORDS.isdisjoint(words[at + 2 : at + 5])
        or ("times" in words[at + 2 : at + 3] and _TRYING.search(" ".join(words[at + 3 :])))
    ):
        return Dimension.TRIES
    if asked == "many" and following == ["times"]:
        return Dimension.TIMES
    if asked == "many" and following and following[0] in _TIME_UNITS_PLURAL:
        if not _KEEP_WORDS.isdisjoint(words[at + 3 :]):
            return Dimension.KEPT  # "how many days of readings do we keep?"
        if not _TAKE_WORDS.isdisjoint(words[at + 3 : at + 9]):
            return Dimension.TAKES  # "how many days does the lab take to turn it around?"
        return Dimension.DURATION
    if asked == "many" and following and re.fullmatch(_MEMORY_UNITS, following[0]):
        return Dimension.MEMORY  # "how many terabytes is the archive using?"
    if asked == "many" and _PER_TIME.search(query):
        return Dimension.RATE
    if asked == "many" and following and following[0] in _LENGTH_UNITS:
        return Dimension.DISTANCE  # "how many miles can a van do on a full charge?"
    if asked == "many" and following and following[0] in _WEIGHT_UNITS:
        return Dimension.WEIGHT  # "how many tonnes does S1 hold?"
    if asked == "many":
        return Dimension.COUNT
    if asked == "much" and following and following[0] in MEMORY_NOUNS:
        return Dimension.MEMORY
    if asked in ("big", "large"):
        return Dimension.SIZE
    if asked in ("often", "frequently"):
        return Dimension.OFTEN
    return None


def _runs_for(words: list[str]) -> bool:
    """ "how long does the refresh run for?", "… last?": how long a thing runs, as "take" asks."""
    return words[-1:] in (["last"], ["lasts"]) or any(
        w in ("run", "runs", "running", "go", "goes") and following == "for"
        for w, following in pairwise(words)
    )


def _keeps_something(words: list[str]) -> bool:
    """A word of keeping, not of going on ("how long do we keep trying …?" asks how long, not
    for how long something is kept)."""
    following = [*words[1:], ""]
    return any(w in _KEEP_WORDS and not following[i].endswith("ing") for i, w in enumerate(words))
