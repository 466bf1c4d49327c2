"""Embed the children that have no vector yet, then write the index and its manifest."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from essaylint import __version__
from essaylint.config.load import config_digest
from essaylint.config.schema import Config
from essaylint.errors import EssaylintError
from essaylint.index.context import context_header, embedding_text
from essaylint.index.embed import get_embedder
from essaylint.index.store import IndexPointer, next_table_suffix, write_index
from essaylint.index.vectors import VectorCache, embed_key
from essaylint.records import ChunkedDocument, LibraryEntry
from essaylint.storage import atomic_write_json

if TYPE_CHECKING:
    import numpy as np

    from essaylint.ingest.pipeline import DocOutcome, Progress
    from essaylint.project import Project

CHECKPOINT_CHILDREN = 64  # save the vector cache this often inside one document


def embed_documents(
    project: Project,
    config: Config,
    chunked: dict[str, ChunkedDocument],
    library: dict[str, LibraryEntry],
    progress: Progress,
) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, int]]:
    """Vectors by doc and embed key, and how many were newly embedded per document."""
    settings = config.embedding
    model_id = _model_id(config)
    cache = VectorCache(project.cache, model_id)
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
        embedder = get_embedder(settings.model, settings.batch_size, settings.max_tokens)
        for uid, items in todo.items():
            for start in range(0, len(items), CHECKPOINT_CHILDREN):
                part = items[start : start + CHECKPOINT_CHILDREN]
                matrix = embedder.embed_documents([t for _, t in part], progress.advance)
                vectors[uid].update(zip((k for k, _ in part), matrix, strict=True))
                cache.save(uid, vectors[uid])
    progress.done()
    return vectors, {uid: len(items) for uid, items in todo.items()}


def load_vectors(
    project: Project,
    config: Config,
    chunked: dict[str, ChunkedDocument],
    library: dict[str, LibraryEntry],
) -> dict[str, dict[str, np.ndarray]]:
    model_id = _model_id(config)
    cache = VectorCache(project.cache, model_id)
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
) -> None:
    import numpy as np

    model_id = _model_id(config)
    child_rows: list[dict[str, Any]] = []
    matrix: list[np.ndarray] = []
    parent_rows: list[dict[str, Any]] = []
    for uid in sorted(chunked):
        document, entry = chunked[uid], library.get(uid)
        for child in document.children:
            text = embedding_text(child, entry, config.embedding.document_context)
            matrix.append(vectors[uid][embed_key(model_id, text)])
            child_rows.append(_child_row(child, entry))
        parent_rows += [p.__dict__ for p in document.parents]
    suffix = next_table_suffix(project.index)
    pointer = IndexPointer(
        build_id=build_id,
        children_table=f"children_{suffix}",
        parents_table=f"parents_{suffix}",
        model_id=model_id,
        dim=get_embedder_dim(config),
        inputs_digest=digest,
    )
    stacked = np.stack(matrix) if matrix else np.zeros((0, pointer.dim), dtype=np.float32)
    write_index(project.index, pointer, child_rows, stacked, parent_rows)
    _write_manifest(project, config, pointer, outcomes, timings, len(child_rows), len(parent_rows))


def get_embedder_dim(config: Config) -> int:
    from essaylint.index.embed import MiniLMEmbedder

    return MiniLMEmbedder.dim


def _model_id(config: Config) -> str:
    from essaylint.index.embed import MiniLMEmbedder

    return MiniLMEmbedder.model_id


def _wanted(
    document: ChunkedDocument, entry: LibraryEntry | None, with_context: bool, model_id: str
) -> dict[str, str]:
    texts = (embedding_text(c, entry, with_context) for c in document.children)
    return {embed_key(model_id, t): t for t in texts}


def _child_row(child: Any, entry: LibraryEntry | None) -> dict[str, Any]:
    return {
        "child_id": child.child_id,
        "doc_uid": child.doc_uid,
        "parent_id": child.parent_id,
        "ordinal": child.ordinal,
        "citation_key": entry.citation_key if entry else "",
        "title": entry.title if entry else "",
        "authors": entry.authors if entry else "",
        "year": entry.year_int if entry else None,
        "source_type": entry.source_type if entry else "",
        "citable": entry.is_citable if entry else False,
        "source_subtype": child.source_subtype,
        "page_start": child.page_start,
        "page_end": child.page_end,
        "section_path": child.section_path,
        "char_start": child.char_start,
        "char_end": child.char_end,
        "text": child.text,
        "context": context_header(entry, child.section_path),
        "hash": child.hash,
    }


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
        "config_digest": config_digest(config),
        "inputs_digest": pointer.inputs_digest,
        "model": {"id": pointer.model_id, "dim": pointer.dim},
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
