"""The outline tree (RAPTOR on the document's own structure, extractive, no LLM).

Per document: children → sections (the top level of each child's section path, runs of
consecutive children; without sections, windows of pages or of children) → the document.
Above the documents, a library level: documents grouped by the cosine of their mean
sentence vectors (average linkage). Each node's summary is a few sentences picked verbatim
from its own children by centrality to the node's centroid with MMR for variety, each kept
with its locator (document, child, page, offsets in the parent text), so a summary line is
always a route to the leaf that says it. Sentence vectors are cached per document.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from essaylint.core.ports import LazyEmbedder
from essaylint.core.project import Project
from essaylint.core.records import Child, ChunkedDocument, PageSpan
from essaylint.ingest.structure.records import DocStructure
from essaylint.ingest.structure.store import load_structures
from essaylint.text.sentences import sentence_spans
from essaylint.views.library.library import Library

TREE_VERSION = "2"  # 2: no fragments, no sentences from marked regions
SUMMARY_TOKENS = 130  # RAPTOR's mean summary length (paper App. C)
MAX_SENTENCES = 4
MMR_LAMBDA = 0.7
MIN_WORDS, MAX_WORDS = 6, 70
WINDOW_PAGES = 3
WINDOW_CHILDREN = 6
GROUP_THRESHOLD = 0.45  # average-linkage cosine below which document groups stay apart
LEAD_SECTIONS = re.compile(r"abstract|summary|conclusion|introduction", re.I)
LEAD_BONUS = 0.05


@dataclass
class Sentence:
    text: str
    doc_uid: str
    child_id: str
    parent_id: str
    page_start: int | None
    page_end: int | None
    char_start: int  # offsets in the parent's text
    char_end: int
    section: str


@dataclass
class Node:
    node_id: str
    level: str  # section | document | group
    title: str
    doc_uids: list[str]
    page_start: int | None
    page_end: int | None
    child_ids: list[str]  # the leaves below
    summary: list[Sentence]
    children: list[str] = field(default_factory=list)  # node ids one level down
    vector: np.ndarray | None = None
    summary_vectors: np.ndarray | None = None

    def pages(self) -> str:
        return PageSpan(self.page_start, self.page_end).label()


@dataclass
class Tree:
    documents: dict[str, list[Node]]  # doc uid → [document node, section nodes...]
    groups: list[Node]

    def nodes(self) -> list[Node]:
        return [*self.groups, *(n for nodes in self.documents.values() for n in nodes)]


def build_tree(project: Project, embedder: LazyEmbedder, library: Library) -> Tree:
    structures = load_structures(project)
    documents = {
        uid: document_nodes(project, embedder, document, structures.get(uid))
        for uid, document in library.documents.items()
    }
    return Tree(documents, group_nodes(documents))


def _excluded(structure: DocStructure | None) -> dict[str, list[tuple[int, int]]]:
    out: dict[str, list[tuple[int, int]]] = {}
    for region in structure.regions if structure else []:
        out.setdefault(region.parent_id, []).append((region.start, region.end))
    return out


def document_nodes(
    project: Project,
    embedder: LazyEmbedder,
    document: ChunkedDocument,
    structure: DocStructure | None = None,
) -> list[Node]:
    sentences = document_sentences(document, _excluded(structure))
    vectors = sentence_vectors(project, embedder, document.doc_uid, sentences)
    by_child: dict[str, list[int]] = {}
    for i, sentence in enumerate(sentences):
        by_child.setdefault(sentence.child_id, []).append(i)
    sections: list[Node] = []
    for n, (title, children) in enumerate(section_runs(document, structure), start=1):
        rows = [i for c in children for i in by_child.get(c.child_id, [])]
        node = _node(
            f"{document.doc_uid}/s{n:02d}", "section", title, children, sentences, vectors, rows
        )
        sections.append(node)
    body = [c for c in document.children if c.source_subtype != "references"]
    rows = list(range(len(sentences)))
    bonus = np.array([LEAD_BONUS if LEAD_SECTIONS.search(s.section) else 0 for s in sentences])
    top = _node(
        document.doc_uid, "document", "", body or document.children, sentences, vectors, rows, bonus
    )
    top.children = [s.node_id for s in sections]
    return [top, *sections]


def section_runs(
    document: ChunkedDocument, structure: DocStructure | None = None
) -> list[tuple[str, list[Child]]]:
    """Runs of consecutive body children under one top-level section: the structure's
    sections when it found some (outline and heading lines), else the chunks' section
    paths; without either, windows of WINDOW_PAGES pages (or WINDOW_CHILDREN children)."""
    body = [c for c in document.children if c.source_subtype != "references"]
    top = _top_sections(structure, document)
    if top:
        return _runs(body, lambda child: _title_at(top, child))
    named = sum(1 for c in body if c.section_path)
    runs: list[tuple[str, list[Child]]] = []
    for child in body:
        if named >= max(2, len(body) // 2):
            title = child.section_path.split(" > ")[0] or (runs[-1][0] if runs else "Front matter")
        elif child.page_start is not None:
            first = (child.page_start - 1) // WINDOW_PAGES * WINDOW_PAGES + 1
            title = f"Pages {first}-{first + WINDOW_PAGES - 1}"
        else:
            first = child.ordinal // WINDOW_CHILDREN * WINDOW_CHILDREN
            title = f"Passages {first + 1}-{first + WINDOW_CHILDREN}"
        if runs and runs[-1][0] == title:
            runs[-1][1].append(child)
        else:
            runs.append((title, [child]))
    return runs


_FRAGMENT = re.compile(
    r"^(?:\(?\d{1,3}[.)]|\(?[a-z]{1,3}\)|[\W\d_]|[a-zß-ÿ]|[A-ZÄÖÜ]{2,}\s|[A-Z]\.\s)"
)
# A sentence the splitter cut after an abbreviation ("… d. h.", "… bzgl.", "… e.g."), or
# one that does not end like a sentence.
_ENDS_ON_ABBREVIATION = re.compile(
    r"(?:\b[a-zA-Zäöü]\.\s*){2}$|\s[a-zäöü]\.$|\b(?:bzgl|bzw|vgl|ggf|usw|etc|resp|sog|evtl|ca|bspw|inkl|"
    r"cf|vs|al|approx|fig|eq|resp|p|pp|vol|no|Abb|Tab|Bsp|Def|Bem|Kap)\.$|[^.!?。…\"”)]$"
)


def _summary_worthy(text: str) -> bool:
    """A whole sentence of prose: it starts like one (not "3) Sei…", "(b) …", a lower-case
    continuation or a formula) and is mostly letters."""
    words = text.split()
    letters = sum(ch.isalpha() for ch in text)
    if not MIN_WORDS <= len(words) <= MAX_WORDS or letters < 0.6 * len(text):
        return bool(_HAN.search(text)) and 12 <= len(text) <= 160 and not _FRAGMENT.match(text)
    stripped = text.strip()
    one_letter = sum(1 for w in words if len(w.strip(".,;:()")) == 1) / len(words)
    if _FRAGMENT.match(stripped) or one_letter > 0.2:
        return False
    return not _ENDS_ON_ABBREVIATION.search(stripped)


_HAN = re.compile(r"[\u4e00-\u9fff]")


def _top_sections(
    structure: DocStructure | None, document: ChunkedDocument
) -> list[tuple[int, int, str]]:
    """(page, offset, title) of the structure's top-level sections, in reading order."""
    if structure is None:
        return []
    sections = [e for e in structure.of_kind("section") if e.page and e.level == 1]
    if len(sections) < 2:
        return []
    found = [(e.page or 0, e.char_start or 0, _section_title(e.label, e.text)) for e in sections]
    return sorted(found)


def _section_title(label: str, text: str) -> str:
    return text if label.startswith(":") or not label else f"{label} {text}"


def _title_at(sections: list[tuple[int, int, str]], child: Child) -> str:
    position = (child.page_start or 0, child.char_start)
    before = [title for page, offset, title in sections if (page, offset) <= position]
    return before[-1] if before else "Front matter"


def _runs(children: list[Child], title_of: Callable[[Child], str]) -> list[tuple[str, list[Child]]]:
    runs: list[tuple[str, list[Child]]] = []
    for child in children:
        title = title_of(child)
        if runs and runs[-1][0] == title:
            runs[-1][1].append(child)
        else:
            runs.append((title, [child]))
    return runs


_CJK_STOP = re.compile(r"(?<=[。！？])")


def _split_cjk(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Spans cut again after a Chinese or Japanese full stop (。！？), which the sentence
    splitter does not know."""
    out = []
    for start, end in spans:
        cuts = [start] + [start + m.start() for m in _CJK_STOP.finditer(text[start:end])] + [end]
        for a, b in itertools.pairwise(cuts):
            while a < b and text[a].isspace():
                a += 1
            if a < b:
                out.append((a, b))
    return out


def document_sentences(
    document: ChunkedDocument, excluded: dict[str, list[tuple[int, int]]] | None = None
) -> list[Sentence]:
    """Every summary-worthy sentence of the body, verbatim, with its offsets in the parent;
    none from the regions marked at ingest (captions, tables, footnotes, front matter)."""
    excluded = excluded or {}
    out = []
    for child in document.children:
        if child.source_subtype == "references":
            continue
        for start, end in _split_cjk(child.text, sentence_spans(child.text)):
            text = child.text[start:end]
            a, b = child.char_start + start, child.char_start + end
            if not _summary_worthy(text) or text.lstrip().startswith("#"):
                continue
            if any(
                a < x_end and x_start < b for x_start, x_end in excluded.get(child.parent_id, [])
            ):
                continue
            out.append(
                Sentence(
                    text,
                    child.doc_uid,
                    child.child_id,
                    child.parent_id,
                    child.page_start,
                    child.page_end,
                    child.char_start + start,
                    child.char_start + end,
                    child.section_path,
                )
            )
    return out


def sentence_vectors(
    project: Project, embedder: LazyEmbedder, doc_uid: str, sentences: list[Sentence]
) -> np.ndarray:
    """The sentences' vectors, kept in a bucket of the document's own in the store."""
    if not sentences:
        return np.zeros((0, embedder.dim), dtype=np.float32)
    cache = project.store.vectors(embedder.model_id)
    texts = [s.text for s in sentences]
    vectors = cache.lookup(texts, embedder.embed_documents, bucket=f"sentences-{doc_uid}")
    cache.flush()
    return vectors


def _node(
    node_id: str,
    level: str,
    title: str,
    children: list[Child],
    sentences: list[Sentence],
    vectors: np.ndarray,
    rows: list[int],
    bonus: np.ndarray | None = None,
) -> Node:
    picked = _pick(sentences, vectors, rows, bonus)
    pages = [p for c in children for p in (c.page_start, c.page_end) if p is not None]
    vector = _mean(vectors[rows]) if rows else None
    return Node(
        node_id,
        level,
        title,
        [children[0].doc_uid] if children else [],
        min(pages) if pages else None,
        max(pages) if pages else None,
        [c.child_id for c in children],
        [sentences[i] for i in picked],
        vector=vector,
        summary_vectors=vectors[picked] if picked else None,
    )


def _pick(
    sentences: list[Sentence], vectors: np.ndarray, rows: list[int], bonus: np.ndarray | None
) -> list[int]:
    if not rows:
        return []
    matrix = vectors[rows]
    centroid = _mean(matrix)
    score = matrix @ centroid + (bonus[rows] if bonus is not None else 0)
    chosen: list[int] = []
    words = 0
    while len(chosen) < min(MAX_SENTENCES, len(rows)) and words * 1.3 < SUMMARY_TOKENS:
        redundancy = (matrix @ matrix[chosen].T).max(axis=1) if chosen else 0
        value = MMR_LAMBDA * score - (1 - MMR_LAMBDA) * redundancy
        value = np.where(np.isin(np.arange(len(rows)), chosen), -np.inf, value)
        best = int(np.argmax(value))
        chosen.append(best)
        words += len(sentences[rows[best]].text.split())
    return sorted(rows[i] for i in chosen)


def _mean(matrix: np.ndarray) -> np.ndarray:
    centroid = matrix.mean(axis=0)
    return centroid / max(float(np.linalg.norm(centroid)), 1e-12)


def group_nodes(documents: dict[str, list[Node]]) -> list[Node]:
    """The library level: documents merged by average-linkage cosine of their centroids."""
    tops = [nodes[0] for nodes in documents.values() if nodes and nodes[0].vector is not None]
    if not tops:
        return []
    matrix = np.stack([t.vector for t in tops])
    clusters = average_linkage(matrix @ matrix.T, GROUP_THRESHOLD)
    groups = []
    for n, members in enumerate(sorted(clusters, key=lambda m: (-len(m), m)), start=1):
        docs = [tops[i] for i in members]
        centroid = _mean(matrix[members])
        candidates = [(float(s_vec @ centroid), s) for d in docs for s, s_vec in _summary(d)]
        per_doc: dict[str, tuple[float, Sentence]] = {}
        for value, sentence in candidates:
            if sentence.doc_uid not in per_doc or value > per_doc[sentence.doc_uid][0]:
                per_doc[sentence.doc_uid] = (value, sentence)
        best = sorted(per_doc.values(), key=lambda vs: -vs[0])[:3]
        groups.append(
            Node(
                f"group{n:02d}",
                "group",
                f"Group {n}",
                [d.node_id for d in docs],
                None,
                None,
                [c for d in docs for c in d.child_ids],
                [s for _, s in best],
                children=[d.node_id for d in docs],
                vector=centroid,
            )
        )
    return groups


def average_linkage(sims: np.ndarray, threshold: float) -> list[list[int]]:
    """Agglomerative clustering (average linkage, Lance-Williams update) until the best
    pair's mean cosine falls below ``threshold``; clusters as sorted member lists."""
    n = len(sims)
    current = sims.astype(np.float64).copy()
    np.fill_diagonal(current, -np.inf)
    sizes = np.ones(n)
    members: dict[int, list[int]] = {i: [i] for i in range(n)}
    while len(members) > 1:
        flat = int(np.argmax(current))
        a, b = divmod(flat, n)
        if current[a, b] < threshold:
            break
        a, b = min(a, b), max(a, b)
        merged = (sizes[a] * current[a] + sizes[b] * current[b]) / (sizes[a] + sizes[b])
        current[a], current[:, a] = merged, merged
        current[a, a] = -np.inf
        current[b], current[:, b] = -np.inf, -np.inf
        sizes[a] += sizes[b]
        members[a] += members.pop(b)
    return [sorted(m) for m in members.values()]


def _summary(node: Node) -> list[tuple[Sentence, np.ndarray]]:
    if node.summary_vectors is None:
        return []
    return list(zip(node.summary, node.summary_vectors, strict=True))


def node_dict(node: Node) -> dict[str, Any]:
    data = asdict(node)
    data.pop("vector", None)
    data.pop("summary_vectors", None)
    return data
