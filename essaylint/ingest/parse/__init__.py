"""Turn one source file into a ParsedDocument: text per page, nothing else decided."""

from __future__ import annotations

from pathlib import Path

from essaylint.core.errors import SourceError
from essaylint.core.records import ParsedDocument, SourceFile
from essaylint.ingest.parse.markup import parse_docx, parse_html, parse_markdown, parse_text
from essaylint.ingest.parse.pdf import parse_pdf

PARSERS = {
    ".pdf": parse_pdf,
    ".docx": parse_docx,
    ".html": parse_html,
    ".htm": parse_html,
    ".md": parse_markdown,
    ".markdown": parse_markdown,
    ".txt": parse_text,
}


def parse_source(
    root: Path, source: SourceFile, max_file_mb: float, max_pages: int
) -> ParsedDocument:
    path = root / source.path
    if source.size == 0:
        raise SourceError("empty file (0 bytes)", "replace it with the real document")
    if source.size > max_file_mb * 1024 * 1024:
        raise SourceError(
            f"file is {source.size / 2**20:.0f} MB, over ingest.max_file_mb ({max_file_mb:g} MB)",
            "split it into parts, or raise ingest.max_file_mb in essaylint.yaml",
        )
    parser = PARSERS[path.suffix.lower()]
    try:
        document = parser(path, source.doc_uid, source.path)
    except (FileNotFoundError, PermissionError, IsADirectoryError) as exc:
        raise SourceError(
            f"cannot be read ({exc.strerror or exc})",
            "check that the file is still there and that you may read it",
        ) from exc
    if len(document.pages) > max_pages:
        raise SourceError(
            f"{len(document.pages)} pages, over ingest.max_pages ({max_pages})",
            "split the document, or raise ingest.max_pages in essaylint.yaml",
        )
    if not any(page.text.strip() for page in document.pages):
        if any("needs OCR" in w for w in document.warnings):
            raise SourceError(
                "no text layer on any page (scanned or image-only): needs OCR",
                "run OCR first (e.g. `ocrmypdf in.pdf out.pdf`) and put the result in raw/",
            )
        raise SourceError("no text found in the file", "check that the file is not blank")
    return document
