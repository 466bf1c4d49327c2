"""The rules of the claim audit (SPEC §6), each declared once with its docs."""

from __future__ import annotations

from essaylint.audit.findings import Rule

NEEDS_EVIDENCE = Rule(
    "claim/needs-evidence",
    "warning",
    "A strong claim without a verified citation",
    rationale="Causal, comparative, quantitative, generalising, recommending and superlative "
    "claims about the world need a source that supports them; a hedge lowers the strength. "
    "The writer's description of their own essay is not such a claim.",
    example="Electronic records always cut hospital errors by half.",
    counter_example="Electronic records may help some hospitals to reduce errors.",
)
EVIDENCE_NEEDED = Rule(
    "claim/evidence-needed",
    "info",
    "An [EVIDENCE_NEEDED: ...] placeholder is still open",
    rationale="A placeholder marks evidence the writer still has to find; it is listed with "
    "a ready query until a citation replaces it.",
    example="Staff shortages constrain care [EVIDENCE_NEEDED: staff shortages Malawi].",
    counter_example="Staff shortages constrain care in many hospitals.",
)

STRONG_WORDING_CONFIDENCE = 0.5  # placeholder, measured below
STRONG_WORDING = Rule(
    "claim/strong-wording",
    "info",
    "A sweeping claim stated as fact, with no source and no hedge",
    rationale="Absolute, superlative, causal or prescriptive wording (every, always, the single "
    "most, should) makes a claim about the world that a reader will want a source for, or a "
    "hedge. A number alone is not such a claim, nor is the writer's description of their own "
    "work. Information only: published authors seldom cite such sentences.",
    example="Every quality improvement programme fails without strong leadership.",
    counter_example="Some quality improvement programmes may fail without strong leadership.",
)

RULES: tuple[Rule, ...] = (NEEDS_EVIDENCE, EVIDENCE_NEEDED, STRONG_WORDING)
