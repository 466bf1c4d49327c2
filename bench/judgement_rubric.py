"""Rubric part of the judgement benchmark (bench/judgement.py): coverage verdicts of the rubric
audit on essays nobody here wrote, against a reading of them.

The essays: the Introduction, Discussion and Conclusion sections of ten openly licensed research
papers of the cite-worthiness set (bench/_published.py; licences in citeworth_papers.json),
five *dev* papers (thresholds chosen on these) and five *test* papers (figures reported). The
rubric: eight generic requirements of an evaluative essay (appraise the design, compare with
earlier studies, implications, future research, the gap, cost, ethics, patients' views). The
key: bench/data/rubric_verdicts.jsonl, one reading per paper and requirement (COVERED: the text
explicitly does it; PARTIAL: only in passing; MISSING), with the evidence quoted.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from _common import DATA, log
from _published import Paper, published_papers

from essaylint.audit.rubric import RequiredElement, Rubric, audit_rubric
from essaylint.draft import Draft, parse_draft_text

VERDICTS = DATA / "rubric_verdicts.jsonl"
ESSAY_SECTIONS = {"introduction", "discussion", "conclusion"}
STATUSES = ("COVERED", "PARTIAL", "MISSING")


def essay_of(paper: Paper) -> Draft:
    """The paper's Introduction, Discussion and Conclusion as a draft."""
    parts = [f"# {paper.title}"]
    for heading, kind, paragraphs in paper.sections:
        if kind in ESSAY_SECTIONS:
            parts += [f"## {heading}", *paragraphs]
    return parse_draft_text("\n\n".join(parts) + "\n", f"{paper.paper_id}.md")


def judged(verdicts: list[dict]) -> list[tuple[dict, str]]:
    """(reading, the audit's status) for every paper and requirement read."""
    papers = {p.paper_id: p for p in published_papers()}
    out = []
    for paper_id in dict.fromkeys(v["paper_id"] for v in verdicts):
        items = [v for v in verdicts if v["paper_id"] == paper_id]
        elements = [RequiredElement(v["requirement"], v["text"]) for v in items]
        rubric = Rubric(required_elements=elements)
        rows, _ = audit_rubric(essay_of(papers[paper_id]), rubric)
        status = {row.id: row.status for row in rows}
        out += [(v, status[v["requirement"]]) for v in items]
    return out


def confusion(pairs: list[tuple[dict, str]]) -> list[str]:
    counts = Counter((v["verdict"], status) for v, status in pairs)
    lines = ["| reading \\ audit | COVERED | PARTIAL | MISSING |", "|---|---:|---:|---:|"]
    for truth in STATUSES:
        cells = " | ".join(str(counts[(truth, said)]) for said in STATUSES)
        lines.append(f"| {truth} | {cells} |")
    return lines


def precision_of(pairs: list[tuple[dict, str]], said: str, right: set[str]) -> str:
    flagged = [v for v, status in pairs if status == said]
    if not flagged:
        return f"no {said} verdicts"
    hits = sum(v["verdict"] in right for v in flagged)
    return f"**{hits / len(flagged):.2f}** ({hits}/{len(flagged)})"


def report(work: Path, sample: int = 0) -> str:
    verdicts = [json.loads(line) for line in VERDICTS.read_text(encoding="utf-8").splitlines()]
    log(f"rubric: {len(verdicts)} readings of {len({v['paper_id'] for v in verdicts})} papers ...")
    pairs = judged(verdicts)
    out = []
    for split in ("dev", "test"):
        part = [(v, s) for v, s in pairs if v["split"] == split]
        agree = sum(v["verdict"] == s for v, s in part)
        missing = precision_of(part, "MISSING", {"MISSING"})
        partial = precision_of(part, "PARTIAL", {"PARTIAL"})
        out += [
            f"{split} papers ({len(part)} requirement checks): the audit agrees with the reading "
            f"on {agree}/{len(part)}; rubric/not-covered (audit MISSING) precision {missing}; "
            f"rubric/partial (audit PARTIAL) precision {partial}, or "
            f"{precision_of(part, 'PARTIAL', {'PARTIAL', 'MISSING'})} counting a missing item as a "
            "fair prompt",
            "",
            *confusion(part),
            "",
        ]
    return "\n".join(out)
