"""The rerank stage: a small interface so a cross-encoder can be plugged in later.

No reranker model ships offline, so the only local stage is ``none``, which keeps the
fused order unchanged. It is named as such in every pack rather than pretending.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from essaylint.retrieve.records import Hit


class Reranker(Protocol):
    name: str
    description: str

    def rerank(self, query: str, hits: Sequence[Hit]) -> list[Hit]: ...


class NoRerank:
    name = "none"
    description = "none (no offline reranker)"

    def rerank(self, query: str, hits: Sequence[Hit]) -> list[Hit]:
        return list(hits)


RERANKERS: dict[str, type] = {"none": NoRerank}


def get_reranker(name: str) -> Reranker:
    try:
        return RERANKERS[name]()
    except KeyError:
        raise ValueError(f"unknown reranker {name!r}; available: {', '.join(RERANKERS)}") from None
