"""`essaylint library`: list, show and correct the metadata of the sources in library.csv."""

from __future__ import annotations

import difflib

import click

from essaylint.cli.main import emit_json, handle_errors
from essaylint.errors import EssaylintError
from essaylint.project import Project, find_project
from essaylint.records import LIBRARY_COLUMNS

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
    from essaylint.ingest.library import read_library

    rows = read_library(_project(ctx).library_csv)
    if as_json:
        emit_json(list(rows.values()))
        return
    from rich.console import Console
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
            row["doc_uid"],
            row.get("citation_key", ""),
            first,
            row.get("year", ""),
            row.get("source_type", ""),
            row.get("citable", ""),
            row.get("status", ""),
        )
    Console().print(table)


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
    from essaylint.ingest.library import set_fields as write_fields

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


def _project(ctx: click.Context) -> Project:
    return find_project(ctx.obj["cwd"])


def _row(project: Project, doc_uid: str) -> dict[str, str]:
    from essaylint.ingest.library import read_library

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
    return key, value.strip()
