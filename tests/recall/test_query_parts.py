"""Pure parts of recall: query shape, Lucene escaping, relevance, fusion, decay, gate."""

from __future__ import annotations

import math
import random
from datetime import UTC, datetime, timedelta

import pytest

from hippograph.graph import fulltext
from hippograph.recall import (
    decay,
    gate,
    lucene,
    relevance,
    same_things,
    scoring,
    short_forms,
    verbs,
)
from hippograph.recall.intent import Intent, is_one_clause_question, question_of, shape
from hippograph.schema import isotime
from hippograph.schema.tuning import DEFAULT_WEIGHTS


@pytest.mark.parametrize(
    "text",
    [
        "ok go on",
        "thanks",
        "continue",
        "Sounds good, do it!",
        "lgtm",
        "yes",
        "k",
        "hmm ok",
        "thanks, that worked",
        "okkk",  # drawn out
        "looks goood",
        "yesss!!",
        "mm-hmm, keep at it",  # hyphenated fillers
        "okey-dokey",
        "crack on",  # chatter alone
        "copy that",
        "thnaks, contiune",  # mistyped
        "right-o",
        "right, moving on",
        "nice — merge it whenever you're ready",
        "morning 👋",  # a greeting by the time of day
        "evening folks",
        "good afternoon!",
        "one sec, checking something on my end",  # where, not what
        "all good on our side",
        "i see now",
        # the set phrases of social chat: wishes, leave-takings, thanks
        "happy monday all",
        "have a great evening, everybody",
        "hope y'all had a good weekend",
        "i'm done for today, see ya monday",
        "logging off for the night",
        "thanks so much, legend",
        "cheers for doing that",
        "ugh, fridays",  # the day of the week alone
        "heading home now, catch ya tomorrow",
        "ok that's me done, talk to you later",
        "kindly continue",  # politeness, as written
        "you're a star, seriously",  # praise, and a word that only stresses it
        "you rock",
        "honestly, thanks",
        "lush, that is sorted then 👌",  # slang, as written
        "right, that's me done for the week, have a good one",
    ],
)
def test_chit_chat_is_silent(text: str) -> None:
    assert shape(text).is_silent


@pytest.mark.parametrize(
    "text",
    [
        "copy the fixtures",
        "forward the port",
        "vpn setup?",
        "keep the api stable",
        "follow-up",
        "layer",  # one letter from "later", but a word of its own
        "ok next: rate limiter",  # a reply that names two words of a topic
        "thanks, now the nginx config",
        "cool. what about sentry",  # asks
        "ok kubernetes?",
        "ok, run make_test",  # names an identifier
        "kubernetes",
        "job queue",  # "good job" is chatter, but a job is not only praise
        "work queue",
        "is the staging env ready?",
        "move on to the migration",
        "readiness?",  # "ready" is chatter as written, not by its stem
        "what moved?",
        "morning build failed again",  # the time of day beside a topic
        "the nightly job hangs",
        "ci?",  # a two-letter name alone is the topic
        "merge the pr",
        "check the logs",  # "check" is chatter alone, not beside a topic
        "the end of the month",
        "the client side",
        "see the logs",
        "keep the cache warm",  # chatter beside two words of a topic: not a reply
        "the happy path test fails",  # a social phrase only as a whole
        "friday deploy freeze?",
        "thanks for the logs, now the cron schedule",
        "hope you can fix the build today",
        "have a look at the logs",
        "what kind of queue is it",  # "kindly" is chatter only as written
        "catch the exception in the worker",  # a leave-taking only as a whole
        "star schema for the warehouse?",  # praise alone, a word of a topic beside others
        "honestly the retry timeout looks wrong",
        "sort the rows by date",  # "sorted" is chatter only as written
    ],
)
def test_a_terse_topic_is_not_chit_chat(text: str) -> None:
    assert not shape(text).is_silent


@pytest.mark.parametrize(
    ("text", "terms"),
    [
        ("back up the db", ("db",)),  # alone, in lower case: the topic
        ("ci?", ("ci",)),
        ("is the UI broken?", ("ui", "broken")),  # in capitals: always a term
        # beside other topical words, a lower-case two-letter word is not one
        (
            "whats the ttl on the vault tokens that ci gets issued",
            ("ttl", "vault", "tokens", "gets", "issued"),
        ),
        ("yo", ()),  # two letters, not a technical name
    ],
)
def test_a_lower_case_two_letter_name_is_a_term_only_alone(
    text: str, terms: tuple[str, ...]
) -> None:
    assert shape(text).content_terms == terms


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("nice one bruv", True),  # an acknowledgement and one word: slang, or a topic
        ("smashing, ta", True),
        ("ok, rollback", True),
        ("ah lovely, leave it with me", True),  # "it", "with", "me" are not counted
        ("nvm figured it out", True),
        ("brb, standup", True),  # away, and why
        ("back in 10", True),
        ("gm team", True),
        ("hang on a sec", True),
        ("bonza, keep going", True),  # a go-ahead of two words, and one other
        ("carry on, champ", True),
        ("ohh i see now", True),
        ("perfecto 👌", True),  # an emoji acknowledges as "ok" does
        ("any day now 😅", True),
        ("the build hangs 😅", False),  # a reaction, and two words of a topic
        ("40°", False),  # a symbol that is no reaction
        ("the build hangs", False),  # no greeting, no acknowledgement
        ("thanks, now the nginx config", False),  # two words of a topic
        ("ok rollback?", False),  # asks
        ("job queue", False),  # no acknowledgement
        ("ugh, flaky", True),  # an interjection acknowledges as "ok" does
        ("thanks heaps bru", True),
        ("lol ok just ship already", True),  # two stray words, none turning to a topic
        ("sweet, and the csp headers", False),  # "and the": a new topic
        ("ok next: webhook retries", False),
        ("off you go, boss", True),  # a go-ahead
        ("brb grabbing lunch", True),  # an away message names where, not a topic
        ("afk till 3, dentist appointment", True),
        ("brb, can you check the logs?", False),  # asks
        ("heading out, will finish the migration tomorrow morning sorry", False),  # long: a plan
        # a remark opening with an acknowledgement, turning to nothing new, asks nothing
        ("lol this test name is unhinged", True),
        ("wow, much faster than what we had before", True),  # "what" inside a clause asks not
        ("nice, what about the retry budget", False),  # "what" opening a clause asks
        ("ok whats left on the importer", False),
        ("ok what's the port", False),  # a question word after an acknowledgement asks
        ("k which port", False),
        ("cool so the webhook signature check never ran in prod then", False),  # too long
        ("the importer is way slower than what we had", False),  # opens with no acknowledgement
        # a social remark asks for nothing, whatever it names: a wish, a sign-off, a laugh
        ("hey all, hope the printer on floor 2 is working again 🙏", True),
        ("calm seas and have a good weekend everyone", True),
        ("lol the printer jams again", True),  # a laugh, though "the" turns to a topic
        ("hope you're well, can you bump the redis timeout", False),  # a request comes with it
        ("lol the build is red again, whats up with ci", False),  # asks
        # wishes before something happens
        ("break a leg tonight everyone 🎭", True),
        ("fingers crossed for the launch", True),
        ("congrats on the release!", True),
        ("fingers crossed the deploy works, can you check the logs", False),
        ("well done on the fix, now the cron job", False),
    ],
)
def test_a_short_reply_with_one_stray_word(text: str, reply: bool) -> None:
    shaped = shape(text)
    assert shaped.reply is reply and shaped.is_silent is shaped.social


@pytest.mark.parametrize(
    ("text", "social"),
    [
        # away, a wish, a sign-off or thanks for what is done: silent, whatever memory holds
        ("brb, standup", True),
        ("afk till 3, dentist appointment", True),
        ("hey all, hope the printer on floor 2 is working again 🙏", True),
        ("right, off to the quarry, catch you later", True),
        ("cheers, that's sorted the login bug 🙌", True),
        ("thanks, that did the trick", True),
        ("thank you, it is working now on staging", True),
        ("lol the printer jams again", True),  # a laugh at something
        ("lol friday deploys are brutal hey", True),
        # asking after someone, a season's wish, a break, a message taken back
        ("how are you doing today?", True),
        ("hey, how was the weekend?", True),
        ("merry christmas everyone!", True),
        ("welcome back!", True),
        ("gonna grab a brew, back in 10", True),
        ("oops, ignore that", True),
        ("never mind, figured it out", True),
        ("wrong window, sorry", True),
        # leave-takings, praise and the day in slang; thanks for the help given
        ("gotta dash, laters", True),
        ("that's mint", True),
        ("top man", True),
        ("speak tomorrow", True),
        ("back from lunch", True),
        ("so tired today", True),
        ("weather's lovely today isn't it", True),
        ("anyone else freezing in here?", True),
        ("long week huh", True),
        ("g'day all", True),
        ("much obliged", True),
        ("well deserved!", True),
        ("it's finally friday", True),
        ("can't wait for the weekend", True),
        ("ha, classic monday", True),
        ("running 5 mins late, sorry", True),
        ("train was late again", True),
        ("stuck in traffic", True),
        ("ha, the monday export failed again", False),
        ("the train times api is late again", False),
        ("thanks for the help, now the flaky test", False),
        ("so tired of the flaky login test, can you look?", False),
        ("back from lunch, where were we with the migration?", False),
        ("how are the queue workers doing today?", False),  # asks after a thing
        ("sorry, what's the staging url again?", False),
        ("back in 10, can you look at the flaky test meanwhile", False),
        # a laugh that turns to a topic, or a remark: memory is looked up
        ("lol ok, now the csp headers", False),
        ("bruh the wind is wild up there", False),
        # a request or a question comes with it
        ("brb, can you check the logs?", False),
        ("thanks, that fixed it, now check the cron job", False),
        ("cheers, that's sorted, what about the retry budget", False),
        ("thanks, the deploy still fails", False),  # nothing done
    ],
)
def test_a_social_remark_is_silent_whatever_it_names(text: str, social: bool) -> None:
    assert shape(text).social is social
    assert shape(text).is_silent is social


def test_thanks_for_the_help_given_names_nothing() -> None:
    assert shape("thanks for all your help today").is_silent
    assert not shape("thanks for the help, now the flaky test").is_silent


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("oof, what a week 😅", True),  # an exclamation asks nothing
        ("oof, what a mess, what's the fix?", False),
        ("bruh the rain is biblical out there", True),  # a remark with a verb turns to nothing
        ("oof, long day on the canning line", True),  # "the" later in the remark
        ("ok the openapi spec", False),  # "the" right after the acknowledgement: a topic
        ("alright, dockerfile base image next", False),
    ],
)
def test_exclamations_and_remarks_with_a_verb_are_replies(text: str, reply: bool) -> None:
    assert shape(text).reply is reply


@pytest.mark.parametrize(
    "text,intent",
    [
        ("why did we choose Postgres", Intent.WHY),
        ("when did we move to ClickHouse", Intent.WHEN),
        ("upsert_symbols", Intent.IDENTIFIER),
        ("which database do we use for analytics", Intent.QUESTION),
    ],
)
def test_intent(text: str, intent: Intent) -> None:
    assert shape(text).intent == intent


@pytest.mark.parametrize(
    ("prompt", "question"),
    [
        (
            "whats the request timeout on claims-intake? brokers say big submissions just hang",
            "whats the request timeout on claims-intake?",
        ),
        (
            "how much memory should docker get? my laptop keeps OOMing on tilt up",
            "how much memory should docker get?",
        ),
        (  # the context first: it carries the topic
            "wrote the migration with op.add_column and a default. anything to watch out for?",
            "wrote the migration with op.add_column and a default. anything to watch out for?",
        ),
        ("which port does redis use?", "which port does redis use?"),  # nothing else to drop
        ("what is the port? and the host?", "what is the port? and the host?"),  # all questions
        ("any idea? the build fails on arm64", "any idea? the build fails on arm64"),  # too short
        ("GET /api?x=1 fails on staging. why?", "GET /api?x=1 fails on staging. why?"),
        ("fix the flaky login test", "fix the flaky login test"),  # no question
        (  # a question typed without its "?" is a question, not a remark
            "why did the router pick eu-west? how does it choose a region now",
            "why did the router pick eu-west? how does it choose a region now",
        ),
    ],
)
def test_a_question_is_judged_apart_from_the_remark_after_it(prompt: str, question: str) -> None:
    assert question_of(prompt) == question


@pytest.mark.parametrize(
    ("text", "one"),
    [
        ("which identity provider handles single sign-on for our internal tools?", True),
        ("what timeout does dispatch-gateway set on its requests to the route planner?", True),
        ("are we delivering dolby atmos / spatial audio to anyone yet?", True),
        ("whats the ttl on the vault tokens?", True),
        ("do the migrations run when claims-intake boots up, or somewhere else?", False),  # two
        ("what should my plugin's build output be so the server actually picks it up?", False),
        ("who do i ping about the broken precip panel on the nowcast board", False),  # no "?"
        ("any idea? the build fails on arm64", False),  # a question and a remark
        ("Checkout fails again, here's the trace from Sentry: TypeError cannot read it?", False),
        ("the build is red - which runner image do we use?", False),  # context first
    ],
)
def test_a_question_asked_in_one_clause(text: str, one: bool) -> None:
    assert is_one_clause_question(text) is one


def test_every_lucene_special_is_escaped() -> None:
    specials = '+-&|!(){}[]^"~*?:\\/'
    escaped = fulltext.escape(specials)
    assert all(f"\\{c}" in escaped for c in specials)


def test_lucene_query_keeps_identifiers_and_reports_overflow() -> None:
    query, dropped = lucene.build(shape("why does parse_config(path) fail on C:\\tmp\\x.yml"))
    assert "parse_config\\(\\)" not in query  # the identifier regex keeps the name, escaped
    assert "parse_config" in query and dropped == []
    long_query, dropped = lucene.build(shape(" ".join(f"term{n}" for n in range(50))))
    assert len(dropped) == 10 and long_query.count(" OR ") == lucene.MAX_TERMS - 1


def test_lucene_query_asks_each_word_in_one_form() -> None:
    query, _ = lucene.build(shape("older tables: is the table id a bigserial?"))
    assert query.split(" OR ").count("table") + query.split(" OR ").count("tables") == 1
    assert "bigserial" in query and "older" in query


def test_lucene_query_asks_an_irregular_verb_in_its_other_forms() -> None:
    query, _ = lucene.build(shape("When did the Comets win the cup final?"))
    assert query.split(" OR ") == ["comets", "win", "won", "cup", "final"]
    query, _ = lucene.build(shape("how did she break her wrist"))
    assert {"break", "broke", "broken"} <= set(query.split(" OR "))
    assert verbs.other_forms("Bought") == ("buy",)
    assert verbs.other_forms("hurt") == () and verbs.other_forms("rose") == ()


def test_a_short_form_and_its_long_form_are_one_word() -> None:
    query, _ = lucene.build(shape("which DB does billing use in prod?"))
    assert {"db", "database", "prod", "production"} <= set(query.split(" OR "))
    query, _ = lucene.build(shape("staging credentials rotation"))
    assert {"creds", "stg"} <= set(query.split(" OR "))
    assert short_forms.other_forms("Dev") == ()  # developer or development: left alone
    terms = relevance.query_terms(shape("can I ship the hotfix to prod tonight?").content_terms)
    assert relevance.term_hits(terms, "Production deploys stop at 18:00 on weekdays.") == 1
    assert relevance.term_hits(terms, "The products page lists every plan.") == 1  # one stem
    terms = relevance.query_terms(shape("where do the database creds live?").content_terms)
    assert relevance.term_hits(terms, "DB credentials are kept in vault.") == 2


def test_relevance_needs_enough_shared_terms() -> None:
    terms = relevance.query_terms(("kubernetes", "version", "run"))
    assert not relevance.is_relevant(terms, "ClickHouse runs with 2 replicas", None)
    assert relevance.is_relevant(terms, "We run Kubernetes version 1.29", None)
    assert relevance.is_relevant(terms, "unrelated words", 0.6)  # very close in meaning
    assert not relevance.is_relevant(terms, "unrelated words", 0.45)  # close-ish, nothing shared
    assert relevance.is_relevant(terms, "Kubernetes is managed by EKS", 0.45)  # shares one
    # shared words, far in meaning: no answer (keyword mode, with no meaning, keeps the words)
    assert relevance.is_relevant(terms, "We run Kubernetes version 1.29", 0.30)
    assert not relevance.is_relevant(terms, "We run Kubernetes version 1.29", 0.10)


def test_a_unit_that_shares_only_what_is_asked_for_is_about_another_thing() -> None:
    """ "what port does the admin dashboard listen on?" is not answered by another server's port."""
    terms = relevance.query_terms(("port", "admin", "dashboard", "listen"))
    port = frozenset({relevance.stem("port")})
    other = "The web app dev server runs on port 3000."
    assert relevance.is_relevant(terms, other, 0.45)  # one shared word, close in meaning
    assert not relevance.is_relevant(terms, other, 0.45, port)
    assert relevance.is_relevant(terms, other, 0.6, port)  # very close in meaning: a paraphrase
    assert relevance.is_relevant(terms, "The admin dashboard listens on port 4000.", None, port)


def test_a_unit_that_shares_only_where_the_question_is_set_answers_nothing() -> None:
    """ "a lunch place near the sheffield venue" is not answered by a list of venue codes."""
    question = "anyone know a decent lunch place near the sheffield venue?"
    place = relevance.place_stems(question)
    assert place == {relevance.stem("sheffield"), relevance.stem("venue")}
    terms = relevance.query_terms(shape(question).content_terms)
    codes = "Venue codes: HB-LDS (Leeds), HB-SHF (Sheffield), HB-YRK (York)."
    assert relevance.is_relevant(terms, codes, None)
    assert not relevance.is_relevant(terms, codes, None, place=place)
    lunch = "Lunch for the Sheffield venue team is ordered from Kelham Deli."
    assert relevance.is_relevant(terms, lunch, None, place=place)
    # a little word among them: "to the tiler for site photos" names no place
    assert not relevance.place_stems("add HEIC support to the tiler for site photos")
    assert not relevance.place_stems("can't log in to the catalogue site")  # a website


def test_an_identifier_of_several_words_is_one_term() -> None:
    terms = relevance.query_terms(("memory", "limit", "billing-api", "pods"))
    assert terms == [("memori",), ("limit",), ("bill", "api"), ("pod",)]
    assert relevance.term_hits(terms, "billing-api runs 3 replicas") == 1
    # one shared name of four terms is not half of the question, and meaning alone is not enough
    assert not relevance.is_relevant(terms, "billing-api runs 3 replicas in production.", None)


def test_a_name_of_several_parts_is_what_a_question_names() -> None:
    """ "VEHICLE_PINGS" names one thing by its form; "route-planner" and "invoice.events" when
    memory knows a thing by that very name; "non-english", "node.js", a path, a pair and a
    version do not."""
    raw = ("route-planner", "VEHICLE_PINGS", "invoice.events", "non-english", "node.js")
    known = ["route-planner", "invoice.events topic", "geo-utils"]
    assert relevance.named_terms((*raw, "apps/web", "lat/long", "3.12"), known) == [
        ("rout", "planner"),
        ("vehicl", "ping"),
        ("invoic", "event"),
    ]
    assert relevance.named_terms(raw, []) == [("vehicl", "ping")]
    # the parts of one name, not parts of two: "multi-tenant" is not "tenant-router" + "multi-az"
    assert relevance.named_terms(("multi-tenant",), ["tenant-router", "multi-az"]) == []
    assert relevance.named_terms(("port", "listening"), ["route-planner"]) == []


def test_matched_terms_are_stems_and_long_ones_match_by_prefix() -> None:
    stems = relevance.query_stems(("deployments", "tables", "ci", "retry"))
    assert relevance.matched(stems, "We deploy each table nightly") == {"deploy", "tabl"}
    assert "ci" in relevance.matched(stems, "CI runs it")  # short stems match whole words only
    assert relevance.matched(stems, "a cider") == frozenset()
    assert relevance.matched(stems, "retried twice") == {"retri"}  # retry and retried, stemmed
    assert relevance.coverage(stems, "deployment tables") == 2


def test_matching_stems_only_words_that_start_like_a_query_stem_loses_none() -> None:
    """Snowball keeps a word's first letter, even where it rewrites the rest ("lying" -> "lie",
    "skies" -> "sky"), so stemming only the words that start like a query stem finds what
    stemming every word would."""
    assert relevance.matched(["lie", "sky"], "lying under clear skies") == {"lie", "sky"}
    rng = random.Random(3)
    words = (
        "deploy deployments deployed tables tabled retries retried lying dying skies early only "
        "generously generation general news singly idly gently ugly configured configuration "
        "yelling yes queue queued queues analytics analysed analysis migrations migrated"
    ).split()
    for _ in range(200):
        text = " ".join(rng.sample(words, 8))
        stems = relevance.query_stems(tuple(rng.sample(words, 3)))
        every = {relevance.stem(w) for w in text.split()}
        naive = {
            s
            for s in stems
            if s in every
            or any(
                len(h) >= relevance.PREFIX
                and len(s) >= relevance.PREFIX
                and (h.startswith(s) or s.startswith(h))
                for h in every
            )
        }
        assert relevance.matched(stems, text) == naive, (stems, text)


def test_candidate_from_a_row_keeps_ranks_via_and_seed_strength() -> None:
    hits = [
        {"voice": "lexical", "rank": 2, "score": 3.1, "via": None},
        {
            "voice": "graph",
            "rank": 7,
            "score": 0.4,
            "via": [{"id": "fact_seed", "score": 0.4}, {"id": "fact_c", "score": 0.1}],
        },
    ]
    c = scoring.candidate("fact_a", {"id": "fact_a"}, 0.05, hits, seeds=5)
    assert c.ranks == {"lexical": 2, "graph": 7}
    assert c.voice_scores["graph"] == 0.4
    assert c.via == [("fact_seed", 0.4), ("fact_c", 0.1)]
    assert c.seed_score == 0.5  # second of the lexical voice: a seed of strength 1/2
    deep = scoring.candidate(
        "fact_b", {}, 0.01, [{"voice": "semantic", "rank": 9, "score": 0.7, "via": None}], seeds=5
    )
    assert deep.seed_score == 0.0 and deep.via == []


def test_a_seed_episode_gains_half_its_rank_as_graph_relevance_a_seed_fact_all() -> None:
    """An episode's evidence already counts its voices, the turns around it and its session."""
    now = datetime(2026, 6, 1, tzinfo=UTC)
    first = [{"voice": "lexical", "rank": 1, "score": 2.0, "via": None}]
    for kind, expected in (("episode", 0.5), ("fact", 1.0)):
        c = scoring.candidate("u", {"kind": kind, "recorded_at": now}, 0.02, first, seeds=5)
        scoring.retrieval_score(c, max_fused=0.02, max_graph=1.0, weights=DEFAULT_WEIGHTS, now=now)
        assert c.parts["graph_relevance"] == expected, kind
    # what the walk gave a seed counts when it is more
    walked = [
        *first,
        {"voice": "graph", "rank": 1, "score": 0.9, "via": [{"id": "x", "score": 0.9}]},
    ]
    c = scoring.candidate("u", {"kind": "episode", "recorded_at": now}, 0.02, walked, seeds=5)
    scoring.retrieval_score(c, max_fused=0.02, max_graph=1.0, weights=DEFAULT_WEIGHTS, now=now)
    assert c.parts["graph_relevance"] == 0.9


def test_decay_by_memory_type() -> None:
    now = datetime(2026, 6, 1, tzinfo=UTC)
    old = now - timedelta(days=150)
    assert decay.factor({"memory_type": "project_note", "recorded_at": old}, now) == pytest.approx(
        0.5
    )
    assert decay.factor({"memory_type": "user_rule", "recorded_at": old}, now) == 1.0
    assert decay.factor({"memory_type": "commitment", "recorded_at": old}, now) == decay.FLOOR


def test_weibull_curves_are_configurable_and_checked() -> None:
    now = datetime(2026, 6, 1, tzinfo=UTC)
    curves = decay.resolve({"commitment": {"scale_days": 30, "shape": 3}, "profile": None})
    at = {"memory_type": "commitment"}
    # shape 3 holds on, then drops: 0.96 after 10 days, 0.37 at the scale, the floor after 60 days
    assert decay.factor(
        {**at, "recorded_at": now - timedelta(days=10)}, now, curves
    ) == pytest.approx(math.exp(-(1 / 27)))
    assert decay.factor(
        {**at, "recorded_at": now - timedelta(days=30)}, now, curves
    ) == pytest.approx(math.exp(-1))
    assert decay.factor({**at, "recorded_at": now - timedelta(days=60)}, now, curves) == decay.FLOOR
    assert (
        decay.factor(
            {"memory_type": "profile", "recorded_at": now - timedelta(days=5000)}, now, curves
        )
        == 1.0
    )
    assert curves["project_note"] == decay.DEFAULT_CURVES["project_note"]  # left out: the default
    assert decay.Curve.half_life(150).survival(150) == pytest.approx(0.5)
    for bad, says in [
        ({"user_rule": {"half_life_days": 9}}, "never decays"),
        ({"memo": None}, "unknown memory_type"),
        ({"profile": {"half_life_days": -1}}, "positive numbers"),
        ({"profile": 30}, "give null"),
    ]:
        with pytest.raises(ValueError, match=says):
            decay.resolve(bad)


def test_gate_checks_and_reasons() -> None:
    at = datetime(2026, 6, 1, tzinfo=UTC)
    good = {"source_ref": "x", "confidence": 0.8, "trust": 0.9, "truth_status": "candidate"}
    assert gate.failed(gate.check(good, at, gate.GateConfig())) == []
    stale = {**good, "valid_until": at - timedelta(days=1)}
    assert gate.abstain_reason([gate.check(stale, at, gate.GateConfig())]) == "temporal_invalid"
    weak = {**good, "confidence": 0.2, "trust": 0.3, "source_ref": ""}
    assert gate.failed(gate.check(weak, at, gate.GateConfig())) == [
        "confident",
        "trusted",
        "has_source",
    ]


def _mmr_by_definition(
    cands: list[scoring.Candidate], k: int, lam: float = 0.7
) -> list[scoring.Candidate]:
    """MMR exactly as defined: every step compares every remaining candidate with everything
    chosen."""
    pool = sorted(cands, key=lambda c: c.score, reverse=True)
    top = pool[0].score or 1.0 if pool else 1.0
    chosen: list[scoring.Candidate] = []
    while pool and len(chosen) < k:

        def value(c: scoring.Candidate) -> float:
            near = max(
                (scoring.redundancy(scoring._words(c), scoring._words(p)) for p in chosen),
                default=0.0,
            )
            return lam * (c.score / top) - (1 - lam) * near

        best = max(pool, key=value)
        chosen.append(best)
        pool.remove(best)
    return chosen


def test_mmr_picks_what_the_definition_picks() -> None:
    rng = random.Random(3)
    vocabulary = [f"w{i}" for i in range(12)]
    for trial in range(300):
        cands = [
            scoring.Candidate(
                id=f"u{i}",
                unit={"text": " ".join(rng.sample(vocabulary, rng.randint(0, 6)))},
                score=rng.choice([0.0, 0.5, rng.random()]),
            )
            for i in range(rng.randint(1, 30))
        ]
        kept = {c.id for c in cands if rng.random() < 0.6}

        def keep(c: scoring.Candidate, kept: set[str] = kept) -> bool:
            return c.id in kept

        for k in (1, 3, 5, 20):
            assert [c.id for c in scoring.mmr(cands, k)] == [
                c.id for c in _mmr_by_definition(cands, k)
            ], (trial, k)
            filtered = [c for c in cands if c.id in kept]
            lazy = scoring.mmr(cands, k, keep=keep)
            assert (
                [c.id for c in lazy] == [c.id for c in _mmr_by_definition(filtered, k)]
                if filtered
                else lazy == []
            )


def test_mmr_asks_keep_only_about_what_it_visits() -> None:
    cands = [
        scoring.Candidate(id=f"u{i}", unit={"text": f"word{i}"}, score=1.0 - i / 100)
        for i in range(30)
    ]
    asked: list[str] = []

    def keep(c: scoring.Candidate) -> bool:
        asked.append(c.id)
        return c.id != "u0"

    assert [c.id for c in scoring.mmr(cands, 2, keep=keep)] == ["u1", "u2"]
    assert set(asked) < {c.id for c in cands}  # the low-scored tail was never judged


def test_epoch_microseconds_come_back_as_the_same_instant() -> None:
    for moment in (
        datetime(2026, 3, 1, 9, 30, 15, 123456, tzinfo=UTC),
        datetime(1969, 12, 31, 23, 59, 59, 500000, tzinfo=UTC),
    ):
        micros = (moment - datetime(1970, 1, 1, tzinfo=UTC)) // timedelta(microseconds=1)
        assert isotime.from_epoch_us(micros) == moment


def test_stems_are_the_compiled_snowball_english_and_the_same_as_the_pure_python_one() -> None:
    """The prompt hook stems a few hundred words per prompt in a fresh process: it runs the
    compiled stemmer (PyStemmer), which must stem as the pure-Python Snowball English does."""
    from snowballstemmer.english_stemmer import EnglishStemmer

    from hippograph.schema import text

    assert type(text._stemmer()).__module__ == "Stemmer"
    reference = EnglishStemmer()
    words = (
        "deployments configured generously lying skies analytics yelling queued migrations "
        "replicas postgres kubernetes timescaledb caroline's running ran news idly 3am v2"
    ).split()
    assert [relevance.stem(w) for w in words] == [reference.stemWord(w) for w in words]


def test_a_unit_about_another_thing_of_the_subject() -> None:
    thing = [relevance.stem("license")]
    text = "EMQX is on version 5.6."
    assert relevance.asks_another_thing(thing, text, 0.45, 0.47)  # no closer with "license"
    assert not relevance.asks_another_thing(thing, text, 0.45, 0.40)  # closer: said otherwise
    assert relevance.asks_another_thing(thing, text, 0.69, 0.70)  # close, closer without it
    assert not relevance.asks_another_thing(thing, text, 0.70, 0.60)  # closer with "license"
    assert not relevance.asks_another_thing(thing, "EMQX is under the Apache license", 0.4, 0.5)
    assert not relevance.asks_another_thing([], text, 0.45, 0.47)  # nothing named
    assert not relevance.asks_another_thing(thing, text, None, None)  # keyword mode


def test_mmr_sets_apart_copies_not_siblings() -> None:
    def cand(id_: str, text: str, score: float) -> scoring.Candidate:
        return scoring.Candidate(id=id_, unit={"text": text}, score=score)

    first = cand("first", "billing-api runs 3 replicas in production", 1.0)
    copy = cand("copy", "billing-api runs 3 replicas in production now", 0.95)
    sibling = cand("sibling", "billing-api in production reads from the primary only", 0.9)
    other = cand("other", "nightly exports land in s3", 0.88)
    # the sibling shares "billing-api", "in" and "production" with the first: a third of their
    # words, not a copy's, so it keeps the place its score gives (word overlap alone would put
    # the unrelated unit first); the copy goes last
    assert scoring.similarity(scoring._words(first), scoring._words(sibling)) > 0.2
    assert [c.id for c in scoring.mmr([first, copy, sibling, other], 4)] == [
        "first",
        "sibling",
        "other",
        "copy",
    ]
    assert scoring.redundancy(scoring._words(first), scoring._words(sibling)) == 0.0
    assert scoring.redundancy(scoring._words(first), scoring._words(copy)) > scoring.NEAR_COPY


def test_a_unit_far_in_meaning_is_no_answer_but_leads_the_walk() -> None:
    """Shared words alone do not make a unit far from the question in meaning an answer; as the
    seed of a graph walk its words still count, and the fact it leads to may answer."""
    terms = relevance.query_terms(("routeplan", "rounds", "houses", "addresses"))
    seed = scoring.Candidate(
        "seed",
        {"text": "routeplan is the service that builds the rounds of every truck"},
        cosine=0.12,
    )
    reached = scoring.Candidate(
        "reached",
        {"text": "It now pulls new addresses from the council API every night."},
        cosine=0.25,
        via=[("seed", 0.9)],
    )
    judge = relevance.Judge(terms, [seed, reached], names_count=lambda c: False, min_graph=0.5)
    assert not judge(seed)  # two shared words, far in meaning: no answer
    assert judge.direct(seed, seed=True)  # but a seed by its words
    assert judge(reached)


@pytest.mark.parametrize(
    ("query", "names", "named"),
    [
        ("where's the team christmas do this year?", ["team roles"], False),
        ("is the fire alarm test still on wednesdays?", ["test environment"], False),
        ("who's in the team roles doc?", ["team roles"], True),  # the whole name
        ("how do I reset the test environment?", ["test environment"], True),
        ("is lanebook down?", ["Lanebook"], True),  # a name of one word
        ("which plumbline rule checks head height?", ["Plumbline rules"], True),
        ("what does the payments team own?", ["payments team"], True),  # not only the kind
    ],
)
def test_a_generic_word_alone_does_not_name_a_thing_of_several(
    query: str, names: list[str], named: bool
) -> None:
    stems = relevance.query_stems(tuple(query.split()))
    assert relevance.names_entity(stems, names) is named


def test_a_phrase_of_the_trade_is_met_by_its_other_words() -> None:
    # "push it to prod" is a deploy: both its words may be met by "deploy"
    terms = same_things.expand(
        "fix is merged, when can i push it to prod?", [("fix",), ("merg",), ("push",), ("product",)]
    )
    assert terms[2] == ("push", "deploy", "releas") and terms[3] == ("product", "deploy", "releas")
    assert relevance.term_hits(terms, "Deploy day is now Thursday, 07:00-09:00.") == 2
    # a phrase none of whose words is a term is a term of its own
    assert same_things.expand("where do i see the stack traces?", [("see",)]) == [
        ("see",),
        ("except", "error"),
    ]
    # the full-text query asks for the other words too
    text, _ = lucene.build(shape("texts to applicants aren't arriving"))
    assert "sms" in text.split(" OR ")
    # a text field is no text message
    assert same_things.alternatives("the text field truncates names") == []
