"""DOCX, HTML, Markdown and plain text: no pages, so sections become the parents."""

from __future__ import annotations

import re
from pathlib import Path

from essaylint.errors import SourceError
from essaylint.records import DocumentMetadata, PageText, ParsedDocument

MAX_SECTION_WORDS = 1200
_MD_HEADING = re.compile(r"^#{1,6}\s+\S")


def parse_text(path: Path, doc_uid: str, rel_path: str) -> ParsedDocument:
    text, warnings = read_text_file(path)
    return _sectioned(doc_uid, rel_path, "text", _split_long([text]), DocumentMetadata(), warnings)


def parse_markdown(path: Path, doc_uid: str, rel_path: str) -> ParsedDocument:
    text, warnings = read_text_file(path)
    text = re.sub(r"\A---\n.*?\n---\n", "", text, flags=re.DOTALL)
    sections: list[str] = []
    current: list[str] = []
    for line in text.splitlines():
        if _MD_HEADING.match(line) and any(s.strip() for s in current):
            sections.append("\n".join(current))
            current = []
        current.append(line)
    sections.append("\n".join(current))
    title = next((ln.lstrip("# ").strip() for ln in text.splitlines() if ln.startswith("# ")), "")
    metadata = DocumentMetadata(title=title)
    return _sectioned(doc_uid, rel_path, "markdown", _split_long(sections), metadata, warnings)


def parse_docx(path: Path, doc_uid: str, rel_path: str) -> ParsedDocument:
    import docx

    try:
        document = docx.Document(str(path))
    except Exception as exc:  # python-docx raises several unrelated types on bad input
        raise SourceError(
            f"not a readable Word document ({type(exc).__name__}: {exc})",
            "open it in Word or LibreOffice and save it again as .docx",
        ) from exc
    sections: list[str] = []
    current: list[str] = []
    for paragraph in document.paragraphs:
        style = (paragraph.style.name or "") if paragraph.style is not None else ""
        if style.lower().startswith("heading") and any(s.strip() for s in current):
            sections.append("\n\n".join(current))
            current = []
        if paragraph.text.strip():
            current.append(paragraph.text)
    sections.append("\n\n".join(current))
    props = document.core_properties
    metadata = DocumentMetadata(
        title=props.title or "",
        authors=[a.strip() for a in (props.author or "").split(";") if a.strip()],
        year=props.created.year if props.created else None,
    )
    return _sectioned(doc_uid, rel_path, "python-docx", _split_long(sections), metadata, [])


def parse_html(path: Path, doc_uid: str, rel_path: str) -> ParsedDocument:
    from bs4 import BeautifulSoup

    raw, warnings = read_text_file(path)
    soup = BeautifulSoup(raw, "html.parser")
    for tag in soup(["script", "style", "nav", "header", "footer", "noscript"]):
        tag.decompose()
    sections: list[str] = []
    current: list[str] = []
    for element in soup.find_all(["h1", "h2", "h3", "h4", "p", "li", "blockquote", "td"]):
        text = element.get_text(" ", strip=True)
        if not text:
            continue
        if element.name in {"h1", "h2", "h3", "h4"} and current:
            sections.append("\n\n".join(current))
            current = []
        current.append(text)
    sections.append("\n\n".join(current))
    title = soup.title.get_text(strip=True) if soup.title else ""
    metadata = DocumentMetadata(title=title)
    return _sectioned(
        doc_uid, rel_path, "beautifulsoup4", _split_long(sections), metadata, warnings
    )


def read_text_file(path: Path) -> tuple[str, list[str]]:
    """UTF-8 (with or without BOM); otherwise cp1252 with a warning, never a crash."""
    data = path.read_bytes()
    try:
        return data.decode("utf-8-sig"), []
    except UnicodeDecodeError as exc:
        warning = (
            f"not valid UTF-8 (byte {exc.start}); read as Windows-1252 — "
            "re-save the file as UTF-8 if characters look wrong"
        )
        return data.decode("cp1252", errors="replace"), [warning]


def _split_long(sections: list[str]) -> list[str]:
    """Cut sections longer than MAX_SECTION_WORDS at paragraph breaks."""
    out: list[str] = []
    for section in sections:
        if not section.strip():
            continue
        part: list[str] = []
        words = 0
        for paragraph in re.split(r"\n\s*\n", section):
            n = len(paragraph.split())
            if part and words + n > MAX_SECTION_WORDS:
                out.append("\n\n".join(part))
                part, words = [], 0
            part.append(paragraph)
            words += n
        if part:
            out.append("\n\n".join(part))
    return out


def _sectioned(
    doc_uid: str,
    rel_path: str,
    parser: str,
    sections: list[str],
    metadata: DocumentMetadata,
    warnings: list[str],
) -> ParsedDocument:
    return ParsedDocument(
        doc_uid=doc_uid,
        source_path=rel_path,
        parser=parser,
        pages=[PageText(number=i, text=text) for i, text in enumerate(sections, start=1)],
        metadata=metadata,
        has_page_numbers=False,
        warnings=warnings,
    )
