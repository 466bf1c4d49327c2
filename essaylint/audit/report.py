"""What the audits of one draft produce: per audit its rows, findings and summary."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from essaylint.audit.findings import Finding


@dataclass
class AuditResult:
    name: str
    rows: list[dict[str, Any]]
    findings: list[Finding]
    summary: str
    table: str = ""  # project-relative path of the Markdown table
    notes: list[str] = field(default_factory=list)
    metrics: dict[str, Any] = field(default_factory=dict)  # numbers for the git note / trend


@dataclass
class DraftReport:
    path: str  # project-relative
    results: list[AuditResult] = field(default_factory=list)
    findings_json: str = ""
    warnings: list[str] = field(default_factory=list)  # how the draft file was read

    @property
    def findings(self) -> list[Finding]:
        return [f for r in self.results for f in r.findings]

    def to_dict(self) -> dict[str, Any]:
        return {
            "draft": self.path,
            "findings_json": self.findings_json,
            "warnings": self.warnings,
            "audits": {
                r.name: {
                    "summary": r.summary,
                    "table": r.table,
                    "notes": r.notes,
                    "metrics": r.metrics,
                    "rows": r.rows,
                    "findings": [f.__dict__ for f in r.findings],
                }
                for r in self.results
            },
        }


def report_dict(report: DraftReport) -> dict[str, Any]:
    data = report.to_dict()
    for audit in data["audits"].values():
        audit.pop("table", None)
    return data


def report_from_dict(data: dict[str, Any]) -> DraftReport:
    report = DraftReport(data["draft"], warnings=list(data.get("warnings", [])))
    for name, audit in data["audits"].items():
        findings = [Finding(**f) for f in audit["findings"]]
        report.results.append(
            AuditResult(
                name,
                audit["rows"],
                findings,
                audit["summary"],
                notes=audit["notes"],
                metrics=audit.get("metrics", {}),
            )
        )
    return report
