"""The package version, in one place (the CLI, the MCP server and the wheel read it)."""

__version__ = "0.1.0"
