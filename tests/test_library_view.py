"""Library views on a tiny real repo (two corpus PDFs): graph, PPR, themes, connect, and
the outline tree, whose every summary sentence must be verbatim from its located source."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from essaylint.app.backends import embedder_for
from essaylint.app.ingest import run_ingest
from essaylint.app.scaffold import scaffold
from essaylint.config import load_config
from essaylint.core.project import Project
from essaylint.views.library.communities import find_themes
from essaylint.views.library.concepts import definitions, normalise
from essaylint.views.library.graph import ensure_graph
from essaylint.views.library.library import load_library
from essaylint.views.library.ppr import Walk, personalized_pagerank
from essaylint.views.library.tree import average_linkage, build_tree

PDFS = ("datta2010_jtmo_dvt_prophylaxis_review.pdf", "tully2010_rrp_heart_failure_programmes.pdf")


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory, corpus_dir: Path) -> Project:
    root = tmp_path_factory.mktemp("library_view")
    scaffold(root)
    for name in PDFS:
        shutil.copy(corpus_dir / name, root / "raw" / "evidence" / name)
    project = Project(root)
    run_ingest(project, load_config(project.config_path))
    return project


def test_ppr_is_a_distribution_that_favours_the_seed() -> None:
    # a path 0 - 1 - 2 - 3
    src = np.array([0, 1, 1, 2, 2, 3])
    dst = np.array([1, 0, 2, 1, 3, 2])
    weight = np.ones(6)
    walk = Walk(4, src, dst, weight, np.bincount(src, weights=weight, minlength=4))
    p = personalized_pagerank(walk, {0: 1.0})
    assert p.sum() == pytest.approx(1.0)
    assert p[0] > p[1] > p[2] > p[3]


def test_acronym_definitions_and_keys() -> None:
    found = dict(definitions("prophylaxis of deep venous thrombosis (DVT) in trauma"))
    assert found == {"dvt": "deep venous thrombosis"}
    assert normalise("The Heart Failure") == "heart failure"
    assert normalise("12") == ""


def test_average_linkage_merges_only_similar() -> None:
    sims = np.array([[1, 0.9, 0.1], [0.9, 1, 0.1], [0.1, 0.1, 1.0]])
    assert sorted(average_linkage(sims, 0.5)) == [[0, 1], [2]]


def test_graph_is_incremental_and_located(repo: Project) -> None:
    config = load_config(repo.config_path)
    library = load_library(repo)
    graph = ensure_graph(repo, embedder_for(config), library)
    assert len(graph.concepts) > 100 and len(graph.passages) > 20
    assert set(graph.passage_doc) == set(library.documents)
    again = ensure_graph(repo, embedder_for(config), library)
    assert again.timings["new_documents"] == 0 and again.digest == graph.digest
    themes = find_themes(graph)
    assert themes and all(t.passages and t.papers for t in themes)


def test_connect_finds_the_shared_ground(repo: Project) -> None:
    from essaylint.app.backends import embedder_for
    from essaylint.views.library.connect import connect
    from essaylint.views.library.ppr import walk_of
    from essaylint.views.library.render import connect_markdown

    config = load_config(repo.config_path)
    library = load_library(repo)
    graph = ensure_graph(repo, embedder_for(config), library)
    bridge = connect(graph, walk_of(graph), "patients", "complications", embedder_for(config))
    assert bridge.linked_a and bridge.linked_b and bridge.passages
    text = connect_markdown(bridge, graph, library)
    quoted = [line for line in text.splitlines() if line.startswith('- "')]
    assert quoted and all("p. " in line for line in quoted)


def test_overview_sentences_are_verbatim_and_located(repo: Project) -> None:
    config = load_config(repo.config_path)
    library = load_library(repo)
    tree = build_tree(repo, embedder_for(config), library)
    parents = {p.parent_id: p for d in library.documents.values() for p in d.parents}
    checked = 0
    for node in tree.nodes():
        for sentence in node.summary:
            parent = parents[sentence.parent_id]
            assert parent.text[sentence.char_start : sentence.char_end] == sentence.text
            assert sentence.page_start is not None
            checked += 1
    assert checked > 10
    for nodes in tree.documents.values():
        assert len(nodes) > 2 and nodes[0].summary
        # a section with no summary holds only marked regions (acknowledgements, captions…)
        empty = [n.title for n in nodes[1:] if not n.summary]
        assert len(empty) <= len(nodes) // 4, empty


def test_signals_fuse_into_retrieval(repo: Project) -> None:
    from dataclasses import replace

    from essaylint.app.query import open_retriever
    from essaylint.retrieve.engine import SearchParams
    from essaylint.retrieve.records import QueryInputs

    config = load_config(repo.config_path)
    params = SearchParams.from_settings(config.retrieval)
    signals = replace(params, graph_signal=True, overview_signal=True)
    retriever = open_retriever(repo, config, signals)
    inputs = QueryInputs("complications of DVT prophylaxis in trauma patients")
    lists = retriever.ranked_lists(inputs, retriever.where(inputs) or "citable = true")
    assert lists["graph"] and lists["overview"]
    assert retriever.search(inputs)
