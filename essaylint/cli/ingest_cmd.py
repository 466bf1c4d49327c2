"""`essaylint ingest`: parse, normalise, chunk, embed and index the sources in raw/."""

from __future__ import annotations

import sys

import click

from essaylint.app.githooks import hooks_installed
from essaylint.app.ingest import STAGES, IngestReport, run_ingest
from essaylint.cli import server
from essaylint.cli.console import console, labelled, literal
from essaylint.cli.main import emit_json, handle_errors
from essaylint.cli.progress import RichProgress
from essaylint.config import load_config
from essaylint.core.errors import InterruptError
from essaylint.core.project import find_project

INTERRUPTED = "interrupted; the previous index is intact; run `essaylint ingest` to resume"


@click.command()
@click.option(
    "--only",
    type=click.Choice(STAGES),
    help="Run one stage on the caches of the stages before it.",
)
@click.option(
    "--wait",
    "wait_s",
    type=click.FloatRange(min=0),
    default=600,
    show_default=True,
    help="Seconds to wait for another ingest of this repo to finish (0: exit 2 at once).",
)
@click.option(
    "--rebuild", is_flag=True, help="Write a new index even when it looks current (damaged)."
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.pass_context
@handle_errors
def ingest(
    ctx: click.Context, only: str | None, wait_s: float, rebuild: bool, as_json: bool
) -> None:
    """Bring the local evidence index up to date with raw/.

    Incremental: an unchanged file costs nothing, a changed one is redone, a deleted one
    leaves the index. Interrupted runs resume where they stopped; the previous index stays
    usable until the new one is complete. A file that cannot be ingested is named with
    what to do, and the others are indexed. Nothing leaves this machine. Progress goes to
    stderr: a bar per stage on a terminal, elsewhere (an agent, CI, --json) a line such as
    "ingest: embed 1200/5400 (45 s)" every 15 s of a long stage.

    Exit 0 when every file was ingested, 1 when some failed, 2 on an error.

    \b
    Examples:
      essaylint ingest
      essaylint ingest --only parse      # re-parse, e.g. after fixing a PDF
      essaylint ingest --json > ingest.json
      essaylint ingest --rebuild         # after a query said the index is damaged
    """

    project = find_project(ctx.obj["cwd"])
    config = load_config(project.config_path)
    progress = RichProgress(bars=not as_json)  # with --json: the plain heartbeat on stderr
    try:
        report = run_ingest(
            project,
            config,
            only=only,
            progress=progress,
            wait_s=wait_s,
            on_wait=_waiting,
            rebuild=rebuild,
        )
    except KeyboardInterrupt:
        raise InterruptError(INTERRUPTED) from None
    finally:
        if progress:
            progress.close()
    if as_json:
        emit_json(report_dict(report))
    else:
        print_summary(report)
    if report.build_id and not report.nothing_to_do and hooks_installed(project.root):
        server.start_for(project, config)  # the next commit finds the models loaded
    if report.failed:
        sys.exit(1)


def _waiting(holder: str) -> None:
    click.echo(f"essaylint: another ingest is running ({holder}); waiting for it…", err=True)


def report_dict(report: IngestReport) -> dict:
    return {
        "build_id": report.build_id,
        "nothing_to_do": report.nothing_to_do,
        "stages_run": report.stages_run,
        "documents": [o.__dict__ for o in report.outcomes],
        "skipped": [{"path": p, "reason": r} for p, r in report.skipped],
        "timings_s": {k: round(v, 3) for k, v in report.timings.items()},
        "new_duplicate_groups": report.new_duplicate_groups,
    }


def print_summary(report: IngestReport) -> None:
    from rich.table import Table

    out = console()
    if report.nothing_to_do:
        out.print(
            f"Nothing to do: the index is current (build {report.build_id}, "
            f"{report.count('unchanged')} documents unchanged)."
        )
    failed = [o for o in report.outcomes if o.status == "failed"]
    if not report.nothing_to_do:
        table = Table(title="ingest", show_lines=False)
        for column in ("status", "doc_uid", "file", "pages", "parents", "children", "embedded"):
            table.add_column(
                column,
                justify="right"
                if column in {"pages", "parents", "children", "embedded"}
                else "left",
            )
        for o in sorted(report.outcomes, key=lambda o: o.path):
            if o.status == "failed":
                continue
            note = " (check parse)" if o.needs_manual_check else ""
            name = o.path.rsplit("/", 1)[-1]
            table.add_row(
                o.status,
                o.doc_uid,
                literal(name, note),
                str(o.pages),
                str(o.parents),
                str(o.children),
                str(o.embedded),
            )
        out.print(table)
    for o in failed:
        stage = f" (at {o.stage})" if o.stage else ""
        out.print(
            labelled("failed", "red", o.path, stage, ": ", o.reason, "\n    what to do: ", o.hint)
        )
    for o in report.outcomes:
        if o.needs_ocr_pages:
            listed = ", ".join(str(p) for p in o.needs_ocr_pages)
            which = f"pages {listed} have" if len(o.needs_ocr_pages) > 1 else f"page {listed} has"
            note = f": {which} no text layer"
            out.print(labelled("needs OCR", "yellow", o.path, note))
    for path, reason in report.skipped:
        out.print(labelled("skipped", "yellow", path, ": ", reason))
    for group in report.new_duplicate_groups:
        others = ", ".join(u for u in group["doc_uids"] if u != group["preferred"])
        note = f" {group['preferred']} (preferred) = {others}: {group['why']}"
        out.print(labelled(f"{group['kind']} of one work", "cyan", note.lstrip()))
    if report.new_duplicate_groups:
        out.print("    see: essaylint library duplicates (library.csv duplicate_of decides)")
    counts = ", ".join(
        f"{report.count(s)} {s}"
        for s in ("new", "changed", "unchanged", "removed", "failed")
        if report.count(s)
    )
    timings = ", ".join(f"{k} {v:.1f}s" for k, v in report.timings.items())
    out.print(f"documents: {counts or 'none'}; time: {timings}")
    if report.build_id and not report.nothing_to_do:
        out.print(f"build {report.build_id}; quality report: meta/parse_quality_report.md")
