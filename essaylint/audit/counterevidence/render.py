"""The counterevidence table of SPEC §6 as Markdown."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from essaylint.audit.tables import document, markdown_table

HEADER = (
    "claim_id",
    "line",
    "claim_text",
    "relation",
    "source",
    "quote",
    "locator",
    "suggested_query",
)


def render_counterevidence_table(draft: str, rows: Sequence[dict[str, Any]], summary: str) -> str:
    cells = [tuple(row[name] for name in HEADER) for row in rows]
    return document("Counterevidence", draft, summary, markdown_table(HEADER, cells))
