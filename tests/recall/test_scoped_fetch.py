"""A scoped recall finds its own units however many alike units other scopes hold: the indexes
answer before recall filters by scope, and a fixed over-fetch could be filled by other scopes
(recall_candidates.cypher: a voice left short asks its index again, for $max_fetch)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hippograph.config import Settings
from hippograph.graph.client import Graph
from hippograph.memory import Memory
from hippograph.recall import engine
from tests.fakes import Clock, HashingEmbedder
from tests.recall.statement import candidate_params, candidates
from tests.recall.test_engine import embedded

USER = {"source": "user"}
ALIKE = engine.GATHER * engine.FETCH_FACTOR_FILTERED + 20  # more than one over-fetch holds


def _fill_another_scope(memory: Memory) -> None:
    for i in range(ALIKE):
        memory.remember(
            f"The deploy pipeline uses Helm charts for service number {i}.",
            scope="big",
            source_ref=f"docs/deploy.md#L{i}",
            **USER,
        )


def _remember_small(memory: Memory, text: str, line: int) -> str:
    return memory.remember(text, scope="small", source_ref=f"docs/small.md#L{line}", **USER).id


def test_a_scoped_recall_finds_its_unit_among_many_alike_elsewhere(memory: Memory) -> None:
    _fill_another_scope(memory)
    mine = _remember_small(
        memory, "The deploy pipeline uses Helm charts, and so does the small project.", 1
    )
    result = memory.recall(
        "how does the deploy pipeline use helm charts?", mode="keyword", scope="small"
    )
    assert not result.abstain
    assert [i["id"] for i in result.items] == [mine]


def test_a_voice_the_filters_left_short_asks_its_index_again(memory: Memory, graph: Graph) -> None:
    _fill_another_scope(memory)
    rare = _remember_small(
        memory, "Zebra, the small project's release train, ships Helm charts too.", 1
    )
    alike = _remember_small(
        memory, "The deploy pipeline uses Helm charts, and so does the small project.", 2
    )
    fetch = engine.GATHER * engine.FETCH_FACTOR_FILTERED
    asked = candidate_params(query="zebra OR helm OR charts", scope="small", fetch=fetch)
    # asking again for no more than the first time: the alike unit stays behind the other scope's
    rows = candidates(graph, **{**asked, "max_fetch": fetch})
    assert [r["id"] for r in rows] == [rare]
    rows = candidates(graph, **{**asked, "max_fetch": engine.MAX_FETCH})
    assert {r["id"] for r in rows} == {rare, alike}


def test_the_semantic_voice_compares_a_small_view_unit_by_unit(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    """A view of a few scopes holding at most $exact_view units is not left to the vector index's
    approximate nearest: every one of its units is compared with the query. Asking the index again
    for no more than the first time, the small scope's unit is found only that way."""
    memory = embedded(graph, settings, tmp_path, clock)
    _fill_another_scope(memory)
    mine = _remember_small(memory, "Zebra ships the release train.", 1)
    query = HashingEmbedder().embed(["the deploy pipeline uses helm charts"])[0]
    fetch = engine.GATHER * engine.FETCH_FACTOR_FILTERED
    asked = candidate_params(
        embedding=query, rest_embedding=query, scope="small", fetch=fetch, max_fetch=fetch
    )

    def semantic(rows: list[dict[str, Any]]) -> list[str]:
        return [r["id"] for r in rows if any(h["voice"] == "semantic" for h in r["hits"])]

    assert semantic(candidates(graph, **{**asked, "exact_view": 0})) == []
    assert semantic(candidates(graph, **asked)) == [mine]
    # a view larger than $exact_view is left to the index, as before
    assert semantic(candidates(graph, **{**asked, "scope": "big", "exact_view": 5}))
