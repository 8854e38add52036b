"""Inputs that callers send (CLI, Python API, MCP): validated once, here."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from hippograph.schema.base import as_utc, check_text
from hippograph.schema.enums import MemoryKind, MemoryType, SourceKind


class UnitInput(BaseModel):
    """A statement to remember, with where it came from and what it is about."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    text: str = Field(description="The statement, one fact/decision/rule per unit.")
    kind: MemoryKind = Field(
        default=MemoryKind.FACT, description="fact, decision, failure, rule or episode."
    )
    source: SourceKind = Field(
        default=SourceKind.USER, description="Who said it: user, agent, tool, import or web."
    )
    source_ref: str | None = Field(
        default=None, max_length=2000, description="Where: path#Lx-Ly, commit, session#turn, URL."
    )
    topic: str | None = Field(
        default=None,
        max_length=200,
        description="What aspect of the subject it settles (e.g. 'database').",
    )
    subject: str | None = Field(
        default=None, max_length=500, description="What it is about; defaults to the first --about."
    )
    about: list[str] = Field(
        default_factory=list,
        description="Entities the unit is about (services, libraries, people).",
    )
    scope: str | None = Field(
        default=None, max_length=200, description="workspace or a repository name."
    )
    branch: str | None = Field(
        default=None, max_length=250, description="Git branch; default: the current one."
    )
    valid_from: datetime | None = None
    valid_until: datetime | None = None
    confidence: float | None = Field(default=None, ge=0.0, le=1.0)
    trust: float | None = Field(default=None, ge=0.0, le=1.0)
    memory_type: MemoryType | None = None
    title: str | None = Field(default=None, max_length=500)
    aliases: list[str] = Field(default_factory=list)
    episode_id: str | None = Field(
        default=None, description="Episode the unit was taken from (linked FROM)."
    )
    governs: list[str] = Field(
        default_factory=list,
        description=(
            "Files (repo-relative paths), symbols (qualified or unique names) or entities a "
            "decision or rule governs."
        ),
    )
    broke: list[str] = Field(
        default_factory=list, description="Files or symbols a failure broke (linked BROKE)."
    )
    future: bool = Field(
        default=False, description="Allow valid_from in the future (a planned change)."
    )
    details: dict[str, Any] = Field(
        default_factory=dict,
        description=(
            "Kind-specific fields (problem, reasoning, why, fix, commit, test, "
            "category, severity, ...)."
        ),
    )

    @field_validator("text")
    @classmethod
    def _text(cls, value: str) -> str:
        return check_text(value)

    @field_validator("valid_from", "valid_until")
    @classmethod
    def _aware(cls, value: datetime | None) -> datetime | None:
        return as_utc(value)
