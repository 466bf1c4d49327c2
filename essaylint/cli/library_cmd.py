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
from essaylint.ingest.library import EVIDENCE_STATE, library_entries, read_library
from essaylint.ingest.library import set_fields as write_fields
from essaylint.ingest.library_columns import READ_ONLY, RECORD_COLUMNS, check_value
from essaylint.ingest.library_updates import SOURCES

if TYPE_CHECKING:
    from essaylint.app.library import EnrichReport
    from essaylint.export.zotero import SyncPlan
    from essaylint.ingest.library_updates import Proposal


@click.group()
def library() -> None:
    """List, show and correct source metadata (library.csv).

    \b
    Examples:
      essaylint library list
      essaylint library show doc_354b33f6
      essaylint library set doc_354b33f6 accessed_at=2026-11-20
      essaylint library set doc_354b33f6 "authors=Tully, Nuala E.; Morgan, Karen M."
      essaylint library enrich --apply
      essaylint library zotero-sync --apply
      essaylint library duplicates
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
@click.option("--json", "as_json", is_flag=True, help="Print the groups as JSON.")
@click.pass_context
@handle_errors
def duplicates(ctx: click.Context, as_json: bool) -> None:
    """Copies and versions of one work, as the last ingest found them.

    A copy (the same text in other bytes or another format) is cited as its group's
    preferred one: library.csv's duplicate_of says which; set or clear it to decide.
    Versions (preprint and published, v1 and v2) stay separate sources.

    \b
    Examples:
      essaylint library duplicates
      essaylint library duplicates --json
      essaylint library set doc_5d6e7f80 duplicate_of=     # keep this copy apart
    """
    from essaylint.app.duplicates import duplicate_groups

    result = duplicate_groups(_project(ctx))
    if as_json:
        emit_json(result)
        return
    if not result["groups"]:
        click.echo("no copies or versions of one work found")
        return
    for group in result["groups"]:
        others = [u for u in group["doc_uids"] if u != group["preferred"]]
        click.echo(f"{group['kind']}: {group['preferred']} (preferred) = {', '.join(others)}")
        click.echo(f"    why: {group['why']}")
        if group.get("kept_apart"):
            click.echo(f"    kept apart by you: {', '.join(group['kept_apart'])}")


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
    project = _project(ctx)
    row = _row(project, doc_uid)
    if as_json:
        emit_json(row)
        return
    width = max(len(k) for k in row)
    for key, value in row.items():
        click.echo(f"{key:<{width}}  {value}")
    evidence = (project.store.state(EVIDENCE_STATE).read({}) or {}).get(doc_uid, {})
    if evidence:
        click.echo("\nread from the PDF (where, and how sure):")
        for key, where in evidence.items():
            click.echo(f"  {key:<{width}}  {where}")


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
    if "citation_key" in updates:
        _check_unique_key(project, doc_uid, updates["citation_key"])
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


@library.command()
@click.argument("doc_uids", nargs=-1)
@click.option(
    "--from",
    "sources",
    default="zotero,crossref,openalex",
    show_default=True,
    help="Where to look, in order of trust: zotero (your own library), crossref, openalex.",
)
@click.option("--apply", is_flag=True, help="Write the proposed values (fills; see --replace).")
@click.option(
    "--replace",
    is_flag=True,
    help="With --apply, let Crossref/OpenAlex also replace values read from the PDF.",
)
@click.option("-i", "--interactive", is_flag=True, help="With --apply, ask before each change.")
@click.option(
    "--field",
    "columns",
    multiple=True,
    type=click.Choice(RECORD_COLUMNS),
    help="Only these columns (repeatable).",
)
@click.option("--refresh", is_flag=True, help="Ask again instead of reusing cached answers.")
@zotero_timeout_option
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.pass_context
@handle_errors
def enrich(
    ctx: click.Context,
    doc_uids: tuple[str, ...],
    sources: str,
    apply: bool,
    replace: bool,
    interactive: bool,
    columns: tuple[str, ...],
    refresh: bool,
    zotero_timeout: float,
    as_json: bool,
) -> None:
    """Complete library.csv from your Zotero and (online) Crossref and OpenAlex.

    For each source (all present ones, or the DOC_UIDs given) the same work is looked up:
    in your Zotero by citation key, essaylint marker, DOI, then title and year; in Crossref
    and OpenAlex by DOI, else by title, year and first author (only a sure match is taken).
    The difference is shown field by field: + fills an empty cell, ~ replaces a value read
    from the PDF, = a cell you edited (never changed), ! Crossref and OpenAlex disagree
    (left alone). Nothing is written without --apply; --apply writes fills, and Zotero's
    replacements (your own records); --replace also lets Crossref/OpenAlex replace.

    This is the only command that sends anything off the machine: the title, first author,
    year and DOI of each source go to Crossref and OpenAlex (and to Zotero's web API when
    ZOTERO_API_KEY is set). Set library.mailto in essaylint.yaml to join their polite pool.

    \b
    Examples:
      essaylint library enrich
      essaylint library enrich --from zotero
      essaylint library enrich doc_354b33f6 --apply
      essaylint library enrich --apply --replace --field container --field volume
      essaylint library enrich --apply -i
    """
    from essaylint.app.library import EnrichOptions, enrich_library
    from essaylint.config import load_config

    project = _project(ctx)
    chosen = tuple(s.strip() for s in sources.split(",") if s.strip())
    unknown = [s for s in chosen if s not in SOURCES]
    if unknown or not chosen:
        raise EssaylintError(f"--from {sources!r}: choose from {', '.join(SOURCES)}")
    options = EnrichOptions(
        uids=list(doc_uids),
        sources=chosen,
        apply=apply,
        replace=replace,
        columns=columns,
        refresh=refresh,
        zotero_settings=ZoteroSettings.from_env(timeout=zotero_timeout),
        confirm=_ask if interactive and apply else None,
    )
    config = load_config(project.config_path)
    say = None if as_json else (lambda m: click.echo(m, err=True))
    report = enrich_library(project, config, options, say)
    if as_json:
        emit_json(report.as_dict())
    else:
        _print_enrich(report, apply, config.library.mailto)
    if report.sources and all(v.startswith("not reachable") for v in report.sources.values()):
        ctx.exit(2)


_MARKS = {"fill": "+", "replace": "~", "kept": "=", "conflict": "!"}


def _print_enrich(report: EnrichReport, applied: bool, mailto: str | None) -> None:
    for source, state in report.sources.items():
        click.echo(f"{source}: {state}")
    by_uid: dict[str, list[Proposal]] = {}
    for proposal in report.proposals:
        by_uid.setdefault(proposal.doc_uid, []).append(proposal)
    written = {(p.doc_uid, p.column) for p in report.written}
    for row in report.rows:
        click.echo(f"\n{row.doc_uid}  {row.citation_key}  {_short(row.title)}")
        for source, how in row.matched.items():
            click.echo(f"    matched in {source}: {how}")
        for source, why in row.unmatched.items():
            click.echo(f"    not in {source}: {why}")
        for p in by_uid.get(row.doc_uid, []):
            done = " (written)" if (p.doc_uid, p.column) in written else ""
            click.echo(f"  {_MARKS[p.kind]} {p.column}: {_change(p)}{done}")
    counts = {k: sum(p.kind == k for p in report.proposals) for k in _MARKS}
    summary = ", ".join(f"{n} {k}" for k, n in counts.items() if n) or "nothing to change"
    click.echo(f"\n{summary}; {len(report.written)} written")
    if not applied and (counts["fill"] or counts["replace"]):
        click.echo("Run `essaylint library enrich --apply` to write the fills (--replace for ~).")
    if not mailto and any(s in report.sources for s in ("crossref", "openalex")):
        click.echo(
            "hint: set library.mailto in essaylint.yaml to use Crossref's and "
            "OpenAlex's polite pools",
            err=True,
        )


def _change(p: Proposal) -> str:
    if p.kind == "conflict":
        return f"{p.current!r} kept: {p.note}"
    if p.kind == "kept":
        return f"{p.current!r} kept ({p.note}; {p.source} says {p.value!r})"
    return f"{p.current!r} → {p.value!r} ({p.source})"


def _ask(proposal: Proposal) -> bool:
    return click.confirm(
        f"{proposal.doc_uid} {proposal.column}: {_change(proposal)}?", default=True, err=True
    )


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


def _check_unique_key(project: Project, doc_uid: str, key: str) -> None:
    for uid, row in read_library(project.library_csv).items():
        if uid != doc_uid and row.get("citation_key", "") == key:
            raise EssaylintError(f"citation key '{key}' is already {uid}'s", "choose another key")


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
    try:
        return key, check_value(key, value)
    except ValueError as exc:
        raise EssaylintError(f"{key}={value!r} is not a valid {key}: {exc}") from None
