"""What ``Memory`` returns: frozen, typed results, one class per kind of answer.

Each result is defined beside the code that builds it (``units.history.ChangeLog``,
``ops.status.StatusReport``, ``guard.check_patch.Verdict``, …); this module holds what they
share. A result dumps (``model_dump``) to the JSON that ``hippo … --json`` prints and the MCP
tools return, and the CLI picks how to show it by its type.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Generic, TypeVar, overload

from pydantic import BaseModel, ConfigDict, RootModel

T = TypeVar("T")


class Result(BaseModel):
    """A frozen result; an unknown field is an error, so producer and reader agree on the shape."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Rows(RootModel[list[T]], Generic[T]):
    """A result that is a list (its JSON is an array): iterate, index and ``len`` it like one."""

    model_config = ConfigDict(frozen=True)

    def __iter__(self) -> Iterator[T]:  # type: ignore[override]  # the rows, not pydantic's fields
        return iter(self.root)

    def __len__(self) -> int:
        return len(self.root)

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        return self.root[index]


class UnitList(Rows[dict[str, Any]]):
    """Memory units as property maps (without embeddings), in the order the query gave."""
