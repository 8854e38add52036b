"""Shared base for every record that crosses a boundary (graph, CLI, API, MCP)."""

from __future__ import annotations

import os
import random
from datetime import UTC, datetime
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, field_validator

from hippograph.schema.enums import NodeLabel

MAX_TEXT_CHARS = 20_000
"""Longest text a unit may hold; longer input is refused, never truncated."""

MAX_INTEGER = 2**63 - 1
"""Largest integer Neo4j stores (a signed 64-bit INTEGER); a larger one is refused on input."""

EMBEDDING_DIMENSIONS = 384

VECTOR_PROPERTIES = frozenset({"embedding", "sentence_embeddings"})
"""A unit's vectors: derived from its words, never shown, logged or diffed; a purge drops them."""

MAX_SENTENCE_VECTORS = 8
"""Sentence vectors a unit keeps at most (units/sentences.py)."""


_seeded: random.Random | None = None


def seed_ids(seed: int | None) -> None:
    """Draw ids from a seeded generator from now on (None: random again).
    Benchmarks use it so two runs of the same code rank alike:
    recall breaks ties between equal scores by id."""
    global _seeded
    _seeded = None if seed is None else random.Random(seed)


def new_id(prefix: str) -> str:
    """A fresh id such as ``fact_3f9a0c2b1d4e5f60``:
    kind-prefixed so ids read well in a terminal."""
    if _seeded is not None:
        return f"{prefix}_{_seeded.getrandbits(64):016x}"
    return f"{prefix}_{os.urandom(8).hex()}"  # 64 random bits (uuid4 costs ~4x as much)


def utc_now() -> datetime:
    """Now, timezone-aware."""
    return datetime.now(UTC)


def as_utc(value: datetime | None) -> datetime | None:
    """A naive datetime is taken as UTC; aware ones are kept."""
    if value is None:
        return None
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value


class Record(BaseModel):
    """A frozen, strict record whose field names are the graph property names."""

    model_config = ConfigDict(
        frozen=True, extra="forbid", use_enum_values=True, validate_default=True
    )

    def to_properties(self) -> dict[str, Any]:
        """The property map to store: ``model_dump`` without unset (None) values."""
        return {k: v for k, v in self.model_dump(mode="python").items() if v is not None}


class NodeRecord(Record):
    """A node with a unique id and a fixed set of labels."""

    labels: ClassVar[tuple[NodeLabel, ...]] = ()
    id_prefix: ClassVar[str] = "node"
    # properties that hold code as a parser read it: scanned for secrets only where they hold a
    # literal (units/secrets.py)
    code: ClassVar[frozenset[str]] = frozenset()

    id: str

    @field_validator("id")
    @classmethod
    def _id_shape(cls, value: str) -> str:
        if not value or len(value) > 200 or any(c.isspace() for c in value):
            raise ValueError("an id is 1-200 characters without whitespace")
        return value

    @classmethod
    def all_labels(cls) -> list[str]:
        """Labels to write, ``Node`` first."""
        return [NodeLabel.NODE.value, *(label.value for label in cls.labels)]


def check_text(value: str, field: str = "text") -> str:
    """Refuse empty or over-long text; never truncate."""
    if not value or not value.strip():
        raise ValueError(f"{field} is empty; give the statement to remember")
    if len(value) > MAX_TEXT_CHARS:
        raise ValueError(
            f"{field} has {len(value)} characters, over the limit of {MAX_TEXT_CHARS}; "
            "split it into smaller units"
        )
    return value
