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
_NEXT_START = re.compile(r"\s+[\"'“‘(\[*_]*[A-Z0-9À-ÖØ-Þ]")
# Abbreviations that may also end a sentence: split when a capitalised word follows.
SENTENCE_FINAL_ABBREVIATIONS = frozenset({"etc", "al"})
_CAPITAL_WORD_NEXT = re.compile(r"\s+[*_]*[A-ZÀ-ÖØ-Þ][a-zà-öø-ÿ]")
_DOTTED_INITIALISM = re.compile(r"^(?:[A-Za-z]\.)+[A-Za-z]$")
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
        if _is_abbreviation(text, sentence_start, match.start(), match.group(), cut):
            continue
        yield from _trimmed(text, sentence_start, cut)
        sentence_start = cut
    yield from _trimmed(text, sentence_start, end)


def _is_abbreviation(text: str, sentence_start: int, dot: int, punct: str, cut: int) -> bool:
    if not punct.startswith(".") or punct.startswith(".."):
        return False
    word_match = _WORD_BEFORE.search(text, sentence_start, dot + 1)
    if not word_match:
        return False
    word = word_match.group(1)
    lowered = word.lower().rstrip(".")
    if lowered in SENTENCE_FINAL_ABBREVIATIONS:
        return not _CAPITAL_WORD_NEXT.match(text, cut)
    if lowered in {"no", "nos"}:  # "No. 5" abbreviates; "The answer was no. Then" ends
        return bool(re.match(r"\s+\d", text[cut:]))
    if lowered in ABBREVIATIONS or _DOTTED_INITIALISM.match(word):
        return True
    return (
        len(word) == 1 and word.isupper() and _is_initial(text, sentence_start, word_match.start())
    )


def _is_initial(text: str, sentence_start: int, letter: int) -> bool:
    """ "J." in "J. Smith" or "Smith, J." is an initial; "D." in "vitamin D." is not."""
    before = text[sentence_start:letter].rstrip()
    if not before or before.endswith((",", "(", "&")):
        return True
    previous = before.split()[-1]
    return previous[0].isupper() or bool(_DOTTED_INITIALISM.match(previous.rstrip(".")))


def _trimmed(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if end > start:
        yield start, end
