"""The audit engine: each draft parsed once, every audit asked for run on it, severities and
waivers applied once, tables and findings written, reports cached.

An audit only says what it found, at its rules' default severities; here essaylint.yaml's
``audit.severity`` (capped at each rule's ``max_severity``) and the draft's
``essaylint-disable`` waivers decide what is reported.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from essaylint.audit.base import AuditContext
from essaylint.audit.counterevidence.search import cache_version
from essaylint.audit.findings import Finding, Rule, configured_severity
from essaylint.audit.registry import (
    AUDIT_NAMES,
    BY_NAME,
    RULES,
    audits_for,
    default_audits,
    unknown_severity_keys,
)
from essaylint.audit.report import AuditResult, DraftReport
from essaylint.audit.reportcache import ReportInputs
from essaylint.audit.tables import write_findings, write_table
from essaylint.config.load import key_error
from essaylint.core.errors import EssaylintError
from essaylint.draft import parse_draft
from essaylint.index.lance import IndexPointer
from essaylint.ingest.library import library_entries

if TYPE_CHECKING:
    from essaylint.config.schema import Config
    from essaylint.core.ports import Backends
    from essaylint.core.project import Project
    from essaylint.draft import Draft

AUDITS = AUDIT_NAMES
# The audits that read the evidence index, themselves or through an audit they read.
INDEXED_AUDITS = frozenset(
    a.name for a in audits_for(AUDIT_NAMES) if any(x.needs_index for x in audits_for((a.name,)))
)


def run_audits(
    project: Project,
    config: Config,
    drafts: list[Path],
    backends: Backends | None,
    only: tuple[str, ...] = (),
    suggest: bool = False,
    write: bool = True,
    index_optional: bool = False,
) -> list[DraftReport]:
    """The reports of ``drafts`` (``only``: these audits). ``backends`` gives the models the
    citation audit needs (``app.backends``). ``index_optional``: without an index the
    citation audit checks what library.csv alone can tell (the commit hooks of a fresh
    clone) instead of stopping."""
    check_severity_keys(project, config)
    mode = config.audit.counterevidence
    wanted = tuple(only or default_audits(mode))
    if "counterevidence" in wanted and mode == "off":
        raise EssaylintError(
            "the counterevidence audit is off (audit.counterevidence in essaylint.yaml)",
            "switch it on for this run: essaylint audit --counterevidence soft (or strict)",
        )
    planned = audits_for(wanted)
    indexed = any(a.needs_index for a in planned)
    build_id = current_build(project) if indexed else ""
    library_only = indexed and not build_id and index_optional
    key = tuple(sorted(wanted)) + (("library-only",) if library_only else ())
    key += (f"counterevidence={mode}", cache_version()) if "counterevidence" in wanted else ()
    inputs = ReportInputs(project, key, suggest, build_id)
    shared: dict[str, object] = {"build_id": build_id, "library_only": library_only}
    library = None
    reports = []
    for path in drafts:
        if not path.is_file():
            raise EssaylintError(f"draft not found: {path}", "pass a Markdown file under drafts/")
        rel = _relative(project, path)
        report = inputs.lookup(path, rel)
        if report is None:  # something this draft's audits depend on has changed
            library = library if library is not None else library_entries(project.library_csv)
            draft = parse_draft(path)
            if indexed and not build_id and draft.citations and not index_optional:
                require_index(project)  # citations to check and nothing to check them in
            ctx = AuditContext(project, config, draft, path, backends, library, suggest)
            ctx.shared = shared
            report, complete = _audit(ctx, rel, wanted)
            if complete:
                inputs.store(path, report)
        if write:
            _write(project, path.stem, report)
        reports.append(report)
    for name in ("scorer", "counter_search"):
        opened = shared.get(name)
        if opened is not None:
            opened.close()  # type: ignore[attr-defined]
    return reports


def _audit(ctx: AuditContext, rel: str, wanted: tuple[str, ...]) -> tuple[DraftReport, bool]:
    """One draft's report, and whether it may be cached (False: the support judge failed,
    ask again next time)."""
    report = DraftReport(rel, warnings=list(ctx.draft.warnings))
    complete = True
    for audit in audits_for(wanted):
        output = audit.run(ctx)
        ctx.outputs[audit.name] = output
        if audit.name == "citations":
            complete = output.complete
        if audit.name in wanted:
            findings = finalise(output.findings, ctx.draft, ctx.config, rel)
            report.results.append(
                AuditResult(
                    audit.name,
                    output.rows,
                    findings,
                    output.summary,
                    notes=output.notes,
                    metrics=output.metrics,
                )
            )
    report.results.sort(key=lambda r: AUDITS.index(r.name))
    return report, complete


def finalise(
    findings: list[Finding], draft: Draft, config: Config, file: str | None = None
) -> list[Finding]:
    """The findings as reported: waived ones dropped, each at its configured severity (rules
    switched ``off`` dropped), with one spelling of the draft's path, in reading order."""
    out = []
    for finding in findings:
        if draft.is_waived(finding.rule, finding.line):
            continue
        level = configured_severity(_rule_of(finding), config.audit.severity)
        if level is None:
            continue
        finding.severity = level
        if file is not None:
            finding.file = file
        out.append(finding)
    return sorted(out, key=lambda f: (f.line, f.column, f.rule))


def check_severity_keys(project: Project, config: Config) -> None:
    """An ``audit.severity`` key that names no rule is an error, with the nearest rule."""
    bad = unknown_severity_keys(list(config.audit.severity))
    if bad:
        key, close = bad[0]
        raise key_error(project.config_path, ("audit", "severity", key), close)


def current_build(project: Project) -> str:
    """The current build_id, "" when there is no index yet (a draft without citations is
    audited without one)."""
    pointer = IndexPointer.read(project.index)
    return pointer.build_id if pointer is not None else ""


def require_index(project: Project) -> str:
    """The current build_id (exit 2 with a hint when there is no index)."""
    pointer = IndexPointer.read(project.index)
    if pointer is None:
        raise EssaylintError(
            f"no evidence index in {project.index}",
            "run `essaylint ingest` first (it reads raw/ and builds the index)",
        )
    return pointer.build_id


def default_drafts(project: Project, config: Config) -> list[Path]:
    folder = project.root / config.project.drafts_dir
    drafts = sorted(folder.glob("*.md")) if folder.is_dir() else []
    if not drafts:
        raise EssaylintError(
            f"no drafts found in {folder}", "write drafts/essay.md or pass DRAFT paths"
        )
    return drafts


def _rule_of(finding: Finding) -> Rule:
    return RULES.get(finding.rule) or Rule(finding.rule, finding.severity, "")


def _write(project: Project, stem: str, report: DraftReport) -> None:

    for result in report.results:
        text = BY_NAME[result.name].render(report.path, result.rows, result.summary)
        result.table = _relative(project, write_table(project.outputs, stem, result.name, text))
    path = write_findings(project.outputs, stem, report.path, report.findings)
    report.findings_json = _relative(project, path)


def _relative(project: Project, path: Path) -> str:
    try:
        return project.relative(path)
    except ValueError:
        return str(path)
