"""The instruction documents (raw/instruction/) read as lines with heading and locator.

Parsed caches from `essaylint ingest` are used when current; otherwise each file is parsed
directly, so `essaylint rubric` and `essaylint brief` work before the first ingest.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from essaylint.audit.rubric.records import SourceRef
from essaylint.config import load_config
from essaylint.config.schema import Config
from essaylint.core.errors import SourceError
from essaylint.core.project import Project
from essaylint.core.records import ParsedDocument, SourceFile
from essaylint.ingest.discover import discover_sources, link_policy
from essaylint.ingest.hygiene import clean_document
from essaylint.ingest.parse import parse_source
from essaylint.ingest.pipeline import parse_key

INSTRUCTION_TYPES = ("guidance", "feedback", "slides", "exemplar")
LineKind = Literal["heading", "list", "table", "text", "blank"]

_MD_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_LIST_ITEM = re.compile(
    r"^\s*(?:([-*•+–])|(\(?\d{1,2}[.)]|\(?[a-z][.)]|\(?[ivx]{1,4}[.)]))\s+(.*)$"
)
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")
_EMPHASIS = re.compile(r"(\*\*|__|\*|_|`)(?=\S)(.+?)(?<=\S)\1")


@dataclass(frozen=True)
class DocLine:
    """One line of an instruction document with what is known about where it sits."""

    text: str  # as in the document (Markdown kept)
    kind: LineKind
    heading_path: tuple[str, ...]
    page: int | None  # PDF page; None for sectioned formats
    level: int = 0  # heading level for headings
    marker: str = ""  # list marker ("1.", "-") for list items
    body: str = ""  # list item / heading text without its marker

    @property
    def heading(self) -> str:
        return self.heading_path[-1] if self.heading_path else ""


@dataclass
class InstructionDoc:
    path: str  # relative to the project root
    source_type: str
    has_page_numbers: bool
    lines: list[DocLine] = field(default_factory=list)

    def ref(self, line: DocLine) -> SourceRef:
        if self.has_page_numbers:
            return SourceRef(self.path, page=line.page)
        return SourceRef(self.path, section=plain(line.heading) or "(start)")


def plain(text: str) -> str:
    """Markdown emphasis and code marks removed, spaces collapsed."""
    previous = None
    while previous != text:
        previous, text = text, _EMPHASIS.sub(r"\2", text)
    return re.sub(r"\s+", " ", text).strip()


def instruction_sources(project: Project) -> list[SourceFile]:
    links = link_policy(load_config(project.config_path))
    sources, _ = discover_sources(project.root, links)
    return [s for s in sources if s.path.startswith("raw/instruction/")]


def load_instruction_docs(project: Project) -> tuple[list[InstructionDoc], list[str]]:
    """Every readable instruction document, and a warning for each one that is not. A file
    the ingest parsed (with whichever parser it was configured with) is not parsed again."""
    config = load_config(project.config_path)
    docs: list[InstructionDoc] = []
    warnings: list[str] = []
    for source in instruction_sources(project):
        try:
            parsed = _parsed(project, config, source)
        except SourceError as exc:
            warnings.append(f"{source.path}: {exc.reason}")
            continue
        docs.append(to_instruction_doc(parsed, source.source_type))
    return docs, warnings


def _parsed(project: Project, config: Config, source: SourceFile) -> ParsedDocument:
    cached = project.store.parsed.get(source.doc_uid, parse_key(config))
    if cached is not None:
        return clean_document(cached)
    settings = config.ingest
    parsed = parse_source(project.root, source, settings.max_file_mb, settings.max_pages)
    return clean_document(parsed)


def to_instruction_doc(parsed: ParsedDocument, source_type: str) -> InstructionDoc:
    doc = InstructionDoc(parsed.source_path, source_type, parsed.has_page_numbers)
    stack: list[tuple[int, str]] = []
    for page in parsed.pages:
        number = page.number if parsed.has_page_numbers else None
        for raw in page.text.splitlines():
            line = _classify(raw, stack, number)
            if parsed.has_page_numbers and line.kind == "text" and _looks_like_heading(line.body):
                line = DocLine(raw, "heading", line.heading_path, number, 2, "", line.body)
            if line.kind == "heading":
                while stack and stack[-1][0] >= line.level:
                    stack.pop()
                stack.append((line.level, line.body))
                line = DocLine(
                    raw, "heading", tuple(h for _, h in stack), number, line.level, "", line.body
                )
            doc.lines.append(line)
    return doc


def _classify(raw: str, stack: list[tuple[int, str]], page: int | None) -> DocLine:
    path = tuple(h for _, h in stack)
    text = raw.rstrip()
    if not text.strip():
        return DocLine(text, "blank", path, page)
    heading = _MD_HEADING.match(text)
    if heading:
        return DocLine(text, "heading", path, page, len(heading.group(1)), "", heading.group(2))
    if "|" in text and text.count("|") >= 2:
        if _TABLE_RULE.match(text):
            return DocLine(text, "blank", path, page)
        return DocLine(text, "table", path, page)
    item = _LIST_ITEM.match(text)
    if item:
        marker = (item.group(1) or item.group(2) or "").strip()
        return DocLine(text, "list", path, page, 0, marker, item.group(3).strip())
    return DocLine(text, "text", path, page, 0, "", text.strip())


def _looks_like_heading(text: str) -> bool:
    """A PDF line that reads as a heading: short, capitalised, no sentence punctuation."""
    words = text.rstrip(":").split()
    return (
        0 < len(words) <= 6
        and text[0].isupper()
        and text[-1] not in ".,;!?"
        and not re.search(r"\d{2,}|%", text)
        and sum(w[0].isupper() for w in words if w[0].isalpha()) >= max(1, len(words) // 2)
    )
