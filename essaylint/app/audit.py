"""`essaylint audit` / `verify-citations` and the audit MCP tools: the audits of some drafts."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from essaylint.app.backends import backends_for
from essaylint.audit.engine import default_drafts, run_audits
from essaylint.audit.findings import fails

if TYPE_CHECKING:
    from essaylint.app.context import AppContext
    from essaylint.audit.report import DraftReport
    from essaylint.config.schema import Config
    from essaylint.core.project import Project


def audit_drafts(
    project: Project,
    config: Config,
    drafts: list[Path],
    only: tuple[str, ...] = (),
    suggest: bool = False,
    write: bool = True,
    index_optional: bool = False,
) -> list[DraftReport]:
    """Every audit asked for, on each draft, with the configured models (``index_optional``:
    see ``run_audits``)."""
    backends = backends_for(config, project.root)
    return run_audits(project, config, drafts, backends, only, suggest, write, index_optional)


def with_counterevidence(config: Config, mode: str | None) -> Config:
    """``config`` with audit.counterevidence set to ``mode`` (None: as configured)."""
    if mode is None or mode == config.audit.counterevidence:
        return config
    audit = config.audit.model_copy(update={"counterevidence": mode})
    return config.model_copy(update={"audit": audit})


def audit_report(
    context: AppContext,
    drafts: list[str],
    only: tuple[str, ...] = (),
    suggest: bool = False,
    fail_on: str | None = None,
    counterevidence: str | None = None,
) -> tuple[list[DraftReport], bool, dict[str, Any]]:
    """The reports, whether they fail, and ``{"failed", "drafts"}`` (what `essaylint audit
    --json` prints and the MCP tools return); drafts default to every drafts/*.md.
    ``counterevidence``: off | soft | strict for this run, over audit.counterevidence."""
    project, config = context.project, with_counterevidence(context.config, counterevidence)
    paths = [context.resolve(d) for d in drafts] or default_drafts(project, config)
    reports = audit_drafts(project, config, paths, only, suggest)
    failed = fails([f for r in reports for f in r.findings], fail_on or config.audit.fail_on)
    return reports, failed, {"failed": failed, "drafts": [r.to_dict() for r in reports]}
