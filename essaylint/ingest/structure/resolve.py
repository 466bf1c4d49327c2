"""Resolve a mention ("Table 4", "[12]", "(Smith et al., 2010)") or an internal link to an
element of the same document."""

from __future__ import annotations

import re

from essaylint.core.records import Parent
from essaylint.ingest.structure.layout import PageLayout
from essaylint.ingest.structure.links import Link
from essaylint.ingest.structure.records import DocStructure, Edge, Element, element_id
from essaylint.ingest.structure.xrefs import Mention

EDGE_KIND = {"reference": "citation", "appendix": "appendix"}
_NAME_RULES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"(?:^|[._])(?:cite|CR|bib[A-Z]?|B|ref|R)[._-]?0*(\d{1,3})$", re.I), "reference"),
    (re.compile(r"(?:^|[._])(?:table|tab|tbr?T|T|t)[._-]?0*(\d{1,3})$", re.I), "table"),
    (re.compile(r"(?:^|[._])(?:figure|fig|F|g)[._-]?0*(\d{1,3})$", re.I), "figure"),
    (re.compile(r"^(?:sub)*section\*?\.(\d+(?:\.\d+)*)$"), "section"),
    (re.compile(r"^appendix\.([A-Z])$"), "appendix"),
    (re.compile(r"^equation\.(\d+(?:\.\d+)*)$"), "equation"),
]
_CONTEXT_KIND = [
    (re.compile(r"(?:Tables?|Tab\.)\s*$"), "table"),
    (re.compile(r"(?:Figures?|Figs?\.?)\s*$"), "figure"),
    (re.compile(r"(?:Sections?|Secs?\.|§)\s*$"), "section"),
    (re.compile(r"(?:Appendix|Appendices)\s*$"), "appendix"),
    (re.compile(r"(?:Equations?|Eqs?\.)\s*\(?$"), "equation"),
]
NEAR = 45.0  # points between a destination and the element it lands on


class Resolver:
    def __init__(self, structure: DocStructure) -> None:
        self.s = structure
        self.uid = structure.doc_uid
        self.ids = structure.by_id()
        refs = structure.of_kind("reference")
        self.numbered = bool(refs) and all(r.data.get("numbered") for r in refs)
        self.refs = refs
        self.sections = sorted(
            (e for e in structure.elements if e.kind in ("section", "appendix") and e.page),
            key=lambda e: (e.page or 0, e.char_start or 0),
        )

    # -- mentions -------------------------------------------------------------
    def mention_edges(self, mentions: list[tuple[Parent, Mention]]) -> list[Edge]:
        edges = []
        for parent, m in mentions:
            target, confidence = self.resolve_mention(m, parent)
            if target and self._inside(target, parent.parent_id, m.start):
                continue  # a caption's own "Table 4", not a reference to it
            kind = m.kind
            edges.append(
                Edge(
                    self.uid,
                    parent.page_start,
                    parent.parent_id,
                    m.start,
                    m.end,
                    m.text,
                    kind,
                    target,
                    "text",
                    confidence,
                )
            )
        return edges

    def _inside(self, target: str, parent_id: str, offset: int) -> bool:
        element = self.ids.get(target)
        if element is None or element.parent_id != parent_id or element.char_start is None:
            return False
        return element.char_start <= offset < (element.char_end or element.char_start)

    def resolve_mention(self, m: Mention, parent: Parent) -> tuple[str, float]:
        if m.kind in ("table", "figure", "equation"):
            label = re.sub(r"(?<=\d)(?:[a-z]|[A-Z]\d?)$", "", m.label)
            return self._known(element_id(self.uid, m.kind, label), 0.9)
        if m.kind == "section":
            found = self._known(element_id(self.uid, "section", m.label), 0.9)
            if found[0] or not m.label.isalpha():
                return found
            return self._known(element_id(self.uid, "appendix", m.label), 0.9)
        if m.kind == "appendix":
            found = self._known(element_id(self.uid, "appendix", m.label), 0.9)
            return found if found[0] else self._known(element_id(self.uid, "section", m.label), 0.9)
        if m.kind in ("above", "below"):
            return self._relative(m.kind, parent.page_start or 0, m.start)
        if m.kind == "citation":
            return self._citation(m.label)
        return "", 0.0

    def _known(self, elem_id: str, confidence: float) -> tuple[str, float]:
        return (elem_id, confidence) if elem_id in self.ids else ("", 0.0)

    def _relative(self, direction: str, page: int, offset: int) -> tuple[str, float]:
        position = (page, offset)
        before = [s for s in self.sections if (s.page or 0, s.char_start or 0) <= position]
        if direction == "above":
            return (before[-2].elem_id, 0.3) if len(before) >= 2 else ("", 0.0)
        after = [s for s in self.sections if (s.page or 0, s.char_start or 0) > position]
        return (after[0].elem_id, 0.3) if after else ("", 0.0)

    def _citation(self, label: str) -> tuple[str, float]:
        if "|" not in label:
            if not self.numbered:
                return "", 0.0
            return self._known(element_id(self.uid, "reference", label), 0.9)
        surname, year = label.split("|")
        matches = [r for r in self.refs if r.data.get("surname") == surname]
        exact = [r for r in matches if r.data.get("year") == year]
        if not exact:
            exact = [r for r in matches if r.data.get("year", "")[:4] == year[:4]]
            if year[4:] and len(exact) > 1:
                exact = []
        if len(exact) == 1:
            return exact[0].elem_id, 0.85
        return "", 0.0

    # -- links ------------------------------------------------------------------
    def link_target(self, link: Link, layout: list[PageLayout]) -> tuple[str, str]:
        """(element id, edge kind) of where the link lands, or ("", "")."""
        context = ""
        if 0 < link.page <= len(layout):
            page_text = layout[link.page - 1].text
            context = page_text[max(0, link.start - 14) : link.start].replace("\r\n", " ")
        implied = _implied_kind(context, link.text)
        for pattern, kind in _NAME_RULES:
            match = pattern.search(link.dest_name)
            if not match:
                continue
            if kind == "reference" and not self.numbered:
                break
            elem_id = element_id(self.uid, kind, match.group(1))
            if elem_id in self.ids:
                return elem_id, EDGE_KIND.get(kind, kind)
        if implied:
            label = _label_in(link.text)
            elem_id = element_id(self.uid, implied, label) if label else ""
            if elem_id in self.ids:
                return elem_id, EDGE_KIND.get(implied, implied)
        element = self._at(link, implied)
        if element is None:
            return "", ""
        return element.elem_id, EDGE_KIND.get(element.kind, element.kind)

    def _at(self, link: Link, implied: str) -> Element | None:
        if link.dest_page is None or link.dest_y is None:
            return None
        kinds = (
            {implied}
            if implied
            else {"reference", "footnote", "section", "appendix", "table", "figure", "equation"}
        )
        y = link.dest_y
        candidates = [
            e
            for e in self.s.elements
            if e.page == link.dest_page
            and e.top is not None
            and e.kind in kinds
            and (link.dest_x is None or e.left is None or _same_column(e.left, link.dest_x))
        ]
        if implied == "figure":  # the anchor is on the figure, its caption below it
            below = [e for e in candidates if e.top is not None and e.top <= y + 5]
            return max(below, key=lambda e: e.top or 0.0) if below else None
        near = [e for e in candidates if abs((e.top or 0.0) - y) <= NEAR]
        return min(near, key=lambda e: abs((e.top or 0.0) - y)) if near else None


def _same_column(left: float, x: float) -> bool:
    return (left < 290) == (x < 290) or abs(left - x) < 40


_TEXT_KIND = [
    (re.compile(r"^\s*(?:Tables?|Tab\.)\s*\d"), "table"),
    (re.compile(r"^\s*(?:Figures?|Figs?\.?)\s*\d"), "figure"),
    (re.compile(r"^\s*(?:Sections?|Secs?\.|§)\s*\d"), "section"),
    (re.compile(r"^\s*Appendix"), "appendix"),
    (re.compile(r"^\s*(?:Equations?|Eqs?\.)"), "equation"),
]


def _implied_kind(context: str, text: str) -> str:
    """What the words around the link call its target ("Table 4", "Section 3" + link "3")."""
    for pattern, kind in _CONTEXT_KIND:
        if pattern.search(context):
            return kind
    for pattern, kind in _TEXT_KIND:
        if pattern.match(text):
            return kind
    return ""


def _label_in(text: str) -> str:
    match = re.search(r"(\d{1,3}(?:\.\d{1,2})*|\b[A-Z](?:\.\d{1,2})*)\b", text)
    return match.group(1) if match else ""
