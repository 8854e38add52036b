"""The MCP server (stdio) for coding agents: tools over the same ``Memory`` API the CLI calls."""

from hippograph.mcp.server import TOOLS, build_server, serve_stdio

__all__ = ["TOOLS", "build_server", "serve_stdio"]
