"""A regular expression compiled on first use."""

from __future__ import annotations

import re


class LazyPattern:
    """A regular expression compiled on first use. The prompt hook imports the modules that use
    it in a fresh process for every prompt, and most prompts ask for no kind of answer: the
    patterns that check an answer cost nothing until one does."""

    __slots__ = ("_compiled", "_flags", "_source")

    def __init__(self, source: str, flags: int = 0) -> None:
        self._source = source
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def re(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self._source, self._flags)
        return self._compiled
