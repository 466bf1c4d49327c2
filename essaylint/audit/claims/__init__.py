"""The claim audit: claims that lack verified evidence (SPEC §6). Whether an uncited sentence
needs a source is learned from published authors' citations (citeworthiness.py); claim types
(causal, comparative, quantitative, generalising, recommending, superlative) and hedges come
from the spaCy cue analysis (detect.py).

Importing this package does not import spaCy; it is loaded on the first audit that has
sentences to check and cached for the process.
"""

from essaylint.audit.base import Audit
from essaylint.audit.claims.audit import (
    CLAIMS_USE_PREVIOUS_SENTENCE,
    ClaimRow,
    ClaimStatus,
    LinkedEvidence,
    audit_claims,
    run,
)
from essaylint.audit.claims.lexicon import CLAIM_TYPES, FLAG_THRESHOLD, ClaimType
from essaylint.audit.claims.render import render_claims_table
from essaylint.audit.claims.rules import EVIDENCE_NEEDED, NEEDS_EVIDENCE, RULES, STRONG_WORDING

AUDIT = Audit("claims", RULES, run, render_claims_table, requires=("citations",))

__all__ = [
    "AUDIT",
    "CLAIMS_USE_PREVIOUS_SENTENCE",
    "CLAIM_TYPES",
    "EVIDENCE_NEEDED",
    "FLAG_THRESHOLD",
    "NEEDS_EVIDENCE",
    "RULES",
    "STRONG_WORDING",
    "ClaimRow",
    "ClaimStatus",
    "ClaimType",
    "LinkedEvidence",
    "audit_claims",
    "render_claims_table",
]
