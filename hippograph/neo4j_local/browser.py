"""What Neo4j Browser shows of hippograph: the style sheet and the `:play` guide of saved queries.

The managed server serves both from its own Browser, at ``/browser/hippograph/``: `hippo db
start` puts a copy of the Browser jar with the two files added first on the class path (the
Browser's static files come from the first jar that has a ``browser/`` folder), and neo4j.conf's
``browser.post_connect_cmd`` applies the style and opens the guide on connect. For a server hippo
does not manage, `hippo browser --serve` serves the same files over HTTP with CORS headers.

The guide is written from the ``browser_*`` statements in cypher/queries/ (one statement per
file, with their example parameters), so what Browser runs is what the tests run.
"""

from __future__ import annotations

import hashlib
import html
import zipfile
from dataclasses import dataclass
from pathlib import Path

from hippograph.graph import queries

STYLE_FILE = Path(__file__).resolve().parent / "browser" / "hippograph.grass"
URL_PATH = "/browser/hippograph/"
STYLE_NAME = "hippograph.grass"
GUIDE_NAME = "guide.html"


@dataclass(frozen=True)
class GuideQuery:
    """One saved query of the guide: a question, its example parameters, the statement's file."""

    title: str
    question: str
    params: tuple[tuple[str, str], ...]  # (name, Cypher literal) for `:param name => literal`
    statement: str  # a file name under cypher/queries/, without .cypher


# Examples name what `make demo` loads, so every block answers on the demo's memory.
GUIDE: tuple[GuideQuery, ...] = (
    GuideQuery(
        "What memory holds",
        "Current decisions, failures and rules with what they govern, break or are about.",
        (("limit", "25"),),
        "browser_overview",
    ),
    GuideQuery(
        "Why did we choose X?",
        "The decision in force about X: the problem, the alternatives rejected and why, the "
        "reasoning, the outcome, and what it replaced.",
        (("subject", "'access tokens'"),),
        "browser_why",
    ),
    GuideQuery(
        "How did the decision change?",
        "The chain of superseded decisions about X, oldest first.",
        (("subject", "'access tokens'"),),
        "browser_decision_chain",
    ),
    GuideQuery(
        "What broke around this function before?",
        "Failures attached to a symbol under any name it had, with the fix and its proof.",
        (("qualified_name", "'shop.config.load_config'"),),
        "browser_regressions",
    ),
    GuideQuery(
        "What should I know before editing this file?",
        "The pre-edit bundle: decisions, failures and notes attached to the file or its symbols.",
        (("path", "'shop/config.py'"),),
        "browser_file_memory",
    ),
    GuideQuery(
        "Which rules apply to this file?",
        "Rules in force for a path, most severe first.",
        (("path", "'shop/config.py'"),),
        "browser_rules_for_path",
    ),
    GuideQuery(
        "A symbol and its neighbourhood",
        "A function's file, calls and callers, and the memory attached to it, drawn.",
        (("qualified_name", "'shop.auth.issue_token'"),),
        "browser_symbol_neighbourhood",
    ),
    GuideQuery(
        "What changed last week?",
        "The change log of the last days: every write, by whom, to what.",
        (("days", "7"), ("limit", "100")),
        "browser_changes",
    ),
    GuideQuery(
        "What is open?",
        "Conflicts, ambiguities and tasks waiting for a person, oldest first.",
        (("limit", "50"),),
        "browser_open_reviews",
    ),
)


def style_text() -> str:
    """The style sheet, as `:style` accepts it pasted (no leading comment)."""
    return STYLE_FILE.read_text(encoding="utf-8")


def param_line(name: str, literal: str) -> str:
    return f":param {name} => {literal}"


def guide_html(base_url: str) -> str:
    """The `:play` guide: one slide per saved query, its `:param` lines and statement runnable.
    ``base_url`` is where the style and the guide are served (ends with a slash)."""
    slides = [_intro_slide(base_url)]
    for item in GUIDE:
        statement = _without_header(queries.get(item.statement).text)
        blocks = [_runnable(param_line(n, v)) for n, v in item.params]
        blocks.append(_runnable(statement))
        slides.append(
            "<slide class='row-fluid'><div class='col-sm-12'>"
            f"<h3>{html.escape(item.title)}</h3><p>{html.escape(item.question)}</p>"
            "<p>Run the parameter line, then the query (click a block to put it in the editor); "
            "change the value to ask about your own project.</p>"
            + "".join(blocks)
            + f"<p><small>cypher/queries/{html.escape(item.statement)}.cypher</small></p>"
            "</div></slide>"
        )
    return (
        "<article class='guide'><carousel class='deck container-fluid'>"
        + "".join(slides)
        + "</carousel></article>\n"
    )


def _intro_slide(base_url: str) -> str:
    rows = "".join(f"<li>{html.escape(item.title)}</li>" for item in GUIDE)
    return (
        "<slide class='row-fluid'><div class='col-sm-12'>"
        "<h3>hippograph: the memory of your coding agents</h3>"
        "<p>Facts, decisions with the alternatives they rejected, failures, rules and the code "
        "they are attached to. Each unit carries its source, its validity and its truth status; "
        "superseded units stay, linked by <code>SUPERSEDED_BY</code>.</p>"
        f"<p>The next slides hold saved queries:</p><ul>{rows}</ul>"
        "<p>The style (green decisions, red failures, amber rules, blue facts) is applied on "
        "connect; to apply it again:</p>"
        + _runnable(f":style {base_url}{STYLE_NAME}")
        + "</div></slide>"
    )


def _without_header(text: str) -> str:
    """The statement without its file's leading comment lines (the slide says what it does)."""
    lines = text.strip().splitlines()
    while lines and lines[0].lstrip().startswith("//"):
        lines.pop(0)
    return "\n".join(lines)


def _runnable(text: str) -> str:
    return f"<pre class='pre-scrollable code runnable'>{html.escape(text)}</pre>"


def files(base_url: str) -> dict[str, bytes]:
    """What is served at ``base_url``: name -> content."""
    return {
        STYLE_NAME: style_text().encode("utf-8"),
        GUIDE_NAME: guide_html(base_url).encode("utf-8"),
    }


def post_connect_commands(base_url: str) -> str:
    """neo4j.conf's ``browser.post_connect_cmd``: apply the style, open the guide."""
    return f"style {base_url}{STYLE_NAME}; play {base_url}{GUIDE_NAME}"


def browser_jar(lib: Path, target_dir: Path, base_url: str) -> Path:
    """A copy of the Browser jar in ``lib`` with the style and guide under browser/hippograph/
    (``base_url`` is where the server serves them); rebuilt only when the Browser or the files
    change. Put it first on the class path."""
    originals = sorted(lib.glob("neo4j-browser-*.jar"))
    if not originals:
        raise FileNotFoundError(f"no neo4j-browser jar in {lib}")
    original = originals[-1]
    content = files(base_url)
    digest = hashlib.sha256(original.name.encode())
    for name, data in sorted(content.items()):
        digest.update(name.encode() + b"\0" + data)
    target = target_dir / f"hippograph-browser-{digest.hexdigest()[:12]}.jar"
    if target.exists():
        return target
    target_dir.mkdir(parents=True, exist_ok=True)
    for stale in target_dir.glob("hippograph-browser-*.jar"):
        stale.unlink()
    partial = target.with_suffix(".partial")
    with zipfile.ZipFile(original) as source, zipfile.ZipFile(partial, "w") as out:
        for info in source.infolist():
            out.writestr(info, source.read(info.filename))
        for name, data in content.items():
            out.writestr(f"browser/hippograph/{name}", data, zipfile.ZIP_DEFLATED)
    partial.replace(target)  # never a half-written jar on the class path
    return target
