"""Relevant segment extraction: merge matched neighbouring children into contiguous runs.

Each child of a parent gets a value: exp(-rank / 30) - 0.2 when it was matched (rank 0 is
the best), -0.2 when it was not. The best runs are chosen greedily by maximum sum, at
most ``max_len`` children long, never overlapping and never crossing a parent (so never a
document) or a gap in the ordinals. Unmatched children join a run only when the matched
children on both sides outweigh them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from essaylint.retrieve.records import Segment

UNMATCHED_PENALTY = 0.2
RANK_SCALE = 30.0
MAX_SEGMENT_CHILDREN = 8


@dataclass(frozen=True)
class SegmentChild:
    group: str  # parent_id
    ordinal: int
    rank: int | None  # None: not matched (a neighbour)


def child_value(rank: int | None) -> float:
    if rank is None:
        return -UNMATCHED_PENALTY
    return math.exp(-rank / RANK_SCALE) - UNMATCHED_PENALTY


def extract_segments(
    children: Iterable[SegmentChild], max_len: int = MAX_SEGMENT_CHILDREN
) -> list[Segment]:
    """The best non-overlapping runs, best first (ties: group, then first ordinal)."""
    segments: list[Segment] = []
    for run in _runs(children):
        segments.extend(_best_runs(run, max_len))
    return sorted(segments, key=lambda s: (-s.value, s.group, s.first))


def _runs(children: Iterable[SegmentChild]) -> list[list[SegmentChild]]:
    """Split into runs of one group with consecutive ordinals (duplicates: best rank kept)."""
    best: dict[tuple[str, int], SegmentChild] = {}
    for child in children:
        key = (child.group, child.ordinal)
        if key not in best or _better(child, best[key]):
            best[key] = child
    runs: list[list[SegmentChild]] = []
    for child in sorted(best.values(), key=lambda c: (c.group, c.ordinal)):
        last = runs[-1][-1] if runs else None
        if last and last.group == child.group and last.ordinal + 1 == child.ordinal:
            runs[-1].append(child)
        else:
            runs.append([child])
    return runs


def _better(a: SegmentChild, b: SegmentChild) -> bool:
    if a.rank is None:
        return False
    return b.rank is None or a.rank < b.rank


def _best_runs(run: Sequence[SegmentChild], max_len: int) -> list[Segment]:
    values = [child_value(c.rank) for c in run]
    taken = [False] * len(run)
    found: list[Segment] = []
    while True:
        best = _max_window(values, taken, max_len)
        if best is None:
            return found
        start, end, total = best
        for i in range(start, end):
            taken[i] = True
        ordinals = tuple(c.ordinal for c in run[start:end])
        found.append(Segment(run[0].group, ordinals, round(total, 12)))


def _max_window(
    values: Sequence[float], taken: Sequence[bool], max_len: int
) -> tuple[int, int, float] | None:
    """The free window of at most max_len items with the largest positive sum."""
    best: tuple[int, int, float] | None = None
    for start in range(len(values)):
        total = 0.0
        for end in range(start, min(start + max_len, len(values))):
            if taken[end]:
                break
            total += values[end]
            if total > 1e-12 and (best is None or total > best[2] + 1e-12):
                best = (start, end + 1, total)
    return best
