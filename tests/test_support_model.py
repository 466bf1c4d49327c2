"""The shipped citation-support model (essaylint/audit/data/support_judge.json) was written
by bench/fit_support.py from the data and settings committed now: its recorded inputs are
exactly what the script would record, and it judges with the features the product computes."""

from __future__ import annotations

import pytest
from support.paths import BENCH, bench_on_path

from essaylint.audit.citations.calibration import FEATURES, JUDGE_VERSION, load_model
from essaylint.index.embed import MiniLMEmbedder


@pytest.fixture(scope="module")
def recorded() -> dict:
    with bench_on_path():
        from fit_support import recorded_inputs

        return recorded_inputs()


def test_the_shipped_model_records_the_committed_inputs(recorded: dict) -> None:
    model = load_model()
    assert model.inputs == recorded, (
        "the shipped support model was not fitted on the committed bench data and settings: "
        "run `python bench/fit_support.py`"
    )
    for entry in recorded["sets"].values():  # type: ignore[union-attr]
        assert (BENCH.parent / entry["path"]).is_file()


def test_the_shipped_model_fits_the_product(recorded: dict) -> None:
    model = load_model()
    assert tuple(model.weights) == FEATURES
    assert recorded["judge_version"] == JUDGE_VERSION
    assert model.model_id == MiniLMEmbedder.model_id
    assert 0 < model.warn_below <= model.supported_from < 1
    held_out = model.measured["held_out"]
    assert set(held_out) == set(recorded["sets"])
    assert 0 < model.measured["contradicted_precision"] <= 1


def test_outcomes_follow_the_thresholds_and_the_rules() -> None:
    model = load_model()
    close = {name: 0.0 for name in FEATURES} | {"cos1": 0.9}
    reversed_close = close | {"c_sdirw": 1.0}
    assert model.outcome(reversed_close) == "contradicted"
    assert model.outcome(reversed_close | {"cos1": model.contradiction_cos - 0.01}) != (
        "contradicted"
    )
    scores = {
        "weak": model.warn_below - 0.01,
        "uncertain": (model.warn_below + model.supported_from) / 2,
        "supported": model.supported_from + 0.01,
    }
    for expected, target in scores.items():
        features = _scoring(model, target, close)
        assert model.outcome(features) == expected, (expected, model.score(features))
    negated = _scoring(model, scores["supported"], close) | {"c_sneg1": 1.0}
    negated["cos_best"] += -model.weights["c_sneg1"] / model.weights["cos_best"]
    assert model.score(negated) >= model.supported_from
    assert model.outcome(negated) == "uncertain"  # the negation cap: never `supported`


def _scoring(model, target: float, base: dict[str, float]) -> dict[str, float]:
    """``base`` with cos_best set so that the model scores ``target``."""
    import math

    logit = math.log(target / (1 - target))
    rest = model.bias + sum(
        w * base.get(k, 0.0) for k, w in model.weights.items() if k != "cos_best"
    )
    return base | {"cos_best": (logit - rest) / model.weights["cos_best"]}
