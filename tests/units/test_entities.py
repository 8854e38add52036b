"""SameEntityScore: the pure score, each threshold's outcome, and resolution through remember."""

from __future__ import annotations

import pytest

from hippograph.graph.client import Graph
from hippograph.memory import Memory
from hippograph.units import entities
from hippograph.units.entities import EntityView, Mention, decide, same_entity_score

USER = {"source": "user", "source_ref": "chat#1"}


@pytest.mark.parametrize(
    "score,action",
    [
        (0.95, "merge"),
        (0.92, "merge"),
        (0.9, "same_as"),
        (0.82, "same_as"),
        (0.7, "ambiguous"),
        (0.65, "ambiguous"),
        (0.64, "new"),
        (0.1, "new"),
    ],
)
def test_thresholds(score: float, action: str) -> None:
    assert decide(score) == action


def test_weights_follow_the_spec() -> None:
    assert entities.WEIGHTS == {
        "name": 0.30,
        "alias": 0.20,
        "context": 0.20,
        "neighborhood": 0.15,
        "temporal": 0.10,
        "source": 0.05,
    }


def test_each_band_from_real_parts() -> None:
    pg = EntityView(
        id="e1",
        name="Postgres",
        aliases=("pg",),
        contexts=("Postgres stores orders",),
        neighbors=frozenset({"orders"}),
    )
    exact, _ = same_entity_score(
        Mention("postgres", "orders live in Postgres", frozenset({"orders"})), pg
    )
    assert decide(exact) == "merge"
    alias, parts = same_entity_score(Mention("PG", "pg stores orders"), pg)
    assert parts["alias"] == 1.0 and decide(alias) == "merge"
    # same name in another scope, other neighbours, unrelated context: linked, not merged
    other_scope, _ = same_entity_score(
        Mention("Postgres", "billing cron jobs nightly", frozenset({"billing"}), "repo-b"), pg
    )
    assert decide(other_scope) in ("same_as", "ambiguous")
    longer, parts = same_entity_score(
        Mention("PostgreSQL", "orders live here", frozenset({"orders"})), pg
    )
    assert parts["alias"] == 0.5 and decide(longer) == "same_as"  # linked, never merged
    far, _ = same_entity_score(Mention("Kafka", "events stream"), pg)
    assert decide(far) == "new"


def test_partial_name_with_weak_name_similarity_goes_to_review() -> None:
    kafka = EntityView(
        id="e1",
        name="Apache Kafka",
        contexts=("Apache Kafka carries order events to billing",),
        neighbors=frozenset({"billing"}),
    )
    score, parts = same_entity_score(
        Mention("Kafka", "Kafka carries order events to billing", frozenset({"billing"})), kafka
    )
    assert parts["alias"] == 0.5 and decide(score) == "ambiguous", (score, parts)


def test_remember_reuses_merges_and_flags(memory: Memory, graph: Graph) -> None:
    a = memory.remember("Orders are stored in Postgres", about=["Postgres"], **USER)
    b = memory.remember("Postgres runs version 16", about=["postgres"], **USER)
    ent_a = [e["target_id"] for e in memory.get(a.id).edges if e["type"] == "ABOUT"]
    ent_b = [e["target_id"] for e in memory.get(b.id).edges if e["type"] == "ABOUT"]
    assert ent_a == ent_b  # exact name: one entity
    same = memory.remember("PostgreSQL replicas store the orders", about=["PostgreSQL"], **USER)
    ent_same = [e["target_id"] for e in memory.get(same.id).edges if e["type"] == "ABOUT"]
    assert ent_same != ent_a  # linked, never merged
    assert any(
        e["type"] == "SAME_AS" and e["target_id"] == ent_a[0] for e in memory.get(ent_same[0]).edges
    )
    c = memory.remember("Postgre SQL backups run nightly", about=["Postgre SQL"], **USER)
    ent_c = [e["target_id"] for e in memory.get(c.id).edges if e["type"] == "ABOUT"]
    assert ent_c != ent_a
    review = [i for i in memory.review() if i.kind == "Ambiguity"]
    assert len(review) == 1 and {u["id"] for u in review[0].involves} == {ent_a[0], ent_c[0]}
    result = memory.recall("Postgre SQL backups", mode="keyword")
    assert result.abstain and result.reason == "ambiguous_entity"
    # the doubt is about the new name: what was known about Postgres stays answerable
    established = memory.recall("Postgres version", mode="keyword")
    assert not established.abstain and b.id in [i["id"] for i in established.items]
    roles = {u["id"]: u["involved_as"] for u in review[0].involves}
    assert roles == {ent_c[0]: "uncertain", ent_a[0]: "candidate"}
    memory.resolve(review[0].item["id"], accept=True)
    assert any(
        e["type"] == "SAME_AS" and e["target_id"] == ent_a[0] for e in memory.get(ent_c[0]).edges
    )


def test_same_name_with_other_neighbours_is_still_the_same_entity(memory: Memory) -> None:
    a = memory.remember("Invoices are stored in Postgres", about=["Postgres", "billing"], **USER)
    b = memory.remember("Postgres backups run at 02:00", about=["Postgres", "ops"], **USER)
    about = lambda u: {e["other_text"] for e in memory.get(u).edges if e["type"] == "ABOUT"}  # noqa: E731
    assert "Postgres" in about(a.id) and "Postgres" in about(b.id)
    assert [i for i in memory.review() if i.kind == "Ambiguity"] == []
    assert not memory.recall("postgres backups", mode="keyword").abstain


@pytest.mark.parametrize(
    "a,b,part",
    [
        ("courier app releases", "courier app", True),
        ("courier app", "courier app location tracking", True),
        ("billing-api database", "billing-api", True),
        ("Apache Kafka", "Kafka", False),  # a qualifier before the head: the same thing
        ("Postgres 16", "Postgres", False),  # a version
        ("Node.js", "Node", False),  # a two-letter ending
        ("courier app", "courier app", False),
        ("courier app", "driver app", False),
    ],
)
def test_a_name_with_words_after_another_names_a_part_of_it(a: str, b: str, part: bool) -> None:
    assert entities.names_a_part(a, b) is part
    if part:
        view = EntityView(id="e1", name=b)
        assert entities.name_similarity(a, b) == 0.0 and entities.alias_match(a, view) == 0.0


@pytest.mark.parametrize(
    "a,b,other",
    [
        ("appointments-svc", "appointment events", True),
        ("Stripe Terminal", "Stripe Checkout", True),
        ("auth svc", "auth service", False),  # one head shortens the other
        ("courier app", "courier application", False),
        ("payment service", "payment services", False),  # an ending
        ("Postgres 16", "Postgres 15", False),  # versions
        ("Apache Kafka", "Kafka", False),  # one word: a qualifier, not another head
    ],
)
def test_names_that_end_in_other_heads_name_other_things(a: str, b: str, other: bool) -> None:
    assert entities.other_heads(a, b) is other
    view = EntityView(id="e1", name=b)
    if other:
        assert entities.name_similarity(a, b) == 0.0 and entities.alias_match(a, view) == 0.0
    else:
        assert entities.name_similarity(a, b) > 0.5


def test_a_service_and_events_named_alike_open_no_review(memory: Memory) -> None:
    memory.remember(
        "appointments-svc is a Go service in services/appointments",
        about=["appointments-svc"],
        **USER,
    )
    events = memory.remember(
        "Appointment events go to NATS JetStream on the APPOINTMENTS stream",
        about=["appointment events"],
        **USER,
    )
    assert [i for i in memory.review() if i.kind == "Ambiguity"] == []
    result = memory.recall("what do I subscribe to for appointment events?", mode="keyword")
    assert not result.abstain and result.items[0]["id"] == events.id


def test_a_part_of_a_known_thing_opens_no_review(memory: Memory) -> None:
    app = memory.remember(
        "The courier app is built with React Native", about=["courier app"], **USER
    )
    releases = memory.remember(
        "Courier app releases are pushed by Priya every Thursday",
        about=["courier app releases"],
        **USER,
    )
    about = lambda u: {e["other_text"] for e in memory.get(u).edges if e["type"] == "ABOUT"}  # noqa: E731
    assert about(app.id) == {"courier app"} and about(releases.id) == {"courier app releases"}
    assert [i for i in memory.review() if i.kind == "Ambiguity"] == []
    result = memory.recall("who pushes the courier app releases", mode="keyword")
    assert not result.abstain and result.items[0]["id"] == releases.id
