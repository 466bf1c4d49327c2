"""The counterevidence audit of one draft: for the claims the claim audit keeps (soft: the
high-risk ones, strong and unhedged; strict: all of them, and every other statement of the
draft's prose), what the library says against them (search.py), as findings and a table.
Off unless audit.counterevidence switches it on."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from essaylint.audit.base import AuditContext, AuditOutput
from essaylint.audit.claims.detect import not_a_claim
from essaylint.audit.claims.features import hedge_count, own_work, own_work_section
from essaylint.audit.claims.lexicon import FLAG_THRESHOLD
from essaylint.audit.counterevidence.cues import limitation_kinds, outside_search_terms
from essaylint.audit.counterevidence.rules import (
    COUNTEREVIDENCE,
    LIMITATION_NEEDED,
    NO_COUNTEREVIDENCE_FOUND,
)
from essaylint.audit.counterevidence.search import NO_COUNTEREVIDENCE, CounterItem, CounterSearch
from essaylint.audit.findings import Finding
from essaylint.ingest.library_columns import fold

if TYPE_CHECKING:
    from essaylint.draft import Draft, Sentence

LIMITATION_NEEDED_STATUS = "LIMITATION_NEEDED"
STATEMENT_MIN_WORDS = 6


def selected_claims(rows: list[dict[str, Any]], mode: str) -> list[dict[str, Any]]:
    """strict: every claim row; soft: the high-risk ones (strong and unhedged)."""
    if mode == "strict":
        return list(rows)
    return [r for r in rows if is_high_risk(r)]


def is_high_risk(row: dict[str, Any]) -> bool:
    return row["strength"] >= FLAG_THRESHOLD and not row["hedges"]


def other_statements(draft: Draft, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Strict mode's further sentences: prose statements the claim audit does not keep.

    Its rows are tuned for warnings on published prose, so they leave out plain findings
    ("X is associated with Y", "X is ineffective as Z") that a library can contradict; a
    student who asks for every claim gets these searched too. Not questions, headings,
    self-references, the writer's own work, short fragments or the reference list."""
    kept = {r["sentence_id"] for r in rows}
    references = {s.path for s in draft.sections if s.is_reference_list}
    return [
        _statement(sentence)
        for sentence in draft.sentences
        if sentence.sentence_id not in kept
        and sentence.section_path not in references
        and _is_statement(sentence.plain_text, sentence.section_path)
    ]


def _is_statement(text: str, section_path: str) -> bool:
    """A statement to search. Statistical words alone ("significantly reduces") do not make it
    the writer's own work: in an essay that is a finding taken from the literature, the claim
    strict mode exists to check (the claim audit, tuned on published prose, reads it as the
    authors' own result)."""
    return (
        len(text.split()) >= STATEMENT_MIN_WORDS
        and not not_a_claim(text)
        and not own_work(text, named_statistics=False)
        and not own_work_section(section_path)
    )


def _statement(sentence: Sentence) -> dict[str, Any]:
    return {
        "claim_id": sentence.sentence_id,
        "line": sentence.line,
        "column": sentence.column,
        "claim_text": sentence.plain_text,
        "sentence_id": sentence.sentence_id,
        "linked_evidence": [],
        "strength": 0.0,
        "hedges": [],
        "statement": True,
    }


def run(ctx: AuditContext) -> AuditOutput:
    mode = ctx.config.audit.counterevidence
    claims = ctx.outputs["claims"].rows
    chosen = selected_claims(claims, mode) if mode != "off" else []
    if mode == "strict":
        chosen += other_statements(ctx.draft, claims)
    if not chosen:
        return AuditOutput([], [], _summary(mode, [], [], 0))
    search = _search(ctx)
    said = _sources_saying_it(ctx)
    searched_before = search.searched
    rows: list[dict[str, Any]] = []
    findings: list[Finding] = []
    empty = 0
    for claim in chosen:
        cited = tuple(dict.fromkeys(e["doc_uid"] for e in claim["linked_evidence"]))
        items, _ = search.find(claim["claim_text"], cited)
        supporting = _saying(said, claim)
        items = [i for i in items if not (i.relation == "contradicts" and i.doc_uid in supporting)]
        if items:
            rows += [_item_row(claim, item) for item in items]
            findings += [_item_finding(ctx.draft, claim, item) for item in items]
            continue
        if claim.get("statement"):
            continue  # not a claim of the claim audit: only what is found against it is said
        empty += 1
        needed = is_high_risk(claim) and not _paragraph_limited(ctx.draft, claim["sentence_id"])
        rows.append(_empty_row(claim, needed))
        findings += _empty_findings(ctx.draft, claim, needed)
    search.close()
    summary = _summary(mode, chosen, rows, empty)
    searched = search.searched - searched_before  # the others came from the cache
    return AuditOutput(rows, findings, summary, metrics={"searched": searched})


def _sources_saying_it(ctx: AuditContext) -> dict[int, list[tuple[str, set[str]]]]:
    """Line → (sentence, the cited sources the citation audit found saying it: status OK).
    Such a source is not reported as contradicting that sentence: a full text that states the
    claim also reports subgroups, secondary outcomes and other studies, which the reader took
    for the opposite on 72 of 74 items over 125 articles' own conclusions (BENCHMARKS.md)."""
    citations = ctx.outputs.get("citations")
    result = citations.result if citations is not None else None
    said: dict[int, list[tuple[str, set[str]]]] = {}
    for row in getattr(result, "rows", None) or []:
        ok = {check.doc_uid for check in row.sources if check.status == "OK"}
        said.setdefault(row.line, []).append((fold(row.sentence_text), ok))
    return said


def _saying(said: dict[int, list[tuple[str, set[str]]]], claim: dict[str, Any]) -> set[str]:
    """The sources found saying this claim's sentence (the two audits split a line into
    sentences each its own way, so the sentence is matched by its line and its words)."""
    text = fold(claim["claim_text"])
    return {
        uid
        for sentence, ok in said.get(claim["line"], [])
        if sentence and (sentence in text or text in sentence)
        for uid in ok
    }


def _search(ctx: AuditContext) -> CounterSearch:
    search = ctx.shared.get("counter_search")
    if search is None:
        from essaylint.retrieve.engine import Retriever

        if ctx.backends is None:
            raise ValueError("the counterevidence audit needs the configured backends")
        retriever = Retriever(ctx.project, ctx.config, ctx.backends)
        search = CounterSearch(ctx.project, retriever, ctx.backends, ctx.library)
        ctx.shared["counter_search"] = search
    return search  # type: ignore[no-any-return]


def _paragraph_limited(draft: Draft, sentence_id: str) -> bool:
    """The claim's paragraph hedges or states a limitation somewhere."""
    mine = next((s for s in draft.sentences if s.sentence_id == sentence_id), None)
    if mine is None:
        return False
    paragraph = [s for s in draft.sentences if s.paragraph_index == mine.paragraph_index]
    return any(hedge_count(s.plain_text) or limitation_kinds(s.plain_text) for s in paragraph)


def _item_row(claim: dict[str, Any], item: CounterItem) -> dict[str, Any]:
    return {
        "claim_id": claim["claim_id"],
        "line": claim["line"],
        "claim_text": claim["claim_text"],
        "relation": item.relation,
        "source": item.citation,
        "doc_uid": item.doc_uid,
        "quote": item.quote,
        "locator": item.locator["label"],
        "confidence": item.confidence,
        "cues": item.cues,
        "suggested_query": item.query,
    }


def _empty_row(claim: dict[str, Any], needed: bool) -> dict[str, Any]:
    return {
        "claim_id": claim["claim_id"],
        "line": claim["line"],
        "claim_text": claim["claim_text"],
        "relation": LIMITATION_NEEDED_STATUS if needed else NO_COUNTEREVIDENCE,
        "source": "",
        "doc_uid": "",
        "quote": "",
        "locator": "",
        "confidence": None,
        "cues": [],
        "suggested_query": outside_search_terms(claim["claim_text"]),
    }


def _finding(
    draft: Draft, claim: dict[str, Any], rule_id: str, message: str, suggestion: str, **data: Any
) -> Finding:
    return Finding(
        rule_id,
        "info",
        draft.path,
        claim["line"],
        claim["column"],
        message,
        suggestion,
        data={"claim_id": claim["claim_id"], "sentence_id": claim["sentence_id"], **data},
        confidence=data.get("confidence", 1.0),  # type: ignore[arg-type]
    )


def _item_finding(draft: Draft, claim: dict[str, Any], item: CounterItem) -> Finding:
    verb = "says otherwise" if item.relation == "contradicts" else "limits this claim"
    where = item.locator["label"]
    finding = _finding(
        draft,
        claim,
        COUNTEREVIDENCE.id,
        f'{item.doc_uid} {verb} ({where}; {", ".join(item.cues)}): "{item.quote}"',
        f"weigh it in the paragraph: {item.citation}",
        doc_uid=item.doc_uid,
        relation=item.relation,
        quote=item.quote,
        locator=item.locator,
        citation=item.citation,
        confidence=item.confidence,
    )
    finding.severity = COUNTEREVIDENCE.severity
    return finding


def _empty_findings(draft: Draft, claim: dict[str, Any], needed: bool) -> list[Finding]:
    terms = outside_search_terms(claim["claim_text"])
    findings = [
        _finding(
            draft,
            claim,
            NO_COUNTEREVIDENCE_FOUND.id,
            f"{NO_COUNTEREVIDENCE}: nothing in the library contradicts or limits this claim",
            "",
            relation=NO_COUNTEREVIDENCE,
        )
    ]
    if needed:
        findings.append(
            _finding(
                draft,
                claim,
                LIMITATION_NEEDED.id,
                f"{LIMITATION_NEEDED_STATUS}: a strong, unhedged claim with no counterevidence "
                "in the library and no limitation stated in its paragraph",
                f"state its limits, or look outside the library: {terms}",
                relation=LIMITATION_NEEDED_STATUS,
                suggested_query=terms,
            )
        )
    return findings


def _summary(
    mode: str, chosen: list[dict[str, Any]], rows: list[dict[str, Any]], empty: int
) -> str:
    if mode == "off":
        return "counterevidence search off (audit.counterevidence)"
    statements = sum(1 for c in chosen if c.get("statement"))
    searched = f"{len(chosen) - statements} claims"
    if statements:
        searched += f" and {statements} other statements"
    against = sum(1 for r in rows if r["relation"] == "contradicts")
    limits = sum(1 for r in rows if r["relation"] == "limits")
    return (
        f"{searched} searched ({mode}): {against} contradicting items, {limits} "
        f"limiting items, {empty} claims with nothing found"
    )
