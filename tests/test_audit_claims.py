"""The claim audit: claim types, hedging, statuses, findings and the claims table."""

from __future__ import annotations

import json
import subprocess
import sys
import warnings
from dataclasses import asdict, dataclass

import pytest
from support.paths import SAMPLE

from essaylint.audit.claims import (
    ClaimRow,
    audit_claims,
    render_claims_table,
)
from essaylint.audit.claims.detect import ClaimAnalysis, Detector, analyse_sentences
from essaylint.audit.engine import finalise
from essaylint.config.schema import Config
from essaylint.draft import Draft, parse_draft, parse_draft_text
from essaylint.text.nlp import clear_cache, load_nlp

spacy = pytest.importorskip("spacy")

ESSAY = SAMPLE / "essay.md"
KEY = SAMPLE / "answer-key.json"

SUPPORTED = "supported_citation"
STRONG = "uncited_strong_claim"
HEDGED = "hedged_claim"
OPTIONAL = {"D16"}  # a soft flag the key allows but does not require
EXPECTED_NEED = {STRONG, "citation_not_supporting", "unknown_doc_id"}
SIMULATED_STATUS = {SUPPORTED: "OK", "citation_not_supporting": "WEAK", "unknown_doc_id": "UNKNOWN"}


@dataclass
class Row:
    sentence_id: str
    status: str


@pytest.fixture(scope="module")
def essay() -> Draft:
    return parse_draft(ESSAY)


@pytest.fixture(scope="module")
def items() -> list[dict]:
    return json.loads(KEY.read_text(encoding="utf-8"))["items"]


def _sid(essay: Draft, line: int) -> str:
    (sentence,) = essay.sentences_on_line(line)
    return sentence.sentence_id


def _simulated_rows(essay: Draft, items: list[dict]) -> list[Row]:
    """What the citation audit is expected to say about the key's cited sentences."""
    return [
        Row(_sid(essay, item["line"]), SIMULATED_STATUS[item["type"]])
        for item in items
        if item["type"] in SIMULATED_STATUS
    ]


def _by_line(rows: list[ClaimRow]) -> dict[int, ClaimRow]:
    return {row.line: row for row in rows}


def _analyse(text: str) -> ClaimAnalysis:
    (analysis,) = analyse_sentences([text])
    return analysis


# -- the sample essay ------------------------------------------------------------------------


def test_uncited_strong_claims_are_need_with_their_types(essay: Draft, items: list[dict]) -> None:
    """The key's uncited strong claims are NEED rows with their claim types. Published authors
    seldom cite bare sweeping claims like these, so the cite-worthiness model does not raise
    them to claim/needs-evidence (a warning); claim/strong-wording reports them (information)."""
    rows, findings = audit_claims(essay, [])
    by_line = _by_line(rows)
    flagged = {f.line: f.rule for f in findings}
    for item in (i for i in items if i["type"] == STRONG):
        row = by_line.get(item["line"])
        assert row is not None and row.status == "NEED", item["id"]
        assert flagged.get(item["line"]) in {"claim/strong-wording", "claim/needs-evidence"}
        assert set(item["claim_type"].split("/")) <= set(row.claim_types), (item, row)
        assert row.suggested_query, item["id"]


def test_hedged_claims_are_not_need(essay: Draft, items: list[dict]) -> None:
    rows, _ = audit_claims(essay, [])
    by_line = _by_line(rows)
    for item in (i for i in items if i["type"] == HEDGED):
        assert item["line"] not in by_line or by_line[item["line"]].status != "NEED", item["id"]


def test_supported_sentences_are_ok_when_their_citation_verifies(
    essay: Draft, items: list[dict]
) -> None:
    rows, findings = audit_claims(essay, _simulated_rows(essay, items))
    by_line = _by_line(rows)
    need_lines = {f.line for f in findings if f.rule == "claim/needs-evidence"}
    for item in (i for i in items if i["type"] == SUPPORTED):
        row = by_line[item["line"]]
        assert row.status == "OK", item["id"]
        assert [(e.doc_uid, e.status) for e in row.linked_evidence] == [
            (item["cited_doc_id"], "OK")
        ]
        assert item["line"] not in need_lines
    assert by_line[36].status == "NEED"  # D09: the citation does not support it
    assert by_line[58].status == "NEED"  # D21: unknown document
    assert "doc_8f3a2c1d (UNKNOWN)" in render_claims_table("d", [asdict(r) for r in rows], "")


def test_cited_sentences_are_need_without_citation_rows(essay: Draft) -> None:
    rows, _ = audit_claims(essay, [])
    by_line = _by_line(rows)
    cited = [s for s in essay.sentences if s.citations]
    assert cited
    for sentence in cited:
        row = by_line[sentence.line]
        assert row.status == "NEED"
        assert {e.status for e in row.linked_evidence} == {"UNVERIFIED"}


def test_need_rows_follow_the_answer_key_item_by_item(essay: Draft, items: list[dict]) -> None:
    """Behaviour, item by item (no score is asserted): every item the key expects to need
    evidence is NEED, every control is not; D16 is optional."""
    rows, _ = audit_claims(essay, _simulated_rows(essay, items))
    need = {row.line for row in rows if row.status == "NEED"}
    for item in (i for i in items if i["id"] not in OPTIONAL):
        assert (item["line"] in need) == (item["type"] in EXPECTED_NEED), item["id"]


def test_blank_fallback_still_flags_the_strong_claims(essay: Draft, items: list[dict]) -> None:
    rows, _ = audit_claims(essay, [], detector=Detector(spacy.blank("en")))
    by_line = _by_line(rows)
    for item in items:
        if item["type"] == STRONG:
            assert by_line[item["line"]].status == "NEED", item["id"]
        if item["type"] == HEDGED:
            assert item["line"] not in by_line, item["id"]


# -- detector units --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Most hospitals fail to sustain their programmes.", "generalising"),
        ("Most of the time the wards are understaffed.", "generalising"),
        ("This is the most effective treatment for sepsis.", "superlative"),
        ("The best outcome is achieved in teaching hospitals.", "superlative"),
        ("Nurses should be paid more.", "recommending"),
        ("Managers must publish their audit results.", "recommending"),
        ("Hospital boards need to invest in training.", "recommending"),
        ("Staff shortages lead to longer waiting times.", "causal"),
        ("Infection rates are higher in rural hospitals than in urban ones.", "comparative"),
        ("Mortality fell by 12% after the checklist was introduced.", "quantitative"),
        ("The effect was statistically significant (p < 0.05).", "quantitative"),
        ("Surgeons never report their own errors.", "generalising"),
    ],
)
def test_claim_types(text: str, kind: str) -> None:
    analysis = _analyse(text)
    assert kind in analysis.claim_types, analysis
    assert analysis.is_strong, analysis


def test_at_most_is_a_bound_not_a_generalisation() -> None:
    analysis = _analyse("Each ward has at most two nurses at night.")
    assert "generalising" not in analysis.claim_types
    assert "superlative" not in analysis.claim_types


@pytest.mark.parametrize(
    "text",
    [
        "Staff shortages may lead to longer waiting times.",
        "Staff shortages might reduce the quality of care.",
        "It is possible that most hospitals fail to sustain their programmes.",
        "Leadership seems to be the most important factor.",
        "Training probably reduces errors.",
        "Nurses tend to leave rural posts within two years.",
        "The data suggest that funding could improve outcomes.",
    ],
)
def test_hedges_lower_strength_below_the_flag(text: str) -> None:
    hedged = _analyse(text)
    assert hedged.hedges and hedged.claim_types, hedged
    assert not hedged.is_strong, hedged


def test_hedged_claim_ranks_lower_than_the_plain_one() -> None:
    plain, hedged = analyse_sentences(
        ["Staff shortages reduce the quality of care.", "Staff shortages may reduce care."]
    )
    assert plain.strength > hedged.strength


@pytest.mark.parametrize(
    "text",
    [
        "Why do quality improvement programmes fail?",
        "Does funding explain most of the variation in outcomes?",
        "This essay argues that leadership is the most important barrier.",
        "In this essay I will show that every programme fails.",
    ],
)
def test_questions_and_self_reference_are_not_claims(text: str) -> None:
    analysis = _analyse(text)
    assert analysis.not_a_claim and not analysis.is_strong


def test_numbers_in_citations_and_section_numbers_are_not_quantities() -> None:
    draft = parse_draft_text(
        "As discussed in section 3, nurses value peer support (Smith, 2015){#doc_12345678}.\n\n"
        "Tully (2010){#doc_354b33f6} interviewed nurses.\n\n"
        "The audit ran in 2019 and again in 2021.\n\n"
        "The audit covered 2000 patients.\n"
    )
    analyses = analyse_sentences([s.plain_text for s in draft.sentences])
    assert [("quantitative" in a.claim_types) for a in analyses] == [False, False, False, True]


def test_headings_are_not_claims() -> None:
    draft = parse_draft_text("# Why every programme fails\n\nSome text here.\n")
    rows, findings = audit_claims(draft, [])
    assert rows == [] and findings == []


# -- audit behaviour -------------------------------------------------------------------------

# A sentence its authors cited ("AIB-OR: Improving Onion Routing Circuit Construction Using
# Anonymous Identity-Based Cryptosystems", PLOS ONE, doi:10.1371/journal.pone.0121226, CC BY
# 4.0): the cite-worthiness model flags it, with or without the sentence vector.
CLAIM = (
    "Tseng et al. proposed a new AMRIBE scheme that was proved to be semantically secure "
    "against adaptive chosen ciphertext attacks in the random oracle model under the Gap-BDH "
    "assumption."
)


def test_waiver_makes_a_claim_waived() -> None:
    draft = parse_draft_text(
        f"<!-- essaylint-disable-next-line claim/needs-evidence -->\n{CLAIM}\n\n{CLAIM}\n"
    )
    rows, findings = audit_claims(draft, [])
    assert [row.status for row in rows] == ["WAIVED", "NEED"]
    assert [f.line for f in findings] == [4]


def test_prefix_waiver_block() -> None:
    draft = parse_draft_text(
        f"<!-- essaylint-disable claim -->\n{CLAIM}\n<!-- essaylint-enable claim -->\n"
    )
    rows, findings = audit_claims(draft, [])
    assert [row.status for row in rows] == ["WAIVED"] and findings == []


def test_evidence_needed_placeholder_is_an_open_item() -> None:
    draft = parse_draft_text(
        "Green space improves mental health "
        "[EVIDENCE_NEEDED: greenspace mental health Cape Town].\n"
    )
    rows, findings = audit_claims(draft, [])
    assert [row.status for row in rows] == ["NEED"]
    assert rows[0].suggested_query == "greenspace mental health Cape Town"
    assert [(f.rule, f.severity) for f in findings] == [("claim/evidence-needed", "info")]


def test_severity_override_and_off() -> None:
    draft = parse_draft_text(CLAIM + "\n")
    config = Config()
    config.audit.severity = {"claim/needs-evidence": "error"}
    rows, findings = audit_claims(draft, [])
    assert [f.severity for f in finalise(findings, draft, config)] == ["error"]
    config.audit.severity = {"claim": "off"}
    assert finalise(findings, draft, config) == [] and [row.status for row in rows] == ["NEED"]


def test_previous_sentence_option_is_off_by_default() -> None:
    draft = parse_draft_text(
        "Nurses leave rural posts early (Smith, 2015){#doc_12345678}. "
        "Rural hospitals have fewer nurses than urban hospitals.\n"
    )
    first = draft.sentences[0].sentence_id
    citation_rows = [Row(first, "OK")]
    default_rows, _ = audit_claims(draft, citation_rows)
    linked_rows, _ = audit_claims(draft, citation_rows, use_previous_sentence=True)
    assert [r.status for r in default_rows] == ["OK", "NEED"]
    assert [r.status for r in linked_rows] == ["OK", "OK"]
    assert linked_rows[1].linked_evidence[0].sentence_id == first


def test_need_finding_carries_a_query_and_types() -> None:
    draft = parse_draft_text(
        "Hospitals that adopt electronic patient records reduce emergency readmissions by 30%.\n"
    )
    rows, (finding,) = audit_claims(draft, [])
    assert rows[0].suggested_query == "electronic patient records emergency readmissions"
    # a sweeping claim the cite-worthiness model does not find cite-worthy: information
    assert (finding.rule, finding.severity, finding.line) == ("claim/strong-wording", "info", 1)
    assert finding.confidence is not None and 0 < finding.confidence < 1
    assert (
        finding.suggestion == 'essaylint query "electronic patient records emergency readmissions"'
    )
    assert set(finding.data["claim_types"]) == {"causal", "quantitative"}


def test_render_claims_table_escapes_cells() -> None:
    row = ClaimRow("c01", 3, "A | B is best.", ["superlative"], 0.7, [], "NEED", "a b")
    lines = render_claims_table("drafts/d.md", [asdict(row)], "1 claims").splitlines()
    header = lines.index(
        "| claim_id | line | claim_text | claim_type | linked_evidence | status | suggested_query |"
    )
    assert lines[header + 2] == "| c01 | 3 | A \\| B is best. | superlative | - | NEED | a b |"


# -- loading -----------------------------------------------------------------------------------


def test_importing_the_package_does_not_import_spacy() -> None:
    code = "import sys, essaylint.audit.claims; print('spacy' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"


def test_empty_draft_does_not_load_spacy(monkeypatch: pytest.MonkeyPatch) -> None:
    import essaylint.audit.claims.detect as detect

    def boom(*_: object) -> None:
        raise AssertionError("spaCy loaded for an empty draft")

    monkeypatch.setattr(detect, "get_detector", boom)
    assert audit_claims(parse_draft_text("# Title only\n"), []) == ([], [])


def test_missing_model_falls_back_to_blank_with_one_warning() -> None:
    names = ("essaylint_no_such_model",)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        first = load_nlp(names)
        second = load_nlp(names)
    assert first is second and first.pipe_names == []
    assert len([w for w in caught if "no spaCy English model" in str(w.message)]) == 1
    clear_cache()
