"""The language of a document, and its stopwords.

Detection: py3langid (langid.py's model, shipped inside the package: nothing is downloaded)
on a sample of the text; where it is not installed, the share of each language's stopwords
among the words, and a script test for Chinese and Japanese. Stopwords: spaCy's lists for
the language (they ship with spaCy itself, no model needed).
"""

from __future__ import annotations

import re
from functools import lru_cache

SAMPLE_CHARS = 20_000
FALLBACK_LANGUAGES = ("en", "de", "fr", "es", "it", "pt", "nl")
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
_HAN = re.compile(r"[\u4e00-\u9fff]")
_KANA = re.compile(r"[\u3040-\u30ff]")


def detect_language(text: str) -> str:
    """An ISO 639-1 code ("en", "de", "zh"...); "en" for a text with no words."""
    sample = text[:SAMPLE_CHARS]
    letters = [c for c in sample if c.isalpha()]
    if not letters:
        return "en"
    han = len(_HAN.findall(sample)) / len(letters)
    if han > 0.3:
        return "ja" if len(_KANA.findall(sample)) > 0.1 * len(letters) else "zh"
    try:
        import py3langid
    except ImportError:
        return _by_stopwords(sample)
    code, _ = py3langid.classify(sample)
    return str(code)


def _by_stopwords(sample: str) -> str:
    words = [w.lower() for w in _WORD.findall(sample)]
    if not words:
        return "en"
    shares = {lang: sum(w in stopwords(lang) for w in words) for lang in FALLBACK_LANGUAGES}
    return max(shares, key=lambda lang: shares[lang])


@lru_cache(maxsize=16)
def stopwords(language: str) -> frozenset[str]:
    """spaCy's stopwords for the language (English's when spaCy has none for it)."""
    import importlib

    try:
        module = importlib.import_module(f"spacy.lang.{language}.stop_words")
    except ImportError:
        module = importlib.import_module("spacy.lang.en.stop_words")
    return frozenset(w.lower() for w in module.STOP_WORDS)
