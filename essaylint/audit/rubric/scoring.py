"""Scores of draft text against one rubric item: embedding cosine plus keyword overlap.

Two views are averaged: the best section (see :func:`score_item`) and the best sentence window
(0.6 sentence cosine + 0.4 share of keywords in the sentence and its neighbours).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from essaylint.text.stopwords import RUBRIC

if TYPE_CHECKING:
    import numpy as np

STOPWORDS = RUBRIC
TOP_SENTENCES = 3  # the section view averages this many of its best sentences
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]+")
_SUFFIXES = ("ations", "ation", "ities", "ity", "ments", "ment", "ial", "ies", "es", "s", "ing")


def stem(word: str) -> str:
    word = word.lower().strip("'-")
    for suffix in (*_SUFFIXES, "ed", "al"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            word = word[: -len(suffix)]
            break
    return word[:6]


def keywords(text: str) -> set[str]:
    return {stem(w) for w in _WORD.findall(text) if w.lower() not in STOPWORDS and len(w) > 2}


@dataclass
class Unit:
    """A section of the draft with its sentences (plain text) and vectors."""

    section: str
    line_start: int
    line_end: int
    text: str
    sentences: list[str]
    sentence_lines: list[int]
    vector: np.ndarray
    sentence_vectors: np.ndarray
    keywords: set[str] = field(default_factory=set)
    sentence_keywords: list[set[str]] = field(default_factory=list)


@dataclass
class Hit:
    paragraph_score: float  # the section view
    window_score: float
    unit: Unit
    line: int  # the line of the best sentence window

    @property
    def score(self) -> float:
        return 0.5 * self.paragraph_score + 0.5 * self.window_score


def overall(hits: list[Hit]) -> float:
    """The item's score: best paragraph view and best window view, averaged."""
    if not hits:
        return 0.0
    return 0.5 * max(h.paragraph_score for h in hits) + 0.5 * max(h.window_score for h in hits)


def score_item(query: np.ndarray, item_keywords: set[str], units: list[Unit]) -> list[Hit]:
    """Per section: its combined score and the line of its best sentence, best first.

    The section view weighs the best sentence, the mean of the three best (a requirement
    addressed at length scores higher than one sentence in passing), the section's mean vector
    and the share of the item's keywords anywhere in the section."""
    import numpy as np

    hits = []
    for unit in units:
        if not unit.sentences:
            continue
        cos = unit.sentence_vectors @ query
        ranked = np.sort(cos)[::-1]
        share = _share(item_keywords, unit.keywords)
        section = (
            0.4 * float(ranked[0])
            + 0.2 * float(ranked[:TOP_SENTENCES].mean())
            + 0.1 * float(unit.vector @ query)
            + 0.3 * share
        )
        windows = [
            0.6 * float(cos[i]) + 0.4 * _share(item_keywords, _window(unit, i))
            for i in range(len(unit.sentences))
        ]
        top = int(np.argmax(windows))
        hits.append(Hit(section, windows[top], unit, unit.sentence_lines[top]))
    return sorted(hits, key=lambda h: -h.score)


def _window(unit: Unit, i: int) -> set[str]:
    return set().union(*unit.sentence_keywords[max(0, i - 1) : i + 2])


def _share(wanted: set[str], found: set[str]) -> float:
    return len(wanted & found) / len(wanted) if wanted else 0.0
