"""The claim audit (SPEC §6): claims without verified evidence are NEED.

A sentence becomes a row of the claims table when it carries a citation, an
``[EVIDENCE_NEEDED: ...]`` placeholder, or, uncited, when

- the cite-worthiness model says published authors would cite a sentence like it
  (``claim/needs-evidence``; citeworthiness.py: learned from the authors' own citations, it
  tells claims about the world and prior work from the writer's description of their own
  argument, method, data, figures and sections), or
- its wording makes a sweeping claim (always, every, the single most, should...) that is not a
  description of the writer's own work (``claim/strong-wording``, information only).

Hedges lower both scores. A row is

- ``OK`` when the sentence cites a source whose citation-audit row is ``OK`` (and, when
  :data:`CLAIMS_USE_PREVIOUS_SENTENCE` or ``use_previous_sentence=True``, when the previous
  sentence of the same paragraph does);
- ``WAIVED`` under ``<!-- essaylint-disable claim/needs-evidence -->``;
- ``NEED`` otherwise, with a ``claim/needs-evidence`` finding and a suggested query.

``CLAIMS_USE_PREVIOUS_SENTENCE`` is a module constant (default off), deliberately not a key
of essaylint.yaml.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import TYPE_CHECKING, Literal, Protocol

from essaylint.audit.base import AuditContext, AuditOutput
from essaylint.audit.claims.cache import CachedDetector
from essaylint.audit.claims.detect import analyse_sentences
from essaylint.audit.claims.features import own_work_section
from essaylint.audit.claims.lexicon import FLAG_THRESHOLD
from essaylint.audit.claims.query import build_query
from essaylint.audit.claims.rules import (
    EVIDENCE_NEEDED,
    NEEDS_EVIDENCE,
    RULES,
    STRONG_WORDING,
    STRONG_WORDING_CONFIDENCE,
)
from essaylint.audit.findings import Finding

if TYPE_CHECKING:
    from essaylint.audit.claims.detect import ClaimAnalysis, Detector
    from essaylint.draft import Draft, Sentence

ClaimStatus = Literal["OK", "NEED", "WAIVED"]

CLAIMS_USE_PREVIOUS_SENTENCE = False
UNVERIFIED = "UNVERIFIED"  # a cited source the citation audit has no row for


class CitationRowLike(Protocol):
    """What the claim audit reads from the citation audit's rows."""

    sentence_id: str
    status: str


@dataclass(frozen=True)
class LinkedEvidence:
    """A cited source and the status the citation audit gave its sentence."""

    doc_uid: str
    status: str
    sentence_id: str

    def __str__(self) -> str:
        return f"{self.doc_uid} ({self.status})"


@dataclass
class ClaimRow:
    """One row of the claims table."""

    claim_id: str
    line: int
    claim_text: str
    claim_types: list[str]
    strength: float
    linked_evidence: list[LinkedEvidence]
    status: ClaimStatus
    suggested_query: str
    sentence_id: str = ""
    column: int = 1
    hedges: list[str] = field(default_factory=list)
    citeworthiness: float | None = None  # the learned score (None: not scored)
    basis: str = ""  # why it is a row: cited, placeholder, cite-worthy, strong wording


def audit_claims(
    draft: Draft,
    citation_rows: Sequence[CitationRowLike],
    *,
    use_previous_sentence: bool | None = None,
    detector: Detector | None = None,
) -> tuple[list[ClaimRow], list[Finding]]:
    """Claims table rows and findings for ``draft``.

    ``citation_rows`` are the citation audit's rows (``sentence_id``, ``status`` and
    optionally ``cited_doc_uids``/``doc_uid``); an empty list leaves every citation
    unverified, so cited claims are NEED. spaCy is loaded only if there are sentences;
    without ``detector``, sentences are scored by the text-only cite-worthiness model.
    """

    previous = (
        CLAIMS_USE_PREVIOUS_SENTENCE if use_previous_sentence is None else use_previous_sentence
    )
    statuses = _status_index(citation_rows)
    sentences = _prose_sentences(draft)
    analyses = analyse_sentences([s.plain_text for s in sentences], detector or CachedDetector())
    analyses = [in_section(a, s.section_path) for a, s in zip(analyses, sentences, strict=True)]
    rows: list[ClaimRow] = []
    findings: list[Finding] = []
    before: Sentence | None = None
    for sentence, analysis in zip(sentences, analyses, strict=True):
        if _is_row(sentence, analysis):
            neighbour = before if previous and _same_paragraph(before, sentence) else None
            row = _row(draft, sentence, analysis, statuses, neighbour, len(rows) + 1)
            rows.append(row)
            findings += _need_finding(draft, sentence, row)
        before = sentence
    findings += _placeholder_findings(draft)
    return rows, findings


# -- rows ----------------------------------------------------------------------------------


def _prose_sentences(draft: Draft) -> list[Sentence]:
    """Sentences outside the reference list."""
    references = {s.path for s in draft.sections if s.is_reference_list}
    return [s for s in draft.sentences if s.section_path not in references]


def in_section(analysis: ClaimAnalysis, section_path: str) -> ClaimAnalysis:
    """The analysis with its section taken into account: in a Methods or Results section the
    writer describes their own work."""
    if analysis.own_work:
        return analysis
    reason = own_work_section(section_path)
    return replace(analysis, own_work=reason) if reason else analysis


def _is_row(sentence: Sentence, analysis: ClaimAnalysis) -> bool:
    return bool(_basis(sentence, analysis))


def _basis(sentence: Sentence, analysis: ClaimAnalysis) -> str:
    if sentence.citations:
        return "cited"
    if sentence.evidence_needed:
        return "placeholder"
    if analysis.needs_source:
        return "cite-worthy"
    return "strong wording" if analysis.strong_wording else ""


def _same_paragraph(before: Sentence | None, sentence: Sentence) -> bool:
    return before is not None and before.paragraph_index == sentence.paragraph_index


def _row(
    draft: Draft,
    sentence: Sentence,
    analysis: ClaimAnalysis,
    statuses: _StatusIndex,
    neighbour: Sentence | None,
    number: int,
) -> ClaimRow:
    linked = _linked(sentence, statuses)
    if neighbour is not None and not _verified(linked):
        linked += [e for e in _linked(neighbour, statuses) if e.status == "OK"]
    status: ClaimStatus = "OK" if _verified(linked) else "NEED"
    rule = STRONG_WORDING if _basis(sentence, analysis) == "strong wording" else NEEDS_EVIDENCE
    if status == "NEED" and draft.is_waived(rule.id, sentence.line):
        status = "WAIVED"
    return ClaimRow(
        claim_id=f"c{number:02d}",
        line=sentence.line,
        claim_text=sentence.plain_text,
        claim_types=analysis.claim_types,
        strength=analysis.strength,
        linked_evidence=linked,
        status=status,
        suggested_query=_query(sentence, analysis),
        sentence_id=sentence.sentence_id,
        column=sentence.column,
        hedges=list(analysis.hedges),
        citeworthiness=analysis.citeworthiness,
        basis=_basis(sentence, analysis),
    )


def _query(sentence: Sentence, analysis: ClaimAnalysis) -> str:
    placeholders = [p.text.strip() for p in sentence.evidence_needed if p.text.strip()]
    return "; ".join(placeholders) if placeholders else build_query(analysis.key_phrases)


def _verified(linked: list[LinkedEvidence]) -> bool:
    return any(evidence.status == "OK" for evidence in linked)


# -- citation statuses ---------------------------------------------------------------------


@dataclass
class _StatusIndex:
    by_sentence: dict[str, list[str]]
    by_doc: dict[tuple[str, str], str]


def _status_index(citation_rows: Sequence[CitationRowLike]) -> _StatusIndex:
    """Statuses by sentence, and by (sentence, doc_uid) when rows name their documents."""
    index = _StatusIndex({}, {})
    for row in citation_rows:
        status = str(row.status).upper()
        index.by_sentence.setdefault(row.sentence_id, []).append(status)
        for uid in _row_doc_uids(row):
            previous = index.by_doc.get((row.sentence_id, uid))
            if previous != "OK":
                index.by_doc[(row.sentence_id, uid)] = status
    return index


def _row_doc_uids(row: object) -> list[str]:
    uids = getattr(row, "cited_doc_uids", None) or ()
    if isinstance(uids, str):
        uids = uids.replace(",", " ").split()
    single = getattr(row, "doc_uid", None)
    return [*uids, *([single] if isinstance(single, str) and single else [])]


def _linked(sentence: Sentence, statuses: _StatusIndex) -> list[LinkedEvidence]:
    sentence_statuses = statuses.by_sentence.get(sentence.sentence_id, [])
    fallback = "OK" if "OK" in sentence_statuses else (sentence_statuses or [UNVERIFIED])[0]
    linked: list[LinkedEvidence] = []
    for uid in dict.fromkeys(sentence.cited_doc_uids):
        status = statuses.by_doc.get((sentence.sentence_id, uid), fallback)
        linked.append(LinkedEvidence(uid, status, sentence.sentence_id))
    return linked


# -- findings ------------------------------------------------------------------------------


def _need_finding(draft: Draft, sentence: Sentence, row: ClaimRow) -> list[Finding]:
    if row.status != "NEED" or sentence.evidence_needed:
        return []  # a placeholder is already reported as claim/evidence-needed
    rule = STRONG_WORDING if row.basis == "strong wording" else NEEDS_EVIDENCE
    return [
        Finding(
            rule=rule.id,
            severity=rule.severity,
            file=draft.path,
            line=sentence.line,
            column=sentence.column,
            end_line=sentence.end_line,
            end_column=sentence.end_column,
            message=_need_message(row),
            suggestion=f'essaylint query "{row.suggested_query}"' if row.suggested_query else "",
            data={
                "claim_id": row.claim_id,
                "sentence_id": row.sentence_id,
                "claim_types": list(row.claim_types),
                "strength": row.strength,
                "citeworthiness": row.citeworthiness,
                "suggested_query": row.suggested_query,
            },
            confidence=_confidence(row),
        )
    ]


def _confidence(row: ClaimRow) -> float:
    """The learned score for an uncited claim; the rule's measured precision for strong
    wording; certain for a citation the citation audit did not verify."""
    if row.linked_evidence:
        return 1.0
    if row.basis == "strong wording":
        return STRONG_WORDING_CONFIDENCE
    return round(row.citeworthiness or 0.0, 2)


def _need_message(row: ClaimRow) -> str:
    kinds = "/".join(row.claim_types) if row.claim_types else ""
    if row.linked_evidence:
        cited = ", ".join(str(e) for e in row.linked_evidence)
        return (
            f"{kinds or 'factual'} claim whose citation is not verified as supporting it: {cited}"
        )
    if row.basis == "strong wording":
        return f"sweeping {kinds} claim stated as fact without a source: cite evidence or hedge it"
    kind = f"{kinds} claim" if kinds else "factual or prior-work claim"
    return (
        f"{kind} without a citation (cite-worthiness {row.citeworthiness or 0:.2f}): "
        "published authors cite sentences like this; cite your source"
    )


def _placeholder_findings(draft: Draft) -> list[Finding]:
    return [
        Finding(
            rule=EVIDENCE_NEEDED.id,
            severity=EVIDENCE_NEEDED.severity,
            file=draft.path,
            line=p.line,
            column=p.column,
            end_line=p.end_line,
            end_column=p.end_column,
            message=f"Open item: evidence still needed for '{p.text.strip()}'",
            suggestion=f'essaylint query "{p.text.strip()}"',
            data={"placeholder": p.text.strip()},
            confidence=1.0,
        )
        for p in draft.placeholders
    ]


def run(ctx: AuditContext) -> AuditOutput:
    """The claim audit as the engine runs it, over the citation audit's verdicts, with the
    configured embedder (``ctx.backends``) feeding the cite-worthiness model."""
    cited = ctx.outputs["citations"].result
    embedder = ctx.backends.embedder if ctx.backends is not None else None
    store = ctx.project.store
    detector = CachedDetector(
        store.results("claims"),
        embedder=embedder,
        vectors=store.vectors(embedder.model_id, "query") if embedder is not None else None,
    )
    rows, findings = audit_claims(ctx.draft, cited.rows if cited else [], detector=detector)
    statuses: dict[str, int] = {}
    for row in rows:
        statuses[row.status] = statuses.get(row.status, 0) + 1
    detail = ", ".join(f"{n} {s}" for s, n in sorted(statuses.items()))
    summary = f"{len(rows)} claims" + (f": {detail}" if detail else "")
    rows_json = [asdict(r) for r in rows]
    return AuditOutput(rows_json, findings, summary, notes=list(detector.notes))


__all__ = [
    "CLAIMS_USE_PREVIOUS_SENTENCE",
    "EVIDENCE_NEEDED",
    "FLAG_THRESHOLD",
    "NEEDS_EVIDENCE",
    "RULES",
    "UNVERIFIED",
    "ClaimRow",
    "ClaimStatus",
    "LinkedEvidence",
    "audit_claims",
]
