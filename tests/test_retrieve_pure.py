"""Fusion (scores and RRF), segment extraction, quotes, filters and citations as pure functions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from essaylint.core.errors import EssaylintError
from essaylint.core.records import LibraryEntry, PageSpan
from essaylint.retrieve.citation import author_label, citation
from essaylint.retrieve.engine import looks_latin
from essaylint.retrieve.filters import build_where, year_clause
from essaylint.retrieve.fusion import convex, convex_weights, rrf, weighted
from essaylint.retrieve.quotes import _quotable, best_quote, word_count
from essaylint.retrieve.records import Filters
from essaylint.retrieve.segments import SegmentChild, child_value, extract_segments

ids = st.lists(st.sampled_from([f"c{i}" for i in range(30)]), max_size=25)


@given(st.dictionaries(st.sampled_from(["a", "b", "c"]), ids, max_size=3))
def test_rrf_scores_are_the_sum_of_reciprocal_ranks(lists: dict[str, list[str]]) -> None:
    fused = rrf(lists, k=60)
    scores = dict(fused)
    assert set(scores) == {i for ranked in lists.values() for i in ranked}
    for item, score in fused:
        expected = sum(1 / (60 + r.index(item) + 1) for r in lists.values() if item in r)
        assert score == pytest.approx(expected)
    assert fused == sorted(fused, key=lambda kv: (-kv[1], kv[0]))
    assert rrf(lists, k=60) == fused


def test_rrf_prefers_agreement_and_weights_demote() -> None:
    fused = rrf({"dense": ["x", "y", "z"], "bm25": ["y", "x", "w"]}, k=60)
    assert [i for i, _ in fused][:2] == ["x", "y"]
    demoted = weighted(fused, {"x": 0.5})
    assert demoted[0][0] == "y"


scored = st.lists(
    st.tuples(
        st.sampled_from([f"c{i}" for i in range(20)]), st.floats(-1, 50).map(lambda x: round(x, 3))
    ),
    max_size=20,
)


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(st.sampled_from(["dense_question", "bm25", "dense_en"]), scored, max_size=3),
    st.floats(0.1, 100),
    st.sets(st.sampled_from(["dense_question", "bm25", "dense_en"])),
)
def test_convex_is_scale_free_bounded_and_deterministic(
    lists: dict[str, list[tuple[str, float]]], scale: float, truncated: set[str]
) -> None:
    shares = convex_weights(list(lists), 0.6, {})
    fused = convex(lists, shares, truncated)
    assert fused == sorted(fused, key=lambda kv: (-kv[1], kv[0]))
    assert all(-1e-9 <= score <= 1 + 1e-9 for _, score in fused)
    positive = {
        i
        for ranked in lists.values()
        if max((s for _, s in ranked), default=0) > 0
        for i, _ in ranked
    }
    assert {i for i, _ in fused} == positive
    # Each list is scaled by its own best score: multiplying one list's scores changes nothing.
    if lists:
        name = next(iter(lists))
        rescaled = {**lists, name: [(i, s * scale) for i, s in lists[name]]}
        again = dict(convex(rescaled, shares, truncated))
        for item, score in fused:
            assert again[item] == pytest.approx(score, abs=1e-9)


def test_convex_keeps_a_confident_bm25_hit_that_rrf_drops() -> None:
    # dev-eval query 856: BM25 is sure of its first document, the dense list is not.
    bm25 = [("a", 40.0), ("b", 11.0), ("c", 10.0)]
    dense = [("b", 0.62), ("c", 0.61), ("d", 0.60), ("a", 0.45)]
    ranks = rrf({"dense": [i for i, _ in dense], "bm25": [i for i, _ in bm25]}, k=60)
    assert ranks[0][0] == "b"
    fused = convex({"dense": dense, "bm25": bm25}, {"dense": 0.6, "bm25": 0.4})
    assert fused[0] == ("a", pytest.approx(0.6 * 0.45 / 0.62 + 0.4))


def test_convex_missing_id_scores_zero_or_the_truncated_lists_floor() -> None:
    lists = {"dense": [("x", 0.8), ("y", 0.4)], "bm25": [("z", 10.0)]}
    weights = {"dense": 0.5, "bm25": 0.5}
    complete = dict(convex(lists, weights))
    assert complete["z"] == pytest.approx(0.5) and complete["y"] == pytest.approx(0.25)
    cut = dict(convex(lists, weights, truncated={"dense"}))
    assert cut["z"] == pytest.approx(0.5 + 0.5 * 0.5)  # at most the dense list's last score
    assert cut["x"] == pytest.approx(0.5) and cut["y"] == pytest.approx(0.25)
    assert convex(lists, {"dense": 1.0, "bm25": 0.0}) == [("x", 1.0), ("y", 0.5)]
    assert convex({"bm25": [("a", -2.0)]}, {"bm25": 1.0}) == []


def test_convex_weights_split_the_dense_share_and_sum_to_one() -> None:
    assert convex_weights(["dense_question", "bm25"], 0.6, {}) == pytest.approx(
        {"dense_question": 0.6, "bm25": 0.4}
    )
    both = convex_weights(["dense_question", "dense_en", "bm25"], 0.6, {})
    assert both == pytest.approx({"dense_question": 0.3, "dense_en": 0.3, "bm25": 0.4})
    dropped = convex_weights(["dense_question", "dense_en", "bm25"], 0.6, {"dense_question": 0})
    assert dropped == pytest.approx({"dense_question": 0.0, "dense_en": 0.6, "bm25": 0.4})
    signals = convex_weights(["dense_question", "bm25", "graph"], 0.6, {})
    assert sum(signals.values()) == pytest.approx(1.0)
    assert signals["bm25"] == pytest.approx(signals["graph"])


cells = st.lists(
    st.tuples(
        st.sampled_from(["d1:p1", "d1:p2", "d2:p1"]),
        st.integers(0, 25),
        st.one_of(st.none(), st.integers(0, 60)),
    ),
    max_size=40,
)


@settings(max_examples=200, deadline=None)
@given(cells, st.integers(1, 8))
def test_segments_never_overlap_or_cross_and_respect_length(raw: list, max_len: int) -> None:
    children = [SegmentChild(g, o, r) for g, o, r in raw]
    segments = extract_segments(children, max_len=max_len)
    used: set[tuple[str, int]] = set()
    known = {(c.group, c.ordinal) for c in children}
    for seg in segments:
        assert 1 <= len(seg.ordinals) <= max_len
        assert list(seg.ordinals) == list(range(seg.first, seg.last + 1))
        assert all((seg.group, o) in known for o in seg.ordinals)
        cells_of = {(seg.group, o) for o in seg.ordinals}
        assert not cells_of & used
        used |= cells_of
        assert seg.value > 0
    assert extract_segments(list(reversed(children)), max_len=max_len) == segments


def test_segments_merge_neighbours_but_not_across_gaps() -> None:
    children = [
        SegmentChild("p", 1, 0),
        SegmentChild("p", 2, None),
        SegmentChild("p", 3, 1),
        SegmentChild("p", 5, 2),
        SegmentChild("q", 6, 3),
    ]
    segments = extract_segments(children)
    assert segments[0].ordinals == (1, 2, 3)
    assert {s.ordinals for s in segments[1:]} == {(5,), (6,)}
    assert child_value(None) == pytest.approx(-0.2)
    assert child_value(0) == pytest.approx(0.8)


text_st = st.text(
    alphabet=st.sampled_from(list("abc def. Ghi jkl! Mno?\n ")), min_size=0, max_size=600
)


@settings(max_examples=200, deadline=None)
@given(text_st, st.integers(0, 600), st.integers(0, 600))
def test_quote_is_verbatim_bounded_and_inside_the_range(text: str, a: int, b: int) -> None:
    start, end = sorted((min(a, len(text)), min(b, len(text))))
    q_start, q_end = best_quote(text, start, end, "ghi mno", max_words=12)
    assert 0 <= q_start <= q_end <= len(text)
    assert word_count(text[q_start:q_end]) <= 12
    if _quotable(text, start, end, ()):  # elsewhere only when the range has nothing quotable
        assert start <= q_start <= q_end <= end


def test_quote_picks_the_matching_sentence() -> None:
    text = "Cats sleep a lot. Focus groups were held with patients. Dogs bark."
    s, e = best_quote(text, 0, len(text), "focus groups", max_words=7)
    assert text[s:e] == "Focus groups were held with patients."


def test_quote_stops_at_section_labels_and_paragraph_breaks() -> None:
    text = (
        "Morale improved. Once the programme ended, motivation lapsed. Conclusion. "
        "Programmes help patients.\n\n1. Introduction\n\nHeart failure is common."
    )
    s, e = best_quote(text, 0, len(text), "motivation after the programme ended", max_words=60)
    assert text[s:e] == "Morale improved. Once the programme ended, motivation lapsed."
    s, e = best_quote(text, 0, len(text), "programmes help patients", max_words=60)
    assert text[s:e] == "Programmes help patients."
    s, e = best_quote(text, 0, len(text), "heart failure", max_words=60)
    assert text[s:e] == "Heart failure is common."


def test_quote_skips_titles_and_bylines_for_the_sentence_that_says_it() -> None:
    text = (
        "# Caspase-11 and phagosome fusion.\n\nCaspase-11 Fusion Study\n\n"
        "Ann Cole, Dan Eve and Fay Gill\n\n"
        "Bacteria were studied in mice. Caspase-11 promoted the fusion of phagosomes with "
        "lysosomes in infected cells."
    )
    s, e = best_quote(text, 0, len(text), "caspase-11 phagosome fusion", 60)
    assert text[s:e].startswith("Bacteria were studied") and text[e - 1] == "."
    # A range cut mid-paragraph is not mistaken for a heading.
    cut = text.index("infected")
    s, e = best_quote(text, text.index("Bacteria"), cut, "bacteria mice", 60)
    assert text[s:e] == text[text.index("Bacteria") : cut].rstrip()


def test_quote_is_the_finding_not_the_aim() -> None:
    text = (
        "We investigated whether bariatric surgery reduces colorectal cancer. "
        "Bariatric surgery was performed in 1,200 patients. "
        "Bariatric surgery reduced colorectal cancer incidence by 30% (p < 0.01)."
    )
    query = "bariatric surgery reduces colorectal cancer"
    s, e = best_quote(text, 0, len(text), query, max_words=12)
    assert text[s:e].endswith("by 30% (p < 0.01).")


def test_quote_never_comes_from_an_excluded_region() -> None:
    text = (
        "Bleeding occurred in 3.9% and HIT in 0.7% of trauma patients on heparin.\n\n"
        "Cite this article as: Datta et al.: Complications of DVT prophylaxis in trauma."
    )
    footer = (text.index("Cite"), len(text))
    query = "complications of DVT prophylaxis in trauma"
    s, e = best_quote(text, footer[0], footer[1], query, excluded=[footer])
    assert text[s:e].startswith("Bleeding occurred")
    s, e = best_quote(text, 0, len(text), query, excluded=[(0, len(text))])
    assert s == e


def test_quote_never_comes_from_a_licence_sentence() -> None:
    # the layout ran the licence into the paragraph after a citation line (Sci. Rep. style)
    text = (
        "Trapped ions formed planar crystals of up to 300 ions at 0.5 mK.\n\n"
        "Sci. Rep. 5, 8555 (2015). This work is licensed under a Creative Commons Attribution "
        "4.0 International License. The images or other third party material in this article "
        "are included in the article's Creative Commons license, unless indicated otherwise. "
        "To view a copy of this license, visit http://creativecommons.org/licenses/by/4.0/"
    )
    start = text.index("Sci. Rep.")
    s, e = best_quote(text, start, len(text), "material included in the article license")
    assert "licen" not in text[s:e].lower(), text[s:e]


def test_year_filters() -> None:
    assert year_clause(">=2020") == "year >= 2020"
    assert year_clause("2015-2020") == "year >= 2015 AND year <= 2020"
    assert year_clause("<2010") == "year < 2010"
    assert year_clause("2014") == "year = 2014"
    with pytest.raises(EssaylintError):
        year_clause("recent")


def test_where_resolves_library_columns() -> None:
    library = {
        "doc_a": LibraryEntry("doc_a", citation_key="a2010", publisher="BMC"),
        "doc_b": LibraryEntry("doc_b", citation_key="b2011", publisher="Hindawi"),
    }
    clause = build_where(Filters(where=("publisher=bmc",)), "evidence", library)
    assert "doc_uid IN ('doc_a')" in clause and "citable = true" in clause
    assert "citable = false" in build_where(Filters(), "instruction", library)
    with pytest.raises(EssaylintError, match="no column"):
        build_where(Filters(where=("nope=1",)), "evidence", library)


def test_citation_forms() -> None:
    one = LibraryEntry("doc_1", authors="Marmot, Michael", year="2015")
    two = LibraryEntry("doc_2", authors="Wilkinson, R; Pickett, K", year="2009")
    many = LibraryEntry("doc_3", authors="Marmot, M; Allen, J; Goldblatt, P", year="2010")
    assert citation("doc_1", one, PageSpan(12, 14)) == "(Marmot, 2015, pp. 12-14){#doc_1}"
    assert citation("doc_2", two, PageSpan(3, 3)) == "(Wilkinson and Pickett, 2009, p. 3){#doc_2}"
    assert citation("doc_3", many) == "(Marmot et al., 2010){#doc_3}"
    assert citation("doc_4", LibraryEntry("doc_4")) == "(Author, Year){#doc_4}"
    assert author_label("") == "Author"


def test_rrf_list_weights_scale_or_drop_a_list() -> None:
    lists = {"dense_question": ["x", "y"], "dense_en": ["y", "x"], "bm25": ["y"]}
    assert rrf(lists, k=60, list_weights={}) == rrf(lists, k=60)
    half = dict(rrf(lists, k=60, list_weights={"dense_question": 0.5}))
    assert half["x"] == pytest.approx(0.5 / 61 + 1 / 62)
    dropped = rrf(lists, k=60, list_weights={"dense_question": 0.0})
    assert dropped == rrf({k: v for k, v in lists.items() if k != "dense_question"}, k=60)


@pytest.mark.parametrize(
    ("text", "latin"),
    [
        ("focus groups with heart failure patients", True),
        ("Fokusgruppen mit Herzinsuffizienz-Patienten, Größe", True),
        ("Ưu tiên chăm sóc bệnh nhân suy tim", True),
        ("", True),
        ("2001年，32%的肝移植项目要求患者停止美沙酮治疗。", False),
        ("活化的caspase-11参与调节吞噬体与溶酶体的融合。", False),
        ("фокус-группы с пациентами", False),
        ("مجموعات التركيز", False),
        ("心不全の患者", False),
    ],
)
def test_looks_latin_tells_non_latin_questions_apart(text: str, latin: bool) -> None:
    assert looks_latin(text) is latin
