"""Typed, weighted edges (docs/graph-model.md): every edge carries weight and the signals that move
it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import Field, field_validator

from hippograph.schema.base import Record, as_utc, new_id, utc_now
from hippograph.schema.enums import InvolvedAs, RelType


class Edge(Record):
    """One relationship between two nodes, addressed by their ids."""

    id: str = Field(default_factory=lambda: new_id("rel"), min_length=1)
    type: RelType
    source_id: str = Field(min_length=1)
    target_id: str = Field(min_length=1)
    weight: float = Field(default=1.0, ge=0.0)
    created_at: datetime = Field(default_factory=utc_now)
    usage: int = Field(default=0, ge=0)
    success: int = Field(default=0)
    co_occurrence: int = Field(default=0, ge=0)
    last_used_at: datetime | None = None
    stale: bool = False
    reason: str | None = None
    role: InvolvedAs | None = None  # on INVOLVES from an :Ambiguity; unset counts as uncertain

    @field_validator("created_at", "last_used_at")
    @classmethod
    def _aware(cls, value: datetime | None) -> datetime | None:
        return as_utc(value)

    def edge_properties(self) -> dict[str, Any]:
        """Properties stored on the relationship (type and endpoints are structure,
        not properties)."""
        props = self.to_properties()
        for key in ("type", "source_id", "target_id"):
            props.pop(key, None)
        return props
