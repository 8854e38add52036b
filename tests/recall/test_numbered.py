"""Numbered names a question asks about, and units about a sibling of one (pure)."""

from __future__ import annotations

import pytest

from hippograph.recall import numbered


@pytest.mark.parametrize(
    ("question", "marks"),
    [
        ("when does the 2.4 release reach every store?", {"2.4"}),
        ("what's the response target for a SEV2 page?", {"sev2"}),
        ("which fields did api v3 drop?", {"v3"}),
        ("the queue is long, when does 2.4 reach every store?", {"2.4"}),  # the closing question
        ("the panel reports 1.8.0. how do I update it?", set()),  # ... names none
        # no question word: a yes/no question names a version to ask whether it is the one
        ("is 2.4 the current release?", set()),
        ("we're on 1.8.0, is that current?", set()),
        # a condition before the question asks nothing of its version
        ("when 2.4 ships, do plugins need a rebuild?", set()),
        # plain numbers, dates, names with digits inside and amounts are no numbered names
        ("what happened on 2025-03-10 to the k8s nodes in eu-west-1 with 30 pods?", set()),
        ("what uses 4.2GB of memory?", set()),
        # a day of the week and a numbered thing ("round 7") pick one of a series too
        ("who's on the thursday collection route?", {"thursday"}),
        ("who's driving round 7 this saturday?", {"round 7", "saturday"}),
        ("what time does it run at 11 on mondays?", {"monday"}),  # "at 11" is no numbered thing
    ],
)
def test_the_numbered_names_a_question_asks_about(question: str, marks: set[str]) -> None:
    assert numbered.asked(question) == marks


@pytest.mark.parametrize(
    ("text", "another"),
    [
        ("Release 2.3 reached every store on 4 May.", True),  # a sibling, not the one asked
        ("Release 2.4 goes to every store on 9 June.", False),
        ("Release 2.4 follows 2.3 by six weeks.", False),  # names the one asked
        ("Every release reaches the stores within a week.", False),  # names none
        ("Release 2.4.1 is a hotfix.", False),  # another form: not a sibling
    ],
)
def test_a_unit_about_a_sibling_of_the_numbered_name(text: str, another: bool) -> None:
    assert numbered.names_another(frozenset({"2.4"}), text) is another


def test_a_tier_or_an_api_version_has_siblings_of_its_form() -> None:
    assert numbered.names_another(frozenset({"sev2"}), "SEV1 pages get a 15-minute response.")
    assert not numbered.names_another(frozenset({"sev2"}), "Pages go to the on-call phone.")
    assert numbered.names_another(frozenset({"v3"}), "API v2 added cursor pagination.")
    assert not numbered.names_another(frozenset(), "API v2 added cursor pagination.")


def test_a_day_or_a_numbered_thing_has_siblings() -> None:
    thursday = numbered.asked("who's on the thursday collection route this week?")
    assert numbered.names_another(thursday, "Phil drives the Wednesday collection route.")
    assert not numbered.names_another(thursday, "Phil drives the Thursday route, Ana Wednesday's.")
    assert not numbered.names_another(thursday, "Routes are planned by Roundsman.")
    round7 = numbered.asked("who's driving round 7?")
    assert numbered.names_another(round7, "Kemal drives round 3 every weekday.")
    assert not numbered.names_another(round7, "Round 7 covers the harbour cafes.")
