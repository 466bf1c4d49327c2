"""`essaylint export --docx` and `essaylint export-used-sources`."""

from __future__ import annotations

from pathlib import Path

import click

from essaylint.cli.main import emit_json, handle_errors
from essaylint.cli.options import zotero_timeout_option
from essaylint.core.errors import EssaylintError
from essaylint.core.project import find_project
from essaylint.export.docx import ExportOptions, export_docx
from essaylint.export.sources import used_sources
from essaylint.export.zotero import ZoteroSettings

_DRAFT = click.Path(dir_okay=False, path_type=Path)


@click.command()
@click.argument("draft", type=_DRAFT)
@click.option("--docx", "docx", is_flag=True, help="Write a Word document (the only format).")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Where to write it (default: outputs/export/DRAFT.docx).",
)
@click.option(
    "--zotero",
    type=click.Choice(["auto", "off", "required", "embed"]),
    default="auto",
    show_default=True,
    help="auto: live fields when Zotero answers, else plain text; off: plain text; "
    "required: fail without Zotero; embed: live fields even without Zotero.",
)
@click.option(
    "--style",
    "--csl",
    "csl",
    help="Reference style: apa, harvard, chicago, ieee, vancouver, mla (shipped), a .csl "
    "path, or a style in your Zotero styles folder (default: export.style in "
    "essaylint.yaml, apa).",
)
@click.option(
    "--reference-doc",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Your own Word template instead of essaylint's.",
)
@click.option(
    "--force",
    is_flag=True,
    help="Export despite unknown, malformed or EVIDENCE_NEEDED citations (kept as plain text).",
)
@click.option(
    "--locale", help="Citation locale, e.g. en-GB (default: front matter lang, else en-US)."
)
@click.option("--word-limit", type=int, help="Word limit (default: from the front matter).")
@zotero_timeout_option
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.pass_context
@handle_errors
def export(
    ctx: click.Context,
    draft: Path,
    docx: bool,
    output: Path | None,
    zotero: str,
    csl: str | None,
    reference_doc: Path | None,
    force: bool,
    locale: str | None,
    word_limit: int | None,
    zotero_timeout: float,
    as_json: bool,
) -> None:
    """Export DRAFT as a Word document whose citations are live Zotero fields.

    Open the result in Microsoft Word with the Zotero plugin, then Zotero → Refresh: the
    citations and the bibliography become Zotero's, and the style can be switched.
    LibreOffice shows the document but cannot refresh its Zotero fields. Without Zotero
    (or with --zotero off) the citations and reference list are formatted by pandoc.
    The draft is never modified. Zotero is reached through its local API (Zotero 7,
    Settings → Advanced → allow other applications) or the web API (ZOTERO_API_KEY,
    ZOTERO_LIBRARY_ID, ZOTERO_LIBRARY_TYPE).

    \b
    Examples:
      essaylint export --docx drafts/essay.md
      essaylint export --docx drafts/essay.md --zotero off --style harvard
      essaylint export --docx drafts/essay.md --force -o essay-draft.docx --json
    """

    if not docx:
        raise_usage("say which format to write: --docx")
    project = find_project(ctx.obj["cwd"])
    if csl is None:
        from essaylint.config import load_config

        csl = load_config(project.config_path).export.style
    options = ExportOptions(
        output=_from_cwd(ctx, output),
        zotero=zotero,
        csl=csl,
        reference_doc=reference_doc,
        force=force,
        locale=locale,
        word_limit=word_limit,
        zotero_settings=ZoteroSettings.from_env(timeout=zotero_timeout),
    )
    report = export_docx(project, _draft_path(ctx, draft), options)
    if as_json:
        emit_json(report.as_dict())
        return
    for warning in report.warnings:
        click.echo(f"warning: {warning}", err=True)
    for problem in report.kept_as_text:
        click.echo(f"warning: {problem.where} kept as text: {problem.message}", err=True)
    for uid, why in report.unmatched.items():
        click.echo(f"not in Zotero: {uid} ({why}); library.csv data embedded", err=True)
    kind = "live Zotero fields" if report.document == "live" else "formatted text citations"
    click.echo(f"wrote {report.output}: {report.citations} citations as {kind}")
    click.echo(f"style: {report.style}")
    limit = f" of {report.word_limit}" if report.word_limit else ""
    over = " (over the limit)" if report.as_dict()["over_limit"] else ""
    click.echo(f"words: {report.word_count}{limit}{over}")
    if report.document == "live":
        click.echo("Open in Microsoft Word with the Zotero plugin, then Zotero → Refresh.")


@click.command("export-used-sources")
@click.argument("draft", type=_DRAFT)
@click.option(
    "-o",
    "--output-dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder for the files (default: outputs/export/).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.pass_context
@handle_errors
def export_used_sources(
    ctx: click.Context, draft: Path, output_dir: Path | None, as_json: bool
) -> None:
    """Write the sources DRAFT cites as CSL-JSON, BibTeX and RIS, and list their files.

    Each record keeps its doc_uid (in Extra / note, and as an essaylint:doc_… tag), so
    after importing them into Zotero `essaylint export --docx` finds the items again.
    Exit 1 when the draft cites ids that are not in library.csv.

    \b
    Examples:
      essaylint export-used-sources drafts/essay.md
      essaylint export-used-sources drafts/essay.md -o ~/Desktop/for-zotero --json
    """

    project = find_project(ctx.obj["cwd"])
    result = used_sources(project, _draft_path(ctx, draft), _from_cwd(ctx, output_dir))
    if as_json:
        emit_json(result.__dict__)
    else:
        for name, path in result.files.items():
            click.echo(f"{name}: {path}")
        for record in result.paths:
            state = "" if record["exists"] else " (missing)"
            click.echo(f"  {record['doc_uid']}  {record['path']}{state}")
        for copy, work in result.copies.items():
            click.echo(f"  {copy} is a copy of {work}: listed once, as {work}")
        for uid in result.unknown:
            click.echo(f"not in library.csv: {uid}", err=True)
    if result.unknown:
        ctx.exit(1)


def _draft_path(ctx: click.Context, draft: Path) -> Path:
    """DRAFT relative to -C (or the current folder); it must exist."""
    path = draft if draft.is_absolute() else ctx.obj["cwd"] / draft
    if not path.is_file():
        raise EssaylintError(f"draft not found: {path}", "give the path of a Markdown draft")
    return path.resolve()


def _from_cwd(ctx: click.Context, path: Path | None) -> Path | None:
    """An output path relative to -C (or the current folder)."""
    if path is None or path.is_absolute():
        return path
    return ctx.obj["cwd"] / path


def raise_usage(message: str) -> None:
    raise EssaylintError(message, "essaylint export --docx drafts/essay.md")
