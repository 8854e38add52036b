"""Opposites in a question: a unit naming only the other side of a pair answers nothing."""

from __future__ import annotations

import pytest

from hippograph.recall.opposites import names_the_other, sides


@pytest.mark.parametrize(
    ("question", "text", "other"),
    [
        ("who approves an incoming loan?", "Owen approves outgoing loans.", True),
        ("who approves an incoming loan?", "Owen approves every loan.", False),  # neither side
        ("who approves an incoming loan?", "Incoming and outgoing loans go to Owen.", False),
        ("which region hosts staging?", "Production runs in eu-west-1.", True),
        ("which region hosts staging?", "prod runs in eu-west-1.", True),  # a short form
        ("which region hosts staging?", "The staging-db runs in eu-west-1.", False),
        ("what's the max upload size?", "Downloads are capped at 2 GB.", True),
        ("what's the max upload size?", "Files up to 2 GB are accepted.", False),
        ("does the android app support passkeys?", "The iOS app supports passkeys.", True),
        ("when is the weekend cutoff?", "Orders close at 16:00 on weekdays.", True),
        ("how long are builds kept?", "Production builds are kept 30 days.", False),  # no side
    ],
)
def test_a_unit_naming_only_the_other_side_answers_nothing(
    question: str, text: str, other: bool
) -> None:
    assert names_the_other(sides(question), text) is other


def test_the_sides_a_text_names() -> None:
    assert sides("which back-end serves the iPad app?") == sides("backend for iOS")
    assert sides("how long are builds kept?") == frozenset()
