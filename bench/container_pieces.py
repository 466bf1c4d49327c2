"""The pieces a learned container reader scores (bench/learned_readers.py; measured, not
shipped): the lines that carry bibliographic data (page 1, the running heads and feet, the
top of page 2) cut at their separators and cues ("Cogito Smart Journal | Vol. 9", "© 2016
IEEE", "Published by Elsevier Inc."), each piece with the words around it and where and how
its line is set."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise

from essaylint.ingest.library_columns import fold
from essaylint.ingest.metadata.names import looks_like_name
from essaylint.ingest.metadata.printed import PrintedText, normalise

FRONT_LINES = 80  # of page 1
SECOND_PAGE_LINES = 40
LONGEST_PIECE = 16  # words
SHORTEST_PIECE = 3  # letters

# where a line splits into pieces that can each be a name
_SEPARATORS = re.compile(r"\s[|•·/]\s|\s+-\s+|;\s|\t|\s{3,}|[|•·]")
# what leads into a name: a © line, "published by", "Publisher:", a year
_LEAD = re.compile(
    r"""^(?:(?:©|\(c\)|\#|[,.:;]|\d{4}(?:\s*-\s*\d{4})?
    |(?:copyright|c|q|by|the\s+authors?\(?s?\)?|all\s+rights\s+reserved|published|publi[ée]e?
    |publicad[oa]|edited|éditée?|herausgegeben|e-publisher|publisher|editor[ae]?|editorial
    |licensee|por|par|von|and|on|behalf|of|in|under|licen[cs]e|exclusive|to|for)\b\.?)\s*)+""",
    re.IGNORECASE | re.VERBOSE,
)
# where a name may start inside a stretch: after ©, "published by", "licensee", a sentence
_INNER_START = re.compile(
    r"©|\(c\)|\bcopyright\b|\bpubli\w*\s+(?:by|por|par|von)\b|\bpublisher:|\blicensee\b"
    r"|\bon behalf of\b|\bby\b|(?<=[a-z)])\.\s+(?=[A-Z])",
    re.IGNORECASE,
)
# where a name ends on its line: a volume, a year, a date, a location
_TAIL = re.compile(
    r"""(?:\s*[,.(:]?\s*(?:\d|vol\b|vol\.|volume\b|no\.|nr\.|n[º°]|issue\b|issn\b|isbn\b|doi\b
    |https?:|www\.|all\s+rights|printed\s+in|published\s+online|licensee\b)).*$""",
    re.IGNORECASE | re.VERBOSE,
)
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
_CUE_WORDS = 2


@dataclass(frozen=True)
class Piece:
    """A stretch of one line that may be a name, with where it stands."""

    text: str
    line: str
    before: str  # the line's text before the piece
    after: str
    page: int
    zone: str  # "head", "foot" (a margin), "front" (page 1's body), "verso" (page 2's top)
    size_rank: int  # 0 the largest type on page 1, 9 not known
    recurs: bool  # the line recurs on another page


def pieces(text: PrintedText) -> list[Piece]:
    """Every piece of the lines that carry bibliographic data, each once per line."""
    out: list[Piece] = []
    seen: set[tuple[str, str]] = set()
    for line, page, zone, size_rank, recurs in _lines(text):
        for piece in _cut(line):
            key = (piece[0], line)
            if key not in seen:
                seen.add(key)
                out.append(Piece(piece[0], line, piece[1], piece[2], page, zone, size_rank, recurs))
    return out


def _lines(text: PrintedText) -> Iterator[tuple[str, int, str, int, bool]]:
    margins = text.margin_lines()
    recurring = {line for number, line in margins if number != 1}
    for number, line in margins:
        yield line, number, "margin", 9, line in recurring
    first = text.first
    if first is not None and first.lines:
        sizes = sorted({round(line.size, 1) for line in first.lines}, reverse=True)
        for line in first.lines[:FRONT_LINES]:
            rank = min(sizes.index(round(line.size, 1)), 8) if line.size else 9
            zone = "top" if line.top < first.height * 0.5 else "bottom"
            yield normalise(line.text), 1, zone, rank, False
    second = text.page(2)
    if second is not None:
        for line in second.lines[:SECOND_PAGE_LINES]:
            yield normalise(line.text), 2, "verso", 9, False


def _cut(line: str) -> Iterator[tuple[str, str, str]]:
    """(piece, before, after) for each stretch between separators and after each inner cue
    ("© 2016 IEEE", "Published by Elsevier Inc."), with its lead-in cues and its locator
    tail taken off, and each stretch's part before its first comma."""
    line = " ".join(line.split())
    starts = [0]
    spans = []
    for match in _SEPARATORS.finditer(line):
        spans.append((starts[-1], match.start()))
        starts.append(match.end())
    spans.append((starts[-1], len(line)))
    ends = {begin: end for begin, end in spans}
    if len(spans) > 1:
        spans.append((0, len(line)))
    for begin, end in list(spans):
        for match in _INNER_START.finditer(line, begin, end):
            spans.append((match.end(), ends.get(begin, end)))
    for begin, end in spans:
        part = line[begin:end].strip()
        lead = _LEAD.match(part)
        skip = lead.end() if lead else 0
        body = _TAIL.sub("", part[skip:]).strip(" ,.;:-()[]|•·")
        for piece in {body, body.split(",")[0].strip(" .;:-")}:
            if _plausible(piece):
                offset = line.find(piece, begin)
                yield piece, line[:offset], line[offset + len(piece) :]


def _plausible(piece: str) -> bool:
    letters = sum(c.isalpha() for c in piece)
    return letters >= SHORTEST_PIECE and len(piece.split()) <= LONGEST_PIECE


def record_features(record_type: str, has_doi: bool) -> list[str]:
    """What the rules already read that bears on every piece: the type and a DOI."""
    return [f"type={record_type or 'none'}"] + (["doi"] if has_doi else [])


def features(piece: Piece, record: list[str]) -> list[str]:
    """The names of the features a piece has (each counts 1), ``record`` those of
    :func:`record_features`."""
    words = [w.casefold() for w in _WORD.findall(piece.text)]
    before = [w.casefold() for w in re.findall(r"\S+", piece.before)][-_CUE_WORDS:]
    after = [w.casefold() for w in re.findall(r"\S+", piece.after)][:_CUE_WORDS]
    out = [f"w={w}" for w in set(words)]
    out += [f"b={a} {b}" for a, b in pairwise(words)]
    out += [f"first={words[0]}", f"last={words[-1]}"] if words else []
    out += [f"before={w}" for w in before] + [f"after={w}" for w in after]
    out += [f"before_last={before[-1]}"] if before else ["line_start"]
    out += [f"after_first={after[0]}"] if after else ["line_end"]
    out += [
        f"zone={piece.zone}",
        f"page={min(piece.page, 4)}",
        f"size={piece.size_rank}",
        f"zone_size={piece.zone}{piece.size_rank}",
        f"words={min(len(words), 8)}",
        f"share={round(len(piece.text) / max(len(piece.line), 1), 1)}",
        f"caps={_caps(piece.text)}",
    ]
    out += ["recurs"] if piece.recurs else []
    out += ["whole_line"] if piece.text == piece.line.strip(" .,;") else []
    out += ["copyright_line"] if "©" in piece.line or "copyright" in piece.line.casefold() else []
    out += ["digits_after"] if re.match(r"\W*\d", piece.after) else []
    out += ["known_journal"] if _known_journal(piece.text) else []
    out += ["person"] if looks_like_name(piece.text) else []
    return out + record


def _caps(text: str) -> str:
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return "none"
    if all(c.isupper() for c in letters):
        return "upper"
    initials = [w[0].isupper() for w in text.split() if w[0].isalpha() and len(w) > 3]
    return "title" if initials and all(initials) else "mixed"


def _known_journal(text: str) -> bool:
    from essaylint.ingest.metadata.journals import known_titles

    return fold(text) in known_titles()
