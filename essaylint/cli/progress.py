"""Progress of the pipeline stages on stderr: a rich bar per stage on a terminal; where
stderr is not one (a coding agent, CI, a pipe), a plain line at most every HEARTBEAT_S
seconds of a stage, so a long ingest is seen to be working and a short one prints nothing."""

from __future__ import annotations

import sys
import time
from typing import Any

HEARTBEAT_S = 15.0


class RichProgress:
    def __init__(self, heartbeat_s: float = HEARTBEAT_S, bars: bool = True) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

        console = Console(stderr=True)
        self._enabled = bars and console.is_terminal
        self._progress = Progress(
            "[bold]{task.description:<6}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
            transient=False,
        )
        self._task: Any = None
        self._plain = _Heartbeat(heartbeat_s)

    def stage(self, name: str, total: int) -> None:
        if not self._enabled:
            self._plain.stage(name, total)
            return
        if self._task is None:
            self._progress.start()
        self._task = self._progress.add_task(name, total=total)

    def advance(self, n: int = 1) -> None:
        if not self._enabled:
            self._plain.advance(n)
        elif self._task is not None:
            self._progress.advance(self._task, n)

    def done(self) -> None:
        pass

    def close(self) -> None:
        if self._enabled and self._task is not None:
            self._progress.stop()


class _Heartbeat:
    """``ingest: embed 1200/5400 (45 s)`` once a stage has run ``every`` seconds since its
    start or the last line."""

    def __init__(self, every: float) -> None:
        self.every = every
        self.stage("", 0)

    def stage(self, name: str, total: int) -> None:
        self.name, self.total, self.count = name, total, 0
        self.started = self.last = time.monotonic()

    def advance(self, n: int) -> None:
        self.count += n
        now = time.monotonic()
        if now - self.last >= self.every:
            self.last = now
            elapsed = now - self.started
            line = f"ingest: {self.name} {self.count}/{self.total} ({elapsed:.0f} s)"
            print(line, file=sys.stderr, flush=True)
