"""Sections: from the PDF outline (bookmarks) when there is one, else from heading lines
(numbering patterns plus a font no smaller than the body's, or bold)."""

from __future__ import annotations

import ctypes
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from essaylint.ingest.normalise import _NAMED_HEADING, _NUMBERED_HEADING, _looks_like_title
from essaylint.ingest.structure.layout import Line, PageLayout
from essaylint.text.sections import REFERENCES_HEADING

_NUMBER = re.compile(r"^((?:\d{1,2}|[A-Z])(?:\.\d{1,2}){0,3})\.?\s+(\S.*)$")
_LETTER = re.compile(r"^([A-Z](?:\.\d{1,2}){0,2})\s+([A-Z][^.]{2,80})$")  # appendix headings
_APPENDIX = re.compile(r"^appendix\s+([A-Z])\b[.:]?\s*(.*)$", re.IGNORECASE)


@dataclass
class Heading:
    label: str  # "3.2", "A" or "" when unnumbered
    title: str
    level: int
    page: int  # 1-based
    line: Line | None  # the heading line on the page, when found
    top: float | None


def split_number(title: str) -> tuple[str, str]:
    """ "3.2 Methods" → ("3.2", "Methods"); "Appendix B: Data" → ("B", "Data")."""
    title = " ".join(title.split())
    match = _APPENDIX.match(title)
    if match:
        return match.group(1), match.group(2) or title
    match = _NUMBER.match(title)
    if match:
        label, rest = match.groups()
        # a lone capital is a label only when it reads like one ("A Details", not "A Study")
        if label.isalpha() and len(label) == 1 and rest.split()[0].lower() in _ARTICLE_WORDS:
            return "", title
        return label, rest
    return "", title


_ARTICLE_WORDS = {"study", "new", "case", "review", "note", "comparison", "survey", "model"}


def from_bookmarks(pdf: Any, pages: list[PageLayout]) -> list[Heading]:
    import pypdfium2.raw as raw

    headings: list[Heading] = []
    last_page = 1
    for bookmark in pdf.get_toc(max_depth=6):
        title = (bookmark.get_title() or "").strip()
        if not title:
            continue
        dest = bookmark.get_dest()
        page_index = dest.get_index() if dest is not None else None
        y: float | None = None
        if dest is not None and page_index is not None:
            has_x, has_y, has_z = (ctypes.c_int() for _ in range(3))
            x, yv, z = (ctypes.c_float() for _ in range(3))
            raw.FPDFDest_GetLocationInPage(dest.raw, has_x, has_y, has_z, x, yv, z)
            y = yv.value if has_y.value else None
        label, rest = split_number(title)
        page = page_index + 1 if page_index is not None and page_index >= 0 else None
        line = _find_title(pages, title, page, y, last_page)
        if line is not None:
            page = line.page
        page = page or last_page
        last_page = page
        top = line.top if line else y
        headings.append(Heading(label, rest, bookmark.level + 1, page, line, top))
    return headings


def _find_title(
    pages: list[PageLayout], title: str, page: int | None, y: float | None, after: int
) -> Line | None:
    key = _key(title)[:30]
    if not key:
        return None
    candidates = [pages[page - 1]] if page and page <= len(pages) else pages[after - 1 :]
    for layout in candidates:
        found = [line for line in layout.lines if _key(line.text).startswith(key[:20])]
        if found:
            if y is not None:
                return min(found, key=lambda line: abs(line.top - y))
            return found[0]
    return None


def _key(text: str) -> str:
    return re.sub(r"[\W_]+", "", text.lower())


def from_lines(pages: list[PageLayout], body: float) -> list[Heading]:
    """Heading lines: numbered ("3.2 Methods") or named ("Discussion"), at least body size or
    bold, short, with numbers that only move forward."""
    headings: list[Heading] = []
    last: tuple[int, ...] = ()
    after_references = False
    for layout in pages:
        for line in layout.lines:
            text = " ".join(line.text.split())
            letter = _LETTER.match(text)
            if after_references and letter and (line.bold or line.size > body * 1.05):
                label = letter.group(1)
                headings.append(
                    Heading(
                        label, letter.group(2), label.count(".") + 1, layout.number, line, line.top
                    )
                )
                continue
            plain = len(text) > 90 or text.endswith((".", ",", ";")) or line.size < body * 0.97
            bold = line.bold and len(text) <= 90 and not text.endswith((",", ";"))
            if plain and not bold:
                continue
            match = _NUMBERED_HEADING.match(text)
            if match and _looks_like_title(*match.groups()):
                number = tuple(int(n) for n in match.group(1).split("."))
                if number <= last or number[0] > (last[0] if last else 0) + 2:
                    continue
                last = number
                headings.append(
                    Heading(
                        match.group(1), match.group(2), len(number), layout.number, line, line.top
                    )
                )
            elif _NAMED_HEADING.match(text) and (line.bold or line.size > body * 1.05):
                after_references = after_references or REFERENCES_HEADING.match(text) is not None
                headings.append(Heading("", text.rstrip(":"), 1, layout.number, line, line.top))
    return headings


_BOLD_FONT = re.compile(
    r"bold|medi|semibold|black|heavy|demi|SFSX|SFBX|CMBX|CMSSBX|Hei\b|SimHei", re.IGNORECASE
)
_TITLE_START = re.compile(r"^(?:[A-ZÀ-ÞĀ-Ž]|[^\W\d_a-zß-ÿ])", re.UNICODE)
_NUMBERS = re.compile(r"\d+(?:[.,]\d+)?")
MAX_TITLE_WORDS = 12
UNIFORM = 0.9  # share of a heading line's glyphs in its font


@dataclass(frozen=True)
class Style:
    font: str  # family: no subset prefix, no TeX size digits (SFSX1440 → SFSX)
    size: float  # to 0.5 pt
    uniform: bool  # nearly all glyphs in that font


def line_style(layout: PageLayout, line: Line) -> Style:
    fonts = Counter(layout.fonts[i] for i in range(line.start, line.end) if layout.sizes[i] > 0)
    font, count = fonts.most_common(1)[0] if fonts else ("", 0)
    family = re.sub(r"\d+$", "", re.sub(r"^[A-Z]{6}\+", "", font))
    return Style(family, round(line.size * 2) / 2, count >= UNIFORM * sum(fonts.values()))


def add_styled(headings: list[Heading], pages: list[PageLayout], body: float) -> list[Heading]:
    """Headings the outline or the patterns missed: unnumbered lines alone in the style (font
    and size) of a heading already found (Vorwort, 参考文献, "Ethical Considerations"), or
    in a bold font clearly larger than the body (PLOS second-level headings)."""
    styles: dict[Style, Counter[int]] = {}
    taken: set[tuple[int, int]] = set()
    for h in headings:
        if h.line is None:
            continue
        taken.add((h.page, h.line.start))
        style = line_style(pages[h.page - 1], h.line)
        if style.uniform and (style.size >= body * 1.05 or _BOLD_FONT.search(style.font)):
            styles.setdefault(style, Counter())[h.level] += 1
    if not headings:
        return headings
    deepest = max(h.level for h in headings)
    start = _after_title_block(headings)
    found = list(headings)
    for layout in pages:
        for n, line in enumerate(layout.lines):
            if (layout.number, -line.top) > start and (layout.number, line.start) not in taken:
                level = _styled_level(layout, n, styles, body, deepest)
                if level:
                    label, rest = split_number(" ".join(line.text.split()))
                    found.append(Heading(label, rest, level, layout.number, line, line.top))
    found.sort(key=lambda h: (h.page, -(h.top if h.top is not None else 1e9)))
    return found


def _after_title_block(headings: list[Heading]) -> tuple[int, float]:
    """Lines on the first page above its first heading are the title block; a first page
    without a heading is a title page. Compared as (page, top): larger is later."""
    first = [h for h in headings if h.page == 1 and h.top is not None]
    return (1, -max(h.top for h in first)) if first else (1, 1e9)


def _styled_level(
    layout: PageLayout, n: int, styles: dict[Style, Counter[int]], body: float, deepest: int
) -> int:
    line = layout.lines[n]
    if not _title_like(line.text):
        return 0
    style = line_style(layout, line)
    if not style.uniform:
        return 0
    neighbours = layout.lines[max(0, n - 1) : n] + layout.lines[n + 1 : n + 2]
    if any(line_style(layout, other) == style for other in neighbours):
        return 0  # a paragraph set in bold, not a heading line
    after = layout.lines[n + 1].text.strip() if n + 1 < len(layout.lines) else ""
    if after[:1].islower():
        return 0  # a bold run-in sentence that goes on in the next line
    if style in styles:
        return styles[style].most_common(1)[0][0]
    if _BOLD_FONT.search(style.font) and line.size >= body * 1.1:
        return deepest + 1
    return 0


def _title_like(text: str) -> bool:
    title = " ".join(text.split())
    if not title or len(title) > 90 or len(title.split()) > MAX_TITLE_WORDS:
        return False
    if title.endswith((".", ",", ";", ":", "：", "。")) or not _TITLE_START.match(title):
        return False
    if len(_NUMBERS.findall(split_number(title)[1])) > 1:
        return False
    return sum(ch.isalpha() for ch in title) >= max(2, len(title) // 2)
