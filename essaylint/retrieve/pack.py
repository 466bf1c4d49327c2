"""Retrieve small, return big: hits → parents → contiguous segments → evidence items."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from essaylint.core.errors import EssaylintError
from essaylint.core.records import IndexedChild, PageSpan, Parent
from essaylint.retrieve.citation import citation
from essaylint.retrieve.engine import Retriever
from essaylint.retrieve.quotes import anchor_text, best_quote
from essaylint.retrieve.records import EvidenceItem, Hit, Locator, PaperItem, QueryInputs
from essaylint.retrieve.segments import SegmentChild, extract_segments

SNIPPET_CHARS = 400


class IntegrityError(EssaylintError):
    """An index row without the ids an evidence item needs: never papered over."""


def select_parents(hits: Sequence[Hit], top_children: int, limit: int, minimum: int) -> list[str]:
    """Parents of the top children, best child first; go deeper only to reach ``minimum``."""
    chosen: list[str] = []
    for position, hit in enumerate(hits):
        if position >= top_children and len(chosen) >= minimum:
            break
        if hit.parent_id not in chosen:
            chosen.append(hit.parent_id)
        if len(chosen) >= limit:
            break
    return chosen


def build_items(
    retriever: Retriever, inputs: QueryInputs, hits: Sequence[Hit], parent_ids: Sequence[str]
) -> list[EvidenceItem]:
    for hit in hits:
        _check_ids(hit.child)
    matched = [h for h in hits if h.parent_id in set(parent_ids)]
    parents = retriever.parent_rows(parent_ids)
    siblings = retriever.neighbours(parent_ids)
    query = f"{inputs.question} {inputs.en or ''}".strip()
    items = []
    for parent_id in parent_ids:
        if parent_id not in parents:
            raise IntegrityError(f"parent {parent_id} is missing from the index", _REINDEX)
        own = [h for h in matched if h.parent_id == parent_id]
        kids = [s for s in siblings if s.parent_id == parent_id]
        items.append(_item(retriever, parents[parent_id], own, kids, query))
    items = [item for item in items if item.quote.strip()]
    for rank, item in enumerate(items, start=1):
        item.rank = rank
    return items


def group_papers(retriever: Retriever, items: Sequence[EvidenceItem]) -> list[PaperItem]:
    papers: dict[str, PaperItem] = {}
    for item in items:
        paper = papers.get(item.doc_uid)
        if paper is None:
            entry = retriever.library.get(item.doc_uid)
            papers[item.doc_uid] = paper = PaperItem(
                rank=len(papers) + 1,
                doc_uid=item.doc_uid,
                citation_key=item.citation_key,
                title=item.title,
                source_type=item.source_type,
                citable=item.citable,
                retrieval_score=item.retrieval_score,
                citation=citation(item.doc_uid, entry),
                pages="",
                items=[],
            )
        paper.items.append(item)
    for paper in papers.values():
        labels = [i.locator.label() for i in paper.items if i.locator.has_page]
        paper.pages = ", ".join(dict.fromkeys(labels))
    return list(papers.values())


def check_citable(retriever: Retriever, items: Sequence[EvidenceItem]) -> None:
    """Evidence mode: a non-citable source in the answer stops the command."""
    for item in items:
        entry = retriever.library.get(item.doc_uid)
        if not item.citable or (entry is not None and not entry.is_citable):
            raise EssaylintError(
                f"evidence mode refuses to return {item.doc_uid} ({item.source_type}): "
                "it is not a citable source",
                "use --mode instruction to search the course material on purpose, or fix "
                "`citable` in library.csv and run `essaylint ingest`",
            )


_REINDEX = "the index is damaged or older than this tool: run `essaylint ingest`"


def _check_ids(child: IndexedChild) -> None:
    for key in ("doc_uid", "parent_id"):
        if not getattr(child, key):
            raise IntegrityError(f"child {child.child_id} has no {key}", _REINDEX)


def _item(
    retriever: Retriever,
    parent: Parent,
    own: Sequence[Hit],
    kids: Sequence[IndexedChild],
    query: str,
) -> EvidenceItem:
    rank_of = {h.child.ordinal: h.rank for h in own}
    cells = [SegmentChild(parent.parent_id, k.ordinal, rank_of.get(k.ordinal)) for k in kids]
    by_ordinal = {k.ordinal: k for k in kids}
    segments = []
    for seg in extract_segments(cells):
        first, last = by_ordinal[seg.first], by_ordinal[seg.last]
        segments.append(
            {
                "child_ids": [by_ordinal[o].child_id for o in seg.ordinals],
                "char_start": first.char_start,
                "char_end": last.char_end,
                "page_start": _min(by_ordinal[o].page_start for o in seg.ordinals),
                "page_end": _max(by_ordinal[o].page_end for o in seg.ordinals),
                "value": seg.value,
                "text": parent.text[first.char_start : last.char_end],
            }
        )
    best_hit = min(own, key=lambda h: h.rank)
    segments = segments or [_single(best_hit, parent)]
    text = parent.text
    child = best_hit.child
    excluded = retriever.excluded(parent)
    # the quote may come from any of the item's segments (not the text between them);
    # the locator then points at the segment that holds it
    spans = sorted((s["char_start"], s["char_end"]) for s in segments)
    gaps = [(a_end, b_start) for (_, a_end), (b_start, _) in itertools.pairwise(spans)]
    q_start, q_end = best_quote(
        text,
        spans[0][0],
        spans[-1][1],
        query,
        excluded=[*excluded, *gaps],
        title=child.title,
        judge=retriever.config.retrieval.quote_judge,
    )
    best = next((s for s in segments if s["char_start"] <= q_start < s["char_end"]), segments[0])
    has_page = best["page_start"] is not None
    locator = Locator(
        page_start=best["page_start"],
        page_end=best["page_end"] if best["page_end"] is not None else best["page_start"],
        parent_id=parent.parent_id,
        char_start=best["char_start"],
        char_end=best["char_end"],
        anchor=anchor_text(best["text"]),
        has_page=has_page,
    )
    entry = retriever.library.get(child.doc_uid)
    pages = PageSpan(locator.page_start, locator.page_end) if has_page else None
    return EvidenceItem(
        rank=0,
        doc_uid=child.doc_uid,
        parent_id=parent.parent_id,
        citation_key=(entry.citation_key if entry else "") or child.citation_key,
        title=(entry.title if entry else "") or child.title,
        source_type=child.source_type,
        citable=child.citable,
        retrieval_score=round(best_hit.score, 8),
        locator=locator,
        snippet=_snippet(text, best["char_start"], best["char_end"], q_start, q_end),
        quote=text[q_start:q_end],
        quote_start=q_start,
        quote_end=q_end,
        context=child.context,
        citation=citation(child.doc_uid, entry, pages, child),
        matched_children=[h.child_id for h in sorted(own, key=lambda h: h.rank)],
        segments=segments,
    )


def _single(hit: Hit, parent: Parent) -> dict[str, Any]:
    child = hit.child
    return {
        "child_ids": [hit.child_id],
        "char_start": child.char_start,
        "char_end": child.char_end,
        "page_start": child.page_start,
        "page_end": child.page_end,
        "value": 0.0,
        "text": parent.text[child.char_start : child.char_end],
    }


def _snippet(text: str, start: int, end: int, q_start: int, q_end: int) -> str:
    """About SNIPPET_CHARS of the segment around the quote, whitespace flattened."""
    lead = max(start, q_start - SNIPPET_CHARS // 4)
    while lead > start and not text[lead - 1].isspace():
        lead -= 1
    tail = min(end, max(q_end, lead + SNIPPET_CHARS))
    flat = " ".join(text[lead:tail].split())
    prefix = "… " if lead > start else ""
    return prefix + flat + (" …" if tail < end else "")


def _min(values: Any) -> int | None:
    found = [v for v in values if v is not None]
    return min(found) if found else None


def _max(values: Any) -> int | None:
    found = [v for v in values if v is not None]
    return max(found) if found else None
