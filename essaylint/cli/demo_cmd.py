"""`essaylint demo`: the whole pipeline on the shipped sample, in a folder of its own."""

from __future__ import annotations

import tempfile
from pathlib import Path

import click

from essaylint.cli.main import emit_json, handle_errors


@click.command()
@click.option(
    "--dir",
    "directory",
    type=click.Path(file_okay=False, path_type=Path),
    help="Where to build the demo essay repo (default: a new temporary folder).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the ingest report as JSON.")
@handle_errors
def demo(directory: Path | None, as_json: bool) -> None:
    """Build a demo essay repo from the shipped sample papers and ingest them.

    Three openly licensed health-services papers are copied into raw/evidence/ of a new
    essay repo, then parsed, chunked, embedded and indexed on this machine.

    \b
    Examples:
      essaylint demo
      essaylint demo --dir /tmp/essay-demo
    """
    from essaylint.cli.ingest_cmd import print_summary, report_dict
    from essaylint.cli.progress import RichProgress
    from essaylint.config import load_config
    from essaylint.demo import prepare_demo
    from essaylint.ingest.pipeline import run_ingest
    from essaylint.project import Project

    root = (directory or Path(tempfile.mkdtemp(prefix="essaylint-demo-"))).resolve()
    copied = prepare_demo(root)
    project = Project(root)
    if not as_json:
        click.echo(f"demo essay repo: {root}\nsample sources: {', '.join(copied)}\n")
    progress = None if as_json else RichProgress()
    try:
        report = run_ingest(project, load_config(project.config_path), progress=progress)
    finally:
        if progress:
            progress.close()
    if as_json:
        emit_json(dict(report_dict(report), root=str(root)))
        return
    print_summary(report)
    click.echo(
        f"\nLook around: {root}/library.csv (metadata you may correct), "
        f"{root}/meta/parse_quality_report.md, {root}/meta/builds/"
    )
