"""How a value of a measure is written in a statement: money, a share, a weight, a temperature,
an amount of memory, someone's age, an address or a phone number, and whether someone is around
(:mod:`hippograph.recall.answer_said` asks these of a unit's words)."""

from __future__ import annotations

import re

from hippograph.recall.lazy_pattern import LazyPattern as _Lazy

# a unit that says whether someone is around: leave, holiday, travel, back on …, out until …
PRESENCE = _Lazy(
    r"\b(?:leave|vacation|holidays?|pto|ooo|out\s+of\s+(?:the\s+)?office|(?:day|days|time|week|weeks)\s+off|"
    r"off\s+(?:on|until|till|next|this|from|for|work|sick)|away|sick|sabbatical|parental|travel\w*|"
    r"conference|offsite|available|unavailable|availability|around|back\s+(?:on|from|in|at|by)|"
    r"returns?|returning|out\s+(?:until|till|from|on|next|this|for)|in\s+the\s+office|remote(?:ly)?|"
    r"wfh|working\s+from|(?:his|her|their|my|[a-z]+'s)\s+calendar|calendar\s+(?:says|shows))\b",
    re.IGNORECASE,
)

CURRENCIES = (
    "usd|eur|gbp|chf|sek|nok|dkk|pln|cad|aud|nzd|jpy|inr|dollars?|euros?|pounds?|cents?|bucks"
)

ALL_OF_IT = (
    r"\b(?:full|whole|entire)\s+(?:fare|price|amount|cost|fee|balance|total|rate)\b|\bin\s+full\b"
)

# no bound at all: on an amount, which answers how many or how big ("no limit on seats per
# member", "unlimited"), or on a time, which answers how long ("kept indefinitely", "never
# deleted", "no timeout")
NO_LIMIT = _Lazy(
    r"\b(?:no|without\s+(?:a|any))\s+(?:[a-z-]+\s+){0,2}?(?:limit|cap|maximum|ceiling)s?\b|"
    r"\bunlimited\b",
    re.IGNORECASE,
)
NO_END = _Lazy(
    r"\b(?:no|without\s+(?:a|any))\s+(?:[a-z-]+\s+){0,2}?(?:timeout|time\s+limit|expiry|"
    r"expiration)s?\b|\bindefinitely\b|"
    r"\bnever\s+(?:expires?|deleted|purged|removed|archived|times?\s+out)\b",
    re.IGNORECASE,
)

# an amount or a measure by the name of its rate: "charged at the normal Sunday rate", "VAT at
# the standard rate", "billed on the same tariff as weekdays"
BY_NAME = _Lazy(
    r"\b(?:at|on)\s+(?:the|a|an|our|their|its)\s+(?:[a-z'-]+\s+){0,2}(?:rate|tariff|band)\b|"
    r"\bsame\s+(?:rate|tariff|price|fee|charge)\b",
    re.IGNORECASE,
)

MONEY = _Lazy(
    rf"[$€£¥]\s?\d|\d[\d.,]*\s?(?:k|m|bn)?\s?(?:{CURRENCIES})\b|\b(?:usd|eur|gbp|chf|cad|aud)\s?\d|"
    r"\bfree\b|\bno\s+(?:(?:extra|additional)\s+)?(?:cost|charge|fee)s?\b|\bnothing\b|"
    # nothing to pay: "the fee is waived", "complimentary", "included in the membership"
    r"\bwaived\b|\bcomplimentary\b|\bat\s+no\s+(?:extra\s+|additional\s+)?cost\b|"
    r"\bincluded\s+in\s+(?:the|their|your|our|its|each)\s+(?:[a-z-]+\s+)?(?:price|membership|fee|"
    r"ticket|subscription|rent|package|fare|plan)\b|"
    # pence: "3.2p a message" (not "1080p")
    r"(?<![\d.])\d{1,2}(?:\.\d+)?\s?(?:p|pence)\b|"
    # all of it: "charges the full fare at booking", "paid in full"
    rf"{ALL_OF_IT}|"
    # a share of an amount of money: "a deposit of 30% of the hire fee"
    r"\d%\s+of\s+(?:the\s+|its\s+|their\s+|our\s+|each\s+)?(?:[a-z-]+\s+){0,2}(?:fees?|prices?|"
    r"costs?|total|amount|value|bill|invoice|charges?|rent|payment|balance|subtotal|revenue)\b",
    re.IGNORECASE,
)

# a share of a whole: "20%", "a third", "half", or none of it ("not charged at all", "free")
SHARE = _Lazy(
    r"\d\s?%|\b(?:per\s?cent|percent|half|halves|quarter|third|fifth|tenth|none|nothing|free|"
    r"full|whole|not\s+(?:charged|billed|paid))\b",
    re.IGNORECASE,
)

# an amount of stuff by its weight or volume
WEIGHT = _Lazy(
    r"\d(?:[\d,.]*)\s*(?:kg|kgs|kilos?|kilograms?|g|grams?|tonnes?|tons?|t|mg|lbs?|litres?|liters?|"
    r"l|ml|gallons?|cubic)\b|\bweighs?\b",
    re.IGNORECASE,
)

# a temperature: "16 °C", "between 10 and 20 degrees", "4C", "room temperature"
TEMPERATURE = _Lazy(
    r"\d(?:\s*(?:°|º|degrees?\b|deg\b|celsius\b|fahrenheit\b)|[cf]\b)|\broom\s+temperature\b|"
    r"\bambient\b",
    re.IGNORECASE,
)

# "512Mi", "2 GB", "16g", "4 gigs", "1.5 TiB"
MEMORY = _Lazy(
    r"(?<![\w.-])\d+(?:[.,]\d+)?\s*-?\s*(?:[kmgtp]i?b?|bytes?|kilobytes?|megabytes?|gigabytes?|"
    r"terabytes?|gigs?|megs?)\b",
    re.IGNORECASE,
)

STORAGE = frozenset("disk disks storage volume volumes ssd drive".split())

# an amount of storage: "an 80 GB disk", "500 GB of storage", "a 20 GiB volume"
OF_STORAGE = _Lazy(
    r"(?<![\w.-])\d+(?:[.,]\d+)?\s*-?\s*(?:[kmgtp]i?b|gigs?|terabytes?|gigabytes?)\s+"
    r"(?:of\s+)?(?:\w+\s+)?(?:disks?|storage|volumes?|ssds?|nvme|drives?|hdds?)\b",
    re.IGNORECASE,
)

# whose age a question asks about, when it is someone's
PEOPLE = frozenset(
    "young youngest oldest older kid kids child children adult adults teen teens teenager "
    "teenagers person person's people junior juniors senior seniors student students pupil "
    "pupils minor minors visitor visitors member members player players customer customers".split()
)

# an age in years, said of people: "aged 8", "16 and over", "18+", "under 12s"
AGE = _Lazy(
    r"\baged?\s+(?:\d|under|over|between)|\b\d+\s*(?:\+|and\s+(?:over|up|older|above|under|"
    r"below|younger)\b|or\s+(?:over|older|above|under|younger)\b)|\b(?:over|under)[\s-]+\d+s?\b|"
    r"\b\d+[\s-]*years?[\s-]*olds?\b"  # "under-12s", "12 to 17 year olds"
)

# where a thing is reached: a URL, a host name ("stg.eu.tillerman.dev", "flags.internal"), an
# address ("10.4.2.21", "localhost:8080") or a path ("/api/v3", "/v1/instructions")
ADDRESS = _Lazy(
    r"\b[a-z][a-z0-9+.-]*://|\b(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|app|internal|local|lan|"
    r"corp|cloud|ai|co|uk|eu|us|de|fr|nl|ie|au|nz|ca|gov|edu|example|test)\b|"
    r"\b\d{1,3}(?:\.\d{1,3}){3}\b|\blocalhost\b|(?<![\w.])/[a-z0-9_.{}-]+(?:/[a-z0-9_.{}-]*)*",
    re.IGNORECASE,
)

# a number to ring: seven digits or more, grouped as people write them ("0161 496 0000",
# "+44 20 7946 0000", "(03) 9000 1234"), or a short number of its own ("999", "111")
PHONE = _Lazy(r"\+?\(?\d[\d ().-]{5,}\d|\b(?:999|911|111|112|101)\b")


# someone who oversees a job rather than doing it: approves, signs off or reviews it, or owns,
# maintains or wrote the code of it ("Dmitri Sokolov maintains the Mycoroute codebase")
OVERSEES = _Lazy(
    r"\b(?:approves|approved\s+by|approver|signs?\s+off|signed\s+off\s+by|reviews|reviewed\s+by|"
    r"reviewer)\b|"
    r"\b(?:owns|maintains|maintained\s+by|maintainer|wrote|written\s+by|looks\s+after)\b[^.;]{0,60}"
    r"\b(?:codebase|code|repo|repository|app|service|deploys?|deployments?|changes?|prs?|releases?|"
    r"pipeline|engine|module|schema|migrations?|merge\s+requests?)\b",
    re.IGNORECASE,
)
