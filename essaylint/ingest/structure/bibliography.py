"""The bibliography split into entries (numbered, or author-year with hanging indents or
gaps), with the first author, year, DOI and a title guess of each."""

from __future__ import annotations

import itertools
import re
import statistics
import unicodedata
from dataclasses import dataclass, field

from essaylint.ingest.structure.layout import Line, PageLayout, join_line
from essaylint.text.sections import REFERENCES_HEADING

_NUMBERED = re.compile(r"^\s*\[?(\d{1,3})[\].]?\s+(?=\S)")
_YEAR = re.compile(r"\b((?:19|20)\d{2})([a-z])?\b")
_DOI = re.compile(r"\b(10\.\d{4,9}/[^\s,;]+[^\s,;.)])", re.IGNORECASE)
_END_HEADING = re.compile(r"^(appendix|appendices|supplementary|supporting information)", re.I)
_LETTER_HEADING = re.compile(r"^[A-Z](?:\.\d{1,2})?\s+[A-Z][a-z]+[^\d]{0,60}$")
MAX_CHARS = 1500  # long author lists (ACL: 40 names) come before the year


@dataclass
class BibEntry:
    label: str  # the printed number, or the ordinal for author-year lists
    text: str
    page: int
    line: Line
    lines: list[Line] = field(default_factory=list)
    surname: str = ""
    year: str = ""  # with its letter: "2010a"
    doi: str = ""
    title: str = ""
    numbered: bool = False


def find_bibliography(pages: list[PageLayout], body: float) -> list[BibEntry]:
    lines = _reference_lines(pages, body)
    if not lines:
        return []
    numbered = [ln for ln in lines if _NUMBERED.match(ln.text)]
    if len(numbered) >= max(2, len(lines) // 8):
        entries = _split_numbered(lines)
    else:
        entries = _split_hanging(lines)
    for entry in entries:
        _parse(entry)
    return entries


def _reference_lines(pages: list[PageLayout], body: float) -> list[Line]:
    start: tuple[int, int] | None = None
    for p, layout in enumerate(pages):
        for i, line in enumerate(layout.lines):
            if REFERENCES_HEADING.match(" ".join(line.text.split())):
                start = (p, i)
                break
        if start is not None:
            break
    if start is None:
        return []
    out: list[Line] = []
    for p in range(start[0], len(pages)):
        layout = pages[p]
        first = start[1] + 1 if p == start[0] else 0
        for line in layout.lines[first:]:
            text = " ".join(line.text.split())
            if not text or text.isdigit():
                continue
            big = line.size > body * 1.15 or (line.bold and line.size >= body)
            ends = (big and _END_HEADING.match(text)) or (line.bold and _LETTER_HEADING.match(text))
            if ends and out:
                return _drop_small(out)
            out.append(line)
    return _drop_small(out)


def _drop_small(lines: list[Line]) -> list[Line]:
    """Running heads and footers set smaller than the list itself."""
    if not lines:
        return lines
    usual = statistics.median(line.size for line in lines)
    return [line for line in lines if line.size >= usual * 0.7]


def _split_numbered(lines: list[Line]) -> list[BibEntry]:
    entries: list[BibEntry] = []
    expected = 1
    for line in lines:
        match = _NUMBERED.match(line.text)
        if match and int(match.group(1)) in (expected, expected + 1):
            expected = int(match.group(1)) + 1
            text = line.text[match.end() :].strip()
            entries.append(BibEntry(match.group(1), text, line.page, line, [line], numbered=True))
        elif entries and len(entries[-1].text) < MAX_CHARS:
            entries[-1].text = join_line(entries[-1].text, line.text.strip())
            entries[-1].lines.append(line)
    return entries


def _split_hanging(lines: list[Line]) -> list[BibEntry]:
    """An entry starts at its column's left margin (continuations are indented), or, in a
    list with no indents, after a gap wider than the usual line spacing."""
    margins: dict[tuple[int, int], float] = {}
    for line in lines:
        key = (line.page, _column(line))
        margins[key] = min(margins.get(key, line.left), line.left)
    gaps = [a.bottom - b.top for a, b in itertools.pairwise(lines) if a.page == b.page]
    usual = statistics.median([g for g in gaps if g > -2] or [2.0])
    indented = sum(1 for ln in lines if ln.left > margins[(ln.page, _column(ln))] + 3)
    entries: list[BibEntry] = []
    previous: Line | None = None
    for line in lines:
        at_margin = line.left <= margins[(line.page, _column(line))] + 3
        gap = previous.bottom - line.top if previous and previous.page == line.page else 99.0
        column_break = previous is None or _column(previous) != _column(line)
        if indented >= len(lines) // 5:
            starts = at_margin
        else:
            starts = gap > usual + 2 or (column_break and _looks_like_start(line.text))
        if starts or not entries:
            label = str(len(entries) + 1)
            entries.append(BibEntry(label, line.text.strip(), line.page, line, [line]))
        elif len(entries[-1].text) < MAX_CHARS:
            entries[-1].text = join_line(entries[-1].text, line.text.strip())
            entries[-1].lines.append(line)
        previous = line
    return entries


def _looks_like_start(text: str) -> bool:
    return bool(re.match(r"^[A-Z][\w'’-]+,?\s+[A-Z]", text.strip()))


def _column(line: Line) -> int:
    return 0 if line.left < 290 else 1


def _parse(entry: BibEntry) -> None:
    text = entry.text
    entry.surname = surname_key(first_surname(text))
    year = _YEAR.search(text)
    if year:
        entry.year = year.group(1) + (year.group(2) or "")
        after = text[year.end() :].lstrip(" .):,")
        entry.title = re.split(r"(?<=[a-z0-9?])\.\s", after, maxsplit=1)[0][:200]
    doi = _DOI.search(text.replace(" ", "") if "doi" in text.lower() else text)
    if doi:
        entry.doi = doi.group(1).lower()


_VANCOUVER = re.compile(
    r"^([A-Z][\w'’-]+(?:\s(?:van|von|de|der|[A-Z][\w'’-]+))?)\s+[A-Z]{1,3}\b\.?"
)


def first_surname(text: str) -> str:
    """ "Smith J, ..." / "Smith, J." / "John Smith, ..." / "J. Smith and ..." → "Smith"."""
    vancouver = _VANCOUVER.match(text.strip())
    if vancouver and not re.match(r"^[A-Z]\.", text.strip()):
        return vancouver.group(1).split()[0] if " " in vancouver.group(1) else vancouver.group(1)
    head = re.split(r",|\band\b|&|\(|\d{4}|:", text.strip(), maxsplit=1)[0].strip()
    words = [w for w in head.split() if w.strip(".")]
    if not words:
        return ""
    # "Smith JA" (Vancouver): the surname comes first, initials after
    if len(words) >= 2 and re.fullmatch(r"[A-Z]{1,3}\.?", words[-1]):
        return " ".join(words[:-1])
    # "John Smith" / "J. Smith" / "Saier and Farber": the last capitalised word
    caps = [w for w in words if w[:1].isupper() and not re.fullmatch(r"[A-Z]\.?", w)]
    return caps[-1] if caps else words[0]


def surname_key(name: str) -> str:
    folded = unicodedata.normalize("NFKD", name)
    folded = "".join(c for c in folded if not unicodedata.combining(c))
    return re.sub(r"[^a-z]", "", folded.lower())
