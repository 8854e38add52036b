"""Plan the hot statements right after the server starts, so that no user waits for it.

On a freshly started server the first recall took 8 s (the Cypher planner, the JIT and the
page cache all start cold), far past the prompt hook's budget of about a second: the first
prompts of a session would get no memory. ``hippo db start`` and ``hippo init`` therefore run
recall in keyword and in hybrid mode over Bolt (the command line and the MCP server; hybrid with
a stand-in vector, so no model is loaded) and the prompt hook once over the HTTP Query API, on a
query that matches nothing in particular. Nothing is written. A warm-up that cannot run (no
schema yet, HTTP port closed) says why and is skipped: it never fails the command.
"""

from __future__ import annotations

import math
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from hippograph.config import Settings
from hippograph.errors import HippographError
from hippograph.schema import EMBEDDING_DIMENSIONS, defaults
from hippograph.units.read_gate import Principal, open_gate

QUERY = "hippograph warm-up probe"
# How long the warm-up waits for its reads. Planning is what it is there to absorb: on a cold
# server the recall statement took 6-8 s to plan over Bolt, and on a loaded machine it passed
# the 10 s an ordinary read is given, so the warm-up was skipped and the first user paid for it.
DEADLINE_S = 60.0


@dataclass
class WarmUp:
    """How long each path took to plan, and why a path was skipped."""

    bolt_s: float | None = None
    http_s: float | None = None
    skipped: list[str] = field(default_factory=list)

    def summary(self) -> str:
        """One line for people."""
        done = [
            f"{name} {s:.1f} s"
            for name, s in (("Bolt", self.bolt_s), ("HTTP", self.http_s))
            if s is not None
        ]
        text = f"recall planned ({', '.join(done)})" if done else "nothing planned"
        return text + "".join(f"; skipped {reason}" for reason in self.skipped)


def warm(settings: Settings) -> WarmUp:
    """Run recall over Bolt and the prompt hook over HTTP once;
    never raises for a server problem."""
    report = WarmUp()
    if not _schema_applied(settings):
        report.skipped.append("until the schema is applied: run `hippo init`")
        return report
    for name, path in (("Bolt", _bolt), ("HTTP", _http)):
        try:
            seconds = path(settings)
        except HippographError as exc:
            report.skipped.append(f"over {name}: {exc}")
            continue
        except (
            Exception
        ) as exc:  # best effort by design: a warm-up bug must not fail `db start`, but is shown
            report.skipped.append(f"over {name}: {type(exc).__name__}: {exc}")
            continue
        if name == "Bolt":
            report.bolt_s = seconds
        else:
            report.http_s = seconds
    return report


WARM_UP = Principal(name="warm-up", kind="system", role="admin")


def _schema_applied(settings: Settings) -> bool:
    """Whether there is a schema to plan against (a new server has none until `hippo init`);
    when the server cannot be asked, the warm-up itself says why."""
    from hippograph.graph.client import Graph
    from hippograph.graph.migrations import schema_version

    try:
        with Graph.connect(settings) as graph:
            return schema_version(graph) is not None
    except HippographError:
        return True


class _Probe:
    """Stands in for the embedding model: the same vector for every text. Planning needs the
    parameter's type (a list of floats), not a meaning, and the model takes seconds to load."""

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [[1.0 / math.sqrt(EMBEDDING_DIMENSIONS)] * EMBEDDING_DIMENSIONS for _ in texts]


def _bolt(settings: Settings) -> float:
    from hippograph.graph.client import Graph
    from hippograph.recall.engine import RecallEngine, RecallOptions

    began = time.perf_counter()
    patient = settings.model_copy(
        update={"query_timeout_s": max(settings.query_timeout_s, DEADLINE_S)}
    )
    probe = _Probe()
    with Graph.connect(patient) as graph:
        engine = RecallEngine(
            graph,
            branches=(settings.main_branch or defaults.MAIN_BRANCH,),
            clock=lambda: datetime.now(UTC),
            embedder=lambda: probe,
        )
        # outside a repository (no view: null scopes) and inside one (a list of scopes), in
        # keyword mode (no embedding: null) and in hybrid mode (a list of floats), the command
        # line's and the MCP server's default: Neo4j plans a statement once per set of
        # parameter types (see _http). A hybrid recall first planned by a user took 1.6 s more.
        # Every other parameter keeps its type whatever is asked (a scope, kinds, a "when"
        # question: recall_candidates.cypher), and the managed server plans without the
        # parameters' sizes (ManagedServer.write_config), so these four plans serve them all.
        for view in (None, frozenset({QUERY, "workspace"})):
            open_gate(graph, WARM_UP, scopes=view)
            for mode in ("keyword", "hybrid"):
                engine.recall(QUERY, RecallOptions(mode=mode))
    return time.perf_counter() - began


def _http(settings: Settings) -> float:
    from hippograph.graph.http import HttpGraph
    from hippograph.hooks import prompt
    from hippograph.repo.git import run_git

    graph = HttpGraph.from_settings(settings, deadline_s=DEADLINE_S)
    open_gate(graph, WARM_UP)
    began = time.perf_counter()
    # From inside a repository, as an agent's prompt comes: the hook then reads through a view
    # of one project, and Neo4j plans a statement once per set of parameter types (a list of
    # scopes is not the null of no view), so a warm-up outside one left the first prompts to
    # plan again and miss the hook's budget.
    with tempfile.TemporaryDirectory(prefix="hippograph-warm-up-") as folder:
        run_git(Path(folder), "init", "-q")
        prompt.handle({"prompt": QUERY, "cwd": folder}, graph)
    return time.perf_counter() - began
