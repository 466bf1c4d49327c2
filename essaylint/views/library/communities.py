"""Themes: Louvain communities of the concept co-occurrence graph (GraphRAG's communities,
LazyGraphRAG-style: no LLM reports), each turned into a theme card of located evidence."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

import numpy as np

from essaylint.views.library.graph import ConceptGraph

MAX_NODES = 400
MIN_DF = 2
GENERIC_SHARE = 0.08  # concepts in more than this share of passages are too generic
MIN_THEME_CONCEPTS = 3
MAX_THEMES = 12
TOP_CONCEPTS = 8
PASSAGES_PER_THEME = 3
SEED = 0
_GENERIC_WORDS = (
    "study result method analysis data use table figure section paper approach effect "
    "number level time case group example value way work author term other part "
    "finding background conclusion introduction discussion abstract methods results "
    "article research model problem question aim purpose set type form order fact year "
    "participant people sample range change difference rate total measure factor "
    "appendix supplement page chapter review literature correspondence journal article "
    "licence license copyright email author"
)
GENERIC = frozenset(_GENERIC_WORDS.split(" "))


@dataclass
class Theme:
    number: int
    concepts: list[int]  # graph concept indices, most central first
    passages: list[int]  # representative passage indices
    papers: list[tuple[str, int]]  # doc uid, passages touching the theme
    weight: float

    def name(self, graph: ConceptGraph) -> str:
        return " · ".join(graph.labels[c] for c in self.concepts[:3])


def theme_concepts(graph: ConceptGraph) -> list[int]:
    """The concepts themes are built from: not hapax, not generic, the most frequent."""
    ceiling = max(5, GENERIC_SHARE * len(graph.passages))
    keep = [
        i
        for i, key in enumerate(graph.concepts)
        if MIN_DF <= graph.df[i] <= ceiling and key not in GENERIC
    ]
    keep.sort(key=lambda i: (-int(graph.df[i]), graph.concepts[i]))
    return keep[:MAX_NODES]


def find_themes(graph: ConceptGraph, max_themes: int = MAX_THEMES) -> list[Theme]:
    import networkx as nx

    kept = theme_concepts(graph)
    allowed = set(kept)
    net = nx.Graph()
    net.add_nodes_from(kept)
    pairs = [
        (graph.cooccurrence, graph.cooccurrence_weight),
        (graph.synonyms, graph.synonym_weight),
    ]
    for edges, weights in pairs:
        for (a, b), w in zip(edges.tolist(), weights.tolist(), strict=True):
            if a in allowed and b in allowed:
                previous = net.get_edge_data(a, b, {}).get("weight", 0.0)
                net.add_edge(a, b, weight=previous + float(w))
    net.remove_nodes_from([n for n in list(net.nodes) if net.degree(n) == 0])
    if net.number_of_nodes() == 0:
        return []
    groups = nx.community.louvain_communities(net, weight="weight", seed=SEED)
    themes = []
    for members in groups:
        if len(members) < MIN_THEME_CONCEPTS:
            continue
        sub = net.subgraph(members)
        central = sorted(
            members,
            key=lambda c: (-sub.degree(c, weight="weight") * math.log1p(graph.df[c]), c),
        )
        themes.append(_card(graph, central))
    themes.sort(key=lambda t: -t.weight)
    for number, theme in enumerate(themes[:max_themes], start=1):
        theme.number = number
    return themes[:max_themes]


def _card(graph: ConceptGraph, central: list[int]) -> Theme:
    members = set(central)
    n = len(graph.passages)
    idf = {c: math.log(n / max(int(graph.df[c]), 1)) for c in members}
    score: Counter[int] = Counter()
    for concept, passage in graph.incidence.tolist():
        if concept in members:
            score[passage] += idf[concept]
    papers: Counter[str] = Counter(graph.passage_doc[p] for p in score)
    ranked = sorted(score, key=lambda p: (-score[p], p))
    picked: list[int] = []
    for p in ranked:  # one passage per paper first, then the rest
        if graph.passage_doc[p] not in {graph.passage_doc[q] for q in picked}:
            picked.append(p)
        if len(picked) == PASSAGES_PER_THEME:
            break
    for p in ranked:
        if len(picked) >= PASSAGES_PER_THEME:
            break
        if p not in picked:
            picked.append(p)
    weight = float(sum(score.values()))
    return Theme(0, central[:TOP_CONCEPTS], picked, papers.most_common(), weight)


def concept_occurrence(graph: ConceptGraph, concept: int, prefer: set[str]) -> int:
    """A passage that mentions the concept (in a preferred paper when possible)."""
    found = graph.passages_of(concept)
    if not len(found):
        return -1
    for p in np.sort(found).tolist():
        if graph.passage_doc[p] in prefer:
            return int(p)
    return int(found.min())
