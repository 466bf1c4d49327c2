"""The rules of the rubric coverage audit (SPEC §6), each declared once with its docs.

The examples assume the rubric of tests/test_rules.py: a required ``Conclusion`` section, a
50-word limit, and a required element on what happens to patients' motivation after a heart
failure programme ends. Their text is published prose: Tully N. E. et al. (2010) "Patient
Experiences of Structured Heart Failure Programmes", Rehabilitation Research and Practice
2010:157939 (CC BY; essaylint/samples/LICENSES.md), and "A Quick Guide for Developing Effective
Bioinformatics Programming Skills", PLOS Comput Biol doi:10.1371/journal.pcbi.1000589 (CC BY);
the headings are ours. Precision: bench/judgement.py rubric (held-out papers, read by hand).
"""

from __future__ import annotations

from essaylint.audit.findings import Rule

_DIRECTIONLESS = (
    "A number of participants had felt somewhat directionless when the programme ended."
)
_MAINTENANCE = (
    _DIRECTIONLESS + " Once they became responsible for their own regulation, it was difficult "
    "to remain motivated to maintain the health-promoting behaviours that they had developed in "
    "the clinic. Some had failed to maintain an exercise regimen, in particular the "
    "participants who had symptoms of fatigue and breathlessness. Lack of equipment was partly "
    "to blame, but the absence of the discipline of the programme was also a factor."
)
_CONCLUSION = (
    "## Conclusion\n\nIn conclusion, the information provided here provides some perspectives "
    "from patients living with heart failure."
)
_COVERED = "## Maintenance\n\n" + _MAINTENANCE + "\n\n" + _CONCLUSION


def _confidence(right: int, read: int) -> float:
    return round((right + 1) / (read + 2), 2)


MISSING_SECTION = Rule(
    "rubric/missing-section",
    "error",
    "A section the guidance requires is not in the draft",
    rationale="A heading the task brief requires (Introduction, Conclusion, References...) "
    "is matched against the draft's headings; a missing one costs marks before anything "
    "else is read.",
    example="## Maintenance\n\n" + _DIRECTIONLESS,
    counter_example="## Maintenance\n\n" + _DIRECTIONLESS + "\n\n" + _CONCLUSION,
    precision="exact: a heading match",
)
NOT_COVERED = Rule(
    "rubric/not-covered",
    "info",
    "A rubric item is not addressed",
    rationale="Each criterion and required element is compared with every section of the "
    "draft as a whole; nothing close to it in any section means the marker may not find it "
    "either. Information, not a warning: on held-out essays it was right in two cases of three.",
    example="## Introduction\n\nBioinformatics programming skills are becoming a necessity "
    "across many facets of biology and medicine, owed in part to the continuing explosion of "
    "biological data aggregation and the complexity and scale of questions now being addressed "
    "through modern bioinformatics.\n\n## Conclusion\n\nSuccessful adoption of these "
    "principals will serve both beginner and experienced bioinformaticians alike in career "
    "development and pursuit of professional and scientific goals.",
    counter_example=_COVERED,
    precision="0.65: 11 of 17 'not covered' verdicts on five held-out papers' Introduction and "
    "Discussion agreed with a reading (0.89 on the five papers the thresholds were chosen on)",
)
PARTIAL = Rule(
    "rubric/partial",
    "info",
    "A rubric item is only partly addressed",
    rationale="Something close to the item is in the draft, but not enough to count as "
    "covering it: develop that passage.",
    example="## Findings\n\nGuidance regarding the interface of primary and secondary care is "
    "needed to manage the development of heart failure services.",
    counter_example=_COVERED,
    precision="0.29: 2 of 7 'partly covered' verdicts on held-out papers agreed with a reading "
    "(4 of 7 were missing or partial)",
)
OVER_WORD_LIMIT = Rule(
    "rubric/over-word-limit",
    "warning",
    "The draft is longer than the rubric's word limit",
    rationale="The limit in rubric.yaml, counted as the exported document counts words.",
    example=_COVERED,
    counter_example=_CONCLUSION,
    precision="exact: a count against the rubric's limit",
)

RULES: tuple[Rule, ...] = (MISSING_SECTION, NOT_COVERED, PARTIAL, OVER_WORD_LIMIT)
CONFIDENCE: dict[str, float] = {
    MISSING_SECTION.id: 1.0,
    NOT_COVERED.id: _confidence(11, 17),
    PARTIAL.id: _confidence(2, 7),
    OVER_WORD_LIMIT.id: 1.0,
}
