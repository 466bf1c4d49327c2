"""Atomic file writes: a reader never sees a half-written file, and a write that fails
(a full disk, a killed process) leaves the previous file as it was.

A written file gets the mode of the file it replaces, or, for a new file, what the umask
allows (as ``open()`` would give it): the temporary file's private 0600 never survives.
"""

from __future__ import annotations

import json
import os
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any


def atomic_write_bytes(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = _mode_for(path)
    handle, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            if hasattr(os, "fchmod"):
                os.fchmod(out.fileno(), mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_json(path: Path, data: Any) -> None:
    atomic_write_text(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")


def read_json(path: Path | None, default: Any = None) -> Any:
    """The JSON in ``path``; ``default`` when it is missing, unreadable or damaged."""
    if path is None:
        return default
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return default


def new_file_mode() -> int:
    """The mode ``open()`` gives a new file under this process's umask."""
    return 0o666 & ~_umask()


def _mode_for(path: Path) -> int:
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        return new_file_mode()


@lru_cache(maxsize=1)
def _umask() -> int:
    """The process umask, read once (Linux reports it in /proc; elsewhere it is set and
    restored, which is safe this early and only once)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
