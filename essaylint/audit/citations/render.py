"""The citations table of SPEC §6, then each row's quote: where a contradicting source says
otherwise, else the best supporting passage."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from essaylint.audit.tables import cell, document, markdown_table
from essaylint.core.records import PageSpan

HEADER = (
    "sentence_id",
    "line",
    "sentence_text",
    "cited_doc_uids",
    "support_score",
    "status",
    "evidence_quote",
    "suggested_query",
)


def render_citations_table(draft: str, rows: Sequence[dict[str, Any]], summary: str) -> str:
    table = markdown_table(HEADER, [_cells(row) for row in rows])
    evidence = [_evidence_line(row) for row in rows]
    text = document("Citation audit", draft, summary, table)
    if evidence:
        heading = "Best supporting passage per sentence (CONTRADICTED: the one saying otherwise)"
        text += f"\n## {heading}\n\n" + "\n".join(evidence) + "\n"
    return text


def _quoted(row: dict[str, Any]) -> dict[str, Any]:
    """What the row quotes: where a contradicting source says otherwise, else the best
    supporting passage."""
    if row["status"] == "CONTRADICTED":
        for source in row.get("sources", []):
            if source["status"] == "CONTRADICTED" and source.get("contrary"):
                return source["contrary"]
    return row.get("best_passage") or {}


def _cells(row: dict[str, Any]) -> tuple[Any, ...]:
    best = _quoted(row)
    return (
        row["sentence_id"],
        row["line"],
        row["sentence_text"],
        row["cited_doc_uids"],
        row.get("support_score"),
        row["status"],
        best.get("text", ""),
        row.get("suggested_query", ""),
    )


def _evidence_line(row: dict[str, Any]) -> str:
    best = _quoted(row)
    line = f"- **{row['sentence_id']}** (line {row['line']}, {row['status']})"
    if best:
        pages = PageSpan(best.get("page_start"), best.get("page_end")).label()
        line += f": {best['doc_uid']}, {pages}: “{cell(best['text'])}”"
    suggestion = row.get("suggestion")
    if suggestion:
        line += f" — better source: `{suggestion['citation']}` (score {suggestion['score']:.2f})"
    judge = row.get("judge")
    if judge:
        line += (
            f" — Gemini judge: {judge['verdict']} ({judge['confidence']:.2f}): "
            f"{cell(judge['explanation'])}"
        )
    return line
