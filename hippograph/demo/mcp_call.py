"""One MCP tool call against the real server object, through the SDK's in-process client."""

from __future__ import annotations

import asyncio
from typing import Any

from mcp import Client

from hippograph.mcp import build_server
from hippograph.memory import Memory


async def _call(memory: Memory, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    async with Client(build_server(memory), mode="legacy") as client:
        result = await client.call_tool(name, arguments)
        if result.is_error:
            return {"error": getattr(result.content[0], "text", "tool error")}
        return dict(result.structured_content or {})


def call_tool(memory: Memory, name: str, arguments: dict[str, Any]) -> str:
    """Call one tool and summarise its structured result in one line."""
    out = asyncio.run(_call(memory, name, arguments))
    if "items" in out:
        texts = [f"{i['text']} <- {i['source_ref']}" for i in out["items"]]
        return f"{name} -> {len(texts)} item(s): " + "; ".join(texts)
    return f"{name} -> " + ", ".join(f"{k}={v}" for k, v in list(out.items())[:6])
