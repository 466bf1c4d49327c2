"""The contradiction cues and lexical features of the citation-support judge (cues.py,
features.py): real claim/evidence pairs from SciFact (claims CC BY 4.0, abstracts ODC-By)
and Check-COVID (MIT; abstracts from CORD-19), and properties that hold for any text."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from essaylint.audit.citations import cues
from essaylint.audit.citations import features as fx

MASKS = (
    "Surgical face masks significantly increase droplets expelled by those with respiratory "
    "viral illness.",
    "Surgical face masks significantly reduced detection of influenza virus RNA in "
    "respiratory droplets and coronavirus RNA in aerosols.",
)
HYDROXYCHLOROQUINE = (
    "As a COVID-19 treatment on its own, hydroxychloroquine is associated with decreased "
    "overall mortality.",
    "An association of increased overall mortality was identified in patients treated with "
    "hydroxychloroquine alone.",
)
SCREENING = (
    "The traveler screening system effectively prevented the introduction of Covid-19 into "
    "California.",
    "Despite intensive effort, the traveler screening system did not effectively prevent "
    "introduction of COVID-19 into California.",
)
FGF21 = (  # supported: the abstract says what the claim says
    "Fibroblast growth factor 21 protects against atherosclerosis by modulating adiponectin "
    "and SREBP2 levels.",
    "CONCLUSIONS FGF21 protects against atherosclerosis via fine tuning the multiorgan "
    "crosstalk among liver, adipose tissue, and blood vessels.",
)
DEMENTIA = (
    "Chronic stress substantially increases the risk of developing dementia in later life.",
    "Negative life events were not associated with an increased risk of dementia.",
)
CUES = (
    cues.scoped_direction_mismatch,
    cues.scoped_negation_mismatch,
    cues.negation_mismatch,
    cues.valence_mismatch,
    cues.quantifier_mismatch,
    cues.antonym_mismatch,
)


@pytest.mark.parametrize("pair", [MASKS, HYDROXYCHLOROQUINE, SCREENING], ids=lambda p: p[0][:20])
def test_a_reversed_direction_is_caught(pair: tuple[str, str]) -> None:
    assert cues.scoped_direction_mismatch(*pair) == 1.0


def test_a_denied_association_is_a_scoped_negation() -> None:
    assert cues.scoped_negation_mismatch(*DEMENTIA) == 1.0
    assert cues.negation_mismatch(*DEMENTIA) == 1.0


def test_a_supporting_sentence_shows_no_cue() -> None:
    assert all(cue(*FGF21) == 0.0 for cue in CUES)


def test_direction_far_from_the_shared_words_does_not_count() -> None:
    claim = "Vitamin D supplements reduce fractures."
    source = "Vitamin D supplements were studied in a cohort whose income increased sharply."
    assert cues.scoped_direction_mismatch(claim, source) == 0.0


def test_other_cues() -> None:
    assert cues.valence_mismatch(
        "Coffee is protective against liver cancer.", "Coffee is a risk factor for liver cancer."
    )
    assert cues.quantifier_mismatch(
        "All patients recovered within a week.", "Some patients recovered within a week."
    )
    assert cues.antonym_mismatch(
        "The tumours were benign in most cases.", "The tumours were malignant in most cases."
    )


def test_numbers_names_and_coverage() -> None:
    assert fx.numbers("1,000 patients, 12.0 mg, 30% and twice") == {"1000", "12", "30", "2"}
    assert fx.number_agreement("Readmissions fell by 30%.", fx.numbers("a 30 percent fall")) == 1
    assert fx.number_agreement("Readmissions fell by 30%.", fx.numbers("a 12% fall")) == 0
    assert fx.names("IL-6 and COVID-19 raise BRCA1 in SARS-CoV-2") == {
        "il-6",
        "covid-19",
        "brca1",
        "sars-cov-2",
    }
    assert fx.name_agreement("IL-6 rises.", "serum il-6 levels") == 1.0
    idf = {"mortality": 2.0, "mask": 1.0}  # stems, as SentenceIndex holds them
    assert fx.idf_coverage("masks mortality", {"mask"}, idf) == pytest.approx(1 / 3)


NOUNS = st.sampled_from(
    ["mortality", "lung", "masks", "droplets", "antibodies", "confidence", "dementia", "fever"]
)
UP = st.sampled_from(sorted(cues.UP - {"more", "most", "many", "above", "high"}))
DOWN = st.sampled_from(sorted(cues.DOWN - {"less", "low", "below", "rare", "rarely"}))
# Sentences over words that trip every cue: negations, directions, risk, quantifiers, antonyms.
VOCABULARY = [
    *["mortality", "lung", "masks", "droplets", "dementia", "fever", "patients", "risk"],
    *["not", "no", "did", "without", "unchanged", "increased", "reduced", "higher", "lower"],
    *["protective", "harmful", "all", "some", "only", "benign", "malignant", "the", "was", "of"],
]
TEXT = st.lists(st.sampled_from(VOCABULARY) | st.text("abcdefg", max_size=6), max_size=14).map(
    " ".join
)


@given(TEXT, TEXT)
def test_cues_are_symmetric(a: str, b: str) -> None:
    for cue in CUES:
        assert cue(a, b) == cue(b, a), cue.__name__


@given(TEXT)
def test_a_text_never_contradicts_itself(text: str) -> None:
    assert all(cue(text, text) == 0.0 for cue in CUES)


@given(NOUNS, NOUNS, UP, DOWN)
def test_up_against_down_of_the_same_thing_is_a_reversal(
    subject: str, target: str, up: str, down: str
) -> None:
    assert cues.scoped_direction_mismatch(f"{subject} {up} {target}", f"{subject} {down} {target}")


@given(NOUNS, NOUNS, UP)
def test_a_negation_before_the_direction_word_flips_it(subject: str, target: str, up: str) -> None:
    said = f"{subject} {up} {target}"
    assert cues.scoped_direction_mismatch(said, f"{subject} did not {up} {target}")
    assert not cues.scoped_direction_mismatch(said, said)


@given(st.integers(min_value=0, max_value=10**9))
def test_numbers_read_thousands_separators(n: int) -> None:
    assert str(n) in fx.numbers(f"In all, {n:,} patients were enrolled.")


@given(TEXT, st.sets(st.sampled_from(VOCABULARY), max_size=5))
def test_coverage_is_a_share(sentence: str, present: set[str]) -> None:
    idf = {s: 1.0 + len(s) for s in present}
    assert 0.0 <= fx.idf_coverage(sentence, present, idf) <= 1.0
