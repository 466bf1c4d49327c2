"""The parts of a page that are not the body's prose (docs/structure.md): the reference list,
back matter (acknowledgements, funding, contributions), the first page's title block,
publisher boilerplate ("Cite this article as", copyright lines), captions, table cells and
footnotes. A quote is never taken from them.

From the text alone (any document): the reference list, back-matter sections, boilerplate
and caption paragraphs. From the PDF's layout (page lines aligned to the text): caption and
footnote lines, table rows (cells apart by column gaps, or mostly numbers, near a table
caption), and the first page's lines above its first heading.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable

from essaylint.core.records import Parent
from essaylint.ingest.structure.captions import CAPTION
from essaylint.ingest.structure.layout import Line, PageLayout
from essaylint.ingest.structure.records import Region
from essaylint.text.sections import (
    REFERENCES_HEADING,
    entries_follow,
    glued_reference_heading,
)

BOILERPLATE = re.compile(
    r"^\W{0,3}(?:cite this article|how to cite|please cite|publish with|submit your (?:next )?"
    r"manuscript|©|\(c\) ?(?:19|20)\d\d|copyright|open access|this (?:article|is an open access)|"
    r"licensee|received:|accepted:|published(?: online)?:|editor:|edited by|reviewed by|"
    r"citation:|correspondence|e-?mail:|doi:|https?://doi|issn|proceedings of|keywords?:|"
    r"full list of author information|creative commons|licensed under|zitiervorschlag|"
    r"pour citer|c[oó]mo citar|引用本文|收稿日期|"
    # a JSTOR cover page, and the source line under a table or figure
    r"source:|published by:|stable url:|linked references are available|jstor is a not-for-|"
    r"your use of the jstor|this content downloaded from|you may need to log in to jstor|"
    r"hal is a multi-disciplinary open access|l[’']archive ouverte pluridisciplinaire|"
    r"acm reference format|to cite this (?:version|article))",
    re.IGNORECASE,
)
# A label whose next paragraph is the citation of this very paper ("ACM Reference Format:",
# HAL's "To cite this version:"), often run onto the end of the keywords line.
CITE_LABEL = re.compile(
    r"(?:acm reference format|to cite this (?:version|article)|cite this article as|"
    r"how to cite this article|please cite this article as)\s*:?\s*$",
    re.IGNORECASE,
)
BACKMATTER = re.compile(
    r"^(?:\d{1,2}\.?\s+)?(?:acknowledge?ments?|funding(?: information)?|authors?[’'`]?s?[’']? "
    r"contributions?|author contributions?|competing interests?|conflicts? of interests?|"
    r"declaration of (?:competing )?interests?|data availability(?: statement)?|author details|"
    r"abbreviations|supplementary (?:information|material|online data)|supporting information|"
    r"additional files?|ethics (?:approval|statement).*|consent for publication|"
    r"description of authors[´’']? roles|danksagung(?:en)?|finanzierung|remerciements|"
    r"financement|agradecimientos|financiaci[oó]n|致谢|致謝|基金项目)\s*:?$",
    re.IGNORECASE,
)
_HEADING = re.compile(r"^(?:\d{1,2}(?:\.\d{1,2})*\.?\s+)?[^\W\d_][^.!?]{0,80}$")
_HEADING_LINE = re.compile(r"^\d{1,2}(?:\.\d{1,2})*\.?\s+[^\W\d_][^\d]{0,80}$")
_NUMBER = re.compile(r"^[-+±(]*\d[\d.,%]*[)%*†‡]*$")
TOP_NOTE = 0.85  # front-matter lines on page 1 set this much smaller than the body
COLUMN_GAP = 1.2  # em between two glyphs of a line that make them two table cells


AFTER_REFERENCES = re.compile(
    r"^(?:[A-Z](?:\.\d{1,2})*\.?\s+\S|appendix|appendices|anhang|annexe|ap[ée]ndice|附录|"
    r"supplementary|supporting information)",
    re.IGNORECASE,
)


def reference_list_start(parents: list[Parent]) -> tuple[int, int] | None:
    """(parent index, offset) of the last reference-list heading (text/sections.py), on a
    line of its own or run into the text: a paper's own bibliography comes last, after any
    section about citing."""
    found = None
    for i, parent in enumerate(parents):
        if parent.references_start is not None and found is None:
            found = (i, parent.references_start)
        headings = [
            (start, stop)
            for start, stop in _paragraphs(parent.text)
            if _is_heading(stripped := " ".join(parent.text[start:stop].split()))
            and REFERENCES_HEADING.match(stripped)
            and entries_follow(parent.text[stop:].split("\n\n"))
        ]
        starts = [start for start, _ in headings]
        glued = glued_reference_heading(parent.text)
        if glued is not None and not any(a <= glued < b for a, b in headings):
            starts.append(glued)
        if starts:
            found = (i, max(starts))
    return found


def text_regions(parent: Parent, references_from: int | None = None) -> tuple[list[Region], bool]:
    """Regions found in a page parent's text: the reference list from ``references_from``
    (0 when the page starts inside it) to an appendix heading, back-matter sections (to the
    next heading), boilerplate and caption paragraphs. Returns the regions and whether the
    next page starts inside the reference list."""
    text = parent.text
    out: list[Region] = []
    in_back = False
    cited = False  # the paragraph before ended with a CITE_LABEL
    for start, stop in _paragraphs(text):
        paragraph = text[start:stop]
        after_label, cited = cited, bool(CITE_LABEL.search(paragraph))
        heading = _is_heading(paragraph)
        stripped = " ".join(paragraph.split())
        if references_from is not None and start >= references_from:
            ends = AFTER_REFERENCES.match(stripped) and not REFERENCES_HEADING.match(stripped)
            if heading and ends:
                out.append(Region(parent.parent_id, references_from, start, "references"))
                references_from = None
            continue
        if heading:
            in_back = bool(BACKMATTER.match(stripped))
        if in_back:
            out.append(Region(parent.parent_id, start, stop, "backmatter"))
        elif BOILERPLATE.match(paragraph) or after_label:
            out.append(Region(parent.parent_id, start, stop, "boilerplate"))
        elif CAPTION.match(stripped) and not heading:
            out.append(Region(parent.parent_id, start, _caption_end(paragraph) + start, "caption"))
    if references_from is not None:
        out.append(Region(parent.parent_id, references_from, len(text), "references"))
    return out, references_from is not None


def _paragraphs(text: str) -> Iterable[tuple[int, int]]:
    cursor = 0
    for match in re.finditer(r"\n\s*\n|$", text):
        if match.start() > cursor:
            yield cursor, match.start()
        cursor = match.end()


def _is_heading(paragraph: str) -> bool:
    stripped = " ".join(paragraph.split())
    return len(stripped) <= 90 and bool(_HEADING.match(stripped))


def _caption_end(paragraph: str) -> int:
    """A caption paragraph ends at its last sentence end within 500 characters (a caption
    glued to the prose after it keeps the prose quotable)."""
    cut = paragraph[:500]
    ends = [m.end() for m in re.finditer(r"[.。](?=\s|$)", cut)]
    return ends[-1] if len(paragraph) > 500 and ends else len(cut)


def layout_regions(
    pages: list[PageLayout],
    body: float,
    first_heading_top: float | None,
    table_pages: set[int],
    marked: Iterable[tuple[int, int, int, str]],
    place: Callable[[int, int, int], tuple[str | None, int | None, int | None]],
) -> list[Region]:
    """Regions read from the page lines, placed in the parents' text by ``place``.
    ``marked``: (page, raw start, raw end, kind) of elements already found (captions,
    footnotes)."""
    spans: list[tuple[int, int, int, str]] = list(marked)
    for layout in pages:
        for line in layout.lines:
            kind = _line_kind(layout, line, body, first_heading_top, layout.number in table_pages)
            if kind:
                spans.append((layout.number, line.start, line.end, kind))
    out: list[Region] = []
    for page, start, end, kind in spans:
        parent_id, a, b = place(page, start, end)
        if parent_id is not None and a is not None and b is not None and b > a:
            out.append(Region(parent_id, a, b, kind))
    return out


def _line_kind(
    layout: PageLayout, line: Line, body: float, first_heading_top: float | None, tables: bool
) -> str:
    text = " ".join(line.text.split())
    if not text:
        return ""
    if BOILERPLATE.match(text) or _running_line(layout, line, text):
        return "boilerplate"
    if layout.number == 1 and _front(line, body, first_heading_top):
        return "front"
    if not _HEADING_LINE.match(text) and _table_row(layout, line, text, tables):
        return "table"
    return ""


_PAGE_NUMBER = re.compile(r"^\d{1,4}\s|\s\d{1,4}$|^\d{1,4}$")
EDGE = 0.08  # running heads and footers sit in this share of the page at its top or bottom


def _running_line(layout: PageLayout, line: Line, text: str) -> bool:
    """A running head or footer that carries the page number ("92 5.3. GAUSS-KRÜMMUNG",
    "PLOS ONE | … 1 / 21"): short, at the top or bottom edge of the page."""
    at_edge = line.bottom > (1 - EDGE) * layout.height or line.top < EDGE * layout.height
    if not at_edge or len(text.split()) > 12:
        return False
    letters = [c for c in text if c.isalpha()]
    capitals = sum(c.isupper() for c in letters) >= 0.8 * len(letters) if letters else True
    return bool(_PAGE_NUMBER.search(text)) or (capitals and len(text.split()) <= 8)


def _front(line: Line, body: float, first_heading_top: float | None) -> bool:
    """Page 1: above the first heading (title, authors, affiliations), or set much smaller
    than the body (side notes, licence and editor lines)."""
    above = first_heading_top is not None and line.bottom > first_heading_top + 1
    return above or (0 < line.size <= TOP_NOTE * body)


def _table_row(layout: PageLayout, line: Line, text: str, tables: bool) -> bool:
    """Cells apart by column gaps, or a row that is mostly numbers, on a page with a table
    caption; rows with several gaps and numbers anywhere."""
    tokens = text.split()
    numbers = sum(bool(_NUMBER.match(t)) for t in tokens) / len(tokens)
    gaps = _column_gaps(layout, line)
    if tables and (gaps >= 2 or (gaps >= 1 and numbers >= 0.3) or numbers >= 0.5):
        return len(tokens) >= 2
    return gaps >= 2 and numbers >= 0.3


def _column_gaps(layout: PageLayout, line: Line) -> int:
    boxes = [
        layout.boxes[i]
        for i in range(line.start, line.end)
        if layout.sizes[i] > 0 and not layout.text[i].isspace()
    ]
    size = max(line.size, 1.0)
    return sum(1 for a, b in itertools.pairwise(boxes) if b[0] - a[2] > COLUMN_GAP * size)


def merge(regions: list[Region]) -> list[Region]:
    """Overlapping or touching regions of one parent as one (the first kind wins)."""
    out: list[Region] = []
    for r in sorted(regions, key=lambda r: (r.parent_id, r.start, -r.end)):
        last = out[-1] if out else None
        if last and last.parent_id == r.parent_id and r.start <= last.end + 1:
            last.end = max(last.end, r.end)
        else:
            out.append(Region(r.parent_id, r.start, r.end, r.kind))
    return out
