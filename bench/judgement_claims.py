"""Claims part of the judgement benchmark (bench/judgement.py): the claim audit's decisions on
held-out published prose, against the authors' own citations.

Every sentence of the locked *test* papers of bench/data/citeworth.jsonl.gz (31 papers, five
fields) is analysed by the product's CachedDetector, in reading order, paper by paper. The
cite-worthiness model that scores a paper is the fold model of its field written by
bench/citeworth_train.py: fitted on the *dev* papers of the other four fields, threshold fixed
on dev. So every figure is cross-domain: no test paper and no paper of the same field was used
to fit or tune what scores it. The shipped model (refitted on every paper) is not used here.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from _common import CITEWORTH, DATA, log, read_jsonl_gz, sentence_vectors

from essaylint.audit.claims.audit import in_section
from essaylint.audit.claims.cache import CachedDetector
from essaylint.audit.claims.citeworthiness import CiteWorthiness
from essaylint.audit.claims.detect import ClaimAnalysis
from essaylint.core.store import ResultCache
from essaylint.index.embed import MiniLMEmbedder

FIELDS = ("comp", "eco", "life", "med", "social")
INTRO_DISC = {"introduction", "background", "discussion", "conclusion"}
VERDICTS = DATA / "claim_verdicts.jsonl"
THRESHOLDS = (0.40, 0.45, 0.50, 0.52, 0.55, 0.60)


class PrecomputedEmbedder:
    """The shipped MiniLM's vectors of the benchmark sentences, computed once (bench cache)."""

    model_id = MiniLMEmbedder.model_id
    dim = MiniLMEmbedder.dim

    def __init__(self, texts: list[str], vectors: np.ndarray) -> None:
        self.by_text = dict(zip(texts, vectors, strict=True))

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        return np.stack([self.by_text[t] for t in texts])


class UnboundedCache(ResultCache):
    """The product's result cache without its size limit (a benchmark has more sentences
    than a draft)."""

    def save(self, limit: int = 10**7) -> None:
        super().save(limit)


@dataclass
class Judged:
    row: dict
    analysis: ClaimAnalysis  # with the text+embedding fold model
    text_only: ClaimAnalysis  # with the text-only fold model


def judge_test_papers(work: Path) -> list[Judged]:
    rows, _ = read_jsonl_gz(CITEWORTH)
    test = [r for r in rows if r["split"] == "test"]
    texts = [r["text"] for r in test]
    embedder = PrecomputedEmbedder(texts, sentence_vectors(texts, work))
    readings = UnboundedCache(work / "claims-results.json")  # kept between runs
    papers: dict[str, list[dict]] = defaultdict(list)
    for row in test:
        papers[row["paper_id"]].append(row)
    judged: list[Judged] = []
    log(f"claims: {len(test)} sentences of {len(papers)} held-out papers ...")
    for paper_rows in papers.values():
        model = fold_model(work, paper_rows[0]["field"])
        sentences = [r["text"] for r in paper_rows]
        full = CachedDetector(readings, model=model, embedder=embedder).analyse(sentences)
        text_only = CachedDetector(readings, model=model).analyse(sentences)
        for row, a, b in zip(paper_rows, full, text_only, strict=True):
            where = row["section_title"]
            judged.append(Judged(row, in_section(a, where), in_section(b, where)))
    return judged


def fold_model(work: Path, field: str) -> CiteWorthiness:
    path = work / "folds" / f"{field}.json"
    if not path.is_file():
        raise SystemExit(f"{path} is missing: run `python bench/citeworth_train.py` first")
    return CiteWorthiness.from_json(path.read_text(encoding="utf-8"))


def scores(rows: list[dict], flags: list[bool]) -> dict[str, float]:
    """P/R/F1 against the authors' citations, and flags per 500 words of the prose."""
    tp = sum(f and r["cited"] for r, f in zip(rows, flags, strict=True))
    flagged = sum(flags)
    cited = sum(r["cited"] for r in rows)
    words = sum(r["n_words"] for r in rows) or 1
    p = tp / flagged if flagged else 0.0
    r = tp / cited if cited else 0.0
    return {
        "sentences": len(rows),
        "words": words,
        "cited_500": 500 * cited / words,
        "precision": p,
        "recall": r,
        "f1": 2 * p * r / (p + r) if p + r else 0.0,
        "flags_500": 500 * flagged / words,
        "uncited_flags_500": 500 * (flagged - tp) / words,
    }


def views(judged: list[Judged]) -> dict[str, list[Judged]]:
    out = {"all prose sections": judged}
    out["intro + background + discussion + conclusion"] = [
        j for j in judged if j.row["section_type"] in INTRO_DISC
    ]
    for field in FIELDS:
        papers = {j.row["paper_id"] for j in judged if j.row["field"] == field}
        out[f"{field} ({len(papers)} papers)"] = [j for j in judged if j.row["field"] == field]
    return out


def table(judged: list[Judged], flag: Callable[[Judged], bool]) -> list[str]:
    lines = [
        "| view | sentences | words | cited / 500 w | P | R | F1 | flags / 500 w "
        "| uncited flags / 500 w |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, subset in views(judged).items():
        s = scores([j.row for j in subset], [flag(j) for j in subset])
        lines.append(
            f"| {name} | {s['sentences']:,} | {s['words']:,} | {s['cited_500']:.2f} | "
            f"{s['precision']:.3f} | {s['recall']:.3f} | **{s['f1']:.3f}** | "
            f"**{s['flags_500']:.2f}** | {s['uncited_flags_500']:.2f} |"
        )
    return lines


def threshold_sweep(judged: list[Judged]) -> list[str]:
    lines = ["| threshold | P | R | F1 | flags / 500 w |", "|---:|---:|---:|---:|---:|"]
    rows = [j.row for j in judged]
    for t in THRESHOLDS:
        flags = [
            not j.analysis.not_a_claim and (j.analysis.citeworthiness or 0) >= t for j in judged
        ]
        s = scores(rows, flags)
        lines.append(
            f"| {t:.2f} | {s['precision']:.3f} | {s['recall']:.3f} | {s['f1']:.3f} | "
            f"{s['flags_500']:.2f} |"
        )
    return lines


def read_verdicts(rule: str) -> list[dict]:
    if not VERDICTS.is_file():
        return []
    items = [json.loads(line) for line in VERDICTS.read_text(encoding="utf-8").splitlines()]
    return [v for v in items if v["rule"] == rule]


def verdict_counts(verdicts: list[dict]) -> tuple[int, int, int]:
    right = sum(v["verdict"] == "right" for v in verdicts)
    unsure = sum(v["verdict"] == "borderline" for v in verdicts)
    return right, unsure, len(verdicts)


def wording_precision() -> str:
    """claim/strong-wording: the share of a read sample of its findings that are right."""
    verdicts = [v for v in read_verdicts("claim/strong-wording") if v["sample"] == "measure"]
    if not verdicts:
        return "claim/strong-wording: no measurement sample read yet"
    right, unsure, n = verdict_counts(verdicts)
    return (
        f"claim/strong-wording: {right} of {n} read findings right, {unsure} borderline, "
        f"{n - right - unsure} wrong: precision **{right / n:.2f}** "
        f"({(right + unsure) / n:.2f} counting borderline as right)"
    )


def evidence_precision(judged: list[Judged]) -> str:
    """claim/needs-evidence: precision against the authors, corrected by reading a sample of
    the findings the authors did not cite (many need a source the authors gave nearby)."""
    flags = [j.analysis.needs_source for j in judged]
    against_authors = scores([j.row for j in judged], flags)["precision"]
    right, unsure, n = verdict_counts(read_verdicts("claim/needs-evidence"))
    if not n:
        return "claim/needs-evidence: no hand-read verdicts recorded"
    read = against_authors + (1 - against_authors) * right / n
    with_unsure = against_authors + (1 - against_authors) * (right + unsure) / n
    return (
        f"claim/needs-evidence: {against_authors:.3f} of its findings are sentences the authors "
        f"cited; of {n} read findings they did not cite, {right} need a source anyway, {unsure} "
        f"are borderline, {n - right - unsure} are wrong: precision by reading **{read:.2f}** "
        f"({with_unsure:.2f} counting borderline as right)"
    )


def wording_sample(judged: list[Judged], n: int, path: Path) -> None:
    """Write ``n`` strong-wording findings (smallest sha1 of the text first) for reading."""
    import hashlib

    found = [j for j in judged if j.analysis.strong_wording]
    found.sort(key=lambda j: hashlib.sha1(j.row["text"].encode()).hexdigest())
    read = {v["text"] for v in read_verdicts("claim/strong-wording")}
    found = [j for j in found if j.row["text"] not in read]
    with path.open("w", encoding="utf-8") as out:
        for j in found[:n]:
            item = {
                "rule": "claim/strong-wording",
                "paper_id": j.row["paper_id"],
                "section": j.row["section_title"],
                "cited_by_authors": j.row["cited"],
                "types": j.analysis.claim_types,
                "text": j.row["text"],
            }
            out.write(json.dumps(item, ensure_ascii=False) + "\n")
    log(f"wrote {min(n, len(found))} of {len(found)} strong-wording findings to {path}")


def report(work: Path, sample: int = 0) -> str:
    judged = judge_test_papers(work)
    if sample:
        wording_sample(judged, sample, work / "strong_wording_sample.jsonl")
    out = ["### claim/needs-evidence (uncited sentences), shipped configuration", ""]
    out.append(
        "Cite-worthiness with the sentence vector (`text+embedding`, threshold fixed on dev):"
    )
    out += ["", *table(judged, lambda j: j.analysis.needs_source), ""]
    out.append("Text-only variant (the configured embedder is another model, or failed to load):")
    out += ["", *table(judged, lambda j: j.text_only.needs_source), ""]
    out.append("Previous rule (claim cues with strength >= 0.5), same sentences, same run:")
    out += ["", *table(judged, lambda j: j.analysis.is_strong), ""]
    out.append(
        "Threshold sweep of the shipped configuration (test papers, all sections; the "
        "threshold itself was chosen on dev):"
    )
    out += ["", *threshold_sweep(judged), ""]
    out.append("### claim/strong-wording (information), same sentences")
    out += ["", *table(judged, lambda j: j.analysis.strong_wording), ""]
    out.append(f"- hand-read: {evidence_precision(judged)}")
    out.append(f"- hand-read: {wording_precision()}")
    return "\n".join(out)
