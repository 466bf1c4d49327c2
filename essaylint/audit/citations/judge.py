"""The optional Gemini judge of citation support (``cloud.gemini.judge: true``, docs/cloud.md).

A cited source the local judge did not find supporting (WEAK, UNCERTAIN, CONTRADICTED), or
whose support score is within ``MARGIN`` above the threshold T, is shown to Gemini: the
sentence and the document's best ``PASSAGES`` passages, nothing else. The answer
``{is_accurate, explanation, confidence}`` is recorded in the row; when
``confidence >= CONFIDENT`` it decides:

- not accurate: the source is WEAK (a CONTRADICTED one stays so), and the finding quotes
  the explanation;
- accurate: an UNCERTAIN source, or a borderline WEAK one (score at least T - ``MARGIN``),
  is lifted to OK; a CONTRADICTED one, whose cue the judge overrules, becomes UNCERTAIN.

Verdicts are cached in ``.essaylint/results/judge.json`` by (sentence text, doc_uid,
passages digest, model), so an unchanged sentence citing an unchanged passage is never
asked about twice. This module is imported only when the switch is on, and it imports the
cloud package only when a verdict is not cached.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from essaylint.core.errors import BackendError
from essaylint.core.store import digest
from essaylint.ingest.state import current_chunk

if TYPE_CHECKING:
    from essaylint.audit.citations.support import Support
    from essaylint.core.ports import Backends, Lazy, SupportJudge
    from essaylint.core.project import Project

MARGIN = 0.1  # judged: score < T + MARGIN; lifted to OK: score >= T - MARGIN
CONFIDENT = 0.7  # a verdict below this confidence is recorded but changes nothing
PASSAGES = 3


@dataclass(frozen=True)
class Verdict:
    is_accurate: bool
    confidence: float
    explanation: str
    model: str

    @property
    def confident(self) -> bool:
        return self.confidence >= CONFIDENT

    @property
    def label(self) -> str:
        return "accurate" if self.is_accurate else "not accurate"

    def to_dict(self) -> dict[str, Any]:
        return {"verdict": self.label, **asdict(self)}


def judged_status(status: str, score: float, threshold: float, verdict: Verdict | None) -> str:
    """The source's status once a verdict is known (see the module docstring)."""
    if verdict is None or not verdict.confident:
        return status
    if not verdict.is_accurate:
        return status if status == "CONTRADICTED" else "WEAK"
    if status == "UNCERTAIN" or (status == "WEAK" and score >= threshold - MARGIN):
        return "OK"
    if status == "CONTRADICTED":
        return "UNCERTAIN"
    return status


class CitationJudge:
    """Asks Gemini about (sentence, cited document) pairs of one project, with a cache."""

    def __init__(self, project: Project, judge: Lazy[SupportJudge], model: str) -> None:
        self.project = project
        self.judge = judge
        self.model = model
        self.results = project.store.results("judge")
        self.asked = 0  # requests made in this process
        self.error = ""  # the first failure: no further request is made after it
        self.skipped = 0  # pairs left unjudged because of that failure
        self._texts: dict[str, dict[str, str]] = {}

    @staticmethod
    def wanted(status: str, score: float, threshold: float) -> bool:
        return status != "OK" or score < threshold + MARGIN

    def verdict(self, sentence: str, doc_uid: str, support: Support) -> Verdict | None:
        """None when there is no passage to show, or the service failed (see ``error``)."""
        passages = self.passages(doc_uid, support)
        if not passages:
            return None
        key = digest("judge", sentence, doc_uid, digest(passages), self.model)
        stored = self.results.get(key)
        if stored is not None:
            return Verdict(**stored)
        if self.error:
            self.skipped += 1
            return None
        try:
            answer = self.judge.get().judge(sentence, passages)
        except BackendError as exc:
            self.error, self.skipped = exc.message, self.skipped + 1
            return None
        self.asked += 1
        verdict = Verdict(
            bool(answer["is_accurate"]),
            round(float(answer["confidence"]), 3),
            str(answer["explanation"]).strip(),
            self.model,
        )
        self.results.put(key, asdict(verdict))
        return verdict

    def passages(self, doc_uid: str, support: Support) -> list[str]:
        """The texts shown to the judge: the best children, best first, with their pages."""
        texts = self._children(doc_uid)
        ids = support.children or (support.passage.child_id,)  # older support cache entries
        return [texts[cid] for cid in ids[:PASSAGES] if cid in texts]

    def _children(self, doc_uid: str) -> dict[str, str]:
        if doc_uid not in self._texts:
            document = current_chunk(self.project.store, doc_uid)
            texts: dict[str, str] = {}
            if document is not None:
                for child in document.children:
                    texts[child.child_id] = _pages(child.page_start, child.page_end) + child.text
            self._texts[doc_uid] = texts
        return self._texts[doc_uid]

    def note(self) -> str:
        if not self.error:
            return ""
        return f"Gemini judge unavailable, {self.skipped} citations not judged: {self.error}"

    def close(self) -> None:
        self.results.save()


def make_judge(project: Project, backends: Backends) -> CitationJudge | None:
    """The judge when one is configured (``cloud.gemini.judge``)."""
    if backends.judge is None:
        return None
    return CitationJudge(project, backends.judge, backends.judge_model)


def _pages(start: int | None, end: int | None) -> str:
    if start is None:
        return ""
    return f"(p. {start}) " if end in (None, start) else f"(pp. {start}-{end}) "
