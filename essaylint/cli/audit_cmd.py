"""`essaylint audit` and `essaylint verify-citations`: findings, tables, exit codes."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from essaylint.app.audit import audit_report
from essaylint.app.context import AppContext
from essaylint.audit import formats
from essaylint.cli.main import emit_json, handle_errors


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

    Support is judged against the cited document's own sentences only: OK (supported),
    CONTRADICTED (a close sentence says the opposite: quoted), WEAK (nothing there says
    it; support score below verify_citations_threshold_T) or UNCERTAIN (info). Writes
    outputs/audits/<draft>.citations.md. Exit 1 when a finding reaches audit.fail_on.

    \b
    Examples:
      essaylint verify-citations drafts/essay.md
      essaylint verify-citations drafts/essay.md --suggest
      essaylint verify-citations drafts/essay.md --json > citations.json
    """
    _run(ctx, (draft,), ("citations",), suggest, "json" if as_json else "text")


@click.command()
@click.argument("drafts", nargs=-1, type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--only",
    "only",
    multiple=True,
    type=click.Choice(["citations", "claims", "style", "rubric", "counterevidence"]),
    help="Run only this audit (repeatable).",
)
@click.option(
    "--counterevidence",
    "counterevidence",
    type=click.Choice(["off", "soft", "strict"]),
    default=None,
    help="Search the library for what contradicts or limits each claim: soft (high-risk "
    "claims, strong and unhedged) or strict (every claim and every other statement of the "
    "prose); default: audit.counterevidence "
    "(off). Writes outputs/audits/<draft>.counterevidence.md.",
)
@click.option(
    "--suggest/--no-suggest",
    default=True,
    show_default=True,
    help="Search the library for a better source for weak citations.",
)
@click.option("--json", "as_json", is_flag=True, help="Print rows and findings as JSON.")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "github", "sarif"]),
    default="text",
    show_default=True,
    help="github: workflow-command annotations (+ job summary when GITHUB_STEP_SUMMARY is "
    "set); sarif: SARIF 2.1.0 for code scanning.",
)
@click.option(
    "--fail-on",
    type=click.Choice(["error", "warning", "never"]),
    default=None,
    help="Exit 1 when a finding reaches this severity (default: audit.fail_on).",
)
@click.pass_context
@handle_errors
def audit(
    ctx: click.Context,
    drafts: tuple[Path, ...],
    only: tuple[str, ...],
    counterevidence: str | None,
    suggest: bool,
    as_json: bool,
    fmt: str,
    fail_on: str | None,
) -> None:
    """Audit DRAFTS (default: every drafts/*.md): citations, claims, style and rubric, and
    counterevidence when switched on.

    Tables go to outputs/audits/<draft>.<audit>.md, findings to
    outputs/audits/<draft>.findings.json; the drafts are never modified.
    Exit 0 clean, 1 when a finding reaches audit.fail_on, 2 on usage errors.

    \b
    Examples:
      essaylint audit
      essaylint audit drafts/essay.md --only citations
      essaylint audit --only style        # needs no index
      essaylint audit --json > audit.json
      essaylint audit --format github --fail-on error     # in GitHub Actions
      essaylint audit --format sarif > essaylint.sarif
      essaylint audit drafts/essay.md --counterevidence strict
    """
    _run(ctx, drafts, only, suggest, "json" if as_json else fmt, fail_on, counterevidence)


def _run(
    ctx: click.Context,
    drafts: tuple[Path, ...],
    only: tuple[str, ...],
    suggest: bool,
    fmt: str,
    fail_on: str | None = None,
    counterevidence: str | None = None,
) -> None:

    cwd: Path = ctx.obj["cwd"]
    context = AppContext.open(cwd)
    paths = [str(p if p.is_absolute() else cwd / p) for p in drafts]
    reports, failed, data = audit_report(context, paths, only, suggest, fail_on, counterevidence)
    threshold = fail_on or context.config.audit.fail_on
    if fmt == "json":
        emit_json(data)
    elif fmt == "sarif":
        click.echo(formats.sarif_text(reports, context.project.root))
    elif fmt == "github":
        for line in formats.github_annotations(reports):
            click.echo(line)
        formats.write_github_summary(reports, failed)
        click.echo(formats.text_report(reports, threshold, full=False))
    else:
        click.echo(formats.text_report(reports, threshold))
    sys.exit(1 if failed else 0)
