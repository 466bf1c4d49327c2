"""The trial-report contradiction set (bench/evinf_contradictions.py): which Evidence Inference
prompts become claims, how each claim is worded, and what the committed set holds."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.evinf import annotations_folder
from support.paths import bench_on_path

REPO = Path(__file__).resolve().parents[1]
CC_BY = (
    '<license xlink:href="http://creativecommons.org/licenses/by/2.0">'
    "<p>This is an Open Access article.</p></license>"
)
NON_COMMERCIAL = (
    '<license xlink:href="http://creativecommons.org/licenses/by-nc/3.0">'
    "<p>Creative Commons Attribution Non-Commercial License.</p></license>"
)
TAIL = ["0", "UNK", "0", "0"]
EVIDENCE = "Mortality did not differ between citrate and heparin (p = 0.4)."


@pytest.fixture(scope="module")
def recipe() -> Iterator:
    with bench_on_path():
        import evinf_contradictions

        yield evinf_contradictions


def _annotations(tmp_path: Path, articles: dict[str, dict]) -> Path:
    """An annotations/ folder in the release's layout: one prompt per PMC id."""
    prompts = [
        [a["prompt"], pmc, a["outcome"], "Citrate", "heparin"] for pmc, a in articles.items()
    ]
    annotations = [
        [user, a["prompt"], pmc, "True", "True", label, a["evidence"], *TAIL]
        for pmc, a in articles.items()
        for user, label in enumerate(a["labels"])
    ]
    root = annotations_folder(tmp_path, prompts, annotations)
    for pmc, a in articles.items():
        (root / "abstracts" / f"PMC{pmc}.abst").write_text(
            "TITLE:\nCitrate or heparin in haemofiltration\n\nABSTRACT.RESULTS:\n"
            f"Sixty patients were randomised. {EVIDENCE} Bleeding was rarer with citrate.\n",
            encoding="utf-8",
        )
        (root / "xml_files" / f"PMC{pmc}.nxml").write_text(
            f"<article>{a.get('licence', CC_BY)}</article>", encoding="utf-8"
        )
    return root


def _article(prompt: str, labels: list[str], **extra) -> dict:
    return {
        "prompt": prompt,
        "labels": labels,
        "outcome": "Mortality rates",
        "evidence": EVIDENCE,
    } | extra


def test_only_agreed_short_cc_by_findings_stated_in_the_abstract_become_claims(
    recipe, tmp_path: Path
) -> None:
    root = _annotations(
        tmp_path,
        {
            "1": _article("11", ["no significant difference"] * 2),
            "2": _article("12", ["no significant difference", "significantly decreased"]),
            "3": _article("13", ["no significant difference"], licence=NON_COMMERCIAL),
            "4": _article("14", ["no significant difference"], evidence="Not in the abstract."),
            "5": _article(
                "15",
                ["no significant difference"],
                outcome="Mortality rates at 28 days in the intensive care unit after",
            ),
            "6": _article("16", ["no significant difference"]),
        },
    )
    rows = recipe.build(root, exclude={"PMC6"}, sample=10, seed=1)
    assert {r["doc_id"] for r in rows} == {"PMC1"}
    assert [r["label"] for r in rows] == ["SUPPORTED", "CONTRADICTED"]
    assert rows[0]["claim"] == "Citrate does not change mortality rates compared with heparin."
    # no effect found: the contradicted claim asserts one (odd prompt id: an increase)
    assert rows[1]["claim"] == (
        "Citrate significantly increases mortality rates compared with heparin."
    )
    assert rows[0]["doc_sentences"][1] == EVIDENCE
    assert rows[0]["title"] == "Citrate or heparin in haemofiltration"


def test_an_effect_is_contradicted_by_its_reverse(recipe, tmp_path: Path) -> None:
    root = _annotations(tmp_path, {"1": _article("20", ["significantly increase"])})
    supported, contradicted = recipe.build(root, exclude=set(), sample=10, seed=1)
    assert supported["orig_label"] == "increased"  # the release's misspelt label read
    assert "significantly increases" in supported["claim"]
    assert "significantly reduces" in contradicted["claim"]


@pytest.mark.parametrize(
    ("phrase", "mid_sentence"),
    [("The median survival", "the median survival"), ("IL-2", "IL-2"), ("HbA1c", "HbA1c")],
)
def test_phrases_read_mid_sentence(recipe, phrase: str, mid_sentence: str) -> None:
    assert recipe.inside(phrase) == mid_sentence


def test_the_committed_set_pairs_each_article_with_a_supported_and_a_reversed_claim() -> None:
    path = REPO / "bench" / "data" / "support" / "evinf_contra.jsonl.gz"
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle]
    with gzip.open(REPO / "bench/data/quotes/evidence_docs.jsonl.gz", "rt") as handle:
        trained_on = {json.loads(line)["doc_id"].split(":")[-1] for line in handle}
    by_doc: dict[str, list[dict]] = {}
    for row in rows:
        by_doc.setdefault(row["doc_id"], []).append(row)
    assert len(by_doc) >= 50 and not set(by_doc) & trained_on
    for pair in by_doc.values():
        assert sorted(r["label"] for r in pair) == ["CONTRADICTED", "SUPPORTED"]
        assert all(
            "creativecommons.org/licenses/by/" in r["licence"]
            or r["licence"] == "CC BY (stated in words)"
            for r in pair
        )
        supported, contradicted = sorted(pair, key=lambda r: r["label"], reverse=True)
        assert supported["claim"] != contradicted["claim"]
