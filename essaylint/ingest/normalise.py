"""From parser text to clean paragraphs per page, with section paths and references.

Rules (SPEC §2, ingest issue): fold ligatures and whitespace but keep paragraph breaks,
join words broken by end-of-line hyphens, remove a line repeated on ≥ 60% of a
document's pages (header/footer) without losing page boundaries, and mark everything
after a References/Bibliography heading.
"""

from __future__ import annotations

import math
import re
import statistics
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import lru_cache

from essaylint.core.records import ParsedDocument, QualityStats
from essaylint.text.sections import ENTRY_LINES, REFERENCES_HEADING, entries_follow

SOFT_HYPHENS = "\ufffe\x02\xad"
EDGE_LINES = 3  # lines at the top and bottom of a page that may be header/footer
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_NUMBERED_HEADING = re.compile(r"^(\d{1,2}(?:\.\d{1,2}){0,3})\.?\s+([A-Z][^\n]{1,80})$")
_NAMED_HEADING = re.compile(
    r"^(abstract|background|introduction|methods?|materials and methods|methodology|results|"
    r"results and discussion|discussion|conclusions?|limitations|related work|evaluation|"
    r"experiments?|acknowledge?ments?|appendix|references|bibliography|works cited|"
    r"literature cited|summary|future work)\s*:?$",
    re.IGNORECASE,
)
_TERMINAL = tuple('.!?:"”')


@dataclass
class NormalisedPage:
    number: int
    text: str  # paragraphs separated by a blank line
    section_marks: list[tuple[int, str]] = field(default_factory=list)  # (offset, path)
    references_start: int | None = None

    def section_at(self, offset: int, default: str) -> str:
        path = default
        for mark_offset, mark_path in self.section_marks:
            if mark_offset > offset:
                break
            path = mark_path
        return path


@dataclass
class NormalisedDocument:
    pages: list[NormalisedPage]
    section_at_start: list[str]  # the section path in force at the top of each page
    quality: QualityStats


def normalise(document: ParsedDocument, min_share: float = 0.6) -> NormalisedDocument:
    soft_hyphens = sum(page.text.count(c) for page in document.pages for c in SOFT_HYPHENS)
    page_lines = [_clean_lines(page.text) for page in document.pages]
    templates = find_templates(page_lines, min_share)
    removed: dict[str, list[str]] = defaultdict(list)
    for lines in page_lines:
        _remove_templates(lines, templates, removed)
    state = _SectionState()
    pages: list[NormalisedPage] = []
    starts: list[str] = []
    dehyphenated = soft_hyphens
    for page, lines in zip(document.pages, page_lines, strict=True):
        starts.append(state.path)
        normalised, joins = _page_paragraphs(page.number, lines, state)
        dehyphenated += joins
        pages.append(normalised)
    quality = _quality(document, pages, page_lines, removed, dehyphenated)
    return NormalisedDocument(pages=pages, section_at_start=starts, quality=quality)


def clean_text(text: str) -> str:
    """NFKC (ligatures such as ﬁ → fi) and no control characters except newlines."""
    text = unicodedata.normalize("NFKC", text)
    text = _SOFT_HYPHEN_IN_WORD.sub(_mend_hyphen, text)  # pdfium's mark of a line-end break
    return _CONTROL.sub(lambda m: m.group() if m.group() in "\n\x02" else "", text)


_SOFT_HYPHEN_IN_WORD = re.compile(f"(\\w+)[{SOFT_HYPHENS}](\\w+)")


def _mend_hyphen(match: re.Match[str]) -> str:
    """Join a word the typesetter broke at a line end, keeping a real hyphen: before a
    capital ("N-domain"), or where both halves are words and their join is not
    ("patient-provider"); about one break in ten in the corpus is such a compound."""
    left, right = match.groups()
    if right[:1].isupper():
        return f"{left}-{right}"
    words = known_words()
    joined = (left + right).lower()
    if joined not in words and left.lower() in words and right.lower() in words:
        return f"{left}-{right}"
    return left + right


@lru_cache(maxsize=1)
def known_words() -> frozenset[str]:
    """Whole words of the embedder's WordPiece vocabulary: a 30k-entry English list."""
    from essaylint.text.tokens import load_tokenizer

    vocab = load_tokenizer().get_vocab()
    return frozenset(w for w in vocab if w.isalpha() and not w.startswith("##"))


def _clean_lines(text: str) -> list[str]:
    text = clean_text(text.replace("\t", " "))
    return [re.sub(r"[ \u00a0]+", " ", line).strip() for line in text.split("\n")]


def template_key(line: str) -> str:
    return re.sub(r"\d+", "#", line.lower()).strip()


def find_templates(page_lines: list[list[str]], min_share: float) -> set[str]:
    """Lines at page edges that recur on at least ``min_share`` of the pages.

    Journals alternate running heads between left and right pages, so the share is also
    taken over the odd and the even pages separately.
    """
    if len(page_lines) < 3:
        return set()
    templates: set[str] = set()
    for group in (page_lines, page_lines[0::2], page_lines[1::2]):
        pages_with: Counter[str] = Counter()
        for lines in group:
            pages_with.update({template_key(line) for line in _edge_lines(lines)})
        needed = max(2, math.ceil(min_share * len(group)))
        templates |= {key for key, count in pages_with.items() if count >= needed and key}
    return templates


def _edge_lines(lines: list[str]) -> list[str]:
    content = [line for line in lines if line]
    return content[:EDGE_LINES] + content[-EDGE_LINES:]


def _remove_templates(lines: list[str], templates: set[str], removed: dict[str, list[str]]) -> None:
    content_idx = [i for i, line in enumerate(lines) if line]
    edges = set(content_idx[:EDGE_LINES] + content_idx[-EDGE_LINES:])
    for i in sorted(edges):
        key = template_key(lines[i])
        if key in templates:
            if len(removed[key]) < 3:
                removed[key].append(lines[i])
            lines[i] = ""


class _SectionState:
    def __init__(self) -> None:
        self.numbered: list[tuple[str, str]] = []  # (number, label)
        self.path = ""
        self.in_references = False

    def heading(self, line: str, following: list[str]) -> bool:
        """Update the path if ``line`` is a heading; True when it is one. ``following``: the
        page's lines after it (a reference list must show its entries there)."""
        if len(line) > 90 or line.endswith((".", ",", ";")):
            return False
        match = _NUMBERED_HEADING.match(line)
        references = REFERENCES_HEADING.match(line) is not None
        if match and not self.in_references:
            number, label = match.groups()
            if not _looks_like_title(number, label):
                return False
            depth = number.count(".") + 1
            self.numbered = [n for n in self.numbered if n[0].count(".") + 1 < depth]
            self.numbered.append((number, label.strip()))
            self.path = " > ".join(f"{n} {lbl}" for n, lbl in self.numbered)
        elif (_NAMED_HEADING.match(line) or references) and not (
            self.in_references and not references and not line.lower().startswith("append")
        ):
            self.numbered = []
            self.path = line.rstrip(":").strip().title()
        else:
            return False
        if references and entries_follow(following):
            self.in_references = True
        return True


def _looks_like_title(number: str, label: str) -> bool:
    """Section titles are short, have no list punctuation and low numbers; table rows and
    numbered reference entries fail one of these."""
    words = label.split()
    if len(words) > 10 or int(number.split(".")[0]) > 20 or re.search(r"[,;]", label):
        return False
    digits = sum(c.isdigit() for c in label)
    return any(c.isalpha() for c in label) and digits <= 2


def _page_paragraphs(
    number: int, lines: list[str], state: _SectionState
) -> tuple[NormalisedPage, int]:
    page = NormalisedPage(number=number, text="")
    if state.in_references:
        page.references_start = 0
    widths = [len(line) for line in lines if line]
    typical = statistics.median(widths) if widths else 0
    paragraphs: list[str] = []
    current = ""
    joins = 0

    def close() -> None:
        nonlocal current
        text = _tidy(current)
        if text:
            paragraphs.append(text)
        current = ""

    for i, line in enumerate(lines):
        if not line:
            close()
            continue
        if state.heading(line, lines[i + 1 : i + 1 + ENTRY_LINES * 2]):
            close()
            offset = sum(len(p) + 2 for p in paragraphs)
            page.section_marks.append((offset, state.path))
            if state.in_references and page.references_start is None:
                page.references_start = offset
            if _tidy(line):
                paragraphs.append(_tidy(line))
            continue
        current, joined = _append_line(current, line)
        joins += joined
        next_line = lines[i + 1] if i + 1 < len(lines) else ""
        if next_line[:1].isupper() and _ends_block(line, typical):
            close()
    close()
    page.text = "\n\n".join(paragraphs)
    return page, joins


def _tidy(text: str) -> str:
    """A paragraph without its soft hyphens, and then without surrounding space."""
    return re.sub(f"[{SOFT_HYPHENS}]", "", text).strip()


def _ends_block(line: str, typical: float) -> bool:
    """A short line ending a sentence ends a paragraph; a very short line with no
    punctuation at all (a title, an author or affiliation line, a heading the patterns
    missed) stands alone, so it never runs into the sentence after it."""
    if line.endswith(_TERMINAL):
        return len(line) < 0.75 * typical
    return len(line) < 0.5 * typical and not line.endswith((",", "-", "(", "and", "of", "the"))


def _append_line(current: str, line: str) -> tuple[str, int]:
    """Join ``line`` to the paragraph so far, mending a word broken across the lines."""
    if not current:
        return line, 0
    if current[-1] in SOFT_HYPHENS:  # already counted in normalise()
        return current[:-1] + line, 0
    if current.endswith("-") and len(current) > 1 and current[-2].isalpha() and line[:1].islower():
        return current[:-1] + line, 1
    if current.endswith("-") and len(current) > 1 and current[-2].isalnum():
        return current + line, 0  # a real hyphen at the line end: "F1-" + "score"
    return f"{current} {line}", 0


def _quality(
    document: ParsedDocument,
    pages: list[NormalisedPage],
    page_lines: list[list[str]],
    removed: dict[str, list[str]],
    dehyphenated: int,
) -> QualityStats:
    text = "\n".join(p.text for p in pages)
    compact = re.sub(r"\s+", "", text)
    non_letter = 1 - sum(c.isalpha() for c in compact) / len(compact) if compact else 0.0
    line_pages: dict[str, set[int]] = defaultdict(set)
    for number, lines in enumerate(page_lines):
        for line in lines:
            if len(line) > 3:
                line_pages[template_key(line)].add(number)
    total = sum(1 for lines in page_lines for line in lines if len(line) > 3)
    repeated = sum(
        1
        for lines in page_lines
        for line in lines
        if len(line) > 3 and len(line_pages[template_key(line)]) > 1
    )
    words = sorted(len(p.split()) for page in pages for p in page.text.split("\n\n") if p)
    return QualityStats(
        pages=len(pages),
        pages_without_text=[p.number for p in pages if not p.text.strip()],
        repeated_line_ratio=round(repeated / total, 3) if total else 0.0,
        non_letter_ratio=round(non_letter, 3),
        paragraph_words_p10=_percentile(words, 0.1),
        paragraph_words_median=_percentile(words, 0.5),
        paragraph_words_p90=_percentile(words, 0.9),
        removed_templates=dict(removed),
        dehyphenated=dehyphenated,
    )


def _percentile(sorted_values: list[int], q: float) -> int:
    if not sorted_values:
        return 0
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]
