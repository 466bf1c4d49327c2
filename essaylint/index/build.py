"""Embed the children that have no vector yet, then write the index and its manifest."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from essaylint import __version__
from essaylint.config.load import index_config_digest
from essaylint.config.schema import Config
from essaylint.core.errors import EssaylintError, InputTooLongError
from essaylint.core.fsio import atomic_write_json
from essaylint.core.ports import Embedder, LazyEmbedder, Progress
from essaylint.core.records import Child, ChunkedDocument, DocOutcome, IndexedChild, LibraryEntry
from essaylint.core.store import VectorCache
from essaylint.core.store import text_key as embed_key
from essaylint.index.context import context_header, embedding_text
from essaylint.index.lance import ML_COLUMN as COLUMN
from essaylint.index.lance import ML_DIM as DIM
from essaylint.index.lance import IndexPointer, next_table_suffix, write_index
from essaylint.ingest.isolation import Isolation

if TYPE_CHECKING:
    import numpy as np

    from essaylint.core.project import Project

CHECKPOINT_CHILDREN = 64  # children per model part; caches are saved after every part


def embed_documents(
    project: Project,
    config: Config,
    chunked: dict[str, ChunkedDocument],
    library: dict[str, LibraryEntry],
    progress: Progress,
    embedder: LazyEmbedder,
    multilingual: LazyEmbedder | None = None,
) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, int]]:
    """Vectors by doc and embed key, and how many were newly embedded per document;
    ``multilingual`` adds the second column's vectors (retrieval.multilingual)."""
    settings = config.embedding
    model_id = embedder.model_id
    cache = project.store.vectors(model_id)
    todo: dict[str, list[tuple[str, str]]] = {}
    vectors: dict[str, dict[str, np.ndarray]] = {}
    for uid, document in chunked.items():
        cached = cache.load(uid)
        wanted = _wanted(document, library.get(uid), settings.document_context, model_id)
        vectors[uid] = {k: cached[k] for k in wanted if k in cached}
        todo[uid] = [(k, t) for k, t in wanted.items() if k not in cached]
        if len(vectors[uid]) != len(cached):  # drop vectors of text that is gone
            cache.save(uid, vectors[uid])
    total = sum(len(items) for items in todo.values())
    progress.stage("embed", total)
    if total:
        model = embedder.load()
        try:
            if getattr(model, "uses_batch", lambda n: False)(total):
                _embed_bulk(model, todo, vectors, cache, progress)
            _embed_missing(model, todo, vectors, cache, progress, CHECKPOINT_CHILDREN)
        except InputTooLongError as exc:
            raise _name_chunk(exc, chunked, library, settings.document_context) from None
    progress.done()
    counts = {uid: len(items) for uid, items in todo.items()}
    if multilingual is not None:
        _embed_multilingual(
            project, config, chunked, library, progress, vectors, counts, multilingual
        )
    return vectors, counts


def _embed_missing(
    embedder: Embedder,
    todo: dict[str, list[tuple[str, str]]],
    store: dict[str, dict[str, np.ndarray]],
    cache: VectorCache,
    progress: Progress,
    part_size: int,
) -> None:
    """Embed what ``todo`` lists and ``store`` lacks, in parts that span documents (a
    library of abstracts has one or two children per document, and the model is several
    times faster on full batches); after each part the touched documents' caches are saved,
    so an interrupted run keeps what it paid for."""
    flat = [
        (uid, key, text)
        for uid, items in todo.items()
        for key, text in items
        if key not in store[uid]
    ]
    for start in range(0, len(flat), part_size):
        part = flat[start : start + part_size]
        matrix = embedder.embed_documents([text for _, _, text in part], progress.advance)
        for (uid, key, _), vector in zip(part, matrix, strict=True):
            store[uid][key] = vector
        for uid in dict.fromkeys(uid for uid, _, _ in part):
            cache.save(uid, store[uid])


def _embed_multilingual(
    project: Project,
    config: Config,
    chunked: dict[str, ChunkedDocument],
    library: dict[str, LibraryEntry],
    progress: Progress,
    vectors: dict[str, dict[str, np.ndarray]],
    counts: dict[str, int],
    embedder: LazyEmbedder,
) -> None:
    """The second pass of ``retrieval.multilingual``: the same texts, multilingual-e5-small
    vectors, in their own cache (so it resumes, and switching it off and on costs nothing);
    they join ``vectors`` under their own embed keys."""
    model_id = embedder.model_id
    cache = project.store.vectors(model_id)
    todo: dict[str, list[tuple[str, str]]] = {}
    own: dict[str, dict[str, np.ndarray]] = {}
    for uid, document in chunked.items():
        cached = cache.load(uid)
        wanted = _wanted(document, library.get(uid), config.embedding.document_context, model_id)
        own[uid] = {k: cached[k] for k in wanted if k in cached}
        todo[uid] = [(k, t) for k, t in wanted.items() if k not in cached]
        if len(own[uid]) != len(cached):
            cache.save(uid, own[uid])
    total = sum(len(items) for items in todo.values())
    progress.stage("embed (multilingual)", total)
    if total:
        model = embedder.load()
        _embed_missing(model, todo, own, cache, progress, getattr(model, "batch_size", 32))
    progress.done()
    for uid, items in todo.items():
        vectors[uid].update(own[uid])
        counts[uid] = counts.get(uid, 0) + len(items)


def load_vectors(
    project: Project,
    config: Config,
    chunked: dict[str, ChunkedDocument],
    library: dict[str, LibraryEntry],
    model_id: str,
    multilingual_id: str = "",
) -> dict[str, dict[str, np.ndarray]]:
    """The cached vectors of every child (an error names a document not embedded yet)."""
    cache = project.store.vectors(model_id)
    out = {}
    for uid, document in chunked.items():
        cached = cache.load(uid)
        wanted = _wanted(document, library.get(uid), config.embedding.document_context, model_id)
        missing = [k for k in wanted if k not in cached]
        if missing:
            raise EssaylintError(
                f"{len(missing)} children of {uid} have no vector yet",
                "run `essaylint ingest` (or `essaylint ingest --only embed`) first",
            )
        out[uid] = cached
    if multilingual_id:
        ml_id = multilingual_id
        cache = project.store.vectors(ml_id)
        for uid, document in chunked.items():
            cached = cache.load(uid)
            wanted = _wanted(document, library.get(uid), config.embedding.document_context, ml_id)
            if any(k not in cached for k in wanted):
                raise EssaylintError(
                    f"children of {uid} have no multilingual vector yet",
                    "run `essaylint ingest` (or `essaylint ingest --only embed`) first",
                )
            out[uid] = {**out[uid], **cached}
    return out


def build_index(
    project: Project,
    config: Config,
    build_id: str,
    digest: str,
    chunked: dict[str, ChunkedDocument],
    vectors: dict[str, dict[str, np.ndarray]],
    library: dict[str, LibraryEntry],
    outcomes: list[DocOutcome],
    timings: dict[str, float],
    embedder: LazyEmbedder,
    multilingual: LazyEmbedder | None = None,
    isolation: Isolation | None = None,
) -> None:
    """Write the build's LanceDB tables from the cached vectors, then its manifest. A
    document whose rows cannot be made is left out (marked failed by ``isolation``)."""
    import numpy as np

    model_id = embedder.model_id
    ml_id = multilingual.model_id if multilingual is not None else ""
    rows = _Rows()
    for uid in sorted(chunked):

        def add(uid: str = uid) -> _Rows:
            return _document_rows(
                chunked[uid], library.get(uid), vectors[uid], config, model_id, ml_id
            )

        document = isolation.run(uid, "index", add) if isolation is not None else add()
        if document is not None:
            rows.extend(document)
    suffix = next_table_suffix(project.index)
    pointer = IndexPointer(
        build_id=build_id,
        children_table=f"children_{suffix}",
        parents_table=f"parents_{suffix}",
        model_id=model_id,
        dim=embedder.dim,
        inputs_digest=digest,
        multilingual_model_id=ml_id,
    )
    matrix, ml_matrix = rows.matrix, rows.ml_matrix
    stacked = np.stack(matrix) if matrix else np.zeros((0, pointer.dim), dtype=np.float32)
    extra = {}
    if ml_id:
        extra[COLUMN] = np.stack(ml_matrix) if ml_matrix else np.zeros((0, DIM), np.float32)
    write_index(project.index, pointer, rows.children, stacked, rows.parents, extra)
    _write_manifest(
        project, config, pointer, outcomes, timings, len(rows.children), len(rows.parents)
    )


@dataclasses.dataclass
class _Rows:
    """The index rows of some documents: children with their vectors, and parents."""

    children: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    matrix: list[np.ndarray] = dataclasses.field(default_factory=list)
    ml_matrix: list[np.ndarray] = dataclasses.field(default_factory=list)
    parents: list[dict[str, Any]] = dataclasses.field(default_factory=list)

    def extend(self, other: _Rows) -> None:
        self.children += other.children
        self.matrix += other.matrix
        self.ml_matrix += other.ml_matrix
        self.parents += other.parents


def _document_rows(
    document: ChunkedDocument,
    entry: LibraryEntry | None,
    vectors: dict[str, np.ndarray],
    config: Config,
    model_id: str,
    ml_id: str,
) -> _Rows:
    rows = _Rows()
    for child in document.children:
        text = embedding_text(child, entry, config.embedding.document_context)
        rows.matrix.append(vectors[embed_key(model_id, text)])
        if ml_id:
            rows.ml_matrix.append(vectors[embed_key(ml_id, text)])
        rows.children.append(_child_row(child, entry))
    rows.parents = [p.__dict__ for p in document.parents]
    return rows


def _embed_bulk(
    embedder: Embedder,
    todo: dict[str, list[tuple[str, str]]],
    vectors: dict[str, dict[str, np.ndarray]],
    cache: VectorCache,
    progress: Progress,
) -> None:
    """One batch-prediction job for every missing vector (cloud backends that offer it)."""
    items = [(uid, k, t) for uid, pairs in todo.items() for k, t in pairs]
    matrix = embedder.embed_bulk(  # type: ignore[attr-defined]
        [t for _, _, t in items], progress.advance
    )
    for (uid, key, _), vector in zip(items, matrix, strict=True):
        vectors[uid][key] = vector
    for uid in todo:
        cache.save(uid, vectors[uid])


def _name_chunk(
    exc: InputTooLongError,
    chunked: dict[str, ChunkedDocument],
    library: dict[str, LibraryEntry],
    with_context: bool,
) -> InputTooLongError:
    for uid, document in chunked.items():
        for child in document.children:
            if embedding_text(child, library.get(uid), with_context) == exc.text:
                where = f"{uid} child {child.child_id} (pages {child.page_start}-{child.page_end})"
                return InputTooLongError(exc.text, exc.detail, where)
    return exc


def _wanted(
    document: ChunkedDocument, entry: LibraryEntry | None, with_context: bool, model_id: str
) -> dict[str, str]:
    texts = (embedding_text(c, entry, with_context) for c in document.children)
    return {embed_key(model_id, t): t for t in texts}


def _child_row(child: Child, entry: LibraryEntry | None) -> dict[str, Any]:
    indexed = IndexedChild(
        child_id=child.child_id,
        doc_uid=child.doc_uid,
        parent_id=child.parent_id,
        ordinal=child.ordinal,
        citation_key=entry.citation_key if entry else "",
        title=entry.title if entry else "",
        authors=entry.authors if entry else "",
        year=entry.year_int if entry else None,
        source_type=entry.source_type if entry else "",
        citable=entry.is_citable if entry else False,
        source_subtype=child.source_subtype,
        page_start=child.page_start,
        page_end=child.page_end,
        section_path=child.section_path,
        char_start=child.char_start,
        char_end=child.char_end,
        text=child.text,
        context=context_header(entry, child.section_path),
        hash=child.hash,
    )
    return dataclasses.asdict(indexed)


def _write_manifest(
    project: Project,
    config: Config,
    pointer: IndexPointer,
    outcomes: list[DocOutcome],
    timings: dict[str, float],
    n_children: int,
    n_parents: int,
) -> None:
    manifest = {
        "build_id": pointer.build_id,
        "tool_version": __version__,
        "config_digest": index_config_digest(config),
        "inputs_digest": pointer.inputs_digest,
        "model": {"id": pointer.model_id, "dim": pointer.dim},
        "multilingual_model": pointer.multilingual_model_id or None,
        "tables": {"children": pointer.children_table, "parents": pointer.parents_table},
        "counts": {
            "documents": sum(1 for o in outcomes if o.status not in {"failed", "removed"}),
            "failed": sum(1 for o in outcomes if o.status == "failed"),
            "removed": sum(1 for o in outcomes if o.status == "removed"),
            "parents": n_parents,
            "children": n_children,
        },
        "timings_s": {k: round(v, 3) for k, v in timings.items()},
        "parameters": config.model_dump(mode="json"),
        "documents": [o.__dict__ for o in outcomes],
    }
    atomic_write_json(project.meta / "builds" / pointer.build_id / "build_manifest.json", manifest)
