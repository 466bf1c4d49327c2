"""The structure of each document, a shelf of the store keyed like the chunk cache (its own
folder, so that readers of the chunks never meet it)."""

from __future__ import annotations

from essaylint.core.project import Project
from essaylint.core.records import ChunkedDocument
from essaylint.core.store import Shelf
from essaylint.ingest.state import current_chunk_key
from essaylint.ingest.structure.build import build_structure
from essaylint.ingest.structure.records import DocStructure

STRUCTURE_VERSION = "2"  # 2: footnotes from glyph evidence, multilingual captions, styled headings


def structure_shelf(project: Project) -> Shelf[DocStructure]:
    return project.store.shelf("structure", DocStructure.to_dict, DocStructure.from_dict)


def ensure_structure(
    project: Project, chunked: ChunkedDocument, source_path: str, chunk_key: str
) -> DocStructure:
    """The cached structure of a document, built when its chunks or this version changed.
    A document whose layout cannot be read still gets the text-only structure."""

    key = f"{STRUCTURE_VERSION}|{chunk_key}"
    shelf = structure_shelf(project)
    cached = shelf.get(chunked.doc_uid, key)
    if cached is not None:
        return cached
    pdf = project.root / source_path
    try:
        structure = build_structure(chunked, pdf if pdf.is_file() else None)
    except Exception:
        structure = build_structure(chunked, None)
    shelf.put(chunked.doc_uid, key, structure)
    return structure


def load_structures(project: Project) -> dict[str, DocStructure]:
    """The structures of the last ingest's documents (those never ingested with this stage
    have none)."""
    key = f"{STRUCTURE_VERSION}|{current_chunk_key(project.store)}"
    return structure_shelf(project).all(key)


def structure_of(project: Project, doc_uid: str) -> DocStructure | None:
    """One document's structure as the last ingest left it (None when it has none)."""
    key = f"{STRUCTURE_VERSION}|{current_chunk_key(project.store)}"
    return structure_shelf(project).get(doc_uid, key)
