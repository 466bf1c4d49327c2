"""The rules the citation audit reports, with their default severities (SPEC §6)."""

from __future__ import annotations

from essaylint.audit.findings import Rule

UNKNOWN_DOC = Rule("citation/unknown-doc", "error", "cited doc_uid is not in the library")
NOT_CITABLE = Rule("citation/not-citable", "error", "cited source is instruction material")
MALFORMED = Rule("citation/malformed", "error", "citation markup cannot be read")
WEAK_SUPPORT = Rule("citation/weak-support", "warning", "cited source does not support this")
MISSING_TEXT = Rule("citation/missing-text", "warning", "cited source has no indexed text")
AUTHOR_YEAR = Rule(
    "citation/author-year-mismatch", "warning", "author or year disagrees with library.csv"
)
AUTHOR_LIST = Rule(
    "citation/author-list-unverified",
    "info",
    "library.csv lists one author, so 'et al.' / 'X and Y' cannot be checked",
)
PLACEHOLDER = Rule("citation/placeholder", "info", "Author or Year still a placeholder")

ALL_RULES: tuple[Rule, ...] = (
    UNKNOWN_DOC,
    NOT_CITABLE,
    MALFORMED,
    WEAK_SUPPORT,
    MISSING_TEXT,
    AUTHOR_YEAR,
    AUTHOR_LIST,
    PLACEHOLDER,
)
