"""A better source elsewhere in the library for weakly supported sentences.

This runs the full hybrid retrieval (it imports LanceDB, ~2 s), so it is opt-in:
`essaylint audit` does it by default, `essaylint verify-citations` only with --suggest,
and the commit hooks never do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from essaylint.audit.citations.records import CitationRow, Suggestion
from essaylint.core.records import PageSpan
from essaylint.retrieve.citation import citation

if TYPE_CHECKING:
    from essaylint.audit.citations.support import SupportScorer

CANDIDATE_DOCS = 3


def suggest_sources(rows: list[CitationRow], scorer: SupportScorer, texts: dict[str, str]) -> str:
    """Fill ``row.suggestion`` for CONTRADICTED/WEAK/MISSING/UNKNOWN rows with a source the
    judge finds supporting; a note when it cannot run."""
    todo = [r for r in rows if r.status in {"CONTRADICTED", "WEAK", "MISSING", "UNKNOWN"}]
    if not todo:
        return ""
    from essaylint.core.errors import EssaylintError
    from essaylint.retrieve.engine import Retriever
    from essaylint.retrieve.records import QueryInputs

    try:
        retriever = Retriever(scorer.project, scorer.config, scorer.backends)
    except EssaylintError as exc:
        return f"no source suggestions: {exc.message}"
    for row in todo:
        text = texts[row.sentence_id]
        hits = retriever.search(QueryInputs(text))
        docs: list[str] = []
        for hit in hits:
            uid = hit.doc_uid
            entry = scorer.library.get(uid)
            usable = entry is not None and entry.is_citable and entry.status == "present"
            if usable and uid not in row.cited_doc_uids and uid not in docs:
                docs.append(uid)
            if len(docs) == CANDIDATE_DOCS:
                break
        best = None
        for uid in docs:
            support = scorer.score(text, uid)
            supported = support and scorer.outcome(support) == "supported"
            if supported and (best is None or support.score > best.score):  # type: ignore[union-attr]
                best = support
        current = row.support_score or 0.0
        if best is not None and best.score > current:
            passage = best.passage
            pages = PageSpan(passage.page_start, passage.page_end)
            ready = citation(passage.doc_uid, scorer.library.get(passage.doc_uid), pages)
            row.suggestion = Suggestion(passage.doc_uid, ready, round(best.score, 3), passage.text)
    return ""
