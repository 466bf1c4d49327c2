"""`audit_rubric`: which criteria and required elements the draft covers, and where.

Each requirement is scored against every section of the draft as a whole (scoring.py), so a
section that addresses it over several paragraphs counts, and ``where`` names that section.
Thresholds were chosen on the dev half of the rubric judgement set (bench/judgement_rubric.py:
Introduction/Discussion/Conclusion sections of five published papers against eight generic
requirements, read by hand; bench/data/rubric_verdicts.jsonl): below PARTIAL_AT an item is
MISSING (88% of the dev MISSING verdicts agreed with the reading), a narrow band up to
COVERED_AT is PARTIAL. Figures on the held-out half are in BENCHMARKS.md. The margins are a
few hundredths: treat PARTIAL and MISSING as prompts to look, not verdicts.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from essaylint.audit.base import AuditContext, AuditOutput
from essaylint.audit.findings import Finding, Rule
from essaylint.audit.rubric.records import Criterion, RequiredElement, Rubric, SourceRef
from essaylint.audit.rubric.rules import (
    CONFIDENCE,
    MISSING_SECTION,
    NOT_COVERED,
    OVER_WORD_LIMIT,
    PARTIAL,
)
from essaylint.audit.rubric.scoring import Hit, Unit, keywords, overall, score_item
from essaylint.audit.rubric.yamlio import load_rubric
from essaylint.config.schema import Config
from essaylint.core.project import Project
from essaylint.core.store import VectorCache
from essaylint.draft.records import Draft, Paragraph
from essaylint.index.embed import local_embedder
from essaylint.ingest.library import library_entries

Status = Literal["COVERED", "PARTIAL", "MISSING"]
COVERED_AT = 0.38
PARTIAL_AT = 0.34
# Criteria describe the whole essay (argument, analysis), so their best passages score lower
# than a concrete required element: below this a criterion is MISSING.
CRITERION_PARTIAL_AT = 0.30
MAX_WHERE = 3

FORM_REFERENCING = re.compile(r"referenc|citation|bibliograph|academic convention", re.I)
FORM_STRUCTURE = re.compile(r"structure|clarity|expression|presentation|organi[sz]ation", re.I)
_COUNTED = re.compile(
    r"at least (\w+)\b.*?\b(sources|references|studies|articles|papers|citations)", re.I
)
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "eight": 8, "ten": 10}


@dataclass
class Location:
    section: str
    line_start: int
    line_end: int

    def __str__(self) -> str:
        lines = (
            str(self.line_start)
            if self.line_start == self.line_end
            else f"{self.line_start}-{self.line_end}"
        )
        return f"{self.section}, lines {lines}" if self.section else f"lines {lines}"


@dataclass
class RubricRow:
    id: str
    kind: Literal["criterion", "element", "section"]
    label: str  # criterion name, element text or section heading
    weight: float | None
    status: Status
    score: float
    where: list[Location] = field(default_factory=list)
    next_action: str = ""
    source: SourceRef | None = None
    method: str = "semantic"  # semantic | count | structure | referencing | heading


class EmbeddingUnavailableError(RuntimeError):
    """The local embedding model, which judges criteria and elements, could not be used."""


def audit_rubric(
    draft: Draft,
    rubric: Rubric,
    project: Project | None = None,
    config: Config | None = None,
    semantic: bool = True,
) -> tuple[list[RubricRow], list[Finding]]:
    """Coverage rows for every criterion, element and required section, and their findings;
    with ``semantic`` False only the required sections and the word limit are checked."""
    config = config or Config()
    scorer = _Scorer(draft, project, config)
    rows: list[RubricRow] = []
    if semantic:
        rows += [_criterion_row(c, draft, scorer) for c in rubric.criteria]
        rows += [_element_row(e, draft, scorer, project) for e in rubric.required_elements]
    rows += _section_rows(rubric, draft)
    scorer.save()
    findings = _findings(rows, draft, rubric)
    return rows, findings


# -- scoring against the draft ------------------------------------------------------------


class _Scorer:
    """The draft's paragraphs as scored units. The thresholds were measured with the local
    MiniLM, so it scores with that model whatever the index uses; vectors come from the
    store (a project-less run remembers nothing)."""

    def __init__(self, draft: Draft, project: Project | None, config: Config) -> None:
        self.embedder = local_embedder(config.embedding)
        model_id = self.embedder.model_id
        self.documents = project.store.vectors(model_id) if project else VectorCache(None, model_id)
        self.queries = (
            project.store.vectors(model_id, "query") if project else VectorCache(None, model_id)
        )
        self.draft = draft
        self._built: list[Unit] | None = None

    @property
    def units(self) -> list[Unit]:
        """Built on first use: a rubric with nothing to score never loads the model."""
        if self._built is None:
            self._built = self._units(self.draft)
        return self._built

    def _units(self, draft: Draft) -> list[Unit]:
        """One unit per section: a requirement is judged against the whole section that
        addresses it (a Discussion that appraises the design over four paragraphs covers it),
        not paragraph by paragraph."""
        import numpy as np

        skip = {s.path for s in draft.sections if s.is_reference_list}
        paragraphs = [p for p in draft.paragraphs if p.section_path not in skip]
        by_section: dict[str, list[Paragraph]] = {}
        for paragraph in paragraphs:
            by_section.setdefault(paragraph.section_path, []).append(paragraph)
        sentences = {
            path: [
                s
                for s in draft.sentences
                if s.section_path == path and s.paragraph_index in {p.index for p in paras}
            ]
            for path, paras in by_section.items()
        }
        texts = [s.plain_text for own in sentences.values() for s in own]
        vectors = _embedded(self.documents, texts, self.embedder.embed_documents) if texts else None
        units, offset = [], 0
        for path, paras in by_section.items():
            own = sentences[path]
            if not own:
                continue
            own_vectors = vectors[offset : offset + len(own)]
            offset += len(own)
            mean = own_vectors.mean(axis=0)
            text = " ".join(s.plain_text for s in own)
            units.append(
                Unit(
                    section=path,
                    line_start=paras[0].line_start,
                    line_end=paras[-1].line_end,
                    text=text,
                    sentences=[s.plain_text for s in own],
                    sentence_lines=[s.line for s in own],
                    vector=mean / max(float(np.linalg.norm(mean)), 1e-12),
                    sentence_vectors=own_vectors,
                    keywords=keywords(text),
                    sentence_keywords=[keywords(s.plain_text) for s in own],
                )
            )
        return units

    def hits(self, query: str, query_keywords: set[str]) -> list[Hit]:
        if not self.units:
            return []
        vector = _embedded(self.queries, [query], self.embedder.embed_queries)[0]
        return score_item(vector, query_keywords, self.units)

    def save(self) -> None:
        self.documents.flush()
        self.queries.flush()


def _embedded(cache: VectorCache, texts: list[str], embed: Callable[[list[str]], Any]) -> Any:
    try:
        return cache.lookup(texts, embed)
    except Exception as error:  # any loader failure: onnxruntime raises its own types
        raise EmbeddingUnavailableError(
            f"the embedding model could not be used ({type(error).__name__}: {error})"
        ) from error


def _status(score: float, partial_at: float = PARTIAL_AT) -> Status:
    if score >= COVERED_AT:
        return "COVERED"
    return "PARTIAL" if score >= partial_at else "MISSING"


def _where(hits: list[Hit]) -> list[Location]:
    good = [h for h in hits if h.score >= CRITERION_PARTIAL_AT] or hits[:1]
    return [Location(h.unit.section, h.unit.line_start, h.unit.line_end) for h in good[:MAX_WHERE]]


def _asks(source: SourceRef | None) -> str:
    return f"the guidance ({source.cite()}) asks for" if source else "the rubric asks for"


def _semantic_row(
    item_id: str,
    kind: Literal["criterion", "element"],
    label: str,
    weight: float | None,
    query: str,
    query_keywords: set[str],
    source: SourceRef | None,
    scorer: _Scorer,
) -> RubricRow:
    hits = scorer.hits(query, query_keywords)
    score = overall(hits)
    status = _status(score, CRITERION_PARTIAL_AT if kind == "criterion" else PARTIAL_AT)
    where = _where(hits) if status != "MISSING" else []
    ask = f"{_asks(source)}: “{label}”"
    if status == "MISSING":
        action = f"add a paragraph that addresses this; {ask}"
    elif status == "PARTIAL":
        target = f" in {where[0]}" if where else ""
        action = f"develop the point{target} explicitly and ground it in your evidence; {ask}"
    else:
        action = ""
    return RubricRow(item_id, kind, label, weight, status, round(score, 3), where, action, source)


def _criterion_row(criterion: Criterion, draft: Draft, scorer: _Scorer) -> RubricRow:
    if FORM_REFERENCING.search(criterion.name):
        return _referencing_row(criterion, draft)
    if FORM_STRUCTURE.search(criterion.name) and not _content_words(criterion.name):
        return _structure_row(criterion, draft)
    query = criterion.query_text
    return _semantic_row(
        criterion.id,
        "criterion",
        criterion.name,
        criterion.weight,
        query,
        keywords(criterion.name),
        criterion.source,
        scorer,
    )


def _content_words(name: str) -> set[str]:
    form = keywords("structure clarity expression presentation organisation organization writing")
    return keywords(name) - form


def _element_row(
    element: RequiredElement, draft: Draft, scorer: _Scorer, project: Project | None
) -> RubricRow:
    counted = _COUNTED.search(element.text)
    wanted = _NUMBERS.get(counted.group(1).lower()) if counted else None
    if counted and wanted is None and counted.group(1).isdigit():
        wanted = int(counted.group(1))
    if wanted:
        return _count_row(element, draft, wanted, project)
    return _semantic_row(
        element.id,
        "element",
        element.text,
        None,
        element.text,
        keywords(element.text),
        element.source,
        scorer,
    )


def _count_row(
    element: RequiredElement, draft: Draft, wanted: int, project: Project | None
) -> RubricRow:
    """Rows for "at least N sources": distinct cited documents (citable ones if known)."""
    cited = list(draft.cited_doc_uids)
    known = _citable_uids(project)
    if known:
        cited = [uid for uid in cited if uid in known]
    count = len(cited)
    status: Status = "COVERED" if count >= wanted else "PARTIAL" if count else "MISSING"
    lines: dict[str, Location] = {}
    for citation in draft.citations:
        for uid in citation.doc_uids:
            if uid in cited and uid not in lines:
                section = next(
                    (s.path for s in reversed(draft.sections) if s.line <= citation.line), ""
                )
                lines[uid] = Location(section, citation.line, citation.line)
    where = list(lines.values())[:MAX_WHERE]
    action = (
        ""
        if status == "COVERED"
        else f"cite {wanted - count} more source(s) from raw/evidence/ "
        f"({count} of {wanted} so far); {_asks(element.source)}: “{element.text}”"
    )
    row = RubricRow(
        element.id, "element", element.text, None, status, round(min(1.0, count / wanted), 3)
    )
    row.where, row.next_action, row.source, row.method = where, action, element.source, "count"
    return row


def _citable_uids(project: Project | None) -> set[str]:
    if project is None or not project.library_csv.is_file():
        return set()

    entries = library_entries(project.library_csv)
    return {uid for uid, e in entries.items() if e.is_citable and e.status == "present"}


def _body_sections(draft: Draft) -> list:
    return [s for s in draft.sections if not s.is_title and not s.is_reference_list]


def _structure_row(criterion: Criterion, draft: Draft) -> RubricRow:
    sections = _body_sections(draft)
    names = " ".join(s.heading.lower() for s in sections)
    has_intro = "introduc" in names
    has_end = "conclu" in names or "summary" in names
    score = 0.5 * min(1.0, len(sections) / 3) + 0.25 * has_intro + 0.25 * has_end
    status = "COVERED" if score >= 0.99 else "PARTIAL" if score >= 0.5 else "MISSING"
    where = [Location(s.heading, s.line, s.line) for s in sections[:MAX_WHERE]]
    action = (
        "structure checked by headings only; also run `essaylint audit --only style`"
        if status == "COVERED"
        else "give the draft headed sections with an introduction and a conclusion; "
        f"{_asks(criterion.source)}: “{criterion.name}”"
    )
    return _form_row(criterion, status, score, where, action, "structure")


def _referencing_row(criterion: Criterion, draft: Draft) -> RubricRow:
    has_list = any(s.is_reference_list for s in draft.sections)
    cited = len(draft.cited_doc_uids)
    score = 0.5 * has_list + 0.5 * min(1.0, cited / 3)
    status: Status = "COVERED" if score >= 0.99 else "PARTIAL" if score > 0 else "MISSING"
    where = [Location(s.heading, s.line, s.end_line) for s in draft.sections if s.is_reference_list]
    action = (
        "form checked only; run `essaylint verify-citations` for the citations themselves"
        if status == "COVERED"
        else "add in-text citations and a reference list; "
        f"{_asks(criterion.source)}: “{criterion.name}”"
    )
    return _form_row(criterion, status, score, where, action, "referencing")


def _section_rows(rubric: Rubric, draft: Draft) -> list[RubricRow]:
    headings = [s.heading for s in draft.sections]
    rows = []
    for n, required in enumerate(rubric.required_sections, start=1):
        match = next((s for s in draft.sections if _heading_matches(s.heading, required)), None)
        status: Status = "COVERED" if match else "MISSING"
        where = [Location(match.heading, match.line, match.end_line)] if match else []
        action = (
            ""
            if match
            else (
                f"add a section headed “{required}” (headings now: {', '.join(headings) or 'none'})"
            )
        )
        rows.append(
            RubricRow(
                f"S{n}",
                "section",
                required,
                None,
                status,
                1.0 if match else 0.0,
                where,
                action,
                None,
                "heading",
            )
        )
    return rows


def _heading_matches(heading: str, required: str) -> bool:
    a = re.sub(r"^[\d.\s]+|[^a-z ]", "", heading.lower()).strip()
    b = re.sub(r"[^a-z ]", "", required.lower()).strip()
    return bool(b) and (a == b or a.startswith(b) or b in a.split(":")[0])


# -- findings ------------------------------------------------------------------------------


def _findings(rows: list[RubricRow], draft: Draft, rubric: Rubric) -> list[Finding]:
    findings = []
    for row in rows:
        if row.kind == "section" and row.status == "MISSING":
            rule = MISSING_SECTION
            message = f"required section “{row.label}” is not in the draft"
        elif row.status == "MISSING":
            rule = NOT_COVERED
            message = f"{row.id} not covered: {row.label}"
        elif row.status == "PARTIAL":
            rule = PARTIAL
            message = f"{row.id} only partly covered: {row.label}"
        else:
            continue
        line = row.where[0].line_start if row.where else 1
        findings.append(_finding(rule, draft, line, message, row.next_action, row.id))
    if rubric.word_limit and draft.word_count > rubric.word_limit:
        message = f"{draft.word_count} words, over the limit of {rubric.word_limit}"
        note = f" ({rubric.word_limit_note})" if rubric.word_limit_note else ""
        suggestion = f"cut {draft.word_count - rubric.word_limit} words{note}"
        findings.append(_finding(OVER_WORD_LIMIT, draft, 1, message, suggestion, ""))
    return findings


def _finding(
    rule: Rule, draft: Draft, line: int, message: str, suggestion: str, item_id: str
) -> Finding:
    data: dict[str, object] = {"item": item_id} if item_id else {}
    return Finding(
        rule.id,
        rule.severity,
        draft.path,
        line,
        1,
        message,
        suggestion,
        data=data,
        confidence=CONFIDENCE[rule.id],
    )


def _form_row(
    criterion: Criterion,
    status: Status,
    score: float,
    where: list[Location],
    action: str,
    method: str,
) -> RubricRow:
    """A criterion judged by the draft's form (headings, references), not by its content."""
    return RubricRow(
        criterion.id,
        "criterion",
        criterion.name,
        criterion.weight,
        status,
        round(score, 3),
        where,
        action,
        criterion.source,
        method,
    )


def run(ctx: AuditContext) -> AuditOutput:
    """Rubric coverage as the engine runs it (skipped, with a note, without rubric.yaml)."""

    if not ctx.project.rubric_yaml.is_file():
        note = "no rubric.yaml: run `essaylint rubric` to draft one from raw/instruction/"
        return AuditOutput([], [], "skipped (no rubric.yaml)", notes=[note])
    rubric = load_rubric(ctx.project.rubric_yaml)
    notes: list[str] = []
    try:
        rows, findings = audit_rubric(ctx.draft, rubric, ctx.project, ctx.config)
    except EmbeddingUnavailableError as error:
        rows, findings = audit_rubric(ctx.draft, rubric, ctx.project, ctx.config, semantic=False)
        notes.append(f"{error}: only the required sections and the word limit were checked")
    statuses: dict[str, int] = {}
    for row in rows:
        statuses[row.status] = statuses.get(row.status, 0) + 1
    detail = ", ".join(f"{n} {s}" for s, n in sorted(statuses.items()))
    summary = f"{len(rows)} criteria" + (f": {detail}" if detail else "")
    return AuditOutput([row_dict(r) for r in rows], findings, summary, notes=notes)


def row_dict(row: RubricRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "kind": row.kind,
        "criterion": row.label,
        "weight": row.weight,
        "status": row.status,
        "score": row.score,
        "where": [
            {"section": w.section, "line_start": w.line_start, "line_end": w.line_end}
            for w in row.where
        ],
        "next_action": row.next_action,
        "source": row.source.to_dict() if row.source else None,
        "method": row.method,
    }
