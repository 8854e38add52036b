"""Whose memory: every read entry point × {the owner, another project, another agent, a role
without a grant}, against the project's own Neo4j. A word planted in each scope must reach
exactly the readers allowed to see it, by every path: search, graph walk, get by id, history,
as-of, the change log, review, notes, run_cypher, export, and the prompt hook."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from hippograph.config import Settings
from hippograph.errors import AccessDeniedError, ConfigError, NotFoundError
from hippograph.graph import queries
from hippograph.graph.client import Graph
from hippograph.graph.http import HttpGraph
from hippograph.hooks import lite, prompt
from hippograph.memory import Memory
from hippograph.units.access import Grants, Level, Principal
from hippograph.units.read_gate import LOCAL_USER, ReadGate
from tests.fakes import Clock, git_repo

FACT, DECISION, NOTE = "zeppelin", "kumquat", "quokka"  # a word planted in each scope


class World:
    """Project A holds a fact and a decision, agent-a keeps notes; B is another project."""

    def __init__(self, graph: Graph, settings: Settings, root: Path, clock: Clock) -> None:
        self.graph, self.settings, self.clock = graph, settings, clock
        self.a = git_repo(root / "a", "https://example.com/acme/a.git")
        self.b = git_repo(root / "b", "https://example.com/acme/b.git")
        owner = self.memory(self.a)
        self.fact = owner.remember(
            f"Billing runs on the {FACT} cluster", about=["billing"], source="user", source_ref="x"
        ).id
        self.decision = owner.decide(
            f"Use the {DECISION} queue for billing events",
            problem="how billing events travel",
            source_ref="docs/adr/0001.md#L1",
            about=["billing"],
        ).id
        self.as_of = clock.advance(minutes=1)  # before the fact was replaced
        clock.advance(minutes=5)
        owner.supersede(
            self.fact,
            f"Billing runs on the {FACT} cluster, version 2",
            reason="up",
            source_ref="x#2",
        )
        notes = self.memory(self.a, Principal("agent-a", "agent", "agent"))
        self.note = notes.update_agent_notes("agent-a", f"Plan: ask about the {NOTE}").id
        owner.assign_role("agent:nobody", "nobody")  # a role without any grant

    def memory(self, cwd: Path, principal: Principal | None = None) -> Memory:
        return Memory(self.graph, self.settings, cwd=cwd, clock=self.clock, principal=principal)


@pytest.fixture()
def world(graph: Graph, settings: Settings, tmp_path: Path, clock: Clock) -> World:
    return World(graph, settings.model_copy(update={"branch": "main"}), tmp_path, clock)


READERS: dict[str, tuple[str, Principal | None, set[str]]] = {
    # reader: (its repository, its principal, the words it must see; all others must not leak)
    "owner": ("a", None, {FACT, DECISION, NOTE}),  # the local user is admin: agents' notes too
    "another project": ("b", None, {NOTE}),
    "another agent": ("a", Principal("agent-b", "agent", "agent"), {FACT, DECISION}),
    "role without a grant": ("a", Principal("nobody", "agent", "agent"), set()),
}


def _entry_points(world: World) -> dict[str, Callable[[Memory], Any]]:
    def each(fn: Callable[[str], Any]) -> Callable[[Memory], Any]:
        def run(_: Memory) -> list[Any]:
            out = []
            for unit in (world.fact, world.decision, world.note):
                try:
                    out.append(fn(unit))
                except (NotFoundError, AccessDeniedError) as exc:
                    out.append(str(exc))
            return out

        return run

    return {
        # the questions leave out the planted words: a task recording the question is the
        # asker's own, and would hold them
        "recall": lambda m: m.recall("billing cluster queue events plan", strict=False),
        "recall as-of": lambda m: m.recall(
            "which cluster does billing run on",
            strict=False,
            as_of=world.as_of,
            include_history=True,
        ),
        "why": lambda m: m.why("why that queue for billing events"),
        "units": lambda m: m.units(limit=500),
        "get": lambda m: each(m.get)(m),
        "get as-of": lambda m: each(lambda u: m.get(u, as_of=world.as_of))(m),
        "history": lambda m: each(m.history)(m),
        "log": lambda m: m.log(limit=500),
        "log by id": lambda m: each(lambda u: m.log(unit_id=u))(m),
        "review": lambda m: m.review(),
        "projects": lambda m: [p.scope for p in m.projects()],  # names, counts only
        "notes": lambda m: m.agent_notes("agent-a"),
        "run_cypher": lambda m: m.graph.read_text("MATCH (n:Memory) RETURN n.text AS t"),
    }


def _dump(value: Any) -> str:
    """The JSON of a result, less the question it echoes (which holds the words asked for)."""

    def plain(o: Any) -> Any:
        if hasattr(o, "model_dump"):
            o = o.model_dump(mode="json")
        elif hasattr(o, "__dataclass_fields__"):
            o = {k: getattr(o, k) for k in o.__dataclass_fields__}
        else:
            return str(o)
        if isinstance(o, dict):
            return {k: v for k, v in o.items() if k not in ("query", "subject")}
        return o

    return json.dumps(value, default=plain)


@pytest.mark.parametrize("reader", sorted(READERS))
def test_nothing_leaks_through_any_read_entry_point(world: World, reader: str) -> None:
    repo, principal, allowed = READERS[reader]
    memory = world.memory(world.a if repo == "a" else world.b, principal)
    seen: set[str] = set()
    for name, entry in _entry_points(world).items():
        try:
            text = _dump(entry(memory))
        except AccessDeniedError:
            continue  # refused outright, in one sentence: nothing leaked
        for word in (FACT, DECISION, NOTE):
            if word in text:
                if name != "projects":
                    assert word in allowed, f"{reader} saw {word!r} through {name}: {text[:300]}"
                seen.add(word)
    assert allowed <= seen, f"{reader} should see {sorted(allowed)}, saw {sorted(seen)}"


def test_a_role_without_grants_writes_nothing_and_another_agent_changes_nothing(
    world: World,
) -> None:
    nobody = world.memory(world.a, Principal("nobody", "agent", "agent"))
    assert nobody.principal.role == "nobody"  # the role stored in the graph, not the caller's
    with pytest.raises(AccessDeniedError, match="may not write memory"):
        nobody.remember("Deploys happen on Fridays", about=["deploys"], source_ref="x")
    other = world.memory(world.a, Principal("agent-b", "agent", "agent"))
    with pytest.raises(NotFoundError):  # it cannot see agent-a's note, so it cannot touch it
        other.deprecate(world.note, reason="mine now")
    with pytest.raises(AccessDeniedError):
        other.update_agent_notes("agent-a", "overwritten")
    with pytest.raises(AccessDeniedError, match="only an admin"):
        other.export(world.a / "dump")
    with pytest.raises(AccessDeniedError):
        other.grant("agent", "*", "admin")


def test_grants_narrow_and_widen_what_a_role_reads(world: World) -> None:
    owner = world.memory(world.a)
    project_a = owner.project.id  # type: ignore[union-attr]
    owner.grant("auditor", project_a, "read")
    owner.assign_role("agent:audit-bot", "auditor")
    auditor = world.memory(world.a, Principal("audit-bot", "agent", "agent"))
    assert auditor.principal.role == "auditor"
    assert any(FACT in i["text"] for i in auditor.recall(f"{FACT} billing", strict=False).items)
    with pytest.raises(AccessDeniedError, match="may not write"):
        auditor.remember("Billing moved", about=["billing"], source_ref="x")
    with pytest.raises(AccessDeniedError, match="run_cypher"):
        auditor.graph.read_text("MATCH (n:Memory) RETURN n.text AS t")
    # agents lose the workspace: their recall stops showing it, and they may not write there
    shared = world.settings.model_copy(update={"scope": "workspace"})
    Memory(world.graph, shared, cwd=world.a, clock=world.clock).remember(
        "Every service logs in JSON", about=["logging"], source="user", source_ref="wiki"
    )
    agent = world.memory(world.a, Principal("agent-c", "agent", "agent"))
    assert any("JSON" in i["text"] for i in agent.recall("log format JSON", strict=False).items)
    owner.grant("agent", "workspace", "none")
    agent = world.memory(world.a, Principal("agent-c", "agent", "agent"))
    assert not any("JSON" in i["text"] for i in agent.recall("log format JSON", strict=False).items)
    table = owner.grant_table()
    assert {(g.role, g.scope, g.level) for g in table.grants} == {
        ("auditor", project_a, "read"),
        ("agent", "workspace", "none"),
    }
    assert {(p.name, p.role) for p in table.principals} == {
        ("nobody", "nobody"),
        ("audit-bot", "auditor"),
    }


def test_bad_grants_are_refused_in_one_sentence(world: World) -> None:
    owner = world.memory(world.a)
    with pytest.raises(ConfigError, match="none, read, write, admin"):
        owner.grant("agent", "workspace", "everything")
    with pytest.raises(ConfigError, match="cannot be narrowed"):
        owner.grant("admin", "workspace", "read")
    with pytest.raises(ConfigError, match="not a name"):
        owner.assign_role("agent:bad name", "agent")


def test_the_prompt_hook_reads_as_its_agent_with_its_grants(
    world: World, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HIPPOGRAPH_NEO4J_PASSWORD", settings.resolved_password() or "")
    monkeypatch.setenv("HIPPOGRAPH_NEO4J_HTTP_PORT", str(settings.neo4j_http_port))
    monkeypatch.setenv("HIPPOGRAPH_NEO4J_URI", settings.bolt_uri)
    ask = {"prompt": f"which cluster does billing run on, the {FACT} one?", "cwd": str(world.a)}
    monkeypatch.setenv("HIPPOGRAPH_AGENT", "agent-b")
    told = _dump(prompt.handle(ask, lite.graph(5.0)))
    assert FACT in told
    monkeypatch.setenv("HIPPOGRAPH_AGENT", "nobody")
    assert FACT not in _dump(prompt.handle(ask, lite.graph(5.0)))
    reader = lite.graph(5.0)
    assert reader is not None  # before its grants are loaded, it reads nothing
    assert reader.read("get_node", id=world.fact) == []


def test_a_gate_drops_rows_naming_a_scope_it_may_not_read() -> None:
    gate = ReadGate(
        Principal("bot", "agent", "reader"),
        scopes=frozenset({"p", "workspace", "agent:bot"}),
        grants=Grants("reader", {"p": Level.READ}),
    )
    rows = [
        {"props": {"scope": "p", "text": "ok"}},
        {"props": {"scope": "workspace", "text": "no grant"}},
        {"change": {"scope": "q", "after": "another project"}},
        {"id": "x", "other_scope": "agent:someone", "other_text": "their notes"},
        {"id": "y", "other_scope": "agent:bot", "other_text": "my notes"},
        {"count": 3},
    ]
    assert [
        r.get("id") or r.get("props", {}).get("text") or r.get("count") for r in gate.screen(rows)
    ] == [
        "ok",
        "y",
        3,
    ]
    assert gate.visible() == (["agent:bot", "p"], [])


def test_http_reader_screens_rows_too(world: World, settings: Settings) -> None:
    reader = HttpGraph.from_settings(settings, deadline_s=5.0)
    from hippograph.units.read_gate import open_gate

    open_gate(reader, Principal("agent-b", "agent", "agent"), grants=Grants("agent"))
    assert reader.read("get_node", id=world.fact)  # its project's fact: readable
    assert reader.read("get_node", id=world.note) == []  # agent-a's notes: not


def test_the_gate_sends_its_scopes_as_lists_of_strings_never_empty() -> None:
    """Neo4j plans a statement once per set of parameter types, and an empty list is not a list
    of strings to its cache: every reader must reuse the warm-up's plans. [''] sees and hides
    nothing, as [] did (no scope is '')."""
    recall = queries.get("recall_candidates")
    readers = [
        ReadGate(LOCAL_USER),  # unlimited, no view: null and nothing hidden
        ReadGate(LOCAL_USER, scopes=frozenset()),  # a view of nothing
        ReadGate(
            Principal("bot", "agent", "reader"),
            scopes=frozenset({"p", "workspace"}),
            grants=Grants("reader", {"q": Level.READ}),  # may read none of its view
        ),
        ReadGate(
            Principal("bot", "agent", "agent"), grants=Grants("agent"), present=lambda _: set()
        ),
    ]
    for gate in readers:
        params = gate.admit(recall, {})
        for name in ("visible_scopes", "hidden_scopes"):
            value = params[name]
            assert value is None or (value and all(isinstance(s, str) for s in value)), (
                gate,
                name,
                value,
            )
