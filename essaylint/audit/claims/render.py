"""The claims table of SPEC §6 as Markdown."""

from __future__ import annotations

from collections.abc import Sequence

from essaylint.audit.claims.audit import ClaimRow

HEADER = (
    "claim_id",
    "line",
    "claim_text",
    "claim_type",
    "linked_evidence",
    "status",
    "suggested_query",
)


def render_claims_table(rows: Sequence[ClaimRow]) -> str:
    """``claim_id | line | claim_text | claim_type | linked_evidence | status | suggested_query``.

    ``claim_type`` joins the row's types with ``/`` (strongest first, ``-`` when none);
    ``linked_evidence`` lists ``doc_uid (STATUS)``; cells are escaped for Markdown tables.
    """
    lines = [_line(HEADER), _line(("---",) * len(HEADER))]
    lines += [_line(_cells(row)) for row in rows]
    return "\n".join(lines) + "\n"


def _cells(row: ClaimRow) -> tuple[str, ...]:
    evidence = ", ".join(str(e) for e in row.linked_evidence) or "-"
    return (
        row.claim_id,
        str(row.line),
        row.claim_text,
        "/".join(row.claim_types) or "-",
        evidence,
        row.status,
        row.suggested_query or "-",
    )


def _line(cells: Sequence[str]) -> str:
    return "| " + " | ".join(_escape(cell) for cell in cells) + " |"


def _escape(cell: str) -> str:
    return " ".join(cell.split()).replace("\\", "\\\\").replace("|", "\\|")
