"""all-MiniLM-L6-v2 run in numpy: a BERT encoder, mean pooling and L2 normalisation.

The model folder is the one sentence-transformers reads (``config.json``, ``model.safetensors``,
``tokenizer.json``); this module reads the same files and computes the same vectors (within
1e-4 cosine, checked against sentence-transformers' own output in tests/units/test_encoder.py)
without torch: numpy, the ``tokenizers`` package and ``safetensors``, about 1/40 of the install
and a cold start of a fraction of a second. Nothing here touches the network.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hippograph.errors import ConfigError
from hippograph.units.sentences import MIN_SENTENCES, spans

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    Array = NDArray[np.float32]

# sentence-transformers' max_seq_length for this model (sentence_bert_config.json) when the
# folder does not say.
_DEFAULT_MAX_TOKENS = 256


@dataclass(frozen=True)
class _Layer:
    query: tuple[Any, Any]
    key: tuple[Any, Any]
    value: tuple[Any, Any]
    attention_out: tuple[Any, Any]
    attention_norm: tuple[Any, Any]
    intermediate: tuple[Any, Any]
    output: tuple[Any, Any]
    output_norm: tuple[Any, Any]


class MiniLMEncoder:
    """A BERT sentence encoder over a sentence-transformers model folder, on the CPU in numpy."""

    def __init__(self, model_dir: Path) -> None:
        import numpy as np
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        config = _read_json(model_dir / "config.json")
        if config.get("model_type") != "bert" or config.get("hidden_act", "gelu") != "gelu":
            raise ConfigError(
                f"the embedding model in {model_dir} is not a BERT model with GELU activations: "
                "point HIPPOGRAPH_MODEL_PATH at an all-MiniLM-L6-v2 folder."
            )
        self._heads = int(config["num_attention_heads"])
        self._eps = float(config.get("layer_norm_eps", 1e-12))
        st_config = model_dir / "sentence_bert_config.json"
        self.max_tokens = int(
            _read_json(st_config).get("max_seq_length", _DEFAULT_MAX_TOKENS)
            if st_config.exists()
            else _DEFAULT_MAX_TOKENS
        )
        self.max_tokens = min(self.max_tokens, int(config["max_position_embeddings"]))

        weights = load_file(str(model_dir / "model.safetensors"))
        prefix = "bert." if "bert.embeddings.word_embeddings.weight" in weights else ""

        def tensor(name: str) -> Any:
            return np.ascontiguousarray(weights[prefix + name], dtype=np.float32)

        def dense(name: str) -> tuple[Any, Any]:
            # stored as (out, in); kept transposed so a batch multiplies on the right
            return np.ascontiguousarray(tensor(f"{name}.weight").T), tensor(f"{name}.bias")

        def norm(name: str) -> tuple[Any, Any]:
            return tensor(f"{name}.weight"), tensor(f"{name}.bias")

        self._words = tensor("embeddings.word_embeddings.weight")
        self._positions = tensor("embeddings.position_embeddings.weight")
        self._token_type = tensor("embeddings.token_type_embeddings.weight")[0]
        self._embedding_norm = norm("embeddings.LayerNorm")
        self._layers = [
            _Layer(
                query=dense(f"encoder.layer.{i}.attention.self.query"),
                key=dense(f"encoder.layer.{i}.attention.self.key"),
                value=dense(f"encoder.layer.{i}.attention.self.value"),
                attention_out=dense(f"encoder.layer.{i}.attention.output.dense"),
                attention_norm=norm(f"encoder.layer.{i}.attention.output.LayerNorm"),
                intermediate=dense(f"encoder.layer.{i}.intermediate.dense"),
                output=dense(f"encoder.layer.{i}.output.dense"),
                output_norm=norm(f"encoder.layer.{i}.output.LayerNorm"),
            )
            for i in range(int(config["num_hidden_layers"]))
        ]
        self.dimensions = int(config["hidden_size"])

        self._tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        self._tokenizer.enable_truncation(max_length=self.max_tokens)
        self._tokenizer.no_padding()

    def encode(self, texts: Sequence[str], batch_size: int = 32) -> Array:
        """One unit-length vector per text (rows in input order), as float32."""
        return self.encode_with_sentences(texts, batch_size, sentences=False)[0]

    def encode_with_sentences(
        self, texts: Sequence[str], batch_size: int = 32, *, sentences: bool = True
    ) -> tuple[Array, list[Array | None]]:
        """Each text's vector, and for a text of ``MIN_SENTENCES`` or more sentences one vector
        per sentence (rows in sentence order; None for shorter texts): its token vectors from
        the same pass averaged over each sentence's tokens, unit length. A sentence past the
        model's token limit has no tokens and no vector."""
        import numpy as np

        encodings = self._tokenizer.encode_batch(list(texts))
        out = np.zeros((len(encodings), self.dimensions), dtype=np.float32)
        parts: list[Array | None] = [None] * len(encodings)
        # like lengths together, so a batch carries little padding
        order = sorted(range(len(encodings)), key=lambda i: len(encodings[i].ids))
        for start in range(0, len(order), batch_size):
            chunk = order[start : start + batch_size]
            width = max(len(encodings[i].ids) for i in chunk)
            ids = np.zeros((len(chunk), width), dtype=np.int64)
            mask = np.zeros((len(chunk), width), dtype=np.float32)
            for row, i in enumerate(chunk):
                n = len(encodings[i].ids)
                ids[row, :n] = encodings[i].ids
                mask[row, :n] = 1.0
            hidden = self._forward(ids, mask)
            out[chunk] = _unit_rows((hidden * mask[:, :, None]).sum(axis=1), mask.sum(axis=1))
            if not sentences:
                continue
            for row, i in enumerate(chunk):
                parts[i] = self._sentence_rows(texts[i], encodings[i].offsets, hidden[row])
        return out, parts

    def _sentence_rows(self, text: str, offsets: Sequence[tuple[int, int]], hidden: Any) -> Any:
        import numpy as np

        found = spans(text)
        if len(found) < MIN_SENTENCES:
            return None
        # [CLS] and [SEP] have empty offsets: they belong to no sentence
        starts = np.array([a if b > a else -1 for a, b in offsets])
        ends = np.array([b for _, b in offsets])
        masks = [(starts >= a) & (ends <= b) for a, b in found]
        kept = [m for m in masks if m.any()]
        if len(kept) < MIN_SENTENCES:
            return None
        tokens = hidden[: len(offsets)]
        summed = np.stack([tokens[m].sum(axis=0) for m in kept])
        return _unit_rows(summed, np.array([m.sum() for m in kept]))

    def _forward(self, ids: Any, mask: Any) -> Any:
        import numpy as np

        batch, width = ids.shape
        x = self._words[ids] + self._positions[:width][None, :, :] + self._token_type
        x = _layer_norm(x, *self._embedding_norm, self._eps)
        heads = self._heads
        size = self.dimensions // heads
        # padded keys get no attention (the same large negative bias BERT adds)
        bias = ((1.0 - mask) * np.finfo(np.float32).min)[:, None, None, :]
        scale = np.float32(1.0 / math.sqrt(size))
        for layer in self._layers:

            def split(t: Any) -> Any:
                return t.reshape(batch, width, heads, size).transpose(0, 2, 1, 3)

            q = split(_linear(x, *layer.query))
            k = split(_linear(x, *layer.key))
            v = split(_linear(x, *layer.value))
            scores = np.matmul(q, k.transpose(0, 1, 3, 2)) * scale + bias
            scores -= scores.max(axis=-1, keepdims=True)
            np.exp(scores, out=scores)
            scores /= scores.sum(axis=-1, keepdims=True)
            context = np.matmul(scores, v).transpose(0, 2, 1, 3).reshape(batch, width, -1)
            x = _layer_norm(
                _linear(context, *layer.attention_out) + x, *layer.attention_norm, self._eps
            )
            inner = _gelu(_linear(x, *layer.intermediate))
            x = _layer_norm(_linear(inner, *layer.output) + x, *layer.output_norm, self._eps)
        return x


def _unit_rows(summed: Any, counts: Any) -> Any:
    """Mean of the summed token vectors, each row scaled to unit length (sentence-transformers'
    mean pooling and normalisation)."""
    import numpy as np

    mean = summed / np.clip(counts.reshape(-1, 1), 1e-9, None)
    lengths = np.linalg.norm(mean, axis=1, keepdims=True)
    return (mean / np.clip(lengths, 1e-12, None)).astype(np.float32)


def _read_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ConfigError(
            f"cannot read the embedding model's {path.name} in {path.parent} ({exc}): reinstall "
            "the model with `make install`, or point HIPPOGRAPH_MODEL_PATH at a complete folder."
        ) from exc
    if not isinstance(data, dict):
        raise ConfigError(f"{path} is not a JSON object: the embedding model folder is damaged.")
    return data


def _linear(x: Any, weight: Any, bias: Any) -> Any:
    # one 2-D product for the whole batch: numpy loops over a 3-D operand's leading axis
    flat = x.reshape(-1, x.shape[-1]) @ weight
    flat += bias
    return flat.reshape(*x.shape[:-1], weight.shape[1])


def _layer_norm(x: Any, weight: Any, bias: Any, eps: float) -> Any:
    import numpy as np

    mean = x.mean(axis=-1, keepdims=True)
    centred = x - mean
    variance = (centred * centred).mean(axis=-1, keepdims=True)
    return centred / np.sqrt(variance + np.float32(eps)) * weight + bias


def _gelu(x: Any) -> Any:
    """BERT's exact GELU, 0.5·x·(1 + erf(x/√2)), with erf from Abramowitz & Stegun 7.1.26
    (absolute error below 1.5e-7, far inside float32 noise after a layer norm). Computed in
    place: the intermediate layer is the largest array the encoder makes."""
    import numpy as np

    f32 = np.float32
    a = np.abs(x) * f32(1.0 / math.sqrt(2.0))
    t = a * f32(0.3275911)
    t += f32(1.0)
    np.reciprocal(t, out=t)
    poly = t * f32(1.061405429)
    for c in (-1.453152027, 1.421413741, -0.284496736, 0.254829592):
        poly += f32(c)
        poly *= t
    np.square(a, out=a)
    np.negative(a, out=a)
    np.exp(a, out=a)
    poly *= a  # 1 - erf(|z|)
    # 0.5·x·(1 + erf(z)) = max(x, 0) - 0.5·|x|·(1 - erf(|z|)), for either sign of x
    poly *= np.abs(x)
    poly *= f32(0.5)
    return np.maximum(x, f32(0.0)) - poly
