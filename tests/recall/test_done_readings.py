"""Readings of stop 59: what a "can / does … ?" question asks a thing to do, a why of something
that has not happened, a choice of whether a thing still holds, and who signed something off."""

from __future__ import annotations

import pytest

from hippograph.recall import intent, same_things
from hippograph.recall.answer_kind import expected
from hippograph.recall.answer_options import options_named
from hippograph.recall.answer_said import states
from hippograph.recall.asked import AnswerKind, Dimension
from hippograph.recall.asked_thing import asked_thing


@pytest.mark.parametrize(
    ("question", "thing"),
    [
        # the words that end the question's first clause name what it is asked to do
        ("can the billing api send webhooks?", ("send", "webhooks")),
        ("does the kiosk app come in welsh at all?", ("welsh",)),
        ("will the exporter write parquet files, or only csv?", ("parquet", "files")),
        ("does the mobile app sync photos automatically?", ("sync", "photos")),
        # a time at the end is when, not what: "on thursday", "this weekend"
        ("can the planner give Ana a ten hour shift on thursday?", ("hour", "shift")),
        # a purpose after "to" is why: the thing is before it
        ("can the rota bot post reminders to cover the gaps?", ("post", "reminders")),
        # nothing is named when the end is a pronoun, an idiom or a side
        ("can the portal do that for them?", ()),
        ("does the cleaner rewrite rows in place?", ()),
        ("can we roll the firmware out from our side?", ()),
        # "can I / can we …" asks whether the asker may: a rule answers in its own words
        ("can i deploy the fix to prod this afternoon?", ()),
        # and "can I use X in Y?" whether a version allows it
        ("does the gateway use virtual threads in its consumer loop?", ()),
        # the question ends at its question mark
        ("does the map show traffic? asking for the drivers", ("show", "traffic")),
        # "how much …" names what it measures, "how many of … are …" what the counted are
        ("how much deposit do we take for a hire?", ("deposit",)),
        ("how much is the hire?", ()),
        ("how many of our vans are electric at the moment?", ("electric",)),
    ],
)
def test_what_a_yes_no_question_asks_it_to_do(question: str, thing: tuple[str, ...]) -> None:
    assert asked_thing(question) == thing


@pytest.mark.parametrize(
    ("question", "reason"),
    [
        ("why is the nightly export pinned to one worker?", True),
        # why something expected has not happened: the rule of when it does answers
        ("why hasn't the reorder alert fired for the oat milk?", False),
        ("why didnt anyone get paged last night?", False),
        ("how come the report isn't being emailed any more?", False),
    ],
)
def test_a_why_not_asks_for_the_rule_not_a_reason(question: str, reason: bool) -> None:
    asked = expected(question)
    assert (asked is not None and asked.kind is AnswerKind.REASON) is reason


def test_a_choice_of_whether_a_thing_still_holds_names_no_options() -> None:
    assert options_named("do we still accept the old vouchers or refund them?") == frozenset()
    assert options_named("are the vouchers paper or digital?") == frozenset({"paper", "digital"})


@pytest.mark.parametrize(
    ("question", "kind", "dimension"),
    [
        # "any idea of the …?" asks "what's the …?"
        ("any idea of the per message price?", AnswerKind.QUANTITY, Dimension.MONEY),
        ("any idea who owns the invoicing job?", AnswerKind.PERSON, None),
        # who signed it off, who approved it: someone
        ("who signed the new logo off?", AnswerKind.PERSON, None),
        ("who approved the wording on the certificate?", AnswerKind.PERSON, None),
        # roughly what time: a time of day
        ("roughly what time does the courier turn up?", AnswerKind.TIME, Dimension.CLOCK),
    ],
)
def test_what_is_asked(question: str, kind: AnswerKind, dimension: Dimension | None) -> None:
    asked = expected(intent.question_of(question))
    assert asked is not None
    assert (asked.kind, asked.dimension) == (kind, dimension)


@pytest.mark.parametrize(
    ("question", "text", "answers"),
    [
        # someone whose approval is needed is someone
        (
            "who do I chase to get the loan approved?",
            "Loans now need approval from Rhian Oduya, Head of Lending.",
            True,
        ),
        ("who signed the new logo off?", "The logo files are in the brand folder.", False),
        # a habit is no last time: "reviewed every quarter"
        (
            "when did we last raise the price of the house blend?",
            "Retail prices are reviewed every quarter against costs.",
            False,
        ),
        (
            "when did we last raise the price of the house blend?",
            "The house blend went up to £9 in March 2025.",
            True,
        ),
    ],
)
def test_whether_a_statement_says_it(question: str, text: str, answers: bool) -> None:
    asked = expected(intent.question_of(question))
    assert asked is not None
    assert states(asked, {"kind": "fact", "text": text}) is answers


@pytest.mark.parametrize(
    ("question", "others"),
    [
        ("who has to approve the footer change?", ["sign"]),
        ("who signs off the price list?", ["approve", "approval"]),
        ("when will their next bill land?", ["invoice"]),
        ("what goes on the bill of materials?", []),
        ("who do i need the go ahead from?", ["approve", "approval", "sign"]),
        ("the tank is at 20% and nobody got pinged", ["alert", "warn", "notify", "notification"]),
        ("brazil players see a 200ms ping", []),
    ],
)
def test_a_phrase_is_read_in_its_other_words(question: str, others: list[str]) -> None:
    assert same_things.alternatives(question) == others
