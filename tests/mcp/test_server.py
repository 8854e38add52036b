"""The MCP server through the SDK's in-memory client session,
against the real server object and Neo4j."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, StdioServerParameters

from hippograph.config import Settings
from hippograph.errors import GraphUnavailableError, HippographError, NotFoundError
from hippograph.graph.client import Graph
from hippograph.mcp import build_server
from hippograph.mcp.models import NoInput, RunCypherOutput
from hippograph.mcp.registry import spec
from hippograph.mcp.server import TOOLS, Connection
from hippograph.memory import Memory
from tests.fakes import Clock, HashingEmbedder

pytestmark = pytest.mark.anyio

TOOL_NAMES = {
    "search_memory",
    "get_memory",
    "propose_fact",
    "supersede_fact",
    "record_decision",
    "record_outcome",
    "why",
    "record_failure",
    "propose_rule",
    "check_patch",
    "pre_edit",
    "update_my_notes",
    "read_my_notes",
    "list_memory_conflicts",
    "list_tasks",
    "memory_status",
    "verify_claims",
    "run_cypher",
}


@pytest.fixture()
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture()
async def client(memory: Memory) -> AsyncIterator[Client]:
    memory.embedder = (
        HashingEmbedder()
    )  # hybrid recall, deterministic; the real model has its `model` tests
    # mode="legacy": the initialize handshake over JSON-RPC memory streams,
    # as a stdio client does it.
    async with Client(build_server(memory), mode="legacy") as connected:
        yield connected


async def call(client: Client, name: str, **arguments: Any) -> dict[str, Any]:
    result = await client.call_tool(name, arguments)
    assert not result.is_error, result.content[0].text  # type: ignore[union-attr]
    assert result.structured_content is not None
    return result.structured_content


async def refused(client: Client, name: str, arguments: dict[str, Any]) -> str:
    result = await client.call_tool(name, arguments)
    assert result.is_error
    text: str = result.content[0].text  # type: ignore[union-attr]
    assert "Traceback" not in text and 'File "' not in text
    return text


async def test_lists_every_tool_with_a_description_and_schemas(client: Client) -> None:
    tools = (await client.list_tools()).tools
    assert {t.name for t in tools} == TOOL_NAMES
    for tool in tools:
        assert tool.description and len(tool.description) > 80, tool.name
        assert tool.input_schema["type"] == "object" and tool.output_schema is not None, tool.name
    by_name = {t.name: t for t in tools}
    assert "abstain" in by_name["search_memory"].description
    assert by_name["search_memory"].input_schema["properties"]["mode"]["enum"] == [
        "keyword",
        "semantic",
        "hybrid",
    ]
    assert (
        by_name["run_cypher"].annotations is not None
        and by_name["run_cypher"].annotations.read_only_hint
    )
    assert (
        by_name["propose_fact"].annotations is not None
        and not by_name["propose_fact"].annotations.read_only_hint
    )


async def test_search_finds_a_fact_and_abstains_when_memory_does_not_know(
    client: Client, memory: Memory
) -> None:
    fact = memory.remember(
        # "database" said: the hashing embedder can't tell that PostgreSQL is one, and the
        # gate asks a unit without the words naming what is asked to be closer with them
        "The billing service stores invoices in its PostgreSQL 16 database",
        about=["billing service"],
        subject="billing service",
        topic="database",
        source_ref="docs/billing.md#L3-L4",
    )
    found = await call(
        client, "search_memory", query="which database does the billing service use", k=3
    )
    assert found["abstain"] is False and found["items"][0]["id"] == fact.id
    assert (
        found["items"][0]["source_ref"] == "docs/billing.md#L3-L4"
        and found["items"][0]["kind"] == "fact"
    )
    assert (
        found["mode"] == "hybrid" and found["items"][0]["truth_status"] == "candidate"
    )  # said by the user

    unknown = await call(
        client, "search_memory", query="who approves production deploys on weekends"
    )
    assert unknown["abstain"] is True and unknown["items"] == [] and unknown["reason"]
    tasks = await call(client, "list_tasks")
    assert unknown["task_id"] in {t["id"] for t in tasks["items"]}


async def test_get_memory_returns_the_unit_its_edges_and_as_of(
    client: Client, memory: Memory, clock: Clock
) -> None:
    fact = memory.remember(
        "The API gateway runs on Envoy", about=["api gateway"], source_ref="ops.md#L1"
    )
    got = await call(client, "get_memory", id=fact.id)
    assert (
        got["id"] == fact.id
        and got["kind"] == "fact"
        and got["unit"]["text"] == "The API gateway runs on Envoy"
    )
    assert any(e["type"] == "ABOUT" for e in got["edges"]) and got["believed"] is True
    assert "embedding" not in got["unit"] or "omitted" in str(got["unit"]["embedding"])

    text = await refused(client, "get_memory", {"id": fact.id, "as_of": "2001-01-01"})
    assert fact.id in text and "not in memory yet" in text


async def test_propose_fact_starts_as_an_agent_hypothesis_and_supersede_keeps_history(
    client: Client,
) -> None:
    proposed = await call(
        client,
        "propose_fact",
        text="The web app builds with Vite",
        about=["web app"],
        topic="bundler",
        source_ref="package.json#L12",
    )
    assert proposed["action"] == "created" and proposed["kind"] == "fact"
    unit = (await call(client, "get_memory", id=proposed["id"]))["unit"]
    assert unit["source_kind"] == "agent" and unit["truth_status"] == "hypothesis"

    newer = await call(
        client,
        "supersede_fact",
        id=proposed["id"],
        text="The web app builds with Rspack",
        reason="migrated in the build-speed sprint",
    )
    assert newer["action"] == "superseded" and newer["superseded"] == [proposed["id"]]
    old = await call(client, "get_memory", id=proposed["id"])
    assert old["unit"]["valid_until"] is not None
    assert (await call(client, "get_memory", id=newer["id"]))["unit"]["source_ref"].startswith(
        "mcp:"
    )

    again = await refused(
        client, "supersede_fact", {"id": proposed["id"], "text": "Webpack", "reason": "x"}
    )
    assert "already closed" in again


async def test_decision_outcome_and_why(client: Client) -> None:
    nothing = await call(client, "why", subject="job queue")
    assert (
        nothing["abstain"] is True
        and nothing["decision"] is None
        and nothing["reason"] == "no_accepted_facts"
    )
    decided = await call(
        client,
        "record_decision",
        problem="Background jobs need retries and visibility",
        decision="Run background jobs on Temporal",
        alternatives=["Celery: no durable workflow state", "cron scripts: no retries"],
        reasoning="Durable execution and a UI for stuck workflows",
        governs=[],
        about=["job queue"],
        supersedes=None,
    )
    assert decided["action"] == "created" and decided["kind"] == "decision"
    outcome = await call(
        client, "record_outcome", id=decided["id"], outcome="Stuck jobs dropped to zero in a month"
    )
    assert outcome["id"] == decided["id"] and outcome["outcome_at"]

    answer = await call(client, "why", subject="job queue")
    assert answer["abstain"] is False and answer["decision"]["id"] == decided["id"]
    assert {a["option"] for a in answer["alternatives"]} == {"Celery", "cron scripts"}
    assert answer["decision"]["outcome"] == "Stuck jobs dropped to zero in a month"

    bad = await refused(
        client, "record_decision", {"decision": "Use Redis", "alternatives": ["Memcached"]}
    )
    assert bad.startswith("invalid input: alternatives: ") and "OPTION: why it was rejected" in bad


async def test_record_failure_needs_proof(client: Client, memory: Memory) -> None:
    (memory.cwd / "tests").mkdir()
    (memory.cwd / "tests" / "test_auth.py").write_text("def test_concurrent_refresh(): ...\n")
    failure = await call(
        client,
        "record_failure",
        what="Token refresh raced and logged users out",
        why="two refreshes used the same refresh token",
        fix="serialise refreshes per session",
        test="tests/test_auth.py::test_concurrent_refresh",
        symbols=[],
    )
    assert failure["kind"] == "failure" and failure["action"] == "created"
    unit = (await call(client, "get_memory", id=failure["id"]))["unit"]
    assert (
        unit["test"] == "tests/test_auth.py::test_concurrent_refresh"
        and unit["source_kind"] == "agent"
    )
    text = await refused(client, "record_failure", {"what": "It broke"})
    assert text == (
        "invalid input: input: a failure needs its proof: give commit (a commit of this "
        "repository) or test (a test id)."
    )
    text = await refused(client, "record_failure", {"what": "It broke", "test": "tests/no.py::t"})
    assert text.startswith("the test file tests/no.py of --test 'tests/no.py::t' is not in the")


async def test_propose_rule_then_check_patch_blocks_with_a_repair_plan(
    client: Client, memory: Memory
) -> None:
    rule = await call(
        client,
        "propose_rule",
        message="Never unpickle data from the network",
        category="security",
        severity="critical",
        scope="*",
        forbid=r"pickle\.loads",
    )
    assert rule["kind"] == "rule" and rule["action"] == "created"
    assert any(r.id == rule["id"] and r.severity == "critical" for r in memory.rules())
    diff = (
        "diff --git a/app/payments.py b/app/payments.py\nnew file mode 100644\n--- /dev/null\n"
        "+++ b/app/payments.py\n@@ -0,0 +1,2 @@\n+import pickle\n+order = pickle.loads(blob)\n"
    )
    proposed = await call(client, "check_patch", diff=diff)
    assert proposed["verdict"] == "warn"  # an agent's rule warns until a person confirms it
    assert proposed["violations"][0]["proposed"] is True
    memory.confirm(rule["id"])
    verdict = await call(client, "check_patch", diff=diff)
    assert verdict["verdict"] == "block"
    assert [v["rule"] for v in verdict["violations"]] == [rule["id"]] and verdict["violations"][0][
        "line"
    ] == 2
    assert "app/payments.py:2" in verdict["repair_plan"][0]
    fine = diff.replace("pickle.loads(blob)", "json.loads(blob)").replace(
        "import pickle", "import json"
    )
    assert (await call(client, "check_patch", diff=fine))["verdict"] == "allow"


async def test_pre_edit_shows_the_decision_that_governs_a_file(
    client: Client, tmp_path: Path
) -> None:
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)  # the repository is the project
    (tmp_path / "billing").mkdir()
    (tmp_path / "billing/invoice.py").write_text(
        "def total(lines):\n    return sum(l.amount for l in lines)\n"
    )
    empty = await call(client, "pre_edit", target="billing/invoice.py:total")
    assert empty["nothing_known"] is True and empty["indexed_now"] is True
    decided = await call(
        client,
        "record_decision",
        decision="Amounts are integer cents, never floats",
        problem="Rounding errors in invoices",
        governs=["billing/invoice.py"],
    )
    bundle = await call(client, "pre_edit", target="billing/invoice.py:total")
    assert bundle["nothing_known"] is False and [d["id"] for d in bundle["decisions"]] == [
        decided["id"]
    ]
    missing = await refused(client, "pre_edit", {"target": "billing/nope.py"})
    assert "billing/nope.py" in missing


async def test_notes_are_private_per_agent_kept_as_history_and_survive_a_new_memory(
    client: Client, graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    assert (await call(client, "read_my_notes", agent="claude-code"))["notes"] is None
    first = await call(
        client, "update_my_notes", agent="claude-code", notes="Stopped at the invoice rounding bug."
    )
    assert first["action"] == "created" and first["notes"] == "Stopped at the invoice rounding bug."
    second = await call(
        client,
        "update_my_notes",
        agent="claude-code",
        notes="Next: add the cents migration.",
        mode="append",
    )
    assert second["action"] == "superseded" and second["superseded"] == [first["id"]]
    assert second["notes"] == "Stopped at the invoice rounding bug.\nNext: add the cents migration."
    same = await call(client, "update_my_notes", agent="claude-code", notes=second["notes"])
    assert same["action"] == "unchanged" and same["id"] == second["id"]
    assert (await call(client, "get_memory", id=first["id"]))["unit"]["valid_until"] is not None

    other = await call(client, "read_my_notes", agent="reviewer")
    assert other["notes"] is None and other["id"] is None
    await call(
        client, "update_my_notes", agent="reviewer", notes="Review the rounding fix when it lands."
    )
    found = await call(
        client, "search_memory", query="invoice rounding bug cents migration", strict=False
    )
    assert not [i for i in found["items"] if i["scope"].startswith("agent:")]

    fresh = Memory(
        graph, settings.model_copy(update={"branch": "feature/cents"}), cwd=tmp_path, clock=clock
    )
    async with Client(build_server(fresh), mode="legacy") as later:
        mine = await call(later, "read_my_notes", agent="claude-code")
        theirs = await call(later, "read_my_notes", agent="reviewer")
    assert mine["notes"] == second["notes"] and mine["id"] == second["id"]
    assert theirs["notes"] == "Review the rounding fix when it lands."
    bad = await refused(client, "read_my_notes", {"agent": "../etc"})
    assert bad.startswith("invalid input: agent: String should match pattern")


async def test_conflicts_list_the_units_involved(client: Client, memory: Memory) -> None:
    told = memory.remember(
        "The search service uses Elasticsearch 8",
        about=["search service"],
        subject="search service",
        topic="engine",
        source_ref="user#1",
    )
    clock_free = await call(
        client,
        "propose_fact",
        text="The search service uses OpenSearch",
        about=["search service"],
        subject="search service",
        topic="engine",
    )
    assert clock_free["conflicts"], clock_free
    conflicts = await call(client, "list_memory_conflicts", limit=5)
    assert conflicts["count"] == 1 and conflicts["items"][0]["kind"] == "Conflict"
    assert {u["id"] for u in conflicts["items"][0]["involves"]} == {told.id, clock_free["id"]}
    assert all(item["kind"] == "Task" for item in (await call(client, "list_tasks"))["items"])


async def test_memory_status(client: Client, memory: Memory) -> None:
    memory.remember("The CI runs on GitHub Actions", about=["ci"], source_ref="ci.yml#L1")
    status = await call(client, "memory_status")
    assert status["server"]["name"] == "Neo4j Kernel" and status["all_indexes_online"] is True
    assert status["counts"]["labels"]["Fact"] == 1 and status["fulltext"]["ready"] is True


async def test_run_cypher_reads_with_params_and_a_row_limit(client: Client, memory: Memory) -> None:
    for n in range(5):
        memory.remember(
            f"Service number {n} is written in Go", about=[f"service {n}"], source_ref=f"s#{n}"
        )
    rows = await call(
        client,
        "run_cypher",
        query="MATCH (m:Fact) WHERE m.kind = $kind RETURN m.text AS text, m",
        params={"kind": "fact"},
        limit=3,
    )
    assert rows["columns"] == ["text", "m"] and rows["row_count"] == 3 and rows["truncated"] is True
    first = rows["rows"][0]
    assert (
        first["text"].startswith("Service number") and first["m"]["text"] == first["text"]
    )  # a node: its properties
    count = await call(
        client, "run_cypher", query="MATCH (m:Fact) RETURN count(m) AS n, datetime() AS at"
    )
    assert (
        count["rows"][0]["n"] == 5
        and count["truncated"] is False
        and isinstance(count["rows"][0]["at"], str)
    )


@pytest.mark.parametrize(
    "query",
    [
        "CREATE (n:McpProbe {x: 1}) RETURN n",
        "MERGE (n:McpProbe {x: 1})",
        "MATCH (m:Memory) DELETE m",
        "MATCH (m:Memory) DETACH DELETE m",
        "MATCH (m:Memory) SET m.text = 'hacked'",
        "MATCH (m:Memory) CALL { WITH m SET m.trust = 1.0 } IN TRANSACTIONS",
        "MATCH (m:Memory) CALL (m) { SET m.trust = 1.0 } IN TRANSACTIONS OF 10 ROWS",
        "CALL db.createLabel('McpProbeLabel')",
        "LOAD CSV FROM 'file:///etc/passwd' AS row RETURN row",
        "CALL db.clearQueryCaches()",
        # reads of the server rather than of memory: refused by the allow-list, named
        "SHOW TRANSACTIONS",
        "SHOW SETTINGS",
        "CALL db.stats.collect('QUERIES')",
        "CALL db.resampleOutdatedIndexes()",
        "SHOW PROCEDURES",
        "CALL dbms.listConfig()",
    ],
)
async def test_run_cypher_refuses_anything_that_is_not_a_read(
    client: Client, memory: Memory, graph: Graph, query: str
) -> None:
    fact = memory.remember("The cache is Redis 7", about=["cache"], source_ref="ops#1")
    text = await refused(client, "run_cypher", {"query": query})
    assert text.startswith("the query is not a plain read") and "was not run" in text
    labels = await call(
        client, "run_cypher", query="CALL db.labels() YIELD label RETURN collect(label) AS labels"
    )
    assert (
        "McpProbe" not in labels["rows"][0]["labels"]
        and "McpProbeLabel" not in labels["rows"][0]["labels"]
    )
    unit = (await call(client, "get_memory", id=fact.id))["unit"]
    assert unit["text"] == "The cache is Redis 7" and unit["trust"] < 1.0


@pytest.mark.parametrize(
    ("query", "why"),
    [
        ("RETURN size(reduce(s = '', x IN range(1, 100000000) | s + 'xx')) AS n", "too long"),
        ("UNWIND range(0, 1000000) AS x RETURN count(x) AS n", "too long"),
        ("RETURN [x IN range(1, 1000) | [y IN range(1, 10000) | y]] AS n", "all ranges together"),
        ("UNWIND range(1, $n) AS x RETURN count(x) AS n", "literal integer bounds"),
        ("MATCH (m:Memory) RETURN range(0, toInteger(m.trust * 1e9)) AS r", "literal integer"),
    ],
)
async def test_run_cypher_refuses_loops_neo4j_could_not_stop(
    client: Client, query: str, why: str
) -> None:
    text = await refused(client, "run_cypher", {"query": query, "params": {"n": 10**9}})
    assert why in text and "was not run" in text
    small = await call(client, "run_cypher", query="UNWIND range(1, 1000) AS x RETURN sum(x) AS n")
    assert small["rows"] == [{"n": 500500}]


async def test_bad_arguments_are_tool_errors_naming_the_field_and_the_server_keeps_answering(
    client: Client, memory: Memory
) -> None:
    assert await refused(client, "search_memory", {}) == "invalid input: query: Field required."
    wrong_type = await refused(client, "search_memory", {"query": "db", "k": "many"})
    assert wrong_type.startswith("invalid input: k: Input should be a valid integer")
    mode = await refused(client, "search_memory", {"query": "db", "mode": "fuzzy"})
    assert mode == "invalid input: mode: Input should be 'keyword', 'semantic' or 'hybrid'."
    typo = await refused(client, "search_memory", {"querry": "db"})
    assert "query: Field required" in typo and "querry: Extra inputs are not permitted" in typo
    when = await refused(client, "search_memory", {"query": "db", "as_of": "last tuesday"})
    assert when.startswith("invalid input: as_of: not a date")
    limit = await refused(client, "run_cypher", {"query": "RETURN 1", "limit": 5000})
    assert limit == "invalid input: limit: Input should be less than or equal to 1000."
    assert "unknown tool 'forget_everything'" in await refused(client, "forget_everything", {})
    syntax = await refused(client, "run_cypher", {"query": "MATCH (n RETURN n"})
    assert syntax.startswith("Neo4j rejected a statement")

    with pytest.raises(NotFoundError) as raised:
        memory.get("fact_does_not_exist")
    assert await refused(client, "get_memory", {"id": "fact_does_not_exist"}) == str(raised.value)
    assert (await call(client, "memory_status"))["schema_version"] is not None  # still serving


def explode(memory: Memory, args: NoInput) -> RunCypherOutput:
    """A tool with a bug in it."""
    raise KeyError("secret_column")


async def test_an_unexpected_error_is_one_line_and_the_server_survives(memory: Memory) -> None:
    async with Client(
        build_server(memory, tools=[spec(explode, read_only=True)]), mode="legacy"
    ) as buggy:
        text = await refused(buggy, "explode", {})
        assert text == (
            "unexpected KeyError in explode: 'secret_column' (the server logged "
            "the traceback to stderr)."
        )
        assert [t.name for t in (await buggy.list_tools()).tools] == ["explode"]


def stuck(memory: Memory, args: NoInput) -> RunCypherOutput:
    """A tool whose call never comes back in time (Neo4j frozen, say)."""
    time.sleep(3)
    raise HippographError("too late: this answer is dropped")


async def test_a_stuck_call_is_answered_at_its_deadline_and_the_others_go_on(
    memory: Memory,
) -> None:
    tools = [spec(stuck, read_only=True), *TOOLS]
    async with Client(build_server(memory, tools=tools, deadline_s=1.0), mode="legacy") as c:
        started = time.monotonic()
        text = await refused(c, "stuck", {})
        assert text.startswith("stuck did not finish within 1 s") and "background" in text
        assert time.monotonic() - started < 4
        assert (await call(c, "memory_status"))["schema_version"] is not None


async def test_a_modern_protocol_client_sees_the_same_tools(memory: Memory) -> None:
    async with Client(
        build_server(memory)
    ) as modern:  # mode="auto": the per-request 2026 protocol in-process
        assert {t.name for t in (await modern.list_tools()).tools} == TOOL_NAMES
        status = await call(modern, "memory_status")
    assert status["server"]["database"] == "neo4j"


def stdio_serve(env: dict[str, str], cwd: Path) -> StdioServerParameters:
    """`hippo serve` of this virtualenv as an MCP client starts it, with ``env`` only."""
    hippo = Path(sys.executable).with_name("hippo")
    return StdioServerParameters(
        command=str(hippo), args=["serve", "--no-warm"], env=env, cwd=str(cwd)
    )


async def test_hippo_serve_speaks_mcp_on_stdio(
    graph: Graph, settings: Settings, tmp_path: Path
) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOGRAPH_")}
    env |= {
        "HIPPOGRAPH_NEO4J_URI": settings.bolt_uri,
        "HIPPOGRAPH_NEO4J_PASSWORD": settings.resolved_password() or "",
        "HIPPOGRAPH_BRANCH": "main",
        "HIPPOGRAPH_MODEL_PATH": str(tmp_path / "no-model"),
    }
    params = stdio_serve(env, tmp_path)
    async with Client(params, mode="legacy") as remote:
        assert {t.name for t in (await remote.list_tools()).tools} == TOOL_NAMES
        written = await call(
            remote, "propose_fact", text="The docs site is built with MkDocs", about=["docs site"]
        )
        found = await call(remote, "search_memory", query="what builds the docs site", strict=False)
    assert written["id"] in {i["id"] for i in found["items"]}
    assert "semantic voice off: the embedding model is not installed" in found["notes"]


async def test_hippo_serve_starts_without_neo4j_and_status_says_why(tmp_path: Path) -> None:
    """An agent's MCP server may start before the database: it answers initialize, lists its
    tools, memory_status says Neo4j is unreachable and what to do, and the other tools say why
    they cannot answer (it used to exit before initialize, so the agent had no tools at all)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOGRAPH_")}
    env |= {
        "HIPPOGRAPH_NEO4J_URI": "bolt://127.0.0.1:9",  # nothing listens there
        "HIPPOGRAPH_NEO4J_PASSWORD": "unused",
        "HIPPOGRAPH_MODEL_PATH": str(tmp_path / "no-model"),
    }
    params = stdio_serve(env, tmp_path)
    async with Client(params, mode="legacy") as remote:
        assert {t.name for t in (await remote.list_tools()).tools} == TOOL_NAMES
        status = await call(remote, "memory_status")
        text = await refused(remote, "search_memory", {"query": "docs site"})
    assert status["server"]["reachable"] is False
    assert status["server"]["uri"] == "bolt://127.0.0.1:9"
    assert "cannot reach Neo4j at bolt://127.0.0.1:9" in status["server"]["error"]
    assert "hippo db start" in status["server"]["fix"]
    assert text.startswith("cannot reach Neo4j at bolt://127.0.0.1:9")


async def test_the_tools_connect_once_neo4j_is_up(memory: Memory) -> None:
    """A connect that failed is tried again on the next call: the agent need not restart."""
    attempts: list[int] = []

    def connect() -> Memory:
        attempts.append(1)
        if len(attempts) == 1:
            raise GraphUnavailableError("cannot reach Neo4j at bolt://x; start it.")
        return memory

    opened: list[Memory] = []
    conn = Connection(connect, memory.settings, opened.append)
    async with Client(build_server(conn), mode="legacy") as c:
        down = await call(c, "memory_status")
        up = await call(c, "memory_status")
        await call(c, "memory_status")
    assert down["server"]["reachable"] is False and up["server"]["reachable"] is True
    assert up["schema_version"] is not None and len(attempts) == 2
    assert opened == [memory]  # once connected: where `hippo serve` starts loading the model


async def test_verify_claims_marks_what_no_longer_holds(client: Client, memory: Memory) -> None:
    unit = memory.remember(
        "The deploy script is scripts/deploy_prod.sh",
        about=["deploy"],
        source="user",
        source_ref="chat#4",
    )
    out = await call(client, "verify_claims")
    assert [(f["id"], f["claims"]) for f in out["failed"]] == [
        (unit.id, ["path:scripts/deploy_prod.sh"])
    ]
    assert out["units_changed"] == 1 and out["claims"] == {"path failed": 1}


async def test_an_agent_writes_as_itself_and_keeps_to_its_own_notes(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    from hippograph.units.read_gate import Principal

    owner = Memory(graph, settings, cwd=tmp_path, clock=clock)
    theirs = owner.update_agent_notes("agent-a", "the refactor stops at billing/")  # the user may
    agent_b = Memory(
        graph, settings, cwd=tmp_path, clock=clock, principal=Principal("agent-b", "agent", "agent")
    )
    async with Client(build_server(agent_b), mode="legacy") as b:
        by_id = await refused(b, "get_memory", {"id": theirs.id})  # not by id either
        assert by_id.startswith(f"no memory node has id {theirs.id!r}")
        stolen = await refused(b, "read_my_notes", {"agent": "agent-a"})
        assert stolen == (
            "agent-a's notes are private to agent-a; you are agent-b, "
            "so read and update your own notes."
        )
        overwrite = {"agent": "agent-a", "notes": "nothing to see"}
        assert "private to agent-a" in await refused(b, "update_my_notes", overwrite)
        mine = await call(b, "update_my_notes", agent="agent-b", notes="started on auth/")
        assert (await call(b, "read_my_notes", agent="agent-b"))["notes"] == "started on auth/"
        # trust comes from who writes: an agent cannot say the user said it
        claim = {"text": "We deploy on Fridays", "source": "user"}
        assert (await refused(b, "propose_fact", claim)).startswith("invalid input: source: ")
        fact = await call(b, "propose_fact", text="We deploy on Fridays", about=["deploys"])
    unit = owner.get(fact["id"]).unit
    assert unit["source_kind"] == "agent" and unit["truth_status"] == "hypothesis"
    actors = {c.actor for c in owner.log(unit_id=fact["id"])}
    assert actors == {"agent:agent-b"}
    assert mine["agent"] == "agent-b"
    assert owner.agent_notes("agent-a").notes == "the refactor stops at billing/"  # untouched


@pytest.mark.parametrize(
    "query",
    [
        "MATCH (m:Memory) OPTIONAL MATCH (m)-[:ABOUT]->(e) RETURN m.id, collect(e.name) AS about",
        "MATCH p = (a:Memory)-[*1..2]-(b) RETURN length(p) AS hops LIMIT 3",
        "CALL db.index.fulltext.queryNodes('memory_search', 'redis') YIELD node, score "
        "RETURN node.id AS id, score",
        "MATCH (m:Memory) WITH m.kind AS kind, count(*) AS n RETURN kind, n ORDER BY n DESC",
        "MATCH (m:Memory) WHERE EXISTS { (m)-[:ABOUT]->() } RETURN count(m) AS linked",
        "MATCH (n) RETURN count(n) AS nodes",
        "UNWIND range(1, 3) AS x RETURN x",
    ],
)
async def test_run_cypher_allows_the_reads_an_agent_asks(
    client: Client, memory: Memory, query: str
) -> None:
    memory.remember("The cache is Redis 7", about=["cache"], source_ref="ops#1")
    out = await call(client, "run_cypher", query=query)
    assert out["row_count"] >= 1


def test_an_agents_write_without_a_source_names_the_agent(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Clock
) -> None:
    from hippograph.mcp.registry import mcp_source_ref
    from hippograph.units.read_gate import Principal

    agent = Memory(
        graph,
        settings,
        cwd=tmp_path,
        clock=clock,
        principal=Principal("claude-code", "agent", "agent"),
    )
    assert mcp_source_ref(agent).startswith("mcp:agent:claude-code@")  # as the change log says
