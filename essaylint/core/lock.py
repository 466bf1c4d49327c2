"""One writer at a time: the ingest lock (.essaylint/ingest.lock).

The lock is an OS file lock (``filelock``): the system releases it when its process ends,
however it ends (kill -9 included), so a stale lock never blocks anyone. Next to it a
small note says who holds it, for the message of a second ingest.
"""

from __future__ import annotations

import os
import socket
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

from essaylint.core.errors import EssaylintError
from essaylint.core.fsio import atomic_write_json, read_json

BUSY_HINT = (
    "wait for it to finish (or stop it), then run the command again; "
    "`essaylint ingest --wait SECONDS` queues behind it"
)


@contextmanager
def exclusive(
    lock_path: Path,
    what: str,
    wait_s: float = 0.0,
    on_wait: Callable[[str], None] | None = None,
) -> Iterator[None]:
    """Hold the lock at ``lock_path`` for the block. When another process holds it:
    wait up to ``wait_s`` seconds (``on_wait`` is told who holds it), then raise an
    EssaylintError (exit 2) naming the holder."""
    from filelock import FileLock, Timeout

    lock_path.parent.mkdir(parents=True, exist_ok=True)
    lock = FileLock(str(lock_path))
    note = lock_path.with_name(lock_path.name + ".json")
    try:
        lock.acquire(timeout=0)
    except Timeout:
        holder = describe_holder(note)
        if wait_s <= 0:
            raise EssaylintError(f"another {what} is running ({holder})", BUSY_HINT) from None
        if on_wait is not None:
            on_wait(holder)
        try:
            lock.acquire(timeout=wait_s)
        except Timeout:
            raise EssaylintError(
                f"another {what} is still running after {wait_s:g} s ({holder})", BUSY_HINT
            ) from None
    try:
        atomic_write_json(note, _holder_note(what))
        yield
    finally:
        note.unlink(missing_ok=True)
        lock.release()


def describe_holder(note: Path) -> str:
    data = read_json(note, {})
    if not isinstance(data, dict) or not data.get("pid"):
        return "holder unknown"
    return (
        f"pid {data['pid']} on {data.get('host', '?')}, `{data.get('command', '?')}`, "
        f"started {data.get('started', '?')}"
    )


def _holder_note(what: str) -> dict[str, object]:
    command = " ".join([Path(sys.argv[0]).name, *sys.argv[1:]]) if sys.argv else what
    return {
        "pid": os.getpid(),
        "host": socket.gethostname(),
        "command": command[:200],
        "started": datetime.now().astimezone().strftime("%Y-%m-%d %H:%M:%S"),
    }
