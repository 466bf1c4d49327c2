"""The claim detector behind a cache of per-sentence analyses (keyed by sentence text and the
spaCy model that would analyse it), so spaCy is imported and loaded only when a sentence is new.

Only the model's reading of a sentence (cues, hedges, boosters, key phrases) is cached; the
context rule (a sentence after "This essay ..." is self-reference) and the strength are
recomputed each time, so a moved sentence gets the same verdict as a fresh analysis.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from essaylint.core.store import ResultCache, digest

if TYPE_CHECKING:
    from essaylint.audit.claims.detect import ClaimAnalysis, Detector


def model_fingerprint(names: tuple[str, ...]) -> str:
    """Which spaCy model ``load_nlp(names)`` would load, found without importing spaCy."""
    for name in names:
        try:
            if importlib.util.find_spec(name) is None:
                continue
        except (ImportError, ValueError):
            continue
        return f"{name}=={_version(name)};spacy=={_version('spacy')}"
    return f"blank:en;spacy=={_version('spacy')}"


def _version(dist: str) -> str:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return "?"


class CachedDetector:
    """Drop-in for :class:`~essaylint.audit.claims.detect.Detector` in ``audit_claims``;
    ``cache`` is the store's ``claims`` results (None: remember nothing)."""

    def __init__(
        self,
        cache: ResultCache | None = None,
        names: tuple[str, ...] | None = None,
    ) -> None:
        from essaylint.text.nlp import model_names

        self.names = names if names is not None else model_names()
        self.model = model_fingerprint(self.names)
        self.cache = cache if cache is not None else ResultCache(None)
        self.analysed = 0  # sentences that needed spaCy in this process

    def analyse(self, texts: Sequence[str]) -> list[ClaimAnalysis]:
        from essaylint.audit.claims.detect import not_a_claim

        keys = [digest("claim", self.model, t) for t in texts]
        readings: dict[str, dict[str, Any]] = {}
        todo: dict[str, str] = {}
        for key, text in zip(keys, texts, strict=True):
            stored = self.cache.get(key)
            if stored is None:
                todo[key] = text
            else:
                readings[key] = stored
        if todo:
            readings.update(self._analyse(todo))
        results, after_meta = [], False
        for key, text in zip(keys, texts, strict=True):
            reason = not_a_claim(text, after_meta)
            after_meta = reason == "self-reference"
            results.append(_analysis(text, readings[key], reason))
        self.cache.save()
        return results

    def _analyse(self, todo: dict[str, str]) -> dict[str, dict[str, Any]]:
        detector = self.detector()
        out = {}
        texts = list(todo.values())
        for key, text, doc in zip(todo, texts, detector.nlp.pipe(texts), strict=True):
            analysis = detector._analyse_doc(text, doc, "")
            reading = {
                "cues": [[c.label, c.text, c.weight, c.token] for c in analysis.cues],
                "hedges": list(analysis.hedges),
                "boosters": list(analysis.boosters),
                "key_phrases": list(analysis.key_phrases),
            }
            self.cache.put(key, reading)
            out[key] = reading
        self.analysed += len(todo)
        return out

    def detector(self) -> Detector:
        from essaylint.audit.claims.detect import get_detector

        return get_detector(self.names)


def _analysis(text: str, reading: dict[str, Any], reason: str) -> ClaimAnalysis:
    from essaylint.audit.claims.detect import ClaimAnalysis, Cue, strength

    cues = tuple(Cue(str(a), str(b), float(c), int(d)) for a, b, c, d in reading["cues"])
    hedges, boosters = tuple(reading["hedges"]), tuple(reading["boosters"])
    return ClaimAnalysis(
        text=text,
        cues=cues,
        hedges=hedges,
        boosters=boosters,
        strength=0.0 if reason else strength(cues, hedges, boosters),
        key_phrases=tuple(reading["key_phrases"]),
        not_a_claim=reason,
    )
