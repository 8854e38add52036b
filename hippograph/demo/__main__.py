"""``python -m hippograph.demo``: load a demo project and its memory, then show the whole loop.

A recall with sources, a why-chain, an abstain with its reason, a pre-edit bundle, a patch
blocked by a rule derived from a past failure, and the MCP server answering a tool call.
Idempotent: a second run reuses the project and the memory it loaded.
"""

from __future__ import annotations

import os
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

from hippograph.config import Settings
from hippograph.memory import Memory
from hippograph.repo.git import run_git
from hippograph.units.embedder import installed_embedder

PROJECT = Path(__file__).resolve().parent / "project"
GIT_ENV = {  # the demo's own identity, and none of the user's git configuration
    "GIT_AUTHOR_NAME": "hippograph demo",
    "GIT_AUTHOR_EMAIL": "demo@hippograph.invalid",
    "GIT_COMMITTER_NAME": "hippograph demo",
    "GIT_COMMITTER_EMAIL": "demo@hippograph.invalid",
    "GIT_CONFIG_GLOBAL": os.devnull,
}
BAD_PATCH = """--- a/shop/config.py
+++ b/shop/config.py
@@ -6,4 +6,4 @@ import yaml
 def load_config(path: str) -> dict:
     \"\"\"Read the service configuration.\"\"\"
     with open(path) as handle:
-        return yaml.safe_load(handle)
+        return yaml.load(handle, Loader=yaml.Loader)
"""


def section(title: str) -> None:
    """A heading between steps."""
    print(f"\n== {title} ==")


def project_dir(settings: Settings) -> Path:
    """A git copy of the demo project under the data folder (created once, and again when a
    newer hippograph's demo project has a file the copy lacks)."""
    target = settings.data_dir / "demo-project"
    shipped = [
        p.relative_to(PROJECT)
        for p in PROJECT.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    ]
    if not (target / ".git").is_dir() or not all((target / p).is_file() for p in shipped):
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(PROJECT, target)
        for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "demo project"]):
            run_git(target, *args, env=GIT_ENV)
    return target


def load(memory: Memory, scope: str) -> None:
    """The demo memory: facts that changed, a decision, a failure, a rule derived from it,
    a policy."""
    start = datetime.now(UTC) - timedelta(days=120)
    user = {"source": "user", "scope": scope}
    memory.remember(
        "We use Postgres for analytics queries",
        about=["analytics store"],
        topic="database",
        valid_from=start,
        source_ref="docs/architecture.md#L12-L14",
        **user,
    )
    memory.remember(
        "We moved analytics to ClickHouse; Postgres is only OLTP now",
        about=["analytics store"],
        topic="database",
        valid_from=start + timedelta(days=90),
        source_ref="docs/adr/0007-clickhouse.md#L1-L30",
        **user,
    )
    decision = memory.decide(
        "Use signed short-lived access tokens (JWT-style) for the API",
        problem="Server-side sessions need sticky routing across our three regions",
        alternatives=[
            "Server-side sessions: sticky routing across regions",
            "Opaque tokens with introspection: one more network hop per request",
        ],
        reasoning="Stateless verification at the edge",
        governs=["shop.auth.issue_token"],
        about=["auth"],
        source_ref="docs/adr/0004-tokens.md#L1-L40",
        valid_from=start,
    )
    memory.record_outcome(decision.id, "Refresh bugs in month two; p95 auth latency down 40%")
    failure = memory.fail(
        "yaml.load on an uploaded config allowed code execution",
        why="the unsafe YAML loader",
        fix="use yaml.safe_load",
        test="tests/test_config.py::test_rejects_python_tags",
        symbols=["shop.config.load_config"],
        source_ref="incident-2024-07.md#L1-L20",
    )
    memory.add_rule(
        "Never use yaml.load on configuration; use yaml.safe_load",
        category="security",
        severity="critical",
        scope="shop/**/*.py",
        forbid=r"yaml\.load\(",
        from_failure=failure.id,
    )
    memory.add_rule("Keep pull requests under 400 lines", category="code", severity="low")
    # claims that `hippo verify` checks against the demo repository: one holds,
    # one names a file that is gone
    memory.remember(
        "Configuration is parsed by `load_config()` in shop/config.py",
        about=["configuration"],
        source_ref="docs/architecture.md#L20",
        **user,
    )
    memory.remember(
        "Deploys run scripts/deploy_prod.sh from the release branch",
        about=["deploys"],
        source_ref="runbook.md#L3",
        **user,
    )


def main() -> None:
    """Run the demo end to end."""
    base = Settings.from_env()
    settings = base.model_copy(update={"branch": "main"})
    repo = project_dir(settings)
    with Memory.connect(settings, cwd=repo, embedder=installed_embedder(settings)) as memory:
        # the demo project's own scope: `hippo recall` run in its folder sees the demo's memory
        scope = memory.write_scope
        memory.index(repo)
        if memory.units(scope=scope, kind="decision", include_closed=True):
            print(f"Demo memory already loaded (scope {scope!r}); showing it.")
        else:
            load(memory, scope)
            print(f"Loaded the demo memory into scope {scope!r} and indexed {repo}.")
        if memory.embedder is not None:  # and anything an earlier run left without a vector
            memory.maintain(job="embed")

        section('hippo recall "which database do we use for analytics?" --mode keyword')
        result = memory.recall(
            "which database do we use for analytics?",
            mode="keyword",
            scope=scope,
            include_history=True,
        )
        if result.abstain:
            print(f"  I don't know: {result.reason}")
        for item in result.items:
            print(f"  {item['score']:.2f}  {item['text']}  <- {item['source_ref']}")
        for item in result.history:
            print(f"  (history) {item['text']}  superseded by {', '.join(item['superseded_by'])}")

        section('hippo why "access tokens"')
        from hippograph.cli.decisions import print_why

        print_why(memory.why("access tokens"))

        section('hippo recall "which message broker do we use?"  (nothing known: abstain)')
        unknown = memory.recall("which message broker do we use?", mode="keyword", scope=scope)
        print(f"  abstain: {unknown.abstain}, reason: {unknown.reason}, task: {unknown.task_id}")

        section("hippo pre-edit shop/config.py:load_config")
        bundle = memory.pre_edit(str(repo / "shop/config.py") + ":load_config")
        for kind in ("decisions", "failures", "rules", "facts"):
            for unit in getattr(bundle, kind):
                print(f"  {kind[:-1]}: {unit['text']}  <- {unit.get('source_ref')}")

        section("hippo check-patch (yaml.safe_load -> yaml.load)")
        verdict = memory.check_patch(BAD_PATCH)
        print(f"  verdict: {verdict.verdict.upper()}")
        for v in verdict.violations:
            print(f"  [{v['severity']}] {v['message']}")
        for w in verdict.warnings:
            print(f"  [warning] {w['message']}")
        for step in verdict.repair_plan:
            print(f"  repair: {step}")

        section("hippo verify  (claims memories make about the repository)")
        checked = memory.verify_claims(scopes=[scope])
        found = (
            ", ".join(f"{k} {v}" for k, v in sorted(checked.claims.items())) or "no claims found"
        )
        print(f"  {checked.units_checked} units checked: {found}")
        for item in checked.failed:
            print(f'  no longer holds: {", ".join(item["claims"])}  in "{item["text"]}"')

        section("MCP server (in-process client): tool call search_memory")
        try:
            from hippograph.demo.mcp_call import call_tool

            found = call_tool(
                memory,
                "search_memory",
                {"query": "unsafe yaml loading of configuration", "mode": "keyword"},
            )
            print(f"  {found}")
        except ImportError as exc:
            print(f"  (MCP server not available: {exc})")


if __name__ == "__main__":
    main()
