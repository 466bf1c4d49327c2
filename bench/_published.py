"""Published papers of the cite-worthiness set as Markdown drafts, for the style and rubric
benchmarks: one ``## heading`` per section, one paragraph per paragraph, the sentences as
the set holds them (citation markers removed, as a draft before citing would read).

The papers are openly licensed (bench/data/citeworth_papers.json has licence, title and DOI
of each; bench/data/README.md the provenance)."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass

from _common import CITEWORTH, DATA, read_jsonl_gz

from essaylint.draft import Draft, parse_draft_text

PAPERS = DATA / "citeworth_papers.json"


@dataclass
class Paper:
    paper_id: str
    field: str
    split: str
    title: str
    licence: str
    sections: list[tuple[str, str, list[str]]]  # (heading, section type, paragraphs)

    @property
    def markdown(self) -> str:
        parts = [f"# {self.title or self.paper_id}"]
        for heading, _, paragraphs in self.sections:
            parts.append(f"## {heading or 'Untitled section'}")
            parts += paragraphs
        return "\n\n".join(parts) + "\n"

    def draft(self) -> Draft:
        return parse_draft_text(self.markdown, f"{self.paper_id}.md")

    @property
    def words(self) -> int:
        return sum(len(p.split()) for _, _, ps in self.sections for p in ps)


def published_papers(split: str | None = None) -> list[Paper]:
    """The papers of ``split`` ("dev", "test" or every one), in the set's order."""
    rows, _ = read_jsonl_gz(CITEWORTH)
    meta = {p["paper_id"]: p for p in json.loads(PAPERS.read_text(encoding="utf-8"))}
    by_paper: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        if split is None or row["split"] == split:
            by_paper[row["paper_id"]].append(row)
    return [_paper(pid, meta[pid], paper_rows) for pid, paper_rows in by_paper.items()]


def _paper(paper_id: str, meta: dict, rows: list[dict]) -> Paper:
    sections: list[tuple[str, str, list[str]]] = []
    paragraphs: dict[tuple[str, int], list[str]] = defaultdict(list)
    for row in rows:
        key = (row["section_title"], row["paragraph_index"])
        if not sections or sections[-1][0] != row["section_title"]:
            sections.append((row["section_title"], row["section_type"], []))
        if key not in paragraphs:
            sections[-1][2].append("")
        paragraphs[key].append(row["text"])
        sections[-1][2][-1] = " ".join(paragraphs[key])
    return Paper(
        paper_id,
        meta["field"],
        meta["split"],
        meta.get("title", ""),
        meta.get("licence", ""),
        sections,
    )
