"""Pages of an open pypdfium2 document, where one page object may be damaged.

Some publishers' files have a cross-reference entry that points nowhere: pdfium opens the
document but cannot load that page. Every reader of pages (text, metadata, layout) asks
here, so such a page is read as empty and the rest of the document is still ingested.
"""

from __future__ import annotations

from typing import Any


def load_page(pdf: Any, number: int) -> Any | None:
    """Page ``number`` (1-based), or None when pdfium cannot load it."""
    import pypdfium2 as pdfium

    try:
        return pdf[number - 1]
    except pdfium.PdfiumError:
        return None
