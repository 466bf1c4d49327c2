"""How well a cited document supports a sentence, and whether it says the opposite.

The sentence is compared with the document's own sentences: those of its nearest children
plus those sharing its rarest words, and the title. Dense similarity (to the best sentence,
to the best two-sentence window and to the best child), rarity-weighted word overlap,
names and numbers, and contradiction cues (cues.py) at the closest sentences make the
features of a fitted logistic (calibration.py), whose score and rule give the outcome."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from essaylint.audit.citations import cues
from essaylint.audit.citations import features as fx
from essaylint.audit.citations.calibration import Outcome, SupportModel, load_model
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
CUE_SENTENCES = 3  # value, antonym and quantifier cues are checked at the closest sentences
PREPARE_BATCH = 256  # texts per embedding call when ingest prepares a document's sentences


@dataclass
class Support:
    """The support score with the features behind it, the best passage and, when a close
    source sentence denies or reverses the sentence, that sentence (``contrary``)."""

    score: float
    features: dict[str, float]
    passage: Passage
    children: tuple[str, ...] = ()  # the document's best children, best first (the judge's)
    contrary: Passage | None = None


@dataclass(frozen=True)
class _Window:
    """Two neighbouring source sentences read together, and their cosine with the sentence."""

    first: DocSentence
    second: DocSentence
    similarity: float

    @property
    def text(self) -> str:
        return f"{self.first.text} {self.second.text}"


class SupportScorer:
    """Scores sentences against documents of one project; reuse it for a whole draft."""

    def __init__(
        self,
        project: Project,
        config: Config,
        library: dict[str, LibraryEntry],
        backends: Backends,
        model: SupportModel | None = None,
        texts: VectorCache | None = None,
    ) -> None:
        self.project = project
        self.config = config
        self.library = library
        self.backends = backends
        self.k = config.audit.verify_citations_k
        self.model = model or load_model()
        embedder = backends.embedder
        self.model_id = embedder.model_id
        self.texts = texts or project.store.vectors(self.model_id, "query")
        self._embed = embedder.embed_queries
        # With a ranking service configured, its score replaces the dense features.
        self.ranking = backends.ranker.get() if backends.ranker is not None else None
        self._evidence: dict[str, DocEvidence | None] = {}
        self._sentences: dict[str, SentenceIndex] = {}

    @property
    def warn_below(self) -> float:
        """Tw: essaylint.yaml's audit.verify_citations_threshold_T, else the model's."""
        configured = self.config.audit.verify_citations_threshold_T
        return self.model.warn_below if configured is None else configured

    def outcome(self, support: Support) -> Outcome:
        return self.model.outcome(support.features, self.warn_below)

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
        if not ranked:  # no sentence of four words: the best child stands for it
            whole = DocSentence(top[0].text, top[0], frozenset(fx.content_stems(top[0].text)))
            ranked = [(float(sims[order[0]]), whole)]
        window = self._window(query, index, ranked)
        values = _features(sentence, index, ranked, window, float(sims[order[0]]))
        if self.ranking is not None:
            values.update(self._ranked(sentence, doc_uid, evidence, order, candidates))
        score = self.model.score(values)
        best = ranked[0][1]
        owner = best.child.child_id
        children = [owner] + [c.child_id for c in top if c.child_id != owner]
        return Support(
            score,
            values,
            _passage(best, score),
            tuple(children[:SENTENCE_CHILDREN]),
            _contrary(sentence, best, window, score),
        )

    def _rank(
        self, query: np.ndarray, sentences: list[DocSentence]
    ) -> list[tuple[float, DocSentence]]:
        if not sentences:
            return []
        sims = self.vectors([s.text for s in sentences]) @ query
        pairs = [(float(v), s) for v, s in zip(sims, sentences, strict=True)]
        return sorted(pairs, key=lambda x: x[0], reverse=True)

    def _window(
        self, query: np.ndarray, index: SentenceIndex, ranked: list[tuple[float, DocSentence]]
    ) -> _Window | None:
        """The best body sentence read with the neighbour that makes the closer pair."""
        best = next((s for _, s in ranked if s.position >= 0), None)
        if best is None:
            return None
        pairs = [
            (n, best) if n.position < best.position else (best, n)
            for n in index.neighbours(best)
            if n.text != best.text
        ]
        if not pairs:
            return None
        sims = self.vectors([f"{a.text} {b.text}" for a, b in pairs]) @ query
        (first, second), similarity = max(zip(pairs, sims, strict=True), key=lambda x: float(x[1]))
        return _Window(first, second, float(similarity))

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


def _features(
    sentence: str,
    index: SentenceIndex,
    ranked: list[tuple[float, DocSentence]],
    window: _Window | None,
    cos_child: float,
) -> dict[str, float]:
    """The model's features (calibration.FEATURES), plus ``cos1`` for the decision rule
    and two cues the benchmark compares the rule with."""
    cos1, best = ranked[0]
    cos_win = window.similarity if window is not None else cos1
    reversed_at_window = (
        cues.scoped_direction_mismatch(sentence, window.text) if window is not None else 0.0
    )
    near = ranked[:CUE_SENTENCES]
    return {
        "cos1": cos1,
        "cos_best": max(cos1, cos_win),
        "cos_child": cos_child,
        "idfcov_doc": fx.idf_coverage(sentence, index.stems, index.idf),
        "names_doc": fx.name_agreement(sentence, index.lowered),
        "nums_doc": fx.number_agreement(sentence, index.numbers),
        "c_sdirw": max(cues.scoped_direction_mismatch(sentence, best.text), reversed_at_window),
        "c_sneg1": cues.scoped_negation_mismatch(sentence, best.text),
        "c_neg1": cues.negation_mismatch(sentence, best.text),
        "c_val3": _weighted(cues.valence_mismatch, sentence, near),
        "c_ant3": _weighted(cues.antonym_mismatch, sentence, near),
        "c_quant3": _weighted(cues.quantifier_mismatch, sentence, near),
        # Not in the model: what the benchmark compares the contradiction rule with.
        "c_sdir3": _weighted(cues.scoped_direction_mismatch, sentence, near),
        "c_sneg3": _weighted(cues.scoped_negation_mismatch, sentence, near),
    }


def _weighted(cue: object, sentence: str, near: list[tuple[float, DocSentence]]) -> float:
    """The cue at the closest sentence showing it, times that sentence's cosine."""
    return max(cue(sentence, s.text) * sim for sim, s in near)  # type: ignore[operator]


def _passage(
    sentence: DocSentence, score: float, text: str = "", last: DocSentence | None = None
) -> Passage:
    end = (last or sentence).child
    return Passage(
        doc_uid=sentence.child.doc_uid,
        child_id=sentence.child.child_id,
        page_start=sentence.child.page_start,
        page_end=end.page_end if end.page_end is not None else sentence.child.page_end,
        text=text or sentence.text,
        score=score,
    )


def _contrary(
    sentence: str, best: DocSentence, window: _Window | None, score: float
) -> Passage | None:
    """The source text that reverses or denies the sentence: the best sentence when the cue
    fires there, else the window where the reversal shows."""
    if cues.scoped_direction_mismatch(sentence, best.text) or cues.scoped_negation_mismatch(
        sentence, best.text
    ):
        return _passage(best, score)
    if window is not None and cues.scoped_direction_mismatch(sentence, window.text):
        return _passage(window.first, score, window.text, window.second)
    return None


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
