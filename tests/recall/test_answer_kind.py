"""What kind of answer a short question asks for, and which units state one (pure)."""

from __future__ import annotations

import pytest

from hippograph.recall.answer_kind import AnswerKind, expected, states


@pytest.mark.parametrize(
    ("query", "kind"),
    [
        ("when did we freeze the v1 API?", AnswerKind.TIME),
        ("Since when do we use pnpm?", AnswerKind.TIME),
        ("what time is the standup?", AnswerKind.TIME),
        ("which day do we deploy?", AnswerKind.TIME),
        ("how many partitions does the invoice.events topic have?", AnswerKind.QUANTITY),
        ("How long do we keep backups?", AnswerKind.QUANTITY),
        ("how often do we release the mobile app?", AnswerKind.QUANTITY),
        ("when I run make test it fails with a timeout", None),  # a report, not a question
        ("what's the memory limit on the billing-api pods?", AnswerKind.MEASURE),
        ("what port is route-planner listening on?", AnswerKind.MEASURE),
        ("which python version do our services run?", AnswerKind.MEASURE),
        ("device-registry port?", AnswerKind.MEASURE),  # terse: no question word
        ("node version for the console build?", AnswerKind.MEASURE),
        ("what is the backup interval?", AnswerKind.MEASURE),
        ("what's the session timeout?", AnswerKind.MEASURE),
        ("which version control system do we use?", None),  # names no setting
        ("what capacity mode does the orders table use?", None),
        ("what exchange rate provider do we use?", None),
        ("what causes the latency spikes on checkout?", None),  # not right after "what"
        ("which team owns the rate limits?", None),
        ("where is the rate limit configured?", None),  # asks where, not for the value
        ("how is the timeout configured?", None),
        ("why is checkout latency so high?", None),
        ("who owns the latency dashboards?", None),
        ("is there a rate limit on the export endpoint?", None),
        ("timeout errors in checkout?", None),
        ("port forwarding broken?", None),
        ("update the port to 8041?", None),
        ("what vm size are the aks worker nodes", None),  # a size may be a name: "m5.large"
        ("fix the rate limiter in the api", None),
        ("api timeout retries", None),  # topics, not a question
        ("update the port in docker compose to 8041", None),  # an instruction, not a question
        ("what do you think about the size of this PR and whether to split it", None),
        ("how do I run the notifier tests?", None),
        ("when did we " + "really " * 40 + "freeze it?", None),  # a pasted prompt, not a question
    ],
)
def test_expected(query: str, kind: AnswerKind | None) -> None:
    assert expected(query) is kind


@pytest.mark.parametrize(
    ("text", "time", "quantity"),
    [
        ("v1 is frozen; v2 takes new endpoints.", False, False),  # names with digits say nothing
        ("The upload buckets live in eu-central-1.", False, False),
        ("billing-api runs 3 replicas in production.", False, True),
        ("The billing cron runs at 04:30 UTC.", True, True),
        ("We froze v1 in March.", True, False),
        ("Released on 2024-10-13.", True, False),  # a date is not a quantity
        ("We deploy on any weekday except Friday afternoons.", True, False),
        ("Deploys run on Tuesdays.", True, False),
        ("PRs need two approvals.", False, True),
        ("The mobile release train is weekly.", True, True),
        ("Catalog cache TTL is 5m.", False, True),
        ("Checkout SLO is 99.5%.", False, True),
        ("API keys never expire.", False, True),
    ],
)
def test_states(text: str, time: bool, quantity: bool) -> None:
    unit = {"kind": "fact", "text": text}
    assert states(AnswerKind.TIME, unit) is time
    assert states(AnswerKind.QUANTITY, unit) is quantity
    assert states(None, unit)


@pytest.mark.parametrize(
    ("text", "measure"),
    [
        ("The API listens on port 8040.", True),
        ("All Python services run Python 3.12.", True),
        ("The public API rate limit is 600 requests per minute.", True),
        ("Use the v2 client; v1 is frozen.", True),
        ("The AKS node pool runs Standard_D8s_v5 VMs.", True),  # a value may be a name
        ("Workers run on m5.large instances.", True),
        ("Backups run nightly.", True),  # a value in words
        ("Sessions time out after one hour of inactivity.", True),
        ("Feature-flag cache entries never expire.", True),
        ("route-planner is a Rust service; its crate lives in crates/route-planner.", False),
        ("dispatch-gateway retries route-planner calls twice.", False),  # a count, not a value
        ("route-planner is deployed to k8s, its assets in S3.", False),  # names, not values
    ],
)
def test_a_value_is_a_number_a_name_with_digits_or_words_for_one(text: str, measure: bool) -> None:
    assert states(AnswerKind.MEASURE, {"kind": "fact", "text": text}) is measure


def test_a_time_the_unit_carries_counts() -> None:
    assert states(AnswerKind.TIME, {"kind": "episode", "text": "we froze it"})
    assert states(AnswerKind.TIME, {"kind": "fact", "text": "v1 is frozen", "valid_from": 1})
    assert not states(AnswerKind.QUANTITY, {"kind": "episode", "text": "we froze it"})
