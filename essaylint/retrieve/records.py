"""Typed records of one query: its inputs, the hits, the segments and the evidence pack."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from essaylint.core.records import IndexedChild, PageSpan

MODES = ("evidence", "papers", "instruction")


@dataclass(frozen=True)
class Filters:
    """What the user restricted the search to; ``where`` holds COLUMN=VALUE strings."""

    year: str | None = None
    source_types: tuple[str, ...] = ()
    docs: tuple[str, ...] = ()
    where: tuple[str, ...] = ()

    def is_empty(self) -> bool:
        return not (self.year or self.source_types or self.docs or self.where)

    def describe(self) -> str:
        parts = []
        if self.year:
            parts.append(f"year {self.year}")
        if self.source_types:
            parts.append("source_type " + "|".join(self.source_types))
        if self.docs:
            parts.append("doc " + "|".join(self.docs))
        parts += [f"where {w}" for w in self.where]
        return "; ".join(parts) or "none"

    def to_dict(self) -> dict[str, Any]:
        return {
            "year": self.year,
            "source_types": list(self.source_types),
            "docs": list(self.docs),
            "where": list(self.where),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Filters:
        return cls(
            year=data.get("year"),
            source_types=tuple(data.get("source_types", ())),
            docs=tuple(data.get("docs", ())),
            where=tuple(data.get("where", ())),
        )


@dataclass(frozen=True)
class QueryInputs:
    """Everything the user asked: enough, with the parameters, to re-run the query."""

    question: str
    en: str | None = None
    mode: str = "evidence"
    filters: Filters = Filters()
    limit: int | None = None
    terms: tuple[str, ...] = ()  # Gemini's expansion terms, added to the BM25 text only

    @property
    def lexical_text(self) -> str:
        """What BM25 searches: the English form (else the question) and the expansion terms."""
        return " ".join([self.en or self.question, *self.terms])

    def to_dict(self) -> dict[str, Any]:
        data = {
            "question": self.question,
            "en": self.en,
            "mode": self.mode,
            "filters": self.filters.to_dict(),
            "limit": self.limit,
        }
        if self.terms:  # absent otherwise, so query ids of plain questions do not change
            data["terms"] = list(self.terms)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> QueryInputs:
        return cls(
            question=data["question"],
            en=data.get("en"),
            mode=data.get("mode", "evidence"),
            filters=Filters.from_dict(data.get("filters", {})),
            limit=data.get("limit"),
            terms=tuple(data.get("terms", ())),
        )


@dataclass
class Hit:
    """One child after fusion: its index record (without the vector) and its scores."""

    child_id: str
    child: IndexedChild
    score: float  # fused score (retrieval.fusion), references down-weighted
    rank: int = 0  # 0-based rank after fusion and rerank
    sources: dict[str, int] = field(default_factory=dict)  # ranked list name -> 0-based rank

    @property
    def doc_uid(self) -> str:
        return self.child.doc_uid

    @property
    def parent_id(self) -> str:
        return self.child.parent_id


@dataclass(frozen=True)
class Segment:
    """A contiguous run of children of one parent; ``ordinals`` are consecutive."""

    group: str  # the parent_id (never spans two parents, hence never two documents)
    ordinals: tuple[int, ...]
    value: float

    @property
    def first(self) -> int:
        return self.ordinals[0]

    @property
    def last(self) -> int:
        return self.ordinals[-1]


@dataclass
class Locator:
    """Where an evidence item is: its pages, or (no pages) its parent and characters."""

    page_start: int | None
    page_end: int | None
    parent_id: str
    char_start: int
    char_end: int
    anchor: str
    has_page: bool

    def label(self) -> str:
        if self.has_page:
            return PageSpan(self.page_start, self.page_end).label()
        return f'{self.parent_id} chars {self.char_start}-{self.char_end} "{self.anchor}" [no page]'


@dataclass
class EvidenceItem:
    """One parent returned to the student, with the evidence found inside it."""

    rank: int
    doc_uid: str
    parent_id: str
    citation_key: str
    title: str
    source_type: str
    citable: bool
    retrieval_score: float
    locator: Locator
    snippet: str
    quote: str
    quote_start: int  # offsets of the quote in the parent text
    quote_end: int
    context: str
    citation: str
    matched_children: list[str]
    segments: list[dict[str, Any]]  # {child_ids, char_start, char_end, value, text}
    also_in: list[str] = field(default_factory=list)  # copies of this work with the passage
    versions: list[str] = field(default_factory=list)  # other versions of this work

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class PaperItem:
    """Papers mode: the same items regrouped by document."""

    rank: int
    doc_uid: str
    citation_key: str
    title: str
    source_type: str
    citable: bool
    retrieval_score: float
    citation: str
    pages: str
    items: list[EvidenceItem]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class EvidencePack:
    query_id: str
    inputs: QueryInputs
    build_id: str
    model_id: str
    rerank: str
    stale: bool
    items: list[EvidenceItem]
    papers: list[PaperItem] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    filters_matched: bool = True  # False when the filters leave no document to search
    language_note: str = ""  # how a non-English question without --en was served
    expansions: list[Any] = field(default_factory=list)  # retrieve.follow.Expansion (expand)
    markdown_path: str = ""
    run_path: str = ""

    @property
    def locator_quality(self) -> float:
        if not self.items:
            return 1.0
        return sum(1 for i in self.items if i.locator.has_page) / len(self.items)

    def counts_by_source_type(self) -> dict[str, int]:
        docs: dict[str, str] = {i.doc_uid: i.source_type for i in self.items}
        counts: dict[str, int] = {}
        for source_type in docs.values():
            counts[source_type] = counts.get(source_type, 0) + 1
        return dict(sorted(counts.items()))

    def to_dict(self) -> dict[str, Any]:
        return {
            "query_id": self.query_id,
            "question": self.inputs.question,
            "en": self.inputs.en,
            "mode": self.inputs.mode,
            "filters": self.inputs.filters.to_dict(),
            "build_id": self.build_id,
            "model_id": self.model_id,
            "rerank": self.rerank,
            "stale": self.stale,
            "warnings": self.warnings,
            "filters_matched": self.filters_matched,
            "language_note": self.language_note,
            "expansion_terms": list(self.inputs.terms),
            "sources_by_type": self.counts_by_source_type(),
            "locator_quality": round(self.locator_quality, 3),
            "items": [i.to_dict() for i in self.items],
            "papers": [p.to_dict() for p in self.papers],
            "expansions": [e.to_dict() for e in self.expansions],
            "markdown_path": self.markdown_path,
            "run_path": self.run_path,
        }
