"""The training recipe of the contradiction reader (bench/nli_judge.py): the claims it turns
to their opposite, and the int8 rows its weights travel in. The model itself is exercised in
tests/test_judge_model.py; training needs torch and is not run here."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.paths import BENCH, bench_on_path


@pytest.fixture(scope="module")
def nli() -> Iterator:
    with bench_on_path():
        import nli_judge

        yield nli_judge


@pytest.mark.parametrize(
    ("claim", "opposite"),
    [  # Check-COVID and SciFact claims (annotations MIT; claims CC BY 4.0)
        (
            "Cats are not able to be infected with the novel virus, the researchers found.",
            "Cats are able to be infected with the novel virus, the researchers found.",
        ),
        (
            "Bariatric surgery reduces postmenopausal breast cancer.",
            "Bariatric surgery increases postmenopausal breast cancer.",
        ),
        (
            "Scientists have found that a PCR method can detect virus RNA in respiratory "
            "specimens from COVID-19 patients.",
            "Scientists have found that a PCR method cannot detect virus RNA in respiratory "
            "specimens from COVID-19 patients.",
        ),
        (
            "Lab work on coronavirus has been free of contamination.",
            "Lab work on coronavirus has not been free of contamination.",
        ),
        # the verb after 'does not' would need its ending back; 'no' is not one safe edit
        (
            "The mutation in the viral spike protein does not make the virus transmit more "
            "efficiently.",
            None,
        ),
        ("Respiratory failure in COVID-19 has no genetic basis for susceptibility.", None),
        ("BLM gene encodes RecQ-class DNA helicase.", None),
    ],
)
def test_a_claim_is_turned_to_its_opposite_by_one_safe_edit(
    nli, claim: str, opposite: str | None
) -> None:
    assert nli.flipped(claim) == opposite


WORD = st.sampled_from(["masks", "cloth", "the", "trial", "patients", "risk", "vitamin", "D"])


@given(st.lists(WORD, min_size=1, max_size=6), st.lists(WORD, min_size=1, max_size=6))
def test_an_added_negation_comes_off_again(nli, subject: list[str], rest: list[str]) -> None:
    claim = f"{' '.join(subject)} is {' '.join(rest)}."
    assert nli.flipped(nli.flipped(claim)) == claim


def test_flipped_pairs_reverse_the_relation_of_domain_pairs_only(nli) -> None:
    pairs = [
        {
            "claim": "Masks are effective.",
            "sentence": "s",
            "label": "SUPPORT",
            "source": "checkcovid",
        },
        {
            "claim": "Masks are effective.",
            "sentence": "s",
            "label": "NEUTRAL",
            "source": "checkcovid",
        },
        {"claim": "Masks are effective.", "sentence": "s", "label": "SUPPORT", "source": "snli"},
    ]
    (flip,) = nli.flipped_pairs(pairs)
    assert flip["claim"] == "Masks are not effective."
    assert flip["label"] == "CONTRADICT" and flip["source"] == "checkcovid-flipped"


@given(st.integers(1, 8), st.integers(1, 8), st.floats(-50, 50, allow_nan=False))
def test_int8_rows_keep_each_weight_within_half_a_step(
    nli, rows: int, cols: int, scale: float
) -> None:
    rng = np.random.default_rng(rows * 31 + cols)
    matrix = (rng.standard_normal((rows, cols)) * scale).astype(np.float32)
    vector = rng.standard_normal(cols).astype(np.float32)
    packed = nli.pack_rows({"m": matrix, "v": vector, "frozen": matrix}, skip={"frozen"})
    back = nli.unpack_rows(packed)
    assert set(back) == {"m", "v"}
    step = np.abs(matrix).max(axis=1, keepdims=True) / 127.0
    assert np.all(np.abs(back["m"] - matrix) <= step / 2 + 1e-6)
    assert np.array_equal(back["v"], vector)


def test_sibling_pairs_pair_a_claim_with_another_claims_evidence_as_neutral(nli) -> None:
    data = BENCH / "data"
    pairs = nli.sibling_pairs(data)
    assert pairs and {p["label"] for p in pairs} == {"NEUTRAL"}
    own: dict[str, set[str]] = {}  # claim -> its own rationale sentences
    for name in ("support/scifact.jsonl.gz", "judge/scifact_dev.jsonl.gz"):
        for row in nli.read_set(data / name):
            sentences = row.get("doc_sentences") or []
            own.setdefault(row["claim"], set()).update(
                sentences[i] for i in row["rationale_idx"] if i < len(sentences)
            )
    assert not [p for p in pairs if p["sentence"] in own.get(p["claim"], set())]
    deveval = {r["claim"] for r in nli.read_set(data / "support" / "scifact_deveval.jsonl.gz")}
    assert not {p["claim"] for p in pairs} & deveval
