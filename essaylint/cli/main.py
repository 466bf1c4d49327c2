"""The `essaylint` command group: -C PATH, exit codes 0 clean / 1 findings / 2 errors.

The group is also the error boundary: whatever a command did not handle ends here as one
line saying what to do, never a raw traceback. An unexpected error (a bug) is exit 2 with
its traceback saved under .essaylint/logs/; Ctrl-C is exit 130.
"""

from __future__ import annotations

import functools
import importlib
import json
import sys
import tempfile
import traceback
from collections.abc import Callable, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, TypeVar

import click

from essaylint import __version__
from essaylint.core.errors import EssaylintError, InterruptError, environment_error

F = TypeVar("F", bound=Callable[..., Any])


class LazyGroup(click.Group):
    """A group whose subcommands are imported on first use (see COMMANDS), and the CLI's
    error boundary (``main``)."""

    def main(self, args: Sequence[str] | None = None, *pos: Any, **kwargs: Any) -> Any:
        if kwargs.get("standalone_mode", True) is False:
            return super().main(args, *pos, **kwargs)
        kwargs["standalone_mode"] = False
        arguments = list(sys.argv[1:] if args is None else args)
        try:
            code = super().main(arguments, *pos, **kwargs)
        except (click.exceptions.Abort, KeyboardInterrupt, EOFError):
            click.echo("\nessaylint: interrupted", err=True)
            sys.exit(InterruptError.exit_code)
        except click.ClickException as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except EssaylintError as exc:
            _print_error(exc)
            sys.exit(exc.exit_code)
        except BrokenPipeError:
            sys.stderr.close()  # `essaylint ... | head`: the reader left; nothing to say
            sys.exit(1)
        except Exception as exc:
            sys.exit(_report_crash(exc, arguments))
        sys.exit(code if isinstance(code, int) else 0)

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
    """Print an EssaylintError as `error: ... / hint: ...` and exit 2 (a full disk or a
    read-only folder too)."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except EssaylintError as exc:
            _print_error(exc)
            sys.exit(exc.exit_code)
        except OSError as exc:
            known = environment_error(exc)
            if known is None:
                raise
            _print_error(known)
            sys.exit(known.exit_code)

    return wrapper  # type: ignore[return-value]


def _print_error(exc: EssaylintError) -> None:
    if isinstance(exc, InterruptError):
        click.echo(f"\nessaylint: {exc.message}", err=True)
        return
    click.echo(f"error: {exc.message}", err=True)
    if exc.hint:
        click.echo(f"  hint: {exc.hint}", err=True)


def _report_crash(exc: Exception, arguments: list[str]) -> int:
    """One line for an unexpected error, its traceback in a log file; the exit code."""
    known = environment_error(exc)
    if known is not None:
        _print_error(known)
        return known.exit_code
    log = _save_traceback(exc, arguments)
    where = f"the traceback is in {log}" if log else "its traceback could not be saved"
    click.echo(
        f"error: unexpected {type(exc).__name__}: {_one_line(exc)} (a bug in essaylint; "
        f"{where}: please report it with that file)",
        err=True,
    )
    return 2


def _save_traceback(exc: Exception, arguments: list[str]) -> Path | None:
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%fZ")
    text = (
        f"essaylint {__version__} · python {sys.version.split()[0]} · {sys.platform}\n"
        f"command: essaylint {' '.join(arguments)}\n\n"
        + "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    )
    for folder in (_log_dir(arguments), Path(tempfile.gettempdir()) / "essaylint-logs"):
        if folder is None:
            continue
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"crash-{stamp}.log"
            path.write_text(text, encoding="utf-8", errors="replace")
        except OSError:
            continue
        return path
    return None


def _log_dir(arguments: list[str]) -> Path | None:
    """.essaylint/logs of the project the command ran in (None outside a project)."""
    from essaylint.core.project import find_project

    start = Path.cwd()
    if "-C" in arguments[:-1]:
        start = Path(arguments[arguments.index("-C") + 1])
    try:
        return find_project(start).store.folder("logs")
    except (EssaylintError, OSError):
        return None


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text[:200] or "(no message)"


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
