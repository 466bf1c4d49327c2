"""The plain typed records every pipeline stage shares.

ingest produces ``SourceFile`` → ``ParsedDocument`` → ``ChunkedDocument`` (parents and
children); the index stores children with their vectors; retrieval and the audits read
them back as the same records. Keep these free of behaviour beyond (de)serialisation.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

SOURCE_TYPES_BY_FOLDER: dict[str, str] = {
    "raw/evidence": "evidence_document",
    "raw/instruction/guidance": "guidance",
    "raw/instruction/feedback": "feedback",
    "raw/instruction/slides": "slides",
    "raw/instruction/exemplars": "exemplar",
}
CITABLE_SOURCE_TYPES = frozenset({"evidence_document"})


@dataclass(frozen=True)
class SourceFile:
    """A file found under ``raw/``; ``path`` is relative to the project root (POSIX)."""

    path: str
    doc_uid: str
    sha1: str
    size: int
    source_type: str
    citable: bool


@dataclass
class PageText:
    """The text of one page as the parser gave it (1-based ``number``)."""

    number: int
    text: str


@dataclass
class DocumentMetadata:
    """Bibliographic metadata as extracted; library.csv edits override it later.

    The names follow library.csv: ``type`` is a CSL type, ``page`` the printed page range,
    ``number`` an article number (e-locator) or report number. ``evidence`` says, per field,
    where the value was read and how sure the reader is ("printed p1 citation line, 0.9").
    """

    title: str = ""
    authors: list[str] = field(default_factory=list)  # "Surname, Given"
    year: int | None = None
    doi: str = ""
    container: str = ""
    publisher: str = ""
    url: str = ""
    published_date: str = ""
    type: str = ""
    volume: str = ""
    issue: str = ""
    page: str = ""
    number: str = ""
    isbn: str = ""
    arxiv: str = ""
    evidence: dict[str, str] = field(default_factory=dict)


@dataclass
class ParsedDocument:
    doc_uid: str
    source_path: str
    parser: str
    pages: list[PageText]
    metadata: DocumentMetadata = field(default_factory=DocumentMetadata)
    has_page_numbers: bool = True
    warnings: list[str] = field(default_factory=list)
    joined_chars: int = 0  # characters outside the BMP that arrived split (ingest/hygiene.py)
    replaced_chars: int = 0  # lone surrogates and NULs replaced with U+FFFD

    @property
    def empty_pages(self) -> list[int]:
        return [p.number for p in self.pages if not p.text.strip()]


@dataclass
class Parent:
    """A page (or section) of a document: what retrieval returns around its children."""

    parent_id: str
    doc_uid: str
    page_start: int | None
    page_end: int | None
    section_path: str
    text: str
    references_start: int | None = None  # char offset where a reference list begins


@dataclass
class Child:
    """A ~200-token passage cut at sentence boundaries inside one parent."""

    child_id: str
    doc_uid: str
    parent_id: str
    ordinal: int  # position of the child within its document
    page_start: int | None
    page_end: int | None
    section_path: str
    char_start: int
    char_end: int
    text: str
    token_count: int
    hash: str
    source_subtype: str = "body"  # "body" or "references"


@dataclass(frozen=True)
class PageSpan:
    """The pages a passage lies on (None when the source has no pages)."""

    start: int | None
    end: int | None = None

    def label(self, none: str = "no page") -> str:
        """``p. 3``, ``pp. 3-4``, or ``none``."""
        if self.start is None:
            return none
        if self.end is None or self.end == self.start:
            return f"p. {self.start}"
        return f"pp. {self.start}-{self.end}"


@dataclass
class IndexedChild:
    """One row of the index's children table, without its vectors: the child and what the
    library said of its document when the index was built. The LanceDB schema is derived
    from these fields (index/lance.py)."""

    child_id: str
    doc_uid: str
    parent_id: str
    ordinal: int
    citation_key: str
    title: str
    authors: str
    year: int | None
    source_type: str
    citable: bool
    source_subtype: str
    page_start: int | None
    page_end: int | None
    section_path: str
    char_start: int
    char_end: int
    text: str
    context: str
    hash: str = ""

    @property
    def pages(self) -> PageSpan:
        return PageSpan(self.page_start, self.page_end)

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> IndexedChild:
        return cls(**{name: row[name] for name in INDEXED_CHILD_FIELDS if name in row})


@dataclass
class QualityStats:
    """Per-document parse quality figures for meta/parse_quality_report.md."""

    pages: int = 0
    pages_without_text: list[int] = field(default_factory=list)
    repeated_line_ratio: float = 0.0
    non_letter_ratio: float = 0.0
    paragraph_words_p10: int = 0
    paragraph_words_median: int = 0
    paragraph_words_p90: int = 0
    removed_templates: dict[str, list[str]] = field(default_factory=dict)
    dehyphenated: int = 0
    needs_manual_check: bool = False
    reasons: list[str] = field(default_factory=list)


@dataclass
class DocOutcome:
    """What an ingest did with one source, for its summary and the build manifest."""

    doc_uid: str
    path: str
    status: str  # new | changed | unchanged | removed | failed
    reason: str = ""
    hint: str = ""
    stage: str = ""  # the stage a failed document failed at (parse, chunk, structure...)
    pages: int = 0
    parents: int = 0
    children: int = 0
    embedded: int = 0
    needs_ocr_pages: list[int] = field(default_factory=list)
    needs_manual_check: bool = False


@dataclass
class ChunkedDocument:
    doc_uid: str
    parents: list[Parent]
    children: list[Child]
    quality: QualityStats


@dataclass
class LibraryEntry:
    """One row of library.csv: the metadata a student may correct.

    Every value is text, as the student edits it (ingest/library_columns.py says what each
    column holds and checks `library set`). The bibliographic columns follow CSL: ``type``
    is a CSL type, ``page`` the printed page range ("147-154"), ``number`` an article
    number or report number, ``arxiv`` an arXiv id; ``pages`` is the file's page count.
    New columns go at the end, so that older files migrate by appending.
    """

    doc_uid: str
    citation_key: str = ""
    authors: str = ""  # "Surname, Given; Surname, Given"
    year: str = ""
    title: str = ""
    container: str = ""
    publisher: str = ""
    doi: str = ""
    url: str = ""
    source_type: str = ""
    citable: str = ""  # "true"/"false" kept as text: it is what the student edits
    source_path: str = ""
    pages: str = ""
    accessed_at: str = ""
    published_date: str = ""
    # "present", "removed" (its file is gone) or "failed" (its file does not parse: not
    # citable until it does)
    status: str = "present"
    type: str = ""
    volume: str = ""
    issue: str = ""
    page: str = ""
    number: str = ""
    isbn: str = ""
    arxiv: str = ""
    # the doc_uid of the preferred copy of the same work ("" when this is the one to
    # cite); ingest fills it for copies it finds, the student's value always wins
    duplicate_of: str = ""

    @property
    def is_citable(self) -> bool:
        return self.citable.strip().lower() in {"true", "yes", "1", "y"}

    @property
    def first_author_surname(self) -> str:
        first = self.authors.split(";")[0].strip()
        return first.split(",")[0].strip()

    @property
    def year_int(self) -> int | None:
        digits = self.year.strip()[:4]
        return int(digits) if digits.isdigit() else None


@dataclass
class Fingerprint:
    """What ingest keeps of a document to find its copies and versions: the sha1 of its
    normalised token stream, the MinHash of its word 5-shingles (empty under 20 shingles)
    and its keys (``doi``, ``arxiv``, ``tay``: title|first-author surname|year)."""

    doc_uid: str
    sha1: str
    tokens: int
    shingles: int
    minhash: list[int] = field(default_factory=list)
    keys: dict[str, str] = field(default_factory=dict)


@dataclass
class DuplicateGroup:
    """Documents of one work: ``copy`` (the same text in other bytes or another format) or
    ``version`` (other text: preprint and published, v1 and v2)."""

    doc_uids: list[str]
    kind: str
    preferred: str
    why: str
    kept_apart: list[str] = field(default_factory=list)  # the student cleared duplicate_of


LIBRARY_COLUMNS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(LibraryEntry))
INDEXED_CHILD_FIELDS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(IndexedChild))


def to_dict(record: Any) -> dict[str, Any]:
    return dataclasses.asdict(record)


def parsed_from_dict(data: dict[str, Any]) -> ParsedDocument:
    return ParsedDocument(
        doc_uid=data["doc_uid"],
        source_path=data["source_path"],
        parser=data["parser"],
        pages=[PageText(**p) for p in data["pages"]],
        metadata=DocumentMetadata(**data["metadata"]),
        has_page_numbers=data.get("has_page_numbers", True),
        warnings=list(data.get("warnings", [])),
        joined_chars=int(data.get("joined_chars", 0)),
        replaced_chars=int(data.get("replaced_chars", 0)),
    )


def chunked_from_dict(data: dict[str, Any]) -> ChunkedDocument:
    return ChunkedDocument(
        doc_uid=data["doc_uid"],
        parents=[Parent(**p) for p in data["parents"]],
        children=[Child(**c) for c in data["children"]],
        quality=QualityStats(**data["quality"]),
    )
