"""The contradiction reader's fine-tuning pairs (bench/reader_tune.py): each trial finding
written as a claim in every direction, balanced per claim verb, from CC BY articles only."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.evinf import annotations_folder
from support.paths import bench_on_path

CC_BY = '<license xlink:href="http://creativecommons.org/licenses/by/4.0/"><p>CC BY</p></license>'
NON_COMMERCIAL = '<license xlink:href="http://creativecommons.org/licenses/by-nc/4.0/"></license>'
EVIDENCE = "Mortality was lower with citrate than with heparin (12% vs 20%, p = 0.01)"


@pytest.fixture(scope="module")
def recipe() -> Iterator:
    with bench_on_path():
        import reader_tune

        yield reader_tune


def _pair(claim: str, label: str) -> dict:
    return {"claim": claim, "sentence": "s", "label": label, "source": "evinf"}


def test_each_verb_keeps_no_more_contradictions_than_supports(recipe) -> None:
    pairs = [
        _pair("A significantly reduces B compared with C.", "SUPPORT"),
        *[_pair(f"A significantly reduces B{i} compared with C.", "CONTRADICT") for i in range(3)],
        *[_pair(f"A significantly increases B{i} compared with C.", "SUPPORT") for i in range(2)],
        _pair("A significantly increases B compared with C.", "CONTRADICT"),
        _pair("A significantly reduces B compared with C.", "NEUTRAL"),
        _pair("Masks fail.", "CONTRADICT"),  # not the template: kept as it is
    ]
    kept = recipe.balanced(pairs, random.Random(1))
    counts = Counter((recipe.claim_verb(p["claim"]), p["label"]) for p in kept)
    assert counts[("reduces", "CONTRADICT")] == 1
    assert counts[("increases", "CONTRADICT")] == 1  # fewer than its supports: all kept
    assert counts[("reduces", "NEUTRAL")] == 1
    assert counts[("other", "CONTRADICT")] == 1
    assert len(kept) == 7


def test_the_evidence_is_the_abstract_sentence_that_holds_it(recipe) -> None:
    abstract = ["Sixty patients were randomised.", f"{EVIDENCE}, and bleeding was rarer."]
    found = recipe.evidence_sentences(
        [EVIDENCE, "too short", "Not   in the abstract at all."], abstract
    )
    assert found == [abstract[1], "Not in the abstract at all."]


def _annotations(tmp_path: Path, articles: dict[str, tuple[str, str]]) -> Path:
    """pmc -> (label, licence element), one prompt each, in the release's layout."""
    prompts = [[f"1{pmc}", pmc, "Mortality (28 days)", "Citrate", "heparin"] for pmc in articles]
    annotations = [
        [0, f"1{pmc}", pmc, "True", "True", label, EVIDENCE, 0, "UNK", 0, 0]
        for pmc, (label, _) in articles.items()
    ]
    root = annotations_folder(tmp_path, prompts, annotations)
    for pmc, (_, licence) in articles.items():
        (root / "abstracts" / f"PMC{pmc}.abst").write_text(
            "TITLE:\nCitrate or heparin\n\nABSTRACT.RESULTS:\nSixty patients were randomised "
            f"in two centres. {EVIDENCE}. Bleeding was rarer with citrate in the trial.\n",
            encoding="utf-8",
        )
        (root / "xml_files" / f"PMC{pmc}.nxml").write_text(licence, encoding="utf-8")
    return root


def test_a_finding_supports_its_direction_and_contradicts_the_other_two(
    recipe, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _annotations(
        tmp_path,
        {
            "1": ("significantly decreased", CC_BY),
            "2": ("significantly decreased", NON_COMMERCIAL),  # not text a model may learn
            "15": ("no significant difference", CC_BY),  # a choice article (choice_article)
        },
    )
    monkeypatch.setattr(recipe, "left_out", lambda annotations: set())
    pairs, choice = recipe.direction_pairs(root, random.Random(1))
    findings = [p for p in pairs if p["sentence"].startswith("Mortality")]
    assert len(findings) == 3  # PMC1's three claims only
    relation = {p["claim"]: p["label"] for p in findings}
    assert relation == {
        "Citrate significantly reduces mortality compared with heparin.": "SUPPORT",
        "Citrate significantly increases mortality compared with heparin.": "CONTRADICT",
        "Citrate does not change mortality compared with heparin.": "CONTRADICT",
    }
    neutral = [p for p in pairs if p["label"] == "NEUTRAL"]
    assert {p["claim"] for p in neutral} == {
        "Citrate significantly reduces mortality compared with heparin."
    }
    assert all(not p["sentence"].startswith("Mortality") for p in neutral)
    assert [(r["doc_id"], r["label"]) for r in choice] == [
        ("PMC15", "SUPPORTED"),
        ("PMC15", "CONTRADICTED"),
    ]
    assert choice[0]["claim"] == "Citrate does not change mortality compared with heparin."


def test_the_trial_set_and_its_filler_library_are_left_out(recipe, tmp_path: Path) -> None:
    root = _annotations(tmp_path, {"7": ("significantly decreased", CC_BY)})
    trial = {
        row["doc_id"] for row in recipe.read_set(recipe.DATA / "support" / "evinf_contra.jsonl.gz")
    }
    assert recipe.left_out(root) == trial | {"PMC7"}  # a titled CC BY abstract: filler
