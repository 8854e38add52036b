"""Readings of what a question asks and whether a statement says it (stop 58): a question before a
closing remark, "how long's …", a rate or a code named rather than given, the end of a thing's
life, a day of a month that counts nothing, a moment the question says itself."""

from __future__ import annotations

import pytest

from hippograph.recall import intent, relevance, same_things
from hippograph.recall.answer_kind import expected
from hippograph.recall.answer_options import picked_by_length
from hippograph.recall.answer_said import states
from hippograph.recall.asked import AnswerKind, Dimension
from hippograph.recall.closing import closing_question


def _reads(question: str) -> tuple[AnswerKind | None, Dimension | None]:
    asked = expected(intent.question_of(question))
    return (asked.kind if asked else None, asked.dimension if asked else None)


@pytest.mark.parametrize(
    ("question", "kind", "dimension"),
    [
        # "long's" is "long is"
        ("how long's the delay before a refund shows?", AnswerKind.QUANTITY, Dimension.SPAN),
        ("how often's the price list pulled?", AnswerKind.QUANTITY, Dimension.OFTEN),
        # the question between its context and a closing remark, after the context's last break
        (
            "van no. 3 is due its MOT - who's actually doing the paperwork on it? need to "
            "hand over the logbook",
            AnswerKind.PERSON,
            None,
        ),
        ("who is handling the office move?", AnswerKind.PERSON, None),
        ("who's doing it?", None, None),
        # the dates of something, not their format
        ("what are the dates for the summer fete?", AnswerKind.TIME, Dimension.DATE),
        ("what are the date formats we accept?", None, None),
        # whether someone will be around, or free to take a job named before
        ("is priya going to be around over easter?", AnswerKind.PRESENCE, None),
        ("is tom gonna be away next week?", AnswerKind.PRESENCE, None),
        (
            "boiler service booked for friday in Leek - is Dana free to take it?",
            AnswerKind.PRESENCE,
            None,
        ),
        # how far back backups go is how long they are kept
        ("how far back do the nightly snapshots go?", AnswerKind.QUANTITY, Dimension.KEPT),
    ],
)
def test_what_is_asked_however_it_is_typed(
    question: str, kind: AnswerKind | None, dimension: Dimension | None
) -> None:
    assert _reads(question) == (kind, dimension)


@pytest.mark.parametrize(
    ("question", "text", "answers"),
    [
        # no time at all answers how long
        ("how long's the lag before stock shows online?", "Stock updates instantly.", True),
        # a rate by its name
        (
            "what rate do we bill a sunday call-out at?",
            "Sunday call-outs are billed at the weekend rate.",
            True,
        ),
        (
            "which rate does the shop charge VAT at?",
            "The shop charges VAT at the standard rate.",
            True,
        ),
        ("what rate do we bill a sunday call-out at?", "Call-outs are logged in Beacon.", False),
        # the end of a thing's life answers how long it stays
        (
            "how long can a ladder stay in use before we scrap it?",
            "Ladders are retired six years after purchase.",
            True,
        ),
        (
            "how long can a ladder stay in use before we scrap it?",
            "Ladders are inspected by Sam.",
            False,
        ),
        # a day of a month counts nothing
        (
            "how many visitors can we let in per tour?",
            "The castle opens for tours from 1 October.",
            False,
        ),
        (
            "how many visitors can we let in per tour?",
            "Tours take 25 visitors from 1 October.",
            True,
        ),
        # "until …" in a statement is no length of a thing asked in minutes
        (
            "how many minutes is the fire safety video?",
            "Staff cannot clock in until the fire safety video is watched.",
            False,
        ),
        (
            "how long is the site closed?",
            "The site is closed until the audit finishes.",
            True,
        ),
        # a moment the question names itself is no answer
        (
            "when is the live chat going live?",
            "The live chat widget uses the same session cookie as the shop.",
            False,
        ),
        ("when is the live chat going live?", "The live chat goes live on 4 March.", True),
    ],
)
def test_what_answers_it(question: str, text: str, answers: bool) -> None:
    assert states(expected(intent.question_of(question)), {"text": text}) is answers


def test_a_code_is_picked_by_its_length() -> None:
    assert picked_by_length(frozenset({"gb", "gbr"}), "Countries are stored as three-letter codes.")
    assert picked_by_length(frozenset({"1234", "123456"}), "PINs are 6-digit numbers.")
    assert not picked_by_length(frozenset({"abc", "xyz"}), "Codes have three letters.")
    assert not picked_by_length(frozenset({"gb", "gbr"}), "Countries are stored as names.")
    assert not picked_by_length(frozenset({"postgres", "mysql"}), "We use a 5-letter word.")
    assert states(
        expected("should the country column hold gb or gbr?"),
        {"text": "Country codes moved to the three-letter ISO form."},
    )


def test_a_slip_of_the_hand_still_matches_its_word() -> None:
    assert relevance.matched(["invoc"], "The invoice batch runs on Fridays.") == {"invoc"}
    assert relevance.matched(["reciev"], "Receipts are received by the till.")  # "recieve"
    # one letter replaced is another word
    assert not relevance.matched(["clone"], "Close the ticket.")


def test_small_talk_about_everyones_weekend_is_silent() -> None:
    assert intent.shape("how was everyone's weekend?").social
    assert not intent.shape("how was the deploy?").social


def test_the_on_call_rota_is_no_one_on_call() -> None:
    asked = expected("who's on call for the shop this weekend?")
    assert not states(asked, {"text": "Shop incidents are paged through the on-call rotation."})
    assert states(asked, {"text": "Kim is on call for the shop this weekend."})
    # but it is whom a page goes to
    assert states(
        expected("who gets paged when the shop is down?"),
        {"text": "Shop incidents are paged through the on-call rotation."},
    )


@pytest.mark.parametrize(
    "text",
    [
        "tgif",
        "roger that",
        "anytime!",
        "my pleasure",
        "speak soon",
        "talk later",
        "proud of you lot",
        "what a day",
        "long week",
        "time flies",
        "it's freezing today",
        "raining again",
        "so hot in the office",
        "can't believe it's december already",
        "phew, that was close",
        "no problem at all",
        "thank god it's friday",
        "how's your week been?",
        "okie dokie",
    ],
)
def test_how_the_day_went_and_sign_offs_are_silent(text: str) -> None:
    assert intent.shape(text).is_silent


@pytest.mark.parametrize(
    "text",
    [
        "the long day job failed",
        "so hot reload is broken",
        "what a day, the deploy failed twice",
        "raining again so the sensor reads high",
        "is the ack timeout still 30s?",
    ],
)
def test_a_remark_about_a_thing_is_no_small_talk(text: str) -> None:
    assert not intent.shape(text).is_silent


def test_money_back_an_ok_from_and_a_lapse_are_said_in_other_words() -> None:
    assert same_things.alternatives("are they entitled to their money back?") == ["refund"]
    assert "approve" in same_things.alternatives("who do I need the OK from?")
    assert "expire" in same_things.alternatives("has the quote lapsed?")
    assert "expire" in same_things.alternatives("my permit ran out last week")
    assert same_things.alternatives("the shop ran out of milk") == []
    terms = same_things.expand("can they get their money back?", [("money",), ("back",)])
    assert relevance.term_hits(terms, "Refunds are given up to 48 hours before.") == 2


def test_the_question_before_a_closing_remark_is_the_closing_question() -> None:
    assert (
        closing_question("van no. 3 is due its MOT - who's doing the paperwork? need the logbook")
        == "who's doing the paperwork?"
    )
    assert closing_question("checkout is down, where are the stack traces?") == (
        "where are the stack traces?"
    )
    assert closing_question("no question here. anyway?") is None


def test_a_second_question_after_the_question_mark_is_no_remark() -> None:
    prompt = (
        "adds an index via alembic. who approves migrations? and do I need a downgrade() for it"
    )
    assert expected(prompt) is None
    assert closing_question(prompt) is None
