"""`essaylint audit` and `essaylint verify-citations`: findings, tables, exit codes."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from essaylint.cli.main import emit_json, handle_errors

if TYPE_CHECKING:
    from essaylint.audit.runner import DraftReport


@click.command("verify-citations")
@click.argument("draft", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--suggest",
    is_flag=True,
    help="Also search the whole library for a better source for weak citations "
    "(slower: opens the full index).",
)
@click.option("--json", "as_json", is_flag=True, help="Print rows and findings as JSON.")
@click.pass_context
@handle_errors
def verify_citations(ctx: click.Context, draft: Path, suggest: bool, as_json: bool) -> None:
    """Check every citation in DRAFT: the source exists and is citable, Author-Year
    agrees with library.csv, and the cited document supports the sentence.

    Support is scored against the cited document's own passages only (k best, calibrated
    0-1; below verify_citations_threshold_T is WEAK). Writes
    outputs/audits/<draft>.citations.md. Exit 1 when a finding reaches audit.fail_on.

    \b
    Examples:
      essaylint verify-citations drafts/essay.md
      essaylint verify-citations drafts/essay.md --suggest
      essaylint verify-citations drafts/essay.md --json > citations.json
    """
    _run(ctx, (draft,), ("citations",), suggest, as_json)


@click.command()
@click.argument("drafts", nargs=-1, type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--only",
    "only",
    multiple=True,
    type=click.Choice(["citations", "claims", "style", "rubric"]),
    help="Run only this audit (repeatable).",
)
@click.option(
    "--suggest/--no-suggest",
    default=True,
    show_default=True,
    help="Search the library for a better source for weak citations.",
)
@click.option("--json", "as_json", is_flag=True, help="Print rows and findings as JSON.")
@click.pass_context
@handle_errors
def audit(
    ctx: click.Context,
    drafts: tuple[Path, ...],
    only: tuple[str, ...],
    suggest: bool,
    as_json: bool,
) -> None:
    """Audit DRAFTS (default: every drafts/*.md): citations, claims, style and rubric.

    Tables go to outputs/audits/<draft>.<audit>.md, findings to
    outputs/audits/<draft>.findings.json; the drafts are never modified.
    Exit 0 clean, 1 when a finding reaches audit.fail_on, 2 on usage errors.

    \b
    Examples:
      essaylint audit
      essaylint audit drafts/essay.md --only citations
      essaylint audit --only style        # needs no index
      essaylint audit --json > audit.json
    """
    _run(ctx, drafts, only, suggest, as_json)


def _run(
    ctx: click.Context,
    drafts: tuple[Path, ...],
    only: tuple[str, ...],
    suggest: bool,
    as_json: bool,
) -> None:
    from essaylint.audit.findings import fails
    from essaylint.audit.runner import default_drafts, run_audits
    from essaylint.config import load_config
    from essaylint.project import find_project

    cwd: Path = ctx.obj["cwd"]
    project = find_project(cwd)
    config = load_config(project.config_path)
    paths = [p if p.is_absolute() else cwd / p for p in drafts] or default_drafts(project, config)
    reports = run_audits(project, config, paths, only, suggest)
    failed = fails([f for r in reports for f in r.findings], config.audit.fail_on)
    if as_json:
        emit_json({"failed": failed, "drafts": [r.to_dict() for r in reports]})
    else:
        for report in reports:
            _print(report)
    sys.exit(1 if failed else 0)


def _print(report: DraftReport) -> None:
    for result in report.results:
        where = f" → {result.table}" if result.table else ""
        click.echo(f"{report.path}: {result.name}: {result.summary}{where}")
        for note in result.notes:
            click.echo(f"  note: {note}")
    for f in sorted(report.findings, key=lambda f: (f.line, f.column, f.rule)):
        click.echo(f"{f.file}:{f.line}:{f.column}: {f.severity} {f.rule} {f.message}")
        if f.suggestion:
            click.echo(f"    suggestion: {f.suggestion}")
