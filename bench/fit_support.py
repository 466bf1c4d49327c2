"""Fit the citation-support judge and write the shipped model,
essaylint/audit/data/support_judge.json, with the inputs it was fitted on.

    python bench/fit_support.py [--work /tmp/essaylint-bench-support]

Reads the committed training sets (bench/data/support/: SciFact, Check-COVID, WiCE), scores
them with the product's judge features (bench/support_sets.py; the first run ingests one
repo per set, about 30 min on two cores, later runs read the cached features), fits the
support logistic on the pooled domains, chooses the thresholds by cross-domain validation
(bench/support_judge.py) and records the held-out precision of each outcome (each domain
judged by a fit on the others), which the rule docs and the findings' confidence quote.

The file's ``inputs`` say what was read: each set's path and SHA-256, the protocol's
settings, the judge version, the features and the embedder. tests/test_support_model.py
checks them against :func:`recorded_inputs`, so a change to the data or the settings without
a refit fails the tests.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from _common import ROOT
from support_sets import DEFAULT_WORK, TRAINING_SETS, embedder_id, file_digest, set_path

OUT = ROOT / "essaylint" / "audit" / "data" / "support_judge.json"
HELD_OUT_KEYS = (
    "n",
    "auc_supported_vs_rest",
    "f1_supported_vs_unrelated",
    "supported_warned",
    "nei_refuted_warned",
    "contradicted_caught",
    "contradicted_precision",
    "weak_precision",
    "weak_precision_cited",
)


def recorded_inputs() -> dict[str, object]:
    """What a fit reads, as the shipped file must record it."""
    from support_judge import SETTINGS

    from essaylint.audit.citations.calibration import FEATURES, JUDGE_VERSION

    return {
        "script": "bench/fit_support.py",
        "sets": {
            name: {
                "path": set_path(name).relative_to(ROOT).as_posix(),
                "sha256": file_digest(set_path(name)),
            }
            for name in TRAINING_SETS
        },
        "settings": SETTINGS,
        "judge_version": JUDGE_VERSION,
        "features": list(FEATURES),
        "embedder": embedder_id(),
    }


def held_out(by_domain: dict) -> dict[str, object]:
    """Each training domain judged by a fit on the others: its figures, and the precision
    of each outcome over all of them pooled."""
    from support_judge import OUTCOME_GOLD, evaluate, precision, train, usable

    per_domain: dict[str, dict[str, float]] = {}
    outcomes: list[str] = []
    labels: list[str] = []
    for held, rows in by_domain.items():
        judge = train({d: rs for d, rs in by_domain.items() if d != held})
        figures = evaluate(judge, rows)
        per_domain[held] = {k: _round(figures[k]) for k in HELD_OUT_KEYS if k in figures}
        kept = usable(rows)
        outcomes += judge.outcomes(kept)
        labels += [r.label for r in kept]
    pooled = {}
    for outcome, gold in OUTCOME_GOLD.items():
        p, given = precision(outcomes, labels, outcome, gold)
        pooled[f"{outcome}_precision"], pooled[f"{outcome}_n"] = _round(p), given
    cited = [(o, lab) for o, lab in zip(outcomes, labels, strict=True) if lab != "UNRELATED"]
    p, _ = precision(
        [o for o, _ in cited], [lab for _, lab in cited], "weak", ("NEI", "CONTRADICTED")
    )
    pooled["weak_precision_cited"] = _round(p)
    return {"held_out": per_domain, **pooled}


def _round(value: float) -> float | None:
    return None if value != value else round(float(value), 3)  # NaN: no such rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--work", type=Path, default=DEFAULT_WORK)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()

    from support_judge import train, usable
    from support_sets import load_rows

    by_domain = {name: usable(load_rows(name, args.work)) for name in TRAINING_SETS}
    judge = train(by_domain)
    measured = held_out(by_domain)
    measured["fold_thresholds"] = judge.folds
    model = judge.model(model_id=embedder_id(), measured=measured, inputs=recorded_inputs())
    args.out.write_text(json.dumps(model.to_dict(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    print(json.dumps({"thresholds": model.to_dict()["thresholds"], **measured}, indent=1))


if __name__ == "__main__":
    main()
