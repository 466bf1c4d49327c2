"""The rules of the citation audit (SPEC §3, §6), each declared once with its docs.

The examples cite the sources a test project holds (tests/test_rules.py): the three sample
papers shipped with essaylint, a preprint of one of them, a course guide and an unreadable
PDF.
"""

from __future__ import annotations

from essaylint.audit.findings import Rule

TULLY = "doc_354b33f6"  # Tully et al. (2010), heart failure programmes
AGYEMAN = "doc_439d7ab5"  # Agyeman-Duah et al. (2014), quality improvement in Malawi
DATTA = "doc_d22385dc"  # Datta et al. (2010), DVT prophylaxis (one author in library.csv)
GUIDE = "doc_4a8734d6"  # a course guide under raw/instruction/guidance/ (not citable)
BROKEN = "doc_4cabfc44"  # a PDF in raw/evidence/ that cannot be parsed
LATER = "doc_5cd7244d"  # a source put in raw/evidence/ after the last full ingest
PREPRINT = "doc_177e2641"  # a preprint of Tully et al. (library.csv type: article)

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
WEAK_SUPPORT = Rule(
    "citation/weak-support",
    "warning",
    "The cited source does not support the sentence",
    rationale="The sentence is compared with the cited document's own passages only; when "
    "nothing there says what the sentence says, either the citation is misplaced or the "
    "sentence claims more than the source.",
    example=f"Electronic records halve medication errors in intensive care units "
    f"(Tully et al., 2010){{#{TULLY}}}.",
    counter_example=f"{FOUND} (Tully et al., 2010){{#{TULLY}}}.",
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
    WEAK_SUPPORT,
    MISSING_TEXT,
    AUTHOR_YEAR,
    AUTHOR_LIST,
    PLACEHOLDER,
    PUBLISHED_VERSION,
)
