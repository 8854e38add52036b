"""Fakes for the edges that are not the database: a clock and a hashing embedder; and a real
git repository made for a test."""

from __future__ import annotations

import hashlib
import math
import re
import subprocess
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

from hippograph.units.sentences import MIN_SENTENCES, spans


class Clock:
    """A clock that only moves when told to."""

    def __init__(self, start: datetime | None = None) -> None:
        self.now = start or datetime(2026, 3, 1, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(microseconds=1)  # strictly increasing, like real time
        return self.now

    def advance(self, **delta: float) -> datetime:
        """Move forward by a timedelta's keyword arguments."""
        self.now += timedelta(**delta)
        return self.now


class HashingEmbedder:
    """Deterministic bag-of-words vectors (384 dims): same words, same direction."""

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        out = []
        for text in texts:
            vec = [0.0] * 384
            for word in re.findall(r"\w+", text.lower()):
                vec[int(hashlib.sha1(word.encode()).hexdigest(), 16) % 384] += 1.0
            norm = math.sqrt(sum(v * v for v in vec)) or 1.0
            out.append([v / norm for v in vec])
        return out


class SentenceHashingEmbedder(HashingEmbedder):
    """The same vectors, and a long text's sentence vectors (units/sentences.py), each hashed
    from its own words."""

    def embed_with_sentences(self, texts: Sequence[str]) -> list[tuple[list[float], list[float]]]:
        out = []
        for text, vector in zip(texts, self.embed(texts), strict=True):
            found = spans(text)
            parts = self.embed([text[a:b] for a, b in found]) if len(found) >= MIN_SENTENCES else []
            out.append((vector, [x for part in parts for x in part]))
        return out


def git_repo(path: Path, remote: str | None = None) -> Path:
    """A new git repository at ``path`` (created), with ``origin`` at ``remote`` if given."""
    path.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(path)], check=True)
    if remote:
        subprocess.run(["git", "-C", str(path), "remote", "add", "origin", remote], check=True)
    return path


def loads_the_model(bolt_uri: str, password: str, argv: list[str]) -> bool:
    """Run ``hippo ARGV`` in a fresh interpreter against the test server; whether it loaded the
    embedding model (the encoder or its tokenizer)."""
    import sys

    code = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from hippograph.cli import app\n"
        f"r = CliRunner().invoke(app, {argv!r})\n"
        "assert r.exit_code == 0, r.output\n"
        "print(any(m in sys.modules for m in ('hippograph.units.encoder', 'tokenizers')))"
    )
    env = {
        "HIPPOGRAPH_NEO4J_URI": bolt_uri,
        "HIPPOGRAPH_NEO4J_PASSWORD": password,
        "PATH": "/usr/bin:/bin",
    }
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1] == "True"
