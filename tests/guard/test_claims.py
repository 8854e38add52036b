"""Claims in memories and the typed probes that check them,
against a real git repository and Neo4j."""

from __future__ import annotations

import http.server
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from hippograph.config import Settings
from hippograph.graph.client import Graph
from hippograph.guard.claims import extract
from hippograph.memory import Memory
from tests.fakes import Clock

USER = {"source": "user", "source_ref": "chat#1"}


@pytest.mark.parametrize(
    "text,expected",
    [
        (
            "Config lives in services/billing/config.py#L10-L20; see https://docs.example.com/x.",
            ["url:https://docs.example.com/x", "path:services/billing/config.py"],
        ),
        (
            "The fix is commit 3f2a9c1d in branch release/2.3",
            ["commit:3f2a9c1d", "branch:release/2.3"],
        ),
        (
            "Call `issue_token()` not `login`; `shop.auth.User` is the model",
            ["symbol:issue_token", "symbol:shop.auth.User"],
        ),
        ("read/write and CI/CD and e.g. 1/2 of 3.5, version 1.2.3", []),
        ("Merged into the develop branch, see `docs/adr`", ["branch:develop", "path:docs/adr"]),
    ],
)
def test_claims_are_read_conservatively(text: str, expected: list[str]) -> None:
    assert [str(c) for c in extract(text)] == expected


def git(root: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=root, check=True, capture_output=True, text=True
    ).stdout.strip()


@pytest.fixture()
def shop(tmp_path: Path) -> Path:
    root = tmp_path / "shop"
    (root / "shop").mkdir(parents=True)
    (root / "shop/auth.py").write_text("def issue_token(user):\n    return user\n")
    (root / "docs").mkdir()
    (root / "docs/runbook.md").write_text("# runbook\n")
    (root / "services/api").mkdir(parents=True)
    (root / "services/api/handlers.py").write_text("def handle():\n    pass\n")
    git(root, "init", "-q", "-b", "main")
    git(root, "-c", "user.name=t", "-c", "user.email=t@x", "add", ".")
    git(root, "-c", "user.name=t", "-c", "user.email=t@x", "commit", "-qm", "first")
    git(root, "branch", "release/2.3")
    return root


def test_failed_claims_mark_the_unit_and_strict_recall_says_why(
    graph: Graph, settings: Settings, shop: Path, clock: Clock, tmp_path: Path
) -> None:
    memory = Memory(graph, settings.model_copy(update={"branch": "main"}), cwd=shop, clock=clock)
    memory.index(shop)
    head = git(
        shop, "rev-parse", "HEAD"
    )  # the full hash: a short one may be all digits, which is not read as a commit
    good = memory.remember(
        f"Tokens come from `issue_token()` in shop/auth.py, since commit {head}",
        about=["tokens"],
        **USER,
    )
    gone = memory.remember(
        "The on-call runbook is docs/oncall/runbook.md on the release/2.3 branch",
        about=["runbook"],
        **USER,
    )
    report = memory.verify_claims()
    assert report.units_checked == 2 and report.units_changed == 2
    assert [(f["id"], f["claims"]) for f in report.failed] == [
        (gone.id, ["path:docs/oncall/runbook.md"])
    ]
    assert (
        report.claims["branch holds"] == 1
        and report.claims["commit holds"] == 1
        and report.claims["symbol holds"] == 1
    )
    result = memory.recall("where is the on-call runbook", mode="keyword")
    assert result.abstain and result.reason == "claim_failed" and result.task_id
    assert memory.status().counts["units_with_failed_claims"] == 1
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    git(elsewhere, "init", "-q", "-b", "main")
    other = Memory(
        graph, settings.model_copy(update={"branch": "main"}), cwd=elsewhere, clock=clock
    )
    assert other.status().counts["units_with_failed_claims"] == 0  # `hippo verify` there: none
    loose = memory.recall("where is the on-call runbook", mode="keyword", strict=False)
    assert loose.items[0]["id"] == gone.id and loose.items[0]["failed"] == ["claims_hold"]
    assert memory.recall("issue_token auth.py", mode="keyword").items[0]["id"] == good.id
    changes = len(memory.log(limit=10_000))
    assert (
        memory.verify_claims().units_changed == 0 and len(memory.log(limit=10_000)) == changes
    )  # stable
    (shop / "docs/oncall").mkdir()
    (shop / "docs/oncall/runbook.md").write_text("# on-call\n")
    again = memory.verify_claims()
    assert again.cleared == [gone.id] and again.failed == []
    assert not memory.recall("where is the on-call runbook", mode="keyword").abstain


def test_symbols_go_unknown_without_a_code_graph_and_fail_when_renamed(
    graph: Graph, settings: Settings, shop: Path, clock: Clock
) -> None:
    memory = Memory(graph, settings.model_copy(update={"branch": "main"}), cwd=shop, clock=clock)
    unit = memory.remember("Rate limits are applied in `issue_token()`", about=["tokens"], **USER)
    assert memory.verify_claims().claims == {"symbol unknown": 1}  # not indexed: no verdict
    (shop / "shop/auth.py").write_text("def mint_token(user):\n    return user\n")
    memory.index(shop)
    report = memory.verify_claims()
    assert [(f["id"], f["claims"]) for f in report.failed] == [(unit.id, ["symbol:issue_token"])]


@pytest.fixture()
def local_site() -> Iterator[str]:
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_HEAD(self) -> None:
            self.send_response(200 if self.path == "/alive" else 404)
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_urls_are_probed_only_when_asked_and_never_proved_dead(
    graph: Graph, settings: Settings, shop: Path, clock: Clock, local_site: str
) -> None:
    memory = Memory(graph, settings.model_copy(update={"branch": "main"}), cwd=shop, clock=clock)
    memory.remember(f"Status page: {local_site}/alive", about=["status"], **USER)
    memory.remember(f"Old dashboard: {local_site}/gone", about=["dashboard"], **USER)
    assert memory.verify_claims().claims == {"url unknown": 2}
    report = memory.verify_claims(urls=True)
    assert report.claims == {"url holds": 1, "url unknown": 1} and report.failed == []


def test_a_path_written_relative_to_a_service_folder_still_holds(
    graph: Graph, settings: Settings, shop: Path, clock: Clock
) -> None:
    memory = Memory(graph, settings.model_copy(update={"branch": "main"}), cwd=shop, clock=clock)
    memory.remember("The API's handlers are in api/handlers.py", about=["api"], **USER)
    memory.remember("Request schemas are in api/schemas.py", about=["api"], **USER)
    report = memory.verify_claims()
    assert report.claims == {"path holds": 1, "path failed": 1}
    assert [f["claims"] for f in report.failed] == [["path:api/schemas.py"]]
