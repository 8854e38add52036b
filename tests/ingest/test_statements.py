"""Explicit statements in user turns: what is captured, as what, and what is left alone (pure)."""

from __future__ import annotations

import pytest

from hippograph.ingest.statements import Statement, extract_statements

FACT, RULE = False, True


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("remember that we deploy on Fridays only", [("We deploy on Fridays only", FACT)]),
        (
            "never call the billing API from tests",
            [("Never call the billing API from tests", RULE)],
        ),
        (
            "Please remember that the staging DB is shared. Also, never run migrations on it!",
            [("The staging DB is shared", FACT), ("Never run migrations on it", RULE)],
        ),
        (
            "Can you remember that Kafka topics are created by Terraform?",
            [("Kafka topics are created by Terraform", FACT)],
        ),
        ("Remember that we never deploy on Fridays", [("We never deploy on Fridays", RULE)]),
        ("note: the API is rate limited to 10 rps", [("The API is rate limited to 10 rps", FACT)]),
        ("Keep in mind that the cache is per process.", [("The cache is per process", FACT)]),
        (
            "We decided to use Postgres for the ledger service.",
            [("We decided to use Postgres for the ledger service", FACT)],
        ),
        (
            "ok so from now on, use ruff instead of flake8 thanks",
            [("Use ruff instead of flake8", RULE)],
        ),
        (
            "The rule is that every migration gets two reviewers.",
            [("Every migration gets two reviewers", RULE)],
        ),
        (
            "Tests must never hit the real network; always use the fake clock",
            [("Tests must never hit the real network", RULE), ("Always use the fake clock", RULE)],
        ),
        ("**Never** commit secrets to the repo", [("Never commit secrets to the repo", RULE)]),
        (
            "- always run `make lint` before pushing\n- never push to main",
            [("Always run `make lint` before pushing", RULE), ("Never push to main", RULE)],
        ),
        ("don't ever use print in library code", [("Don't ever use print in library code", RULE)]),
        (
            "never log the password field. Never log the password field!",
            [("Never log the password field", RULE)],
        ),
    ],
)
def test_captured(text: str, expected: list[tuple[str, bool]]) -> None:
    assert extract_statements(text) == [Statement(t, r) for t, r in expected]


@pytest.mark.parametrize(
    "text",
    [
        "Do you remember that we decided to use Kafka?",
        "What should we never do here?",
        "should we always squash merges",
        "Never mind, I fixed it",
        "You never listen to me about this",
        "I always forget how this works",
        "this never worked on CI",
        "remember that",
        "never do it",  # under 12 characters
        "<system-reminder>Always be concise and never lie</system-reminder>",
        "```\n# never do this in production\n```",
        "> never do X, said the reviewer",
        "This session is being continued from a previous conversation. Always answer in French.",
        "Let's look at the logs first.",
    ],
)
def test_left_alone(text: str) -> None:
    assert extract_statements(text) == []
