"""Render a relevance view as a self-contained HTML page with one SVG strip per document."""

from __future__ import annotations

from html import escape

from essaylint.retrieve.relevance import DocRelevance, RelevanceView

CELL, GAP, HEIGHT = 18, 2, 28


def view_html(view: RelevanceView) -> str:
    rows = "\n".join(_doc_block(doc) for doc in view.docs) or "<p>No passage matched.</p>"
    return (
        "<!doctype html>\n<html><head><meta charset='utf-8'>"
        f"<title>Relevance: {escape(view.question)}</title>"
        "<style>body{font-family:sans-serif;margin:2em;max-width:60em}"
        "h2{font-size:1em;margin:1.5em 0 .3em}small{color:#555}</style></head><body>\n"
        f"<h1>Where the evidence lies</h1><p><b>{escape(view.question)}</b><br>"
        f"<small>build {escape(view.build_id)} · darker = stronger match (fused dense + BM25 "
        "score, weakest to best candidate) · hover a page for its score</small></p>\n"
        f"{rows}\n</body></html>\n"
    )


def _doc_block(doc: DocRelevance) -> str:
    return (
        f"<h2>{escape(doc.citation_key or doc.doc_uid)} <small>{escape(doc.title)} · "
        f"best p. {doc.best_page} ({doc.best_score:.2f})</small></h2>\n{doc_svg(doc)}"
    )


def doc_svg(doc: DocRelevance) -> str:
    by_page = {s.page: s for s in doc.scores}
    width = doc.pages * (CELL + GAP)
    cells = []
    for page in range(1, doc.pages + 1):
        x = (page - 1) * (CELL + GAP)
        score = by_page[page].score if page in by_page else 0.0
        child = by_page[page].child_id if page in by_page else "no candidate"
        cells.append(
            f"<rect x='{x}' y='0' width='{CELL}' height='{HEIGHT}' fill='{_colour(score)}' "
            f"stroke='#ccc'><title>p. {page}: {score:.2f} ({escape(child)})</title></rect>"
            f"<text x='{x + CELL / 2}' y='{HEIGHT + 12}' font-size='9' "
            f"text-anchor='middle'>{page}</text>"
        )
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{HEIGHT + 16}' "
        f"role='img' aria-label='{escape(doc.doc_uid)} page relevance'>{''.join(cells)}</svg>"
    )


def _colour(score: float) -> str:
    """White (0) to dark red (1)."""
    level = max(0.0, min(1.0, score))
    green_blue = int(255 * (1 - level))
    red = int(255 - 80 * level)
    return f"#{red:02x}{green_blue:02x}{green_blue:02x}"
