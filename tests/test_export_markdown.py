"""Draft → pandoc Markdown: one pass over the shared tokenizer's offsets."""

from __future__ import annotations

from pathlib import Path

from support.export_repo import KNOWN, SAMPLE_ESSAY, UNKNOWN

from essaylint.draft import parse_draft, parse_draft_text
from essaylint.export.markdown import build_markdown

LOCATORS = Path(__file__).parent / "support" / "locators.md"


def test_sample_essay_clusters_and_refusals() -> None:
    draft = parse_draft(SAMPLE_ESSAY)
    source = build_markdown(draft, set(KNOWN))
    assert len(source.clusters) == len(draft.citations) - 1
    assert [(p.rule, p.where) for p in source.problems] == [("citation/unknown-doc", "58:117")]
    assert '[[-@doc_439d7ab5]]{.el-cite cluster="c0001"}' in source.markdown
    assert "Agyeman-Duah et al. [[-@doc_439d7ab5]]" in source.markdown
    assert "(Marmot, 2015)" in source.markdown and UNKNOWN not in source.markdown
    assert source.reference_list == "replaced"
    assert "::: {#refs}" in source.markdown and "Bloomsbury" not in source.markdown
    # front matter reaches pandoc as written
    assert source.markdown.startswith(SAMPLE_ESSAY.read_text(encoding="utf-8").split("# Why")[0])


def test_locators_prefixes_clusters_and_code() -> None:
    draft = parse_draft(LOCATORS)
    source = build_markdown(draft, set(KNOWN))
    text = source.markdown
    assert "Agyeman-Duah et al. [[-@doc_439d7ab5, p. 12]]" in text
    assert "Tully et al. [[-@doc_354b33f6, p. 20-22]]" in text
    assert "[[see @doc_439d7ab5, chap. 3; @doc_d22385dc, p. 45]]" in text
    assert "[[@doc_85aaa86b, para. 4]]" in text
    assert "[[@doc_d22385dc, sec. 2]]" in text
    assert "[[@doc_354b33f6, fig. 2]]" in text
    assert "Alias [[@doc_354b33f6]]" in text  # the <#doc_…> alias never reaches pandoc
    assert "`(Marmot, 2015){#doc_8f3a2c1d}`" in text
    assert "```\n(Marmot, 2015){#doc_8f3a2c1d}\n```" in text
    assert "<!-- (Marmot, 2015){#doc_8f3a2c1d} -->" in text
    assert not source.problems
    labels = {(i.label, i.locator) for c in source.clusters for i in c.items}
    assert {
        ("page", "12"),
        ("page", "20-22"),
        ("chapter", "3"),
        ("page", "45"),
        ("paragraph", "4"),
        ("section", "2"),
        ("figure", "2"),
    } <= labels
    narrative = [c for c in source.clusters if c.kind == "narrative"]
    assert all(i.suppress_author for c in narrative for i in c.items)
    assert source.clusters[2].items[0].prefix == "see"


def test_evidence_needed_and_malformed_are_problems_kept_as_text() -> None:
    draft = parse_draft_text(
        "# Essay\n\nGreen space helps [EVIDENCE_NEEDED: greenspace Cape Town].\n"
        "Broken (Marmot, 20x5){#doc_439d7ab5} here.\n"
    )
    source = build_markdown(draft, set(KNOWN))
    rules = sorted(p.rule for p in source.problems)
    assert rules == ["citation/evidence-needed", "citation/malformed"]
    assert all(p.line in (3, 4) for p in source.problems)
    assert r"\[EVIDENCE\_NEEDED: greenspace Cape Town\]" in source.markdown
    assert source.reference_list == "added" and source.markdown.endswith("::: {#refs}\n:::\n")
