"""The draft rewritten as pandoc Markdown, in one pass over the shared tokenizer's offsets.

Every essaylint citation becomes a pandoc citation inside a marked span,
``[[@doc_x, p. 12]]{.el-cite cluster="c0001"}``; a narrative citation keeps the author words
the student wrote and suppresses the author in the citation. Nothing else in the text is
touched: code, comments and front matter reach pandoc as written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from essaylint.draft import Citation, CitationItem, Draft, Pinpoint

PANDOC_LOCATOR_TERMS = {
    "page": "p.",
    "chapter": "chap.",
    "paragraph": "para.",
    "section": "sec.",
    "figure": "fig.",
}
_MARKER = re.compile(r"[ \t]*(?:\{#[^{}\n]*\}|<#[^<>\n]*>)")
_MD_SPECIAL = re.compile(r"([\\`*_\[\]{}<>#@^~$|])")
REFS_DIV = "::: {#refs}\n:::\n"


@dataclass(frozen=True)
class ClusterItem:
    """One source of a cluster, in the terms of a Zotero citationItem."""

    doc_uid: str
    locator: str = ""
    label: str = ""
    prefix: str = ""
    suffix: str = ""
    suppress_author: bool = False


@dataclass(frozen=True)
class Cluster:
    cluster_id: str
    kind: str
    line: int
    column: int
    raw: str
    items: tuple[ClusterItem, ...]


@dataclass(frozen=True)
class Problem:
    """Citation markup export cannot turn into a citation."""

    rule: str
    line: int
    column: int
    message: str
    raw: str

    @property
    def where(self) -> str:
        return f"{self.line}:{self.column}"


@dataclass
class PandocSource:
    markdown: str
    clusters: list[Cluster] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    reference_list: str = "added"  # "added", "replaced" or "none"


def escape_markdown(text: str) -> str:
    return _MD_SPECIAL.sub(r"\\\1", text)


def plain_text(raw: str) -> str:
    """A citation kept as text (``--force``): as written, without its id markers."""
    return escape_markdown(_MARKER.sub("", raw))


def build_markdown(
    draft: Draft, known: set[str], works: dict[str, str] | None = None
) -> PandocSource:
    """Pandoc Markdown for ``draft``; problems are listed and their text kept as plain text.
    ``works`` maps a copy's doc_uid to its preferred copy: citing any copy cites one work."""
    source = PandocSource(markdown="")
    edits: list[tuple[int, int, str]] = []
    malformed = [(m.start, m.end) for m in draft.malformed]
    for m in draft.malformed:
        edits.append((m.start, m.end, escape_markdown(m.raw)))
        source.problems.append(Problem("citation/malformed", m.line, m.column, m.message, m.raw))
    for p in draft.placeholders:
        edits.append((p.start, p.end, escape_markdown(p.raw)))
        message = f"evidence still to find: {p.text}" if p.text else "evidence still to find"
        source.problems.append(
            Problem("citation/evidence-needed", p.line, p.column, message, p.raw)
        )
    for citation in draft.citations:
        unknown = [i.doc_uid for i in citation.items if i.doc_uid not in known]
        broken = any(s < citation.end and citation.start < e for s, e in malformed)
        if unknown or broken:
            for uid in unknown:
                message = f"{uid} is not in library.csv"
                problem = Problem(
                    "citation/unknown-doc", citation.line, citation.column, message, citation.raw
                )
                source.problems.append(problem)
            edits.append((citation.start, citation.end, plain_text(citation.raw)))
            continue
        cluster = _cluster(citation, len(source.clusters) + 1, works or {})
        source.clusters.append(cluster)
        edits.append((citation.start, citation.end, _cluster_markdown(citation, cluster)))
    source.problems.sort(key=lambda p: (p.line, p.column))
    reference_edit, source.reference_list = _reference_list_edit(draft)
    source.markdown = _apply(draft.text, [*edits, reference_edit])
    return source


def _cluster(citation: Citation, number: int, works: dict[str, str]) -> Cluster:
    narrative = citation.kind == "narrative"
    items = tuple(_item(item, narrative, works) for item in citation.items)
    return Cluster(
        cluster_id=f"c{number:04d}",
        kind=citation.kind,
        line=citation.line,
        column=citation.column,
        raw=citation.raw,
        items=items,
    )


def _item(item: CitationItem, narrative: bool, works: dict[str, str]) -> ClusterItem:
    locator, label, suffix = _locator_parts(item.locator)
    return ClusterItem(
        doc_uid=works.get(item.doc_uid, item.doc_uid),
        locator=locator,
        label=label,
        prefix=item.prefix.strip(),
        suffix=suffix,
        suppress_author=narrative,
    )


def _locator_parts(locator: Pinpoint | None) -> tuple[str, str, str]:
    """(locator, CSL label, suffix): an unrecognised pinpoint stays as a suffix."""
    if locator is None:
        return "", "", ""
    if locator.label is None:
        return "", "", ", " + locator.raw.strip()
    return locator.value.strip(), locator.label, ""


def _cluster_markdown(citation: Citation, cluster: Cluster) -> str:
    cites = "; ".join(_cite_markdown(item) for item in cluster.items)
    span = f'[[{cites}]]{{.el-cite cluster="{cluster.cluster_id}"}}'
    if citation.kind != "narrative":
        return span
    author = citation.items[0].author_text
    paren = citation.raw.find("(", len(author))
    return citation.raw[: max(paren, len(author))] + span


def _cite_markdown(item: ClusterItem) -> str:
    parts = [escape_markdown(item.prefix) + " " if item.prefix else ""]
    parts.append(("-@" if item.suppress_author else "@") + item.doc_uid)
    if item.locator:
        parts.append(f", {PANDOC_LOCATOR_TERMS[item.label]} {escape_markdown(item.locator)}")
    if item.suffix:
        parts.append(escape_markdown(item.suffix))
    return "".join(parts)


def _apply(text: str, edits: list[tuple[int, int, str]]) -> str:
    """Replace spans, leftmost first; a span overlapping one already replaced is skipped."""
    pieces: list[str] = []
    cursor = 0
    for start, end, replacement in sorted(edits, key=lambda e: (e[0], -e[1])):
        if start < cursor:
            continue
        pieces.append(text[cursor:start])
        pieces.append(replacement)
        cursor = end
    pieces.append(text[cursor:])
    return "".join(pieces)


def _reference_list_edit(draft: Draft) -> tuple[tuple[int, int, str], str]:
    """The generated reference list goes under the draft's References heading (its
    hand-written entries are replaced), or under a References heading added at the end."""
    heading = next((s for s in draft.sections if s.is_reference_list), None)
    text = draft.text
    if heading is None:
        levels = [s.level for s in draft.sections if not s.is_title]
        hashes = "#" * (min(levels) if levels else 1)
        end = len(text)
        return (end, end, f"\n\n{hashes} References\n\n{REFS_DIV}"), "added"
    lines = text.split("\n")
    start = min(len(text), sum(len(line) + 1 for line in lines[: heading.line]))
    end_line = max(heading.line, heading.end_line)
    end = max(start, min(len(text), sum(len(line) + 1 for line in lines[:end_line])))
    kind = "replaced" if text[start:end].strip() else "added"
    return (start, end, f"\n{REFS_DIV}\n"), kind
