"""`essaylint library`: list, show and correct the sources in library.csv; link them to Zotero."""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING

import click

from essaylint.cli.console import console, literal
from essaylint.cli.main import emit_json, handle_errors
from essaylint.cli.options import zotero_timeout_option
from essaylint.core.errors import EssaylintError
from essaylint.core.project import Project, find_project
from essaylint.core.records import LIBRARY_COLUMNS
from essaylint.export.zotero import (
    ZoteroSession,
    ZoteroSettings,
    ZoteroUnavailableError,
    apply_sync,
    plan_sync,
    sync_candidates,
)
from essaylint.ingest.library import library_entries, read_library
from essaylint.ingest.library import set_fields as write_fields

if TYPE_CHECKING:
    from essaylint.export.zotero import SyncPlan

READ_ONLY = frozenset({"doc_uid", "source_path", "status"})


@click.group()
def library() -> None:
    """List, show and correct source metadata (library.csv).

    \b
    Examples:
      essaylint library list
      essaylint library show doc_354b33f6
      essaylint library set doc_354b33f6 accessed_at=2026-11-20
      essaylint library set doc_354b33f6 "authors=Tully, Nuala E.; Morgan, Karen M."
      essaylint library zotero-sync --apply
    """


@library.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print the rows as JSON.")
@click.pass_context
@handle_errors
def list_sources(ctx: click.Context, as_json: bool) -> None:
    """One line per source: id, key, first author, year, type, citable, status.

    \b
    Examples:
      essaylint library list
      essaylint library list --json
    """

    rows = read_library(_project(ctx).library_csv)
    if as_json:
        emit_json(list(rows.values()))
        return
    from rich.table import Table

    table = Table()
    for column in (
        "doc_uid",
        "citation_key",
        "authors",
        "year",
        "source_type",
        "citable",
        "status",
    ):
        table.add_column(column, overflow="fold")
    for row in rows.values():
        first = row.get("authors", "").split(";")[0]
        table.add_row(
            *(
                literal(value)
                for value in (
                    row["doc_uid"],
                    row.get("citation_key", ""),
                    first,
                    row.get("year", ""),
                    row.get("source_type", ""),
                    row.get("citable", ""),
                    row.get("status", ""),
                )
            )
        )
    console().print(table)


@library.command()
@click.argument("doc_uid")
@click.option("--json", "as_json", is_flag=True, help="Print the row as JSON.")
@click.pass_context
@handle_errors
def show(ctx: click.Context, doc_uid: str, as_json: bool) -> None:
    """Every field of one source.

    \b
    Examples:
      essaylint library show doc_354b33f6
    """
    row = _row(_project(ctx), doc_uid)
    if as_json:
        emit_json(row)
        return
    width = max(len(k) for k in row)
    for key, value in row.items():
        click.echo(f"{key:<{width}}  {value}")


@library.command("set")
@click.argument("doc_uid")
@click.argument("assignments", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print the updated row as JSON.")
@click.pass_context
@handle_errors
def set_fields(
    ctx: click.Context, doc_uid: str, assignments: tuple[str, ...], as_json: bool
) -> None:
    """Correct fields of one source: KEY=VALUE ... (your values are never overwritten).

    \b
    Examples:
      essaylint library set doc_354b33f6 accessed_at=2026-11-20
      essaylint library set doc_354b33f6 year=2010 "title=Patient experiences of ..."
      essaylint library set doc_0d708b1d citable=false
    """

    project = _project(ctx)
    current = _row(project, doc_uid)
    updates = dict(_parse(a, current) for a in assignments)
    row = write_fields(project.library_csv, doc_uid, updates)
    if as_json:
        emit_json(row)
        return
    for key, value in updates.items():
        click.echo(f"{doc_uid}: {key} = {value}")
    click.echo("Run `essaylint ingest` to carry the change into the index.")


@library.command("zotero-sync")
@click.option(
    "--dry-run/--apply",
    "dry_run",
    default=True,
    help="Only show what would change (default), or write it (web API only).",
)
@zotero_timeout_option
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.pass_context
@handle_errors
def zotero_sync(ctx: click.Context, dry_run: bool, zotero_timeout: float, as_json: bool) -> None:
    """Write each source's doc_uid into its Zotero item's Extra field.

    For every present, citable row of library.csv the matching Zotero item is found as the
    export finds it; an item whose Extra has no `essaylint: doc_…` line gets one line
    `essaylint: <doc_uid>` (the rest of Extra is kept). Items whose Extra names another
    doc id are reported as conflicts and left alone; unmatched and ambiguous rows are
    listed. Only the web API (ZOTERO_API_KEY with write access, ZOTERO_LIBRARY_ID) can
    write; with Zotero's local API, which is read-only, the lines to paste are printed.
    Exit 1 when a conflict or a failed write is reported, 2 when no Zotero answers.

    \b
    Examples:
      essaylint library zotero-sync
      essaylint library zotero-sync --apply
      essaylint library zotero-sync --json
    """

    project = _project(ctx)
    entries = sync_candidates(library_entries(project.library_csv))
    if not entries:
        if as_json:
            emit_json({"api": "", "mode": "", "written": 0, "rows": []})
        else:
            click.echo(f"No present, citable sources in {project.library_csv.name}.")
        return
    settings = ZoteroSettings.from_env(timeout=zotero_timeout)
    try:
        session = ZoteroSession.connect(settings, prefer_web=True)
        plan = plan_sync(session, entries)
        if not dry_run:
            apply_sync(session, plan)
    except ZoteroUnavailableError as exc:
        raise EssaylintError(
            f"Zotero is not reachable: {exc.reason}",
            "set ZOTERO_API_KEY (a key with write access) and ZOTERO_LIBRARY_ID to write "
            "through the web API, or start Zotero 7 with its local API on (Settings → "
            "Advanced → 'Allow other applications on this computer to communicate with "
            "Zotero') to get the lines to paste",
        ) from None
    mode = "instructions" if session.api == "local" else ("dry-run" if dry_run else "apply")
    if as_json:
        emit_json(
            {
                "api": session.api,
                "mode": mode,
                "written": len(plan.by_status("added")),
                "rows": [row.as_dict() for row in plan.rows],
            }
        )
    else:
        _print_sync(plan, mode, settings.has_web_credentials)
    if plan.by_status("conflict") or plan.by_status("failed"):
        ctx.exit(1)


def _print_sync(plan: SyncPlan, mode: str, has_web_credentials: bool) -> None:
    if mode == "instructions":
        if has_web_credentials:
            click.echo("The web API did not answer; Zotero's local API did.")
        click.echo("Zotero local API (read-only: nothing was written):")
    elif mode == "dry-run":
        click.echo("Zotero web API (dry run: nothing was written):")
    else:
        click.echo(f"Zotero web API ({len(plan.by_status('added'))} item(s) written):")
    labels = {
        "added": "added",
        "add": "to add",
        "in-sync": "in sync",
        "conflict": "conflict",
        "failed": "failed",
        "ambiguous": "ambiguous",
        "unmatched": "unmatched",
    }
    for row in plan.rows:
        detail = f"+ {row.line}  {_short(row.title)}" if row.status in ("add", "added") else ""
        detail = detail or row.reason
        click.echo(f"  {labels[row.status]:<10} {row.doc_uid}  {row.item_key or '-':<8}  {detail}")
    counts = [f"{len(plan.by_status(s))} {labels[s]}" for s in labels if plan.by_status(s)]
    click.echo(", ".join(counts) or "nothing to do")
    if mode == "instructions":
        _print_instructions(plan)
    elif mode == "dry-run" and plan.by_status("add"):
        click.echo("Run `essaylint library zotero-sync --apply` to write the lines.")


def _print_instructions(plan: SyncPlan) -> None:
    rows = plan.by_status("add")
    if not rows:
        return
    click.echo(
        "\nTo link these items, open each one in Zotero and add the line to its Extra field "
        "(keep what is already there):"
    )
    for row in rows:
        click.echo(f"\n  {row.item_key}  {_short(row.title)}")
        click.echo(f"    open:  {row.select}")
        click.echo(f"    paste: {row.line}")
    click.echo(
        "\nOr set ZOTERO_API_KEY (a key with write access) and ZOTERO_LIBRARY_ID and run "
        "`essaylint library zotero-sync --apply` to have essaylint write them."
    )


def _short(text: str, width: int = 60) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _project(ctx: click.Context) -> Project:
    return find_project(ctx.obj["cwd"])


def _row(project: Project, doc_uid: str) -> dict[str, str]:

    rows = read_library(project.library_csv)
    if doc_uid not in rows:
        close = difflib.get_close_matches(doc_uid, list(rows), n=1)
        hint = f"did you mean {close[0]}?" if close else "see `essaylint library list`"
        raise EssaylintError(f"{doc_uid} is not in {project.library_csv.name}", hint)
    return rows[doc_uid]


def _parse(assignment: str, row: dict[str, str]) -> tuple[str, str]:
    key, sep, value = assignment.partition("=")
    key = key.strip()
    if not sep:
        raise EssaylintError(f"'{assignment}' is not KEY=VALUE", "e.g. year=2010")
    known = set(LIBRARY_COLUMNS) | set(row)
    if key not in known:
        close = difflib.get_close_matches(key, sorted(known), n=1)
        hint = f"did you mean '{close[0]}'?" if close else f"columns: {', '.join(LIBRARY_COLUMNS)}"
        raise EssaylintError(f"unknown library.csv column '{key}'", hint)
    if key in READ_ONLY:
        raise EssaylintError(f"'{key}' is set by essaylint and cannot be edited")
    if key == "citable" and value.strip().lower() not in {"true", "false"}:
        raise EssaylintError("citable must be true or false")
    if key == "year" and not _is_year(value.strip()):
        raise EssaylintError(
            f"year must be a four-digit year or empty, not '{value.strip()}'", "e.g. year=2010"
        )
    return key, value.strip()


def _is_year(value: str) -> bool:
    return value == "" or (len(value) == 4 and value.isascii() and value.isdigit())
