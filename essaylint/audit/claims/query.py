"""Suggested evidence queries: a sentence's key noun phrases, claim markers left out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from essaylint.audit.claims.lexicon import QUERY_STOPWORDS

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

MAX_QUERY_WORDS = 8
_CONTENT_POS = {"NOUN", "PROPN", "ADJ"}
_SUBJECT = {"nsubj", "nsubjpass", "expl"}
_DEGREE = {"most", "least", "more", "less", "very", "so", "too"}


def key_phrases(doc: Doc, parsed: bool) -> list[str]:
    """Key noun phrases of ``doc`` in reading order, claim markers left out."""
    return _chunk_phrases(doc) if parsed else _word_phrases(doc)


def build_query(phrases: list[str] | tuple[str, ...], limit: int = MAX_QUERY_WORDS) -> str:
    """Join phrases in reading order into a query of at most ``limit`` words."""
    words: list[str] = []
    for phrase in phrases:
        parts = phrase.split()
        if len(words) + len(parts) > limit:
            break
        words += parts
    return " ".join(words)


def _chunk_phrases(doc: Doc) -> list[str]:
    phrases: list[str] = []
    for chunk in doc.noun_chunks:
        phrase = _phrase(chunk)
        if " " not in phrase and chunk.root.dep_ in _SUBJECT:
            continue  # a bare subject ("Hospitals", "Governments") is rarely the topic
        if phrase and phrase not in phrases:
            phrases.append(phrase)
    return phrases


def _keep(token: Token) -> bool:
    if token.pos_ not in _CONTENT_POS or token.is_stop or token.like_num or token.is_punct:
        return False
    if token.lower_ in QUERY_STOPWORDS or token.tag_ in ("JJS", "JJR"):
        return False
    # "the most effective intervention": drop the graded adjective, keep the noun
    return not any(child.lower_ in _DEGREE for child in token.children)


def _phrase(chunk: Span) -> str:
    kept = [t for t in chunk if _keep(t)]
    if not kept:
        return ""
    pieces: list[str] = []
    for token in kept:
        joined = token.i > 0 and token.doc[token.i - 1].text == "-" and pieces
        word = _word(token)
        if joined and token.i - 2 >= 0 and _word(token.doc[token.i - 2]) == pieces[-1]:
            pieces[-1] = f"{pieces[-1]}-{word}"
        else:
            pieces.append(word)
    return " ".join(pieces)


def _word(token: Token) -> str:
    text = token.text
    return text if text.isupper() and len(text) > 1 else text.lower()


def _word_phrases(doc: Doc) -> list[str]:
    """Without a parser: content words, one phrase per run between stop words."""
    phrases: list[str] = []
    run: list[str] = []
    for token in doc:
        content = token.is_alpha and not token.is_stop and len(token.text) > 2
        if content and token.lower_ not in QUERY_STOPWORDS:
            run.append(_word(token))
            continue
        if token.text == "-" and run:
            continue
        if run:
            phrases.append(" ".join(run))
            run = []
    if run:
        phrases.append(" ".join(run))
    return phrases
