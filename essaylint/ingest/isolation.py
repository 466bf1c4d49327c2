"""One document's failure at any stage is that document's, never the ingest's.

``Isolation.run(doc_uid, stage, action)`` runs one document's step: a ``SourceError`` (a
file that cannot be read) or an unexpected error (a bug met on this document) marks the
document failed at that stage, with the reason and what to do, and the ingest goes on with
the others. What is not a document's fault stops the run: Ctrl-C, a full disk or a folder
that cannot be written, a cloud service that is down, essaylint's own usage errors.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path
from typing import TypeVar

from essaylint.core.errors import (
    EssaylintError,
    InputTooLongError,
    SourceError,
    environment_error,
)
from essaylint.core.records import DocOutcome

T = TypeVar("T")
BUG_HINT = (
    "this is a bug in essaylint: please report it with the log {log}; the other files were ingested"
)


class Isolation:
    """The failures of one ingest run, recorded on its documents' outcomes."""

    def __init__(self, outcomes: dict[str, DocOutcome], log_dir: Path) -> None:
        self.outcomes = outcomes
        self.log_dir = log_dir
        self.bugs: set[str] = set()  # documents that met an unexpected error (not cached)

    def run(self, doc_uid: str, stage: str, action: Callable[[], T]) -> T | None:
        """``action()``, or None when it failed for this document (now marked failed)."""
        try:
            return action()
        except SourceError as exc:
            self.fail(doc_uid, stage, exc.reason, exc.hint)
        except InputTooLongError as exc:
            self.fail(doc_uid, stage, exc.message, exc.hint)
        except Exception as exc:
            if is_fatal(exc):
                raise
            self.bugs.add(doc_uid)
            log = self._log(doc_uid, stage, exc)
            reason = f"{stage} failed: {type(exc).__name__}: {_first_line(exc)}"
            self.fail(doc_uid, stage, reason, BUG_HINT.format(log=log))
        return None

    def fail(self, doc_uid: str, stage: str, reason: str, hint: str) -> None:
        outcome = self.outcomes[doc_uid]
        outcome.status, outcome.stage = "failed", stage
        outcome.reason, outcome.hint = reason, hint

    def failed(self, doc_uid: str) -> bool:
        outcome = self.outcomes.get(doc_uid)
        return outcome is not None and outcome.status == "failed"

    def _log(self, doc_uid: str, stage: str, exc: BaseException) -> str:
        """Append the traceback to this run's log; its path ("" when it cannot be written)."""
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        path = self.log_dir / "ingest-failures.log"
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        outcome = self.outcomes[doc_uid]
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("a", encoding="utf-8", errors="replace") as log:
                log.write(f"== {stamp} {outcome.path} ({doc_uid}) at {stage}\n{text}\n")
        except OSError:
            return "(the log could not be written)"
        return str(path)


def is_fatal(exc: BaseException) -> bool:
    """True for what is not one document's fault: the run stops with the error's message."""
    if isinstance(exc, InputTooLongError):
        return False
    return isinstance(exc, EssaylintError) or environment_error(exc) is not None


def _first_line(exc: BaseException) -> str:
    lines = str(exc).strip().splitlines()
    return lines[0][:300] if lines else "(no message)"
