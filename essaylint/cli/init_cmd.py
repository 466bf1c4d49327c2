"""`essaylint init` and `essaylint new NAME`."""

from __future__ import annotations

from pathlib import Path

import click

from essaylint.app.install_spec import WORKFLOW
from essaylint.app.scaffold import ScaffoldResult, enclosing_essay, scaffold
from essaylint.cli.main import emit_json, handle_errors
from essaylint.core.errors import EssaylintError

NESTED = click.option(
    "--nested",
    is_flag=True,
    help="Make it even inside another essay repo (by default that is refused).",
)


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print what was created as JSON.")
@NESTED
@click.pass_context
@handle_errors
def init(ctx: click.Context, as_json: bool, nested: bool) -> None:
    """Make the current folder an essay repo (never overwrites a file).

    \b
    Examples:
      essaylint init
      essaylint -C ~/essays/hss2104 init
    """
    root = ctx.obj["cwd"]
    if not nested:
        refuse_nesting(root)
    _report(scaffold(root), as_json)


@click.command()
@click.argument("name")
@click.option("--json", "as_json", is_flag=True, help="Print what was created as JSON.")
@NESTED
@click.pass_context
@handle_errors
def new(ctx: click.Context, name: str, as_json: bool, nested: bool) -> None:
    """Make a folder NAME and turn it into an essay repo.

    Inside another essay repo it refuses (the new essay would live in that repo's git
    history and hooks) unless --nested is given.

    \b
    Examples:
      essaylint new hss2104-essay1
      essaylint -C ~/essays new hss2104-essay2
    """
    root = ctx.obj["cwd"] / name
    if not nested:
        refuse_nesting(root)
    if root.exists() and any(root.iterdir()):
        raise EssaylintError(
            f"{root} already exists and is not empty",
            f"pick another name, or run `essaylint init` inside {root}",
        )
    _report(scaffold(root), as_json)


def _report_ci(result: ScaffoldResult) -> None:
    """Say what the CI workflow installs, or exactly what to set when CI cannot."""
    spec = result.ci
    assert spec is not None
    click.echo(f"  CI ({WORKFLOW}): runs the action {spec.action}")
    if spec.requirement:
        click.echo(f"    and installs {spec.requirement} (how this essaylint was installed)")
    if spec.advice:
        click.echo(f"  warning: {spec.advice}", err=True)


def _ci_json(result: ScaffoldResult) -> dict[str, str] | None:
    spec = result.ci
    if spec is None:
        return None
    return {
        "workflow": WORKFLOW,
        "action": spec.action,
        "install": spec.requirement,
        "origin": spec.origin,
        "advice": spec.advice,
    }


def refuse_nesting(root: Path) -> None:
    """An essay repo inside another one is almost always a mistake: say so and stop."""
    enclosing = enclosing_essay(root)
    if enclosing is not None:
        raise EssaylintError(
            f"{root} would be inside the essay repo at {enclosing}",
            "run it outside that folder (e.g. `essaylint -C ~ new NAME`), "
            "or pass --nested to make an essay repo there anyway",
        )


def _report(result: ScaffoldResult, as_json: bool) -> None:
    if as_json:
        emit_json(
            {
                "root": str(result.root),
                "created": result.created,
                "kept": result.kept,
                "git_init": result.git_initialised,
                "git_top": result.git_top,
                "ci": _ci_json(result),
            }
        )
        return
    click.echo(f"essay repo at {result.root}")
    if result.git_initialised:
        click.echo("  initialised a git repository")
    elif Path(result.git_top).resolve() != result.root.resolve():
        click.echo(f"  inside the git repository at {result.git_top} (no new one initialised)")
    for name in result.created:
        click.echo(f"  created {name}")
    for name in result.kept:
        click.echo(f"  kept    {name} (already there, not touched)")
    if result.ci is not None:
        _report_ci(result)
    here = "" if result.root == Path.cwd() else f"cd {result.root} && "
    click.echo(
        "\nNext: put your PDFs in raw/evidence/ (course guidance, rubric and feedback in "
        f"raw/instruction/), then run:\n  {here}essaylint ingest"
    )
