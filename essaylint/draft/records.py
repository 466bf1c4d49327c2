"""Typed records of a parsed Markdown draft (SPEC §3).

Positions: ``line``/``column`` are 1-based and point at the first character;
``end_line``/``end_column`` point one past the last character (SARIF convention).
Columns count characters, not bytes. ``start``/``end`` are character offsets into the
text that was scanned: the string given to ``scan_citations``, or ``Draft.text`` for
records inside a ``Draft``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

CitationKind = Literal["narrative", "parenthetical"]
PinpointLabel = Literal["page", "chapter", "paragraph", "section", "figure"]
ParagraphKind = Literal["paragraph", "list_item"]
ALL_RULES = "*"


@dataclass(frozen=True, kw_only=True)
class Located:
    """A span of text with its position."""

    line: int
    column: int
    end_line: int
    end_column: int
    start: int
    end: int


@dataclass(frozen=True, kw_only=True)
class Pinpoint:
    """A pinpoint such as ``pp. 12-14``; ``label`` is None when it is not recognised."""

    label: PinpointLabel | None
    value: str
    raw: str


@dataclass(frozen=True, kw_only=True)
class CitationItem:
    """One source inside a citation cluster."""

    doc_uid: str
    author_text: str
    year_text: str
    is_placeholder_author: bool = False
    is_placeholder_year: bool = False
    locator: Pinpoint | None = None
    prefix: str = ""


@dataclass(frozen=True, kw_only=True)
class Citation(Located):
    """A narrative or parenthetical citation; ``raw`` is the whole cluster as written."""

    kind: CitationKind
    items: tuple[CitationItem, ...]
    raw: str

    @property
    def doc_uids(self) -> tuple[str, ...]:
        return tuple(item.doc_uid for item in self.items)


@dataclass(frozen=True, kw_only=True)
class EvidenceNeeded(Located):
    """An ``[EVIDENCE_NEEDED: ...]`` placeholder; ``text`` is what follows the colon."""

    text: str
    raw: str


@dataclass(frozen=True, kw_only=True)
class MalformedCitation(Located):
    """Citation markup that cannot be read; reported as a finding, never raised."""

    message: str
    raw: str


@dataclass(frozen=True, kw_only=True)
class CitationScan:
    """Everything the tokenizer found in one string."""

    citations: tuple[Citation, ...] = ()
    evidence_needed: tuple[EvidenceNeeded, ...] = ()
    malformed: tuple[MalformedCitation, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Section:
    """A heading; ``path`` joins the headings above it (the document title excluded)."""

    heading: str
    level: int
    line: int
    end_line: int
    path: str
    is_title: bool = False
    is_reference_list: bool = False


@dataclass(frozen=True, kw_only=True)
class Paragraph:
    """A prose paragraph or list-item paragraph; ``index`` is its 0-based position."""

    index: int
    kind: ParagraphKind
    section_path: str
    line_start: int
    line_end: int
    sentence_ids: tuple[str, ...]
    text: str


@dataclass(frozen=True, kw_only=True)
class Sentence(Located):
    """A sentence of prose; ``text`` is exactly as in the source, ``plain_text`` reads as prose."""

    sentence_id: str
    text: str
    plain_text: str
    paragraph_index: int
    section_path: str
    citations: tuple[Citation, ...] = ()
    evidence_needed: tuple[EvidenceNeeded, ...] = ()
    malformed: tuple[MalformedCitation, ...] = ()

    @property
    def cited_doc_uids(self) -> tuple[str, ...]:
        return tuple(uid for citation in self.citations for uid in citation.doc_uids)


@dataclass(frozen=True, kw_only=True)
class Quotation:
    """A block-quote paragraph: reported, but not split into sentences."""

    text: str
    line_start: int
    line_end: int
    section_path: str
    citations: tuple[Citation, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Waiver:
    """Rules switched off for lines ``line_start``..``line_end`` (inclusive).

    ``rules`` holds rule ids or prefixes (``claim`` covers ``claim/*``); ``"*"`` means all
    rules, minus ``except_rules``.
    """

    rules: tuple[str, ...]
    line_start: int
    line_end: int
    except_rules: tuple[str, ...] = ()

    def covers(self, rule_id: str, line: int) -> bool:
        if not self.line_start <= line <= self.line_end:
            return False
        rule = rule_id.strip().lower()
        if any(rule_matches(rule, pattern) for pattern in self.except_rules):
            return False
        return any(pattern == ALL_RULES or rule_matches(rule, pattern) for pattern in self.rules)


def rule_matches(rule_id: str, pattern: str) -> bool:
    """True when ``pattern`` names ``rule_id`` or one of its prefixes (``claim`` ⊃ ``claim/x``)."""
    return rule_id == pattern or rule_id.startswith(pattern.rstrip("/") + "/")


@dataclass(frozen=True, kw_only=True)
class Draft:
    """The shared reading of one Markdown draft."""

    path: str
    text: str
    title: str = ""
    front_matter: dict[str, Any] = field(default_factory=dict)
    front_matter_raw: str = ""
    front_matter_error: str = ""
    sections: tuple[Section, ...] = ()
    paragraphs: tuple[Paragraph, ...] = ()
    sentences: tuple[Sentence, ...] = ()
    quotations: tuple[Quotation, ...] = ()
    citations: tuple[Citation, ...] = ()
    placeholders: tuple[EvidenceNeeded, ...] = ()
    waivers: tuple[Waiver, ...] = ()
    malformed: tuple[MalformedCitation, ...] = ()
    # Citations written under a References heading: audited (the source must exist and be
    # citable) but not prose: not counted, exported or scored for support.
    reference_citations: tuple[Citation, ...] = ()
    reference_malformed: tuple[MalformedCitation, ...] = ()
    word_count: int = 0
    warnings: tuple[str, ...] = ()  # how the file was read (not UTF-8, NUL bytes)

    def is_waived(self, rule_id: str, line: int) -> bool:
        """True when a waiver comment switches ``rule_id`` off on ``line``."""
        return any(waiver.covers(rule_id, line) for waiver in self.waivers)

    def sentence(self, sentence_id: str) -> Sentence | None:
        return next((s for s in self.sentences if s.sentence_id == sentence_id), None)

    def sentences_on_line(self, line: int) -> tuple[Sentence, ...]:
        return tuple(s for s in self.sentences if s.line <= line <= s.end_line)

    @property
    def cited_doc_uids(self) -> tuple[str, ...]:
        """Every cited doc_uid once, in order of first citation."""
        seen = dict.fromkeys(uid for c in self.citations for uid in c.doc_uids)
        return tuple(seen)
