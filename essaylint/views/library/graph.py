"""The concept graph of the library, assembled from per-document parts.

Nodes are concepts (see concepts.py) and passages (children). Edges:
- concept–passage: the passage mentions the concept (the phrase × passage matrix P);
- concept–concept co-occurrence: within a child, each concept with the next WINDOW ones;
- concept–concept synonymy: embedding cosine >= SYNONYM_THRESHOLD (HippoRAG's τ = 0.8),
  at most SYNONYM_TOPK per concept, among concepts in at least two passages.

Acronyms defined anywhere in the library ("deep venous thrombosis (DVT)") merge with their
long form. The assembled graph is cached under a digest of the parts, so adding one PDF
extracts only that PDF and re-assembles (seconds), as HippoRAG's maintainers advise.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from essaylint.core.fsio import atomic_write_bytes, atomic_write_json, read_json
from essaylint.core.ports import LazyEmbedder
from essaylint.core.project import Project
from essaylint.ingest.structure.store import load_structures
from essaylint.views.library.concepts import DocConcepts, document_concepts, top_surface
from essaylint.views.library.library import Library, load_library

GRAPH_VERSION = "1"
WINDOW = 4
SYNONYM_THRESHOLD = 0.8
SYNONYM_TOPK = 5
EMBED_MIN_DF = 2


@dataclass
class ConceptGraph:
    concepts: list[str]  # keys
    labels: list[str]  # the surface form shown
    df: np.ndarray  # passages per concept
    passages: list[str]  # child ids
    passage_doc: list[str]
    incidence: np.ndarray  # (n, 2) concept index, passage index
    cooccurrence: np.ndarray  # (m, 2) concept pairs, a < b
    cooccurrence_weight: np.ndarray
    synonyms: np.ndarray  # (s, 2) concept pairs
    synonym_weight: np.ndarray
    embedded: np.ndarray  # concept indices that have a vector (rows of vectors)
    vectors: np.ndarray
    aliases: dict[str, str] = field(default_factory=dict)  # acronym key → long-form key
    digest: str = ""
    timings: dict[str, float] = field(default_factory=dict)
    _concept_index: dict[str, int] | None = None
    _passage_index: dict[str, int] | None = None

    @property
    def concept_index(self) -> dict[str, int]:
        if self._concept_index is None:
            self._concept_index = {k: i for i, k in enumerate(self.concepts)}
        return self._concept_index

    @property
    def passage_index(self) -> dict[str, int]:
        if self._passage_index is None:
            self._passage_index = {k: i for i, k in enumerate(self.passages)}
        return self._passage_index

    def passages_of(self, concept: int) -> np.ndarray:
        return self.incidence[self.incidence[:, 0] == concept, 1]

    def concepts_of(self, passage: int) -> np.ndarray:
        return self.incidence[self.incidence[:, 1] == passage, 0]


def ensure_graph(
    project: Project,
    embedder: LazyEmbedder,
    library: Library | None = None,
    progress: Callable[[str], None] | None = None,
) -> ConceptGraph:
    """The current graph: cached parts and assembly reused, new documents extracted."""
    library = library or load_library(project)
    say = progress or (lambda _: None)
    started = time.perf_counter()
    parts: dict[str, DocConcepts] = {}
    new = 0
    structures = load_structures(project)
    for uid, document in library.documents.items():
        structure = structures.get(uid)
        excluded: dict[str, list[tuple[int, int]]] = {}
        for region in structure.regions if structure else []:
            excluded.setdefault(region.parent_id, []).append((region.start, region.end))
        parts[uid], fresh = document_concepts(project.store, document, excluded)
        new += fresh
        if fresh:
            say(f"concepts: {library.name(uid)}")
    extract_s = time.perf_counter() - started
    digest = _digest(parts, embedder.model_id)
    folder = project.store.folder("library_view", "graph")
    cached = _load(folder, digest)
    if cached is not None:
        cached.timings = {"extract_s": extract_s, "assemble_s": 0.0, "new_documents": new}
        return cached
    started = time.perf_counter()
    graph = assemble(project, embedder, parts)
    graph.digest = digest
    graph.timings = {
        "extract_s": extract_s,
        "assemble_s": time.perf_counter() - started,
        "new_documents": new,
    }
    _save(folder, graph)
    return graph


def assemble(
    project: Project, embedder: LazyEmbedder, parts: dict[str, DocConcepts]
) -> ConceptGraph:
    aliases = _acronym_aliases(parts)
    surfaces: dict[str, Counter[str]] = {}
    passages: list[str] = []
    passage_doc: list[str] = []
    per_passage: list[list[str]] = []
    for uid in sorted(parts):
        part = parts[uid]
        for key, forms in part.surfaces.items():
            surfaces.setdefault(aliases.get(key, key), Counter()).update(forms)
        for child_id, keys in part.children.items():
            passages.append(child_id)
            passage_doc.append(uid)
            per_passage.append(list(dict.fromkeys(aliases.get(k, k) for k in keys)))
    concepts = sorted(surfaces)
    index = {k: i for i, k in enumerate(concepts)}
    pairs = [(index[k], p) for p, keys in enumerate(per_passage) for k in keys]
    incidence = np.array(pairs, dtype=np.int64).reshape(-1, 2)
    df = np.bincount(incidence[:, 0], minlength=len(concepts)) if len(pairs) else np.zeros(0)
    co: Counter[tuple[int, int]] = Counter()
    for keys in per_passage:
        ids = [index[k] for k in keys]
        for i, a in enumerate(ids):
            for b in ids[i + 1 : i + 1 + WINDOW]:
                co[(min(a, b), max(a, b))] += 1
    labels = [_label(k, surfaces[k], aliases) for k in concepts]
    embedded = np.array([i for i, n in enumerate(df) if n >= EMBED_MIN_DF], dtype=np.int64)
    vectors = concept_vectors(project, embedder, [concepts[i] for i in embedded])
    syn, syn_w = _synonyms(embedded, vectors)
    return ConceptGraph(
        concepts=concepts,
        labels=labels,
        df=np.asarray(df, dtype=np.int64),
        passages=passages,
        passage_doc=passage_doc,
        incidence=incidence,
        cooccurrence=np.array(list(co), dtype=np.int64).reshape(-1, 2),
        cooccurrence_weight=np.array(list(co.values()), dtype=np.float32),
        synonyms=syn,
        synonym_weight=syn_w,
        embedded=embedded,
        vectors=vectors,
        aliases=aliases,
    )


def concept_vectors(project: Project, embedder: LazyEmbedder, keys: list[str]) -> np.ndarray:
    """Vectors of concept keys, from the store (new concepts only are embedded)."""
    if not keys:
        return np.zeros((0, embedder.dim), dtype=np.float32)
    cache = project.store.vectors(embedder.model_id)
    vectors = cache.lookup(keys, embedder.embed_documents, bucket="concepts")
    cache.flush()
    return vectors.astype(np.float32)


def _synonyms(embedded: np.ndarray, vectors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    pairs: dict[tuple[int, int], float] = {}
    block = 2048
    for start in range(0, len(embedded), block):
        sims = vectors[start : start + block] @ vectors.T
        for row in range(sims.shape[0]):
            sims[row, start + row] = -1.0
        top = np.argsort(-sims, axis=1)[:, :SYNONYM_TOPK]
        for row, cols in enumerate(top):
            for col in cols:
                value = float(sims[row, col])
                if value < SYNONYM_THRESHOLD:
                    break
                a, b = int(embedded[start + row]), int(embedded[col])
                pairs[(min(a, b), max(a, b))] = value
    edges = np.array(list(pairs), dtype=np.int64).reshape(-1, 2)
    return edges, np.array(list(pairs.values()), dtype=np.float32)


def _acronym_aliases(parts: dict[str, DocConcepts]) -> dict[str, str]:
    votes: dict[str, Counter[str]] = {}
    for part in parts.values():
        for acronym, long_form in part.acronyms.items():
            votes.setdefault(acronym, Counter())[long_form] += 1
    return {a: c.most_common(1)[0][0] for a, c in votes.items()}


def _label(key: str, forms: Counter[str], aliases: dict[str, str]) -> str:
    surface = top_surface(dict(forms)) or key
    acronyms = sorted(a for a, long_form in aliases.items() if long_form == key)
    if acronyms and surface.lower() == key:
        return f"{surface} ({acronyms[0].upper()})"
    return surface


def _digest(parts: dict[str, DocConcepts], model_id: str) -> str:
    digest = hashlib.sha1(f"{GRAPH_VERSION}|{model_id}\n".encode())
    for uid in sorted(parts):
        digest.update(f"{uid}|{parts[uid].key}\n".encode())
    return digest.hexdigest()[:16]


ARRAYS = (
    "df",
    "incidence",
    "cooccurrence",
    "cooccurrence_weight",
    "synonyms",
    "synonym_weight",
    "embedded",
    "vectors",
)


def _save(folder: Any, graph: ConceptGraph) -> None:
    import io

    buffer = io.BytesIO()
    np.savez(buffer, **{name: getattr(graph, name) for name in ARRAYS})
    atomic_write_bytes(folder / "graph.npz", buffer.getvalue())
    meta = {
        "digest": graph.digest,
        "concepts": graph.concepts,
        "labels": graph.labels,
        "passages": graph.passages,
        "passage_doc": graph.passage_doc,
        "aliases": graph.aliases,
    }
    atomic_write_json(folder / "graph.json", meta)


def _load(folder: Any, digest: str) -> ConceptGraph | None:
    meta = read_json(folder / "graph.json")
    if not meta or meta.get("digest") != digest or not (folder / "graph.npz").is_file():
        return None
    try:
        with np.load(folder / "graph.npz") as data:
            arrays = {name: data[name] for name in ARRAYS}
    except (OSError, ValueError, KeyError):
        return None
    return ConceptGraph(
        concepts=meta["concepts"],
        labels=meta["labels"],
        passages=meta["passages"],
        passage_doc=meta["passage_doc"],
        aliases=meta.get("aliases", {}),
        digest=digest,
        **arrays,
    )


def describe(graph: ConceptGraph) -> str:
    return json.dumps(
        {
            "concepts": len(graph.concepts),
            "passages": len(graph.passages),
            "concept_passage_edges": len(graph.incidence),
            "cooccurrence_edges": len(graph.cooccurrence),
            "synonym_edges": len(graph.synonyms),
            "embedded_concepts": len(graph.embedded),
        }
    )
