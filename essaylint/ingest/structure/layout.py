"""Lines of a PDF page with their boxes and font sizes (pypdfium2), the raw material of
structure extraction."""

from __future__ import annotations

import ctypes
import math
import statistics
from dataclasses import dataclass, field
from typing import Any

from essaylint.ingest.pdfpages import load_page


@dataclass
class Line:
    page: int  # 1-based
    start: int  # char index range in the page's raw text
    end: int
    text: str
    left: float
    bottom: float
    right: float
    top: float
    size: float  # median font size of its visible characters
    bold: bool


@dataclass
class PageLayout:
    number: int
    width: float
    height: float
    text: str  # the raw text layer: text[i] is the i-th character of the text page
    lines: list[Line] = field(default_factory=list)
    sizes: list[float] = field(default_factory=list)  # per character (0 for generated ones)
    boxes: list[tuple[float, float, float, float]] = field(default_factory=list)  # l, b, r, t
    origins: list[tuple[float, float]] = field(default_factory=list)  # pen x, baseline y
    fonts: list[str] = field(default_factory=list)  # font name per character ("" if none)
    rotated: list[bool] = field(default_factory=list)  # set at an angle (figure axis labels)

    def line_at(self, index: int) -> Line | None:
        for line in self.lines:
            if line.start <= index < line.end:
                return line
        return None


def read_layout(pdf: Any) -> list[PageLayout]:
    """Every page of an open pypdfium2 PdfDocument."""
    import pypdfium2.raw as raw

    pages = []
    left, right, bottom, top, x, y = (ctypes.c_double() for _ in range(6))
    for number in range(1, len(pdf) + 1):
        page = load_page(pdf, number)
        if page is None:  # damaged in the file: an empty page keeps the numbering
            pages.append(PageLayout(number, 0.0, 0.0, ""))
            continue
        textpage = page.get_textpage()
        count = raw.FPDFText_CountChars(textpage.raw)
        characters = _characters([raw.FPDFText_GetUnicode(textpage.raw, i) for i in range(count)])
        layout = PageLayout(number, *page.get_size(), "".join(c for _, c in characters))
        weights: list[int] = []
        for i, char in characters:
            generated = char in "\r\n" or raw.FPDFText_IsGenerated(textpage.raw, i) == 1
            if generated or char.isspace():
                _blank(layout)
                weights.append(0)
                continue
            raw.FPDFText_GetCharBox(textpage.raw, i, left, right, bottom, top)
            layout.boxes.append((left.value, bottom.value, right.value, top.value))
            raw.FPDFText_GetCharOrigin(textpage.raw, i, x, y)
            layout.origins.append((x.value, y.value))
            layout.sizes.append(
                round(_font_size(raw, textpage.raw, i, top.value - bottom.value), 2)
            )
            layout.fonts.append(_font_name(raw, textpage.raw, i))
            angle = raw.FPDFText_GetCharAngle(textpage.raw, i)
            layout.rotated.append(min(abs(angle), abs(angle - 2 * math.pi)) > 0.05)
            weights.append(raw.FPDFText_GetFontWeight(textpage.raw, i))
        layout.lines = _lines(layout, weights)
        textpage.close()
        page.close()
        pages.append(layout)
    return pages


def _characters(units: list[int]) -> list[tuple[int, str]]:
    """(pdfium index, character) per character of a text page. PDFium counts UTF-16 code
    units: a character outside the BMP takes two indices, joined here into one character
    (at the first index); a lone surrogate becomes U+FFFD, so the text is valid Unicode and
    ``text[i]`` stays the character whose box is ``boxes[i]``."""
    out: list[tuple[int, str]] = []
    i = 0
    while i < len(units):
        unit = units[i]
        if 0xD800 <= unit < 0xDC00 and i + 1 < len(units) and 0xDC00 <= units[i + 1] < 0xE000:
            out.append((i, chr(0x10000 + ((unit - 0xD800) << 10) + (units[i + 1] - 0xDC00))))
            i += 2
            continue
        out.append((i, "\ufffd" if 0xD800 <= unit < 0xE000 or unit == 0 else chr(unit)))
        i += 1
    return out


def _blank(layout: PageLayout) -> None:
    layout.sizes.append(0.0)
    layout.boxes.append((0.0, 0.0, 0.0, 0.0))
    layout.origins.append((0.0, 0.0))
    layout.fonts.append("")
    layout.rotated.append(False)


def _font_size(raw: Any, textpage: Any, i: int, glyph_height: float) -> float:
    """The effective size: pdfium says 1 when the size lives in the text matrix, which then
    scales it; without a matrix the glyph box gives an estimate."""
    size = raw.FPDFText_GetFontSize(textpage, i)
    if size >= 3:
        return size
    matrix = raw.FS_MATRIX()
    if raw.FPDFText_GetMatrix(textpage, i, matrix):
        scale = math.sqrt(abs(matrix.a * matrix.d - matrix.b * matrix.c))
        if scale > 0 and size * scale >= 3:
            return size * scale
    return glyph_height / 0.7


def _font_name(raw: Any, textpage: Any, i: int) -> str:
    flags = ctypes.c_int()
    buffer = ctypes.create_string_buffer(128)
    length = raw.FPDFText_GetFontInfo(textpage, i, buffer, 128, flags)
    if length > 128:
        buffer = ctypes.create_string_buffer(length)
        raw.FPDFText_GetFontInfo(textpage, i, buffer, length, flags)
    return buffer.value.decode("utf-8", "replace") if length > 0 else ""


def _lines(layout: PageLayout, weights: list[int]) -> list[Line]:
    lines: list[Line] = []
    text = layout.text
    start = 0
    for i in range(len(text) + 1):
        if i < len(text) and text[i] not in "\r\n":
            continue
        visible = [j for j in range(start, i) if layout.sizes[j] > 0]
        if visible:
            boxes = [layout.boxes[j] for j in visible]
            lines.append(
                Line(
                    page=layout.number,
                    start=start,
                    end=i,
                    text=text[start:i],
                    left=min(b[0] for b in boxes),
                    bottom=min(b[1] for b in boxes),
                    right=max(b[2] for b in boxes),
                    top=max(b[3] for b in boxes),
                    size=statistics.median(layout.sizes[j] for j in visible),
                    bold=sum(weights[j] >= 600 for j in visible) > len(visible) / 2,
                )
            )
        start = i + 1
    return lines


def join_line(text: str, more: str) -> str:
    """``text`` and the next line's ``more``: a word hyphenated at the line end ("struc-" /
    "ture") joined, otherwise one space between."""
    if text.endswith("-") and more[:1].islower():
        return text[:-1] + more
    return f"{text} {more}".strip()


def join_lines(parts: list[str]) -> str:
    out = ""
    for part in parts:
        out = join_line(out, part)
    return out


def body_size(pages: list[PageLayout]) -> float:
    """The most common font size of the document's characters (its body text)."""
    counts: dict[float, int] = {}
    for page in pages:
        for size in page.sizes:
            if size > 0:
                key = round(size * 2) / 2
                counts[key] = counts.get(key, 0) + 1
    return max(counts, key=lambda k: counts[k]) if counts else 10.0


def drop_running_lines(pages: list[PageLayout], min_share: float = 0.6) -> None:
    """Remove running heads and footers (the lines normalise() removes) from the lines."""
    from essaylint.ingest.normalise import EDGE_LINES, _clean_lines, find_templates, template_key

    texts = [[" ".join(_clean_lines(line.text)) for line in page.lines] for page in pages]
    templates = find_templates(texts, min_share)
    if not templates:
        return
    for page, lines in zip(pages, texts, strict=True):
        edges = set(range(EDGE_LINES)) | set(range(len(lines) - EDGE_LINES, len(lines)))
        page.lines = [
            line
            for i, (line, text) in enumerate(zip(page.lines, lines, strict=True))
            if not (i in edges and template_key(text) in templates)
        ]
