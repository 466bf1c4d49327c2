"""PDF text per page with pypdfium2 (see bench/README_parsers.md for the choice)."""

from __future__ import annotations

import re
from pathlib import Path

from essaylint.core.errors import SourceError
from essaylint.core.records import PageText, ParsedDocument
from essaylint.ingest.metadata import pdf_metadata
from essaylint.ingest.pdfpages import load_page


def parse_pdf(path: Path, doc_uid: str, rel_path: str) -> ParsedDocument:
    import pypdfium2 as pdfium

    try:
        pdf = pdfium.PdfDocument(str(path))
    except pdfium.PdfiumError as exc:
        raise _explain_open_error(exc) from exc
    try:
        pages, warnings = _page_texts(pdf)
        metadata = pdf_metadata(pdf, path)
    finally:
        pdf.close()
    return ParsedDocument(
        doc_uid=doc_uid,
        source_path=rel_path,
        parser=f"pypdfium2 {pdfium.PYPDFIUM_INFO}",
        pages=pages,
        metadata=metadata,
        warnings=warnings,
    )


def _page_texts(pdf: object) -> tuple[list[PageText], list[str]]:
    import pypdfium2.raw as pdfium_c

    pages: list[PageText] = []
    scanned: list[int] = []
    damaged: list[int] = []
    for number in range(1, len(pdf) + 1):  # type: ignore[arg-type]
        page = load_page(pdf, number)
        if page is None:
            damaged.append(number)
            pages.append(PageText(number=number, text=""))
            continue
        textpage = page.get_textpage()
        text = textpage.get_text_range().replace("\r\n", "\n").replace("\r", "\n")
        textpage.close()
        if not text.strip() and any(page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_IMAGE])):
            scanned.append(number)
        page.close()
        pages.append(PageText(number=number, text=text))
    if pages and len(damaged) == len(pages):
        raise SourceError(
            "damaged: pdfium opens the file but can load none of its pages",
            "download the file again or re-export it from its source",
        )
    warnings = []
    if scanned:
        which = _pages(scanned, "has", "have")
        warnings.append(f"{which} no text layer (scanned image): needs OCR")
    if damaged:
        warnings.append(
            f"{_pages(damaged, 'is', 'are')} damaged in the file and read as empty: open the PDF "
            "and print it to a new PDF in raw/ to recover the text"
        )
    return pages, warnings


def _explain_open_error(exc: Exception) -> SourceError:
    message = str(exc)
    if "password" in message.lower():
        return SourceError(
            "encrypted: the PDF needs a password to open",
            "save an unencrypted copy (open it and print/export to PDF) into raw/",
        )
    detail = re.sub(r"^Failed to load document\s*", "", message).strip(" .()")
    return SourceError(
        f"corrupt or not a PDF ({detail or message})",
        "download the file again or re-export it from its source",
    )


def _pages(numbers: list[int], one: str, many: str) -> str:
    """E.g. 'page 3 has' or 'pages 1-3, 7 have'."""
    return f"page {numbers[0]} {one}" if len(numbers) == 1 else f"pages {_ranges(numbers)} {many}"


def _ranges(numbers: list[int]) -> str:
    """[1, 2, 3, 7] → "1-3, 7"."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}" if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)
