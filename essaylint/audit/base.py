"""What an audit is to the engine: a name, its rules, a function from one parsed draft to
rows and findings, and the renderer of its table. Each audit declares one ``Audit`` in its
own folder; the registry lists them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from essaylint.audit.findings import Finding, Rule, configured_severity

if TYPE_CHECKING:
    from essaylint.config.schema import Config
    from essaylint.core.ports import Backends
    from essaylint.core.project import Project
    from essaylint.core.records import LibraryEntry
    from essaylint.draft import Draft


@dataclass
class AuditOutput:
    """One audit of one draft: table rows (JSON-ready), findings at the rules' default
    severities, a one-line summary. ``result`` is the audit's own record, for the audits
    that read it (the claim audit reads the citation audit's verdicts)."""

    rows: list[dict[str, Any]]
    findings: list[Finding]
    summary: str
    notes: list[str] = field(default_factory=list)
    metrics: dict[str, Any] = field(default_factory=dict)
    complete: bool = True  # False: part of it was left for later (do not cache the report)
    result: Any = None


@dataclass
class AuditContext:
    """Everything an audit may read about one draft; built once per draft by the engine."""

    project: Project
    config: Config
    draft: Draft
    path: Path  # the draft file (a staged or committed copy in the hooks)
    backends: Backends | None
    library: dict[str, LibraryEntry]
    suggest: bool = False
    outputs: dict[str, AuditOutput] = field(default_factory=dict)  # earlier audits' outputs
    shared: dict[str, Any] = field(default_factory=dict)  # per-run state (a scorer, say)

    def enabled(self, rule: Rule) -> bool:
        """False when essaylint.yaml switches the rule off (its check need not run)."""
        return configured_severity(rule, self.config.audit.severity) is not None


@dataclass(frozen=True)
class Audit:
    """One audit. ``requires`` names the audits whose outputs it reads (they run first,
    reported or not); ``needs_index`` says it reads the evidence index."""

    name: str
    rules: tuple[Rule, ...]
    run: Callable[[AuditContext], AuditOutput]
    render: Callable[[str, Sequence[dict[str, Any]], str], str]
    requires: tuple[str, ...] = ()
    needs_index: bool = False
