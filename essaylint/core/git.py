"""Running git in an essay repo: one small wrapper, errors as EssaylintError."""

from __future__ import annotations

import subprocess
from pathlib import Path

from essaylint.core.errors import EssaylintError, TimedOutError
from essaylint.core.timeouts import limit


def git(root: Path, *args: str, input: bytes | None = None, check: bool = True) -> bytes:
    """stdout of ``git -C root args`` (raises EssaylintError when git fails and ``check``,
    TimedOutError when it does not finish in time)."""
    seconds = limit("git")
    try:
        done = subprocess.run(
            ["git", "-C", str(root), *args],
            input=input,
            capture_output=True,
            check=False,
            timeout=seconds,
        )
    except FileNotFoundError as exc:
        raise EssaylintError("git is not installed", "install git and try again") from exc
    except subprocess.TimeoutExpired:
        raise TimedOutError(
            f"`git {' '.join(args[:2])}` did not finish within {seconds:g} s",
            "another git command may hold the repository (a lock, an editor waiting); "
            "finish it, or raise ESSAYLINT_GIT_TIMEOUT_S",
        ) from None
    if check and done.returncode != 0:
        message = done.stderr.decode("utf-8", "replace").strip() or f"git {args[0]} failed"
        raise EssaylintError(f"git {' '.join(args[:2])}: {message}", "")
    return done.stdout


def git_text(root: Path, *args: str, check: bool = True) -> str:
    return git(root, *args, check=check).decode("utf-8", "replace")


def is_repo(root: Path) -> bool:
    try:
        return git_text(root, "rev-parse", "--is-inside-work-tree", check=False).strip() == "true"
    except EssaylintError:
        return False
