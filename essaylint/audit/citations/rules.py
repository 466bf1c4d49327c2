"""The rules of the citation audit (SPEC §3, §6), each declared once with its docs.

The examples cite the sources a test project holds (tests/test_rules.py): the three sample
papers shipped with essaylint, a preprint of one of them, a course guide and an unreadable
PDF.
"""

from __future__ import annotations

from essaylint.audit.citations.calibration import load_model
from essaylint.audit.findings import Rule, Severity

TULLY = "doc_354b33f6"  # Tully et al. (2010), heart failure programmes
AGYEMAN = "doc_439d7ab5"  # Agyeman-Duah et al. (2014), quality improvement in Malawi
DATTA = "doc_d22385dc"  # Datta et al. (2010), DVT prophylaxis (one author in library.csv)
GUIDE = "doc_4a8734d6"  # a course guide under raw/instruction/guidance/ (not citable)
BROKEN = "doc_4cabfc44"  # a PDF in raw/evidence/ that cannot be parsed
LATER = "doc_5cd7244d"  # a source put in raw/evidence/ after the last full ingest
PREPRINT = "doc_177e2641"  # a preprint of Tully et al. (library.csv type: article)

JUDGE = load_model()  # the shipped support judge: thresholds and held-out precision
BENCH = "bench/judgement_support.py, BENCHMARKS.md"


def _held_out(key: str) -> str:
    """One held-out figure per training domain ('scifact 0.61, checkcovid 0.48')."""
    figures = JUDGE.measured.get("held_out", {})
    return ", ".join(
        f"{name} {values[key]:.2f}"
        for name, values in figures.items()
        if values.get(key) is not None
    )


# A support rule whose held-out precision is below this warns only when essaylint.yaml says so.
WARNING_PRECISION = 0.8


def _severity_for(key: str) -> Severity:
    """`warning` when the measured precision ``key`` reaches WARNING_PRECISION, else `info`."""
    value = JUDGE.measured.get(key)
    return "warning" if value is not None and value >= WARNING_PRECISION else "info"


def _pooled(key: str) -> str:
    value = JUDGE.measured.get(key)
    return f"{value:.2f}" if value is not None else "not measured"


FOUND = (
    "Patients valued supervised exercise and peer support, but some lost motivation once "
    "the programme ended"
)

UNKNOWN_DOC = Rule(
    "citation/unknown-doc",
    "error",
    "The cited doc_uid is not in library.csv",
    rationale="A citation must point at a source in the student's library, or nothing can "
    "check it and the export cannot build a reference for it. Usually a mistyped id, or a "
    "source that was never put in raw/evidence/.",
    example=f"{FOUND} (Tully et al., 2010){{#doc_8f3a2c1d}}.",
    counter_example=f"{FOUND} (Tully et al., 2010){{#{TULLY}}}.",
)
NOT_CITABLE = Rule(
    "citation/not-citable",
    "error",
    "The cited source may not be cited: course material, or a file that does not parse",
    rationale="Guidance, feedback, slides and exemplars (raw/instruction/) tell the student "
    "what to write; they are not evidence for a claim. library.csv's `citable` column says "
    "which sources may be cited. A file that could not be ingested (scanned, encrypted, "
    "corrupt: library.csv status `failed`) is not citable until it parses: nothing can "
    "check what it says.",
    example=f"Essays must engage with counter-arguments (Course guide, 2026){{#{GUIDE}}}.",
    counter_example=f"{FOUND} (Tully et al., 2010){{#{TULLY}}}.",
)
MALFORMED = Rule(
    "citation/malformed",
    "error",
    "The citation markup cannot be read",
    rationale="An unbalanced bracket, a doc id that is no id, or a year that is no year "
    "cannot be resolved; it is reported with its line and column instead of being skipped.",
    example=f"{FOUND} (Tully et al., 2010){{#doc_35}}.",
    counter_example=f"{FOUND} (Tully et al., 2010){{#{TULLY}}}.",
)
CONTRADICTED = Rule(
    "citation/contradicted",
    _severity_for("contradicted_precision"),
    "The cited source may say the opposite",
    rationale="A close sentence of the cited document reverses the direction the sentence "
    "states about the same thing (higher vs lower, increases vs reduces, did not improve vs "
    "improved); the finding quotes it with its page. Read it: either the sentence misstates "
    "the source or the citation belongs elsewhere. The check is deliberately narrow, so it "
    "misses most contradictions (a negation alone only makes the support uncertain). Its "
    f"default severity follows its measured precision: a warning from "
    f"{WARNING_PRECISION:.1f}, information below (`audit.severity` in essaylint.yaml can "
    "raise it).",
    example=f"Participants reported that supervised exercise sessions decreased their "
    f"confidence to resume physical activity (Tully et al., 2010){{#{TULLY}}}.",
    counter_example=f"Participants reported that supervised exercise sessions increased "
    f"their confidence to resume physical activity (Tully et al., 2010){{#{TULLY}}}.",
    precision=f"{_pooled('contradicted_precision')} of its verdicts fall on citations labelled "
    f"contradicted ({JUDGE.measured.get('contradicted_n', 0)} verdicts, each domain judged by a "
    f"judge fitted on the others; by domain: {_held_out('contradicted_precision')}); it catches "
    f"{_held_out('contradicted_caught')} of the contradicted citations. It fires when a source "
    f"sentence of cosine >= {JUDGE.contradiction_cos:.2f} reverses the sentence's direction; "
    f"that cosine was chosen as the lowest at which precision, averaged over the domains "
    f"with contradicted labels, reaches 0.5 ({BENCH}).",
)
WEAK_SUPPORT = Rule(
    "citation/weak-support",
    _severity_for("weak_precision"),
    "Nothing in the cited source says what the sentence says",
    rationale="The sentence is compared with the cited document's own sentences only; when "
    "none of them comes close in meaning and words, either the citation is misplaced or the "
    "sentence claims more than the source.",
    example=f"Electronic records halve medication errors in intensive care units "
    f"(Tully et al., 2010){{#{TULLY}}}.",
    counter_example=f"{FOUND} (Tully et al., 2010){{#{TULLY}}}.",
    precision=f"{_pooled('weak_precision')} of its warnings fall on citations whose source does "
    f"not support the sentence (labelled not-enough-info, contradicted, or another paper), "
    f"pooled over SciFact, Check-COVID and WiCE, each judged by a judge fitted on the other "
    f"two; {_pooled('weak_precision_cited')} when the cited document is on the sentence's "
    f"topic (other papers left out). Support score < {JUDGE.warn_below:.2f} (Tw, "
    f"`audit.verify_citations_threshold_T`), chosen by cross-domain validation so that about "
    f"15% of supported citations are warned in a domain the fit has not seen; held out: "
    f"{_held_out('supported_warned')} of supported citations warned ({BENCH}).",
)
UNCERTAIN = Rule(
    "citation/uncertain-support",
    "info",
    "The cited source may support the sentence, but not clearly",
    rationale="The closest passage is related but the judge cannot tell whether it says "
    "what the sentence says, or a close sentence of the source denies it. Read the quoted "
    "passage. Never a warning: the judge is right about this too rarely to block a commit.",
    example=f"Programme staff improved patients' morale but not their survival "
    f"(Tully et al., 2010){{#{TULLY}}}.",
    counter_example=f"{FOUND} (Tully et al., 2010){{#{TULLY}}}.",
    precision=f"information only: {_pooled('uncertain_precision')} of these verdicts fall on "
    f"citations labelled not-enough-info or contradicted (the rest are supported ones), pooled "
    f"held out as for citation/weak-support. Support score between Tw = "
    f"{JUDGE.warn_below:.2f} and Ts = {JUDGE.supported_from:.2f}, Ts chosen so that 10% of "
    f"not-enough-info and contradicted citations score above it in a domain the fit has not "
    f"seen, or a close source sentence denies what the sentence asserts ({BENCH}).",
    max_severity="info",
)
MISSING_TEXT = Rule(
    "citation/missing-text",
    "warning",
    "The cited source has no indexed text",
    rationale="A source in library.csv whose text is not in the index yet (added since the "
    "last full ingest) cannot be checked: run `essaylint ingest`.",
    example=f"Structured programmes keep patients active (Later, 2024){{#{LATER}}}.",
    counter_example=f"{FOUND} (Tully et al., 2010){{#{TULLY}}}.",
)
AUTHOR_YEAR = Rule(
    "citation/author-year-mismatch",
    "warning",
    "The author or year disagrees with library.csv",
    rationale="The text the reader sees must match the source the id points at; a wrong "
    "year or name is usually a citation copied from elsewhere.",
    example=f"{FOUND} (Tully et al., 2012){{#{TULLY}}}.",
    counter_example=f"{FOUND} (Tully et al., 2010){{#{TULLY}}}.",
)
AUTHOR_LIST = Rule(
    "citation/author-list-unverified",
    "info",
    "library.csv lists one author, so 'et al.' or 'X and Y' cannot be checked",
    rationale="Complete the authors in library.csv (`essaylint library set`) so that the "
    "author text can be checked.",
    example=f"Bleeding and heparin-induced thrombocytopenia were the complications reported "
    f"(Datta et al., 2010){{#{DATTA}}}.",
    counter_example=f"Bleeding and heparin-induced thrombocytopenia were the complications "
    f"reported (Datta, 2010){{#{DATTA}}}.",
)
PLACEHOLDER = Rule(
    "citation/placeholder",
    "info",
    "Author or Year is still a placeholder",
    rationale="`Author (Year)` keeps the id while the student has not yet written the "
    "reference text; it must be filled in before hand-in.",
    example=f"{FOUND} (Author, Year){{#{TULLY}}}.",
    counter_example=f"{FOUND} (Tully et al., 2010){{#{TULLY}}}.",
)
PUBLISHED_VERSION = Rule(
    "citation/published-version-available",
    "info",
    "A preprint is cited while its published version is in the library",
    rationale="Ingest found that the cited preprint and a published article in the library "
    "are versions of one work (`essaylint library duplicates`). The published version is "
    "the one a reader can trust as reviewed, and its text may differ: cite it, or keep the "
    "preprint on purpose (this is information only).",
    example=f"{FOUND} (Tully et al., 2010){{#{PREPRINT}}}.",
    counter_example=f"{FOUND} (Tully et al., 2010){{#{TULLY}}}.",
    precision="1.0 on the pairs it rests on: no false merge among 11,628 labelled pairs and "
    "5,183 SciFact abstracts (BENCHMARKS.md, Duplicates); a preprint is known by its record "
    "(arXiv id, preprint-server DOI, CSL type article)",
    max_severity="info",
)

RULES: tuple[Rule, ...] = (
    UNKNOWN_DOC,
    NOT_CITABLE,
    MALFORMED,
    CONTRADICTED,
    WEAK_SUPPORT,
    UNCERTAIN,
    MISSING_TEXT,
    AUTHOR_YEAR,
    AUTHOR_LIST,
    PLACEHOLDER,
    PUBLISHED_VERSION,
)
