"""Markdown pages rendered from a snapshot folder written by hand: no server needed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hippograph.errors import ConfigError
from hippograph.ops.snapshot_markdown import folder_name, folders, write_markdown


def unit(node_id: str, kind: str, text: str, **props: Any) -> dict[str, Any]:
    base = {
        "id": node_id,
        "kind": kind.lower(),
        "text": text,
        "scope": "path:/home/me/shop",
        "source_ref": "notes.md#L1",
        "truth_status": "confirmed",
        "lifecycle": "consolidated",
        "recorded_at": {"$datetime": "2026-03-01T12:00Z"},
    }
    return {"id": node_id, "labels": ["Memory", "Node", kind], "props": base | props}


def write(folder: Path, name: str, rows: list[dict[str, Any]]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    text = "".join(json.dumps(r, sort_keys=True) + "\n" for r in rows)
    (folder / name).write_text(text, encoding="utf-8")


def test_hostile_text_stays_readable_and_in_order(tmp_path: Path) -> None:
    snap = tmp_path / "snap"
    write(
        snap / "nodes",
        "Rule.jsonl",
        [
            unit(
                "rule_b",
                "Rule",
                "Never log tokens\nnot even in `debug`\u2028mode",
                severity="critical",
                applies_to="src/**",
                source_ref="a`b``c",
                recorded_at={"$datetime": "2026-03-01T12:00:01Z"},
            ),
            unit("rule_a", "Rule", "x" * 100, severity="low"),  # older (12:00Z sorts first)
            unit(
                "rule_c",
                "Rule",
                "Old rule",
                valid_until={"$datetime": "2026-03-02T00:00Z"},
                truth_status="deprecated",
            ),
        ],
    )
    write(snap / "edges", "GOVERNS.jsonl", [])
    counts = write_markdown(snap, tmp_path / "md", None)
    assert counts == {"path-home-me-shop/rules.md": 3}
    page = (tmp_path / "md/path-home-me-shop/rules.md").read_text(encoding="utf-8")
    current, history = page.split("## History")
    assert current.index("`rule_a`") < current.index("`rule_b`") and "rule_c" in history
    assert f"### {'x' * 79}…\n\n> {'x' * 100}\n" in current
    assert "### Never log tokens not even in `debug` mode\n\n" in current
    assert "> Never log tokens\n> not even in `debug`\n> mode\n" in current
    assert "- **source_ref:** ```a`b``c```\n" in current
    assert "- **valid:** from the start until 2026-03-02T00:00Z\n" in history
    assert page.endswith("\n") and not page.endswith("\n\n")


def test_two_scopes_sharing_a_folder_are_refused() -> None:
    assert folder_name("github.com/acme/shop") == "github.com-acme-shop"
    assert folder_name("agent:bob") == "agent-bob"
    with pytest.raises(ConfigError, match=r"would both be written to a-b/"):
        folders(["a/b", "a:b"])
