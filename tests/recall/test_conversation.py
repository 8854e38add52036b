"""Recall over an imported conversation: the reply after a matching turn, whose words the
question does not share, and the turns of the speaker the question names."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from hippograph.config import Settings
from hippograph.graph.client import Graph
from hippograph.memory import Memory
from hippograph.units import store
from tests.fakes import Clock, HashingEmbedder
from tests.recall.statement import candidates

TURNS = [
    ("Ana", "Hi Ben! How was your weekend?"),
    ("Ben", "Hey Ana, it was calm. We stayed home mostly."),
    ("Ana", "Do you have a pet these days?"),
    ("Ben", "Luna and Oliver, two sweet tabbies who rule the house."),
    ("Ana", "Ben, that is adorable. I just bought a new bike."),
    ("Ben", "Nice, Ana! Where will you ride it?"),
    ("Ana", "Along the river, Ben. The shop there sells bike baskets for dogs!"),
    ("Ben", "Ha, Ana, that sounds like fun."),
]


def _import(
    memory: Memory,
    tmp_path: Path,
    turns: Sequence[tuple[str, str]] = TURNS,
    scope: str = "chat",
) -> dict[int, str]:
    path = tmp_path / f"{scope}.jsonl"
    path.write_text(
        "".join(
            json.dumps({"session": "s1", "turn": n, "speaker": who, "text": text}) + "\n"
            for n, (who, text) in enumerate(turns, start=1)
        ),
        encoding="utf-8",
    )
    assert memory.import_transcript(path, scope=scope).imported == len(turns)
    units = memory.units(kind="episode", scope=scope, limit=20)
    return {u["turn"]: u["id"] for u in units}


def test_the_reply_after_a_matching_question_is_found_though_it_shares_no_word(
    memory: Memory, tmp_path: Path
) -> None:
    by_turn = _import(memory, tmp_path)
    result = memory.recall(
        "which pet does Ben have", mode="keyword", k=3, scope="chat", strict=False
    )
    top = [i["id"] for i in result.items]
    assert by_turn[4] in top, [i["text"] for i in result.items]


def test_a_question_in_the_present_finds_the_turn_that_tells_it_in_the_past(
    memory: Memory, tmp_path: Path
) -> None:
    turns = ["The team trains on Tuesdays now.", "Nice. Is the coach strict?", "We won the final!"]
    _import(memory, tmp_path, [("Ana", text) for text in turns], scope="final")
    # "win" is in no turn: only its past tense, "won", finds the answer
    result = memory.recall("did they win?", mode="keyword", k=1, scope="final", strict=False)
    assert [i["text"] for i in result.items] == ["We won the final!"]


def _candidates(graph: Graph, around: int) -> dict[str, list[dict[str, Any]]]:
    # no graph walk (seeds=0): only the lexical voice and the turns around its hits
    rows = candidates(graph, query="pet", seeds=0, around=around, scope="chat", kinds=["episode"])
    return {r["id"]: r["hits"] for r in rows}


def test_the_turns_around_the_best_episodes_come_with_the_candidates(
    memory: Memory, graph: Graph, tmp_path: Path
) -> None:
    by_turn = _import(memory, tmp_path)
    found = _candidates(graph, around=20)
    assert found[by_turn[3]]  # the hit; the turns up to two away come with it, found by no voice
    assert all(found[by_turn[n]] == [] for n in (1, 2, 4, 5))
    assert by_turn[6] not in found
    assert set(_candidates(graph, around=0)) == {by_turn[3]}
    rows = candidates(graph, query="pet", seeds=0, around=20, scope="chat", kinds=["episode"])
    unit = {r["id"]: r["unit"] for r in rows}[by_turn[5]]
    assert (unit["prev_turn"], unit["prev2_turn"]) == (by_turn[4], by_turn[3])


class _Recording(HashingEmbedder):
    """Bag-of-words vectors, keeping every text it was asked to embed."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.texts.extend(texts)
        return super().embed(texts)


def test_turns_are_embedded_without_speakers_and_questions_without_their_names(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    embedder = _Recording()
    memory = Memory(graph, settings, cwd=tmp_path, clock=clock, embedder=embedder)
    _import(memory, tmp_path)
    assert embedder.texts == [text for _, text in TURNS]  # the words alone
    embedder.texts.clear()
    result = memory.recall("Which pet does Ben's family have?", scope="chat", strict=False)
    # and without "pet", what it asks for, for the gate (relevance.asks_another_thing)
    assert embedder.texts == ["Which pet does family have?", "Which does family have?"]
    assert "speakers" in result.timings_ms
    # keyword mode (the prompt hook's) asks the words as written, without the extra read
    embedder.texts.clear()
    words = memory.recall("Which pet does Ben have?", scope="chat", mode="keyword", strict=False)
    assert embedder.texts == [] and "speakers" not in words.timings_ms
    # a speaker only this scope has is not one elsewhere: the read gate's scopes hold
    embedder.texts.clear()
    memory.recall("Which pet does Ben's family have?", scope="elsewhere", strict=False)
    assert embedder.texts[0] == "Which pet does Ben's family have?"


def test_a_question_is_embedded_without_a_speaker_it_names_by_first_name(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    embedder = _Recording()
    memory = Memory(graph, settings, cwd=tmp_path, clock=clock, embedder=embedder)
    path = tmp_path / "full.jsonl"
    path.write_text(
        "".join(
            json.dumps({"session": "s1", "turn": n, "speaker": f"{who} Lima", "text": text}) + "\n"
            for n, (who, text) in enumerate(TURNS, start=1)
        ),
        encoding="utf-8",
    )
    assert memory.import_transcript(path, scope="full").imported == len(TURNS)
    embedder.texts.clear()
    memory.recall("Which pet does Ben's family have?", scope="full", strict=False)
    assert embedder.texts[0] == "Which pet does family have?"
    embedder.texts.clear()
    memory.recall("Which pet does Lima's family have?", scope="full", strict=False)
    assert embedder.texts[0] == "Which pet does Lima's family have?"  # a last name is not asked


def test_speakers_are_looked_up_in_the_speaker_index_whole_and_by_first_name(graph: Graph) -> None:
    plan = graph.explain("speakers_named", details=True, names=["Ana"], branches=["main"], scope="")
    seeks = sorted(op.replace("@neo4j", "") for op in plan if "Seek" in op or "Scan" in op)
    assert len(seeks) == 2 and all("Episode(speaker)" in op for op in seeks), seeks
    assert "STARTS WITH" in seeks[1], seeks


def test_turns_embedded_with_their_speaker_before_are_embedded_again_by_maintenance(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    embedder = _Recording()
    memory = Memory(graph, settings, cwd=tmp_path, clock=clock, embedder=embedder)
    by_turn = _import(memory, tmp_path)
    assert graph.read("count_missing_embeddings")[0]["count"] == 0
    # a turn imported before recall counted speakers apart: a vector of "speaker: words"
    graph.write_tx(
        lambda tx: store.update_node(tx, by_turn[4], {"embedding_of": None}, actor="test")
    )
    assert graph.read("count_missing_embeddings")[0]["count"] == 1
    embedder.texts.clear()
    runs = {r.job: r.changed for r in memory.maintain(job="embed")}
    assert runs == {"embed": 1} and embedder.texts == [TURNS[3][1]]  # the words alone
    assert memory.get(by_turn[4]).unit["embedding_of"] == "words"
    assert graph.read("count_missing_embeddings")[0]["count"] == 0


def test_learned_links_do_not_stop_the_walk_through_a_turn(
    memory: Memory, graph: Graph, tmp_path: Path
) -> None:
    """A turn that many recalls returned carries many RELATED (co-occurrence) edges. They are not
    its degree: the walk still goes through it to the next turn, two hops from the seed."""
    by_turn = _import(memory, tmp_path)
    others = [
        memory.remember(
            f"Unrelated note number {n}", about=["misc"], source="user", source_ref="chat#1"
        ).id
        for n in range(55)  # more than max_fanout (50)
    ]
    graph.write(
        "record_co_occurrence",
        pairs=[{"a": by_turn[4], "b": other} for other in others],
        now=datetime.now(UTC),
    )

    def graph_hit() -> bool:
        rows = candidates(graph, query="pet", seeds=1, around=0, scope="chat", kinds=["episode"])
        hits = {r["id"]: r["hits"] for r in rows}.get(by_turn[5], [])
        return any(h["voice"] == "graph" for h in hits)

    assert graph_hit()  # turn 3 (the hit) → turn 4 → turn 5, though turn 4 has 57 edges


def test_a_turn_with_only_learned_links_is_walked_through(memory: Memory, tmp_path: Path) -> None:
    """A session of one turn has no NEXT edge. Once recall has linked it to other turns and the
    links are confirmed, those learned links are its only relationships and none counts in its
    degree (a middle node's weight is divided by sqrt(degree)): it counts as degree 1, the walk
    goes through it, and every score stays a finite number."""
    path = tmp_path / "single.jsonl"
    texts = ["Redis caches the sessions", "Stripe takes the payments", "Gradle builds the app"]
    path.write_text(
        "".join(
            json.dumps({"session": f"s{n}", "speaker": "Ana", "text": text}) + "\n"
            for n, text in enumerate(texts)
        ),
        encoding="utf-8",
    )
    assert memory.import_transcript(path, scope="single").imported == 3
    by_text = {u["text"]: u["id"] for u in memory.units(kind="episode", scope="single")}
    seed, middle, far = (by_text[t] for t in texts)

    def asked(query: str) -> list[str]:
        result = memory.recall(query, mode="keyword", scope="single", strict=False)
        return [i["id"] for i in result.items]

    assert set(asked("redis or stripe")) == {seed, middle}
    assert set(asked("stripe or gradle")) == {middle, far}
    for unit in (seed, middle, far):
        memory.feedback(unit, helped=True)
    memory.maintain(job="edge_weights")
    edges = memory.get(middle).edges
    assert [e["type"] for e in edges] == ["RELATED", "RELATED"]
    assert all(e["props"]["weight"] >= 0.2 for e in edges)
    result = memory.recall(
        "redis", mode="keyword", scope="single", strict=False, record_usage=False
    )
    assert [i["id"] for i in result.items] == [seed, middle, far]
    assert result.items[2]["voices"] == {"graph": 2}  # two hops, through the middle turn
    assert all(
        math.isfinite(value)
        for item in result.items
        for value in (item["score"], *item["parts"].values())
    )
