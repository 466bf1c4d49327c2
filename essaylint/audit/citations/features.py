"""Cheap lexical features of a sentence against a cited document: content-word coverage
weighted by rarity, numbers, names. Pure Python, no models."""

from __future__ import annotations

import re
from collections.abc import Collection

from essaylint.text.stopwords import SUPPORT

_WORD = re.compile(r"[a-z][a-z0-9\-]*|\d+(?:\.\d+)?")
_NUMBER = re.compile(r"(?<![\w.])(\d+(?:[.,]\d+)*)(\s*%|\s*percent)?(?![\w])")
# Acronyms and gene/drug-like names: IL-6, SARS-CoV-2, COVID-19, BRCA1, 5HT.
_NAME = re.compile(
    r"\b(?:[A-Z][A-Za-z0-9]*[A-Z0-9][A-Za-z0-9\-]*|[A-Za-z]+-\d[\w\-]*|\d+[A-Za-z][\w\-]*)\b"
)
STOPWORDS = SUPPORT
NUMBER_WORDS = {
    "zero": "0",
    "one": "1",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
    "ten": "10",
    "twelve": "12",
    "twenty": "20",
    "hundred": "100",
    "thousand": "1000",
    "million": "1000000",
    "half": "50",
    "twice": "2",
    "double": "2",
    "triple": "3",
}


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def stem(word: str) -> str:
    """A light suffix stripper: enough to match 'shortages' with 'shortage'."""
    for suffix in ("ations", "ation", "ments", "ment", "ings", "ing", "ies", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


def content_stems(text: str) -> set[str]:
    return {stem(w) for w in words(text) if w not in STOPWORDS and len(w) > 2}


def idf_coverage(sentence: str, present: Collection[str], idf: dict[str, float]) -> float:
    """Share of the sentence's content stems among the document's (``present``), each
    weighted by its rarity there; a stem the document never uses weighs as much as its
    rarest one."""
    wanted = content_stems(sentence)
    if not wanted:
        return 0.0
    rarest = max(idf.values(), default=1.0)
    total = sum(idf.get(s, rarest) for s in wanted)
    return sum(idf.get(s, rarest) for s in wanted if s in present) / total


def numbers(text: str) -> set[str]:
    """The numbers a text states ('1,000' → '1000', '12.0' → '12', 'twice' → '2'); the
    percent sign is dropped, so '30%' and '30 percent' match '30'."""
    out = set()
    for digits, _percent in _NUMBER.findall(text):
        value = digits.replace(",", "")
        if "." in value:
            value = value.rstrip("0").rstrip(".")
        out.add(value)
    out.update(NUMBER_WORDS[w] for w in words(text) if w in NUMBER_WORDS)
    return out


def number_agreement(sentence: str, stated: Collection[str]) -> float:
    """Share of the sentence's numbers the document also states (``stated``, from
    :func:`numbers`); 1 if the sentence states none."""
    wanted = numbers(sentence)
    if not wanted:
        return 1.0
    return sum(1 for n in wanted if n in stated) / len(wanted)


def names(text: str) -> set[str]:
    return {m.lower() for m in _NAME.findall(text)}


def name_agreement(sentence: str, lowered: str) -> float:
    """Share of the sentence's acronyms and coded names found in the document (its
    lowercased text); 1 if the sentence has none."""
    wanted = names(sentence)
    if not wanted:
        return 1.0
    return sum(1 for n in wanted if n in lowered) / len(wanted)
