"""A long unit keeps one vector per sentence (units/sentences.py), recall compares the query
with its closest sentence too (recall_candidates.cypher, `sentence_cosine`), and every path that
handles a unit's vectors handles these: the change log leaves them out, a purge drops them, the
embed job adds them to units embedded before."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from hippograph.config import Settings
from hippograph.graph.client import Graph
from hippograph.memory import Memory
from hippograph.units import store
from hippograph.units.embedder import installed_embedder
from tests.fakes import Clock, SentenceHashingEmbedder
from tests.recall.statement import candidates

USER = {"source": "user", "source_ref": "chat#1"}
LONG = (
    "Morning all, sorry for the late start. The coffee machine is broken again. "
    "The database migration failed at step 3 and was rolled back. Lunch is on me today."
)


def _stored(graph: Graph, unit_id: str) -> list[float] | None:
    rows = graph.read_text(
        "MATCH (m:Memory {id: $id}) RETURN m.sentence_embeddings AS s", {"id": unit_id}
    ).rows
    return rows[0]["s"]


def _memory(graph: Graph, settings: Settings, tmp_path: Path, clock: Clock) -> Memory:
    return Memory(graph, settings, cwd=tmp_path, clock=clock, embedder=SentenceHashingEmbedder())


def _long_and_short(memory: Memory) -> tuple[str, str]:
    """A note of four sentences and one of one sentence; their ids."""
    long = memory.remember(LONG, about=["standup"], **USER)
    short = memory.remember("Database backups run nightly.", about=["backups"], **USER)
    return long.id, short.id


def _has_sentence_vectors(graph: Graph, long: str, short: str) -> bool:
    return len(_stored(graph, long) or []) == 4 * 384 and _stored(graph, short) == []


def test_a_long_unit_keeps_its_sentence_vectors_and_a_short_one_an_empty_list(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    memory = _memory(graph, settings, tmp_path, clock)
    long, short = _long_and_short(memory)
    assert _has_sentence_vectors(graph, long, short)
    # derived from the words like the embedding: not shown, not in the change log
    assert "sentence_embeddings" not in memory.get(long).unit
    logged = json.dumps([c.model_dump(mode="json") for c in memory.log(unit_id=long)])
    assert "sentence_embeddings" not in logged
    assert graph.read("count_missing_embeddings")[0]["count"] == 0


def test_recall_reads_the_closest_sentences_cosine_of_a_long_unit(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    memory = _memory(graph, settings, tmp_path, clock)
    long, short = _long_and_short(memory)
    embedder = SentenceHashingEmbedder()
    qvec = embedder.embed(["database migration failed, rolled back"])[0]
    rows = candidates(graph, query="database migration", embedding=qvec, rest_embedding=qvec)
    units = {r["id"]: r["unit"] for r in rows}
    flat = embedder.embed_with_sentences([LONG])[0][1]
    best = max(
        sum(a * b for a, b in zip(flat[i : i + 384], qvec, strict=True))
        for i in range(0, len(flat), 384)
    )
    assert math.isclose(units[long]["sentence_cosine"], best, abs_tol=1e-5)
    assert units[long]["sentence_cosine"] > units[long]["cosine"]
    assert units[short]["sentence_cosine"] is None
    # keyword mode sends no vector and reads no sentence vectors
    keyword = candidates(graph, query="database migration")
    assert all(r["unit"]["sentence_cosine"] is None for r in keyword)


def test_units_embedded_before_get_sentence_vectors_from_the_embed_job(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    memory = _memory(graph, settings, tmp_path, clock)
    long, short = _long_and_short(memory)
    for unit in (long, short):  # as an earlier version stored them: no sentence vectors
        graph.write_tx(
            lambda tx, u=unit: store.update_node(tx, u, {"sentence_embeddings": None}, actor="t")
        )
    assert graph.read("count_missing_embeddings")[0]["count"] == 2
    runs = {r.job: r.changed for r in memory.maintain(job="embed")}
    assert runs == {"embed": 2}
    assert _has_sentence_vectors(graph, long, short)
    assert graph.read("count_missing_embeddings")[0]["count"] == 0


def test_a_purge_drops_the_sentence_vectors_with_the_words(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    memory = _memory(graph, settings, tmp_path, clock)
    unit = memory.remember(LONG, about=["standup"], **USER)
    memory.purge(unit.id, reason="erasure request")
    assert _stored(graph, unit.id) is None
    assert graph.read("count_missing_embeddings")[0]["count"] == 0


@pytest.mark.model
def test_the_real_model_finds_the_sentence_that_answers_inside_a_long_unit(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    """As a whole, the standup note is a little further from the question than a short note
    that shares its words (cosine .607 against .610); its third sentence is much closer (.75),
    and with it the note means more to the question than the short one."""
    memory = Memory(
        graph, settings, cwd=tmp_path, clock=clock, embedder=installed_embedder(settings)
    )
    long = memory.remember(LONG, about=["standup"], **USER)
    short = memory.remember("Migration scripts live in the db folder.", about=["scripts"], **USER)
    query = "what happened to the database migration?"
    qvec = memory.embedder.embed([query])[0]  # type: ignore[union-attr]
    rows = candidates(graph, embedding=qvec, rest_embedding=qvec)
    units = {r["id"]: r["unit"] for r in rows}
    assert units[long.id]["sentence_cosine"] > units[long.id]["cosine"] + 0.1
    found = memory.recall(query, mode="semantic", strict=False)
    meaning = {i["id"]: i["parts"]["semantic_similarity"] for i in found.items}
    # the best meaning of the two; the short note still ranks first here, as the semantic
    # voice's first hit (a seed of the graph walk: docs/recall.md, "Score")
    assert meaning[long.id] == 1.0 and meaning[short.id] < 0.95
