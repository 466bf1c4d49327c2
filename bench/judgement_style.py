"""Style part of the judgement benchmark (bench/judgement.py): findings per rule per 500 words
on published prose, and per-rule precision from hand-read samples of those findings.

The prose: the 147 openly licensed papers of the cite-worthiness set as Markdown drafts
(bench/_published.py), split as that set is split: rule changes were designed by reading
findings on the *dev* papers; the figures and the precision samples come from the *test*
papers. The style audit runs as shipped, with spaCy loaded (``use_spacy: always``), so that
`style/unclear-reference` has the parse it needs; without spaCy that rule never fires.

Precision: bench/data/style_verdicts.jsonl holds the findings read (rule, paper, line, the
text read, verdict right / borderline / wrong, reason); ``--sample N`` writes up to N unread
findings per rule of the test papers to WORK/style_sample.jsonl for reading.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path

from _common import DATA, log
from _published import Paper, published_papers

from essaylint.audit.findings import Finding
from essaylint.audit.style import RULES, audit_style
from essaylint.config.style import StyleSettings
from essaylint.draft import Draft

VERDICTS = DATA / "style_verdicts.jsonl"
SETTINGS = StyleSettings(use_spacy="always")
NOT_JUDGEMENTS = {
    "style/readability": "a measurement shown as information, not a judgement",
    "style/word-count": "a count against the writer's own limit (published papers have none)",
    "style/mean-sentence-length": "a section measurement shown as information (exact)",
    "style/long-sentence-share": "a section measurement shown as information (exact)",
}
UNJUDGED = {"artifact", "measurement"}  # text broken by the conversion; figures, not verdicts


SENTENCE_RULES = {
    "style/long-sentence",
    "style/very-long-sentence",
    "style/unclear-reference",
    "style/nominalisation",
    "style/filler",
    "style/stacked-hedges",
    "style/empty-sentence",
    "style/spelling-mix",
    "style/undefined-abbreviation",
    "style/paragraph-opening",
}
SECTION_RULES = {"style/mean-sentence-length", "style/long-sentence-share", "style/section-link"}


def findings_of(papers: list[Paper]) -> list[tuple[Paper, Finding, str]]:
    """Every finding with the text a reader needs to judge it."""
    out = []
    for paper in papers:
        draft = paper.draft()
        _, findings = audit_style(draft, SETTINGS, word_limit=None)
        out += [(paper, finding, _context(draft, finding)) for finding in findings]
    return out


def _context(draft: Draft, finding: Finding) -> str:
    """What to read: the sentence (with the one before, for an opening word), the paragraph,
    or the section's last paragraph and the next heading."""
    paragraph = next(
        (p for p in draft.paragraphs if p.line_start <= finding.line <= p.line_end), None
    )
    if paragraph is None:
        return ""
    sentences = [s for s in draft.sentences if s.paragraph_index == paragraph.index]
    if finding.rule in SENTENCE_RULES:
        at = [n for n, s in enumerate(sentences) if s.line <= finding.line <= s.end_line]
        at = [n for n in at if sentences[n].column <= finding.column or n == at[0]][-1:]
        if at:
            first = at[0] - 1 if finding.rule == "style/unclear-reference" and at[0] else at[0]
            return " ".join(s.plain_text for s in sentences[first : at[0] + 1])
    if finding.rule in SECTION_RULES:
        following = [s.heading for s in draft.sections if s.line > paragraph.line_end][:1]
        return paragraph.text + (f"\n\n[next heading: {following[0]}]" if following else "")
    return paragraph.text


def per_500(found: list[tuple[Paper, Finding, str]], words: int) -> Counter[str]:
    counts: Counter[str] = Counter(f.rule for _, f, _ in found)
    return Counter({rule: 500 * n / words for rule, n in counts.items()})


def read_verdicts() -> list[dict]:
    if not VERDICTS.is_file():
        return []
    return [json.loads(line) for line in VERDICTS.read_text(encoding="utf-8").splitlines()]


def precision(rule: str) -> str:
    if rule in NOT_JUDGEMENTS:
        return NOT_JUDGEMENTS[rule]
    read = [v for v in read_verdicts() if v["rule"] == rule and v["sample"] == "measure"]
    verdicts = [v for v in read if v["verdict"] not in UNJUDGED]
    if not verdicts:
        return "not read (no finding on the test papers)"
    right = sum(v["verdict"] == "right" for v in verdicts)
    unsure = sum(v["verdict"] == "borderline" for v in verdicts)
    n = len(verdicts)
    skipped = f"; {len(read) - n} broken by the conversion, not counted" if len(read) > n else ""
    return f"**{right / n:.2f}** ({right}/{n} right, {unsure} borderline{skipped})"


def key(paper: Paper, finding: Finding) -> str:
    return f"{paper.paper_id}:{finding.line}:{finding.column}:{finding.rule}"


def write_sample(found: list[tuple[Paper, Finding, str]], n: int, path: Path) -> None:
    read = {v["key"] for v in read_verdicts()}
    by_rule: dict[str, list[tuple[Paper, Finding, str]]] = {}
    for item in found:
        by_rule.setdefault(item[1].rule, []).append(item)
    with path.open("w", encoding="utf-8") as out:
        for rule, items in sorted(by_rule.items()):
            items.sort(key=lambda x: hashlib.sha1(key(x[0], x[1]).encode()).hexdigest())
            size = n if rule in SENTENCE_RULES else max(1, n // 2)
            fresh = [x for x in items if key(x[0], x[1]) not in read][:size]
            for paper, finding, context in fresh:
                item = {
                    "rule": rule,
                    "key": key(paper, finding),
                    "paper_id": paper.paper_id,
                    "licence": paper.licence,
                    "line": finding.line,
                    "message": finding.message,
                    "excerpt": finding.data.get("excerpt", ""),
                    "context": context,
                }
                out.write(json.dumps(item, ensure_ascii=False) + "\n")
    log(f"wrote a sample of up to {n} findings per rule to {path}")


def report(work: Path, sample: int = 0) -> str:
    dev, test = published_papers("dev"), published_papers("test")
    log(f"style: {len(dev)} dev and {len(test)} test papers ...")
    found_dev, found_test = findings_of(dev), findings_of(test)
    if sample:
        write_sample(found_test, sample, work / "style_sample.jsonl")
    words_dev = sum(p.words for p in dev)
    words_test = sum(p.words for p in test)
    rate_dev, rate_test = per_500(found_dev, words_dev), per_500(found_test, words_test)
    out = [
        f"Findings per 500 words on published prose: dev papers ({len(dev)}, "
        f"{words_dev:,} words; rule changes designed on these) and test papers ({len(test)}, "
        f"{words_test:,} words; figures and read samples from these). spaCy loaded.",
        "",
        "| rule | severity | per 500 w (dev) | per 500 w (test) | precision (read, test papers) |",
        "|---|---|---:|---:|---|",
    ]
    for rule in RULES:
        out.append(
            f"| {rule.id} | {rule.severity} | {rate_dev.get(rule.id, 0):.2f} | "
            f"{rate_test.get(rule.id, 0):.2f} | {precision(rule.id)} |"
        )
    return "\n".join(out)
