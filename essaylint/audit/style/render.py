"""The style table of SPEC §6 as Markdown."""

from __future__ import annotations

from collections.abc import Sequence

from essaylint.audit.style.audit import StyleRow

HEADER = ("line", "rule", "excerpt", "suggestion")


def render_style_table(rows: Sequence[StyleRow]) -> str:
    """``line | rule | excerpt | suggestion``, cells escaped for Markdown tables."""
    lines = [_line(HEADER), _line(("---",) * len(HEADER))]
    lines += [_line((str(r.line), r.rule, r.excerpt, r.suggestion)) for r in rows]
    return "\n".join(lines) + "\n"


def _line(cells: Sequence[str]) -> str:
    return "| " + " | ".join(_escape(cell) for cell in cells) + " |"


def _escape(cell: str) -> str:
    return " ".join(cell.split()).replace("\\", "\\\\").replace("|", "\\|") or "-"
