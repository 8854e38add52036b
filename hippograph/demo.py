"""``python -m hippograph.demo``: load a small demo memory through the public API and show it.

Idempotent: a second run finds the demo scope filled and only shows it.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hippograph.config import Settings
from hippograph.memory import Memory

SCOPE = "demo-shop"
USER = {"source": "user", "scope": SCOPE}


def load(memory: Memory) -> list[str]:
    """Write the demo memory; returns one line per step for the user to read."""
    lines: list[str] = []
    start = datetime.now(UTC) - timedelta(days=120)
    pg = memory.remember("We use Postgres for analytics queries", about=["analytics store"], topic="database",
                         valid_from=start, source_ref="docs/architecture.md#L12-L14", **USER)  # fmt: skip
    lines.append(f"remembered {pg.id}: We use Postgres for analytics queries")
    again = memory.remember("we use postgres for analytics queries.", about=["analytics store"], source="agent",
                            source_ref="session-2#7", scope=SCOPE)  # fmt: skip
    lines.append(f"a re-mention {again.action} {again.id} instead of adding a copy")
    ch = memory.remember("We moved analytics to ClickHouse; Postgres is only OLTP now", about=["analytics store"],
                         topic="database", valid_from=start + timedelta(days=90),
                         source_ref="docs/adr/0007-clickhouse.md#L1-L30", **USER)  # fmt: skip
    lines.append(f"remembered {ch.id}: the move to ClickHouse superseded {', '.join(ch.superseded)}")
    web = memory.remember("ClickHouse should run with 4 replicas", about=["clickhouse"], topic="replicas",
                          source="web", source_ref="https://example.invalid/blog/clickhouse-tips", scope=SCOPE)  # fmt: skip
    ours = memory.remember("ClickHouse runs with 2 replicas in production", about=["clickhouse"], topic="replicas",
                           source_ref="infra/clickhouse.tf#L40-L52", **USER)  # fmt: skip
    lines.append(f"{web.id} (a web page) and {ours.id} (ours) disagree: the newer, more trusted one superseded the other")
    rule = memory.remember("Never log access tokens", kind="rule", about=["auth"], source_ref="SECURITY.md#L3-L3",
                           details={"category": "security", "severity": "critical"}, **USER)  # fmt: skip
    memory.confirm(rule.id)
    lines.append(f"recorded rule {rule.id} and confirmed it (consolidated)")
    return lines


def main() -> None:
    """Load the demo memory unless it is there already, then print what memory now believes."""
    with Memory.connect(Settings()) as memory:
        existing = memory.units(scope=SCOPE, include_closed=True)
        if existing:
            print(f"Demo memory already loaded ({len(existing)} units in scope {SCOPE!r}).")
        else:
            for line in load(memory):
                print(line)
        print("\nCurrent memory in the demo scope:")
        for unit in memory.units(scope=SCOPE):
            print(f"  {unit['id']}  [{unit['kind']}, {unit['lifecycle']}, {unit['truth_status']}]  {unit['text']}"
                  f"  <- {unit['source_ref']}")  # fmt: skip
        closed = [u for u in memory.units(scope=SCOPE, include_closed=True) if u.get("valid_until")]
        for unit in closed:
            print(f"  (history) {unit['id']}  {unit['text']}  valid until {unit['valid_until']:%Y-%m-%d}")


if __name__ == "__main__":
    main()
