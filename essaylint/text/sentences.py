"""Rule-based sentence splitting for academic English.

Rules instead of spaCy because this runs on the commit-hook path, where importing spaCy
alone costs ~0.8 s; the rules know the abbreviations academic prose is full of (et al.,
e.g., i.e., p., pp., Fig.), initials, decimals and citation brackets.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

ABBREVIATIONS = frozenset(
    [
        "al",
        "e.g",
        "i.e",
        "eg",
        "ie",
        "cf",
        "vs",
        "etc",
        "p",
        "pp",
        "fig",
        "figs",
        "eq",
        "eqs",
        "ref",
        "refs",
        "no",
        "nos",
        "vol",
        "vols",
        "ch",
        "chap",
        "sec",
        "para",
        "approx",
        "ca",
        "dr",
        "mr",
        "mrs",
        "ms",
        "prof",
        "st",
        "jr",
        "sr",
        "inc",
        "ltd",
        "co",
        "ed",
        "eds",
        "est",
        "dept",
        "univ",
        "jan",
        "feb",
        "mar",
        "apr",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "oct",
        "nov",
        "dec",
        "resp",
        "n.b",
        "viz",
        "c.f",
        "et",
        "seq",
        "op",
        "cit",
        "ibid",
    ]
)

# A candidate boundary: terminal punctuation, optional closing quotes/brackets, then space.
_BOUNDARY = re.compile(r"[.!?]+[\"'”’)\]]*(?=\s)")
_NEXT_START = re.compile(r"\s+[\"'“‘(\[]?[A-Z0-9À-ÖØ-Þ]")
_WORD_BEFORE = re.compile(r"([A-Za-z][A-Za-z.]*)\.$")


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) character spans of the sentences in ``text``, whitespace trimmed.

    Blank lines are hard boundaries; a single newline is treated as a space.
    """
    spans: list[tuple[int, int]] = []
    for block_start, block_end in _blocks(text):
        spans.extend(_split_block(text, block_start, block_end))
    return spans


def split_sentences(text: str) -> list[str]:
    return [text[s:e] for s, e in sentence_spans(text)]


def _blocks(text: str) -> Iterator[tuple[int, int]]:
    start = 0
    for match in re.finditer(r"\n[ \t]*\n", text):
        yield start, match.start()
        start = match.end()
    yield start, len(text)


def _split_block(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    sentence_start = start
    for match in _BOUNDARY.finditer(text, start, end):
        cut = match.end()
        if not _NEXT_START.match(text, cut, end):
            continue
        if _is_abbreviation(text, sentence_start, match.start(), match.group()):
            continue
        yield from _trimmed(text, sentence_start, cut)
        sentence_start = cut
    yield from _trimmed(text, sentence_start, end)


def _is_abbreviation(text: str, sentence_start: int, dot: int, punct: str) -> bool:
    if not punct.startswith(".") or punct.startswith(".."):
        return False
    word_match = _WORD_BEFORE.search(text, sentence_start, dot + 1)
    if not word_match:
        return False
    word = word_match.group(1)
    if word.lower().rstrip(".") in ABBREVIATIONS:
        return True
    # Initials such as "J." in "Smith, J. and" or "J. N. A. Agyeman-Duah".
    return len(word) == 1 and word.isupper()


def _trimmed(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if end > start:
        yield start, end
