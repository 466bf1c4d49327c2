"""Each work once in an evidence pack: a passage found in several copies of one work is
shown once, from the preferred copy, naming the others; versions stay separate items,
labelled as versions of each other (ingest/duplicates.py finds them)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from essaylint.core.records import DuplicateGroup
from essaylint.retrieve.records import EvidenceItem, Hit

SAME_PASSAGE = 0.5  # share of the shorter passage's word trigrams found in the other
_WORD = re.compile(r"\w+")


@dataclass
class _Passage:
    hit: Hit
    trigrams: set[tuple[str, ...]]
    also_in: list[str] = field(default_factory=list)


def collapse_copies(
    hits: Sequence[Hit], works: dict[str, str]
) -> tuple[list[Hit], dict[str, list[str]]]:
    """The hits with each passage once (the preferred copy's hit, at the best rank any
    copy reached) and, per kept child_id, the other copies the passage is also in."""
    kept: list[_Passage] = []
    for hit in hits:
        work = works.get(hit.doc_uid, hit.doc_uid)
        grams = _trigrams(hit.child.text)
        same = next(
            (
                p
                for p in kept
                if works.get(p.hit.doc_uid, p.hit.doc_uid) == work
                and p.hit.doc_uid != hit.doc_uid
                and _same_passage(p.trigrams, grams)
            ),
            None,
        )
        if same is None:
            kept.append(_Passage(hit, grams))
            continue
        if hit.doc_uid == work:  # the preferred copy's own passage takes the place
            same.also_in.append(same.hit.doc_uid)
            same.hit, same.trigrams = hit, grams
        else:
            same.also_in.append(hit.doc_uid)
    also = {p.hit.child_id: sorted(set(p.also_in)) for p in kept if p.also_in}
    return [p.hit for p in kept], also


def collapse_items(items: Sequence[EvidenceItem], works: dict[str, str]) -> list[EvidenceItem]:
    """Items with each quote once per work: an item whose quote another copy's item (ranked
    higher) already shows is left out, and named on that item."""
    kept: list[tuple[EvidenceItem, set[tuple[str, ...]]]] = []
    for item in items:
        work = works.get(item.doc_uid, item.doc_uid)
        grams = _trigrams(item.quote)
        same = next(
            (
                k
                for k, k_grams in kept
                if works.get(k.doc_uid, k.doc_uid) == work
                and k.doc_uid != item.doc_uid
                and _same_passage(k_grams, grams)
            ),
            None,
        )
        if same is None:
            kept.append((item, grams))
        elif item.doc_uid not in same.also_in:
            same.also_in.append(item.doc_uid)
    return [item for item, _ in kept]


def label_items(
    items: Sequence[EvidenceItem], also: dict[str, list[str]], groups: Sequence[DuplicateGroup]
) -> None:
    """Name on each item the copies its passage is also in and the other versions."""
    versions = {
        uid: [u for u in g.doc_uids if u != uid]
        for g in groups
        if g.kind == "version"
        for uid in g.doc_uids
    }
    for item in items:
        named = {u for child in item.matched_children for u in also.get(child, [])}
        item.also_in = sorted((named | set(item.also_in)) - {item.doc_uid})
        item.versions = versions.get(item.doc_uid, [])


def _trigrams(text: str) -> set[tuple[str, ...]]:
    words = _WORD.findall(text.lower())
    return {tuple(words[i : i + 3]) for i in range(len(words) - 2)}


def _same_passage(a: set[tuple[str, ...]], b: set[tuple[str, ...]]) -> bool:
    smaller = min(len(a), len(b))
    return bool(smaller) and len(a & b) / smaller >= SAME_PASSAGE
