"""How well a cited document supports a sentence: dense similarity to its children and to
their best single sentence, plus cheap lexical checks, combined by a fitted logistic."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from essaylint.audit.citations import features as fx
from essaylint.audit.citations.calibration import Calibration, load_calibration
from essaylint.audit.citations.evidence import DocEvidence, load_evidence
from essaylint.audit.citations.records import Passage
from essaylint.audit.citations.sentences import DocSentence, SentenceIndex

if TYPE_CHECKING:
    import numpy as np

    from essaylint.config.schema import Config
    from essaylint.core.ports import Backends, Progress
    from essaylint.core.project import Project
    from essaylint.core.records import LibraryEntry
    from essaylint.core.store import VectorCache

SENTENCE_CHILDREN = 3  # the best children whose sentences are embedded one by one
LEXICAL_SENTENCES = 8  # plus the document's sentences sharing the most rare words
CONFLICT_SENTENCES = 3  # negation/direction are checked against the closest sentences
PREPARE_BATCH = 256  # texts per embedding call when ingest prepares a document's sentences


@dataclass
class Support:
    """A calibrated score with the features behind it and the best passage."""

    score: float
    features: dict[str, float]
    passage: Passage
    children: tuple[str, ...] = ()  # the document's best children, best first (the judge's)


class SupportScorer:
    """Scores sentences against documents of one project; reuse it for a whole draft."""

    def __init__(
        self,
        project: Project,
        config: Config,
        library: dict[str, LibraryEntry],
        backends: Backends,
        calibration: Calibration | None = None,
        texts: VectorCache | None = None,
    ) -> None:
        self.project = project
        self.config = config
        self.library = library
        self.backends = backends
        self.k = config.audit.verify_citations_k
        self.calibration = calibration or load_calibration()
        embedder = backends.embedder
        self.model_id = embedder.model_id
        self.texts = texts or project.store.vectors(self.model_id, "query")
        self._embed = embedder.embed_queries
        # With a ranking service configured, its score replaces the dense features.
        self.ranking = backends.ranker.get() if backends.ranker is not None else None
        self._evidence: dict[str, DocEvidence | None] = {}
        self._sentences: dict[str, SentenceIndex] = {}

    def vectors(self, texts: list[str]) -> np.ndarray:
        """Query-side vectors of short texts, embedded only the first time."""
        return self.texts.lookup(texts, self._embed)

    def evidence(self, doc_uid: str) -> DocEvidence | None:
        if doc_uid not in self._evidence:
            self._evidence[doc_uid] = load_evidence(
                self.project,
                doc_uid,
                self.library.get(doc_uid),
                self.model_id,
                self.config.embedding.document_context,
                self.vectors,
            )
        return self._evidence[doc_uid]

    def sentence_index(self, doc_uid: str) -> SentenceIndex:
        if doc_uid not in self._sentences:
            evidence = self.evidence(doc_uid)
            entry = self.library.get(doc_uid)
            self._sentences[doc_uid] = SentenceIndex(
                evidence.children if evidence else [], entry.title if entry else ""
            )
        return self._sentences[doc_uid]

    def score(self, sentence: str, doc_uid: str) -> Support | None:
        """None when the document has no text to compare with (status MISSING)."""
        evidence = self.evidence(doc_uid)
        if evidence is None or not evidence.children:
            return None
        query = self.vectors([sentence])[0]
        sims = evidence.vectors @ query
        order = sims.argsort()[::-1][: self.k]
        top = [evidence.children[i] for i in order[:SENTENCE_CHILDREN]]
        index = self.sentence_index(doc_uid)
        candidates = {s.text: s for c in top for s in index.of_child(c.child_id)}
        for extra in index.lexical_top(sentence, LEXICAL_SENTENCES):
            candidates.setdefault(extra.text, extra)
        if index.title is not None:
            candidates.setdefault(index.title.text, index.title)
        ranked = self._rank(query, list(candidates.values()))
        best_text, best_sim, owner = top[0].text, float(sims[order[0]]), top[0]
        if ranked:
            best_sim, best = ranked[0]
            best_text, owner = best.text, best.child
        near = [s.text for _, s in ranked[:CONFLICT_SENTENCES]] or [best_text]
        title_sim = next((v for v, s in ranked if s is index.title), 0.0)
        context = " ".join(c.text for c in top) + " " + " ".join(near)
        values = {
            "cos_child": float(sims[order[0]]),
            "cos_sentence": best_sim,
            "coverage": fx.coverage(sentence, context),
            "numbers": fx.number_agreement(sentence, context),
            "polarity_conflict": fx.share(fx.polarity_conflict, sentence, near),
            "direction_conflict": fx.share(fx.direction_conflict, sentence, near),
            "title_conflict": _title_conflict(sentence, index, title_sim),
        }
        if self.ranking is not None:
            values.update(self._ranked(sentence, doc_uid, evidence, order, candidates))
        score = self.calibration.score(values)
        passage = Passage(
            doc_uid=doc_uid,
            child_id=owner.child_id,
            page_start=owner.page_start,
            page_end=owner.page_end,
            text=best_text,
            score=score,
        )
        best = [owner.child_id] + [c.child_id for c in top if c.child_id != owner.child_id]
        return Support(score, values, passage, tuple(best[:SENTENCE_CHILDREN]))

    def _rank(
        self, query: np.ndarray, sentences: list[DocSentence]
    ) -> list[tuple[float, DocSentence]]:
        if not sentences:
            return []
        sims = self.vectors([s.text for s in sentences]) @ query
        pairs = [(float(v), s) for v, s in zip(sims, sentences, strict=True)]
        return sorted(pairs, key=lambda x: x[0], reverse=True)

    def _ranked(
        self, sentence: str, doc_uid: str, evidence: DocEvidence, order: object, candidates: dict
    ) -> dict[str, float]:
        from essaylint.audit.citations.ranker_support import ranked_features

        entry = self.library.get(doc_uid)
        children = [evidence.children[i] for i in order]  # type: ignore[attr-defined]
        return ranked_features(
            self.ranking,
            sentence,
            children,
            list(candidates),
            entry.title if entry else "",
            entry.year if entry else "",
        )

    def close(self) -> None:
        self.texts.flush()


def embed_cited_sentences(
    project: Project,
    config: Config,
    library: dict[str, LibraryEntry],
    backends: Backends,
    doc_uids: list[str],
    progress: Progress | None = None,
) -> int:
    """Embed, once per document (at ingest), every text a citation of it is scored against:
    its body sentences and its title, in the scorer's own vector cache. A commit's audit then
    embeds only the draft's new sentences. Returns how many texts were embedded."""
    scorer = SupportScorer(project, config, library, backends)
    texts: dict[str, None] = {}
    for uid in doc_uids:
        index = scorer.sentence_index(uid)
        texts.update(dict.fromkeys(s.text for s in index.sentences))
        if index.title is not None:
            texts[index.title.text] = None
    ordered = list(texts)
    if progress is not None:
        progress.stage("support", len(ordered))
    for start in range(0, len(ordered), PREPARE_BATCH):
        scorer.vectors(ordered[start : start + PREPARE_BATCH])
        if progress is not None:
            progress.advance(len(ordered[start : start + PREPARE_BATCH]))
    scorer.close()
    return scorer.texts.embedded


def _title_conflict(sentence: str, index: SentenceIndex, similarity: float) -> float:
    """A title that states the opposite finding, weighted by how close it is to the sentence."""
    if index.title is None:
        return 0.0
    title = index.title.text
    conflict = max(fx.polarity_conflict(sentence, title), fx.direction_conflict(sentence, title))
    return conflict * max(0.0, similarity)


def scoring_text(plain_text: str, author_texts: list[str]) -> str:
    """The sentence without narrative author names ('Tully et al. ran ...' → 'ran ...')."""
    text = plain_text
    for author in author_texts:
        if author and author.lower() not in {"author"}:
            text = text.replace(author, " ")
    text = re.sub(r"\bet al\.?", " ", text)
    return " ".join(text.split())


def suggested_query(text: str, limit: int = 8) -> str:
    """The sentence's key words, in order, for `essaylint query`."""
    seen: dict[str, None] = {}
    for word in re.findall(r"[A-Za-z][A-Za-z0-9\-]+|\d+%?", text):
        lowered = word.lower()
        if lowered in fx.STOPWORDS or len(lowered) < 3 or lowered in seen:
            continue
        seen[lowered] = None
    return " ".join(list(seen)[:limit])
