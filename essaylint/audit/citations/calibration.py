"""The logistic calibration of the support score; its coefficients are fitted by
bench/citations.py on the dev-eval set and ship as data/support_calibration.json."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

FEATURES: tuple[str, ...] = (
    "cos_child",
    "cos_sentence",
    "coverage",
    "numbers",
    "polarity_conflict",
    "direction_conflict",
    "title_conflict",
)
CALIBRATION_FILE = "support_calibration.json"


@dataclass(frozen=True)
class Calibration:
    weights: dict[str, float]
    bias: float
    model_id: str = ""
    fitted_on: str = ""
    meta: dict[str, object] = field(default_factory=dict)

    def score(self, features: dict[str, float]) -> float:
        z = self.bias + sum(w * features.get(name, 0.0) for name, w in self.weights.items())
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

    def to_dict(self) -> dict[str, object]:
        return {
            "features": list(self.weights),
            "weights": self.weights,
            "bias": self.bias,
            "model_id": self.model_id,
            "fitted_on": self.fitted_on,
            "meta": self.meta,
        }

    @classmethod
    def from_dict(cls, data: dict) -> Calibration:
        return cls(
            weights={k: float(v) for k, v in data["weights"].items()},
            bias=float(data["bias"]),
            model_id=str(data.get("model_id", "")),
            fitted_on=str(data.get("fitted_on", "")),
            meta=dict(data.get("meta", {})),
        )


# Hand-set fallback used only if the shipped file is missing (a broken install).
DEFAULT = Calibration(
    weights={
        "cos_child": 4.0,
        "cos_sentence": 8.0,
        "coverage": 3.0,
        "numbers": 0.5,
        "polarity_conflict": -1.5,
        "direction_conflict": -1.0,
        "title_conflict": -4.0,
    },
    bias=-7.5,
    fitted_on="hand-set fallback",
)


@lru_cache(maxsize=1)
def load_calibration() -> Calibration:
    try:
        text = resources.files("essaylint.audit").joinpath("data", CALIBRATION_FILE).read_text()
    except (FileNotFoundError, OSError):
        return DEFAULT
    return Calibration.from_dict(json.loads(text))
