"""A rich progress bar per pipeline stage, on stderr, only when it is a terminal."""

from __future__ import annotations

from typing import Any


class RichProgress:
    def __init__(self) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

        console = Console(stderr=True)
        self._enabled = console.is_terminal
        self._progress = Progress(
            "[bold]{task.description:<6}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
            transient=False,
        )
        self._task: Any = None

    def stage(self, name: str, total: int) -> None:
        if not self._enabled:
            return
        if self._task is None:
            self._progress.start()
        self._task = self._progress.add_task(name, total=total)

    def advance(self, n: int = 1) -> None:
        if self._enabled and self._task is not None:
            self._progress.advance(self._task, n)

    def done(self) -> None:
        pass

    def close(self) -> None:
        if self._enabled and self._task is not None:
            self._progress.stop()
