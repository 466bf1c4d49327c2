"""The sentences of a cited document, and a cheap lexical pre-selection among them so that
only a few are embedded per draft sentence."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from essaylint.audit.citations.features import content_stems, numbers
from essaylint.core.records import Child
from essaylint.text.entries import ReferenceEntries
from essaylint.text.sentences import sentence_spans

MIN_SENTENCE_WORDS = 4
MAX_SENTENCE_CHARS = 600


@dataclass(frozen=True)
class DocSentence:
    text: str
    child: Child
    stems: frozenset[str]
    position: int = -1  # its place among the document's sentences (-1: the title)


class SentenceIndex:
    """Every sentence of one document, in reading order, with IDF weights over them and
    what the whole document (title included) says: its stems, numbers and lowercased text."""

    def __init__(self, children: list[Child], title: str = "") -> None:
        texts = [(text, child) for child in children for text in sentences_of(child)]
        self.sentences = [
            DocSentence(text, child, frozenset(content_stems(text)), i)
            for i, (text, child) in enumerate(texts)
        ]
        # The title usually states the paper's finding ("X is not associated with Y").
        self.title = (
            DocSentence(title, children[0], frozenset(content_stems(title)))
            if title.strip() and children
            else None
        )
        counts: Counter[str] = Counter(s for d in self.sentences for s in d.stems)
        total = len(self.sentences) + 1
        self.idf = {stem: math.log(total / n) + 1.0 for stem, n in counts.items()}
        whole = " ".join([title, *(c.text for c in children)])
        self.stems = frozenset(content_stems(whole))
        self.numbers = frozenset(numbers(whole))
        self.lowered = whole.lower()

    def neighbours(self, sentence: DocSentence) -> list[DocSentence]:
        """The sentences just before and after ``sentence`` (none for the title)."""
        if sentence.position < 0:
            return []
        around = (sentence.position - 1, sentence.position + 1)
        return [self.sentences[i] for i in around if 0 <= i < len(self.sentences)]

    def lexical_top(self, query: str, limit: int) -> list[DocSentence]:
        wanted = content_stems(query)
        if not wanted:
            return []
        scored = []
        for position, sentence in enumerate(self.sentences):
            shared = wanted & sentence.stems
            if shared:
                weight = sum(self.idf[s] for s in shared) / math.sqrt(len(sentence.stems) + 4)
                scored.append((weight, -position, sentence))
        scored.sort(key=lambda x: (x[0], x[1]), reverse=True)
        return [s for _, _, s in scored[:limit]]

    def of_child(self, child_id: str) -> list[DocSentence]:
        return [s for s in self.sentences if s.child.child_id == child_id]


def sentences_of(child: Child, *, skip_entries: bool = False) -> list[str]:
    """The sentences of ``child`` worth judging; with ``skip_entries``, not those of a run of
    reference entries no heading marked (text/entries.py: the title of a paper a source
    cites is not what the source says). The support judge keeps them: its fitted features
    were computed with them (bench/fit_support.py)."""
    return sentences_in(child.text, skip_entries=skip_entries)


def sentences_in(
    text: str, *, skip_entries: bool = False, excluded: Sequence[tuple[int, int]] = ()
) -> list[str]:
    """The sentences of ``text`` worth judging, whitespace flattened, as ``sentences_of``
    reads them; none that overlaps an ``excluded`` range (the regions marked at ingest)."""
    entries = ReferenceEntries(text) if skip_entries else None
    out = []
    for start, end in sentence_spans(text):
        clean = " ".join(text[start:end].split())
        if len(clean.split()) < MIN_SENTENCE_WORDS:
            continue
        if entries is not None and (start, end) in entries:
            continue
        if any(start < x_end and x_start < end for x_start, x_end in excluded):
            continue
        out.append(clean[:MAX_SENTENCE_CHARS])
    return out
