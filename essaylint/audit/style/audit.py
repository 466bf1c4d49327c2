"""The style audit (SPEC §6): findings plus the ``line | rule | excerpt | suggestion`` table."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass
from typing import Any

from essaylint.audit.base import AuditContext, AuditOutput
from essaylint.audit.findings import Finding, Rule, Severity, configured_severity
from essaylint.audit.style import consistency, sentences, structure
from essaylint.audit.style.context import Context
from essaylint.audit.style.nlp import style_nlp
from essaylint.audit.style.readability import describe, readability_by_section
from essaylint.audit.style.rules import CONFIDENCE, READABILITY, RULES, Hit
from essaylint.config.style import StyleSettings, resolve_word_limit
from essaylint.draft import Draft

RuleCheck = Callable[[Context], Iterable[Hit]]
RULES_BY_ID = {rule.id: rule for rule in RULES}

CHECKS: tuple[RuleCheck, ...] = (
    sentences.long_sentences,
    structure.mean_sentence_length,
    structure.long_sentence_share,
    structure.paragraph_lengths,
    structure.paragraph_openings,
    structure.section_links,
    sentences.unclear_references,
    sentences.nominalisations,
    sentences.fillers,
    sentences.stacked_hedges,
    sentences.empty_sentences,
    structure.word_count,
    consistency.spelling_mix,
    consistency.undefined_abbreviations,
)


@dataclass(frozen=True)
class StyleRow:
    """One row of the style table."""

    line: int
    rule: str
    excerpt: str
    suggestion: str
    column: int = 1
    message: str = ""


def audit_style(
    draft: Draft,
    settings: StyleSettings | None = None,
    *,
    word_limit: int | None = None,
    nlp: Any = None,
    enabled: Callable[[Rule], bool] | None = None,
) -> tuple[list[StyleRow], list[Finding]]:
    """Run the style rules on ``draft``; findings carry each rule's default severity (the
    audit engine applies essaylint.yaml's severities and the draft's waivers).

    ``word_limit`` is the rubric's limit, used when ``settings.word_limit`` is None (see
    :func:`~essaylint.config.style.resolve_word_limit`). ``nlp`` is an optional spaCy
    pipeline to share (e.g. the claim audit's). ``enabled`` skips switched-off rules.
    """
    settings = settings or StyleSettings()
    limit = settings.word_limit if settings.word_limit is not None else word_limit
    ctx = Context.build(draft, settings, style_nlp(settings, nlp), limit)
    wanted = enabled or (lambda _rule: True)
    findings = [_finding(draft, hit, hit.rule.severity) for hit in _hits(ctx) if wanted(hit.rule)]
    findings.sort(key=lambda f: (f.line, f.column, f.rule))
    return [_row(f) for f in findings], findings


def _hits(ctx: Context) -> Iterator[Hit]:
    for check in CHECKS:
        yield from check(ctx)  # one check may emit more than one rule
    yield from readability_hits(ctx)


def readability_hits(ctx: Context) -> Iterator[Hit]:
    scores = readability_by_section(ctx.draft, ctx.settings.readability_min_words)
    for section in structure.sections(ctx):
        values = scores.get(section.path)
        if values is None:
            continue
        yield structure.section_hit(
            section,
            rule=READABILITY,
            excerpt=f"{section.heading}: {describe(values)}",
            message=f"readability of {int(values['words'])} words: {describe(values)}",
            suggestion=(
                "Information, not a grade: formulas disagree by several grade levels. "
                "Watch the trend between drafts; shorter sentences and plainer words raise FRE."
            ),
            data=dict(values),
        )


def _finding(draft: Draft, hit: Hit, severity: Severity) -> Finding:
    return Finding(
        rule=hit.rule.id,
        severity=severity,
        file=draft.path,
        line=hit.line,
        column=hit.column,
        message=hit.message,
        suggestion=hit.suggestion,
        end_line=hit.end_line,
        end_column=hit.end_column,
        data={"excerpt": hit.excerpt, **hit.data},
        confidence=CONFIDENCE[hit.rule.id],
    )


def _row(finding: Finding) -> StyleRow:
    return StyleRow(
        line=finding.line,
        rule=finding.rule,
        excerpt=str(finding.data.get("excerpt", "")),
        suggestion=finding.suggestion,
        column=finding.column,
        message=finding.message,
    )


def run(ctx: AuditContext) -> AuditOutput:
    """The style audit as the engine runs it (the word limit from essaylint.yaml, else
    from rubric.yaml)."""
    limit = resolve_word_limit(ctx.config.style, ctx.project.rubric_yaml)
    rows, findings = audit_style(ctx.draft, ctx.config.style, word_limit=limit, enabled=ctx.enabled)
    overrides = ctx.config.audit.severity
    counts: dict[str, int] = {}
    for finding in findings:
        level = configured_severity(RULES_BY_ID[finding.rule], overrides) or "off"
        counts[level] = counts.get(level, 0) + 1
    detail = ", ".join(f"{counts[s]} {s}" for s in ("error", "warning", "info") if counts.get(s))
    summary = f"{len(findings)} style findings" + (f": {detail}" if detail else "")
    summary += f"; {ctx.draft.word_count} words" + (f" of {limit}" if limit else "")
    metrics = {"words": ctx.draft.word_count, "word_limit": limit}
    return AuditOutput([asdict(r) for r in rows], findings, summary, metrics=metrics)
