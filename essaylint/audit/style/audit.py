"""The style audit (SPEC §6): findings plus the ``line | rule | excerpt | suggestion`` table."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from essaylint.audit.findings import Finding, Rule, Severity, effective_severity
from essaylint.audit.style import consistency, sentences, structure
from essaylint.audit.style.context import Context
from essaylint.audit.style.nlp import style_nlp
from essaylint.audit.style.readability import describe, readability_by_section
from essaylint.audit.style.rules import READABILITY, Hit
from essaylint.config.style import StyleSettings
from essaylint.draft import Draft

RuleCheck = Callable[[Context], Iterable[Hit]]

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
    severity: Severity = "info"
    message: str = ""


def audit_style(
    draft: Draft,
    settings: StyleSettings | None = None,
    severity_overrides: Mapping[str, str] | None = None,
    *,
    word_limit: int | None = None,
    nlp: Any = None,
) -> tuple[list[StyleRow], list[Finding]]:
    """Run every style rule on ``draft``.

    ``word_limit`` is the rubric's limit, used when ``settings.word_limit`` is None (see
    :func:`~essaylint.config.style.resolve_word_limit`). ``nlp`` is an optional
    spaCy pipeline to share (e.g. the claim audit's). Rules switched ``off`` in
    ``severity_overrides`` do not run; waived lines are dropped.
    """
    settings = settings or StyleSettings()
    overrides = dict(severity_overrides or {})
    limit = settings.word_limit if settings.word_limit is not None else word_limit
    ctx = Context.build(draft, settings, style_nlp(settings, nlp), limit)
    findings = [
        _finding(draft, hit, severity)
        for hit, severity in _hits(ctx, overrides)
        if not draft.is_waived(hit.rule.id, hit.line)
    ]
    findings.sort(key=lambda f: (f.line, f.column, f.rule))
    return [_row(f) for f in findings], findings


def _hits(ctx: Context, overrides: dict[str, str]) -> Iterator[tuple[Hit, Severity]]:
    for check in CHECKS:
        for hit in check(ctx):  # one check may emit more than one rule
            severity = effective_severity(hit.rule, overrides)
            if severity is not None:
                yield hit, severity
    severity = _readability_severity(overrides)
    if severity is not None:
        for hit in readability_hits(ctx):
            yield hit, severity


def _readability_severity(overrides: dict[str, str]) -> Severity | None:
    """Readability is information: configured 'error' or 'warning' is shown as info."""
    severity = effective_severity(READABILITY, overrides)
    return None if severity is None else "info"


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
    )


def _row(finding: Finding) -> StyleRow:
    return StyleRow(
        line=finding.line,
        rule=finding.rule,
        excerpt=str(finding.data.get("excerpt", "")),
        suggestion=finding.suggestion,
        column=finding.column,
        severity=finding.severity,
        message=finding.message,
    )


def rules() -> tuple[Rule, ...]:
    from essaylint.audit.style.rules import RULES

    return RULES
