"""The title block of page 1: the largest type near the top is the title, the lines under
it, up to the first affiliation or the abstract, are the authors."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from essaylint.ingest.metadata.layout import Line, PageLines
from essaylint.ingest.metadata.names import looks_like_name, split_names, surname_first

_LABEL = re.compile(
    r"^(?:(?:original|research|review|short|brief|regular|full|invited|technical|case|"
    r"clinical|methods?|software|data|systematic)\s+)*(?:article|paper|report|communication|"
    r"review|note|letter|study|editorial|commentary|perspective|protocol|research)s?"
    r"(?:\s+open\s+access)?$|^open\s+access$|^abstract$",
    re.IGNORECASE,
)
_NOT_TITLE = re.compile(r"www\.|https?://|@|doi\b|©|\bISSN\b|\bvol(?:ume)?\b\.?\s*\d", re.I)
_AFFILIATION = re.compile(
    r"universit|université|universidad|universität|universiteit|department|dept\.|"
    r"institut|school|college|faculty|hospital|laborator|\bcent(?:er|re)\b|\binc\.|\bltd\b|"
    r"corporation|gmbh|\bdivision\b|\bunit\b|academy|ministry|foundation|"
    r"\bclinic\b|@|\babstract\b|\bsummary\b|\bkeywords?\b|correspond|received|e-?mail",
    re.IGNORECASE,
)
_STOP = re.compile(r"^(?:abstract|summary|résumé|keywords?|introduction|1\.?\s+introduction)\b", re.I)
TOP_SHARE = 0.7  # the title sits in the upper part of page 1
TITLE_CONTRAST = 1.15  # a title is set larger than the body text


@dataclass
class TitleBlock:
    title: str = ""
    authors: list[str] = field(default_factory=list)
    author_text: str = ""


def read_title_block(page: PageLines) -> TitleBlock:
    lines = page.lines
    body = _body_size(lines)
    candidates = [
        i
        for i, line in enumerate(lines)
        if line.top < page.height * TOP_SHARE
        and _could_be_title(line)
        and line.size >= TITLE_CONTRAST * body
    ]
    if not candidates:
        return TitleBlock()
    largest = max(lines[i].size for i in candidates)
    start = next(i for i in candidates if lines[i].size >= largest - 0.5)
    end = start
    while end + 1 < len(lines) and _continues_title(lines[end + 1], largest, lines[end]):
        end += 1
    title = " ".join(lines[i].text for i in range(start, end + 1))
    block = TitleBlock(title=_tidy_title(title))
    block.author_text = _author_text(lines[end + 1 :], largest)
    block.authors = authors_from_text(block.author_text)
    return block


def authors_from_text(text: str) -> list[str]:
    """Names from an author line; empty when the line holds anything but names."""
    names = split_names(text)
    good = [n for n in names if looks_like_name(n)]
    if not good or len(good) < 0.6 * len(names):
        return []
    return [surname_first(n) for n in good]


def _could_be_title(line: Line) -> bool:
    text = line.text.strip()
    letters = sum(c.isalpha() for c in text)
    return letters >= 4 and not _LABEL.match(text) and not _NOT_TITLE.search(text)


def _continues_title(line: Line, largest: float, previous: Line) -> bool:
    if line.size < largest - 0.5 or _LABEL.match(line.text.strip()):
        return False
    return line.top - previous.bottom < 2.5 * largest


def _tidy_title(title: str) -> str:
    title = re.sub(r"(\w)[\u00ad\x02]\s*(\w)", r"\1\2", title)  # soft hyphens at line ends
    title = re.sub(r"\s+", " ", title).strip(" .")
    return title


def _author_text(lines: list[Line], title_size: float) -> str:
    """The author lines: after the title, while each line holds names (or only the commas
    and marks between them), before affiliations, the abstract or large type."""
    taken: list[str] = []
    for line in lines[:8]:
        text = line.text.strip()
        if _STOP.match(text) or _AFFILIATION.search(text) or line.size >= title_size - 0.5:
            break
        names = [n for n in split_names(text) if looks_like_name(n)]
        if not names and not re.fullmatch(r"[\W\d_]*", text):
            break
        taken.append(text)
        if len(taken) >= 5:
            break
    return ", ".join(taken)


def _body_size(lines: list[Line]) -> float:
    """The type size most of the page's characters are set in."""
    sizes: dict[float, int] = {}
    for line in lines:
        if line.size:
            sizes[line.size] = sizes.get(line.size, 0) + len(line.text)
    return max(sizes, key=lambda s: sizes[s]) if sizes else 0.0
