"""The `essaylint` command group: -C PATH, exit codes 0 clean / 1 findings / 2 errors."""

from __future__ import annotations

import functools
import importlib
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from essaylint import __version__
from essaylint.core.errors import EssaylintError

F = TypeVar("F", bound=Callable[..., Any])


class LazyGroup(click.Group):
    """A group whose subcommands are imported on first use (see COMMANDS)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        target = COMMANDS.get(name)
        if target is None:
            return None
        module, attribute = target.split(":")
        return getattr(importlib.import_module(module), attribute)


@click.group(
    cls=LazyGroup,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
@click.option(
    "-C",
    "directory",
    type=click.Path(file_okay=False, path_type=Path),
    help="Run as if essaylint was started in this folder.",
)
@click.version_option(__version__, prog_name="essaylint")
@click.pass_context
def cli(ctx: click.Context, directory: Path | None) -> None:
    """essaylint: evidence-checked essays in a git repo.

    \b
    Examples:
      essaylint new my-essay && cd my-essay
      cp ~/Downloads/*.pdf raw/evidence/
      essaylint ingest
    """
    if directory is not None and not directory.is_dir():
        problem = "is not a folder" if directory.exists() else "does not exist"
        click.echo(f"error: -C {directory}: the folder {problem}", err=True)
        click.echo("  hint: pass -C the path of an existing folder (your essay repo)", err=True)
        sys.exit(2)
    ctx.obj = {"cwd": (directory or Path.cwd()).resolve()}


def handle_errors(func: F) -> F:
    """Print an EssaylintError as `error: ... / hint: ...` and exit 2."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except EssaylintError as exc:
            click.echo(f"error: {exc.message}", err=True)
            if exc.hint:
                click.echo(f"  hint: {exc.hint}", err=True)
            sys.exit(exc.exit_code)

    return wrapper  # type: ignore[return-value]


def emit_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=1, ensure_ascii=False, default=str))


# Command name -> "module:attribute". Modules are imported only when their command runs,
# so `essaylint hook run` on every commit does not pay for importing the whole CLI.
COMMANDS: dict[str, str] = {
    "demo": "essaylint.cli.demo_cmd:demo",
    "init": "essaylint.cli.init_cmd:init",
    "new": "essaylint.cli.init_cmd:new",
    "ingest": "essaylint.cli.ingest_cmd:ingest",
    "query": "essaylint.cli.query_cmd:query",
    "follow": "essaylint.cli.follow_cmd:follow",
    "locate": "essaylint.cli.follow_cmd:locate",
    "relevance": "essaylint.cli.relevance_cmd:relevance",
    "audit": "essaylint.cli.audit_cmd:audit",
    "verify-citations": "essaylint.cli.audit_cmd:verify_citations",
    "rubric": "essaylint.cli.rubric_cmd:rubric",
    "brief": "essaylint.cli.rubric_cmd:brief",
    "export": "essaylint.cli.export_cmd:export",
    "export-used-sources": "essaylint.cli.export_cmd:export_used_sources",
    "hook": "essaylint.cli.hook_cmd:hook",
    "log": "essaylint.cli.log_cmd:log",
    "library": "essaylint.cli.library_cmd:library",
    "rules": "essaylint.cli.rules_cmd:rules",
    "doctor": "essaylint.cli.doctor_cmd:doctor",
    "mcp": "essaylint.cli.mcp_cmd:mcp",
    "tools": "essaylint.cli.mcp_cmd:tools",
    "runs": "essaylint.cli.runs_cmd:runs",
    "overview": "essaylint.cli.overview_cmd:overview",
    "connect": "essaylint.cli.connect_cmd:connect",
    "themes": "essaylint.cli.themes_cmd:themes",
}
