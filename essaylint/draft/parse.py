"""Read a Markdown draft into the shared ``Draft`` model (SPEC §3).

markdown-it finds the blocks and their line ranges; the text of each paragraph is then
taken from the original lines (block-quote and list prefixes cut off), so every offset
maps back to an exact 1-based line and column of the file, front matter included.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar

from markdown_it import MarkdownIt
from markdown_it.token import Token

from essaylint.draft.citations import scan_citations
from essaylint.draft.records import (
    ALL_RULES,
    Citation,
    CitationScan,
    Draft,
    EvidenceNeeded,
    Located,
    MalformedCitation,
    Paragraph,
    ParagraphKind,
    Quotation,
    Section,
    Sentence,
    Waiver,
    rule_matches,
)
from essaylint.text.sentences import sentence_spans

REFERENCE_HEADINGS = frozenset(
    {"references", "reference list", "bibliography", "works cited", "list of references"}
)
_MD = MarkdownIt("commonmark")
_WAIVER = re.compile(r"<!--\s*essaylint-(disable-next-line|disable|enable)\b(.*?)-->", re.S)
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_BACKTICKS = re.compile(r"`+")
_STRAY_MARKER = re.compile(r"\{#[^{}\n]{0,120}\}|<#[^<>{}\n]{0,120}>")
_LINK_TARGET = re.compile(r"\]\([^()\s]*\)")
_SPACE_BEFORE_PUNCT = re.compile(r"\s+([.,;:!?)\]])")
_HEADING_NUMBER = re.compile(r"^(?:\d+(?:\.\d+)*|[ivxlc]+)[.)]?\s+", re.I)
_WORD = re.compile(r"\w")

LocatedT = TypeVar("LocatedT", bound=Located)


def parse_draft(path: Path) -> Draft:
    """Parse the draft at ``path`` (UTF-8; undecodable bytes are replaced, never fatal,
    and named in the draft's ``warnings``)."""
    text, warnings = decode_draft(path.read_bytes(), path.name)
    draft = parse_draft_text(text, str(path))
    return replace(draft, warnings=tuple(warnings)) if warnings else draft


def decode_draft(data: bytes, name: str) -> tuple[str, list[str]]:
    """The draft's text, and a warning for anything that is not plain UTF-8: the first
    undecodable byte (its line), a UTF-16 file, NUL bytes."""
    for bom, codec in ((b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be")):
        if data.startswith(bom):
            text = data[len(bom) :].decode(codec, "replace")
            return text, [f"{name} is saved as UTF-16: save it as UTF-8 (git and pandoc expect it)"]
    warnings = []
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        text = data.decode("utf-8", "replace")
        warnings.append(
            f"{name}:{line}:{column}: not valid UTF-8 (first bad byte 0x{data[exc.start]:02x}); "
            "undecodable bytes read as U+FFFD: save the draft as UTF-8"
        )
    if "\0" in text:
        line = text[: text.index("\0")].count("\n") + 1
        warnings.append(f"{name}:{line}: NUL bytes: is this a text file?")
    return text, warnings


def parse_draft_text(text: str, path: str = "<text>") -> Draft:
    """Parse Markdown ``text``; ``path`` is only recorded."""
    source = _normalise(text)
    lines = source.split("\n")
    front = _front_matter(lines)
    body = "\n".join([""] * front.line_count + lines[front.line_count :])
    builder = _Builder(source, lines)
    builder.walk(_MD.parse(body))
    return builder.draft(path, front)


# -- front matter --------------------------------------------------------------------------


@dataclass
class _FrontMatter:
    line_count: int = 0
    data: dict[str, Any] = field(default_factory=dict)
    raw: str = ""
    error: str = ""


def _normalise(text: str) -> str:
    """The text markdown-it sees: no BOM, LF line ends, no NUL characters."""
    text = text.removeprefix("\ufeff")
    return text.replace("\r\n", "\n").replace("\r", "\n").replace("\0", "\ufffd")


def _front_matter(lines: list[str]) -> _FrontMatter:
    if not lines or lines[0].rstrip() != "---":
        return _FrontMatter()
    for index in range(1, len(lines)):
        if lines[index].rstrip() in ("---", "..."):
            raw = "\n".join(lines[1:index])
            data, error = _load_yaml(raw)
            return _FrontMatter(index + 1, data, raw, error)
    return _FrontMatter()


def _load_yaml(raw: str) -> tuple[dict[str, Any], str]:
    import yaml  # only front matter needs it

    try:
        data = yaml.safe_load(raw)
    except Exception as exc:  # any YAML failure is reported, never raised
        return {}, f"front matter is not valid YAML: {getattr(exc, 'problem', None) or exc}"
    if data is None:
        return {}, ""
    if not isinstance(data, dict):
        return {}, "front matter is not a mapping of keys to values"
    return {str(key): value for key, value in data.items()}, ""


# -- paragraph text mapped back to the file ----------------------------------------------------


@dataclass
class _Block:
    """A paragraph's text taken from the source lines, with the way back to them."""

    text: str
    line_numbers: list[int]  # 1-based file line of each text line
    columns: list[int]  # 0-based file column where each text line starts
    offsets: list[int]  # offset in ``text`` where each text line starts

    @property
    def line_start(self) -> int:
        return self.line_numbers[0]

    @property
    def line_end(self) -> int:
        return self.line_numbers[-1]

    def locate(self, offset: int) -> tuple[int, int]:
        """(line, column), 1-based, in the file."""
        index = max(0, bisect.bisect_right(self.offsets, offset) - 1)
        return self.line_numbers[index], self.columns[index] + offset - self.offsets[index] + 1


def _block(token: Token, lines: list[str]) -> _Block | None:
    first = token.map[0] if token.map else 0
    pieces: list[str] = []
    numbers: list[int] = []
    columns: list[int] = []
    offsets: list[int] = []
    offset = 0
    for index, content_line in enumerate(token.content.split("\n")):
        if first + index >= len(lines):
            break
        source_line = lines[first + index]
        column = _content_column(source_line, content_line)
        piece = source_line[column:]
        pieces.append(piece)
        numbers.append(first + index + 1)
        columns.append(column)
        offsets.append(offset)
        offset += len(piece) + 1
    if not pieces:
        return None
    pieces[-1] = pieces[-1].rstrip()
    return _Block("\n".join(pieces), numbers, columns, offsets)


def _content_column(source_line: str, content_line: str) -> int:
    """Where markdown-it's text of a line starts in the source line (after ``>``, ``-``...)."""
    stripped = content_line.strip()
    indent = len(source_line) - len(source_line.lstrip())
    if not stripped:
        return indent
    body = source_line.rstrip()
    if body.endswith(stripped):
        return len(body) - len(stripped)
    found = source_line.find(stripped)
    return found if found >= 0 else indent


def _code_spans(text: str) -> list[tuple[int, int]]:
    """Inline code spans: a run of backticks up to the next run of the same length."""
    runs = [(m.start(), m.end()) for m in _BACKTICKS.finditer(text)]
    spans: list[tuple[int, int]] = []
    index = 0
    while index < len(runs):
        start, end = runs[index]
        closing = next(
            (j for j in range(index + 1, len(runs)) if runs[j][1] - runs[j][0] == end - start),
            None,
        )
        if closing is None:
            index += 1
            continue
        spans.append((start, runs[closing][1]))
        index = closing + 1
    return spans


def _comment_spans(text: str, code: list[tuple[int, int]]) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in _COMMENT.finditer(text) if not _inside(m.start(), code)]


def _inside(offset: int, spans: Iterable[tuple[int, int]]) -> bool:
    return any(start <= offset < end for start, end in spans)


def _mask(text: str, spans: Iterable[tuple[int, int]]) -> str:
    """Blank ``spans`` out with spaces, keeping newlines so offsets and lines stay put."""
    chars = list(text)
    for start, end in spans:
        for index in range(start, end):
            if chars[index] != "\n":
                chars[index] = " "
    return "".join(chars)


# -- the walk over markdown-it tokens -------------------------------------------------------


@dataclass
class _Directive:
    kind: str
    rules: tuple[str, ...]
    line: int
    end_line: int


@dataclass
class _Heading:
    text: str
    level: int


class _Builder:
    def __init__(self, source: str, lines: list[str]) -> None:
        self.source = source
        self.lines = lines
        self.line_starts = [0]
        for line in lines[:-1]:
            self.line_starts.append(self.line_starts[-1] + len(line) + 1)
        self.title = ""
        self.title_line = 0
        self.stack: list[_Heading] = []
        self.reference_level: int | None = None
        self.sections: list[Section] = []
        self.paragraphs: list[Paragraph] = []
        self.sentences: list[Sentence] = []
        self.quotations: list[Quotation] = []
        self.citations: list[Citation] = []
        self.placeholders: list[EvidenceNeeded] = []
        self.malformed: list[MalformedCitation] = []
        self.reference_citations: list[Citation] = []
        self.reference_malformed: list[MalformedCitation] = []
        self.directives: list[_Directive] = []
        self.word_count = 0

    # -- tokens ------------------------------------------------------------------------------

    def walk(self, tokens: Sequence[Token]) -> None:
        self.title_line = _title_line(tokens)
        quote_depth = list_depth = 0
        for index, token in enumerate(tokens):
            if token.type == "blockquote_open":
                quote_depth += 1
            elif token.type == "blockquote_close":
                quote_depth -= 1
            elif token.type in ("bullet_list_open", "ordered_list_open"):
                list_depth += 1
            elif token.type in ("bullet_list_close", "ordered_list_close"):
                list_depth -= 1
            elif token.type == "heading_open" and index + 1 < len(tokens):
                self._heading(token, tokens[index + 1])
            elif token.type == "html_block":
                self._html_block(token)
            elif token.type == "inline" and index and tokens[index - 1].type == "paragraph_open":
                self._paragraph(token, quoted=quote_depth > 0, listed=list_depth > 0)

    def _heading(self, token: Token, inline: Token) -> None:
        level = int(token.tag[1:]) if token.tag[1:].isdigit() else 1
        text = " ".join(inline.content.split())
        line = (token.map[0] if token.map else 0) + 1
        if self.reference_level is not None and level <= self.reference_level:
            self.reference_level = None
        if self.reference_level is None and _is_reference_heading(text):
            self.reference_level = level
        is_title = line == self.title_line
        if is_title:
            self.title = text
        else:
            while self.stack and self.stack[-1].level >= level:
                self.stack.pop()
            self.stack.append(_Heading(text, level))
        section = Section(
            heading=text,
            level=level,
            line=line,
            end_line=line,
            path=text if is_title else self.section_path,
            is_title=is_title,
            is_reference_list=self.reference_level is not None,
        )
        self.sections.append(section)

    @property
    def section_path(self) -> str:
        return " > ".join(heading.text for heading in self.stack)

    def _html_block(self, token: Token) -> None:
        first = token.map[0] if token.map else 0
        for match in _WAIVER.finditer(token.content):
            line = first + token.content.count("\n", 0, match.start()) + 1
            end_line = first + token.content.count("\n", 0, match.end()) + 1
            self.directives.append(_directive(match, line, end_line))

    def _paragraph(self, token: Token, quoted: bool, listed: bool) -> None:
        block = _block(token, self.lines)
        if block is None:
            return
        code = _code_spans(block.text)
        comments = _comment_spans(block.text, code)
        self._inline_waivers(block, comments)
        local = scan_citations(_mask(block.text, code + comments))
        scan = self._relocated(local, block)
        if self.reference_level is not None:
            self.reference_citations.extend(scan.citations)
            self.reference_malformed.extend(scan.malformed)
            return
        self.citations.extend(scan.citations)
        self.placeholders.extend(scan.evidence_needed)
        self.malformed.extend(scan.malformed)
        prose = _Prose(block.text, local, code, comments)
        self.word_count += _count_words(prose.plain(0, len(block.text), drop_code=True))
        if quoted:
            self._quotation(block, scan)
        else:
            kind: ParagraphKind = "list_item" if listed else "paragraph"
            self._sentences(block, _Found(local, scan), prose, comments, kind)

    def _inline_waivers(self, block: _Block, comments: list[tuple[int, int]]) -> None:
        for start, end in comments:
            match = _WAIVER.fullmatch(block.text, start, end)
            if match:
                line, end_line = block.locate(start)[0], block.locate(end)[0]
                self.directives.append(_directive(match, line, end_line))

    def _quotation(self, block: _Block, scan: CitationScan) -> None:
        quotation = Quotation(
            text=block.text,
            line_start=block.line_start,
            line_end=block.line_end,
            section_path=self.section_path,
            citations=scan.citations,
        )
        self.quotations.append(quotation)

    def _sentences(
        self,
        block: _Block,
        found: _Found,
        prose: _Prose,
        comments: list[tuple[int, int]],
        kind: ParagraphKind,
    ) -> None:
        spans = _sentence_spans(block.text, comments)
        paragraph_index = len(self.paragraphs)
        ids: list[str] = []
        for number, (start, end) in enumerate(spans):
            owned = _Owned(spans, number)
            sentence_id = f"s{len(self.sentences) + 1:03d}"
            ids.append(sentence_id)
            self.sentences.append(
                Sentence(
                    sentence_id=sentence_id,
                    text=block.text[start:end],
                    plain_text=prose.plain(start, end, drop_code=False),
                    paragraph_index=paragraph_index,
                    section_path=self.section_path,
                    citations=owned.pick(found.local.citations, found.moved.citations),
                    evidence_needed=owned.pick(
                        found.local.evidence_needed, found.moved.evidence_needed
                    ),
                    malformed=owned.pick(found.local.malformed, found.moved.malformed),
                    **self._span(block, start, end),
                )
            )
        self.paragraphs.append(
            Paragraph(
                index=paragraph_index,
                kind=kind,
                section_path=self.section_path,
                line_start=block.line_start,
                line_end=block.line_end,
                sentence_ids=tuple(ids),
                text=block.text,
            )
        )

    # -- positions -----------------------------------------------------------------------------

    def _file_offset(self, line: int, column: int) -> int:
        return self.line_starts[line - 1] + column - 1

    def _span(self, block: _Block, start: int, end: int) -> dict[str, int]:
        line, column = block.locate(start)
        end_line, end_column = block.locate(end)
        return {
            "line": line,
            "column": column,
            "end_line": end_line,
            "end_column": end_column,
            "start": self._file_offset(line, column),
            "end": self._file_offset(end_line, end_column),
        }

    def _relocated(self, scan: CitationScan, block: _Block) -> CitationScan:
        """Move records from offsets in the paragraph text to positions in the file."""

        def move(record: LocatedT) -> LocatedT:
            # raw comes from the unmasked text: a comment inside a citation stays visible
            raw = block.text[record.start : record.end]
            return replace(record, raw=raw, **self._span(block, record.start, record.end))

        return CitationScan(
            citations=tuple(move(c) for c in scan.citations),
            evidence_needed=tuple(move(e) for e in scan.evidence_needed),
            malformed=tuple(move(m) for m in scan.malformed),
        )

    # -- result --------------------------------------------------------------------------------

    def draft(self, path: str, front: _FrontMatter) -> Draft:
        return Draft(
            path=path,
            text=self.source,
            title=self.title,
            front_matter=front.data,
            front_matter_raw=front.raw,
            front_matter_error=front.error,
            sections=_with_end_lines(self.sections, _last_content_line(self.lines)),
            paragraphs=tuple(self.paragraphs),
            sentences=tuple(self.sentences),
            quotations=tuple(self.quotations),
            citations=tuple(self.citations),
            placeholders=tuple(self.placeholders),
            waivers=_waivers(self.directives, self.lines),
            malformed=tuple(self.malformed),
            reference_citations=tuple(self.reference_citations),
            reference_malformed=tuple(self.reference_malformed),
            word_count=self.word_count,
        )


@dataclass(frozen=True)
class _Found:
    """A paragraph's scan with offsets in the paragraph (``local``) and in the file."""

    local: CitationScan
    moved: CitationScan


class _Owned:
    """Which records belong to sentence ``number``: those starting in it, or in the gap after it."""

    def __init__(self, spans: list[tuple[int, int]], number: int) -> None:
        self.low = spans[number][0] if number else -1
        self.high = spans[number + 1][0] if number + 1 < len(spans) else None

    def pick(self, local: Sequence[Located], moved: Sequence[LocatedT]) -> tuple[LocatedT, ...]:
        return tuple(m for r, m in zip(local, moved, strict=True) if self._owns(r.start))

    def _owns(self, offset: int) -> bool:
        return offset >= self.low and (self.high is None or offset < self.high)


@dataclass
class _Prose:
    """The paragraph with citation markup taken out, so it reads (and counts) as prose."""

    text: str
    scan: CitationScan
    code: list[tuple[int, int]]
    comments: list[tuple[int, int]]

    def plain(self, start: int, end: int, drop_code: bool) -> str:
        edits = self._citation_edits()
        edits += [(s, e, " ") for s, e in self.comments]
        edits += [
            (m.start(), m.end(), "")
            for m in _STRAY_MARKER.finditer(self.text)
            if not _inside(m.start(), self.code)
        ]
        if drop_code:
            edits += [(s, e, " ") for s, e in self.code]
        return _tidy(_apply(self.text, start, end, edits))

    def _citation_edits(self) -> list[tuple[int, int, str]]:
        edits = [(e.start, e.end, "") for e in self.scan.evidence_needed]
        for citation in self.scan.citations:
            keep = citation.items[0].author_text if citation.kind == "narrative" else ""
            edits.append((citation.start, citation.end, keep))
        return edits


def _apply(text: str, start: int, end: int, edits: list[tuple[int, int, str]]) -> str:
    pieces: list[str] = []
    cursor = start
    for edit_start, edit_end, replacement in sorted(edits):
        if edit_start < cursor or edit_start >= end:
            continue
        pieces.append(text[cursor:edit_start])
        pieces.append(replacement)
        cursor = min(edit_end, end)
    pieces.append(text[cursor:end])
    return "".join(pieces)


def _tidy(text: str) -> str:
    return _SPACE_BEFORE_PUNCT.sub(r"\1", " ".join(text.split()))


def _count_words(text: str) -> int:
    text = _LINK_TARGET.sub("]", text)
    return sum(1 for token in text.split() if _WORD.search(token))


def _sentence_spans(text: str, comments: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sentences of a paragraph; comments and ``*`` emphasis are hidden from the splitter.

    The splitter only starts a sentence at a capital, digit, quote or bracket, so
    ``**Crucially**, ...`` would otherwise run on from the sentence before.
    """
    masked = _mask(text, comments).replace("*", " ")
    spans = []
    for start, end in sentence_spans(masked):
        while start > 0 and text[start - 1] == "*":
            start -= 1
        while end < len(text) and text[end] == "*":
            end += 1
        spans.append((start, end))
    return spans


# -- headings and sections ---------------------------------------------------------------------


def _title_line(tokens: Sequence[Token]) -> int:
    """Line of the document title: a first heading that is the only level-1 heading."""
    headings = [t for t in tokens if t.type == "heading_open"]
    if not headings or headings[0].tag != "h1":
        return 0
    if sum(1 for t in headings if t.tag == "h1") != 1:
        return 0
    return (headings[0].map[0] if headings[0].map else 0) + 1


def _is_reference_heading(text: str) -> bool:
    name = _HEADING_NUMBER.sub("", text.strip()).strip().rstrip(":").strip().lower()
    return name in REFERENCE_HEADINGS


def _with_end_lines(sections: list[Section], last_line: int) -> tuple[Section, ...]:
    result = []
    for index, section in enumerate(sections):
        following = (s.line for s in sections[index + 1 :] if s.level <= section.level)
        end_line = max(section.line, next(following, last_line + 1) - 1)
        result.append(replace(section, end_line=end_line))
    return tuple(result)


def _last_content_line(lines: list[str]) -> int:
    for index in range(len(lines) - 1, -1, -1):
        if lines[index].strip():
            return index + 1
    return 1


# -- waivers -------------------------------------------------------------------------------


def _directive(match: re.Match[str], line: int, end_line: int) -> _Directive:
    rules = tuple(r.lower() for r in re.split(r"[,\s]+", match.group(2).strip()) if r)
    return _Directive(match.group(1), rules, line, end_line)


@dataclass
class _Open:
    rules: tuple[str, ...]
    except_rules: tuple[str, ...]
    start: int


def _waivers(directives: list[_Directive], lines: list[str]) -> tuple[Waiver, ...]:
    """Turn disable / enable / disable-next-line comments into line ranges."""
    waivers: list[Waiver] = []
    opened: list[_Open] = []
    for directive in sorted(directives, key=lambda d: d.line):
        rules = directive.rules or (ALL_RULES,)
        if directive.kind == "disable-next-line":
            target = _next_content_line(lines, directive.end_line)
            waivers.append(Waiver(rules=rules, line_start=target, line_end=target))
        elif directive.kind == "disable":
            opened.append(_Open(rules, (), directive.line))
        else:
            opened = _enable(opened, directive, waivers)
    last = max(len(lines), 1)
    for still_open in opened:
        waivers.append(_closed(still_open, last))
    return tuple(waivers)


def _enable(opened: list[_Open], directive: _Directive, waivers: list[Waiver]) -> list[_Open]:
    """Close what ``enable`` names; a broader waiver reopens with the rule excepted."""
    remaining: list[_Open] = []
    for entry in opened:
        enabled = directive.rules
        if enabled and not any(_overlaps(rule, enabled) for rule in entry.rules):
            remaining.append(entry)
            continue
        waivers.append(_closed(entry, directive.line))
        if not enabled:
            continue
        kept = tuple(r for r in entry.rules if not any(rule_matches(r, e) for e in enabled))
        if kept:
            except_rules = entry.except_rules + enabled
            remaining.append(_Open(kept, except_rules, directive.line + 1))
    return remaining


def _overlaps(rule: str, enabled: tuple[str, ...]) -> bool:
    return rule == ALL_RULES or any(rule_matches(rule, e) or rule_matches(e, rule) for e in enabled)


def _closed(entry: _Open, end_line: int) -> Waiver:
    return Waiver(
        rules=entry.rules,
        line_start=entry.start,
        line_end=max(entry.start, end_line),
        except_rules=entry.except_rules,
    )


def _next_content_line(lines: list[str], after: int) -> int:
    """The first non-blank line after 1-based line ``after``."""
    for index in range(after, len(lines)):
        if lines[index].strip():
            return index + 1
    return after + 1
