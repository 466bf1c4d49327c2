"""What the audits' shipped logistic models share: fitted in bench/, only their coefficients
ship (``essaylint/audit/data/*.json``), each in a ``text+embedding`` variant for the embedding
model it was trained with and a ``text`` variant for any other embedder. The file's digest
keys the caches of what a model decided, so a refitted model never reuses an old answer."""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any, Protocol, TypeVar

WITH_EMBEDDING = "text+embedding"
TEXT_ONLY = "text"


class _Variant(Protocol):
    @property
    def embedding_model(self) -> str: ...


V = TypeVar("V", bound=_Variant)


def read_model(file_name: str, feature_names: Sequence[str]) -> tuple[dict[str, Any], str]:
    """The shipped model file ``file_name`` as data, and its digest."""
    text = resources.files("essaylint.audit").joinpath("data", file_name).read_text("utf-8")
    return parse_model(text, feature_names)


def parse_model(text: str, feature_names: Sequence[str]) -> tuple[dict[str, Any], str]:
    """A model file's data and digest; ValueError when it was fitted on other features than
    the code computes."""
    data = json.loads(text)
    if list(data["feature_names"]) != list(feature_names):
        raise ValueError("the model's features are not the ones its code computes")
    return data, hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]


def variant_fields(name: str, data: dict[str, Any]) -> dict[str, Any]:
    """The fields every variant has, read from its entry in the model file."""
    return {
        "name": name,
        "threshold": float(data["threshold"]),
        "bias": float(data["bias"]),
        "weights_features": tuple(map(float, data["weights_features"])),
        "weights_embedding": tuple(map(float, data.get("weights_embedding", ()))),
        "embedding_model": str(data.get("embedding_model", "")),
    }


def variant_for(variants: Mapping[str, V], embedding_model: str | None) -> V:
    """The variant that the available embedder can feed (``None``: no embedder)."""
    full = variants.get(WITH_EMBEDDING)
    if full is not None and embedding_model and full.embedding_model == embedding_model:
        return full
    return variants[TEXT_ONLY]


def embedding_term(
    weights: Sequence[float], embedding: Sequence[float] | None, variant: str
) -> float:
    """The vector's part of the logit; the variant that has vector weights needs the vector."""
    if embedding is None:
        raise ValueError(f"the {variant} variant needs the sentence's vector")
    values = embedding.tolist() if hasattr(embedding, "tolist") else embedding
    return sum(w * e for w, e in zip(weights, values, strict=True))


def logistic(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-z))
