"""Neo4j Browser, driven in headless Chromium, shows hippograph's memory in one click.

`make browser-test` runs it (not part of `make test`: it needs Debian's chromium and the
playwright package, which `make browser-test` installs). It loads the demo's memory into the
test server, logs in to the server's own Browser and checks that the connect commands applied
the style and opened the guide, that every saved query of the guide runs and answers on the
demo's memory, and that the nodes drawn are captioned with what they say (not a number). The
screenshots stay in browser_tests/artifacts/.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import urllib.request
from pathlib import Path

from browser_tests.guide_driver import CHROMIUM, tour
from hippograph.config import Settings
from hippograph.graph.client import Graph
from hippograph.neo4j_local.browser import GUIDE, URL_PATH
from tests.conftest import TEST_HTTP_PORT

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"

# What each slide must show on the demo's memory (hippograph/demo/__main__.py).
EXPECTED = {
    "Why did we choose X?": "Use signed short-lived access tokens",
    "How did the decision change?": "short-lived",  # drawn: the caption wraps
    "What broke around this function before?": "yaml.load on an uploaded config",
    "What should I know before editing this file?": "Configuration is parsed by",
    "Which rules apply to this file?": "Never use yaml.load on configuration",
    "What changed last week?": "create_node",
    "What is open?": "which message broker",
}


def _load_demo(settings: Settings, data_dir: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOGRAPH_")}
    env.update(
        {
            "HIPPOGRAPH_NEO4J_URI": settings.bolt_uri,
            "HIPPOGRAPH_INSTANCE": settings.instance,
            "HIPPOGRAPH_NEO4J_PASSWORD": settings.resolved_password() or "",
            "HIPPOGRAPH_DATA_DIR": str(data_dir),
        }
    )
    done = subprocess.run(
        [sys.executable, "-m", "hippograph.demo"],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]


def test_browser_applies_the_style_and_runs_every_guide_query(
    graph: Graph, settings: Settings, tmp_path: Path
) -> None:
    assert CHROMIUM.exists(), "Debian's chromium is missing: apt-get install -y chromium"
    http_port = int(TEST_HTTP_PORT)
    bolt_port = int(settings.bolt_uri.rsplit(":", 1)[1])
    served = f"http://localhost:{http_port}{URL_PATH}guide.html"
    try:
        urllib.request.urlopen(served, timeout=10).read()
    except OSError as exc:
        raise AssertionError(
            f"the test server does not serve {served} ({exc}): it was started by an older "
            "hippograph; restart it with `make stop-test` and run `make browser-test` again."
        ) from exc
    _load_demo(settings, tmp_path / "data")

    seen = tour(
        http_port,
        bolt_port,
        settings.resolved_password() or "",
        ARTIFACTS,
    )

    assert seen.guide_shown, "the guide did not open on connect"
    assert seen.style_frame, "the style was not applied on connect"
    assert [r.title for r in seen.runs] == [item.title for item in GUIDE]
    for run, item in zip(seen.runs, GUIDE, strict=True):
        assert len(run.commands) == len(item.params) + 1, run.title
        assert run.errors == [], (run.title, run.result_text[:800])
        if run.title in EXPECTED:
            shown = " ".join(run.result_text.split())
            assert EXPECTED[run.title] in shown, (run.title, run.result_text[:800])
        assert run.screenshot is not None and run.screenshot.stat().st_size > 10_000
    # The first graph drawn (current decisions, failures and rules): captions are their words.
    words = " ".join(seen.captions)
    assert seen.captions, "no node captions were drawn"
    assert not [c for c in seen.captions if re.fullmatch(r"\s*[\d.]+\s*", c)], seen.captions
    assert re.search(r"yaml|Never|access|pull", words), seen.captions
