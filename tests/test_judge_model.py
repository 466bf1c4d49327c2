"""The shipped evidence judge (essaylint/text/judge.py) on published abstracts it never saw:
it runs from the package alone, reads the claim and each sentence together, and moves the
evidence pack's quote to the sentence that is the evidence."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from essaylint.retrieve.finding import probabilities
from essaylint.text.judge import LABELS, evidence_logits, get_judge

# Four held-out claims with the whole abstract each cites and its annotated evidence
# sentences, where the finding model alone puts its top sentence elsewhere (tests/data).
CASES = json.loads((Path(__file__).parent / "data" / "judge_quotes.json").read_text("utf-8"))


def test_probabilities_are_a_distribution_per_pair() -> None:
    case = CASES[0]
    p = get_judge().probabilities(case["claim"], case["sentences"])
    assert p.shape == (len(case["sentences"]), len(LABELS))
    assert np.allclose(p.sum(axis=1), 1.0, atol=1e-4)
    assert get_judge().probabilities(case["claim"], []).shape == (0, len(LABELS))


def test_the_judge_reads_an_evidence_sentence_first() -> None:
    first = [
        int(evidence_logits(c["claim"], c["sentences"]).argmax()) in c["evidence"] for c in CASES
    ]
    assert sum(first) >= 3


@pytest.mark.parametrize("judge", [False, True])
def test_the_quote_model_gives_one_distribution_with_or_without_the_judge(judge: bool) -> None:
    case = CASES[1]
    mass = probabilities(case["sentences"], case["claim"], case["title"], judge=judge)
    assert mass.shape == (len(case["sentences"]),)
    assert mass.sum() == pytest.approx(1.0)


def test_the_judge_moves_the_quote_to_the_evidence() -> None:
    def hits(judge: bool) -> int:
        return sum(
            int(probabilities(c["sentences"], c["claim"], c["title"], judge=judge).argmax())
            in c["evidence"]
            for c in CASES
        )

    assert hits(judge=False) == 0
    assert hits(judge=True) >= 3


def test_a_passage_of_one_sentence_needs_no_judge() -> None:
    assert probabilities(["One sentence."], "a question", judge=True).tolist() == [1.0]


def test_a_judge_that_cannot_load_leaves_the_finding_model_alone(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    import essaylint.text.judge as judge_module

    def broken() -> None:
        raise RuntimeError("model file damaged")

    monkeypatch.setattr(judge_module, "get_judge", broken)
    case = CASES[2]
    alone = probabilities(case["sentences"], case["claim"], case["title"])
    with caplog.at_level("WARNING", logger="essaylint.retrieve"):
        fallback = probabilities(case["sentences"], case["claim"], case["title"], judge=True)
    assert np.allclose(alone, fallback)
    assert "without the evidence judge" in caplog.text


# SciFact claims held out from the contradiction reader's training, each against a sentence
# of the abstract SciFact links to it (claims CC BY 4.0, abstracts ODC-By 1.0).
REVERSAL = (
    "Gastric infection with Helicobacter pylori decreases risk of gastric cancer in humans.",
    "CONCLUSIONS H pylori infection may be an important cause of gastric cancer; between 35% "
    "and 55% of all cases may be associated with such an infection.",
)
SUPPORTING = [
    (
        "mcm 5 s 2 U is required for proper decoding of NNR codons in eukaryotes.",
        "The wobble modification in tRNAs, 5-methoxycarbonylmethyl-2-thiouridine (mcm(5)s(2)U), "
        "is required for the proper decoding of NNR codons in eukaryotes.",
    ),
    (
        "The PRDM1 gene is a key determinant of primordial germ cells.",
        "Blimp1 (Prdm1), the key determinant of primordial germ cells (PGCs), plays a "
        "combinatorial role with Prdm14 during PGC specification from postimplantation "
        "epiblast cells.",
    ),
]


def test_the_contradiction_reader_reads_a_reversal_no_cue_marks() -> None:
    from essaylint.audit.counterevidence.judge import READER_THRESHOLD, contradiction_cues
    from essaylint.text.judge import get_contradiction_reader

    claim, sentence = REVERSAL
    assert contradiction_cues(claim, sentence) == []
    p = get_contradiction_reader().probabilities(claim, [sentence])
    assert p.shape == (1, len(LABELS)) and np.allclose(p.sum(), 1.0, atol=1e-4)
    assert p[0, 2] >= READER_THRESHOLD


@pytest.mark.parametrize(("claim", "sentence"), SUPPORTING)
def test_the_contradiction_reader_leaves_a_supporting_sentence(claim: str, sentence: str) -> None:
    from essaylint.audit.counterevidence.judge import READER_THRESHOLD
    from essaylint.text.judge import get_contradiction_reader

    p = get_contradiction_reader().probabilities(claim, [sentence])
    assert p[0, 2] < READER_THRESHOLD and p[0, 1] > p[0, 2]


@pytest.mark.parametrize("reader", ["judge", "contradiction reader"])
def test_a_pairs_probabilities_do_not_depend_on_the_sentences_read_beside_it(reader: str) -> None:
    from essaylint.text.judge import get_contradiction_reader

    model = get_judge() if reader == "judge" else get_contradiction_reader()
    case = CASES[0]
    together = model.probabilities(case["claim"], case["sentences"])
    alone = np.vstack([model.probabilities(case["claim"], [s]) for s in case["sentences"]])
    backwards = model.probabilities(case["claim"], case["sentences"][::-1])[::-1]
    assert np.array_equal(together, alone) and np.array_equal(together, backwards)
