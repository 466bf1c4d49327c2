"""`essaylint mcp` (the tools over MCP, stdio) and `essaylint tools` (list, schema, call)."""

from __future__ import annotations

import json
import sys

import click

from essaylint.app.context import AppContext
from essaylint.cli.main import emit_json, handle_errors
from essaylint.core.errors import EssaylintError
from essaylint.tools.catalog import all_tools, get_tool
from essaylint.tools.mcp_server import serve_stdio
from essaylint.tools.session import ToolSession


@click.command("mcp")
@click.option(
    "--max-calls",
    type=click.IntRange(1),
    default=200,
    show_default=True,
    help="Budget: tool calls per server process before it refuses (budget_reached).",
)
@click.option("--no-log", is_flag=True, help="Do not write the run to .essaylint/runs/.")
@click.pass_context
@handle_errors
def mcp(ctx: click.Context, max_calls: int, no_log: bool) -> None:
    """Serve essaylint's tools to a coding agent over MCP (stdio).

    Tools: query, retrieve, filter, search_sources, verify, audit, rubric_coverage,
    relevance, counterevidence (+ follow, locate when installed). Resources: outputs/evidence/*.md,
    outputs/audits/*, outputs/relevance/*.html. Every call is logged to
    .essaylint/runs/<run_id>.jsonl (see `essaylint runs`). Needs the `mcp` extra.

    \b
    Examples:
      essaylint mcp                      # started by the agent (.mcp.json, .codex/config.toml)
      essaylint -C ~/essays/my-essay mcp
    """
    try:
        import mcp as _sdk  # noqa: F401
    except ImportError as exc:
        raise EssaylintError(
            "the MCP server needs the official MCP SDK", "pip install 'essaylint[mcp]'"
        ) from exc

    context = AppContext.open(ctx.obj["cwd"])
    session = ToolSession.open(context, log=not no_log, max_calls=max_calls)
    click.echo(f"essaylint mcp: serving {context.project.root} (run {session.run_id})", err=True)
    serve_stdio(session)


@click.group("tools")
def tools() -> None:
    """The typed tools behind `essaylint mcp`: list them, print their schemas, call one.

    \b
    Examples:
      essaylint tools list
      essaylint tools schema query
      essaylint tools call search_sources '{"query": "tully 2010"}'
    """


@tools.command("list")
@click.option("--json", "as_json", is_flag=True, help="Names, descriptions and CLI forms.")
def tools_list(as_json: bool) -> None:
    """Every tool with its one-line purpose.

    \b
    Examples:
      essaylint tools list
      essaylint tools list --json
    """

    rows = [{"name": t.name, "description": t.description, "cli": t.cli} for t in all_tools()]
    if as_json:
        emit_json(rows)
        return
    for row in rows:
        click.echo(f"{row['name']:<16} {row['description'].split('. ')[0]}")


@tools.command("schema")
@click.argument("name")
@handle_errors
def tools_schema(name: str) -> None:
    """The JSON Schemas of NAME's arguments and result.

    \b
    Examples:
      essaylint tools schema query
    """

    tool = get_tool(name)
    emit_json({"name": tool.name, "input": tool.input_schema(), "output": tool.output_schema()})


@tools.command("call")
@click.argument("name")
@click.argument("arguments", default="{}")
@click.option("--no-log", is_flag=True, help="Do not write the run to .essaylint/runs/.")
@click.pass_context
@handle_errors
def tools_call(ctx: click.Context, name: str, arguments: str, no_log: bool) -> None:
    """Call tool NAME with ARGUMENTS (a JSON object; `-` reads it from stdin), print the
    result as JSON, and log the call as a one-call run.

    \b
    Examples:
      essaylint tools call query '{"question": "heart failure self-care"}'
      essaylint tools call verify '{"draft": "drafts/essay.md"}'
    """

    text = sys.stdin.read() if arguments == "-" else arguments
    try:
        args = json.loads(text)
    except json.JSONDecodeError as exc:
        hint = """e.g. '{"question": "..."}'"""
        raise EssaylintError(f"ARGUMENTS is not JSON: {exc}", hint) from exc
    session = ToolSession.open(AppContext.open(ctx.obj["cwd"]), log=not no_log)
    try:
        emit_json(session.call(name, args))
    finally:
        session.complete()
    if session.run_id:
        click.echo(f"run {session.run_id}", err=True)
