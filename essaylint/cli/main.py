"""The `essaylint` command group: -C PATH, exit codes 0 clean / 1 findings / 2 errors."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from essaylint import __version__
from essaylint.errors import EssaylintError

F = TypeVar("F", bound=Callable[..., Any])


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
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


def _register() -> None:
    from essaylint.cli import (
        audit_cmd,
        demo_cmd,
        export_cmd,
        ingest_cmd,
        init_cmd,
        query_cmd,
        rubric_cmd,
    )

    for command in (
        demo_cmd.demo,
        init_cmd.init,
        init_cmd.new,
        ingest_cmd.ingest,
        query_cmd.query,
        audit_cmd.audit,
        audit_cmd.verify_citations,
        rubric_cmd.rubric,
        rubric_cmd.brief,
        export_cmd.export,
        export_cmd.export_used_sources,
    ):
        cli.add_command(command)


_register()
