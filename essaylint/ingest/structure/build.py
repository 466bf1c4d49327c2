"""One document's structure: elements and edges, placed in the page parents' text."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from essaylint.core.records import ChunkedDocument, Parent
from essaylint.ingest.normalise import clean_text
from essaylint.ingest.structure import bibliography, captions, footnotes, outline, regions
from essaylint.ingest.structure.align import PageAligner
from essaylint.ingest.structure.definitions import find_definitions, term_key
from essaylint.ingest.structure.layout import PageLayout, body_size, drop_running_lines, read_layout
from essaylint.ingest.structure.links import Link, find_links
from essaylint.ingest.structure.records import DocStructure, Edge, Element, Region, element_id
from essaylint.ingest.structure.resolve import Resolver
from essaylint.ingest.structure.xrefs import find_mentions
from essaylint.text.sections import REFERENCES_HEADING

_EQUATION = re.compile(r"[=<>+±×∑∫≤≥−]|\\")
_EQ_NUMBER = re.compile(r"\((\d{1,3}(?:\.\d{1,2})?)\)\s*$")


@dataclass
class _Page:
    parent: Parent
    aligner: PageAligner | None


def build_structure(chunked: ChunkedDocument, pdf_path: Path | None) -> DocStructure:
    """From the PDF when there is one (layout, outline, links), else from the text alone."""
    uid = chunked.doc_uid
    structure = DocStructure(uid)
    parents = {p.page_start: p for p in chunked.parents if p.page_start is not None}
    if pdf_path is not None and pdf_path.suffix.lower() == ".pdf" and parents:
        import pypdfium2 as pdfium

        pdf = pdfium.PdfDocument(str(pdf_path))
        try:
            layout = read_layout(pdf)
            drop_running_lines(layout)
            builder = _Builder(structure, chunked, layout)
            builder.from_layout(pdf)
        finally:
            pdf.close()
    else:
        builder = _Builder(structure, chunked, [])
    builder.from_text()
    return structure


class _Builder:
    def __init__(self, structure: DocStructure, chunked: ChunkedDocument, layout: list) -> None:
        self.s = structure
        self.uid = structure.doc_uid
        self.layout: list[PageLayout] = layout
        self.pages: dict[int, _Page] = {}
        for parent in chunked.parents:
            if parent.page_start is None:
                continue
            page_layout = (
                layout[parent.page_start - 1] if parent.page_start <= len(layout) else None
            )
            aligner = PageAligner(page_layout, parent.text) if page_layout else None
            self.pages[parent.page_start] = _Page(parent, aligner)
        self.parents = chunked.parents
        self.body = body_size(layout) if layout else 10.0

    # -- placing ---------------------------------------------------------------
    def place(self, page: int, start: int, end: int) -> tuple[str | None, int | None, int | None]:
        entry = self.pages.get(page)
        if entry is None or entry.aligner is None:
            return None, None, None
        a, b = entry.aligner.span(start, end)
        return entry.parent.parent_id, a, b

    def add(
        self,
        kind: str,
        label: str,
        text: str,
        page: int | None,
        raw: tuple[int, int] | None,
        top: float | None = None,
        left: float | None = None,
        level: int = 0,
        data: dict | None = None,
    ) -> Element | None:
        elem_id = element_id(self.uid, kind, label)
        if elem_id in self.s.by_id():
            return None
        parent_id, a, b = self.place(page, *raw) if page and raw else (None, None, None)
        element = Element(
            elem_id,
            self.uid,
            kind,
            label,
            text,
            page,
            parent_id,
            a,
            b,
            top,
            left,
            level,
            data or {},
        )
        self.s.elements.append(element)
        return element

    # -- from the PDF ----------------------------------------------------------
    def from_layout(self, pdf: object) -> None:
        self._sections(pdf)
        found = captions.find_captions(self.layout)
        self.marked = [(c.page, c.line.start, c.end, "caption") for c in found]
        for cap in found:
            self.add(
                cap.kind,
                cap.label,
                clean_text(cap.text),
                cap.page,
                (cap.line.start, cap.line.end),
                cap.line.top,
                cap.line.left,
            )
        entries = bibliography.find_bibliography(self.layout, self.body)
        in_bibliography = {
            (line.page, i) for e in entries for line in e.lines for i in range(line.start, line.end)
        }
        notes, markers = footnotes.find_footnotes(self.layout, in_bibliography)
        note_ids = self._footnotes(notes)
        self.marked += [(n.page, n.start, n.end, "footnote") for n in notes]
        for entry in entries:
            data = {
                "surname": entry.surname,
                "year": entry.year,
                "doi": entry.doi,
                "title": clean_text(entry.title),
                "numbered": entry.numbered,
            }
            self.add(
                "reference",
                entry.label,
                clean_text(entry.text),
                entry.page,
                (entry.line.start, entry.line.end),
                entry.line.top,
                entry.line.left,
                data=data,
            )
        self._equations()
        self.resolver = Resolver(self.s)
        for marker in markers:
            parent_id, a, b = self.place(marker.page, marker.start, marker.end)
            target = note_ids.get((marker.note_page, marker.label), "")
            self.s.edges.append(
                Edge(
                    self.uid,
                    marker.page,
                    parent_id,
                    a,
                    b,
                    marker.label,
                    "footnote",
                    target,
                    "text",
                    0.8,
                )
            )
        self.links = find_links(pdf, self.layout)
        self._layout_regions()

    def _layout_regions(self) -> None:
        first_page = [e.top for e in self.s.of_kind("section") if e.page == 1 and e.top]
        tables = {e.page for e in self.s.of_kind("table") if e.page}
        self.s.regions += regions.layout_regions(
            self.layout,
            self.body,
            max(first_page) if first_page else None,
            tables,
            self.marked,
            self.place,
        )

    def _footnotes(self, notes: list[footnotes.Footnote]) -> dict[tuple[int, str], str]:
        """Add the notes; a label printed more than once (numbering restarting per chapter)
        gets its page in the id: ``fn1@p45``. Returns the element id by (page, label)."""
        repeated = {label for label, n in Counter(n.label for n in notes).items() if n > 1}
        ids: dict[tuple[int, str], str] = {}
        for note in notes:
            key = f"{note.label}@p{note.page}" if note.label in repeated else note.label
            element = self.add(
                "footnote",
                key,
                clean_text(note.text),
                note.page,
                (note.start, note.end),
                note.line.top,
                note.line.left,
                data={"printed": note.label},
            )
            if element is not None:
                ids[(note.page, note.label)] = element.elem_id
        return ids

    def _sections(self, pdf: object) -> None:
        headings = outline.from_bookmarks(pdf, self.layout)
        self.s.outline_source = "bookmarks" if headings else ""
        if not headings:
            headings = outline.from_lines(self.layout, self.body)
            self.s.outline_source = "headings" if headings else ""
        headings = outline.add_styled(headings, self.layout, self.body)
        slugs: dict[str, int] = {}
        for h in headings:
            kind, label = _section_label(h.label, h.title, slugs)
            raw = (h.line.start, h.line.end) if h.line else None
            left = h.line.left if h.line else None
            self.add(kind, label, h.title, h.page, raw, h.top, left, h.level)

    def _equations(self) -> None:
        for layout in self.layout:
            for line in layout.lines:
                text = line.text.strip()
                match = _EQ_NUMBER.search(text)
                if match and _EQUATION.search(text[: match.start()]) and len(text) < 120:
                    self.add(
                        "equation",
                        match.group(1),
                        text,
                        layout.number,
                        (line.start, line.end),
                        line.top,
                        line.left,
                    )

    # -- from the text -----------------------------------------------------------
    def from_text(self) -> None:
        parents = sorted(self.parents, key=lambda p: p.page_start or 0)
        start = regions.reference_list_start(parents)
        inside = False
        for i, parent in enumerate(parents):
            begins = start[1] if start and i == start[0] else (0 if inside else None)
            found, inside = regions.text_regions(parent, begins)
            self.s.regions += found
        self.s.regions += self._reference_sections()
        self.s.regions = regions.merge(self.s.regions)
        if not hasattr(self, "resolver"):
            self._text_captions()
            self.resolver = Resolver(self.s)
        self._definitions()
        self.resolver = Resolver(self.s)
        mentions = []
        for parent in self.parents:
            end = parent.references_start if parent.references_start is not None else None
            text = parent.text[:end] if end is not None else parent.text
            for mention in find_mentions(text):
                mentions.append((parent, mention))
        self.s.edges += self.resolver.mention_edges(mentions)
        if getattr(self, "links", None):
            self.s.edges = self._merge_links(self.links)
        self.s.edges.sort(key=lambda e: (e.page or 0, e.char_start or 0, e.target))

    def _reference_sections(self) -> list[Region]:
        """From a References / Literaturverzeichnis / 参考文献 heading found in the layout to
        the next appendix heading (or the end): the reference list, whatever the text did."""
        sections = sorted(
            (e for e in self.s.elements if e.kind in ("section", "appendix") and e.page),
            key=lambda e: (e.page or 0, e.char_start or 0),
        )
        headings = [e for e in sections if REFERENCES_HEADING.match(e.text.strip())]
        start = headings[-1] if headings else None
        if start is None or start.char_start is None:
            return []
        after = [
            e for e in sections if (e.page or 0, e.char_start or 0) > (start.page, start.char_start)
        ]
        end = next(
            (e for e in after if e.kind == "appendix" or regions.AFTER_REFERENCES.match(e.text)),
            None,
        )
        out = []
        for parent in self.parents:
            page = parent.page_start or 0
            if page < (start.page or 0) or (end is not None and page > (end.page or 0)):
                continue
            a = start.char_start if page == start.page else 0
            b = (
                end.char_start
                if end is not None and page == end.page and end.char_start
                else len(parent.text)
            )
            if b > a:
                out.append(Region(parent.parent_id, a, b, "references"))
        return out

    def _text_captions(self) -> None:
        for parent in self.parents:
            offset = 0
            for paragraph in parent.text.split("\n\n"):
                match = captions.CAPTION.match(paragraph)
                if match:
                    kind, label = captions.kind_of(match), captions.label_of(match)
                    elem_id = element_id(self.uid, kind, label)
                    if elem_id not in self.s.by_id():
                        self.s.elements.append(
                            Element(
                                elem_id,
                                self.uid,
                                kind,
                                label,
                                paragraph[: captions.MAX_CHARS],
                                parent.page_start,
                                parent.parent_id,
                                offset,
                                offset + len(paragraph),
                            )
                        )
                offset += len(paragraph) + 2

    def _definitions(self) -> None:
        for parent in self.parents:
            end = parent.references_start
            text = parent.text[:end] if end is not None else parent.text
            for d in find_definitions(text):
                key = term_key(d.term)
                elem_id = element_id(self.uid, "definition", key)
                if not key or elem_id in self.s.by_id():
                    continue
                self.s.elements.append(
                    Element(
                        elem_id,
                        self.uid,
                        "definition",
                        key,
                        d.text,
                        parent.page_start,
                        parent.parent_id,
                        d.start,
                        d.end,
                        data={"term": d.term, "expansion": d.expansion, "pattern": d.pattern},
                    )
                )

    def _merge_links(self, links: list[Link]) -> list[Edge]:
        """A link and a pattern on the same words: one edge, the link's target winning."""
        edges = list(self.s.edges)
        for link in links:
            target, kind = self.resolver.link_target(link, self.layout)
            if not target:
                continue
            parent_id, a, b = self.place(link.page, link.start, link.end)
            overlapping = [
                e
                for e in edges
                if e.page == link.page
                and e.via == "text"
                and a is not None
                and e.char_start is not None
                and e.char_end is not None
                and e.char_start < b
                and a < e.char_end
                and e.kind in (kind, "citation")
            ]
            agree = [e for e in overlapping if e.target == target]
            if agree:
                for e in agree:
                    e.via, e.confidence = "link+text", 1.0
                continue
            if overlapping and len(overlapping) == 1:
                e = overlapping[0]
                e.target, e.via, e.confidence = target, "link", 0.95
                continue
            text = " ".join(link.text.split())
            edges.append(
                Edge(self.uid, link.page, parent_id, a, b, text, kind, target, "link", 0.95)
            )
        return edges


def _section_label(label: str, title: str, slugs: dict[str, int]) -> tuple[str, str]:
    if label and label.isalpha() and len(label) == 1:
        return "appendix", label
    if label:
        return "section", label
    slug = re.sub(r"[\W_]+", "-", title.lower()).strip("-")[:40] or "untitled"
    slugs[slug] = slugs.get(slug, 0) + 1
    return "section", f":{slug}" + (f"-{slugs[slug]}" if slugs[slug] > 1 else "")
