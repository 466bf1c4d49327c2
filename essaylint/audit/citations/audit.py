"""The citation audit of one draft: existence, citability, Author-Year, support (SPEC §6).

Fast path (commit hooks): library.csv, the per-document chunk and vector caches and the
embedding model; no LanceDB, no spaCy. Source suggestions are opt-in (see suggest.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from essaylint.audit.base import AuditContext, AuditOutput
from essaylint.audit.citations import rules
from essaylint.audit.citations.authoryear import check_author_year
from essaylint.audit.citations.records import (
    OUTCOME_STATUS,
    CitationRow,
    SourceCheck,
    Status,
    worst_status,
)
from essaylint.audit.citations.support import SupportScorer, scoring_text, suggested_query
from essaylint.audit.findings import Finding, Rule
from essaylint.ingest.library import library_entries
from essaylint.ingest.state import failure_reasons
from essaylint.ingest.works import published_versions

if TYPE_CHECKING:
    from essaylint.audit.citations.judge import CitationJudge
    from essaylint.config.schema import Config
    from essaylint.core.ports import Backends
    from essaylint.core.project import Project
    from essaylint.core.records import LibraryEntry
    from essaylint.draft import Citation, CitationItem, Draft, MalformedCitation, Sentence


@dataclass
class CitationAudit:
    rows: list[CitationRow] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    complete: bool = True  # False when the Gemini judge failed: the report is not cached

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for row in self.rows:
            out[row.status] = out.get(row.status, 0) + 1
        return out


def audit_citations(
    draft: Draft,
    project: Project,
    config: Config,
    backends: Backends | None = None,
    *,
    file: str | None = None,
    library: dict[str, LibraryEntry] | None = None,
    scorer: SupportScorer | None = None,
    suggest: bool = False,
    judge: CitationJudge | None = None,
    support: bool = True,
) -> CitationAudit:
    """Rows and findings at the rules' default severities (the engine applies overrides and
    waivers).

    ``backends`` (or ``scorer``'s) gives the embedder; with a support judge configured
    (``cloud.gemini.judge``), borderline and weak sources are also judged (judge.py).
    Without ``support`` (no index yet) only what library.csv can tell is checked: the
    markup, unknown ids, sources that may not be cited, the author and year."""
    library = library if library is not None else library_entries(project.library_csv)
    if not support:
        return _library_only(draft, file or draft.path, library, project, config)
    if scorer is None:
        if backends is None:
            raise ValueError("audit_citations needs backends or a scorer")
        scorer = SupportScorer(project, config, library, backends)
    if judge is None and scorer.backends.judge is not None:
        from essaylint.audit.citations.judge import make_judge

        judge = make_judge(project, scorer.backends)
    audit = CitationAudit()
    run = _Run(draft, file or draft.path, library, scorer, config, audit, judge)
    run.failed = failure_reasons(project.store)
    run.published = published_versions(project.store, library)
    texts: dict[str, str] = {}
    for sentence in draft.sentences:
        if sentence.citations:
            texts[sentence.sentence_id] = run.sentence(sentence)
    for citation in outside_sentences(draft):
        run.listed(citation)
    for bad in sorted((*draft.malformed, *draft.reference_malformed), key=_position):
        run.finding(rules.MALFORMED, bad.line, bad.column, f"malformed citation: {bad.message}")
    if suggest:
        note = _suggest(audit.rows, scorer, texts)
        if note:
            audit.notes.append(note)
    for row in audit.rows:
        if row.suggestion is not None:
            _attach_suggestion(audit.findings, row)
    scorer.close()
    if judge is not None:
        judge.close()
        if judge.error:
            audit.notes.append(judge.note())
            audit.complete = False
    return audit


NO_INDEX_NOTE = (
    "no evidence index: citations checked against library.csv only; the support check "
    "needs `essaylint ingest`"
)


def _library_only(
    draft: Draft,
    file: str,
    library: dict[str, LibraryEntry],
    project: Project,
    config: Config,
) -> CitationAudit:
    audit = CitationAudit(notes=[NO_INDEX_NOTE])
    run = _Run(draft, file, library, None, config, audit)
    run.failed = failure_reasons(project.store)
    run.published = published_versions(project.store, library)
    for sentence in draft.sentences:
        if sentence.citations:
            run.sentence(sentence)
    for citation in outside_sentences(draft):
        run.listed(citation)
    for bad in sorted((*draft.malformed, *draft.reference_malformed), key=_position):
        run.finding(rules.MALFORMED, bad.line, bad.column, f"malformed citation: {bad.message}")
    return audit


def outside_sentences(draft: Draft) -> list[Citation]:
    """Citations no prose sentence holds: block quotations and the reference list."""
    inside = {_position(c) for s in draft.sentences for c in s.citations}
    quoted = [c for c in draft.citations if _position(c) not in inside]
    return sorted((*quoted, *draft.reference_citations), key=_position)


def _position(record: Citation | MalformedCitation) -> tuple[int, int]:
    return record.line, record.column


def _suggest(rows: list[CitationRow], scorer: SupportScorer, texts: dict[str, str]) -> str:
    from essaylint.audit.citations.suggest import suggest_sources

    return suggest_sources(rows, scorer, texts)


def _attach_suggestion(findings: list[Finding], row: CitationRow) -> None:
    assert row.suggestion is not None
    for finding in findings:
        wanted = (rules.WEAK_SUPPORT.id, rules.CONTRADICTED.id)
        if finding.rule in wanted and finding.data.get("sentence_id") == row.sentence_id:
            finding.suggestion += f"; better source: {row.suggestion.citation}"
            finding.data["better_source"] = row.suggestion.citation


@dataclass
class _Run:
    draft: Draft
    file: str
    library: dict[str, LibraryEntry]
    scorer: SupportScorer | None  # None: no index, the support check is not run
    config: Config
    audit: CitationAudit
    judge: CitationJudge | None = None
    unverified: set[str] = field(default_factory=set)
    failed: dict[str, str] = field(default_factory=dict)  # doc_uid → why it did not ingest
    published: dict[str, str] = field(default_factory=dict)  # preprint → its published version

    def finding(
        self,
        rule: Rule,
        line: int,
        column: int,
        message: str,
        suggestion: str = "",
        confidence: float | None = 1.0,
        **data: object,
    ) -> None:
        """``confidence``: 1 for the checks of library.csv and the markup (certain by
        construction), a measured or fitted probability for the support judge's."""
        self.audit.findings.append(
            Finding(
                rule.id,
                rule.severity,
                self.file,
                line,
                column,
                message,
                suggestion,
                data=data,
                confidence=confidence,
            )
        )

    def sentence(self, sentence: Sentence) -> str:
        items = [(c, i) for c in sentence.citations for i in c.items]
        text = scoring_text(sentence.plain_text, [i.author_text for _, i in items])
        query = suggested_query(text)
        checks = [self.source(sentence, c, i, text, query) for c, i in items]
        status = row_status(checks)
        for (cite, _), check in zip(items, checks, strict=True):
            self.support_finding(sentence, cite, check, status, query)
        scores = [c.score for c in checks if c.score is not None]
        row = CitationRow(
            sentence_id=sentence.sentence_id,
            line=sentence.line,
            column=sentence.column,
            sentence_text=sentence.plain_text,
            cited_doc_uids=list(dict.fromkeys(i.doc_uid for _, i in items)),
            support_score=round(max(scores), 3) if scores else None,
            status=status,
            suggested_query=query if status != "OK" else "",
            sources=checks,
            judge=_row_verdict(checks, status),
        )
        self.audit.rows.append(row)
        return text

    def source(
        self, sentence: Sentence, cite: Citation, item: CitationItem, text: str, query: str
    ) -> SourceCheck:
        uid, line, column = item.doc_uid, cite.line, cite.column
        unavailable = self.unavailable(sentence.sentence_id, cite, item, query)
        if unavailable is not None:
            return unavailable
        entry = self.library[uid]
        self.author_year(item, entry, line, column, sentence.sentence_id)
        self.published_version(uid, line, column, sentence.sentence_id)
        if self.scorer is None:
            return SourceCheck(uid, "UNCHECKED")
        support = self.scorer.score(text, uid)
        if support is None:
            self.finding(
                rules.MISSING_TEXT,
                line,
                column,
                f"{uid} has no indexed text to check this sentence against",
                "run `essaylint ingest`; see meta/parse_quality_report.md",
                sentence_id=sentence.sentence_id,
                doc_uid=uid,
            )
            return SourceCheck(uid, "MISSING")
        threshold = self.scorer.warn_below
        status = OUTCOME_STATUS[self.scorer.outcome(support)]
        verdict = None
        if self.judge is not None and self.judge.wanted(status, support.score, threshold):
            from essaylint.audit.citations.judge import judged_status

            verdict = self.judge.verdict(sentence.plain_text, uid, support)
            status = judged_status(status, support.score, threshold, verdict)
        return SourceCheck(
            uid,
            status,
            round(support.score, 3),
            support.passage,
            {k: round(v, 4) for k, v in support.features.items()},
            verdict.to_dict() if verdict is not None else None,
            support.contrary,
        )

    def support_finding(
        self, sentence: Sentence, cite: Citation, check: SourceCheck, status: str, query: str
    ) -> None:
        """A contradicted source is always reported; a weak or uncertain one only when no
        other source of the sentence supports it better (the row has that status)."""
        if check.passage is None or check.score is None:
            return
        if check.status == "CONTRADICTED":
            self.contradicted(sentence, cite, check)
        elif check.status == status == "WEAK":
            self.weak(sentence, cite, check, query)
        elif check.status == status == "UNCERTAIN":
            self.uncertain(sentence, cite, check, query)

    def contradicted(self, sentence: Sentence, cite: Citation, check: SourceCheck) -> None:
        quote = check.contrary or check.passage
        assert quote is not None
        where = quote.page_label or "no page"
        precision = self.scorer.model.measured.get("contradicted_precision")
        self.finding(
            rules.CONTRADICTED,
            cite.line,
            cite.column,
            f"{check.doc_uid} may say the opposite of this sentence ({where}): "
            f'"{_clip(quote.text, 60)}"',
            "check the source; cite it for what it says, or cite a source that supports the "
            "sentence",
            confidence=float(precision) if precision is not None else None,
            sentence_id=sentence.sentence_id,
            doc_uid=check.doc_uid,
            score=check.score,
            quote=quote.text,
            pages=quote.page_label,
            **_judged(check),
        )

    def published_version(self, uid: str, line: int, column: int, sentence_id: str) -> None:
        published = self.published.get(uid)
        if published is None:
            return
        entry = self.library[published]
        self.finding(
            rules.PUBLISHED_VERSION,
            line,
            column,
            f"{uid} is a preprint; its published version is in your library: {published} "
            f"({entry.citation_key}, {entry.container or entry.title})",
            f"cite {{#{published}}} instead, unless you mean the preprint",
            sentence_id=sentence_id,
            doc_uid=uid,
            published=published,
        )

    def failed_source(
        self, row_id: str, cite: Citation, uid: str, entry: LibraryEntry
    ) -> SourceCheck:
        why = self.failed.get(uid) or "see meta/parse_quality_report.md"
        self.finding(
            rules.NOT_CITABLE,
            cite.line,
            cite.column,
            f"{uid} ({entry.source_path}) could not be ingested ({why}): it is not citable "
            "until it parses",
            "fix or replace the file (meta/parse_quality_report.md says what to do), then "
            "run `essaylint ingest`",
            sentence_id=row_id,
            doc_uid=uid,
        )
        return SourceCheck(uid, "NOT_CITABLE")

    def unavailable(
        self, row_id: str, cite: Citation, item: CitationItem, query: str
    ) -> SourceCheck | None:
        """UNKNOWN or NOT_CITABLE, with its finding; None when the source may be cited."""
        uid, line, column = item.doc_uid, cite.line, cite.column
        entry = self.library.get(uid)
        if entry is not None and entry.status.strip() == "failed":
            return self.failed_source(row_id, cite, uid, entry)
        if entry is None or entry.status != "present":
            gone = " (its file was removed from raw/)" if entry is not None else ""
            self.finding(
                rules.UNKNOWN_DOC,
                line,
                column,
                f"{uid} is not in the library{gone}",
                "check the id in library.csv, or add the source to raw/evidence and run "
                "`essaylint ingest`",
                sentence_id=row_id,
                doc_uid=uid,
            )
            return SourceCheck(uid, "UNKNOWN")
        if not entry.is_citable:
            self.finding(
                rules.NOT_CITABLE,
                line,
                column,
                f"{uid} is {entry.source_type or 'marked not citable'} ({entry.source_path}): "
                "course material is not citable",
                f'cite the evidence itself: essaylint query "{query}"'
                if query
                else "cite the evidence itself (essaylint query finds it)",
                sentence_id=row_id,
                doc_uid=uid,
            )
            return SourceCheck(uid, "NOT_CITABLE")
        return None

    def listed(self, cite: Citation) -> None:
        """A citation outside the prose sentences: its sources must exist and be citable, and
        its Author-Year must match; there is no sentence whose support could be scored."""
        row_id = f"L{cite.line}C{cite.column}"
        checks = []
        for item in cite.items:
            check = self.unavailable(row_id, cite, item, "")
            if check is None:
                entry = self.library[item.doc_uid]
                self.author_year(item, entry, cite.line, cite.column, row_id)
                check = SourceCheck(item.doc_uid, "LISTED")
            checks.append(check)
        row = CitationRow(
            sentence_id=row_id,
            line=cite.line,
            column=cite.column,
            sentence_text=cite.raw,
            cited_doc_uids=list(dict.fromkeys(i.doc_uid for i in cite.items)),
            support_score=None,
            status=worst_status([c.status for c in checks]),
            sources=checks,
        )
        self.audit.rows.append(row)

    def weak(self, sentence: Sentence, cite: Citation, check: SourceCheck, query: str) -> None:
        assert check.passage is not None and check.score is not None
        threshold = self.scorer.warn_below
        where = check.passage.page_label or "no page"
        if check.score >= threshold:  # only a confident "not accurate" makes it WEAK
            message = (
                f"{check.doc_uid} may not support this sentence (score {check.score:.2f} >= "
                f"{threshold:.2f}, overruled by the Gemini judge)"
            )
        else:
            message = (
                f"{check.doc_uid} does not seem to say this (support {check.score:.2f} < "
                f"{threshold:.2f})"
            )
        self.finding(
            rules.WEAK_SUPPORT,
            cite.line,
            cite.column,
            f"{message}{_verdict_text(check)}; closest passage ({where}): "
            f'"{_clip(check.passage.text)}"',
            f'essaylint query "{query}"',
            confidence=round(1.0 - check.score, 2),
            sentence_id=sentence.sentence_id,
            doc_uid=check.doc_uid,
            score=check.score,
            **_judged(check),
        )

    def uncertain(self, sentence: Sentence, cite: Citation, check: SourceCheck, query: str) -> None:
        assert check.passage is not None and check.score is not None
        quote = check.contrary
        if quote is not None:
            what = f"a close passage may state the opposite ({quote.page_label or 'no page'})"
        else:
            quote = check.passage
            what = f"closest passage ({quote.page_label or 'no page'})"
        self.finding(
            rules.UNCERTAIN,
            cite.line,
            cite.column,
            f"{check.doc_uid} may support this sentence, but not clearly (support "
            f'{check.score:.2f}){_verdict_text(check)}; {what}: "{_clip(quote.text)}"',
            f'read the passage; if it does not say this, essaylint query "{query}"',
            confidence=round(1.0 - check.score, 2),
            sentence_id=sentence.sentence_id,
            doc_uid=check.doc_uid,
            score=check.score,
        )

    def author_year(
        self, item: CitationItem, entry: LibraryEntry, line: int, column: int, sid: str
    ) -> None:
        check = check_author_year(item, entry)
        if check.verdict == "ok":
            return
        rule = {
            "placeholder": rules.PLACEHOLDER,
            "mismatch": rules.AUTHOR_YEAR,
            "unverified": rules.AUTHOR_LIST,
        }[check.verdict]
        if check.verdict == "unverified":
            if item.doc_uid in self.unverified:
                return  # once per document is enough
            self.unverified.add(item.doc_uid)
            message, hint = check.message, "list every author in library.csv (authors column)"
        else:
            hint = f"write {check.expected}" if check.expected else ""
            message = check.message + (f" (expected {check.expected})" if check.expected else "")
        self.finding(
            rule,
            line,
            column,
            message,
            hint,
            sentence_id=sid,
            doc_uid=item.doc_uid,
            expected=check.expected,
        )


def row_status(checks: list[SourceCheck]) -> Status:
    """A sentence's status: a source that contradicts it first, then the worst of the
    unjudgeable ones, else its best-supported source (one is enough for a cluster (A; B))."""
    statuses = [c.status for c in checks]
    if "CONTRADICTED" in statuses:
        return "CONTRADICTED"
    judged = [s for s in statuses if s in ("OK", "UNCERTAIN", "WEAK")]
    unjudged = [s for s in statuses if s not in judged]  # UNKNOWN, MISSING, UNCHECKED…
    if judged:
        unjudged.append(min(judged, key=("OK", "UNCERTAIN", "WEAK").index))
    return worst_status(unjudged)


def _judged(check: SourceCheck) -> dict[str, object]:
    return {"judge": check.judge} if check.judge is not None else {}


def _verdict_text(check: SourceCheck) -> str:
    verdict = check.judge
    if verdict is None:
        return ""
    return (
        f"; Gemini judge: {verdict['verdict']} (confidence {verdict['confidence']:.2f}): "
        f'"{verdict["explanation"]}"'
    )


def _row_verdict(checks: list[SourceCheck], status: str) -> dict[str, object] | None:
    """The verdict behind the row's status: a judged source with that status, else any."""
    judged = [(c.doc_uid, c.status, c.judge) for c in checks if c.judge is not None]
    decisive = [j for j in judged if j[1] == status] or judged
    if not decisive:
        return None
    doc_uid, _, verdict = decisive[0]
    return {"doc_uid": doc_uid, **verdict}


def _clip(text: str, words: int = 30) -> str:
    parts = text.split()
    return " ".join(parts[:words]) + (" …" if len(parts) > words else "")


def run(ctx: AuditContext) -> AuditOutput:
    """The citation audit as the engine runs it: one scorer per run, its results cached."""
    from essaylint.audit.citations.cached import CachedSupportScorer

    if ctx.shared.get("library_only"):
        cited = audit_citations(
            ctx.draft, ctx.project, ctx.config, library=ctx.library, support=False
        )
        return _output(cited)
    scorer = ctx.shared.get("scorer")
    if scorer is None:
        if ctx.backends is None:
            raise ValueError("the citation audit needs the configured backends")
        build_id = str(ctx.shared.get("build_id", ""))
        scorer = CachedSupportScorer(ctx.project, ctx.config, ctx.library, build_id, ctx.backends)
        ctx.shared["scorer"] = scorer
    cited = audit_citations(
        ctx.draft, ctx.project, ctx.config, library=ctx.library, scorer=scorer, suggest=ctx.suggest
    )
    return _output(cited)


def _output(cited: CitationAudit) -> AuditOutput:
    return AuditOutput(
        rows=[row.to_dict() for row in cited.rows],
        findings=cited.findings,
        summary=citation_summary(cited.counts()),
        notes=cited.notes,
        complete=cited.complete,
        result=cited,
    )


def citation_summary(counts: dict[str, int]) -> str:
    total = sum(counts.values())
    order = (
        "OK",
        "UNCERTAIN",
        "WEAK",
        "CONTRADICTED",
        "MISSING",
        "UNCHECKED",
        "NOT_CITABLE",
        "UNKNOWN",
    )
    parts = [f"{counts[s]} {s}" for s in order if counts.get(s)]
    listed = counts.get("LISTED", 0)
    text = f"{total - listed} citing sentences" + (": " + ", ".join(parts) if parts else "")
    return text + (f"; {listed} LISTED (reference list, quotations)" if listed else "")
