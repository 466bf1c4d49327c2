"""Typed records of a document's structure: elements (things a reader can be sent to) and
edges (places in the text that send the reader somewhere)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

KINDS = (
    "section",
    "table",
    "figure",
    "footnote",
    "reference",
    "definition",
    "equation",
    "appendix",
)
# The id suffix of each kind: doc_8f3a2c1d:s3.2, :tab4, :fig2, :fn3, :ref17, :def:QI, :eq3.
PREFIX = {
    "section": "s",
    "table": "tab",
    "figure": "fig",
    "footnote": "fn",
    "reference": "ref",
    "definition": "def:",
    "equation": "eq",
    "appendix": "app",
}


def element_id(doc_uid: str, kind: str, label: str) -> str:
    return f"{doc_uid}:{PREFIX[kind]}{label}"


@dataclass
class Element:
    """One addressable part of a document, with its locator."""

    elem_id: str
    doc_uid: str
    kind: str
    label: str  # "3.2", "4", "QI": what the text calls it
    text: str  # title, caption, footnote, bibliography entry or defining sentence
    page: int | None
    parent_id: str | None  # the page parent its text starts in
    char_start: int | None  # into the parent's normalised text; None when not found there
    char_end: int | None
    top: float | None = None  # PDF user space (y up) of its first line, for link targets
    left: float | None = None
    level: int = 0  # sections: 1 = top level
    data: dict[str, Any] = field(default_factory=dict)  # term/expansion, year, authors, doi...

    def locator(self) -> str:
        where = f"p. {self.page}" if self.page else "no page"
        if self.parent_id and self.char_start is not None:
            return f"{where} ({self.parent_id} chars {self.char_start}-{self.char_end})"
        return where


@dataclass
class Edge:
    """A span of text that refers to an element (or, for citations, to another document)."""

    doc_uid: str
    page: int | None
    parent_id: str | None
    char_start: int | None
    char_end: int | None
    text: str  # as written: "Table 4", "Section 3.2", "[12]", "(Smith et al., 2010)"
    kind: str  # the kind of element referred to, or "above" / "below"
    target: str  # element id, "" when unresolved
    via: str  # "link" (PDF internal link), "text" (pattern), "link+text" (both agree)
    confidence: float


# What a region of a page is when it is not the body's prose: never quoted as evidence.
REGION_KINDS = (
    "references",
    "backmatter",  # acknowledgements, funding, contributions, competing interests
    "front",  # title block, authors, affiliations, e-mails, editor and licence notes
    "boilerplate",  # "Cite this article as", copyright and publisher lines, page furniture
    "caption",
    "table",
    "footnote",
)


@dataclass
class Region:
    """A char range of a page parent's text that is not body prose."""

    parent_id: str
    start: int
    end: int
    kind: str


@dataclass
class DocStructure:
    doc_uid: str
    elements: list[Element] = field(default_factory=list)
    edges: list[Edge] = field(default_factory=list)
    outline_source: str = ""  # "bookmarks" | "headings" | ""
    regions: list[Region] = field(default_factory=list)

    def regions_of(self, parent_id: str) -> list[tuple[int, int, str]]:
        return [(r.start, r.end, r.kind) for r in self.regions if r.parent_id == parent_id]

    def element(self, elem_id: str) -> Element | None:
        return self.by_id().get(elem_id)

    def by_id(self) -> dict[str, Element]:
        cache = self.__dict__.get("_by_id")
        if cache is None or len(cache) != len(self.elements):
            cache = {e.elem_id: e for e in self.elements}
            self.__dict__["_by_id"] = cache
        return cache

    def of_kind(self, kind: str) -> list[Element]:
        return [e for e in self.elements if e.kind == kind]

    def to_dict(self) -> dict[str, Any]:
        return {
            "doc_uid": self.doc_uid,
            "outline_source": self.outline_source,
            "elements": [asdict(e) for e in self.elements],
            "edges": [asdict(e) for e in self.edges],
            "regions": [[r.parent_id, r.start, r.end, r.kind] for r in self.regions],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DocStructure:
        return cls(
            doc_uid=data["doc_uid"],
            elements=[Element(**e) for e in data.get("elements", [])],
            edges=[Edge(**e) for e in data.get("edges", [])],
            outline_source=data.get("outline_source", ""),
            regions=[Region(*r) for r in data.get("regions", [])],
        )
