"""The fitting protocol of the citation-support judge, shared by bench/fit_support.py (which
writes the shipped model) and bench/judgement_support.py (which reports it held out).

- Support score: a logistic over calibration.FEATURES, SUPPORTED against everything else
  (NEI, UNRELATED, CONTRADICTED), every (domain, label) pair given equal total weight, L2
  on standardised features; coefficients mapped back to raw feature values.
- Thresholds by cross-domain validation: each training domain in turn is scored by a fit on
  the others; Tw is the mean over those held-out domains of the ``warn_supported_share``
  quantile of their SUPPORTED scores, Ts = max(Tw, the mean ``negatives_quantile`` quantile
  of their NEI + CONTRADICTED scores).
- Contradiction rule: a direction reversal (c_sdirw) at a source sentence of cosine at
  least ``contradiction_cos``: the lowest value of the grid whose precision (gold
  CONTRADICTED among the verdicts), averaged over the domains with contradicted labels,
  reaches ``contradiction_precision``; if none does, the most precise value.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from support_sets import Row

from essaylint.audit.citations.calibration import FEATURES, Outcome, SupportModel

SETTINGS: dict[str, object] = {
    "positives": "SUPPORTED",
    "negatives": ["NEI", "UNRELATED", "CONTRADICTED"],
    "weights": "equal total weight per (domain, label)",
    "l2_c": 0.3,
    "warn_supported_share": 0.15,
    "negatives_quantile": 0.9,
    "contradiction_cos_grid": [0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8],
    "contradiction_precision": 0.5,
}
NEGATIVE = ("NEI", "CONTRADICTED")  # cited, but not supporting: what Ts keeps out of `supported`


@dataclass
class Fit:
    weights: dict[str, float]
    bias: float

    def scores(self, rows: Sequence[Row]) -> np.ndarray:
        model = SupportModel(self.weights, self.bias, 0.5, 0.5, 1.0)
        return np.array([model.score(r.features or {}) for r in rows])


@dataclass
class Judge:
    """A fitted support score with its thresholds: the model shipped, or one fold's."""

    fit: Fit
    warn_below: float
    supported_from: float
    contradiction_cos: float
    folds: dict[str, dict[str, float]] = field(default_factory=dict)

    def model(self, **extra: object) -> SupportModel:
        return SupportModel(
            self.fit.weights,
            self.fit.bias,
            self.warn_below,
            self.supported_from,
            self.contradiction_cos,
            **extra,  # type: ignore[arg-type]
        )

    def outcomes(self, rows: Sequence[Row]) -> list[Outcome]:
        model = self.model()
        return [model.outcome(r.features or {}) for r in rows]


def usable(rows: Sequence[Row]) -> list[Row]:
    """Rows the judge can score (their document has text) with a label it is fitted on."""
    return [r for r in rows if r.features is not None and r.label in LABELS_FITTED]


LABELS_FITTED = ("SUPPORTED", "CONTRADICTED", "NEI", "UNRELATED")


def fit_support(rows: Sequence[Row], c: float = float(SETTINGS["l2_c"])) -> Fit:  # type: ignore[arg-type]
    """Weighted L2 logistic regression by Newton's method, on standardised features."""
    x = np.array([[r.features[f] for f in FEATURES] for r in rows], dtype=float)  # type: ignore[index]
    y = np.array([1.0 if r.label == "SUPPORTED" else 0.0 for r in rows])
    weight = _cell_weights(rows)
    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale[scale == 0] = 1.0
    design = np.hstack([(x - mean) / scale, np.ones((len(x), 1))])
    beta = np.zeros(design.shape[1])
    penalty = np.eye(design.shape[1]) / c
    penalty[-1, -1] = 0.0
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-np.clip(design @ beta, -30, 30)))
        gradient = design.T @ (weight * (p - y)) + penalty @ beta
        hessian = design.T @ (design * (weight * p * (1 - p))[:, None]) + penalty
        step = np.linalg.solve(hessian, gradient)
        beta -= step
        if np.abs(step).max() < 1e-9:
            break
    raw = beta[:-1] / scale
    bias = float(beta[-1] - (raw * mean).sum())
    return Fit({f: round(float(w), 5) for f, w in zip(FEATURES, raw, strict=True)}, round(bias, 5))


def _cell_weights(rows: Sequence[Row]) -> np.ndarray:
    """Every (domain, label) cell weighs the same in total; weights sum to the row count."""
    cells: dict[tuple[str, str], int] = {}
    for r in rows:
        cells[(r.set, r.label)] = cells.get((r.set, r.label), 0) + 1
    raw = np.array([1.0 / cells[(r.set, r.label)] for r in rows])
    return raw * len(rows) / raw.sum()


def thresholds(
    by_domain: dict[str, list[Row]],
) -> tuple[float, float, dict[str, dict[str, float]]]:
    """(Tw, Ts, per held-out domain values) by leave-one-domain-out inside ``by_domain``."""
    share = float(SETTINGS["warn_supported_share"])  # type: ignore[arg-type]
    upper = float(SETTINGS["negatives_quantile"])  # type: ignore[arg-type]
    folds: dict[str, dict[str, float]] = {}
    for held, rows in by_domain.items():
        others = [r for d, rs in by_domain.items() if d != held for r in rs]
        scores = fit_support(others).scores(rows)
        labels = np.array([r.label for r in rows])
        fold = {"warn_below": float(np.quantile(scores[labels == "SUPPORTED"], share))}
        negatives = scores[np.isin(labels, NEGATIVE)]
        if len(negatives):
            fold["supported_from"] = float(np.quantile(negatives, upper))
        folds[held] = fold
    warn = float(np.mean([f["warn_below"] for f in folds.values()]))
    tops = [f["supported_from"] for f in folds.values() if "supported_from" in f]
    return warn, max(warn, float(np.mean(tops)) if tops else warn), folds


def contradiction_cos(by_domain: dict[str, list[Row]]) -> float:
    """The lowest cosine of the grid at which the rule is precise enough, on average over
    the domains with contradicted labels (else the most precise one)."""
    grid = [float(v) for v in SETTINGS["contradiction_cos_grid"]]  # type: ignore[union-attr]
    target = float(SETTINGS["contradiction_precision"])  # type: ignore[arg-type]
    domains = [rs for rs in by_domain.values() if any(r.label == "CONTRADICTED" for r in rs)]
    if not domains:
        return grid[-1]
    precision = {cos: float(np.mean([_rule_precision(rs, cos) for rs in domains])) for cos in grid}
    return next((cos for cos in grid if precision[cos] >= target), max(grid, key=precision.get))


def _rule_precision(rows: Sequence[Row], cos: float) -> float:
    fired = [r for r in rows if _reversed(r, cos)]
    return sum(r.label == "CONTRADICTED" for r in fired) / len(fired) if fired else 0.0


def _reversed(row: Row, cos: float) -> bool:
    f = row.features or {}
    return f.get("c_sdirw", 0.0) > 0 and f.get("cos1", 0.0) >= cos


def train(by_domain: dict[str, list[Row]]) -> Judge:
    """The judge fitted on all of ``by_domain``, with cross-domain thresholds."""
    pooled = [r for rs in by_domain.values() for r in rs]
    warn, top, folds = thresholds(by_domain) if len(by_domain) > 1 else (0.5, 0.5, {})
    return Judge(fit_support(pooled), warn, top, contradiction_cos(by_domain), folds)


# -- metrics ---------------------------------------------------------------------------------


def auc(positive: Sequence[float], negative: Sequence[float]) -> float:
    """Probability that a positive outscores a negative (ties count half)."""
    if not len(positive) or not len(negative):
        return math.nan
    pos, neg = np.asarray(positive), np.asarray(negative)
    wins = (pos[:, None] > neg[None, :]).sum() + 0.5 * (pos[:, None] == neg[None, :]).sum()
    return float(wins / (len(pos) * len(neg)))


WARNED = ("weak", "contradicted")


def share(outcomes: Sequence[str], labels: Sequence[str], label: str | tuple, wanted) -> float:
    """Share of rows with ``label`` (one or several) whose outcome is in ``wanted``."""
    names = (label,) if isinstance(label, str) else label
    picked = [o for o, lab in zip(outcomes, labels, strict=True) if lab in names]
    if not picked:
        return math.nan
    wanted = (wanted,) if isinstance(wanted, str) else wanted
    return sum(o in wanted for o in picked) / len(picked)


def precision(outcomes: Sequence[str], labels: Sequence[str], outcome, gold) -> tuple[float, int]:
    """(share of rows given ``outcome`` whose label is in ``gold``, how many were given it)."""
    outcome = (outcome,) if isinstance(outcome, str) else outcome
    gold = (gold,) if isinstance(gold, str) else gold
    given = [lab for o, lab in zip(outcomes, labels, strict=True) if o in outcome]
    return (sum(lab in gold for lab in given) / len(given) if given else math.nan), len(given)


def evaluate(judge: Judge, rows: Sequence[Row]) -> dict[str, float]:
    """The held-out figures of one domain."""
    rows = usable(rows)
    outcomes = judge.outcomes(rows)
    labels = [r.label for r in rows]
    scores = judge.fit.scores(rows)
    by_label = {
        lab: [s for s, x in zip(scores, labels, strict=True) if x == lab] for lab in LABELS_FITTED
    }
    rest = [s for s, x in zip(scores, labels, strict=True) if x != "SUPPORTED"]
    cited_bad = by_label["NEI"] + by_label["CONTRADICTED"]
    warned_unrelated = share(outcomes, labels, "UNRELATED", WARNED)
    warned_supported = share(outcomes, labels, "SUPPORTED", WARNED)
    n_sup, n_unr = labels.count("SUPPORTED"), labels.count("UNRELATED")
    tp, fp = warned_unrelated * n_unr, warned_supported * n_sup
    p_unr = tp / (tp + fp) if tp + fp else math.nan
    f1 = 2 * p_unr * warned_unrelated / (p_unr + warned_unrelated) if tp else 0.0
    out = {
        "n": len(rows),
        "auc_supported_vs_rest": auc(by_label["SUPPORTED"], rest),
        "auc_supported_vs_nei_refuted": auc(by_label["SUPPORTED"], cited_bad),
        "f1_supported_vs_unrelated": f1,
        "supported_warned": warned_supported,
        "nei_warned": share(outcomes, labels, "NEI", WARNED),
        "refuted_warned": share(outcomes, labels, "CONTRADICTED", WARNED),
        "nei_refuted_warned": share(outcomes, labels, NEGATIVE, WARNED),
        "unrelated_warned": warned_unrelated,
        "contradicted_caught": share(outcomes, labels, "CONTRADICTED", "contradicted"),
    }
    for outcome, gold in OUTCOME_GOLD.items():
        p, given = precision(outcomes, labels, outcome, gold)
        out[f"{outcome}_precision"], out[f"{outcome}_n"] = p, given
        out[f"{outcome}_recall"] = share(outcomes, labels, gold, outcome)
    cited = [(o, lab) for o, lab in zip(outcomes, labels, strict=True) if lab != "UNRELATED"]
    if cited:
        o_cited, l_cited = zip(*cited, strict=True)
        out["weak_precision_cited"] = precision(o_cited, l_cited, "weak", NEGATIVE)[0]
        out["warning_precision_cited"] = precision(o_cited, l_cited, WARNED, NEGATIVE)[0]
    for outcome in ("supported", "uncertain", "weak", "contradicted"):
        for label in LABELS_FITTED:
            out[f"share_{label}_{outcome}"] = share(outcomes, labels, label, outcome)
    return out


# What each outcome is right about: `weak` says the source does not say it (it may say
# nothing about it, be another paper, or say the opposite).
OUTCOME_GOLD: dict[str, tuple[str, ...]] = {
    "supported": ("SUPPORTED",),
    "contradicted": ("CONTRADICTED",),
    "weak": ("NEI", "UNRELATED", "CONTRADICTED"),
    "uncertain": ("NEI", "CONTRADICTED"),
}
