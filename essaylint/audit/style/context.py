"""Everything a style rule reads, computed once per draft."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from essaylint.audit.style.view import Lines, SentenceView, count_words, sentence_views
from essaylint.config.style import StyleSettings
from essaylint.draft import Draft, Paragraph, Sentence

if TYPE_CHECKING:
    from spacy.tokens import Doc


@dataclass
class Context:
    draft: Draft
    settings: StyleSettings
    lines: Lines
    views: list[SentenceView]
    nlp: Any = None  # a spaCy Language with a parser, or None
    word_limit: int | None = None
    _docs: dict[str, Doc] = field(default_factory=dict)
    by_id: dict[str, SentenceView] = field(init=False, default_factory=dict)

    @classmethod
    def build(
        cls, draft: Draft, settings: StyleSettings, nlp: Any = None, word_limit: int | None = None
    ) -> Context:
        return cls(draft, settings, Lines.of(draft.text), sentence_views(draft), nlp, word_limit)

    def __post_init__(self) -> None:
        self.by_id = {view.sentence.sentence_id: view for view in self.views}

    def paragraph_sentences(self, paragraph: Paragraph) -> list[SentenceView]:
        return [self.by_id[i] for i in paragraph.sentence_ids if i in self.by_id]

    def words(self, sentence: Sentence) -> int:
        return count_words(sentence.plain_text)

    def locate(self, offset: int) -> tuple[int, int]:
        return self.lines.locate(offset)

    def parse(self, views: list[SentenceView]) -> None:
        """Parse ``views`` with spaCy (once each) when a pipeline is available."""
        if self.nlp is None:
            return
        todo = [v for v in views if v.sentence.sentence_id not in self._docs]
        texts = [v.masked.replace("\n", " ") for v in todo]
        for view, doc in zip(todo, self.nlp.pipe(texts), strict=True):
            self._docs[view.sentence.sentence_id] = doc

    def doc(self, view: SentenceView) -> Doc | None:
        return self._docs.get(view.sentence.sentence_id)
