"""`essaylint log [DRAFT]`: the audit summaries noted on each commit, as a table, terminal
sparklines and a chart (SVG, or PNG with matplotlib) under outputs/log/."""

from __future__ import annotations

import contextlib
import datetime as dt
from pathlib import Path

import click

from essaylint.app.context import AppContext
from essaylint.app.hooks import note_unnoted
from essaylint.cli.main import emit_json, handle_errors
from essaylint.core.errors import EssaylintError
from essaylint.core.fsio import atomic_write_text
from essaylint.views.history import trend
from essaylint.views.history.notes import CITATION_STATUSES, history


@click.command("log")
@click.argument("draft", required=False, type=click.Path(dir_okay=False, path_type=Path))
@click.option("-n", "limit", type=int, default=0, help="Only the last N commits.")
@click.option(
    "--chart",
    type=click.Choice(["svg", "png", "none"]),
    default="svg",
    show_default=True,
    help="Write the trend chart to outputs/log/<draft>.<svg|png> (png needs matplotlib).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the noted summaries as JSON.")
@click.pass_context
@handle_errors
def log(ctx: click.Context, draft: Path | None, limit: int, chart: str, as_json: bool) -> None:
    """The essay's audit history: one row per commit that changed DRAFT (default: every
    draft with notes), read from the git notes on refs/notes/essaylint.

    \b
    Examples:
      essaylint log
      essaylint log drafts/essay.md -n 20
      essaylint log drafts/essay.md --chart png
      git fetch origin refs/notes/essaylint:refs/notes/essaylint   # notes from a remote
    """

    cwd: Path = ctx.obj["cwd"]
    context = AppContext.open(cwd)
    project = context.project
    with contextlib.suppress(EssaylintError):  # a broken essaylint.yaml: show what is noted
        note_unnoted(project, context.config, audits=5)  # the last commits no hook noted
    points = history(project.root)
    names = sorted({name for p in points for name in p.drafts})
    if draft is not None:
        wanted = project.relative((draft if draft.is_absolute() else cwd / draft).resolve())
        if wanted not in names:
            raise EssaylintError(
                f"no audit notes for {wanted}",
                "commit it with the essaylint hooks installed (`pre-commit install` or "
                "`essaylint hook install`), or fetch refs/notes/essaylint",
            )
        names = [wanted]
    if not names:
        raise EssaylintError(
            "no audit notes on refs/notes/essaylint yet",
            "install the hooks (`pre-commit install`, or `essaylint hook install`) and "
            "commit a draft",
        )
    if as_json:
        emit_json(
            [
                {"commit": p.commit, "time": p.time, "subject": p.subject, "drafts": p.drafts}
                for p in points
            ]
        )
        return
    for name in names:
        mine = [p for p in points if name in p.drafts]
        if limit:
            mine = mine[-limit:]
        click.echo(f"## {name}: {len(mine)} commits\n")
        click.echo(table(mine, name))
        all_series = trend.series(mine, name)
        click.echo("")
        for s in all_series:
            line = trend.sparkline(s.values)
            if line:
                known = [v for v in s.values if v is not None]
                click.echo(f"{s.name:>24}  {line}  {known[0]:g} → {known[-1]:g}")
        if chart != "none":
            path = write_chart(project.outputs / "log", name, mine, all_series, chart)
            click.echo(f"\nchart: {project.relative(path)}")


def table(points: list, name: str) -> str:
    lines = [
        "| commit | date | words | claims NEED | citations OK/UNCERTAIN/WEAK/CONTRADICTED/"
        "MISSING/NOT_CITABLE/UNKNOWN "
        "| style | rubric covered | errors | subject |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for p in points:
        s = p.drafts[name]
        cites = s.get("citations") or {}
        cite = "/".join(str(cites.get(k, 0)) for k in CITATION_STATUSES) if cites else ""
        rubric = s.get("rubric") or {}
        covered = f"{rubric['covered']}/{rubric['total']}" if rubric else ""
        claims = s.get("claims") or {}
        when = dt.datetime.fromtimestamp(p.time).strftime("%Y-%m-%d %H:%M")
        subject = p.subject.replace("|", "\\|")[:50]
        lines.append(
            f"| {p.commit[:8]} | {when} | {s.get('words', '')} | {claims.get('need', '')} "
            f"| {cite} | {(s.get('style') or {}).get('findings', '')} | {covered} "
            f"| {(s.get('findings') or {}).get('error', 0)} | {subject} |"
        )
    return "\n".join(lines)


def write_chart(folder: Path, name: str, points: list, all_series: list, kind: str) -> Path:

    folder.mkdir(parents=True, exist_ok=True)
    stem = Path(name).stem
    labels = [p.commit[:7] for p in points]
    title = f"essaylint: {name}"
    if kind == "png":
        path = folder / f"{stem}.png"
        try:
            trend.png_chart(str(path), title, labels, all_series)
        except ImportError as exc:
            raise EssaylintError(
                "--chart png needs matplotlib", "pip install matplotlib, or use --chart svg"
            ) from exc
        return path
    path = folder / f"{stem}.svg"
    atomic_write_text(path, trend.svg_chart(title, labels, all_series))
    return path
