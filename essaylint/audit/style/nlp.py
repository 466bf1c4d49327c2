"""Optional spaCy for the style audit: used only when allowed and available, never required."""

from __future__ import annotations

import warnings
from typing import Any

from essaylint.config.style import StyleSettings
from essaylint.text.nlp import is_parsed, load_nlp, loaded_on_demand, model_names


def style_nlp(settings: StyleSettings, given: Any = None) -> Any:
    """A parsing spaCy pipeline, or None (the rules then use word lists).

    ``given`` (e.g. the claim audit's pipeline) wins. ``auto`` loads a model only when
    something in this process needed spaCy already, so the commit path never pays ~1 s for
    it (a warm process that loaded it ahead of need does not count: its answers must be a
    fresh process's).
    """
    if settings.use_spacy == "never":
        return None
    if given is not None:
        return given if _parses(given) else None
    if settings.use_spacy == "auto" and not loaded_on_demand():
        return None
    return _load()


def _parses(nlp: Any) -> bool:
    names = getattr(nlp, "pipe_names", ())
    return "parser" in names and ("tagger" in names or "morphologizer" in names)


def _load() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        nlp = load_nlp(model_names())
    return nlp if is_parsed(nlp) else None
