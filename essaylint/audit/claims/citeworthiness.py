"""The cite-worthiness model: how likely published authors are to cite a sentence like this one.

A logistic regression learned from natural labels (whether the authors of 147 openly licensed
papers cited each of their sentences; bench/citeworth_train.py, data and provenance in
bench/data/README.md) over the hand features and n-grams of :mod:`.features` and, in its
``text+embedding`` variant, the sentence's vector from the embedding model it was trained with.
When the configured embedder is another model (or cannot be loaded) the ``text`` variant,
fitted on the same data without the vector, is used. Hedges keep lowering the score:
``score = p × hedge_factor ** hedges`` (at most two count).

Only the coefficients ship (``essaylint/audit/data/citeworthiness.json``); scoring is a few
dot products. numpy is imported by the caller that has vectors, never at import time here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from essaylint.audit.claims.features import FEATURE_NAMES, features, hedge_count, ngrams
from essaylint.audit.shipped_model import (
    embedding_term,
    logistic,
    parse_model,
    read_model,
    variant_fields,
    variant_for,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

MODEL_FILE = "citeworthiness.json"


@dataclass(frozen=True)
class Variant:
    """One fitted model: ``embedding_model`` is "" for the text-only variant."""

    name: str
    threshold: float
    bias: float
    feature_mean: tuple[float, ...]
    feature_scale: tuple[float, ...]
    weights_features: tuple[float, ...]
    weights_embedding: tuple[float, ...]
    ngram_weights: dict[str, float]
    embedding_model: str = ""

    @classmethod
    def from_dict(cls, name: str, data: dict[str, Any]) -> Variant:
        return cls(
            **variant_fields(name, data),
            feature_mean=tuple(map(float, data["feature_mean"])),
            feature_scale=tuple(map(float, data["feature_scale"])),
            ngram_weights={str(k): float(v) for k, v in data["ngrams"].items()},
        )

    @property
    def uses_embedding(self) -> bool:
        return bool(self.weights_embedding)

    def probability(self, text: str, embedding: Sequence[float] | None = None) -> float:
        """The model's probability that the sentence is cited (before hedges)."""
        z = self.bias
        for x, mean, scale, weight in zip(
            features(text),
            self.feature_mean,
            self.feature_scale,
            self.weights_features,
            strict=True,
        ):
            z += weight * (x - mean) / scale
        if self.uses_embedding:
            z += embedding_term(self.weights_embedding, embedding, self.name)
        z += sum(self.ngram_weights.get(gram, 0.0) for gram in ngrams(text))
        return logistic(z)


@dataclass(frozen=True)
class CiteWorthiness:
    """The shipped model: its variants, the hedge factor and a digest of its file (it keys
    the per-sentence cache, so a new model never reuses an old score)."""

    variants: dict[str, Variant]
    hedge_factor: float
    digest: str
    training: dict[str, Any]

    @classmethod
    def from_json(cls, text: str) -> CiteWorthiness:
        return cls.from_data(*parse_model(text, FEATURE_NAMES))

    @classmethod
    def from_data(cls, data: dict[str, Any], digest: str) -> CiteWorthiness:
        return cls(
            variants={n: Variant.from_dict(n, v) for n, v in data["variants"].items()},
            hedge_factor=float(data["hedge_factor"]),
            digest=digest,
            training=dict(data.get("training", {})),
        )

    def variant_for(self, embedding_model: str | None) -> Variant:
        """The variant that the available embedder can feed (``None``: no embedder)."""
        return variant_for(self.variants, embedding_model)

    def score(self, variant: Variant, text: str, embedding: Sequence[float] | None) -> float:
        """The hedge-lowered score in [0, 1]; the sentence is cite-worthy at or above
        ``variant.threshold``."""
        return variant.probability(text, embedding) * self.hedge_factor ** hedge_count(text)


class ModelUnavailableError(Exception):
    """The shipped model file is missing or unreadable (the message says which)."""


@lru_cache(maxsize=1)
def load_model() -> CiteWorthiness:
    """The shipped model (cached per process); :class:`ModelUnavailableError` if unreadable."""
    try:
        return CiteWorthiness.from_data(*read_model(MODEL_FILE, FEATURE_NAMES))
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise ModelUnavailableError(
            f"the cite-worthiness model could not be read ({error})"
        ) from None
