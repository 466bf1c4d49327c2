"""Tools over drafts: ``verify`` (citations), ``audit`` (all audits) and ``rubric_coverage``;
each result is exactly what `essaylint verify-citations/audit --json` prints."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from essaylint.app.audit import audit_report
from essaylint.app.context import AppContext
from essaylint.audit.findings import Finding
from essaylint.tools.models import ToolModel
from essaylint.tools.registry import Tool

AuditName = Literal["citations", "claims", "style", "rubric", "counterevidence"]


class AuditSection(BaseModel):
    model_config = ConfigDict(extra="allow")  # a field added to DraftReport passes through

    summary: str
    table: str = Field(description="Project-relative path of the Markdown table.")
    notes: list[str]
    metrics: dict[str, Any]
    rows: list[dict[str, Any]] = Field(description="One row per sentence/claim/criterion.")
    findings: list[Finding]


class DraftAudit(BaseModel):
    model_config = ConfigDict(extra="allow")

    draft: str
    findings_json: str
    audits: dict[str, AuditSection]


class AuditReport(BaseModel):
    """`{"failed": ..., "drafts": [...]}`: the JSON of `essaylint audit --json`."""

    failed: bool = Field(description="A finding reached the failing severity (CLI exit 1).")
    drafts: list[DraftAudit]


class VerifyArgs(ToolModel):
    draft: str = Field(description="The draft, relative to the project root (drafts/essay.md).")
    suggest: bool = Field(
        False, description="Also search the whole library for a better source for weak citations."
    )


class AuditArgs(ToolModel):
    drafts: list[str] = Field(
        default_factory=list, description="Drafts relative to the root (default: drafts/*.md)."
    )
    only: list[AuditName] = Field(default_factory=list, description="Run only these audits.")
    suggest: bool = Field(True, description="Search the library for better sources when weak.")
    fail_on: Literal["error", "warning", "never"] | None = Field(
        None, description="Severity that fails (default: audit.fail_on)."
    )
    counterevidence: Literal["off", "soft", "strict"] | None = Field(
        None,
        description="Search the library for what contradicts or limits each claim: soft "
        "(high-risk claims) or strict (every claim); default: audit.counterevidence (off).",
    )


class RubricArgs(ToolModel):
    draft: str = Field(description="The draft, relative to the project root.")


def audit_tool(
    context: AppContext,
    drafts: list[str],
    only: tuple[str, ...],
    suggest: bool,
    fail_on: str | None = None,
    counterevidence: str | None = None,
) -> AuditReport:
    report = audit_report(context, drafts, only, suggest, fail_on, counterevidence)
    return AuditReport.model_validate(report[2])


def run_verify(context: AppContext, args: VerifyArgs) -> AuditReport:
    return audit_tool(context, [args.draft], ("citations",), args.suggest)


def run_audit(context: AppContext, args: AuditArgs) -> AuditReport:
    return audit_tool(
        context, args.drafts, tuple(args.only), args.suggest, args.fail_on, args.counterevidence
    )


def run_rubric(context: AppContext, args: RubricArgs) -> AuditReport:
    return audit_tool(context, [args.draft], ("rubric",), False)


def audit_locators(result: dict[str, Any]) -> list[str]:
    """The best passage of each citation row, as doc:page (child id when it has no page)."""
    out: list[str] = []
    for draft in result.get("drafts", []):
        for row in draft.get("audits", {}).get("citations", {}).get("rows", []):
            best = row.get("best_passage")
            if best:
                page = best.get("page_start")
                out.append(f"{best['doc_uid']}:p{page}" if page else best["child_id"])
    return out


VERIFY = Tool(
    name="verify",
    description="Check every citation in one draft: the source exists and is citable, "
    "Author-Year agrees with library.csv, and the cited document's own passages support the "
    "sentence (status OK / UNCERTAIN / WEAK / CONTRADICTED / MISSING / NOT_CITABLE / UNKNOWN, "
    "best passage with page; a CONTRADICTED source is quoted where it says otherwise). "
    "Call it after writing or editing cited sentences. Writes outputs/audits/<draft>.*.",
    args=VerifyArgs,
    result=AuditReport,
    run=run_verify,
    cli="essaylint verify-citations DRAFT --json",
    locators=audit_locators,
)
AUDIT = Tool(
    name="audit",
    description="All audits of the drafts (citations, claims, style, rubric) with findings "
    "and severities; `failed` is true when a finding reaches audit.fail_on. Call it after "
    "finishing a section, and fix what it reports.",
    args=AuditArgs,
    result=AuditReport,
    run=run_audit,
    cli="essaylint audit [DRAFTS] --json",
    locators=audit_locators,
)
RUBRIC = Tool(
    name="rubric_coverage",
    description="How well one draft covers each rubric.yaml criterion (covered / partial / "
    "missing, with where in the draft). Call it when planning or revising the structure.",
    args=RubricArgs,
    result=AuditReport,
    run=run_rubric,
    cli="essaylint audit DRAFT --only rubric --json",
)
