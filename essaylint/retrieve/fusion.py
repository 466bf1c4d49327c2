"""Reciprocal Rank Fusion of ranked id lists (Cormack et al. 2009)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def rrf(
    ranked_lists: Mapping[str, Sequence[str]],
    k: int = 60,
    list_weights: Mapping[str, float] | None = None,
) -> list[tuple[str, float]]:
    """Fuse ranked lists of ids: score(id) = sum over lists of w / (k + rank), rank 1-based.

    ``list_weights`` gives a list's weight w by its name (default 1); a list of weight 0
    or less is left out. Returns (id, score) best first; ties are broken by id so the order
    is deterministic. A list naming an id twice counts only its first occurrence.
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


def weighted(
    fused: Sequence[tuple[str, float]], weights: Mapping[str, float]
) -> list[tuple[str, float]]:
    """Multiply scores by per-id weights (default 1) and re-sort, ties by id."""
    out = [(item, score * weights.get(item, 1.0)) for item, score in fused]
    return sorted(out, key=lambda kv: (-kv[1], kv[0]))
