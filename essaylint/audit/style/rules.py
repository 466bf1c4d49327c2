"""Rule ids of the style audit, their default severities, and the raw hit every rule emits."""

from __future__ import annotations

from dataclasses import dataclass, field

from essaylint.audit.findings import Rule

LONG_SENTENCE = Rule("style/long-sentence", "info", "A sentence over max_sentence_words")
VERY_LONG_SENTENCE = Rule(
    "style/very-long-sentence", "warning", "A sentence over very_long_sentence_words"
)
MEAN_SENTENCE_LENGTH = Rule(
    "style/mean-sentence-length", "info", "A section's mean sentence length is out of range"
)
LONG_SENTENCE_SHARE = Rule(
    "style/long-sentence-share", "info", "Too many long sentences in one section"
)
PARAGRAPH_LENGTH = Rule("style/paragraph-length", "info", "A paragraph is too short or too long")
PARAGRAPH_OPENING = Rule(
    "style/paragraph-opening", "info", "A paragraph opens with a fragment, question or citation"
)
SECTION_LINK = Rule("style/section-link", "info", "A section ends without a linking sentence")
UNCLEAR_REFERENCE = Rule(
    "style/unclear-reference", "warning", "This/These/It opens a sentence with no clear antecedent"
)
NOMINALISATION = Rule("style/nominalisation", "info", "A sentence dense with nominalisations")
FILLER = Rule("style/filler", "info", "A filler phrase that can be cut or shortened")
STACKED_HEDGES = Rule("style/stacked-hedges", "info", "Two hedges where one is enough")
EMPTY_SENTENCE = Rule("style/empty-sentence", "info", "A sentence with no concrete noun phrase")
READABILITY = Rule("style/readability", "info", "Readability scores per section (information)")
WORD_COUNT = Rule("style/word-count", "warning", "Word count against the word limit")
SPELLING_MIX = Rule("style/spelling-mix", "warning", "British and American spelling mixed")
UNDEFINED_ABBREVIATION = Rule(
    "style/undefined-abbreviation", "info", "An acronym used before it is defined"
)

RULES: tuple[Rule, ...] = (
    LONG_SENTENCE,
    VERY_LONG_SENTENCE,
    MEAN_SENTENCE_LENGTH,
    LONG_SENTENCE_SHARE,
    PARAGRAPH_LENGTH,
    PARAGRAPH_OPENING,
    SECTION_LINK,
    UNCLEAR_REFERENCE,
    NOMINALISATION,
    FILLER,
    STACKED_HEDGES,
    EMPTY_SENTENCE,
    READABILITY,
    WORD_COUNT,
    SPELLING_MIX,
    UNDEFINED_ABBREVIATION,
)
RULES_BY_ID: dict[str, Rule] = {rule.id: rule for rule in RULES}


@dataclass
class Hit:
    """One place a rule fires, before severity and waivers are applied."""

    rule: Rule
    line: int
    column: int
    excerpt: str
    message: str
    suggestion: str
    end_line: int | None = None
    end_column: int | None = None
    data: dict[str, object] = field(default_factory=dict)
