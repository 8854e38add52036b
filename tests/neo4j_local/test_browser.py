"""Neo4j Browser's style and guide: what the managed server serves, and each saved query runs.

The guide in a real browser is browser_tests/ (`make browser-test`); here, without a browser:
the files, the served URLs on the test server, the jar, the statements on real data, and
`hippo browser`.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
import urllib.request
import zipfile
from html import escape as html_escape
from pathlib import Path

from typer.testing import CliRunner

from hippograph.cli import app
from hippograph.graph import queries
from hippograph.graph.client import Graph
from hippograph.memory import Memory
from hippograph.neo4j_local import browser
from hippograph.neo4j_local.server import ManagedServer
from tests.conftest import TEST_HTTP_PORT
from tests.conftest import test_settings as server_settings
from tests.neo4j_local.test_server import free_port

runner = CliRunner()


def test_the_style_pastes_and_declares_the_base_labels_before_the_kinds() -> None:
    text = browser.style_text()
    assert not text.lstrip().startswith("/*")  # Browser refuses a pasted sheet that does
    selectors = re.findall(r"^(node(?:\.\w+)?|relationship(?:\.\w+)?) \{", text, re.M)
    assert selectors[:3] == ["node", "node.Node", "node.Memory"]
    kinds = ("Fact", "Decision", "Failure", "Rule", "Episode", "Symbol", "File", "Entity")
    for kind in kinds:
        assert f"node.{kind}" in selectors, kind
    captions = dict(re.findall(r"^node\.(\w+) \{[^}]*?caption: \"([^\"]+)\"", text, re.M | re.S))
    assert captions["Fact"] == captions["Decision"] == captions["Failure"] == "{text}"
    assert captions["Symbol"] == "{name}" and captions["Entity"] == "{name}"


def test_every_guide_statement_exists_and_its_params_are_set_by_the_guide() -> None:
    html = browser.guide_html("http://localhost:7474/browser/hippograph/")
    for item in browser.GUIDE:
        q = queries.get(item.statement)
        assert q.access == "READ"
        assert {name for name, _ in item.params} == set(q.params), item.statement
        for name, literal in item.params:
            assert html_escape(browser.param_line(name, literal)) in html
    assert html.count("pre-scrollable code runnable") == 1 + sum(
        len(i.params) + 1 for i in browser.GUIDE
    )


def test_the_guide_queries_answer_on_real_memory(graph: Graph, memory: Memory) -> None:
    memory.decide(
        "Use signed short-lived access tokens for the API",
        problem="Sessions need sticky routing",
        alternatives=["Server sessions: sticky routing"],
        about=["auth"],
    )
    memory.add_rule("Keep pull requests under 400 lines", category="code", severity="low")
    memory.recall("which message broker do we use", mode="keyword")  # abstains: opens a task
    rows = {}
    for item in browser.GUIDE:
        params = {name: _literal(value) for name, value in item.params}
        if "days" in params:  # the test clock stands in the past
            params["days"] = 365 * 100
        rows[item.statement] = graph.read(item.statement, **params)
    assert rows["browser_why"][0]["alternatives"] == ["Server sessions: sticky routing"]
    assert len(rows["browser_decision_chain"]) == 1
    assert any(r["op"] == "create_node" for r in rows["browser_changes"])
    assert [r["rule"] for r in rows["browser_rules_for_path"]] == [
        "Keep pull requests under 400 lines"
    ]
    assert rows["browser_open_reviews"][0]["kind"] == "task"
    assert len(rows["browser_overview"]) == 2


def _fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as reply:
        return str(reply.read().decode())


def _literal(text: str) -> object:
    return text.strip("'") if text.startswith("'") else int(text)


def test_the_managed_server_serves_the_style_and_the_guide_and_opens_them_on_connect() -> None:
    base = f"http://localhost:{TEST_HTTP_PORT}{browser.URL_PATH}"
    assert "hippograph: the memory of your coding agents" in _fetch(base + browser.GUIDE_NAME)
    assert _fetch(base + browser.STYLE_NAME) == browser.style_text()
    # Browser itself is still served from the same jar
    assert "<html" in _fetch(f"http://localhost:{TEST_HTTP_PORT}/browser/").lower()
    conf = ManagedServer(server_settings()).paths.conf / "neo4j.conf"
    lines = conf.read_text().splitlines()
    assert f"browser.post_connect_cmd={browser.post_connect_commands(base)}" in lines


def test_the_jar_is_the_browser_plus_two_files_and_is_rebuilt_only_on_change(
    tmp_path: Path,
) -> None:
    lib = tmp_path / "lib"
    lib.mkdir()
    with zipfile.ZipFile(lib / "neo4j-browser-9.9.9.jar", "w") as jar:
        jar.writestr("browser/index.html", "<html></html>")
    first = browser.browser_jar(lib, tmp_path / "out", "http://localhost:1/browser/hippograph/")
    names = set(zipfile.ZipFile(first).namelist())
    assert names == {
        "browser/index.html",
        "browser/hippograph/hippograph.grass",
        "browser/hippograph/guide.html",
    }
    stamp = first.stat().st_mtime_ns
    again = browser.browser_jar(lib, tmp_path / "out", "http://localhost:1/browser/hippograph/")
    assert again == first and again.stat().st_mtime_ns == stamp
    other = browser.browser_jar(lib, tmp_path / "out", "http://localhost:2/browser/hippograph/")
    assert other != first and not first.exists()  # the old copy is removed
    assert list((tmp_path / "out").iterdir()) == [other]


def test_hippo_browser_says_where_and_how(env_for_cli: dict[str, str]) -> None:
    out = runner.invoke(app, ["browser"])
    assert out.exit_code == 0, out.output
    assert "is not managed by hippo" in out.stdout  # the CLI is pointed at the test URI
    assert "hippo browser --serve" in out.stdout
    style = runner.invoke(app, ["browser", "--style"])
    assert style.stdout == browser.style_text()


def test_hippo_browser_serve_serves_both_files_with_cors(tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen(
        [str(Path(sys.executable).with_name("hippo")), "browser", "--serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd=tmp_path,
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert first.startswith(f"Serving hippograph's style and guide at http://127.0.0.1:{port}/")
        deadline = time.monotonic() + 20
        while True:
            try:
                reply = urllib.request.urlopen(f"http://127.0.0.1:{port}/guide.html", timeout=5)
                break
            except OSError:
                assert time.monotonic() < deadline, "hippo browser --serve did not answer"
                time.sleep(0.2)
        with reply:
            assert reply.headers["Access-Control-Allow-Origin"] == "*"
            assert f":style http://127.0.0.1:{port}/hippograph.grass" in reply.read().decode()
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/etc/passwd", timeout=5).close()
            raise AssertionError("served a file it should not have")
        except urllib.error.HTTPError as exc:
            exc.close()
            assert exc.code == 404
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        assert proc.stdout is not None
        proc.stdout.close()
