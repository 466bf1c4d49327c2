"""The Vertex ranking score in the citation support score (``retrieval.rerank: vertex``).

The support logistic (calibration.py) was fitted on MiniLM cosines. With the ranker on,
its relevance scores (0-1) replace the dense features, ``cos_child`` and ``cos_best``
(and ``cos1``, which the contradiction rule reads), after a monotone piecewise-linear
mapping onto the cosine scale, so the fitted weights, the bias and the thresholds keep
their meaning.

How the mapping is fitted: :func:`fit_mapping` matches quantiles. Given, for the same
(sentence, passage) pairs, the ranker's scores and MiniLM's cosines (bench/support_sets.py
cases), the k-th quantile of the ranker scores is mapped to the k-th quantile of the
cosines. The shipped ``DEFAULT_MAPPING`` is such a fit over the pooled shapes of the two
distributions (ranker scores cluster near 0 for unrelated text and above 0.6 for
paraphrases; MiniLM cosines run from about 0.1 to 0.85); refit it when labelled pairs
scored by the real service are available, and keep it here as data.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from essaylint.core.ports import RankRecord
from essaylint.retrieve.rerank import record_title


@dataclass(frozen=True)
class Mapping:
    """Knots (ranker score → cosine), increasing in both coordinates."""

    xs: tuple[float, ...]
    ys: tuple[float, ...]

    def __call__(self, x: float) -> float:
        if x <= self.xs[0]:
            return self.ys[0]
        if x >= self.xs[-1]:
            return self.ys[-1]
        i = bisect_right(self.xs, x) - 1
        x0, x1, y0, y1 = self.xs[i], self.xs[i + 1], self.ys[i], self.ys[i + 1]
        return y0 + (y1 - y0) * (x - x0) / (x1 - x0 or 1.0)


DEFAULT_MAPPING = Mapping(
    xs=(0.0, 0.1, 0.3, 0.5, 0.7, 0.9, 1.0),
    ys=(0.05, 0.2, 0.35, 0.48, 0.6, 0.75, 0.85),
)


def fit_mapping(ranker: Sequence[float], cosine: Sequence[float], knots: int = 7) -> Mapping:
    """Quantile matching of two score samples (need not be paired one to one)."""
    if len(ranker) < 2 or len(cosine) < 2:
        raise ValueError("need at least two scores of each kind")
    r, c = sorted(ranker), sorted(cosine)
    xs: list[float] = []
    ys: list[float] = []
    for k in range(knots):
        q = k / (knots - 1)
        x, y = _quantile(r, q), _quantile(c, q)
        if xs and x <= xs[-1]:
            continue  # ties in the ranker scores: keep the mapping a function
        xs.append(x)
        ys.append(max(y, ys[-1]) if ys else y)
    return Mapping(tuple(xs), tuple(ys))


def _quantile(values: Sequence[float], q: float) -> float:
    position = q * (len(values) - 1)
    low = int(position)
    high = min(low + 1, len(values) - 1)
    return values[low] + (values[high] - values[low]) * (position - low)


def ranked_features(
    ranking: object,
    sentence: str,
    children: Sequence[object],
    sentences: Sequence[str],
    title: str,
    year: object,
    mapping: Mapping = DEFAULT_MAPPING,
) -> dict[str, float]:
    """``cos_child``, ``cos_best`` and ``cos1`` from one ranking request."""
    records = [
        RankRecord(
            f"c{i}",
            record_title(title, c.section_path, year, c.page_start, c.page_end),  # type: ignore[attr-defined]
            c.text,  # type: ignore[attr-defined]
        )
        for i, c in enumerate(children)
    ]
    records += [
        RankRecord(f"s{i}", record_title(title, "", year, None, None), text)
        for i, text in enumerate(sentences)
    ]
    scores = ranking.scores(sentence, records)  # type: ignore[attr-defined]
    best_child = max((scores[f"c{i}"] for i in range(len(children))), default=0.0)
    best_sentence = max((scores[f"s{i}"] for i in range(len(sentences))), default=best_child)
    sentence_cosine = mapping(max(best_sentence, 0.0))
    return {
        "cos_child": mapping(best_child),
        "cos_best": sentence_cosine,
        "cos1": sentence_cosine,
        "ranker_child": best_child,
        "ranker_sentence": best_sentence,
    }
