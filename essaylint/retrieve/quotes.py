"""Exact quotes: whole sentences that state the finding, verbatim from the parent text."""

from __future__ import annotations

import re
from collections.abc import Sequence

from essaylint.retrieve.finding import probabilities, terms
from essaylint.text.entries import ReferenceEntries
from essaylint.text.sentences import sentence_spans

MAX_QUOTE_WORDS = 60
ANCHOR_WORDS = 8
_WORD = re.compile(r"\S+")
_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")
_ENDS_SENTENCE = re.compile(r"[.!?][\"'”’)\]]*$")
HEADING_WORDS = 20  # a paragraph this short without a final stop is a heading or a byline
# A sentence that is only a heading number or a structured-abstract label.
_SECTION_LABEL = re.compile(
    r"(?:\d+(?:\.\d+)*\.?|(?:abstract|background|introduction|objectives?|aims?|purpose|"
    r"methods?|design|setting|participants|results?|findings|conclusions?|discussion|"
    r"interpretation|keywords?)\s*[.:]?)",
    re.IGNORECASE,
)
# A sentence of a publisher's open-access licence, wherever the layout put it (a region at
# ingest catches the paragraph only when the paragraph starts with it).
_LICENCE = re.compile(
    r"\bthis (?:work|article) is licen[cs]ed under|\bincluded in the article['’]s creative "
    r"commons licen[cs]e|\bto view a copy of this licen[cs]e|\bpermits unrestricted use, "
    r"distribution",
    re.IGNORECASE,
)
query_terms = terms


def best_quote(
    text: str,
    start: int,
    end: int,
    query: str,
    max_words: int = MAX_QUOTE_WORDS,
    excluded: Sequence[tuple[int, int]] = (),
    title: str = "",
    judge: bool = False,
) -> tuple[int, int]:
    """(start, end) in ``text`` of at most ``max_words`` words: the run of whole sentences
    most likely to state the finding asked for (finding.py), inside [start, end) or, when
    that holds no quotable sentence, anywhere in ``text``; (start, start) when nothing is.

    Never quoted: titles, bylines and headings, section labels ("Conclusion.", "1."), and
    the ``excluded`` ranges (reference list, front and back matter, boilerplate, captions,
    table cells, footnotes: the regions marked at ingest), and reference entries no
    heading marked (text/entries.py). A quote stays inside one
    paragraph; a sentence too long on its own is cut at word boundaries around the match.
    With ``judge``, the evidence judge also reads the best sentences against the query.
    """
    blocks = _quotable(text, start, end, excluded) or _quotable(text, 0, len(text), excluded)
    spans = [span for block in blocks for span in block]
    if not spans:
        return start, start
    mass = probabilities([text[s:e] for s, e in spans], query, title, judge=judge)
    best: tuple[int, int] = spans[int(mass.argmax())]
    best_mass = -1.0
    offset = 0
    for block in blocks:
        for run_start, run_end, run_mass in _runs(text, block, mass[offset:], max_words):
            if run_mass > best_mass + 1e-12:
                best, best_mass = (run_start, run_end), run_mass
        offset += len(block)
    if _words(text, *best) > max_words:
        return _word_window(text, *best, query_terms(query), max_words)
    return best


def _quotable(
    text: str, start: int, end: int, excluded: Sequence[tuple[int, int]]
) -> list[list[tuple[int, int]]]:
    """The quote blocks of [start, end) without the sentences that touch an excluded range
    or sit in a run of reference entries (a block is split where one is dropped)."""
    out: list[list[tuple[int, int]]] = []
    entries = ReferenceEntries(text, start, end)
    for block in _quote_blocks(text, start, end):
        run: list[tuple[int, int]] = []
        for s, e in block:
            if any(s < x_end and x_start < e for x_start, x_end in excluded) or (s, e) in entries:
                if run:
                    out.append(run)
                run = []
            else:
                run.append((s, e))
        if run:
            out.append(run)
    return out


def _runs(
    text: str, block: list[tuple[int, int]], mass: Sequence[float], max_words: int
) -> list[tuple[int, int, float]]:
    """Each run of consecutive sentences of a block that fits in ``max_words`` (a single
    sentence always counts), with its probability mass."""
    lengths = [_words(text, s, e) for s, e in block]
    out = []
    for i in range(len(block)):
        words, total = 0, 0.0
        for j in range(i, len(block)):
            words += lengths[j]
            if words > max_words and j > i:
                break
            total += float(mass[j])
            out.append((block[i][0], block[j][1], total))
    return out


def _quote_blocks(text: str, start: int, end: int) -> list[list[tuple[int, int]]]:
    """The sentences inside [start, end), in runs a quote may span: one paragraph at most,
    split at section labels and licence sentences; headings (a title, an author line,
    "# Methods") are left out."""
    blocks: list[list[tuple[int, int]]] = []
    for p_start, p_end, whole in _paragraphs(text, start, end):
        paragraph = text[p_start:p_end]
        if whole and _is_heading(paragraph):
            continue
        block: list[tuple[int, int]] = []
        for s, e in sentence_spans(paragraph):
            piece = paragraph[s:e]
            if not piece.strip():
                continue
            if _SECTION_LABEL.fullmatch(piece.strip()) or _LICENCE.search(piece):
                blocks.append(block)
                block = []
                continue
            lead = len(piece) - len(piece.lstrip())
            block.append((p_start + s + lead, p_start + e))
        blocks.append(block)
    return [b for b in blocks if b]


def _paragraphs(text: str, start: int, end: int) -> list[tuple[int, int, bool]]:
    """(start, end, whole) of each paragraph overlapping [start, end), clipped to it;
    ``whole`` when the clipping cut nothing off."""
    out = []
    cursor = 0
    for gap in [*_PARAGRAPH_BREAK.finditer(text), None]:
        p_end = gap.start() if gap else len(text)
        s, e = max(cursor, start), min(p_end, end)
        if s < e:
            out.append((s, e, s == cursor and e == p_end))
        cursor = gap.end() if gap else len(text)
    return out


def _is_heading(paragraph: str) -> bool:
    stripped = paragraph.strip()
    if stripped.startswith("#"):
        return True
    return len(stripped.split()) <= HEADING_WORDS and not _ENDS_SENTENCE.search(stripped)


def anchor_text(text: str, words: int = ANCHOR_WORDS) -> str:
    return " ".join(_WORD.findall(text)[:words])


def word_count(text: str) -> int:
    return len(_WORD.findall(text))


def _words(text: str, start: int, end: int) -> int:
    return word_count(text[start:end])


def _word_window(
    text: str, start: int, end: int, terms: set[str], max_words: int
) -> tuple[int, int]:
    words = [(m.start() + start, m.end() + start) for m in _WORD.finditer(text[start:end])]
    if not words:
        return start, start
    if len(words) <= max_words:
        return words[0][0], words[-1][1]
    hits = [1 if query_terms(text[s:e]) & terms else 0 for s, e in words]
    best_first, best_hits = 0, -1
    for first in range(len(words) - max_words + 1):
        count = sum(hits[first : first + max_words])
        if count > best_hits:
            best_first, best_hits = first, count
    return words[best_first][0], words[best_first + max_words - 1][1]
