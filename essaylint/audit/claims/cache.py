"""The claim detector behind a cache of per-sentence results, so that spaCy, the embedding
model and the cite-worthiness model run only on sentences they have not seen.

Two results are kept per sentence text, in the store's ``claims`` results:

- the spaCy reading (cues, hedges, boosters, key phrases), keyed by the spaCy model that
  would read it;
- the cite-worthiness score and the threshold it is judged against, keyed by the shipped
  model's digest and the variant that scored it (with or without the sentence's vector).

The context rule (a sentence after "This essay ..." is self-reference), the strength and the
own-work check are recomputed each time, so a moved sentence gets the verdict of a fresh
analysis. Nothing here raises for a missing optional model: the cite-worthiness model falls
back to its text-only variant when the embedder cannot load, and to nothing (with a note)
when its own file cannot be read.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from essaylint.audit.claims.citeworthiness import (
    CiteWorthiness,
    ModelUnavailableError,
    load_model,
)
from essaylint.audit.claims.features import own_work
from essaylint.audit.shipped_model import TEXT_ONLY
from essaylint.core.store import ResultCache, VectorCache, digest

if TYPE_CHECKING:
    from essaylint.audit.claims.detect import ClaimAnalysis, Detector
    from essaylint.core.ports import Embedder, LazyEmbedder


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


Score = tuple[float, float]  # (hedge-lowered score, threshold of the variant that gave it)


class CiteScorer:
    """Cite-worthiness scores of sentences, each computed once (``cache``). ``embedder`` is
    the configured embedding model (None: score without vectors); its vectors are kept in
    ``vectors`` (the store's query-side cache of that model)."""

    def __init__(
        self,
        model: CiteWorthiness,
        cache: ResultCache,
        embedder: LazyEmbedder | Embedder | None = None,
        vectors: VectorCache | None = None,
    ) -> None:
        self.model = model
        self.cache = cache
        self.embedder = embedder
        model_id = embedder.model_id if embedder is not None else None
        self.vectors = vectors or VectorCache(None, model_id or "")
        self.variant = model.variant_for(model_id)
        self.note = ""

    def key(self, text: str) -> str:
        return digest("citeworthiness", self.model.digest, self.variant.name, text)

    def cached(self, texts: Sequence[str]) -> dict[str, Score]:
        found = {}
        for text in texts:
            stored = self.cache.get(self.key(text))
            if isinstance(stored, list) and len(stored) == 2:
                found[text] = (float(stored[0]), float(stored[1]))
        return found

    def score(self, texts: Sequence[str]) -> dict[str, Score]:
        """Scores of ``texts`` (not looked up: the caller asked the cache first)."""
        texts = list(dict.fromkeys(texts))
        if not texts:
            return {}
        vectors = self._vectors(texts)
        out: dict[str, Score] = {}
        for n, text in enumerate(texts):
            vector = vectors[n] if vectors is not None else None
            value = round(self.model.score(self.variant, text, vector), 4)
            out[text] = (value, self.variant.threshold)
            self.cache.put(self.key(text), list(out[text]))
        self.vectors.flush()
        return out

    def _vectors(self, texts: list[str]) -> Any:
        if not self.variant.uses_embedding or self.embedder is None:
            return None
        try:
            return self.vectors.lookup(texts, self.embedder.embed_queries)
        except Exception as error:  # any loader failure: onnxruntime raises its own types
            self.note = (
                f"the embedding model could not be used ({type(error).__name__}: {error}); "
                "claims were scored by the text-only cite-worthiness model"
            )
            self.variant = self.model.variants[TEXT_ONLY]
            return None


class CachedDetector:
    """What ``audit_claims`` analyses sentences with: the spaCy detector and the
    cite-worthiness model, both behind ``cache`` (the store's ``claims`` results; None:
    remember nothing). With ``defer_new``, sentences not fully in the cache are left
    unanalysed (never claims) and counted, so a commit hook whose claim findings cannot block
    loads neither spaCy nor the embedder. ``model`` replaces the shipped cite-worthiness
    model (the judgement benchmark scores held-out papers with models that never saw them)."""

    def __init__(
        self,
        cache: ResultCache | None = None,
        names: tuple[str, ...] | None = None,
        embedder: LazyEmbedder | Embedder | None = None,
        vectors: VectorCache | None = None,
        model: CiteWorthiness | None = None,
    ) -> None:
        from essaylint.text.nlp import model_names

        self.names = names if names is not None else model_names()
        self.model = model_fingerprint(self.names)
        self.cache = cache if cache is not None else ResultCache(None)
        self.analysed = 0  # sentences that needed spaCy in this process
        self.scorer: CiteScorer | None = None
        self.model_note = ""
        try:
            self.scorer = CiteScorer(model or load_model(), self.cache, embedder, vectors)
        except ModelUnavailableError as error:
            self.model_note = f"{error}: uncited sentences were judged by their wording only"

    @property
    def notes(self) -> list[str]:
        """One line per optional model that could not be used."""
        scorer_note = self.scorer.note if self.scorer is not None else ""
        return [note for note in (self.model_note, scorer_note) if note]

    def analyse(self, texts: Sequence[str]) -> list[ClaimAnalysis]:
        from essaylint.audit.claims.detect import not_a_claim

        keys = {text: digest("claim", self.model, text) for text in texts}
        readings = {t: r for t, k in keys.items() if (r := self.cache.get(k)) is not None}
        scores = self.scorer.cached(list(keys)) if self.scorer is not None else {}
        unread = [t for t in keys if t not in readings]
        unscored = [t for t in keys if self.scorer is not None and t not in scores]
        readings.update(self._read({t: keys[t] for t in unread}))
        if self.scorer is not None:
            scores.update(self.scorer.score(unscored))
        results, after_meta = [], False
        for text in texts:
            reason = not_a_claim(text, after_meta)
            after_meta = reason == "self-reference"
            results.append(_analysis(text, readings[text], reason, scores.get(text)))
        self.cache.save()
        return results

    def _read(self, todo: dict[str, str]) -> dict[str, dict[str, Any]]:
        """spaCy readings of ``todo`` (text -> cache key)."""
        if not todo:
            return {}
        detector = self.detector()
        out = {}
        texts = list(todo)
        for text, doc in zip(texts, detector.nlp.pipe(texts), strict=True):
            analysis = detector._analyse_doc(text, doc, "")
            reading = {
                "cues": [[c.label, c.text, c.weight, c.token] for c in analysis.cues],
                "hedges": list(analysis.hedges),
                "boosters": list(analysis.boosters),
                "key_phrases": list(analysis.key_phrases),
            }
            self.cache.put(todo[text], reading)
            out[text] = reading
        self.analysed += len(todo)
        return out

    def detector(self) -> Detector:
        from essaylint.audit.claims.detect import get_detector

        return get_detector(self.names)


def _analysis(
    text: str, reading: dict[str, Any], reason: str, score: Score | None
) -> ClaimAnalysis:
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
        citeworthiness=score[0] if score is not None and not reason else None,
        cite_threshold=score[1] if score is not None else 1.0,
        own_work=own_work(text),
    )
