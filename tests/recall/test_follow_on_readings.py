"""Readings of stop 60: the question before a few words that follow on from it, whose presence
is asked about, a heads-up and being told as reminders and alerts, and what counts days."""

from __future__ import annotations

import pytest

from hippograph.recall import intent, relevance, same_things, stages
from hippograph.recall.answer_kind import expected
from hippograph.recall.answer_options import names_an_option
from hippograph.recall.answer_said import states
from hippograph.recall.asked import AnswerKind, Dimension
from hippograph.recall.asked_thing import asked_thing
from hippograph.recall.closing import before_follow_on
from hippograph.recall.short_forms import stem_of
from hippograph.recall.someone import names_someone


@pytest.mark.parametrize(
    ("prompt", "question"),
    [
        # the closing clause only follows on: the question is the one before its comma
        (
            "the rota is throwing errors - who's the on-call dev this weekend, can i ring them?",
            "who's the on-call dev this weekend?",
        ),
        (
            "customer has an old voucher - how long are our vouchers valid for, has it expired?",
            "how long are our vouchers valid for?",
        ),
        (
            "we moved the worker, what port is it on now, is that still 8080?",
            "what port is it on now?",
        ),
        # a remark that asks nothing follows on from nothing
        ("can the app send the cert to the landlord too, not just the tenant?", None),
        # the clause before opens no question
        ("the import failed again, any idea?", None),
    ],
)
def test_the_question_before_a_follow_on(prompt: str, question: str | None) -> None:
    assert before_follow_on(prompt) == question


def test_a_prompt_asks_what_the_question_before_its_follow_on_asks() -> None:
    on_call = expected(
        "the rota is throwing errors - who's the on-call dev this weekend, can i ring them?"
    )
    assert on_call is not None and on_call.kind is AnswerKind.PERSON
    valid = expected(
        "customer has an old voucher - how long are our vouchers valid for, has it expired?"
    )
    assert valid is not None and valid.dimension is Dimension.SPAN
    # the voucher's code length and price say nothing of how long it is valid
    assert not states(valid, {"text": "Gift voucher codes are 10 characters, uppercase."})
    assert states(valid, {"text": "Vouchers are valid for 24 months from purchase."})


def test_presence_is_asked_of_the_one_named() -> None:
    asked = expected("is mateus around next week? he has to approve the release")
    assert asked is not None and asked.kind is AnswerKind.PRESENCE
    assert not states(asked, {"text": "Priya can approve deploys if the approver is away."})
    assert states(asked, {"text": "Mateus is on leave from 3 to 14 March."})
    # "is she around?" names no one: anyone's leave may be hers
    she = expected("is she around next week?")
    assert she is not None and states(she, {"text": "Priya is away next week."})


def test_a_count_of_days_is_no_length() -> None:
    asked = expected("how many days until the lead usually turns up at the studio?")
    assert asked is not None
    assert not states(asked, {"text": "The reorder point for 6mm H-section came is 60 lengths."})
    assert states(asked, {"text": "Tamsin & Rudd deliver within 5 working days of a PO."})
    blade = expected("how long is the replacement blade?")
    assert blade is not None and states(blade, {"text": "Blades are 600mm."})


def test_how_long_is_answered_by_right_after() -> None:
    asked = expected("how long does a weighed tray normally take to show up on the dashboard?")
    assert asked is not None and asked.dimension is Dimension.TAKES
    assert states(asked, {"text": "Each entry uploads right after the picker saves the tray."})


@pytest.mark.parametrize(
    ("question", "kind", "ahead"),
    [
        ("who actually did the hands-on postgres upgrade on cartoon?", AnswerKind.PERSON, False),
        ("what date are we putting the east window back in?", AnswerKind.TIME, True),
        ("what date did we take the east window out?", AnswerKind.TIME, False),
    ],
)
def test_who_did_it_and_what_date_it_is_being_done(
    question: str, kind: AnswerKind, ahead: bool
) -> None:
    asked = expected(question)
    assert asked is not None and asked.kind is kind and asked.ahead is ahead


def test_still_keeping_from_that_far_back_asks_how_long_things_are_kept() -> None:
    asked = expected("do we still keep db dumps from that far back?")
    assert asked is not None and asked.dimension is Dimension.KEPT
    assert not states(asked, {"text": "The nightly dump job runs at 02:30 UK time."})
    assert states(asked, {"text": "Dumps are kept for 30 days."})


def test_an_option_is_named_as_a_part_of_a_glued_name() -> None:
    options = frozenset({"flux", "plain", "sql"})
    assert names_an_option(options, "Readings now live in PostgreSQL 16.")
    assert not names_an_option(frozenset({"flux"}), "The old InfluxDB instance is off.")
    assert not names_an_option(frozenset({"db"}), "The old InfluxDB instance is off.")


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("when will she get the heads-up text from us?", "reminders now go out 24 hours before"),
        ("how does whoever's on call actually get told?", "alerts now go by SMS to the rota"),
    ],
)
def test_a_heads_up_and_being_told_are_said_as_reminders_and_alerts(
    question: str, said: str
) -> None:
    terms = same_things.expand(
        question, relevance.query_terms(intent.shape(question).content_terms)
    )
    assert relevance.term_hits(terms, said) >= 1


def test_told_that_is_no_alert() -> None:
    question = "we were told that the export is slow, is it?"
    terms = same_things.expand(
        question, relevance.query_terms(intent.shape(question).content_terms)
    )
    assert relevance.term_hits(terms, "export alerts go to the ops channel") == 1  # "export" only


def test_the_question_a_long_prompt_closes_with_is_met_in_other_words() -> None:
    prompt = "the hotfix is green on staging and ready for prod, who do i need the go-ahead from?"
    terms = stages._closing_terms(prompt)
    assert terms is not None
    assert relevance.term_hits(terms, "Production deploys are now approved by Tomasz.") >= 1


def test_a_two_letter_name_asked_which_one_of_is_a_term() -> None:
    shaped = intent.shape("count the trumpet ranks across instruments, what db am i connecting to?")
    assert "db" in shaped.content_terms
    assert "db" not in intent.shape("whats the ttl on the vault tokens that ci gets").content_terms


def test_a_count_of_another_thing_does_not_count_the_thing_asked() -> None:
    asked = expected("how many pipes in total does the Aldbury Hall organ have?")
    pipes = [stem_of("pipes")]
    inventory = "The Aldbury Hall pipe inventory lists 11 ranks of reeds."
    assert relevance.counts_another(asked, pipes, inventory)
    assert not relevance.counts_another(asked, pipes, "The organ has 2,114 pipes.")
    ratio = expected("how many instructors does a beginner group need?")
    instructors = [stem_of("instructors")]
    assert not relevance.counts_another(ratio, instructors, "6 students per instructor at most")
    # a unit that does not name the thing is judged by meaning (asks_another_thing)
    assert not relevance.counts_another(asked, pipes, "The organ has 11 ranks.")


def test_who_is_on_call_is_not_answered_by_a_teams_rota() -> None:
    on_call = frozenset({"on-call", "oncall"})
    assert not names_someone(
        "Errors page the on-call dev through the team's Opsgenie rota.", on_call
    )
    assert names_someone("the team's rota decides", frozenset())  # who gets paged: the team
    assert names_someone("the on-call developer is Priya", on_call)
    assert not names_someone("the developer is responsible")


def test_what_distance_asks_for_a_distance() -> None:
    asked = expected("if an interpreter never set a travel radius, what distance does rota assume?")
    assert asked is not None and asked.dimension is Dimension.DISTANCE
    assert states(asked, {"text": "Rota assumes 25 miles when no radius is set."})
    assert not states(asked, {"text": "Rota offers bookings only within an interpreter's radius."})


def test_a_denied_verb_closes_what_is_asked_for() -> None:
    assert asked_thing("which postcode areas don't we cover on saturdays?") == ("postcode", "areas")
    assert asked_thing("which postcode areas do we cover on saturdays?") == ("postcode", "areas")


def test_a_reported_question_says_which_date_a_short_closing_asks_for() -> None:
    asked = expected("insurer asks when we last tested restoring from backup, do we know the date?")
    assert asked is not None and asked.dimension is Dimension.LAST
    assert not states(asked, {"text": "The nightly database dump runs at 03:30."})
    assert states(asked, {"text": "We last tested restoring from backup on 4 March."})


def test_the_oldest_version_of_a_platform_names_the_platform() -> None:
    asked = expected("what's the lowest android version the app supports?")
    assert asked is not None and asked.dimension is Dimension.VERSION
    assert not states(asked, {"text": "The app is built with React Native 0.74."})
    assert states(asked, {"text": "The app supports Android 10 and later."})
    any_os = expected("what's the oldest os the kiosk runs on?")
    assert any_os is not None and states(any_os, {"text": "Kiosks run Debian 12."})


@pytest.mark.parametrize(
    ("question", "said", "answers"),
    [
        (
            "who's driving the city centre route on thursday?",
            "Dmitri maintains the route codebase.",
            False,
        ),
        (
            "who's driving the city centre route on thursday?",
            "Kemal Aydin, who drives the city centre route, starts at six.",
            True,
        ),
        ("who's actually doing the washout on no. 5?", "Tobias signs off washout records.", False),
        ("who did the hands-on postgres upgrade?", "Morwenna approves production deploys.", False),
        (
            "who did the hands-on postgres upgrade?",
            "Femi Adeyemi, who did the Postgres 16 upgrade, is back on Monday.",
            True,
        ),
        # who handles or decides it may be who approves it
        ("who handles refunds now?", "Refunds are approved by Sam Ortiz.", True),
    ],
)
def test_someone_who_oversees_a_job_is_not_who_does_it(
    question: str, said: str, answers: bool
) -> None:
    asked = expected(question)
    assert asked is not None and asked.kind is AnswerKind.PERSON
    assert states(asked, {"text": said}) is answers


def test_whose_presence_is_asked_is_no_word_the_answer_must_share_besides() -> None:
    question = "is mateus around next week?"
    asked = expected(question)
    assert asked is not None and asked.names == frozenset()
    terms = relevance.query_terms(intent.shape(question).content_terms)
    asked_for = frozenset(relevance.stem(w) for w in asked.names)
    said = "Mateus is on leave from 3 to 14 March."
    assert relevance.is_relevant(terms, said, 0.45, asked_for)
