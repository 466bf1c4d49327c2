"""A small essay repo for the reliability tests: two short evidence notes and a course
guide (Markdown, so that an ingest takes a second or two), committed to git; and helpers
to run the real CLI as a process."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from essaylint.app.ingest import run_ingest
from essaylint.app.scaffold import scaffold
from essaylint.config import load_config
from essaylint.core.project import Project

SUPPORT = Path(__file__).resolve().parent
PAUSE_CLI = SUPPORT / "pause_cli.py"
NOTES = {
    "raw/evidence/tully_notes.md": (
        "# Heart failure programmes\n\nPatients valued supervised exercise and peer support, "
        "but some lost motivation once the programme ended. Structured programmes kept "
        "patients active for months after discharge.\n"
    ),
    "raw/evidence/datta_notes.md": (
        "# Thrombosis prophylaxis\n\nBleeding and heparin-induced thrombocytopenia were the "
        "complications reported most often in trauma patients given prophylaxis.\n"
    ),
    "raw/instruction/guidance/guide.md": (
        "# Course guide\n\nEssays must engage with counter-arguments and cite evidence for "
        "every strong claim.\n"
    ),
}


def small_repo(root: Path, notes: dict[str, str] | None = None, commit: bool = True) -> Project:
    scaffold(root)
    for rel, text in (NOTES if notes is None else notes).items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    if commit:
        git(root, "add", "-A")
        git(root, "commit", "-qm", "essay repo")
    return Project(root)


def ingest(project: Project, **kwargs: object):  # type: ignore[no-untyped-def]
    return run_ingest(project, load_config(project.config_path), **kwargs)  # type: ignore[arg-type]


def git(root: Path, *args: str) -> str:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "Student",
        "GIT_AUTHOR_EMAIL": "s@example.org",
        "GIT_COMMITTER_NAME": "Student",
        "GIT_COMMITTER_EMAIL": "s@example.org",
    }
    done = subprocess.run(
        ["git", "-C", str(root), *args], capture_output=True, text=True, env=env, check=True
    )
    return done.stdout


def essaylint(
    root: Path,
    *args: str,
    env: dict[str, str] | None = None,
    preexec: Callable[[], None] | None = None,
    timeout: float = 120,
) -> subprocess.CompletedProcess[str]:
    """`essaylint -C root ARGS` as a real process."""
    return subprocess.run(
        [sys.executable, "-m", "essaylint", "-C", str(root), *args],
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        preexec_fn=preexec,
        timeout=timeout,
        check=False,
    )


def paused(
    root: Path, boundary: str, mark: Path, *args: str, env: dict[str, str] | None = None
) -> subprocess.Popen[str]:
    """`essaylint -C root ARGS` (default: ingest) as a real process that stops at
    ``boundary`` (tests/support/pause_cli.py) until ``mark``.go appears."""
    return subprocess.Popen(
        [sys.executable, str(PAUSE_CLI), "-C", str(root), *(args or ("ingest",))],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PAUSE_AT": boundary, "PAUSE_MARK": str(mark), **(env or {})},
    )


def wait_for(mark: Path, process: subprocess.Popen[str], seconds: float = 60) -> None:
    """Until the process reached its boundary (fails if it ended first)."""
    import time

    deadline = time.monotonic() + seconds
    while not mark.exists():
        if process.poll() is not None:
            _, err = process.communicate()
            raise AssertionError(f"ended before its boundary ({process.returncode}): {err}")
        if time.monotonic() > deadline:
            raise AssertionError("never reached its boundary")
        time.sleep(0.02)
