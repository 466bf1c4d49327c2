"""`essaylint hook run | note | install`: the entry points of .pre-commit-hooks.yaml and of
the plain scripts in hooks/. Short output; the full tables go to outputs/audits/."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from essaylint.app.context import AppContext
from essaylint.app.githooks import install as install_hooks
from essaylint.app.hooks import hook_note, hook_run, note_unnoted
from essaylint.audit import formats
from essaylint.cli import server, warm
from essaylint.cli.main import handle_errors
from essaylint.core.errors import EssaylintError
from essaylint.core.git import is_repo
from essaylint.core.project import find_project


@click.group()
def hook() -> None:
    """Commit-time audits: what .pre-commit-hooks.yaml and hooks/ call.

    \b
    Examples:
      essaylint hook install          # plain git hooks, without the pre-commit framework
      essaylint hook run drafts/essay.md
      essaylint hook run --staged     # what hooks/pre-commit runs
      essaylint hook note             # what hooks/post-commit runs
    """


@hook.command("run")
@click.argument("files", nargs=-1, type=click.Path(path_type=Path))
@click.option(
    "--only",
    multiple=True,
    type=click.Choice(["citations", "claims", "style", "rubric"]),
    help="Run only this audit (repeatable); default: all four on one parse of each draft.",
)
@click.option("--staged", is_flag=True, help="Audit the drafts staged in git (plain hooks).")
@click.option(
    "--fail-on",
    type=click.Choice(["error", "warning", "never"]),
    default=None,
    help="Block at this severity (default: audit.fail_on in essaylint.yaml).",
)
@click.pass_context
@handle_errors
def run(
    ctx: click.Context,
    files: tuple[Path, ...],
    only: tuple[str, ...],
    staged: bool,
    fail_on: str | None,
) -> None:
    """Audit the drafts among FILES; exit 1 when a finding blocks the commit.

    Files outside the drafts folder are ignored; essaylint.yaml, library.csv or rubric.yaml
    among FILES re-audits every draft. Prints one summary line per audit and the blocking
    findings (file:line:col); the tables go to outputs/audits/ (git-ignored).

    \b
    Examples:
      essaylint hook run drafts/essay.md          # what the pre-commit hook runs
      essaylint hook run --staged                 # audit what is staged
    """

    cwd: Path = ctx.obj["cwd"]
    context = AppContext.open(cwd)
    paths = [f if f.is_absolute() else cwd / f for f in files]
    # first, while the report cache still holds the last commit's audit (see docs/hooks.md)
    note_unnoted(context.project, context.config)
    result = hook_run(context.project, context.config, paths, only, staged, fail_on)
    for note in result.notes:
        click.echo(f"essaylint: {note}")
    output = formats.commit_summary(result.reports, result.threshold)
    if output:
        click.echo(output)
    _warm_next_time(context)
    if result.blocked:
        click.echo("essaylint: commit blocked; fix the errors above (or commit with --no-verify)")
        sys.exit(1)


@hook.command("note")
@click.option("--commit", default="HEAD", show_default=True, help="The commit to annotate.")
@click.pass_context
@handle_errors
def note(ctx: click.Context, commit: str) -> None:
    """Record the audit summary of the drafts COMMIT touched as a git note on
    refs/notes/essaylint (post-commit). Never fails the commit.

    \b
    Examples:
      essaylint hook note
      git notes --ref essaylint show HEAD
    """

    context = AppContext.open(ctx.obj["cwd"])
    sha, result = hook_note(context.project, context.config, commit)
    _warm_next_time(context)
    if not sha:
        return
    drafts = ", ".join(r.path for r in result.reports)
    click.echo(f"essaylint: audit summary noted on {sha[:8]} ({drafts}); history: essaylint log")


def _warm_next_time(context: AppContext) -> None:
    """In a hook run in its own process (no server answered), start the project's server
    in the background so that the next commit need not load everything again."""
    if not server.serving():
        server.start_for(context.project, context.config)


@hook.command("serve")
@click.option("--stop", "stop_it", is_flag=True, help="Stop this project's server.")
@click.option("--status", "show", is_flag=True, help="Say whether a server is running.")
@click.option(
    "--idle-minutes",
    type=click.FloatRange(min=0.1),
    default=None,
    help="Stop after this long without a request (default: hooks.server_idle_minutes).",
)
@click.pass_context
@handle_errors
def serve(ctx: click.Context, stop_it: bool, show: bool, idle_minutes: float | None) -> None:
    """Run the warm process that answers this project's commit hooks (in the foreground;
    ingests and commits start it in the background when hooks.server is true).

    It keeps the audit modules, spaCy and the embedding model loaded, so `essaylint hook run`
    and `hook note` need not load them on every commit; without it they run as before.

    \b
    Examples:
      essaylint hook serve --status
      essaylint hook serve --stop
      essaylint hook serve --idle-minutes 120
    """
    project = find_project(ctx.obj["cwd"])
    if stop_it or show:
        state = server.status(project.root)
        if stop_it and state is not None:
            server.stop(project.root)
            click.echo(f"stopped the hook server (pid {state['pid']}) of {project.root}")
        elif state is not None:
            click.echo(f"hook server running (pid {state['pid']}, essaylint {state['version']})")
        else:
            click.echo(f"no hook server running for {project.root}")
        return
    if not warm.enabled():
        raise EssaylintError(
            "the hook server is switched off here",
            f"unset {warm.ENV} (or this platform has no Unix sockets)",
        )
    context = AppContext.open(ctx.obj["cwd"])
    minutes = idle_minutes or context.config.hooks.server_idle_minutes
    if server.serve_forever(project.root, minutes) != 0:
        click.echo(f"a hook server is already running for {project.root}")


@hook.command("install")
@click.pass_context
@handle_errors
def install(ctx: click.Context) -> None:
    """Install hooks/pre-commit and hooks/post-commit into .git/hooks/ (for repos that do not
    use the pre-commit framework). An existing hook that essaylint did not write is left
    alone and reported; exit 1 then.

    \b
    Examples:
      essaylint hook install
    """

    project = find_project(ctx.obj["cwd"])
    if not is_repo(project.root):
        raise EssaylintError(f"{project.root} is not a git repository", "run `git init` first")
    result = install_hooks(project.root)
    for path in result.installed:
        click.echo(f"installed {path}")
    for path in result.unchanged:
        click.echo(f"up to date {path}")
    for path, who in result.refused:
        click.echo(
            f"refused: {path} already exists and was written by {who}; it was not overwritten. "
            "Move it away and re-run, or call `essaylint hook run --staged` from it "
            "(with the pre-commit framework, use .pre-commit-config.yaml instead).",
            err=True,
        )
    if result.refused:
        sys.exit(1)
