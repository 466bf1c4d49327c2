"""What the style rules read: each sentence's source with non-prose blanked out.

A sentence's span of ``Draft.text`` is copied and code spans, citations, evidence
placeholders, HTML comments, link targets, ``{#id}`` markers and quoted text are replaced by
spaces. Offsets therefore stay those of the file, so a regex match maps straight back to a
line and column.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from essaylint.draft import Draft, Sentence

_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_LINK_TARGET = re.compile(r"\]\([^()\s]*\)")
_MARKER = re.compile(r"\{#[^{}\n]{0,120}\}|<#[^<>{}\n]{0,120}>")
_QUOTES = re.compile(r"“[^”]*”|‘[^’]*’|\"[^\"\n]*\"|(?<!\w)'[^'\n]{2,}?'(?!\w)")
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
_COUNTED = re.compile(r"\w")


@dataclass(frozen=True)
class Lines:
    """Maps file offsets to 1-based (line, column)."""

    starts: tuple[int, ...]

    @classmethod
    def of(cls, text: str) -> Lines:
        starts = [0]
        starts += [m.end() for m in re.finditer("\n", text)]
        return cls(tuple(starts))

    def locate(self, offset: int) -> tuple[int, int]:
        index = bisect.bisect_right(self.starts, offset) - 1
        return index + 1, offset - self.starts[index] + 1


@dataclass(frozen=True)
class SentenceView:
    """A sentence plus its masked source (``masked`` starts at file offset ``start``)."""

    sentence: Sentence
    start: int
    masked: str

    def words(self) -> list[re.Match[str]]:
        return list(_WORD.finditer(self.masked))

    def opening(self) -> re.Match[str] | None:
        """The first word of the sentence (None when it starts with masked text)."""
        match = _WORD.search(self.masked)
        if match is None or self.masked[: match.start()].strip(" *_([\"'“‘"):
            return None
        return match


def blank(text: str, start: int, end: int) -> str:
    """``text`` with ``[start, end)`` replaced by spaces (newlines kept)."""
    start, end = max(0, start), min(len(text), end)
    if start >= end:
        return text
    piece = "".join("\n" if c == "\n" else " " for c in text[start:end])
    return text[:start] + piece + text[end:]


def _blank_pattern(text: str, pattern: re.Pattern[str]) -> str:
    for match in pattern.finditer(text):
        text = blank(text, match.start(), match.end())
    return text


def mask_sentence(draft: Draft, sentence: Sentence, quotes: bool = True) -> str:
    """The sentence's source span with everything that is not the student's prose blanked."""
    text = draft.text[sentence.start : sentence.end]
    for pattern in (_CODE, _COMMENT, _LINK_TARGET, _MARKER):
        text = _blank_pattern(text, pattern)
    for record in (*sentence.citations, *sentence.evidence_needed, *sentence.malformed):
        text = blank(text, record.start - sentence.start, record.end - sentence.start)
    if quotes:
        text = _blank_pattern(text, _QUOTES)
    return text.replace("*", " ").replace("_", " ")


def sentence_views(draft: Draft) -> list[SentenceView]:
    return [SentenceView(s, s.start, mask_sentence(draft, s)) for s in draft.sentences]


def count_words(text: str) -> int:
    """Words as SPEC §3 counts them: whitespace tokens holding a letter or digit."""
    return sum(1 for token in text.split() if _COUNTED.search(token))


def excerpt(text: str, limit: int = 80) -> str:
    """``text`` on one line, cut at a word boundary to about ``limit`` characters."""
    flat = " ".join(text.split())
    if len(flat) <= limit:
        return flat
    return flat[:limit].rsplit(" ", 1)[0] + " …"
