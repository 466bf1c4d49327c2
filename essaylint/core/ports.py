"""The ports: what the pipeline needs from a model or a service, as small interfaces.

The local implementations live in the layer that uses them (the MiniLM embedder in
``index``); the cloud ones in ``backends``. Only ``app.backends`` decides which one a
project gets, from essaylint.yaml, and hands them down in one :class:`Backends` bundle.
Everything here is lazy: naming a backend loads no model and opens no connection.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

if TYPE_CHECKING:
    import numpy as np

    from essaylint.core.records import ParsedDocument, SourceFile

T = TypeVar("T")


class Progress(Protocol):
    """A progress display: one bar per stage."""

    def stage(self, name: str, total: int) -> None: ...

    def advance(self, n: int = 1) -> None: ...

    def done(self) -> None: ...


class SilentProgress:
    def stage(self, name: str, total: int) -> None:
        pass

    def advance(self, n: int = 1) -> None:
        pass

    def done(self) -> None:
        pass


class Embedder(Protocol):
    """L2-normalised vectors of documents (passages) and queries."""

    model_id: str
    dim: int

    def embed_documents(
        self, texts: Sequence[str], progress: Callable[[int], None] | None = None
    ) -> np.ndarray: ...

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray: ...


class Lazy(Generic[T]):
    """A backend made on first use (``get()``), then reused."""

    def __init__(self, factory: Callable[[], T]) -> None:
        self._factory = factory
        self._value: T | None = None

    def get(self) -> T:
        if self._value is None:
            self._value = self._factory()
        return self._value


class LazyEmbedder:
    """The configured embedding model: its id and size known at once (they key the caches
    and the index), the model itself loaded on the first text to embed."""

    def __init__(self, model_id: str, dim: int, factory: Callable[[], Embedder]) -> None:
        self.model_id = model_id
        self.dim = dim
        self._model: Lazy[Embedder] = Lazy(factory)

    def load(self) -> Embedder:
        model = self._model.get()
        if model.model_id != self.model_id:
            raise ValueError(f"{model.model_id} loaded where {self.model_id} was configured")
        return model

    def embed_documents(
        self, texts: Sequence[str], progress: Callable[[int], None] | None = None
    ) -> np.ndarray:
        return self.load().embed_documents(texts, progress)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self.load().embed_queries(texts)


@dataclass(frozen=True)
class RankRecord:
    """One text a ranking service scores against a query."""

    id: str
    title: str
    content: str

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "title": self.title, "content": self.content}


class Ranker(Protocol):
    """A relevance model (a cross-encoder service): a 0-1 score per record."""

    model: str

    def scores(self, query: str, records: Sequence[RankRecord]) -> dict[str, float]: ...


@dataclass
class Translation:
    """The English form of a question and expansion terms for the lexical search."""

    english: str
    terms: list[str] = field(default_factory=list)


class Translator(Protocol):
    def translate(self, question: str) -> Translation: ...


class SupportJudge(Protocol):
    """A language model asked whether passages support a sentence:
    ``{"is_accurate": bool, "explanation": str, "confidence": float}``."""

    def judge(self, sentence: str, passages: list[str]) -> dict[str, Any]: ...


class Summariser(Protocol):
    """A language model summarising numbered ``(id, text)`` lines, each sentence ending with
    the ids it rests on."""

    def summarise_brief(self, lines: list[tuple[str, str]]) -> list[str]: ...


class MetadataSource(Protocol):
    """A bibliographic database (Crossref, OpenAlex): records of works as CSL-JSON items.

    ``by_doi`` answers None for a DOI it does not know; ``search`` answers the few best
    candidates for a title (the caller decides whether one is the same work). A service
    that cannot be reached raises ``BackendError``."""

    name: str

    def by_doi(self, doi: str) -> dict[str, Any] | None: ...

    def search(self, title: str, author: str, year: int | None) -> list[dict[str, Any]]: ...


class Parser(Protocol):
    """A document parser other than the local one (it may batch its work in ``prepare``)."""

    def handles(self, source: SourceFile) -> bool: ...

    def prepare(self, sources: list[SourceFile]) -> None: ...

    def parse(self, source: SourceFile) -> ParsedDocument: ...


@dataclass
class Backends:
    """What essaylint.yaml chose, for every layer that needs a model or a service.

    ``embedder`` is always set (the index's dense model); the others are None when switched
    off. The names of the optional models say which model a result came from.
    """

    embedder: LazyEmbedder
    multilingual: LazyEmbedder | None = None
    ranker: Lazy[Ranker] | None = None
    judge: Lazy[SupportJudge] | None = None
    judge_model: str = ""
    translator: Lazy[Translator] | None = None
    summariser: Lazy[Summariser] | None = None
    summariser_model: str = ""
    parser: Lazy[Parser] | None = None
