"""The citation audit (SPEC §6): every citing sentence checked against library.csv and the
cited document's own passages."""

from essaylint.audit.citations.audit import CitationAudit, audit_citations
from essaylint.audit.citations.records import CitationRow, Passage, SourceCheck, Suggestion
from essaylint.audit.citations.rules import ALL_RULES

__all__ = [
    "ALL_RULES",
    "CitationAudit",
    "CitationRow",
    "Passage",
    "SourceCheck",
    "Suggestion",
    "audit_citations",
]
