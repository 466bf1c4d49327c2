"""The citation-support judge's fitted model: a logistic support score over the features of
support.py, two thresholds and the contradiction rule, giving one of four outcomes.

The coefficients and thresholds ship as data/support_judge.json, written by
bench/fit_support.py, which records the inputs it was fitted on (tests/test_support_model.py
checks them against the committed bench data).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Literal

Outcome = Literal["supported", "contradicted", "weak", "uncertain"]
# Bump when a feature's definition changes: the shipped model must then be refitted.
JUDGE_VERSION = 1
FEATURES: tuple[str, ...] = (
    "cos_best",  # best cosine of the sentence with a source sentence or a two-sentence window
    "cos_child",  # best cosine with a child (chunk) of the source
    "idfcov_doc",  # share of the sentence's content words the source uses, weighted by rarity
    "names_doc",  # share of its acronyms and coded names (IL-6, COVID-19) in the source
    "nums_doc",  # share of its numbers in the source
    "c_sdirw",  # direction reversal (up vs down) at the best sentence or its window
    "c_sneg1",  # scoped negation mismatch at the best sentence
    "c_neg1",  # any negation mismatch at the best sentence
    "c_val3",  # risk vs protection, over the 3 best sentences (times their cosine)
    "c_ant3",  # an antonym, over the 3 best sentences (times their cosine)
    "c_quant3",  # a quantifier clash, over the 3 best sentences (times their cosine)
)
MODEL_FILE = "support_judge.json"


@dataclass(frozen=True)
class SupportModel:
    """``score`` is the fitted probability that the source supports the sentence (classes
    weighted equally); ``outcome`` applies the thresholds and the contradiction rule."""

    weights: dict[str, float]
    bias: float
    warn_below: float  # Tw: a lower score is `weak` (citation/weak-support)
    supported_from: float  # Ts: a score at least this is `supported`, between the two `uncertain`
    contradiction_cos: float  # the direction reversal counts only in a sentence this close
    model_id: str = ""
    measured: dict[str, Any] = field(default_factory=dict)  # held-out precision per outcome
    inputs: dict[str, Any] = field(default_factory=dict)  # what the fit read (bench data digests)

    def score(self, features: dict[str, float]) -> float:
        z = self.bias + sum(w * features.get(name, 0.0) for name, w in self.weights.items())
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

    def contradicted(self, features: dict[str, float]) -> bool:
        return (
            features.get("c_sdirw", 0.0) > 0 and features.get("cos1", 0.0) >= self.contradiction_cos
        )

    def negation_capped(self, features: dict[str, float]) -> bool:
        """A close source sentence denies what the sentence asserts (or the reverse): never
        `supported`, but too often wrong to warn about."""
        return (
            features.get("c_sneg1", 0.0) > 0 and features.get("cos1", 0.0) >= self.contradiction_cos
        )

    def outcome(self, features: dict[str, float], warn_below: float | None = None) -> Outcome:
        """``warn_below`` overrides Tw (essaylint.yaml's audit.verify_citations_threshold_T)."""
        low = self.warn_below if warn_below is None else warn_below
        score = self.score(features)
        if self.contradicted(features):
            return "contradicted"
        if score < low:
            return "weak"
        if score >= max(low, self.supported_from) and not self.negation_capped(features):
            return "supported"
        return "uncertain"

    def to_dict(self) -> dict[str, Any]:
        return {
            "judge_version": JUDGE_VERSION,
            "features": list(self.weights),
            "weights": self.weights,
            "bias": self.bias,
            "thresholds": {
                "warn_below": self.warn_below,
                "supported_from": self.supported_from,
                "contradiction_cos": self.contradiction_cos,
            },
            "model_id": self.model_id,
            "measured": self.measured,
            "inputs": self.inputs,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SupportModel:
        thresholds = data["thresholds"]
        return cls(
            weights={k: float(v) for k, v in data["weights"].items()},
            bias=float(data["bias"]),
            warn_below=float(thresholds["warn_below"]),
            supported_from=float(thresholds["supported_from"]),
            contradiction_cos=float(thresholds["contradiction_cos"]),
            model_id=str(data.get("model_id", "")),
            measured=dict(data.get("measured", {})),
            inputs=dict(data.get("inputs", {})),
        )


@lru_cache(maxsize=1)
def load_model() -> SupportModel:
    text = resources.files("essaylint.audit").joinpath("data", MODEL_FILE).read_text()
    return SupportModel.from_dict(json.loads(text))
