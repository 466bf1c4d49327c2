"""Errors that reach the user: each says what is wrong and what to do."""

from __future__ import annotations


class EssaylintError(Exception):
    """A usage or environment error: the CLI prints it and exits with code 2."""

    exit_code = 2

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return f"{self.message}\n  hint: {self.hint}" if self.hint else self.message


class ProjectNotFoundError(EssaylintError):
    pass


class ConfigError(EssaylintError):
    pass


class SourceError(Exception):
    """A source file that cannot be ingested; the ingest reports it and goes on."""

    def __init__(self, reason: str, hint: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.hint = hint


class BackendError(EssaylintError):
    """A model or service that failed for good (after any retries), or is misconfigured."""

    def __init__(self, backend: str, message: str, hint: str = "", status: int | None = None):
        super().__init__(f"{backend}: {message}", hint)
        self.backend = backend
        self.status = status


class InputTooLongError(EssaylintError):
    """A passage longer than a cloud model accepts (cloud models never truncate silently)."""

    def __init__(self, text: str, detail: str, where: str = "") -> None:
        preview = " ".join(text.split())[:80]
        name = where or f"passage starting {preview!r}"
        super().__init__(
            f"{name} is too long for the embedding model ({detail})",
            "lower ingest.child_max_tokens, or split the document, then run ingest again",
        )
        self.text = text
        self.detail = detail


class LibraryError(EssaylintError):
    """library.csv cannot be read as it stands (a `library.csv:LINE` message); it is never
    rewritten until it parses."""


class InterruptError(EssaylintError):
    """Ctrl-C: the command stops, says what was kept, and exits 130 (128 + SIGINT)."""

    exit_code = 130


class TimedOutError(EssaylintError):
    """An external process or service did not answer in time; the message names which."""


# errno values that mean the machine, not a document, is the problem: the run stops.
_NO_SPACE = {"ENOSPC", "EDQUOT", "EFBIG"}
_NO_WRITE = {"EROFS", "EACCES", "EPERM"}


def environment_error(exc: BaseException) -> EssaylintError | None:
    """A full disk or a folder that cannot be written, as the message the student needs
    (None for any other error). Native libraries (LanceDB) report these as "os error N"."""
    import errno as codes

    number = os_errno(exc)
    name = codes.errorcode.get(number, "") if number is not None else ""
    filename = getattr(exc, "filename", None)
    where = f" ({filename})" if filename else ""
    if name in _NO_SPACE:
        return EssaylintError(
            f"the disk is full, or a file size limit was reached{where}",
            "free some space and run the command again; what was there before is intact",
        )
    if name in _NO_WRITE:
        return EssaylintError(
            f"permission denied{where}: a folder essaylint writes to is read-only",
            "make the project's folders writable (or work in a copy you own), then run the "
            "command again",
        )
    return None


def os_errno(exc: BaseException) -> int | None:
    """The errno behind an error: an OSError's, or the "os error N" a native library
    (LanceDB, in Rust) puts in its message."""
    import re

    if isinstance(exc, OSError) and exc.errno is not None:
        return exc.errno
    found = re.search(r"os error (\d+)", str(exc))
    return int(found.group(1)) if found else None
