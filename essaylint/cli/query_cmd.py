"""`essaylint query`: hybrid search of the local index, answered as an evidence pack."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from essaylint.app.context import AppContext
from essaylint.app.counterevidence import counter_pack
from essaylint.app.query import ask, open_retriever
from essaylint.cli.console import console, literal
from essaylint.cli.main import emit_json, handle_errors
from essaylint.config import load_config
from essaylint.core.errors import EssaylintError
from essaylint.core.project import find_project
from essaylint.retrieve.engine import STALE_WARNING
from essaylint.retrieve.records import Filters, QueryInputs
from essaylint.retrieve.service import answer, read_batch

if TYPE_CHECKING:
    from essaylint.retrieve.records import EvidencePack

MODES = ("evidence", "papers", "instruction")


@click.command()
@click.argument("question", required=False)
@click.option("--en", help="The question in English (BM25 runs on it; dense runs on both).")
@click.option(
    "--mode",
    type=click.Choice(MODES),
    default="evidence",
    show_default=True,
    help="evidence: citable sources only; papers: the evidence-mode passages grouped by "
    "document (nothing more is retrieved); "
    "instruction: only the course material (guidance, feedback, slides, exemplars).",
)
@click.option("--year", help='Publication year: ">=2020", "2015-2020", "<2010" or "2014".')
@click.option("--source-type", "source_types", multiple=True, help="Keep this source_type.")
@click.option("--doc", "docs", multiple=True, help="Search only this doc_uid (repeatable).")
@click.option(
    "--where", "where", multiple=True, help="COLUMN=VALUE on library.csv (repeatable, AND)."
)
@click.option("--limit", type=click.IntRange(1, 50), help="Passages (as in evidence mode).")
@click.option(
    "--batch",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Answer every question in FILE: one per line, or JSONL {id, text, en}.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the pack as JSON (JSONL in batch).")
@click.option(
    "--counter",
    is_flag=True,
    help="Counterevidence: QUESTION is a claim; find what the library says against it "
    "(contradicts | limits, verbatim, with pages and ready citations). --doc names the "
    "documents the claim cites: only these may limit it.",
)
@click.pass_context
@handle_errors
def query(
    ctx: click.Context,
    question: str | None,
    en: str | None,
    mode: str,
    year: str | None,
    source_types: tuple[str, ...],
    docs: tuple[str, ...],
    where: tuple[str, ...],
    limit: int | None,
    batch: Path | None,
    as_json: bool,
    counter: bool,
) -> None:
    """Find evidence for QUESTION in the local index and write an evidence pack.

    Dense search runs on the question and on its English form, BM25 on the English form;
    results are fused (retrieval.fusion) and returned as 3-5 passages with page locators,
    exact quotes and ready-to-paste citations. Each query writes outputs/evidence/<query_id>.md and
    meta/query_runs/<query_id>.json (enough to re-run it). Nothing leaves this machine.

    \b
    Examples:
      essaylint query "barriers to quality improvement in Malawi"
      essaylint query "心力衰竭患者的焦点小组" --en "focus groups with heart failure patients"
      essaylint query "DVT prophylaxis complications" --year ">=2010" --limit 3
      essaylint query "trauma" --where citation_key=datta2010_complications-related
      essaylint query "heart failure" --mode papers
      essaylint query "how is the essay marked" --mode instruction
      essaylint query --batch questions.jsonl --json > answers.jsonl
      essaylint query "Exercise training reduces mortality in heart failure" --counter
    """
    if counter:
        if question is None or batch is not None:
            raise EssaylintError(
                "--counter takes one CLAIM", 'e.g. essaylint query "CLAIM" --counter'
            )
        pack = counter_pack(AppContext.open(ctx.obj["cwd"]), question, tuple(docs))
        emit_json(pack) if as_json else print_counter(pack)
        return

    if (question is None) == (batch is None):
        raise EssaylintError(
            "give either a QUESTION or --batch FILE", 'e.g. essaylint query "your question"'
        )
    project = find_project(ctx.obj["cwd"])
    config = load_config(project.config_path)
    retriever = open_retriever(project, config)
    filters = Filters(year, tuple(source_types), tuple(docs), tuple(where))
    if retriever.stale:  # once per command, on stderr (not again in each pack)
        click.echo(f"warning: {STALE_WARNING}", err=True)
    if batch is None:
        inputs = QueryInputs(question or "", en, mode, filters, limit)
        pack = ask(retriever, inputs).pack
        emit_json(pack.to_dict()) if as_json else print_pack(pack)
        if not pack.filters_matched:
            for warning in pack.warnings:
                click.echo(f"warning: {warning}", err=True)
            ctx.exit(1)
        return
    for batch_id, base in read_batch(batch):
        inputs = QueryInputs(base.question, base.en, mode, filters, limit)
        pack = answer(retriever, inputs).pack
        if as_json:
            line: dict[str, Any] = {"id": batch_id, **pack.to_dict()}
            click.echo(json.dumps(line, ensure_ascii=False, default=str))
        else:
            click.echo(f"\n[{batch_id}] {inputs.question}")
            print_pack(pack)


def print_pack(pack: EvidencePack) -> None:
    from rich.table import Table

    out = console()
    if pack.language_note:
        out.print(literal(pack.language_note, style="yellow"))
    if pack.inputs.terms:
        out.print(literal("expansion terms: ", ", ".join(pack.inputs.terms)))
    title = literal(pack.inputs.mode, ": ", pack.inputs.question)
    table = Table(title=title, show_lines=True, title_justify="left")
    for column in ("#", "citation", "pages", "quote"):
        table.add_column(column, overflow="fold")
    for item in pack.items:
        pages = item.locator.label() if item.locator.has_page else "no page (char anchor)"
        quote = " ".join(item.quote.split())
        table.add_row(str(item.rank), literal(item.citation), literal(pages), literal(quote))
    if pack.items:
        out.print(table)
    elif pack.filters_matched:  # otherwise the command names the filters that match nothing
        out.print("No passage matched this question.")
    out.print(
        literal(
            f"LOCATOR_QUALITY {pack.locator_quality:.2f} · build {pack.build_id} · "
            f"rerank {pack.rerank}"
        )
    )
    out.print(literal("evidence pack: ", pack.markdown_path))


def print_counter(pack: dict[str, Any]) -> None:
    from rich.table import Table

    out = console()
    if not pack["items"]:
        out.print(literal(f"{pack['status']}: nothing in the library contradicts or limits this"))
        out.print(literal("look outside the library: ", pack["suggested_query"]))
        return
    table = Table(title=literal("against: ", pack["claim"]), show_lines=True, title_justify="left")
    for column in ("relation", "citation", "quote", "cues", "confidence"):
        table.add_column(column, overflow="fold")
    for item in pack["items"]:
        table.add_row(
            item["relation"],
            literal(item["citation"]),
            literal(item["quote"]),
            ", ".join(item["cues"]),
            f"{item['confidence']:.2f}",
        )
    out.print(table)
    out.print(literal(f"build {pack['build_id']}"))
