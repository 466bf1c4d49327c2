"""Which `limits` items a reader calls right: a learned filter over what the cues find.

The limitation cues (cues.py) find sentences that *mention* a limit; read blind, about half of
them were right on trial reports' full texts. The others announce limitations and name none,
note a small sample only to justify a method ('given the small sample size, we used exact
tests'), restate the finding with a qualifier ('despite the small sample, our findings
demonstrate …'), call for research on another question, or describe earlier trials. A logistic
regression learned from the hand-read verdicts of bench/data/counterevidence_limits_verdicts*
(bench/limits_filter_train.py; provenance in bench/data/README.md) over hand features of the
sentence, the cue kinds and, in its ``text+embedding`` variant, the sentence's vector and its
closeness to the claim in the embedding model it was trained with, keeps an item at or above
the variant's threshold; the item's confidence is that probability. When the configured
embedder is another model the ``text`` variant is used.

Only the coefficients ship (``essaylint/audit/data/limits_filter.json``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from essaylint.audit.shipped_model import (
    embedding_term,
    logistic,
    read_model,
    variant_fields,
    variant_for,
)

MODEL_FILE = "limits_filter.json"

_PATTERNS: tuple[tuple[str, str], ...] = (
    ("limitation word", r"\blimit(?:ation|ing|ed)s?\b"),
    (
        "own work",
        r"\b(?:our|this|the present|the current) (?:study|trial|analysis|data|findings|results|"
        r"sample)\b|\bwe\b",
    ),
    (
        "further research",
        r"^\W*(?:further|future|more|additional|larger|long[- ]term|longer)\b[^.]{0,120}\b"
        r"(?:needed|required|warranted|necessary)\b",
    ),
    ("small sample", r"\b(?:small|limited|modest|low)\b[^.]{0,30}\b(?:sample|number|size|power)\b"),
    (
        "method note",
        r"\b(?:we (?:used|adjusted|decided|merged|chose|calculated|performed|applied)|were "
        r"(?:merged|presented|expected|calculated|enrolled)|data are presented|(?:was|is) "
        r"calculated)\b",
    ),
    ("despite", r"\b(?:despite|within) the (?:small|limited|limitations?)\b"),
    ("finding verb", r"\b(?:demonstrate|confirm|showed|show|suggest|suggests|improved|provided)\b"),
    ("pilot", r"\b(?:pilot|preliminary|exploratory)\b"),
    ("caution", r"\b(?:caution|cautiously|imprecise|generali[sz]\w+)\b"),
    ("earlier work", r"\b(?:previous|earlier|prior|other) (?:studies|trials|research)\b|\[\d"),
    (
        "other question",
        r"\b(?:mechanisms?|how|optimi[sz]\w+|costs?|timing|dosing|predictors?|biomarkers?)\b",
    ),
)
PATTERNS = tuple((name, re.compile(p, re.IGNORECASE)) for name, p in _PATTERNS)
CUE_KINDS = ("own limitation", "sample size", "setting", "design", "time", "stated limit")
FEATURE_NAMES = (
    *(name for name, _ in PATTERNS),
    "words (up to 60) / 60",
    *(f"cue: {kind}" for kind in CUE_KINDS),
)


def features(quote: str, cues: Sequence[str]) -> list[float]:
    """The hand features of a `limits` item: its sentence's patterns, length and cue kinds."""
    found = [1.0 if pattern.search(quote) else 0.0 for _, pattern in PATTERNS]
    found.append(min(len(quote.split()), 60) / 60)
    found += [1.0 if kind in cues else 0.0 for kind in CUE_KINDS]
    return found


@dataclass(frozen=True)
class Variant:
    """One fitted model: ``embedding_model`` is "" for the text-only variant."""

    name: str
    threshold: float
    bias: float
    weights_features: tuple[float, ...]
    weights_embedding: tuple[float, ...] = ()
    weight_cosine: float = 0.0
    embedding_model: str = ""

    @classmethod
    def from_dict(cls, name: str, data: dict[str, Any]) -> Variant:
        return cls(**variant_fields(name, data), weight_cosine=float(data.get("weight_cosine", 0)))

    def probability(
        self,
        quote: str,
        cues: Sequence[str],
        embedding: Sequence[float] | None = None,
        cosine: float = 0.0,
    ) -> float:
        """P(a reader calls the item right); the embedding variant needs the sentence's vector
        and its cosine with the claim's."""
        z = self.bias
        for x, weight in zip(features(quote, cues), self.weights_features, strict=True):
            z += weight * x
        if self.weights_embedding:
            z += embedding_term(self.weights_embedding, embedding, self.name)
            z += self.weight_cosine * cosine
        return logistic(z)


@dataclass(frozen=True)
class LimitsFilter:
    variants: dict[str, Variant]
    digest: str
    training: dict[str, Any]

    @classmethod
    def from_data(cls, data: dict[str, Any], digest: str) -> LimitsFilter:
        variants = {n: Variant.from_dict(n, v) for n, v in data["variants"].items()}
        return cls(variants, digest, training=dict(data.get("training", {})))

    def variant_for(self, embedding_model: str | None) -> Variant:
        """The variant that the available embedder can feed."""
        return variant_for(self.variants, embedding_model)


@lru_cache(maxsize=1)
def load_filter() -> LimitsFilter:
    """The shipped filter (cached per process)."""
    return LimitsFilter.from_data(*read_model(MODEL_FILE, FEATURE_NAMES))
