"""Fusing ranked lists: a convex combination of normalised scores, or Reciprocal Rank Fusion."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence


def is_dense(name: str) -> bool:
    """Whether a ranked list comes from a vector search (dense_question, dense_en, dense_ml)."""
    return name.startswith("dense")


def convex(
    scored_lists: Mapping[str, Sequence[tuple[str, float]]],
    list_weights: Mapping[str, float],
    truncated: Collection[str] = (),
) -> list[tuple[str, float]]:
    """Convex combination of normalised scores (Bruch, Gai and Ingber 2023, "An Analysis of
    Fusion Functions for Hybrid Retrieval"): score(id) = sum of w * s / best over the lists.

    Each list is scaled by its best score, with the scorer's theoretical minimum 0 as the
    floor (BM25 is never negative; a negative cosine is clipped to 0). Unlike RRF, a
    confident first hit (BM25 at 40 when the next document scores 11) keeps its lead.

    An id missing from a list scores 0 there when the list is complete, and the list's
    lowest score when the list was cut at its candidate limit (``truncated``): the id can
    score no higher than that, and this bound measured better than 0 (bench/retrieval.py).
    A list of weight 0 or less, or not named in ``list_weights``, is left out. Returns
    (id, score) best first, ties by id; a list naming an id twice counts its first score.
    """
    normalised: dict[str, dict[str, float]] = {}
    missing: dict[str, float] = {}
    for name, ranked in scored_lists.items():
        best = max((max(score, 0.0) for _, score in ranked), default=0.0)
        if list_weights.get(name, 0.0) <= 0 or best <= 0:
            continue
        scores: dict[str, float] = {}
        for item, score in ranked:
            scores.setdefault(item, max(score, 0.0) / best)
        normalised[name] = scores
        missing[name] = min(scores.values()) if name in truncated else 0.0
    fused: dict[str, float] = {}
    for item in {i for scores in normalised.values() for i in scores}:
        fused[item] = sum(
            list_weights[name] * scores.get(item, missing[name])
            for name, scores in normalised.items()
        )
    return sorted(fused.items(), key=lambda kv: (-kv[1], kv[0]))


def rrf(
    ranked_lists: Mapping[str, Sequence[str]],
    k: int = 60,
    list_weights: Mapping[str, float] | None = None,
) -> list[tuple[str, float]]:
    """Reciprocal Rank Fusion (Cormack et al. 2009): score(id) = sum of w / (k + rank).

    ``list_weights`` gives a list's weight w by its name (default 1); a list of weight 0
    or less is left out. Ranks are 1-based. Returns (id, score) best first; ties are broken
    by id so the order is deterministic. A list naming an id twice counts only its first
    occurrence.
    """
    scores: dict[str, float] = {}
    for name, ids in ranked_lists.items():
        weight = 1.0 if list_weights is None else list_weights.get(name, 1.0)
        if weight <= 0:
            continue
        seen: set[str] = set()
        for position, item in enumerate(ids, start=1):
            if item in seen:
                continue
            seen.add(item)
            scores[item] = scores.get(item, 0.0) + weight / (k + position)
    return sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))


def convex_weights(
    names: Sequence[str], dense_weight: float, list_weights: Mapping[str, float]
) -> dict[str, float]:
    """Each list's share in the convex combination: the dense lists split ``dense_weight``
    in proportion to their list weights (default 1); BM25 and every other signal get
    1 - dense_weight each; the shares are then scaled to sum to 1."""
    dense = [n for n in names if is_dense(n)]
    dense_total = sum(max(list_weights.get(n, 1.0), 0.0) for n in dense)
    shares: dict[str, float] = {}
    for name in names:
        if name in dense:
            own = max(list_weights.get(name, 1.0), 0.0)
            shares[name] = dense_weight * own / dense_total if dense_total else 0.0
        else:
            shares[name] = (1.0 - dense_weight) * max(list_weights.get(name, 1.0), 0.0)
    total = sum(shares.values())
    return {n: s / total for n, s in shares.items()} if total else shares


def weighted(
    fused: Sequence[tuple[str, float]], weights: Mapping[str, float]
) -> list[tuple[str, float]]:
    """Multiply scores by per-id weights (default 1) and re-sort, ties by id."""
    out = [(item, score * weights.get(item, 1.0)) for item, score in fused]
    return sorted(out, key=lambda kv: (-kv[1], kv[0]))
