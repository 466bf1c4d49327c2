"""Find and run pandoc: the ``pypandoc-binary`` wheel first, then a pandoc on PATH.

Every run has a time limit (``core.timeouts``: ESSAYLINT_PANDOC_TIMEOUT_S): a draft pandoc
chokes on ends with a message naming what timed out, not a hung terminal.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from essaylint.core.errors import EssaylintError, TimedOutError
from essaylint.core.timeouts import limit

MIN_VERSION = (3, 1, 1)
ASK_S = 30.0  # `pandoc --version` and a data file: quick questions, their own limit
INSTALL_HINT = "pip install 'essaylint[export]' (pypandoc-binary), or install pandoc ≥ 3.1.1"


@dataclass(frozen=True)
class Pandoc:
    path: str
    version: str

    def convert(
        self, source: str, fmt: str, to: str, args: list[str], outputfile: Path | None = None
    ) -> str:
        """Convert ``source`` (given on stdin) from ``fmt`` to ``to``; the output file, or
        the converted text."""
        return self._run([*args, "-f", fmt, "-t", to, *_output(outputfile)], source, to)

    def to_json(self, source: str, fmt: str, args: list[str]) -> dict[str, Any]:
        return json.loads(self.convert(source, fmt, "json", args))

    def _run(self, args: list[str], stdin: str, to: str = "its output format") -> str:
        seconds = limit("pandoc")
        try:
            done = subprocess.run(
                [self.path, *args],
                input=stdin,
                capture_output=True,
                text=True,
                encoding="utf-8",
                errors="replace",
                check=False,
                timeout=seconds,
            )
        except subprocess.TimeoutExpired:
            raise TimedOutError(
                f"pandoc did not finish converting the draft to {to} within {seconds:g} s",
                "look for something pandoc cannot handle in the draft (pasted binary data, "
                "a runaway table), or raise ESSAYLINT_PANDOC_TIMEOUT_S",
            ) from None
        if done.returncode != 0:
            raise _failed(done.stderr)
        return done.stdout

    def data_file(self, name: str, target: Path) -> None:
        try:
            done = subprocess.run(
                [self.path, "--print-default-data-file", name],
                capture_output=True,
                check=False,
                timeout=ASK_S,
            )
        except subprocess.TimeoutExpired:
            raise TimedOutError(f"pandoc did not print its {name} in time", INSTALL_HINT) from None
        if done.returncode != 0:
            raise EssaylintError(f"pandoc cannot print its {name}", INSTALL_HINT)
        target.write_bytes(done.stdout)


@lru_cache(maxsize=1)
def find_pandoc() -> Pandoc:
    """The pandoc to use; raises with an install hint when none (or too old) is found."""
    path = _pypandoc_path() or shutil.which("pandoc")
    if not path:
        raise EssaylintError("pandoc was not found", INSTALL_HINT)
    version = _version(path)
    if _tuple(version) < MIN_VERSION:
        raise EssaylintError(f"pandoc {version} at {path} is too old (need ≥ 3.1.1)", INSTALL_HINT)
    return Pandoc(path=path, version=version)


def _pypandoc_path() -> str | None:
    try:
        import pypandoc
    except ImportError:
        return None
    try:
        path = pypandoc.get_pandoc_path()
    except OSError:
        return None
    return str(path) if path else None


def _version(path: str) -> str:
    try:
        done = subprocess.run(
            [path, "--version"],
            capture_output=True,
            text=True,
            check=False,
            timeout=ASK_S,
        )
    except subprocess.TimeoutExpired:
        raise TimedOutError(f"`{path} --version` did not answer in time", INSTALL_HINT) from None
    first = done.stdout.split("\n", 1)[0]
    return first.split()[-1] if first else "0"


def _tuple(version: str) -> tuple[int, ...]:
    parts = []
    for piece in version.split("."):
        digits = "".join(ch for ch in piece if ch.isdigit())
        parts.append(int(digits or 0))
    return tuple(parts)


def _output(outputfile: Path | None) -> list[str]:
    return ["-o", str(outputfile)] if outputfile else []


def _failed(detail: str) -> EssaylintError:
    return EssaylintError(
        f"pandoc failed: {detail.strip()[:2000]}",
        "check the draft's Markdown near the line pandoc names",
    )
