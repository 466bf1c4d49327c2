"""Rule-based sentence splitting for academic English."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from essaylint.text.sentences import sentence_spans, split_sentences


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Tully et al. (2010) interviewed patients. Most felt supported.",
            ["Tully et al. (2010) interviewed patients.", "Most felt supported."],
        ),
        (
            "Barriers, e.g. Staffing and money, matter. Others, i.e. Culture, do too.",
            ["Barriers, e.g. Staffing and money, matter.", "Others, i.e. Culture, do too."],
        ),
        (
            "See p. 4 and pp. 5-6 of the report. It is long.",
            ["See p. 4 and pp. 5-6 of the report.", "It is long."],
        ),
        (
            "As Fig. 2 shows, uptake rose. See Figs. 3 and 4. Then it fell.",
            ["As Fig. 2 shows, uptake rose.", "See Figs. 3 and 4.", "Then it fell."],
        ),
        (
            "J. N. A. Agyeman-Duah led the study. A. Theurer helped.",
            ["J. N. A. Agyeman-Duah led the study.", "A. Theurer helped."],
        ),
        (
            "Agyeman-Duah, J. N. A. and Theurer, A. agree. So do we.",
            ["Agyeman-Duah, J. N. A. and Theurer, A. agree.", "So do we."],
        ),
        (
            "The mean score was 3.5 out of 10. The median was 4.0.",
            ["The mean score was 3.5 out of 10.", "The median was 4.0."],
        ),
        (
            "Patients valued support (Tully et al., 2010){#doc_354b33f6}. Staff did not.",
            ["Patients valued support (Tully et al., 2010){#doc_354b33f6}.", "Staff did not."],
        ),
        (
            "Why does QI stall? Nobody is sure! But funding matters.",
            ["Why does QI stall?", "Nobody is sure!", "But funding matters."],
        ),
        (
            'One nurse said "It never works." Then she left.',
            ['One nurse said "It never works."', "Then she left."],
        ),
        (
            "“It never works.” Then she left. ‘Really?’ He asked.",
            ["“It never works.”", "Then she left.", "‘Really?’", "He asked."],
        ),
        (
            '"Why?" she asked. Nobody answered.',
            ['"Why?" she asked.', "Nobody answered."],
        ),
        (
            "Outcomes improved (p < 0.05). Costs did not (n = 12).",
            ["Outcomes improved (p < 0.05).", "Costs did not (n = 12)."],
        ),
        (
            "A line broken\nin the middle. Continues here.",
            ["A line broken\nin the middle.", "Continues here."],
        ),
        (
            "First paragraph without a full stop\n\nsecond paragraph starts lower-case",
            ["First paragraph without a full stop", "second paragraph starts lower-case"],
        ),
        (
            "Costs rose by 5 vs. 3 per cent. Cf. Table 2. The end.",
            ["Costs rose by 5 vs. 3 per cent.", "Cf. Table 2.", "The end."],
        ),
        (
            "Section 2.1 describes methods. Version 1.2.3 was used.",
            ["Section 2.1 describes methods.", "Version 1.2.3 was used."],
        ),
        ("Wait... What happened? Nothing.", ["Wait...", "What happened?", "Nothing."]),
    ],
)
def test_academic_sentences(text: str, expected: list[str]) -> None:
    assert split_sentences(text) == expected


def test_spans_are_offsets_into_the_text() -> None:
    text = "  First one.   Second (Datta, 2010).\n\n Third!  "
    spans = sentence_spans(text)
    assert spans == [(2, 12), (15, 36), (39, 45)]
    assert [text[s:e] for s, e in spans] == split_sentences(text)


@pytest.mark.parametrize("text", ["", "   ", "\n\n\n", " \t \n "])
def test_blank_text_has_no_sentences(text: str) -> None:
    assert sentence_spans(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Barriers include staff, money, equipment, etc. These matter most.",
            ["Barriers include staff, money, equipment, etc.", "These matter most."],
        ),
        (
            "Costs include staff, beds etc. (see Table 2) and drugs. Then more.",
            ["Costs include staff, beds etc. (see Table 2) and drugs.", "Then more."],
        ),
        (
            "Levels of vitamin D. Patients were then followed up.",
            ["Levels of vitamin D.", "Patients were then followed up."],
        ),
    ],
)
def test_abbreviations_and_letters_that_end_a_sentence(text: str, expected: list[str]) -> None:
    assert split_sentences(text) == expected


# -- properties ----------------------------------------------------------------------------

TOKENS = st.sampled_from(
    [
        "word", "Word", "et al.", "e.g.", "i.e.", "p.", "pp.", "Fig.", "J.", "A.", "3.5", "2010",
        "(Tully et al., 2010){#doc_354b33f6}.", "?", "!", ".", "...", '"', "“", "”", "'", "(",
        ")", "[1]", "Smith,", "U.S.", "vs.", "Dr.", "the", "The", "中文。", "é", "-",
    ]
)  # fmt: skip
SEPARATORS = st.sampled_from([" ", " ", " ", "\n", "\n\n", "  ", "\t", "\u00a0", "\n \n", ""])
STRUCTURED = st.lists(st.tuples(TOKENS, SEPARATORS), max_size=60).map(
    lambda parts: "".join(token + sep for token, sep in parts)
)
ANY_TEXT = st.text(st.sampled_from(list("aZ9 .!?\"'”)(\n\t\u00a0\u2028é中")), max_size=120)


def check_spans(text: str) -> None:
    spans = sentence_spans(text)
    previous_end = 0
    covered: set[int] = set()
    for start, end in spans:
        assert previous_end <= start < end <= len(text)
        assert not text[start].isspace() and not text[end - 1].isspace()
        covered.update(range(start, end))
        previous_end = end
    assert all(i in covered for i, ch in enumerate(text) if not ch.isspace())


@settings(max_examples=300, deadline=None)
@given(text=STRUCTURED)
def test_spans_are_ordered_trimmed_and_cover_academic_text(text: str) -> None:
    check_spans(text)


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(ANY_TEXT, st.text(max_size=200)))
def test_spans_are_ordered_trimmed_and_cover_any_text(text: str) -> None:
    check_spans(text)
