"""Dense search: exact dot-product search over the L2-normalised child vectors."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from essaylint.retrieve.lexical import Ranked


def dense_search(
    children: Any, vector: Sequence[float], where: str, limit: int, column: str = "vector"
) -> list[Ranked]:
    """Child ids and similarities (dot = cosine here), best first, ties by id."""
    query = children.search(list(map(float, vector)), vector_column_name=column)
    query = query.distance_type("dot").where(where, prefilter=True).limit(limit)
    rows = query.select(["child_id", "_distance"]).to_list()
    # LanceDB reports dot as a distance, 1 - dot.
    ranked = [Ranked(r["child_id"], 1.0 - float(r["_distance"])) for r in rows]
    return sorted(ranked, key=lambda r: (-r.score, r.child_id))
