"""Evidence scores: own words and meaning, the turns around, questions, speakers, times."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from hippograph.recall import answer_kind, evidence, intent, relevance
from hippograph.recall.scoring import Candidate

AT = datetime(2026, 12, 1, tzinfo=UTC)


def turn(
    id: str, text: str, *, lexical: float = 0.0, cosine: float | None = None, **unit: Any
) -> Candidate:
    c = Candidate(id=id, unit={"kind": "episode", "text": text, **unit}, cosine=cosine)
    if lexical:
        c.voice_scores["lexical"] = lexical
    return c


def scored(*cands: Candidate, query: str = "q") -> dict[str, float]:
    q = intent.shape(query)
    stems = relevance.query_stems((*q.identifiers, *q.content_terms))
    evidence.score(cands, query, AT, stems, answer_kind.expected(query))
    return {c.id: c.evidence or 0.0 for c in cands}


def test_own_score_mixes_words_and_meaning_against_the_best() -> None:
    s = scored(
        turn("a", "x", lexical=4.0, cosine=0.2),
        turn("b", "y", lexical=2.0, cosine=0.4),
        turn("c", "z", cosine=0.1),
    )
    assert s["a"] == 1.0  # 0.5 * 1 + 0.5 * 0.5 = 0.75, the best
    assert abs(s["b"] - (0.5 * 0.5 + 0.5 * 1.0) / 0.75) < 1e-9
    assert abs(s["c"] - 0.5 * 0.25 / 0.75) < 1e-9


def test_a_long_unit_means_what_its_whole_and_its_closest_sentence_mean_together() -> None:
    s = scored(
        turn("long", "x", cosine=0.6, sentence_cosine=0.8),  # 0.5 x 0.6 + 0.5 x 0.8 = 0.7
        turn("short", "y", cosine=0.65),  # no sentence vectors: its own cosine
    )
    assert s["long"] == 1.0
    assert abs(s["short"] - 0.65 / 0.7) < 1e-9


def test_keyword_mode_scores_words_alone_and_semantic_meaning_alone() -> None:
    words = scored(turn("a", "x", lexical=3.0), turn("b", "y", lexical=1.0))
    assert words == {"a": 1.0, "b": 1 / 3}
    meaning = scored(turn("a", "x", cosine=0.8), turn("b", "y", cosine=0.4))
    assert meaning == {"a": 1.0, "b": 0.5}


def test_keyword_mode_weighs_the_rare_terms_a_unit_has_not_one_word_repeated() -> None:
    def fact(id: str, text: str, details: str, lexical: float) -> Candidate:
        return turn(id, text, lexical=lexical, kind="decision", details_text=details)

    # BM25 counted "table" once per field and once per form the query wrote it in.
    partitions = fact("p", "The events table is partitioned by month.", "events table", 6.0)
    ids = fact("u", "Primary keys are UUIDv7.", "bigserial: guessable; uuids", 2.3)
    other = fact("o", "A migration locked the documents table.", "whole table", 4.0)
    query = "should the new table's id be a bigserial or a uuid, as in older tables?"
    s = scored(partitions, ids, other, query=query)
    assert s["u"] == 1.0 and s["p"] < s["u"]  # two rare terms beat a common one, repeated
    unmatched = scored(fact("p", "x", "", 6.0), fact("u", "y", "", 2.3), query="bigserial uuid")
    assert unmatched == {"p": 1.0, "u": 2.3 / 6.0}  # no term as written: the Lucene scores alone


def test_the_reply_to_a_matching_turn_gains_from_it() -> None:
    asked = turn("q1", "What pet do you have?", lexical=5.0, next_turn="r1")
    reply = turn("r1", "Luna and Oliver, two cats.", cosine=0.3, prev_turn="q1")
    stranger = turn("s1", "I love cats too.", cosine=0.3)
    s = scored(asked, reply, stranger)
    assert s["r1"] > s["s1"]


def test_the_answer_to_a_question_gains_more_from_it_than_a_remark_gains_from_a_remark() -> None:
    asked = turn("q1", "Any trips planned?", lexical=5.0, next_turn="r1")
    answer = turn("r1", "Lisbon in June.", prev_turn="q1")
    said = turn("q2", "Trips are planned.", lexical=5.0, next_turn="r2")
    after = turn("r2", "Lisbon in June.", prev_turn="q2")
    s = scored(asked, answer, said, after)
    assert s["r1"] == evidence.ASKED_SHARE / evidence.QUESTION_TURN * s["q1"]
    assert s["r2"] == evidence.PREV_SHARE * s["q2"]


def test_a_turn_gains_from_the_same_speakers_turn_before_the_others_reply() -> None:
    told = turn("t1", "I strained my calf.", lexical=5.0, speaker="Neil", next_turn="t2")
    reply = turn("t2", "Oh no. When?", prev_turn="t1", next_turn="t3", speaker="Gareth")
    how = turn("t3", "Doing hill repeats.", prev_turn="t2", prev2_turn="t1", speaker="Neil")
    stranger = turn("s1", "Hills are steep.", speaker="Neil")
    s = scored(told, reply, how, stranger)
    assert s["t3"] > s["s1"] == 0.0
    assert abs(s["t3"] - evidence.PREV2_SHARE) < 1e-9


def test_a_turn_that_only_asks_counts_less_than_the_same_score_answering() -> None:
    s = scored(turn("a", "Do you run?", lexical=2.0), turn("b", "I run daily.", lexical=2.0))
    assert s["a"] == evidence.QUESTION_TURN * s["b"]


def test_the_speaker_a_query_names_counts_more() -> None:
    jon = turn("j", "I work as a baker.", lexical=1.0, speaker="Jon")
    gina = turn("g", "Jon, tell me about work!", lexical=1.0, speaker="Gina")
    s = scored(jon, gina, query="What is Jon's job?")
    assert s["j"] > s["g"]
    both = scored(jon, gina, query="What do Jon and Gina do?")
    assert both["j"] == both["g"]  # two speakers named: neither is favoured


def test_the_named_speaker_counts_less_when_another_speaker_says_more_about_it() -> None:
    # "What did Melanie make for the church?" when it was Caroline who made it.
    made = turn("c", "I made a window for the church.", lexical=4.0, cosine=0.8, speaker="Caroline")
    aside = turn("m", "Church bells woke me up.", lexical=1.0, cosine=0.2, speaker="Melanie")
    s = scored(made, aside, query="What did Melanie make for a local church?")
    boost = 1 + (evidence.SPEAKER_BOOST - 1) * (1.0 / 4.0)  # her best is a quarter of Caroline's
    assert s["c"] == 1.0 and abs(s["m"] - boost / 4.0) < 1e-9
    # Her own turn as strong as anyone's: the full boost.
    told = turn("m", "I made a vase for the church.", lexical=4.0, cosine=0.8, speaker="Melanie")
    full = scored(made, told, query="What did Melanie make for a local church?")
    assert full["m"] == 1.0 and abs(full["c"] - 1 / evidence.SPEAKER_BOOST) < 1e-9


def test_a_speaker_is_named_by_first_name_when_no_other_speaker_shares_it() -> None:
    alice = turn("a", "I work as a baker.", speaker="Alice Smith")
    bob = turn("b", "Alice, tell me about work!", speaker="Bob Jones")
    assert evidence.named_speakers("What is Alice's job?", [alice, bob]) == ["Alice Smith"]
    assert evidence.named_speakers("what did alice smith bake", [alice, bob]) == ["Alice Smith"]
    other = turn("o", "Hi!", speaker="Alice Jones")
    assert evidence.named_speakers("What is Alice's job?", [alice, bob, other]) == []
    assert evidence.named_speakers("Alice Jones' job?", [alice, bob, other]) == ["Alice Jones"]
    assert evidence.named_speakers("Smith's job?", [alice, bob]) == []  # first names only
    alice.voice_scores["lexical"] = bob.voice_scores["lexical"] = 1.0
    s = scored(alice, bob, query="What is Alice's job?")
    assert s["a"] > s["b"]


def test_a_unit_from_the_time_the_query_names_counts_more() -> None:
    may = turn("m", "We went camping.", lexical=1.0, valid_from=datetime(2023, 5, 20, tzinfo=UTC))
    june = turn("j", "We went camping.", lexical=1.0, valid_from=datetime(2023, 6, 20, tzinfo=UTC))
    s = scored(may, june, query="When did they go camping in May?")
    assert s["m"] > s["j"]


def test_a_unit_stating_the_kind_of_answer_asked_for_counts_more() -> None:
    said = turn("s", "We went camping last weekend.", lexical=1.0)
    plain = turn("p", "We went camping with the kids.", lexical=1.0)
    when = scored(said, plain, query="When did Mel go camping?")
    assert when["s"] == 1.0 and when["p"] == 1 / evidence.KIND_BOOST
    what = scored(said, plain, query="Where did Mel go camping?")
    assert what["s"] == what["p"]  # no kind asked for
    twice = turn("t", "I went camping twice.", lexical=1.0)
    many = scored(twice, plain, query="How many times did Mel go camping?")
    assert many["t"] > many["p"]


def test_facts_are_scored_by_their_own_words_only() -> None:
    fact = Candidate(id="f", unit={"kind": "fact", "text": "Is it Postgres?"}, cosine=0.5)
    other = Candidate(id="g", unit={"kind": "fact", "text": "Postgres 16"}, cosine=0.5)
    s = scored(fact, other)
    assert s["f"] == s["g"] == 1.0  # only episodes are read as turns


def test_a_turn_of_a_session_that_keeps_to_the_topic_gains_on_a_stray_match() -> None:
    on_topic = [turn(f"a{n}", "x", lexical=2.0, session="s1", scope="chat") for n in range(3)]
    stray = turn("b", "x", lexical=2.0, session="s2", scope="chat")
    lone = turn("c", "x", lexical=2.0, session="s1", scope="other")  # same name, other scope
    s = scored(*on_topic, stray, lone)
    assert s["a0"] == 1.0 and s["b"] < s["a0"] and s["c"] == s["b"]


def test_a_query_without_the_speakers_it_names() -> None:
    assert evidence.without_speakers("What is Jon's job?", ["Jon"]) == "What is job?"
    assert evidence.without_speakers("what did jon and Gina plan", ["Jon", "Gina"]) == (
        "what did and plan"
    )
    assert evidence.without_speakers("Jonathan's car", ["Jon"]) == "Jonathan's car"  # words only
    assert evidence.without_speakers("Jon", ["Jon"]) == "Jon"  # nothing else would be left
    assert evidence.without_speakers("Did Ana Lima call?", ["Ana", "Ana Lima"]) == "Did call?"


def test_the_words_that_may_name_a_speaker() -> None:
    words = evidence.name_words("What is jon's job at Acme?", frozenset({"what", "is", "at"}))
    assert words == ["jon", "Jon", "job", "Job", "Acme"]
    pairs = evidence.name_words("did ana lima call", frozenset({"did"}))
    assert "ana lima" in pairs and "Ana Lima" in pairs and "lima call" in pairs
