"""The Finding record every audit emits, with per-rule severity from essaylint.yaml."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Severity = Literal["error", "warning", "info"]
SEVERITY_RANK: dict[str, int] = {"info": 0, "warning": 1, "error": 2}


@dataclass(frozen=True)
class Rule:
    """A rule id such as ``citation/unknown-doc`` with its default severity and summary."""

    id: str
    severity: Severity
    summary: str


@dataclass
class Finding:
    rule: str
    severity: Severity
    file: str
    line: int
    column: int
    message: str
    suggestion: str = ""
    end_line: int | None = None
    end_column: int | None = None
    data: dict[str, object] = field(default_factory=dict)


def effective_severity(rule: Rule, overrides: dict[str, str]) -> Severity | None:
    """The configured severity of ``rule`` (None when switched off in essaylint.yaml)."""
    level = overrides.get(rule.id) or overrides.get(rule.id.split("/")[0]) or rule.severity
    return None if level == "off" else level  # type: ignore[return-value]


def fails(findings: list[Finding], fail_on: str) -> bool:
    """True when a finding reaches the failing severity (``never`` never fails)."""
    if fail_on == "never":
        return False
    threshold = SEVERITY_RANK[fail_on]
    return any(SEVERITY_RANK[f.severity] >= threshold for f in findings)
