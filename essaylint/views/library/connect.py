"""What bridges two concepts: passages and papers that mention both, and the concepts and
passages that Personalized PageRank reaches from both (HippoRAG's associative step)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from essaylint.views.library.communities import GENERIC, GENERIC_SHARE
from essaylint.views.library.concepts import MAX_PHRASE_TOKENS, query_concepts
from essaylint.views.library.graph import ConceptGraph
from essaylint.views.library.ppr import Walk, concept_seeds, link_concepts, personalized_pagerank

TOP_BRIDGES = 8
TOP_PASSAGES = 5


@dataclass
class Bridge:
    a: str
    b: str
    linked_a: list[int]
    linked_b: list[int]
    both: list[int] = field(default_factory=list)  # passages mentioning A and B
    papers: list[tuple[str, int, int]] = field(default_factory=list)  # uid, A passages, B
    concepts: list[tuple[int, int, int]] = field(default_factory=list)  # X, A∧X, X∧B passage
    passages: list[int] = field(default_factory=list)  # best PPR bridges


def link_text(graph: ConceptGraph, text: str, embedder: Any) -> dict[int, float]:
    """The graph's concepts a side of the question names: the longest concepts of the
    library found in it word for word ("full text", not "text"), else its own phrases
    linked by exact key or cosine."""
    exact = _longest_concepts(graph, text)
    if exact:
        return dict.fromkeys(exact, 1.0)
    phrases = list(dict.fromkeys(k for k, _ in query_concepts(text)))
    if not phrases:
        return {}
    return link_concepts(graph, phrases, embedder.embed_queries(phrases))


def _longest_concepts(graph: ConceptGraph, text: str) -> list[int]:
    """Concepts of the library the text names, longest first: its own noun phrases as the
    extractor keys them ("bibliography entries" → "bibliography entry") and its word
    n-grams; a concept inside a longer one found is dropped ("text" inside "full text")."""
    keys = [k for k, _ in query_concepts(text)]
    words = normalise_words(text)
    keys += [
        " ".join(words[i : i + n])
        for n in range(min(len(words), MAX_PHRASE_TOKENS + 1), 0, -1)
        for i in range(len(words) - n + 1)
    ]
    found: list[str] = []
    for key in sorted(dict.fromkeys(keys), key=lambda k: -len(k.split())):
        key = graph.aliases.get(key, key)
        if key not in graph.concept_index or key in found:
            continue
        if any(f" {key} " in f" {longer} " for longer in found):
            continue
        if len(key.split()) > 1 or key not in GENERIC:
            found.append(key)
    return [graph.concept_index[k] for k in found]


def normalise_words(text: str) -> list[str]:
    return re.sub(r"[^\w\s-]", " ", text.lower()).split()


def connect(graph: ConceptGraph, walk: Walk, a: str, b: str, embedder: Any) -> Bridge:
    links_a, links_b = link_text(graph, a, embedder), link_text(graph, b, embedder)
    bridge = Bridge(a, b, sorted(links_a, key=lambda c: -links_a[c]), sorted(links_b))
    bridge.linked_b = sorted(links_b, key=lambda c: -links_b[c])
    if not links_a or not links_b:
        return bridge
    c = len(graph.concepts)
    mentions_a = _mentions(graph, links_a)
    mentions_b = _mentions(graph, links_b)
    bridge.both = sorted(mentions_a & mentions_b)[:TOP_PASSAGES]
    docs = sorted({graph.passage_doc[p] for p in mentions_a | mentions_b})
    for uid in docs:
        in_a = sum(1 for p in mentions_a if graph.passage_doc[p] == uid)
        in_b = sum(1 for p in mentions_b if graph.passage_doc[p] == uid)
        if in_a and in_b:
            bridge.papers.append((uid, in_a, in_b))
    bridge.papers.sort(key=lambda t: (-min(t[1], t[2]), t[0]))
    pa = personalized_pagerank(walk, concept_seeds(graph, links_a))
    pb = personalized_pagerank(walk, concept_seeds(graph, links_b))
    joint = np.sqrt(pa * pb)
    seeds = set(links_a) | set(links_b)
    for x in np.argsort(-joint[:c]).tolist():
        if x in seeds or graph.df[x] < 2 or graph.concepts[x] in GENERIC:
            continue
        if graph.df[x] > max(5, _share(graph.concepts[x]) * len(graph.passages)):
            continue
        with_x = set(graph.passages_of(x).tolist())
        left, right = sorted(with_x & mentions_a), sorted(with_x & mentions_b)
        if left and right:
            bridge.concepts.append((x, left[0], right[0]))
        if len(bridge.concepts) >= TOP_BRIDGES:
            break
    order = np.argsort(-joint[c:]).tolist()
    bridge.passages = [p for p in order if joint[c + p] > 0][:TOP_PASSAGES]
    return bridge


BRIDGE_WORD_SHARE = 0.02  # a one-word bridge this common (patients, quality, care) says nothing


def _share(key: str) -> float:
    return GENERIC_SHARE if " " in key else BRIDGE_WORD_SHARE


def _mentions(graph: ConceptGraph, links: dict[int, float]) -> set[int]:
    found: set[int] = set()
    for concept in links:
        found.update(graph.passages_of(concept).tolist())
    return found
