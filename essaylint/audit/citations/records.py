"""Typed records of the citation audit: one row per citing sentence (SPEC §6)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from essaylint.core.records import PageSpan

# UNCHECKED: the source is in library.csv and citable, but there is no index to check
# the sentence against (a commit in a fresh clone). LISTED: a citation outside the prose
# sentences (under a References heading, in a block quotation) whose sources exist and may
# be cited; its support is not scored.
Status = Literal[
    "OK",
    "CONTRADICTED",
    "WEAK",
    "UNCERTAIN",
    "MISSING",
    "NOT_CITABLE",
    "UNKNOWN",
    "UNCHECKED",
    "LISTED",
]
# Worst first: a row's status is the worst status of the sources it cites.
STATUS_ORDER: tuple[str, ...] = (
    "UNKNOWN",
    "NOT_CITABLE",
    "MISSING",
    "CONTRADICTED",
    "WEAK",
    "UNCERTAIN",
    "UNCHECKED",
    "LISTED",
    "OK",
)
# The support judge's outcome for a source that has text (calibration.Outcome) → status.
OUTCOME_STATUS: dict[str, Status] = {
    "supported": "OK",
    "contradicted": "CONTRADICTED",
    "weak": "WEAK",
    "uncertain": "UNCERTAIN",
}


@dataclass(frozen=True)
class Passage:
    """The best supporting passage of a cited document for one sentence."""

    doc_uid: str
    child_id: str
    page_start: int | None
    page_end: int | None
    text: str  # the best single sentence inside the best children (or two neighbours)
    score: float  # the support score, 0-1

    @property
    def page_label(self) -> str:
        return PageSpan(self.page_start, self.page_end).label(none="")


@dataclass(frozen=True)
class Suggestion:
    """A better source elsewhere in the library, with a ready citation."""

    doc_uid: str
    citation: str
    score: float
    passage: str


@dataclass
class SourceCheck:
    """The verdict for one cited doc_uid inside one sentence."""

    doc_uid: str
    status: Status
    score: float | None = None
    passage: Passage | None = None
    features: dict[str, float] = field(default_factory=dict)
    judge: dict[str, Any] | None = None  # the Gemini judge's verdict (cloud.gemini.judge)
    contrary: Passage | None = None  # a close source sentence that reverses or denies it


@dataclass
class CitationRow:
    """``sentence_id | line | sentence_text | cited_doc_uids | support_score | status |
    suggested_query`` plus the evidence behind it."""

    sentence_id: str
    line: int
    column: int
    sentence_text: str
    cited_doc_uids: list[str]
    support_score: float | None
    status: Status
    suggested_query: str = ""
    sources: list[SourceCheck] = field(default_factory=list)
    suggestion: Suggestion | None = None
    judge: dict[str, Any] | None = None  # the verdict behind the status, with its doc_uid

    @property
    def best_passage(self) -> Passage | None:
        passages = [s.passage for s in self.sources if s.passage is not None]
        return max(passages, key=lambda p: p.score, default=None)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        best = self.best_passage
        data["best_passage"] = asdict(best) if best else None
        if best:
            data["best_passage"]["pages"] = best.page_label
        return data


def worst_status(statuses: list[Status]) -> Status:
    return min(statuses, key=STATUS_ORDER.index) if statuses else "OK"
