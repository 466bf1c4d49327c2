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
