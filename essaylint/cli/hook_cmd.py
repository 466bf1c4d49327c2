"""`essaylint hook run | note | install`: the entry points of .pre-commit-hooks.yaml and of
the plain scripts in hooks/. Short output; the full tables go to outputs/audits/."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from essaylint.app.context import AppContext
from essaylint.app.githooks import install as install_hooks
from essaylint.app.hooks import hook_note, hook_run
from essaylint.audit import formats
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
    result = hook_run(context.project, context.config, paths, only, staged, fail_on)
    for note in result.notes:
        click.echo(f"essaylint: {note}")
    output = formats.commit_summary(result.reports, result.threshold)
    if output:
        click.echo(output)
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
    if not sha:
        return
    drafts = ", ".join(r.path for r in result.reports)
    click.echo(f"essaylint: audit summary noted on {sha[:8]} ({drafts}); history: essaylint log")


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
