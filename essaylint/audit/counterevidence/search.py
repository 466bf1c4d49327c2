"""The counterevidence search for one claim: retrieve candidate passages from every citable
source with the claim and its opposite-seeking variants, judge each of their sentences, and
keep the verbatim sentences that contradict or limit the claim, with locators and
ready-to-paste citations. Results are cached per claim text, index build, this code's
VERSION and the shipped `limits` filter.

Any source may contradict a claim; only a source the claim cites may limit it. A limitation
stated by an uncited source is mostly a limit of another question that shares the claim's
words (read held out: 10 of 62 right), while what a cited source says of its own sample,
design or setting limits what the student took from it (BENCHMARKS.md, "`limits` only from
the sources a sentence cites"). Of the sentences the limitation cues find there, only those
the learned filter (limits_filter.py) expects a reader to call right are kept."""

from __future__ import annotations

import logging
import re
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from essaylint.audit.citations.sentences import sentences_in, sentences_of
from essaylint.audit.counterevidence.cues import query_variants, stated_limit_kinds
from essaylint.audit.counterevidence.judge import (
    RELATED_COSINE,
    Verdict,
    finding_sentence,
    judge,
)
from essaylint.audit.counterevidence.limits_filter import load_filter
from essaylint.core.store import digest
from essaylint.ingest.works import preferred_of, published_versions
from essaylint.retrieve.citation import citation
from essaylint.retrieve.records import Filters, QueryInputs

if TYPE_CHECKING:
    from essaylint.core.ports import Backends
    from essaylint.core.project import Project
    from essaylint.core.records import IndexedChild, LibraryEntry
    from essaylint.retrieve.engine import Retriever

log = logging.getLogger("essaylint.audit")
VERSION = "counterevidence-23"  # bump when the search, the judge or what strict searches changes
HITS_PER_QUERY = 8  # passages kept from each query variant
HITS_PER_CITED = 3  # passages of each document the claim cites (it may state its own limits)
MAX_ITEMS = 5  # items per claim, contradicting ones first
OWN_LIMITS_QUERY = "limitations of this study small sample size generalisation design bias"
NO_COUNTEREVIDENCE = "NO_COUNTEREVIDENCE_FOUND_IN_CORPUS"


def cache_version() -> str:
    """What a cached search depends on besides the index: this code and the shipped filter
    (a refitted filter judges every claim again)."""
    return f"{VERSION}+{load_filter().digest}"


@dataclass
class CounterItem:
    """One verbatim source sentence that contradicts or limits a claim."""

    doc_uid: str
    citation_key: str
    relation: str  # contradicts | limits
    quote: str
    locator: dict[str, Any]  # page_start, page_end, parent_id, child_id, char_start, label
    citation: str  # ready to paste, in the draft's citation syntax
    confidence: float
    cues: list[str]
    query: str  # the variant that retrieved it

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


# What a study's statement of its own limits speaks of; without one, 'short-term' or 'a small
# number' in a news report or a web page limits nothing (read on WiCE: 0 of 4).
_STUDY_WORDS = re.compile(
    r"\b(?:stud(?:y|ies)|trials?|samples?|data|analys[ie]s|findings?|results?|participants?|"
    r"patients?|respondents?|evidence|cohorts?|surveys?|research|estimates?|models?|"
    r"statistic\w*|populations?|generali[sz]\w*|follow-up)\b",
    re.IGNORECASE,
)


def own_limit_kinds(text: str, claim: str = "") -> list[str]:
    """The limitation kinds a study states of itself ('the small size of the focus groups',
    'this observational design'); a sentence that names nothing of a study states no limit
    of one."""
    return stated_limit_kinds(text, claim) if _STUDY_WORDS.search(text) else []


class CounterSearch:
    """Searches one project's index; reuse it for every claim of a run."""

    def __init__(
        self,
        project: Project,
        retriever: Retriever,
        backends: Backends,
        library: dict[str, LibraryEntry],
    ) -> None:
        self.retriever = retriever
        self.library = library
        embedder = backends.embedder
        self.texts = project.store.vectors(embedder.model_id, "query")
        self._embed = embedder.embed_queries
        self.limits_filter = load_filter().variant_for(embedder.model_id)
        self.version = cache_version()
        self.cache = project.store.results("counterevidence")
        self.searched = 0  # claims searched (not answered from the cache)
        self.superseded = _superseded(project, library)

    def find(self, claim: str, cited: tuple[str, ...] = ()) -> tuple[list[CounterItem], list[str]]:
        """The items against ``claim`` (best first, at most MAX_ITEMS) and the queries run."""
        build = self.retriever.build_id
        key = digest(self.version, build, claim, sorted(cited), sorted(self.superseded))
        stored = self.cache.get(key)
        if stored is not None:
            return [CounterItem(**item) for item in stored["items"]], stored["queries"]
        self.searched += 1
        queries = query_variants(claim)
        children = self._candidates(queries, cited)
        sources = {uid for uid in cited if self._citable(uid)}
        items = [
            item
            for item in self._judge(claim, children)
            if item.relation == "contradicts" or item.doc_uid in sources
        ]
        items += self._own_limits(claim, sources - {i.doc_uid for i in items})
        items.sort(key=lambda i: (i.relation != "contradicts", -i.confidence, i.doc_uid))
        items = items[:MAX_ITEMS]
        self.cache.put(key, {"items": [i.to_dict() for i in items], "queries": queries})
        return items, queries

    def close(self) -> None:
        self.texts.flush()
        self.cache.save()

    def _candidates(
        self, queries: list[str], cited: tuple[str, ...]
    ) -> dict[str, tuple[IndexedChild, str]]:
        """Child id → (child, the query that found it first), references left out."""
        found: dict[str, tuple[IndexedChild, str]] = {}
        searches = [(q, QueryInputs(q), HITS_PER_QUERY) for q in queries]
        searches += [
            (queries[0], QueryInputs(queries[0], filters=Filters(docs=(uid,))), HITS_PER_CITED)
            for uid in cited
            if self._citable(uid)
        ]
        for query, inputs, limit in searches:
            for hit in self.retriever.search(inputs)[:limit]:
                if (
                    hit.child.source_subtype != "references"
                    and hit.child.citable
                    and hit.doc_uid not in self.superseded
                ):
                    found.setdefault(hit.child_id, (hit.child, query))
        return found

    def _citable(self, uid: str) -> bool:
        entry = self.library.get(uid)
        return entry is not None and entry.is_citable and entry.status == "present"

    def _judge(
        self, claim: str, children: dict[str, tuple[IndexedChild, str]]
    ) -> list[CounterItem]:
        """The items among the candidates' sentences."""
        pairs = [
            (text, child, q)
            for child, q in children.values()
            for text in sentences_of(child, skip_entries=True)
        ]
        pairs = list({text: (text, child, q) for text, child, q in pairs}.values())
        if not pairs:
            return []
        vectors = self.texts.lookup([claim, *(text for text, _, _ in pairs)], self._embed)
        cosines = [float(c) for c in vectors[1:] @ vectors[0]]
        cued = {  # the pages where a sentence would contradict, were it the page's finding
            child.parent_id: child.title
            for (text, child, _), cosine in zip(pairs, cosines, strict=True)
            if (verdict := judge(claim, text, cosine, finding=True))
            and verdict.relation == "contradicts"
        }
        findings = self._findings(claim, cued)
        against = _read_against(claim, [text for text, _, _ in pairs], cosines)
        items = []
        rows = zip(pairs, vectors[1:], cosines, against, strict=True)
        for (text, child, query), vector, cosine, p in rows:
            finding = findings.get(child.parent_id) == text
            verdict = judge(claim, text, cosine, finding=finding, against=p)
            if verdict is not None and verdict.relation == "limits":
                verdict = self._filtered(verdict.cues, text, vector, cosine)
            if verdict is not None:
                items.append(self._item(child, text, query, verdict))
        return items

    def _filtered(
        self, cues: tuple[str, ...], text: str, vector: Any, cosine: float
    ) -> Verdict | None:
        """A `limits` verdict with the filter's probability as its confidence, or None below
        the filter's threshold (limits_filter.py: what a reader calls right)."""
        model = self.limits_filter
        p = model.probability(text, cues, vector, cosine)
        return Verdict("limits", round(p, 2), cues) if p >= model.threshold else None

    def _findings(self, claim: str, titles: dict[str, str]) -> dict[str, str]:
        """Each page's finding sentence for ``claim`` (judge.finding_sentence), read from the
        whole page with its references and marked regions left out."""
        out = {}
        read = self.retriever.config.retrieval.quote_judge
        for parent_id, parent in self.retriever.parent_rows(sorted(titles)).items():
            excluded = self.retriever.excluded(parent)
            sentences = sentences_in(parent.text, skip_entries=True, excluded=excluded)
            best = finding_sentence(claim, sentences, titles[parent_id], read)
            if best is not None:
                out[parent_id] = sentences[best]
        return out

    def _own_limits(self, claim: str, sources: set[str]) -> list[CounterItem]:
        """The limitation each cited source states of itself: of its sentences the cues find,
        the one the filter is surest of, where it passes the filter."""
        items = []
        for uid in sorted(sources):
            inputs = QueryInputs(OWN_LIMITS_QUERY, filters=Filters(docs=(uid,)))
            found = [
                (text, ("own limitation", *kinds), hit.child)
                for hit in self.retriever.search(inputs)[:HITS_PER_CITED]
                if hit.child.source_subtype != "references"
                for text in sentences_of(hit.child, skip_entries=True)
                if (kinds := own_limit_kinds(text, claim))
            ]
            if not found:
                continue
            vectors = self.texts.lookup([claim, *(text for text, _, _ in found)], self._embed)
            scored = [
                (self._filtered(cues, text, vector, float(vector @ vectors[0])), text, child)
                for (text, cues, child), vector in zip(found, vectors[1:], strict=True)
            ]
            kept = [(verdict, text, child) for verdict, text, child in scored if verdict]
            if kept:
                verdict, text, child = max(kept, key=lambda k: k[0].confidence)
                items.append(self._item(child, text, OWN_LIMITS_QUERY, verdict))
        return items

    def _item(self, child: IndexedChild, text: str, query: str, verdict: Any) -> CounterItem:
        pages = child.pages
        locator = {
            "page_start": child.page_start,
            "page_end": child.page_end,
            "parent_id": child.parent_id,
            "child_id": child.child_id,
            "char_start": child.char_start + max(child.text.find(text[:40]), 0),
            "has_page": child.page_start is not None,
            "label": pages.label() if child.page_start is not None else "no page (char anchor)",
        }
        return CounterItem(
            doc_uid=child.doc_uid,
            citation_key=child.citation_key,
            relation=verdict.relation,
            quote=text,
            locator=locator,
            citation=citation(child.doc_uid, self.library.get(child.doc_uid), pages, child),
            confidence=verdict.confidence,
            cues=list(verdict.cues),
            query=query,
        )


def _read_against(claim: str, texts: list[str], cosines: list[float]) -> list[float]:
    """The contradiction reader's P(contradicts) for each sentence related to the claim (0 for
    the others, and for all where the reader cannot load: the cues still judge)."""
    related = [i for i, cosine in enumerate(cosines) if cosine >= RELATED_COSINE]
    out = [0.0] * len(texts)
    if not related:
        return out
    try:
        from essaylint.text.judge import get_contradiction_reader

        p = get_contradiction_reader().probabilities(claim, [texts[i] for i in related])
    except Exception as error:  # any loader failure: onnxruntime raises its own types
        log.warning("counterevidence: searched without the contradiction reader (%s)", error)
        return out
    for i, row in zip(related, p, strict=True):
        out[i] = float(row[2])
    return out


def _superseded(project: Project, library: dict[str, LibraryEntry]) -> set[str]:
    """Other copies of a work, and preprints whose published version is in the library: the
    preferred copy or the published version speaks for the work (docs/duplicates.md)."""
    copies = {uid for uid, work in preferred_of(library).items() if work != uid}
    return copies | set(published_versions(project.store, library))
