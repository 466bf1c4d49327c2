"""The `essaylint` program: a commit hook's command goes to the project's warm process when
one is running (cli/warm.py, standard library only); everything else, and every hook
command without a usable server, runs the command line in this process."""

from __future__ import annotations

import sys

from essaylint.cli import warm


def main() -> None:
    code = warm.forward(sys.argv[1:])
    if code is not None:
        sys.exit(code)
    from essaylint.cli.main import cli

    cli()
