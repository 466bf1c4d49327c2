"""Plain git hook scripts (hooks/ in the source tree, essaylint/hooks/ in the wheel) and
`essaylint hook install`, which copies them into the repository's hooks folder but never
overwrites a hook it did not write."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from essaylint.core.errors import EssaylintError
from essaylint.core.git import git_text

HOOK_NAMES = ("pre-commit", "post-commit")
MARKER = "essaylint-hook-script"  # every script we ship carries this line


def script_text(name: str) -> str:
    packaged = resources.files("essaylint").joinpath("hooks", name)
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    source_tree = Path(__file__).resolve().parents[2] / "hooks" / name
    return source_tree.read_text(encoding="utf-8")


def hooks_dir(root: Path) -> Path:
    """Where git looks for hooks (honours core.hooksPath)."""
    path = Path(git_text(root, "rev-parse", "--git-path", "hooks").strip())
    return path if path.is_absolute() else root / path


@dataclass
class InstallResult:
    installed: list[Path] = field(default_factory=list)
    unchanged: list[Path] = field(default_factory=list)
    refused: list[tuple[Path, str]] = field(default_factory=list)  # (path, whose it is)


def owner(text: str) -> str:
    """Who wrote an existing hook script, for the refusal message."""
    if MARKER in text:
        return "essaylint"
    if "pre-commit.com" in text or "pre_commit" in text:
        return "the pre-commit framework"
    if "husky" in text:
        return "husky"
    return "someone else"


def install(root: Path) -> InstallResult:
    folder = hooks_dir(root)
    folder.mkdir(parents=True, exist_ok=True)
    result = InstallResult()
    for name in HOOK_NAMES:
        target = folder / name
        text = script_text(name)
        if target.exists():
            current = target.read_text(encoding="utf-8", errors="replace")
            who = owner(current)
            if who != "essaylint":
                result.refused.append((target, who))
                continue
            if current == text and os.access(target, os.X_OK):
                result.unchanged.append(target)
                continue
        target.write_text(text, encoding="utf-8")
        mode = target.stat().st_mode
        target.chmod(mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        result.installed.append(target)
    return result


def hooks_installed(root: Path) -> bool:
    """Whether a commit in ``root`` runs essaylint: our plain pre-commit script, or the
    pre-commit framework's with a .pre-commit-config.yaml that names essaylint."""
    try:
        script = (hooks_dir(root) / "pre-commit").read_text(encoding="utf-8", errors="replace")
    except (OSError, EssaylintError):
        return False
    if MARKER in script:
        return True
    config = root / ".pre-commit-config.yaml"
    return (
        owner(script) == "the pre-commit framework"
        and config.is_file()
        and ("essaylint" in config.read_text(encoding="utf-8", errors="replace"))
    )


def staged_files(root: Path) -> list[str]:
    """Paths added, copied, modified or renamed in the index (repo-relative)."""
    out = git_text(root, "diff", "--cached", "--name-only", "--diff-filter=ACMR", "-z")
    return [p for p in out.split("\0") if p]


def committed_files(root: Path, commit: str = "HEAD") -> list[str]:
    """Paths the commit added or modified (the root commit included)."""
    out = git_text(
        root,
        "diff-tree",
        "--no-commit-id",
        "--name-only",
        "-r",
        "--root",
        "--diff-filter=ACMR",
        "-z",
        commit,
    )
    return [p for p in out.split("\0") if p]
