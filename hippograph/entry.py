"""The ``hippo`` executable: hooks take a lean path (no CLI framework, no driver);
the rest is the CLI."""

from __future__ import annotations

import sys


def main() -> None:
    """Console entry point."""
    if len(sys.argv) > 1 and sys.argv[1] == "hook":
        from hippograph.hooks import main as hook_main

        sys.exit(hook_main(sys.argv[2:]))
    from hippograph.cli import main as cli_main

    cli_main()
