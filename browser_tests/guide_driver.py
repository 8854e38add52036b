"""Drives Neo4j Browser in headless Chromium through hippograph's guide (used by the browser test).

Kept apart from the test so the same steps can be run by hand against any server:
``python -m browser_tests.guide_driver HTTP_PORT BOLT_PORT PASSWORD_FILE OUT_DIR``.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
# Chromium on a closed network: no background fetches, no sandbox as root (ENV-NOTES).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
GUIDE_TITLE = "hippograph: the memory of your coding agents"
ERROR_MARKERS = re.compile(r"Neo\.(ClientError|DatabaseError|TransientError)|SyntaxError|ERROR\b")


@dataclass
class Run:
    """What one guide slide's blocks did in Browser."""

    title: str
    commands: list[str] = field(default_factory=list)
    result_text: str = ""
    errors: list[str] = field(default_factory=list)
    screenshot: Path | None = None


@dataclass
class Tour:
    """The whole visit: login, style, every slide, the captions of the drawn graph."""

    guide_shown: bool = False
    style_frame: bool = False
    runs: list[Run] = field(default_factory=list)
    captions: list[str] = field(default_factory=list)
    screenshots: list[Path] = field(default_factory=list)


def tour(
    http_port: int, bolt_port: int, password: str, out: Path, *, timeout_s: float = 60
) -> Tour:
    """Log in to Browser, let the connect commands apply the style and open the guide, then run
    every block of every slide, screenshotting each result; the captions of the first drawn
    graph are collected."""
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    wait_ms = int(timeout_s * 1000)
    seen = Tour()
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1100})
            page.set_default_timeout(wait_ms)
            page.goto(
                f"http://localhost:{http_port}/browser/?connectURL=neo4j://localhost:{bolt_port}"
            )
            page.fill("[data-testid=username]", "neo4j")
            page.fill("[data-testid=password]", password)
            page.click("[data-testid=connect]")
            page.wait_for_selector(f"text={GUIDE_TITLE}")
            seen.guide_shown = True
            # room for every slide's frames: Browser drops the oldest frame (the guide) past 15
            page.click(".monaco-editor")
            page.keyboard.type(":config maxFrames: 100")
            page.click("[data-testid=editor-Run]")
            _wait_for_frame(page, ":config maxFrames")
            seen.style_frame = page.locator("text=:style http://localhost").count() > 0
            seen.screenshots.append(_shot(page, out / "00-connected.png"))
            slides = int(re.search(r"\d+ / (\d+)", page.inner_text("body")).group(1))  # type: ignore[union-attr]
            for number in range(2, slides + 1):
                page.click("button[data-testid=nextSlide]")
                page.wait_for_selector(f"text={number} / {slides}")
                run = Run(title=_slide_title(page))
                for text in _visible_runnables(page):
                    page.locator("pre.runnable:visible").filter(has_text=text[:60]).first.click()
                    page.click("[data-testid=editor-Run]")
                    run.commands.append(text)
                    _wait_for_frame(page, text)
                frame = page.locator("[data-testid=frame]").first
                page.wait_for_timeout(1500)  # let a graph settle before the picture
                run.result_text = frame.inner_text()[:4000]
                run.errors = ERROR_MARKERS.findall(run.result_text)
                run.screenshot = _shot(page, out / f"{number:02d}-{_slug(run.title)}.png")
                seen.screenshots.append(run.screenshot)
                if not seen.captions:
                    seen.captions = _captions(page)
                seen.runs.append(run)
        finally:
            browser.close()
    return seen


def _visible_runnables(page: Any) -> list[str]:
    """The texts of the current slide's runnable blocks, in order."""
    return [b.inner_text().strip() for b in page.locator("pre.runnable:visible").all()]


def _slide_title(page: Any) -> str:
    from hippograph.neo4j_local.browser import GUIDE

    titles = {item.title for item in GUIDE}
    for heading in page.locator("h3").all():
        text = (heading.text_content() or "").strip()
        if text in titles and heading.is_visible():
            return text
    return "slide"


def _wait_for_frame(page: Any, command: str) -> None:
    """Wait until the newest frame is the one for ``command`` and has finished."""
    head = command.splitlines()[0][:40]
    page.wait_for_function(
        "head => { const f = document.querySelector('[data-testid=frame]');"
        " return f && f.innerText.includes(head) && !f.innerText.includes('Loading'); }",
        arg=head,
    )


def _captions(page: Any) -> list[str]:
    """Texts drawn on nodes in the newest frame's graph (SVG), if it drew one."""
    texts = page.locator("[data-testid=frame]").first.locator("svg g.node text").all()
    return [t.text_content() or "" for t in texts if (t.text_content() or "").strip()]


def _shot(page: Any, path: Path) -> Path:
    page.screenshot(path=str(path), full_page=False)
    return path


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:40] or "slide"


if __name__ == "__main__":
    http, bolt, password_file, folder = sys.argv[1:5]
    result = tour(int(http), int(bolt), Path(password_file).read_text().strip(), Path(folder))
    print("guide", result.guide_shown, "style", result.style_frame, "captions", result.captions[:8])
    for r in result.runs:
        print(r.title, "|", [c.splitlines()[0][:50] for c in r.commands], "|", r.errors)
