"""Explicit memory statements in what a user wrote: "remember that …", "never …", "we decided …".

Pure and deterministic: no model, no database. The session-capture hook runs it over the
user's turns of a transcript and records each statement as a hypothesis. It errs towards
missing a statement rather than inventing one: questions, quoted text, code blocks, tool
output wrapped in tags and observations ("this never worked") are left alone.

Triggers, at the start of a sentence (after "please", "also", "ok", ...):

- wrappers, cut from the statement: "remember (that)", "note that", "keep/bear in mind (that)",
  "don't forget (that)", "for the record", "from now on", "going forward", "the rule is (that)";
- kept as written: "we decided/agreed/chose …", "never …", "always …", "don't ever …";
- anywhere in the sentence: "<someone> must/should never|always …" and "we never|always …" (not
  "you never …", which is more often a complaint than a rule).

"never", "always", "don't ever", "from now on", "going forward" and "the rule is" make a rule,
everything else a fact.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MIN_CHARS = 12
MAX_CHARS = 400

# Blocks that are not the user's own words: tool output and hook context Claude Code wraps in
# tags (<system-reminder>, <command-name>, <local-command-stdout>, ...), fenced code, quotes.
_TAGGED = re.compile(r"<([A-Za-z][\w-]*)(?:\s[^>]*)?>.*?</\1>", re.DOTALL)
_FENCE = re.compile(r"^\s*(```|~~~).*?^\s*\1[^\n]*$", re.DOTALL | re.MULTILINE)
_EMPHASIS = re.compile(r"(\*\*|__)(.+?)\1")
_BULLET = re.compile(r"^\s*(?:[-*+•]|\d{1,3}[.)])\s+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"'“(\[`A-Z])|;\s+")
_COMPACT_SUMMARY = "this session is being continued from a previous conversation"

# Spoken glue before a statement: "ok,", "please", "also", "by the way", "one more thing:".
_LEAD = re.compile(
    r"^(?:ok(?:ay)?|alright|also|and|but|so|oh|hey|btw|by the way|ps|p\.s\.|please|pls|just"
    r"|important(?:ly)?|one more thing|one last thing|actually)(?!\w)[\s,:;!.\-–—]*",
    re.IGNORECASE,
)
_TAIL = re.compile(r"(?:[,;]?\s*\b(?:thanks|thank you|thx)|,\s*please)?[\s.!]*$", re.IGNORECASE)

# Wrappers: (pattern, makes a rule). The statement is what follows.
_WRAPPERS: tuple[tuple[re.Pattern[str], bool], ...] = tuple(
    (re.compile(p, re.IGNORECASE), rule)
    for p, rule in (
        (
            r"^(?:(?:can|could|would|will)\s+you\s+)?(?:please\s+)?(?:remember|memori[sz]e)\s*(?:that\b|[:,\-–—])\s*",
            False,
        ),
        (r"^(?:please\s+)?note\s*(?:that\b|:)\s*", False),
        (r"^n\.?b\.?\s*[:,]\s*", False),
        (r"^(?:please\s+)?(?:keep|bear)\s+in\s+mind\s*(?:that\b|[:,\-–—])?\s*", False),
        (r"^(?:please\s+)?(?:don'?t|do\s+not)\s+forget\s*(?:that\b|[:,\-–—])\s*", False),
        (r"^for\s+(?:the\s+record|future\s+reference)\s*[:,\-–—]?\s*", False),
        (r"^(?:from\s+now\s+on|going\s+forward|from\s+here\s+on(?:\s+out)?)\s*[:,\-–—]?\s*", True),
        (r"^(?:the|our|my|a\s+hard)\s+rule\s+(?:is|here\s+is)\s*(?:that\b|[:,\-–—])?\s*", True),
    )
)
# Statements kept whole.
_DECIDED = re.compile(
    r"^(?:we|i|the\s+team)\s+(?:have\s+|'ve\s+|had\s+|'d\s+)?(?:decided|agreed|chose|settled\s+on)\b"
    r"|^(?:we|i)'ve\s+(?:decided|agreed|chosen|settled\s+on)\b|^the\s+decision\s+(?:is|was)\b",
    re.IGNORECASE,
)
_RULE_START = re.compile(
    r"^(?:never(?!\s*mind)|always|(?:don'?t|do\s+not)\s+ever)\b", re.IGNORECASE
)
_RULE_INSIDE = re.compile(
    r"\b(?:must|should|shall|has\s+to|have\s+to|need\s+to|needs\s+to)\s+(?:never|always)\b"
    r"|\bwe\s+(?:(?:will|shall)\s+)?(?:never|always)\b",
    re.IGNORECASE,
)
_QUESTION = re.compile(
    r"^(?:what|why|how|who|whom|whose|where|when|which|should|shall|could|would|can|will|may|might|is|are|was"
    r"|were|am|does|did|have|has|do\s+(?:we|you|i|they|it|these|those|this|that))\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Statement:
    """A statement to remember: its text and whether it is a rule (else a fact)."""

    text: str
    is_rule: bool


def is_compaction_summary(text: str) -> bool:
    """True for the summary Claude Code writes as a user turn after compacting
    (not the user's words)."""
    return text.lstrip().casefold().startswith(_COMPACT_SUMMARY)


def extract_statements(text: str) -> list[Statement]:
    """The explicit statements in one user turn, in order, each once."""
    if is_compaction_summary(text):
        return []
    found: list[Statement] = []
    seen: set[str] = set()
    for sentence in _sentences(text):
        statement = _statement(sentence)
        if statement is not None and statement.text.casefold() not in seen:
            seen.add(statement.text.casefold())
            found.append(statement)
    return found


def _sentences(text: str) -> list[str]:
    text = _FENCE.sub("\n", _TAGGED.sub("\n", text))
    out: list[str] = []
    for line in text.splitlines():
        if line.lstrip().startswith(">"):
            continue  # quoted: someone else's words
        line = _EMPHASIS.sub(r"\2", _BULLET.sub("", line)).strip()
        out.extend(part.strip() for part in _SENTENCE_END.split(line) if part.strip())
    return out


def _statement(sentence: str) -> Statement | None:
    """The statement a sentence makes, or None when it has no trigger or is a question."""
    body = _strip_lead(sentence)
    polite = re.match(
        r"^(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:remember|memori[sz]e)\b", body, re.I
    )
    if body.endswith("?") and not polite:
        return None
    wrapped_rule: bool | None = None
    for pattern, is_rule in _WRAPPERS:
        match = pattern.match(body)
        if match and body[match.end() :].strip():
            body, wrapped_rule = _strip_lead(body[match.end() :]), is_rule
            break
    body = _TAIL.sub("", body).rstrip("?").strip()
    if len(body) < MIN_CHARS or len(body) > MAX_CHARS or _QUESTION.match(body):
        return None
    is_rule = bool(_RULE_START.match(body) or _RULE_INSIDE.search(body))
    if wrapped_rule is None and not is_rule and not _DECIDED.match(body):
        return None
    return Statement(text=body[0].upper() + body[1:], is_rule=is_rule or bool(wrapped_rule))


def _strip_lead(text: str) -> str:
    """The text without leading spoken glue ("ok, also, please ...")."""
    while True:
        match = _LEAD.match(text)
        if not match or match.end() == 0 or not text[match.end() :].strip():
            return text.strip()
        text = text[match.end() :]
