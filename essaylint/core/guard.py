"""Where essaylint may write a file the student named (`export -o`, `--output-dir`).

Never inside raw/ or the drafts folder (essaylint never changes them), never over a file
git tracks (a source, the student's own work) nor over the project's own settings.
"""

from __future__ import annotations

from pathlib import Path

from essaylint.core.errors import EssaylintError
from essaylint.core.git import git_text
from essaylint.core.project import CONFIG_FILE, Project

PROTECTED_FILES = (CONFIG_FILE, "library.csv", "rubric.yaml")
GUARD_HINT = "write it elsewhere: the default (outputs/…) or a path outside raw/ and the drafts"


def check_output(project: Project, path: Path, drafts_dir: str = "drafts") -> Path:
    """``path`` resolved; raises EssaylintError when essaylint may not write there."""
    target = path.resolve()
    root = project.root.resolve()
    for folder in (root / "raw", (root / drafts_dir).resolve()):
        if target == folder or folder in target.parents:
            raise EssaylintError(
                f"refusing to write {path}: it is inside {_rel(folder, root)}/, "
                "which essaylint never changes",
                GUARD_HINT,
            )
    if target.parent == root and target.name in PROTECTED_FILES:
        raise EssaylintError(
            f"refusing to write {path}: it would replace {target.name}", GUARD_HINT
        )
    if root in target.parents and target.is_file() and _tracked(root, target):
        raise EssaylintError(
            f"refusing to write {path}: {_rel(target, root)} is tracked by git and would be "
            "overwritten",
            GUARD_HINT,
        )
    return target


def _tracked(root: Path, target: Path) -> bool:
    try:
        listed = git_text(root, "ls-files", "--", _rel(target, root), check=False)
    except EssaylintError:  # no git: nothing is tracked
        return False
    return bool(listed.strip())


def _rel(path: Path, root: Path) -> str:
    return path.relative_to(root).as_posix()
