"""Recall against the real server: each voice, the gate, abstain, silence, MMR, history."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from hippograph.config import Settings
from hippograph.errors import RecallError
from hippograph.graph.client import Graph
from hippograph.memory import Memory
from hippograph.schema import Ambiguity, Edge, RelType, isotime
from hippograph.units import store
from hippograph.units.embedder import default_embedder, installed_embedder
from tests.fakes import Clock, HashingEmbedder
from tests.recall.statement import candidate_params, candidates

USER = {"source": "user", "source_ref": "chat#1"}


def ids(result) -> list[str]:  # type: ignore[no-untyped-def]
    return [i["id"] for i in result.items]


def remember_in_conflict(
    memory: Memory,
    said: str,
    other: str,
    *,
    about: str,
    topic: str,
    source: str = "web",
    source_ref: str = "https://x",
) -> None:
    """A user's statement and another source's that disagrees with it on the same topic."""
    memory.remember(said, about=[about], topic=topic, **USER)
    memory.remember(other, about=[about], topic=topic, source=source, source_ref=source_ref)


def embedded(graph: Graph, settings: Settings, tmp_path: Path, clock: Clock) -> Memory:
    """The public API on branch main with a deterministic embedder: semantic and hybrid recall."""
    return Memory(
        graph,
        settings.model_copy(update={"branch": "main"}),
        cwd=tmp_path,
        clock=clock,
        embedder=HashingEmbedder(),
    )


def test_lexical_voice_finds_an_exact_identifier(memory: Memory) -> None:
    target = memory.remember("Call upsert_symbols in batches of 1000", about=["indexer"], **USER)
    memory.remember("Symbols are upserted by the indexer nightly", about=["indexer"], **USER)
    memory.remember("The batch job runs at midnight", about=["cron"], **USER)
    result = memory.recall("upsert_symbols", mode="keyword")
    assert result.intent == "identifier"
    assert ids(result)[0] == target.id
    assert "lexical" in result.items[0]["voices"]


def test_graph_voice_reaches_a_unit_sharing_no_word(memory: Memory) -> None:
    seed = memory.remember(
        "The payments service charges cards through Stripe", about=["payments"], **USER
    )
    hop = memory.remember("Refunds settle after five business days", about=["payments"], **USER)
    memory.remember("The office wifi password rotates monthly", about=["office"], **USER)
    result = memory.recall("stripe", mode="keyword", k=5)
    assert ids(result)[:2] == [seed.id, hop.id]
    assert (
        result.items[1]["voices"].keys() >= {"graph"} and "lexical" not in result.items[1]["voices"]
    )


def test_superseded_units_are_out_and_shown_as_history(memory: Memory) -> None:
    old = memory.remember(
        "Analytics run on Postgres", about=["analytics"], topic="database", **USER
    )
    new = memory.remember(
        "Analytics moved to ClickHouse", about=["analytics"], topic="database", **USER
    )
    result = memory.recall("analytics database", mode="keyword")
    assert ids(result) == [new.id]
    with_history = memory.recall("analytics database", mode="keyword", include_history=True)
    assert [h["id"] for h in with_history.history] == [old.id]
    assert with_history.history[0]["is_history"] and with_history.history[0]["superseded_by"] == [
        new.id
    ]


def test_abstain_no_accepted_facts_records_one_task(memory: Memory, graph: Graph) -> None:
    memory.remember("Deploys go through ArgoCD", about=["deploy"], **USER)
    first = memory.recall("what kubernetes version do we run", mode="keyword")
    assert first.abstain and first.reason == "no_accepted_facts" and first.task_id
    assert first.involved == []  # nothing relevant to point at
    again = memory.recall("What Kubernetes version do we run?", mode="keyword")
    assert again.task_id == first.task_id  # the same need is not recorded twice
    task = memory.get(first.task_id).unit
    assert task["reason"] == "no_accepted_facts" and "kubernetes" in task["text"].lower()


def test_abstain_contradiction_unresolved(memory: Memory) -> None:
    remember_in_conflict(
        memory,
        "The upload limit is 10 MB",
        "The upload limit is 50 MB",
        about="uploads",
        topic="limit",
    )
    result = memory.recall("upload limit", mode="keyword")
    assert result.abstain and result.reason == "contradiction_unresolved"
    loose = memory.recall("upload limit", mode="keyword", strict=False)
    assert {tuple(i["failed"]) for i in loose.items} == {("no_contradiction",)} or all(
        "no_contradiction" in i["failed"] for i in loose.items
    )


def test_abstain_temporal_invalid(memory: Memory, clock: Clock) -> None:
    memory.remember(
        "The freeze window ends Friday",
        about=["freeze"],
        valid_until=clock.now + timedelta(days=1),
        **USER,
    )
    clock.advance(days=3)
    result = memory.recall("freeze window", mode="keyword")
    assert result.abstain and result.reason == "temporal_invalid"


def test_abstain_unverified_hypothesis_and_allow_uncertainty(memory: Memory) -> None:
    guess = memory.remember(
        "The flaky test is caused by a race in the cache",
        about=["flaky test"],
        source="agent",
        source_ref="session#4",
    )
    result = memory.recall("flaky test cause", mode="keyword")
    assert result.abstain and result.reason == "unverified_hypothesis"
    assert result.involved == [guess.id]  # what to confirm or refute
    loose = memory.recall("flaky test cause", mode="keyword", strict=False)
    assert ids(loose) == [guess.id] and loose.items[0]["failed"] == ["verified"]
    assert not loose.abstain


def test_abstain_ambiguous_entity(memory: Memory, graph: Graph) -> None:
    unit = memory.remember("Mercury handles the billing emails", about=["Mercury"], **USER)
    entity = next(e["target_id"] for e in memory.get(unit.id).edges if e["type"] == "ABOUT")
    amb = Ambiguity(id="amb_1", text="Mercury the mail service or Mercury the bank?", score=0.7)
    graph.write_tx(
        lambda tx: (
            store.create_nodes(tx, [amb], actor="t"),
            store.create_edges(
                tx, [Edge(type=RelType.INVOLVES, source_id="amb_1", target_id=entity)], actor="t"
            ),
        )
    )
    result = memory.recall("billing emails", mode="keyword")
    assert result.abstain and result.reason == "ambiguous_entity"


def test_a_question_for_a_time_or_a_count_needs_one(memory: Memory) -> None:
    about = memory.remember(
        "The public API v1 is frozen; new endpoints go to v2", about=["public API"], **USER
    )
    memory.remember("The orders topic feeds the billing worker", about=["orders topic"], **USER)
    when = memory.recall("when did we freeze the public API v1?", mode="keyword")
    assert when.abstain and when.reason == "no_accepted_facts"
    assert when.task_id is not None  # the need is recorded, with the closest unit
    task = next(i for i in memory.review() if i.item["id"] == when.task_id)
    assert about.id in [u["id"] for u in task.involves]
    count = memory.recall("how many partitions does the orders topic have?", mode="keyword")
    assert count.abstain and count.reason == "no_accepted_facts"
    assert ids(memory.recall("is the public API v1 frozen?", mode="keyword")) == [about.id]
    dated = memory.remember(
        "We froze the public API v1 in March 2025", about=["public API"], **USER
    )
    assert (
        ids(memory.recall("when did we freeze the public API v1?", mode="keyword"))[0] == dated.id
    )
    sized = memory.remember("The orders topic has 12 partitions", about=["orders topic"], **USER)
    counted = memory.recall("how many partitions does the orders topic have?", mode="keyword")
    assert ids(counted) == [sized.id]


def test_a_sibling_of_the_numbered_name_asked_is_no_answer(memory: Memory) -> None:
    memory.remember("Relay 2.3 reached every depot on 4 May 2025", about=["relay"], **USER)
    asked = memory.recall("when does relay 2.4 reach every depot?", mode="keyword")
    assert asked.abstain and asked.reason == "no_accepted_facts"
    planned = memory.remember("Relay 2.4 reaches every depot on 9 June", about=["relay"], **USER)
    assert ids(memory.recall("when does relay 2.4 reach every depot?", mode="keyword")) == [
        planned.id
    ]


def test_a_long_prompt_is_answered_by_what_answers_the_question_it_closes_with(
    memory: Memory,
) -> None:
    """The context ("checkout throwing 500s …") shares no word with the answer; the question
    after it, asked alone, does."""
    glitchtip = memory.remember(
        "Exceptions now go to our self-hosted GlitchTip at errors.example.internal",
        about=["errors"],
        **USER,
    )
    memory.remember("Riverside till tablets run Kiosk 4", about=["kiosk"], **USER)
    prompt = (
        "checkout throwing 500s at the riverside store since lunch and cashiers are fed up, "
        "where do i see the exceptions?"
    )
    assert ids(memory.recall(prompt, mode="keyword")) == [glitchtip.id]
    # the closing question alone decides nothing when it shares nothing
    other = memory.recall(
        "checkout throwing 500s at the riverside store since lunch and cashiers are fed up, "
        "where do the invoices go?",
        mode="keyword",
    )
    assert other.abstain


def test_a_unit_about_the_opposite_side_is_no_answer(memory: Memory) -> None:
    memory.remember("Noor approves outgoing transfers in the vault app", about=["vault"], **USER)
    asked = memory.recall("who approves an incoming transfer in the vault app?", mode="keyword")
    assert asked.abstain and asked.reason == "no_accepted_facts"
    both = memory.remember(
        "Incoming and outgoing transfers are both approved by Noor", about=["vault"], **USER
    )
    answered = memory.recall("who approves an incoming transfer in the vault app?", mode="keyword")
    assert ids(answered) == [both.id]


def test_a_question_in_the_words_of_a_superseded_fact_gets_the_fact_that_replaced_it(
    memory: Memory,
) -> None:
    """The current version shares too few of the question's words to be relevant on its own; the
    graph walk reaches it from the superseded unit, a relevant seed."""
    old = memory.remember(
        "Booking confirmation emails are sent from tickets@example.org", about=["mail"], **USER
    )
    new = memory.supersede(
        old.id, "Confirmations now go out from visit@example.org", reason="moved", **USER
    )
    asked = memory.recall("which address do booking confirmation emails come from?", mode="keyword")
    assert ids(asked) == [new.id]


def test_a_social_remark_is_silent_when_memory_has_nothing_on_it(
    memory: Memory, graph: Graph
) -> None:
    memory.remember("We deploy on Tuesdays", about=["deploy"], **USER)
    for remark in ("lol the printer jams again", "hey all, hope the kettle is fixed"):
        result = memory.recall(remark, mode="keyword")
        assert result.silent and not result.abstain and result.task_id is None, remark
    assert {r["label"]: r["count"] for r in graph.read("count_labels")}.get("Task", 0) == 0


def test_a_name_of_two_letter_pieces_is_one_word_of_a_long_prompt(memory: Memory) -> None:
    memory.remember("Every repo lives on the co-op's own Gitea server", about=["gitea"], **USER)
    prompt = "does the co-op refund the first aid course if I book it for next month?"
    assert memory.recall(prompt, mode="keyword").abstain


@pytest.mark.parametrize(
    "prompt", ["ok go on", "thanks!", "continue", "sounds good, do it", "lgtm", "yes please", "ok"]
)
def test_silence_on_chit_chat(memory: Memory, graph: Graph, prompt: str) -> None:
    memory.remember("We deploy on Tuesdays", about=["deploy"], **USER)
    result = memory.recall(prompt, mode="keyword")
    assert result.silent and result.items == [] and not result.abstain and result.task_id is None
    assert {r["label"]: r["count"] for r in graph.read("count_labels")}.get("Task", 0) == 0


def test_a_reply_is_silent_unless_its_one_word_is_something_memory_knows(
    memory: Memory, graph: Graph
) -> None:
    """ "nice one bruv" and "ok, rollback" have the same shape; only memory can tell slang from a
    topic. Slang gets silence (no task); a topic gets recalled."""
    rollback = memory.remember(
        "A rollback must restore the previous image tag first", about=["rollback"], **USER
    )
    slang = memory.recall("nice one bruv", mode="keyword")
    assert slang.silent and not slang.abstain and slang.task_id is None
    assert slang.notes == ["read as a reply to the agent, and memory has nothing on bruv"]
    assert {r["label"]: r["count"] for r in graph.read("count_labels")}.get("Task", 0) == 0
    assert ids(memory.recall("ok, rollback", mode="keyword")) == [rollback.id]


def test_mmr_keeps_different_facts(memory: Memory) -> None:
    for n in range(4):
        memory.remember(f"The API timeout is 30 seconds for service {n}", about=["api"], **USER)
    other = memory.remember("The API retries twice with backoff", about=["api"], **USER)
    result = memory.recall("api timeout retries", mode="keyword", k=2)
    assert other.id in ids(result)


def test_semantic_voice_with_an_embedder(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    mem = embedded(graph, settings, tmp_path, clock)
    unit = mem.remember("caching tokens speeds login", about=["auth"], **USER)
    result = mem.recall("login tokens caching", mode="semantic")
    assert ids(result) == [unit.id] and "semantic" in result.items[0]["voices"]


def test_one_statement_fuses_the_voices_by_weighted_reciprocal_rank(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    mem = embedded(graph, settings, tmp_path, clock)
    both = mem.remember("login tokens are cached in redis", about=["auth"], **USER)
    mem.remember("the login page has a dark theme", about=["auth"], **USER)  # a graph path
    mem.remember("redis runs with two replicas", about=["redis"], **USER)
    result = mem.recall("login tokens cached", mode="hybrid", strict=False)
    assert ids(result)[0] == both.id and {"lexical", "semantic"} <= result.items[0]["voices"].keys()
    weights = {"lexical": 1.0, "semantic": 0.8, "temporal": 0.3, "graph": 0.5}
    rows = candidates(
        graph,
        query="login tokens cached",
        embedding=HashingEmbedder().embed(["login tokens cached"])[0],
        fetch=200,
        weights=weights,
    )
    assert rows and [r["fused"] for r in rows] == sorted((r["fused"] for r in rows), reverse=True)
    for row in rows:
        assert row["fused"] == pytest.approx(
            sum(weights[h["voice"]] / (60 + h["rank"]) for h in row["hits"])
        )
    assert any(
        h["voice"] == "graph" and h["via"] for r in rows for h in r["hits"]
    )  # the walk ran from the seeds


def test_recall_plan_expands_from_the_seeds_and_candidates(graph: Graph, memory: Memory) -> None:
    """The walk and the per-candidate patterns must expand from bound nodes whatever the statistics
    say: a plan that found the walk's ends or a unit's successors by seeking every Memory node on
    the branch cost ~0.5 s per recall. On a nearly empty database (the statistics that tempt the
    planner most) the plan may only touch the indexes it is meant to: full-text, vector, the
    recorded_at range of the temporal voice, one seek for whether any ambiguity is open, and
    the scope index, once, for the units of a small view the semantic voice compares."""
    memory.remember("Auth uses JWT tokens", about=["auth"], **USER)
    plan = graph.explain("recall_candidates", details=True, **candidate_params(query="auth"))
    ops = {op.split("@")[0] for op in plan}
    seeks = sorted(op.replace("@neo4j", "") for op in plan if "Scan" in op or "Seek" in op)
    assert len(seeks) == 3, seeks
    assert seeks[0].startswith("NodeIndexSeek ") and ":Ambiguity(status)" in seeks[0], seeks
    assert seeks[1].startswith("NodeIndexSeek ") and ":Memory(scope) WHERE scope = s" in seeks[1]
    assert seeks[2].startswith("NodeIndexSeekByRange ") and "Memory(recorded_at)" in seeks[2], seeks
    assert {"ProcedureCall", "Argument"} <= ops


def test_recall_rows_are_plain_and_their_datetimes_exact(
    graph: Graph, memory: Memory, clock: Clock
) -> None:
    """The statement is marked PLAIN, so Graph.read hands its rows over unconverted: they must hold
    no driver value, and the datetimes it sends as epoch microseconds must be the stored
    instants."""
    old = memory.remember("Auth uses server sessions", about=["auth"], topic="mechanism", **USER)
    clock.advance(days=1, seconds=0.123457)
    memory.remember("Auth uses JWT tokens", about=["auth"], topic="mechanism", **USER)
    rows = candidates(graph, query="auth", fetch=200)

    def plain(value: object) -> bool:
        if isinstance(value, dict):
            return all(isinstance(k, str) and plain(v) for k, v in value.items())
        if isinstance(value, list):
            return all(plain(v) for v in value)
        return value is None or type(value) in (str, int, float, bool)

    assert rows and all(plain(r) for r in rows)
    sent = next(r["unit"] for r in rows if r["id"] == old.id)
    stored = memory.get(old.id).unit
    assert (
        stored["valid_until"] is not None and sent["retired_at"] is None
    )  # superseded: now history
    for key in ("valid_from", "valid_until", "recorded_at", "last_used_at"):
        assert (None if sent[key] is None else isotime.from_epoch_us(sent[key])) == stored.get(
            key
        ), key


def test_as_of_recall_sees_the_old_belief(memory: Memory, clock: Clock) -> None:
    old = memory.remember("Auth uses server sessions", about=["auth"], topic="mechanism", **USER)
    then = clock.advance(days=2)
    clock.advance(days=2)
    new = memory.remember("Auth uses JWT tokens", about=["auth"], topic="mechanism", **USER)
    assert ids(memory.recall("auth mechanism sessions JWT", mode="keyword")) == [new.id]
    assert ids(memory.recall("auth mechanism sessions JWT", mode="keyword", as_of=then)) == [old.id]
    before = memory.recall("auth mechanism", mode="keyword", as_of=then - timedelta(days=3))
    assert before.abstain and before.task_id is None  # nothing then: no task for today


def test_usage_and_co_occurrence_are_recorded(memory: Memory, graph: Graph) -> None:
    a = memory.remember("Redis caches sessions", about=["redis"], **USER)
    b = memory.remember("Redis runs in cluster mode", about=["redis"], **USER)
    result = memory.recall("redis", mode="keyword")
    assert set(ids(result)) == {a.id, b.id}
    assert memory.get(a.id).unit["usage_count"] == 1
    related = [e for e in memory.get(a.id).edges if e["type"] == "RELATED"]
    assert related and related[0]["props"]["co_occurrence"] == 1
    assert memory.feedback(a.id, helped=True).success_count == 1


def test_a_learned_link_is_walked_only_once_strengthened(memory: Memory) -> None:
    """Units returned together get a RELATED edge (weight 0.1). Until the edge_weights job has
    raised it to LEARNED_FLOOR (co-occurrence repeated, or a "helped"), the graph walk ignores
    it: one recall's results must not reorder the next recall's."""
    redis = memory.remember("Redis caches sessions", about=["redis"], **USER)
    stripe = memory.remember("The payment provider is Stripe", about=["payments"], **USER)
    memory.remember("Builds use Gradle 8", about=["build"], **USER)

    def asked() -> list[str]:
        return ids(memory.recall("redis", mode="keyword", strict=False, record_usage=False))

    before = asked()
    assert stripe.id not in before
    assert set(ids(memory.recall("redis or stripe", mode="keyword"))) == {redis.id, stripe.id}
    link = next(e for e in memory.get(redis.id).edges if e["type"] == "RELATED")["props"]
    assert link["weight"] == pytest.approx(0.1)
    assert asked() == before  # a fresh link: not walked
    memory.feedback(redis.id, helped=True)
    memory.maintain(job="edge_weights")
    link = next(e for e in memory.get(redis.id).edges if e["type"] == "RELATED")["props"]
    assert link["weight"] >= 0.2
    assert asked() == [redis.id, stripe.id]  # confirmed: the walk reaches it


def test_results_that_fail_the_relevance_check_are_not_recorded_as_used(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    """Shown with the gate off (--allow-uncertainty), unrelated results are not linked to each
    other: the co-occurrence edge would let the graph voice find them together later."""
    memory = embedded(graph, settings, tmp_path, clock)
    a = memory.remember("Customer support answers in Slack", about=["support"], **USER)
    b = memory.remember("The payment provider is Stripe", about=["payments"], **USER)
    result = memory.recall("which CI system do we use", mode="hybrid", strict=False, k=5)
    shown = {i["id"] for i in result.items}
    assert shown == {a.id, b.id} and not any(i["checks"]["relevant"] for i in result.items)
    for unit in (a, b):
        got = memory.get(unit.id)
        assert got.unit["usage_count"] == 0
        assert not [e for e in got.edges if e["type"] == "RELATED"]


@pytest.mark.parametrize(
    "query,kw,match",
    [
        ("", {}, "the query is empty"),
        ("x" * 4001, {}, "over the limit"),
        ("redis", {"mode": "fuzzy"}, "unknown mode"),
        ("redis", {"k": 0}, "out of range"),
        ("redis", {"kinds": ["decisions"]}, "unknown kind 'decisions'; use fact, decision"),
    ],
)
def test_bad_queries(memory: Memory, query: str, kw: dict, match: str) -> None:
    with pytest.raises(RecallError, match=match):
        memory.recall(query, **kw)


def test_long_query_is_reported_not_dropped_silently(memory: Memory) -> None:
    memory.remember("Kafka topics are compacted", about=["kafka"], **USER)
    words = " ".join(f"word{n}" for n in range(60)) + " kafka"
    result = memory.recall(words, mode="keyword")
    assert any("terms left out" in n for n in result.notes)


def test_a_conflict_closest_to_an_unanswered_question_is_the_reason(memory: Memory) -> None:
    remember_in_conflict(
        memory,
        "Lanebook does not charge money for class no-shows; three no-shows block booking",
        "Lanebook charges a £5 fee for every missed class booking",
        about="no-show policy",
        topic="no-show policy",
        source_ref="https://forum.example/no-shows",
    )
    memory.remember("Lanebook's mobile app is written in React Native", about=["Lanebook"], **USER)
    query = "member emailed angry about her spin class yesterday, do we penalise people for that?"
    result = memory.recall(query, mode="keyword")
    loose = memory.recall(query, mode="keyword", strict=False)
    # nothing is judged to answer, and the two closest statements disagree: say so
    assert all({"relevant", "no_contradiction"} <= set(i["failed"]) for i in loose.items[:2])
    assert result.abstain and result.reason == "contradiction_unresolved"


def test_a_conflict_ranked_below_the_best_candidate_is_not_the_reason(memory: Memory) -> None:
    remember_in_conflict(
        memory,
        "The upload limit is 10 MB",
        "The upload limit is 50 MB",
        about="uploads",
        topic="limit",
    )
    memory.remember("Kubernetes nodes are upgraded by the platform team", about=["k8s"], **USER)
    result = memory.recall("what kubernetes version do we run", mode="keyword")
    assert result.abstain and result.reason == "no_accepted_facts"


def test_two_sides_of_a_conflict_among_the_best_contest_a_passing_statement(
    memory: Memory,
) -> None:
    # Keyword mode has no meaning to compare: a statement about the portal that passes every
    # check outranks the two that disagree about what is asked. Answering with it would hide
    # that memory disagrees with itself.
    memory.remember(
        "Signup is the registration portal; clubs register players and parents give consent",
        about=["signup"],
        **USER,
    )
    remember_in_conflict(
        memory,
        "Signup requires parental consent for every player under 18",
        "Players aged 13 and over give their own consent, so no parent is needed from 13",
        about="signup",
        topic="parental consent age",
    )
    query = "a 16 year old is registering in signup, do we need a parent to sign off?"
    loose = memory.recall(query, mode="keyword", strict=False)
    assert "no_contradiction" not in loose.items[0]["failed"]  # the portal statement ranks first
    result = memory.recall(query, mode="keyword")
    assert result.abstain and result.reason == "contradiction_unresolved"


def test_a_contested_answer_is_not_replaced_by_a_weaker_one(memory: Memory) -> None:
    remember_in_conflict(
        memory,
        "Production runs Postgres 15",
        "Production runs Postgres 16",
        about="postgres",
        topic="version",
        source="agent",
        source_ref="session#2",
    )
    memory.remember(
        "Integration tests spin up Postgres with testcontainers", about=["tests"], **USER
    )
    result = memory.recall("which postgres version does production run?", mode="keyword")
    assert result.abstain and result.reason == "contradiction_unresolved"


def test_statements_in_conflict_closer_to_the_question_contest_a_general_one(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    # The conflict lowers both statements' scores below a general one about the service, which
    # passes every check; they are closer to the question in meaning (the real model), so
    # strict recall says the answer is contested rather than answer with the general statement.
    memory = Memory(
        graph,
        settings.model_copy(update={"branch": "main"}),
        cwd=tmp_path,
        clock=clock,
        embedder=default_embedder(settings),
    )
    general = memory.remember(
        "billing-gateway is the Python service behind the customer checkout page.",
        about=["billing-gateway"],
        **USER,
    )
    memory.remember(
        "Checkout sessions expire after 15 minutes without activity.",
        about=["billing-gateway"],
        topic="session expiry",
        **USER,
    )
    memory.remember(
        "Checkout sessions stay alive for two hours of inactivity.",
        about=["billing-gateway"],
        topic="session expiry",
        source="agent",
        source_ref="agent:gw/session.py#L1-L20",
    )
    asked = "what happens to an idle checkout session on billing-gateway?"
    result = memory.recall(asked, mode="hybrid")
    assert result.abstain and result.reason == "contradiction_unresolved"
    loose = memory.recall(asked, mode="hybrid", strict=False)
    assert ids(loose)[0] == general.id  # it does outscore them


def test_acronyms_count_as_topics(memory: Memory) -> None:
    unit = memory.remember("CI runs on GitHub Actions", about=["ci"], **USER)
    assert ids(memory.recall("which CI are we on these days?", mode="keyword")) == [unit.id]


def test_a_named_thing_alone_does_not_answer_a_question_about_its_detail(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    mem = embedded(graph, settings, tmp_path, clock)
    unit = mem.remember("Sentry collects the errors of every service", about=["Sentry"], **USER)
    asked = "which Sentry plan are we paying for?"
    hybrid = mem.recall(asked, mode="hybrid")
    assert hybrid.abstain and hybrid.reason == "no_accepted_facts"  # known thing, unknown detail
    assert ids(mem.recall("where do the Sentry errors go?", mode="hybrid")) == [
        unit.id
    ]  # the detail it does know
    # keyword mode has no meaning to judge by: naming the entity stays its best evidence
    assert ids(mem.recall(asked, mode="keyword")) == [unit.id]
    # and in a long prompt most words are incidental: naming it is enough
    pasted = (
        "Checkout fails again, here's the trace from Sentry: TypeError cannot "
        "read properties of undefined"
    )
    assert ids(mem.recall(pasted, mode="hybrid")) == [unit.id]


def test_a_question_asked_in_one_clause_is_short_however_many_its_words(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    """Seven topical terms in one clause are a question, not a long prompt: naming what a unit
    is about ("tools" for "python tooling") does not make it relevant there."""
    mem = embedded(graph, settings, tmp_path, clock)
    mem.remember(
        "Python code is formatted with black and type-checked with pyright in strict mode.",
        about=["python tooling"],
        **USER,
    )
    asked = "which identity provider handles single sign-on for our internal tools?"
    result = mem.recall(asked, mode="hybrid")
    assert result.abstain and result.reason == "no_accepted_facts"


def test_a_short_question_with_an_embedding_needs_half_its_words_or_its_meaning(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    """Two shared words of six are a quarter of a long prompt but not half of a question: with
    an embedding to judge by, such a unit must also be close in meaning (cosine 0.34 here)."""
    mem = embedded(graph, settings, tmp_path, clock)
    unit = mem.remember(
        "Depot staff badge in at the north terminal with their ID cards.",
        about=["depot staff"],
        **USER,
    )
    asked = "can staff use the terminal gym after their shift ends?"
    hybrid = mem.recall(asked, mode="hybrid")
    assert hybrid.abstain and hybrid.reason == "no_accepted_facts"
    # keyword mode has only the words to judge by: a quarter of them still counts
    assert ids(mem.recall(asked, mode="keyword")) == [unit.id]


def test_a_short_question_naming_a_known_thing_asks_about_its_detail(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    """A question of up to five topical terms that names something memory knows asks about one
    of its details; a name of several words ("billing-api") counts once among its terms."""
    mem = embedded(graph, settings, tmp_path, clock)
    mem.remember("Anke leads Berlin depot onboarding", about=["Berlin team"], **USER)
    mem.remember("billing-api runs 3 replicas in production", about=["billing-api"], **USER)
    for asked in (
        "what's the guest wifi password in the Berlin office?",
        "what's the memory limit on the billing-api pods?",
    ):
        result = mem.recall(asked, mode="hybrid")
        assert result.abstain and result.reason == "no_accepted_facts", asked
    limit = mem.remember("The billing-api pods have a memory limit of 512 MiB", **USER)
    assert (
        ids(mem.recall("what's the memory limit on the billing-api pods?", mode="hybrid"))[0]
        == limit.id
    )


def test_a_large_k_is_not_capped_by_the_candidates_scored(memory: Memory) -> None:
    """Recall scores max(20 in keyword mode or 40, 2k) candidates, so asking for 45 results can
    return 45."""
    colours = ["red", "blue", "green", "amber", "violet", "teal", "ochre", "coral", "ivory"]
    for n in range(46):
        memory.remember(
            f"Shard {n} of the ledger cluster is painted {colours[n % 9]} number {n * 7}",
            about=[f"shard{n}"],
            **USER,
        )
    result = memory.recall(
        "ledger cluster shard", mode="keyword", k=45, strict=False, record_usage=False
    )
    assert len(result.items) == 45


def test_equal_scores_rank_by_id_so_the_same_query_ranks_alike(
    graph: Graph, memory: Memory
) -> None:
    """Units the full-text index scores alike come back in id order: the index's own order among
    them depends on how its segments happened to merge, and two runs of the same question ranked
    the same turns differently."""
    for word in ("alpha", "bravo", "delta", "gamma", "kappa", "omega", "sigma", "theta"):
        memory.remember(f"zebra crossing {word}", about=["roads"], **USER)
    rows = candidates(graph, query="zebra", fetch=200)
    lexical = sorted(
        (h["rank"], h["score"], r["id"]) for r in rows for h in r["hits"] if h["voice"] == "lexical"
    )
    assert len(lexical) == 8 and len({score for _, score, _ in lexical}) == 1
    assert [i for _, _, i in lexical] == sorted(i for _, _, i in lexical)


def test_shared_recall_leaves_agents_notes_out_before_choosing_k(memory: Memory) -> None:
    """An agent's search (MCP) sees shared memory only. Its notes used to be dropped after the
    best k were chosen, so a search for 2 returned 1 while more shared memory matched."""
    memory.update_agent_notes("claude-code", "Redis cluster migration: stopped at the replicas")
    shared = [
        memory.remember(text, about=["redis"], **USER)
        for text in ("Redis runs in cluster mode", "Redis caches sessions for the API")
    ]
    everything = memory.recall("redis cluster migration", mode="keyword", strict=False, k=2)
    assert any(i["scope"].startswith("agent:") for i in everything.items)
    found = memory.recall("redis cluster migration", mode="keyword", strict=False, k=2, shared=True)
    assert {i["id"] for i in found.items} == {u.id for u in shared}


def test_a_short_question_is_answered_by_what_names_its_subject_and_states_the_value(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    """ "what port is route-planner listening on?" asks for a value of route-planner: another
    service's port is not its answer, nor is a unit about route-planner without one."""
    mem = embedded(graph, settings, tmp_path, clock)
    other = mem.remember(
        "dispatch-gateway serves HTTP on port 8443", about=["dispatch-gateway"], **USER
    )
    rust = mem.remember(
        "route-planner is a Rust service; its crate lives in crates/route-planner",
        about=["route-planner"],
        **USER,
    )
    orders = mem.remember("The ORDERS stream keeps messages for 14 days", about=["ORDERS"], **USER)
    asked_port = "what port is route-planner listening on?"
    asked_pings = "how long does VEHICLE_PINGS keep messages?"
    for asked in (asked_port, asked_pings):
        for mode in ("hybrid", "keyword"):
            result = mem.recall(asked, mode=mode)
            assert result.abstain and result.reason == "no_accepted_facts", (asked, mode)
    port = mem.remember(
        "route-planner listens on port 7070 for gRPC", about=["route-planner"], **USER
    )
    pings = mem.remember("VEHICLE_PINGS keeps messages for 3 days", **USER)
    for mode in ("hybrid", "keyword"):
        found = ids(mem.recall(asked_port, mode=mode))
        assert found[0] == port.id and not {other.id, rust.id} & set(found), mode
        found = ids(mem.recall(asked_pings, mode=mode))
        assert found[0] == pings.id and orders.id not in found, mode
    # a question that names two things is answered by a unit that names one of them
    both = mem.recall("what port does dispatch-gateway call route-planner on?", mode="hybrid")
    assert port.id in ids(both)


def test_a_value_of_another_measure_is_no_answer_and_a_remark_does_not_loosen_the_question(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    """ "what's the request timeout on claims-intake?" needs a duration of claims-intake: not its
    replica count, not another service's cache time, even when a remark follows the question."""
    mem = embedded(graph, settings, tmp_path, clock)
    mem.remember(
        "claims-intake runs 6 replicas behind the ingress", about=["claims-intake"], **USER
    )
    mem.remember("fx-rates caches exchange rates for 6 hours", about=["fx-rates"], **USER)
    mem.remember("claims-intake serves HTTPS on port 8443", about=["claims-intake"], **USER)
    plain = "whats the request timeout on claims-intake?"
    remark = plain + " brokers say big fleet submissions just hang and nobody knows why"
    for asked in (plain, remark):
        for mode in ("hybrid", "keyword"):
            result = mem.recall(asked, mode=mode)
            assert result.abstain and result.reason == "no_accepted_facts", (asked, mode)
    timeout = mem.remember(
        "claims-intake gives up on a request after 30 s", about=["claims-intake"], **USER
    )
    for asked in (plain, remark):
        for mode in ("hybrid", "keyword"):
            assert ids(mem.recall(asked, mode=mode))[0] == timeout.id, (asked, mode)
    # a port is no count
    asked = "how many claims-intake instances are running?"
    assert mem.recall(asked, mode="keyword").items[0]["text"].startswith("claims-intake runs 6")


def test_an_owner_question_needs_someone_and_a_port_question_its_own_thing(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    """ "who owns fx-rates?" is not answered by what fx-rates does, and "what port does the admin
    dashboard listen on?" not by another server's port."""
    mem = embedded(graph, settings, tmp_path, clock)
    mem.remember("fx-rates exposes REST on port 8088", about=["fx-rates"], **USER)
    mem.remember("fx-rates falls back to the previous day's rates", about=["fx-rates"], **USER)
    mem.remember("The web app dev server runs on port 3000", about=["web app"], **USER)
    owner, port = "who owns fx-rates? need a sign-off", "what port does the admin dashboard use?"
    for asked in (owner, port):
        for mode in ("hybrid", "keyword"):
            result = mem.recall(asked, mode=mode)
            assert result.abstain and result.reason == "no_accepted_facts", (asked, mode)
    team = mem.remember("Priya's team owns fx-rates", about=["fx-rates"], **USER)
    admin = mem.remember("The admin dashboard listens on port 4000", about=["admin"], **USER)
    for asked, answer in ((owner, team), (port, admin)):
        for mode in ("hybrid", "keyword"):
            assert ids(mem.recall(asked, mode=mode))[0] == answer.id, (asked, mode)


def test_a_fact_about_who_approves_another_thing_does_not_answer(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    """ "approves" in "who approves dns changes?" names what is asked, as "port" does: a unit
    sharing only it is about who approves something else."""
    mem = embedded(graph, settings, tmp_path, clock)
    mem.remember(
        "Ingrid is the engineering manager and approves every new third-party dependency",
        about=["Ingrid"],
        **USER,
    )
    asked = "who approves dns changes?"
    for mode in ("hybrid", "keyword"):
        result = mem.recall(asked, mode=mode)
        assert result.abstain and result.reason == "no_accepted_facts", mode
    tomas = mem.remember("Tomas approves DNS changes for every zone", about=["dns"], **USER)
    for mode in ("hybrid", "keyword"):
        assert ids(mem.recall(asked, mode=mode)) == [tomas.id], mode


def _types(value: object) -> object:
    """A parameter's type as Neo4j's plan cache sees it: lists by their items' type."""
    if isinstance(value, dict):
        return {k: _types(v) for k, v in sorted(value.items())}
    if isinstance(value, list | tuple):
        return ("list", tuple(sorted({str(_types(v)) for v in value})))
    return type(value).__name__


@pytest.mark.parametrize("mode", ["keyword", "hybrid"])
def test_recall_sends_each_parameter_with_one_type_whatever_is_asked(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock, monkeypatch, mode: str
) -> None:
    """Neo4j plans a statement once per set of parameter types, about a second each time: a first
    "when" question, a first search of one kind or scope must reuse the warm-up's plan."""
    memory = embedded(graph, settings, tmp_path, clock)
    memory.remember("Redis holds the session cache", about=["redis"], **USER)
    sent: dict[str, set[str]] = {}
    read = memory.graph.read

    def spy(name: str, **params: object):  # type: ignore[no-untyped-def]
        sent.setdefault(name, set()).add(repr(_types(params)))
        return read(name, **params)

    monkeypatch.setattr(memory.graph, "read", spy)
    asked = [
        ("redis session cache", {}),
        ("redis", {}),
        ("when did Redis start holding the session cache?", {}),
        ("why redis for sessions", {"kinds": ["decision"]}),
        ("redis session cache", {"kinds": ["fact", "decision"], "scope": "workspace"}),
        ("what did Ana say about redis", {"strict": False}),
    ]
    for query, options in asked:
        memory.recall(query, mode=mode, **options)
    assert len(sent["recall_candidates"]) == 1, sent["recall_candidates"]
    if mode == "hybrid":
        assert len(sent["speakers_named"]) == 1, sent["speakers_named"]


@pytest.mark.model
def test_a_fact_about_another_thing_of_the_subject_does_not_answer_what_is_asked(
    memory: Memory,
) -> None:
    """ "what QoS level …" names what it asks for: a unit about the same probes that says
    nothing of a QoS level, and is no closer to the question with those words than without
    them, answers something else (the real model: the cosines decide)."""
    memory.embedder = installed_embedder(memory.settings)  # writes embed too
    memory.remember(
        "Probes publish readings to fields/<field_id>/probes/<probe_id>/readings on the "
        "EMQX cluster.",
        about=["probe topics"],
        **USER,
    )
    asked = memory.recall("what QoS level do the probes publish with?", mode="hybrid")
    assert asked.abstain and asked.reason == "no_accepted_facts"
    # Said in other words, the answer is closer with them: "database" → "Postgres".
    postgres = memory.remember(
        "Integration tests run against a real Postgres via Testcontainers; H2 is not allowed.",
        about=["integration tests"],
        **USER,
    )
    answered = memory.recall("what database do the integration tests talk to", mode="hybrid")
    assert not answered.abstain and ids(answered)[0] == postgres.id


@pytest.mark.model
def test_a_close_fact_about_another_thing_does_not_answer_what_is_asked(memory: Memory) -> None:
    """However close in meaning to the whole question: "geo-utils is at version 3.2.0" is at
    cosine 0.6 to "what licence is geo-utils released under?" and closer still without
    "licence", so it says nothing of a licence."""
    memory.embedder = installed_embedder(memory.settings)
    memory.remember(
        "geo-utils is at version 3.2.0 on our internal package index.", about=["geo-utils"], **USER
    )
    asked = memory.recall("what licence is geo-utils released under?", mode="hybrid")
    assert asked.abstain and asked.reason == "no_accepted_facts"
    licence = memory.remember("geo-utils is released under the MIT licence.", **USER)
    answered = memory.recall("what licence is geo-utils released under?", mode="hybrid")
    assert not answered.abstain and ids(answered)[0] == licence.id


def test_a_terse_question_asks_for_the_words_before_its_preposition(memory: Memory) -> None:
    """ "retention period for the audit logs?" asks for a retention period: where the audit logs
    are shipped is about the same thing and says nothing of it."""
    memory.embedder = installed_embedder(memory.settings)
    memory.remember("The audit logs are shipped to Loki by promtail.", about=["audit logs"], **USER)
    asked = memory.recall("retention period for the audit logs?", mode="hybrid")
    assert asked.abstain and asked.reason == "no_accepted_facts"
    kept = memory.remember("Loki keeps the audit logs for a retention period of 400 days.", **USER)
    answered = memory.recall("retention period for the audit logs?", mode="hybrid")
    assert not answered.abstain and ids(answered)[0] == kept.id


def test_a_yes_no_question_asks_about_the_feature_it_names(memory: Memory) -> None:
    """ "does the invoice service support SEPA payments?" asks about SEPA payments: how the
    service sends its PDFs is about the same service and says nothing of them."""
    memory.embedder = installed_embedder(memory.settings)
    memory.remember(
        "The invoice service emails its PDFs through Postmark.", about=["invoice service"], **USER
    )
    question = "does the invoice service support SEPA payments?"
    asked = memory.recall(question, mode="hybrid")
    assert asked.abstain and asked.reason == "no_accepted_facts"
    sepa = memory.remember("The invoice service accepts SEPA direct debit payments.", **USER)
    answered = memory.recall(question, mode="hybrid")
    assert not answered.abstain and ids(answered)[0] == sepa.id


@pytest.mark.model
def test_a_fact_reached_through_the_graph_is_no_answer_about_another_thing(
    memory: Memory,
) -> None:
    """ "how many label printers …" counts label printers: a fact about the same clinic that
    says nothing of them, and is closer to the question without those words, counts something
    else, whether it is relevant by its own words or reached from one that is."""
    memory.embedder = installed_embedder(memory.settings)
    memory.remember(
        "Reception at the Northgate clinic prints from the label printer named in the "
        "reception PC's config file.",
        about=["northgate clinic"],
        **USER,
    )
    memory.remember(
        "The Northgate clinic has 12 consulting rooms, each with its own scale.",
        about=["northgate clinic"],
        **USER,
    )
    question = "how many label printers are at the northgate clinic reception?"
    asked = memory.recall(question, mode="hybrid")
    assert asked.abstain and asked.reason == "no_accepted_facts"
    counted = memory.remember(
        "Northgate clinic reception has two label printers.", about=["northgate clinic"], **USER
    )
    answered = memory.recall(question, mode="hybrid")
    assert not answered.abstain and ids(answered)[0] == counted.id
