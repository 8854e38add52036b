"""Secrets never enter memory: redacted before anything is stored, embedded or exported, while
look-alikes (hashes, UUIDs, commit ids, prose about passwords) are kept verbatim."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hippograph.graph.client import Graph
from hippograph.memory import Memory
from hippograph.units import secrets
from tests.fakes import HashingEmbedder

# Realistic secrets (AWS's and JWT.io's documented examples, made-up tokens in real formats).
SECRETS = {
    "AWS access key": "deploy with AKIAIOSFODNN7EXAMPLE on the build box",
    "AWS secret key": "aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "GitHub token": "Always use the token ghp_1234567890abcdefghijklmnopqrstuvwxyzAB for pushes",
    "Slack token": "the bot posts with xoxb-1234567890-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
    "Stripe key": "billing tests use sk_live_4eC39HqLyjWDarjtT1zdp7dc for now",
    "private key": (
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA1x\n-----END RSA PRIVATE KEY-----"
    ),
    "JWT": "auth: eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6Ikpv"
    "aG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
    "password in a URL": "the replica is postgres://admin:s3cr3tP4ss@db.example.com:5432/app",
    "password in prose": "the db password is hunter2",
    "api key assigned": 'api_key = "q8Zr3vT1mW9xK2pL7sN4"',
}
SECRET_VALUES = [
    "AKIAIOSFODNN7EXAMPLE",
    "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "ghp_1234567890abcdefghijklmnopqrstuvwxyzAB",
    "xoxb-1234567890-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
    "sk_live_4eC39HqLyjWDarjtT1zdp7dc",
    "MIIEowIBAAKCAQEA1x",
    "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
    "s3cr3tP4ss",
    "hunter2",
    "q8Zr3vT1mW9xK2pL7sN4",
]
LOOK_ALIKES = [
    "fixed in commit 3f9a0c2b1d4e5f60718293a4b5c6d7e8f9a0b1c2",
    "the request id was 123e4567-e89b-12d3-a456-426614174000",
    "sha256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855 of the tarball",
    "md5 d41d8cd98f00b204e9800998ecf8427e of the empty file",
    "We moved analytics to ClickHouse; Postgres is only OLTP now",
    "the password is required for login",
    "The API key is stored in Vault, never in the repository",
    "set the token in the environment, not in code",
    "billing-api runs 3 replicas on port 8080",
    "use `yaml.safe_load`, never `yaml.load`",
]


def test_every_secret_in_the_corpus_is_redacted() -> None:
    caught = [name for name, text in SECRETS.items() if secrets.redact(text).kinds]
    assert caught == list(SECRETS)  # 10 of 10
    for text in SECRETS.values():
        out = secrets.redact(text).text
        assert "[redacted: " in out
        assert not any(value in out for value in SECRET_VALUES), out


def test_look_alikes_are_kept_verbatim() -> None:
    kept = [text for text in LOOK_ALIKES if secrets.redact(text).text == text]
    assert kept == LOOK_ALIKES  # 10 of 10


def test_code_is_scanned_where_it_holds_a_literal() -> None:
    code = frozenset({"signature", "calls"})
    for signature in (
        'def connect(key="sk_live_4eC39HqLyjWDarjtT1zdp7dc")',  # a default
        "function connect(key = `sk_live_4eC39HqLyjWDarjtT1zdp7dc`)",  # a template string
        "@Key('sk_live_4eC39HqLyjWDarjtT1zdp7dc') void connect()",  # an annotation's string
    ):
        cleaned, kinds = secrets.redact_properties({"signature": signature}, code)
        assert "sk_live_4eC39HqLyjWDarjtT1zdp7dc" not in cleaned["signature"] and kinds
    plain = {"signature": "def login(password: str, token: Token) -> Session", "calls": ["x"]}
    assert secrets.redact_properties(plain, code) == (plain, ())
    assert secrets.redact_properties(plain)[1]  # as free text, "password: str" reads as one


def test_the_kind_is_named_in_the_redaction() -> None:
    out = secrets.redact("our AWS key is AKIAIOSFODNN7EXAMPLE and the db password is hunter2")
    assert out.text == (
        "our AWS key is [redacted: aws-access-key] and the db password is [redacted: password]"
    )
    assert out.kinds == ("aws-access-key", "password")


def _everything(graph: Graph) -> str:
    """Every property of every node and relationship, as text (what an export would hold)."""
    rows = graph.read_text("MATCH (n) OPTIONAL MATCH (n)-[r]-() RETURN n, r", limit=100000).rows
    return json.dumps(rows, default=str)


def test_nothing_secret_is_stored_embedded_or_exported(
    graph: Graph, memory: Memory, tmp_path: Path
) -> None:
    embedder = HashingEmbedder()
    memory.embedder = embedder
    text = "our AWS key is AKIAIOSFODNN7EXAMPLE and the db password is hunter2"
    unit = memory.remember(text, about=["aws"], source="user", source_ref="notes.md#L3")
    shown = memory.get(unit.id).unit
    expected = secrets.redact(text).text
    assert shown["text"] == expected
    assert shown["redacted"] == ["aws-access-key", "password"]
    stored = graph.read_text(
        "MATCH (m:Memory {id: $id}) RETURN m.embedding AS e", {"id": unit.id}
    ).rows[0]["e"]
    assert stored == pytest.approx(embedder.embed([expected])[0])  # embedded as redacted
    decided = memory.decide("Deploy keys live in Vault", reasoning="not AKIAIOSFODNN7EXAMPLE")
    (memory.cwd / "tests").mkdir()
    (memory.cwd / "tests" / "test_push.py").write_text("def test_push(): ...\n")
    memory.fail(
        "push failed",
        why="token ghp_1234567890abcdefghijklmnopqrstuvwxyzAB expired",
        test="tests/test_push.py::test_push",
    )
    transcript = tmp_path / "t.jsonl"
    transcript.write_text(
        json.dumps({"speaker": "user", "text": "the staging password is Tr0ub4dor&3"}) + "\n"
    )
    memory.import_transcript(transcript)
    memory.recall("aws key", mode="keyword")  # an abstain records the question as a task
    memory.recall("what is AKIAIOSFODNN7EXAMPLE for", mode="keyword")
    assert decided.id
    dump = _everything(graph)
    for value in [*SECRET_VALUES, "Tr0ub4dor&3"]:
        assert value not in dump, value
    out = tmp_path / "export"
    memory.export(out)
    exported = "".join(p.read_text() for p in out.rglob("*.jsonl"))
    assert "[redacted: " in exported
    assert not any(value in exported for value in SECRET_VALUES)


def test_purge_removes_the_words_from_the_unit_its_embedding_and_its_history(
    graph: Graph, memory: Memory
) -> None:
    memory.embedder = HashingEmbedder()
    words = "Alice's home address is 12 Elm Street, Springfield"
    unit = memory.remember(words, about=["alice"], source="user", source_ref="chat#9")
    memory.supersede(
        unit.id, "Alice moved; her address is with HR", reason="moved", source_ref="chat#12"
    )
    out = memory.purge(unit.id, reason="erasure request")
    assert out.changes_rewritten >= 2  # its creation and its supersession at least
    shown = memory.get(unit.id).unit
    assert shown["text"] == "[purged]" and "embedding" not in shown
    assert "Elm Street" not in _everything(graph)
    kinds = [c.op for c in memory.log(unit_id=unit.id)]
    assert kinds[0] == "purge"  # recorded, with who and why, and never undone
    purge_change = memory.log(unit_id=unit.id)[0]
    assert purge_change.reason == "erasure request"
    with pytest.raises(Exception, match="cannot be undone"):
        memory.undo(purge_change.id)
    # nothing is missing: the embed job leaves a purged unit without an embedding
    assert graph.read("count_missing_embeddings")[0]["count"] == 0


def test_a_reason_someone_typed_is_redacted_in_the_change_log(graph: Graph, memory: Memory) -> None:
    unit = memory.remember("The cache is Redis 7", about=["cache"], source="user", source_ref="x#1")
    memory.deprecate(
        unit.id, reason="it printed the token ghp_1234567890abcdefghijklmnopqrstuvwxyzAB"
    )
    reasons = [c.reason for c in memory.log(unit_id=unit.id) if c.reason]
    assert reasons and all("ghp_" not in r and "[redacted: github-token]" in r for r in reasons)
    assert "ghp_1234567890" not in _everything(graph)
