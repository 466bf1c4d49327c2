"""The GPU recipe of the evidence judge (bench/evidence_judge.py): its choice half is the
half of Check-COVID's tune abstracts the judge never trains on. Training needs torch and a
GPU and is not run here."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.paths import bench_on_path


@pytest.fixture(scope="module")
def recipe() -> Iterator:
    with bench_on_path():
        import evidence_judge

        yield evidence_judge


def _case(doc_id: str, split: str = "tune", name: str = "checkcovid") -> dict:
    return {
        "set": name,
        "split": split,
        "doc_id": doc_id,
        "query": "Masks reduce transmission of the virus.",
        "title": "",
        "sentences": [
            "Transmission is a concern in hospitals.",
            "Mask wearing reduced transmission by 40% in the trial.",
            "Further work is needed.",
        ],
        "evidence_idx": [1],
        "label": "SUPPORT",
    }


def test_choice_passages_are_the_weight_half_of_checkcovid_tune_only(recipe) -> None:
    from judge_model import weight_half

    ids = [f"checkcovid:doc{i}" for i in range(12)]
    cases = [_case(i) for i in ids]
    cases += [_case(ids[0], split="heldout"), _case("scifact:1", name="scifact")]
    chosen = recipe.choice_passages(cases)
    half = [i for i in ids if weight_half(i)]
    assert 0 < len(half) < len(ids)  # both halves present, or the test proves nothing
    assert len(chosen) == len(half)
    for passage in chosen:
        assert passage["evidence"] == [1]
        assert len(passage["z"]) == len(passage["sentences"]) == 3
