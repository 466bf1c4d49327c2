"""Internal links (GoTo actions and destinations) with the text under each link's rectangle,
its destination page and point, and the destination's name when the PDF gives one."""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from typing import Any

from essaylint.ingest.pdfpages import load_page
from essaylint.ingest.structure.layout import PageLayout


@dataclass
class Link:
    page: int  # 1-based source page
    start: int  # raw char range of the text under the link
    end: int
    text: str
    dest_page: int | None  # 1-based
    dest_x: float | None
    dest_y: float | None
    dest_name: str


def find_links(pdf: Any, pages: list[PageLayout]) -> list[Link]:
    import pypdfium2.raw as raw

    links: list[Link] = []
    for layout in pages:
        page = load_page(pdf, layout.number)
        if page is None:
            continue
        position = ctypes.c_int(0)
        link = raw.FPDF_LINK()
        found: list[Link] = []
        while raw.FPDFLink_Enumerate(page.raw, ctypes.byref(position), ctypes.byref(link)):
            dest = raw.FPDFLink_GetDest(pdf.raw, link)
            if not dest:
                action = raw.FPDFLink_GetAction(link)
                if not action or raw.FPDFAction_GetType(action) != raw.PDFACTION_GOTO:
                    continue
                dest = raw.FPDFAction_GetDest(pdf.raw, action)
            if not dest:
                continue
            rect = raw.FS_RECTF()
            if not raw.FPDFLink_GetAnnotRect(link, ctypes.byref(rect)):
                continue
            start, end = _chars_in(layout, rect)
            if start is None or end is None:
                continue
            index = raw.FPDFDest_GetDestPageIndex(pdf.raw, dest)
            x, y = _location(dest)
            name = _dest_name(page, link)
            found.append(
                Link(
                    page=layout.number,
                    start=start,
                    end=end,
                    text=layout.text[start:end],
                    dest_page=index + 1 if index >= 0 else None,
                    dest_x=x,
                    dest_y=y,
                    dest_name=name,
                )
            )
        page.close()
        links += _merge_split(found)
    return links


def _chars_in(layout: PageLayout, rect: Any) -> tuple[int | None, int | None]:
    """The first and one-past-last character whose centre lies in the rectangle."""
    left, right = min(rect.left, rect.right), max(rect.left, rect.right)
    bottom, top = min(rect.bottom, rect.top), max(rect.bottom, rect.top)
    inside = [
        i
        for i, (lo, bo, ro, to) in enumerate(layout.boxes)
        if layout.sizes[i] > 0
        and left - 0.5 <= (lo + ro) / 2 <= right + 0.5
        and bottom - 0.5 <= (bo + to) / 2 <= top + 0.5
    ]
    if not inside:
        return None, None
    return inside[0], inside[-1] + 1


def _location(dest: Any) -> tuple[float | None, float | None]:
    import pypdfium2.raw as raw

    has_x, has_y, has_z = (ctypes.c_int() for _ in range(3))
    x, y, z = (ctypes.c_float() for _ in range(3))
    ok = raw.FPDFDest_GetLocationInPage(dest, has_x, has_y, has_z, x, y, z)
    if not ok:
        return None, None
    return (x.value if has_x.value else None), (y.value if has_y.value else None)


def _dest_name(page: Any, link: Any) -> str:
    """The /Dest of the link annotation when it is a name ("table.4", "link_CR12")."""
    import pypdfium2.raw as raw

    annot = raw.FPDFLink_GetAnnot(page.raw, link)
    if not annot:
        return ""
    size = raw.FPDFAnnot_GetStringValue(annot, b"Dest", None, 0)
    if size <= 2:
        return ""
    buffer = ctypes.create_string_buffer(size)
    pointer = ctypes.cast(buffer, ctypes.POINTER(raw.FPDF_WCHAR))
    raw.FPDFAnnot_GetStringValue(annot, b"Dest", pointer, size)
    return buffer.raw.decode("utf-16-le", errors="ignore").rstrip("\x00")


def _merge_split(links: list[Link]) -> list[Link]:
    """One citation broken over two lines gives two links to the same place: join them."""
    merged: list[Link] = []
    for link in sorted(links, key=lambda k: k.start):
        last = merged[-1] if merged else None
        same = last is not None and (last.dest_page, last.dest_x, last.dest_y, last.dest_name) == (
            link.dest_page,
            link.dest_x,
            link.dest_y,
            link.dest_name,
        )
        if last is not None and same and 0 <= link.start - last.end <= 3:
            last.end = link.end
            last.text = last.text + " " + link.text
            continue
        merged.append(link)
    return merged
