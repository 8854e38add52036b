"""The ``hippo`` command line: parse, call the library, print. No Cypher, no driver."""

from __future__ import annotations

from hippograph.cli import access as _access  # noqa: F401  (registers grant/grants)
from hippograph.cli import branch as _branch  # noqa: F401  (registers `hippo branch`)
from hippograph.cli import browser as _browser  # noqa: F401  (registers `hippo browser`)
from hippograph.cli import code as _code  # noqa: F401  (registers index/watch/pre-edit)
from hippograph.cli import decisions as _decisions  # noqa: F401  (registers decide/outcome/why)
from hippograph.cli import doctor as _doctor  # noqa: F401  (registers `hippo doctor`)
from hippograph.cli import install as _install  # noqa: F401  (registers `hippo install`)
from hippograph.cli import memory as _memory  # noqa: F401  (registers unit commands)
from hippograph.cli import recall as _recall  # noqa: F401  (registers recall/feedback)
from hippograph.cli import review as _review  # noqa: F401  (registers `hippo review`)
from hippograph.cli import rules as _rules  # noqa: F401  (registers fail/rule)
from hippograph.cli import serve as _serve  # noqa: F401  (registers `hippo serve`)
from hippograph.cli import sources as _sources  # noqa: F401  (registers import/export)
from hippograph.cli import status as _status  # noqa: F401  (registers init/status)
from hippograph.cli.app import app
from hippograph.cli.db import db_app

app.add_typer(db_app, name="db")


def main() -> None:
    """Console entry point."""
    app()


__all__ = ["app", "main"]
