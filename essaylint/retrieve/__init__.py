"""Retrieval: hybrid search over the children index and the evidence pack built from it.

Pipeline: filters → dense (question and English form) + BM25 (English form) → fusion
(normalised scores, or RRF) → rerank (pluggable, ``none`` offline) → top children →
grouped by parent → contiguous segments → evidence items with exact quotes, locators and
citations.
"""

from __future__ import annotations

from essaylint.retrieve.records import (
    EvidenceItem,
    EvidencePack,
    Hit,
    PaperItem,
    QueryInputs,
    Segment,
)

__all__ = ["EvidenceItem", "EvidencePack", "Hit", "PaperItem", "QueryInputs", "Segment"]
