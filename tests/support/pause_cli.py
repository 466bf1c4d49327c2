"""Run the real `essaylint` CLI, pausing at one stage boundary of an ingest, so that a
fault-injection test can signal a real process at a known point (kill -9, Ctrl-C) or run
a second process beside it.

    PAUSE_AT=before-embed PAUSE_MARK=/tmp/x python pause_cli.py -C repo ingest

At the boundary the process writes its pid to PAUSE_MARK and waits (up to a minute) for
PAUSE_MARK + ".go" to appear, then goes on. Nothing of essaylint is changed: the stages
are wrapped from outside, as a debugger's breakpoint would.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

BOUNDARIES = (
    "before-parse",  # the lock is held, nothing written yet
    "before-chunk",  # parsed/ and library.csv written
    "before-structure",  # chunks/ written
    "before-embed",  # structures written
    "before-index",  # vectors written
    "before-publish",  # the new build's tables written, index/CURRENT.json not yet
)


def pause(name: str) -> None:
    if os.environ.get("PAUSE_AT") != name:
        return
    mark = Path(os.environ["PAUSE_MARK"])
    mark.write_text(str(os.getpid()))
    go = Path(str(mark) + ".go")
    deadline = time.monotonic() + 60
    while not go.exists() and time.monotonic() < deadline:
        time.sleep(0.02)


def wrap(owner: Any, attribute: str, boundary: str) -> None:
    original = getattr(owner, attribute)

    def paused(*args: Any, **kwargs: Any) -> Any:
        pause(boundary)
        return original(*args, **kwargs)

    setattr(owner, attribute, paused)


def install() -> None:
    from essaylint.app import ingest
    from essaylint.index import lance
    from essaylint.ingest.pipeline import SourceStages

    for stage in ("parse", "chunk", "embed", "index"):
        wrap(ingest._Run, stage, f"before-{stage}")
    wrap(SourceStages, "_structures", "before-structure")
    write_json = lance.atomic_write_json

    def publish(path: Path, data: Any) -> None:
        if path.name == lance.POINTER:
            pause("before-publish")
        write_json(path, data)

    lance.atomic_write_json = publish  # type: ignore[assignment]


if __name__ == "__main__":
    # Ctrl-C in a terminal reaches a process whose SIGINT is the default; a job started in
    # the background of a non-interactive shell (some CI runners) inherits it ignored.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    install()
    from essaylint.cli.main import cli

    cli(sys.argv[1:], prog_name="essaylint")
