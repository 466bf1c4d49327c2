"""The evidence pack as Markdown (outputs/evidence/<query_id>.md)."""

from __future__ import annotations

from essaylint.retrieve.engine import STALE_WARNING
from essaylint.retrieve.records import EvidenceItem, EvidencePack


def pack_markdown(pack: EvidencePack) -> str:
    lines = [f"# Evidence pack {pack.query_id}", ""]
    lines += _header(pack)
    if not pack.items:
        lines += ["", "_No passage matched this question and these filters._", ""]
    if pack.inputs.mode == "papers":
        for paper in pack.papers:
            lines += [
                "",
                f"## {paper.rank}. {paper.citation} {paper.title}",
                "",
                f"- doc_uid: `{paper.doc_uid}` · citation_key: `{paper.citation_key}` · "
                f"source_type: {paper.source_type} · citable: {str(paper.citable).lower()}",
                f"- retrieval_score: {paper.retrieval_score:.6f}",
                f"- pages: {paper.pages or 'no page locators'}",
            ]
            for item in paper.items:
                lines += _item(item, level="###")
    else:
        for item in pack.items:
            lines += _item(item, level="##")
    if pack.expansions:
        lines += ["", "## Expansions (followed references and definitions)", ""]
        for e in pack.expansions:
            lines += [
                f"- expansion `{e.elem_id}` ({e.kind}, {e.locator()}): {e.reason}",
                f"  > {e.text[:400]}",
            ]
    return "\n".join(lines).rstrip() + "\n"


def _header(pack: EvidencePack) -> list[str]:
    counts = ", ".join(f"{k}: {v}" for k, v in pack.counts_by_source_type().items()) or "none"
    lines = [
        f"- question: {pack.inputs.question}",
        f"- english: {pack.inputs.en or '(not given; the question is used as is)'}",
        *([f"- language: {pack.language_note}"] if pack.language_note else []),
        *([f"- expansion terms: {', '.join(pack.inputs.terms)}"] if pack.inputs.terms else []),
        f"- mode: {pack.inputs.mode}",
        f"- build_id: `{pack.build_id}`",
        f"- query_id: `{pack.query_id}`",
        f"- filters: {pack.inputs.filters.describe()}",
        f"- sources by type: {counts}",
        f"- LOCATOR_QUALITY: {pack.locator_quality:.2f} "
        f"({sum(i.locator.has_page for i in pack.items)}/{len(pack.items)} items with pages)",
        f"- rerank: {pack.rerank}",
        f"- model: {pack.model_id}",
    ]
    if pack.stale:
        lines.append(f"- WARNING: {STALE_WARNING}")
    lines += [f"- warning: {w}" for w in pack.warnings if w != STALE_WARNING]
    return lines


def _copies(item: EvidenceItem) -> list[str]:
    lines = []
    if item.also_in:
        lines.append("- also in (copies of this work): " + ", ".join(item.also_in))
    if item.versions:
        lines.append("- other versions of this work: " + ", ".join(item.versions))
    return lines


def _item(item: EvidenceItem, level: str) -> list[str]:
    quote = "\n".join("> " + line for line in item.quote.splitlines() or [""])
    return [
        "",
        f"{level} {item.rank}. {item.citation}",
        "",
        f"- doc_uid: `{item.doc_uid}` · parent_id: `{item.parent_id}` · "
        f"citation_key: `{item.citation_key}`",
        f"- source_type: {item.source_type} · citable: {str(item.citable).lower()} · "
        f"retrieval_score: {item.retrieval_score:.6f}",
        f"- locator: {item.locator.label()}",
        f"- context: {item.context}",
        f"- cite: `{item.citation}`",
        *_copies(item),
        "",
        "Exact quote:",
        "",
        quote,
        "",
        f"Snippet: {item.snippet}",
    ]
