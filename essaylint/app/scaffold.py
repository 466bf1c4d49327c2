"""`essaylint init`: lay out an essay repo (SPEC §1) without overwriting anything."""

from __future__ import annotations

import json
import sys
import textwrap
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from essaylint import __version__
from essaylint.app.install_spec import WORKFLOW, InstallSpec, install_spec
from essaylint.app.templates import template_text
from essaylint.core.errors import EssaylintError, TimedOutError
from essaylint.core.git import git, git_text
from essaylint.core.project import CONFIG_FILE
from essaylint.core.records import LIBRARY_COLUMNS

FOLDERS = (
    "drafts",
    "raw/evidence",
    "raw/instruction/guidance",
    "raw/instruction/feedback",
    "raw/instruction/slides",
    "raw/instruction/exemplars",
    "meta",
    "outputs/evidence",
    "outputs/audits",
)
TEMPLATE_FILES = {
    "essaylint.yaml": "essaylint.yaml",
    "AGENTS.md": "AGENTS.md",
    ".gitignore": "gitignore",
    ".env.example": "env.example",
    ".pre-commit-config.yaml": "pre-commit-config.yaml",
    WORKFLOW: "workflow-essaylint.yml",
    ".mcp.json": "mcp.json",
    ".codex/config.toml": "codex-config.toml",
}
VERSION_MARK = "@ESSAYLINT_VERSION@"  # replaced by the installed version in the files written
PYTHON_MARK = "@ESSAYLINT_PYTHON@"  # the interpreter running essaylint, as a quoted string


@dataclass
class ScaffoldResult:
    root: Path
    created: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    git_initialised: bool = False
    git_top: str = ""  # the repository the essay lives in, when it was not initialised here
    ci: InstallSpec | None = None  # what the CI workflow installs, when it was written


def scaffold(root: Path, spec: InstallSpec | None = None) -> ScaffoldResult:
    """Lay out an essay repo at ``root``; ``spec``: what its CI workflow installs (default:
    how the running essaylint was installed)."""
    root.mkdir(parents=True, exist_ok=True)
    result = ScaffoldResult(root=root)
    spec = spec or install_spec()
    for folder in FOLDERS:
        path = root / folder
        if not path.exists():
            path.mkdir(parents=True)
            (path / ".gitkeep").touch()
            result.created.append(folder + "/")
    for target, template in TEMPLATE_FILES.items():
        text = template_text(template).replace(VERSION_MARK, __version__)
        # Agents start the MCP server without the student's shell: name this interpreter.
        text = text.replace(PYTHON_MARK, json.dumps(sys.executable))
        if target == WORKFLOW:
            text = _workflow(text, spec)
        _write_new(root, target, text, result)
    if WORKFLOW in result.created:
        result.ci = spec
    _write_new(root, "library.csv", ",".join(LIBRARY_COLUMNS) + "\n", result)
    _write_new(root, "meta/project.json", _project_json(), result)
    result.git_initialised, result.git_top = _git_init(root)
    return result


def enclosing_essay(root: Path) -> Path | None:
    """The essay repo (a folder with essaylint.yaml) that ``root`` would sit inside, if any;
    ``root`` itself holding one is not nesting (init keeps what is there)."""
    here = root.resolve()
    for folder in here.parents:
        if (folder / CONFIG_FILE).is_file():
            return folder
    return None


def _workflow(text: str, spec: InstallSpec) -> str:
    return (
        text.replace("@ESSAYLINT_ACTION@", spec.action)
        .replace("@ESSAYLINT_INSTALL@", spec.requirement)
        .replace("@ESSAYLINT_ORIGIN@", _origin_note(spec))
    )


def _origin_note(spec: InstallSpec) -> str:
    """The comment above ``install:``: where the requirement comes from, or what to set."""
    if spec.advice:
        note = f"SET THIS: {spec.advice}."
    else:
        where = {"index": "a package index", "vcs": "a commit", "archive": "an archive"}
        note = f"What pip installs: the essaylint that ran `essaylint init` ({where[spec.origin]})."
    return "\n          # ".join(textwrap.wrap(note, 86, break_long_words=False))


def _write_new(root: Path, name: str, text: str, result: ScaffoldResult) -> None:
    path = root / name
    if path.exists():
        result.kept.append(name)
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    result.created.append(name)


def _project_json() -> str:
    data = {
        "project_id": uuid.uuid4().hex[:12],
        "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "tool_version": __version__,
    }
    return json.dumps(data, indent=1) + "\n"


def _git_init(root: Path) -> tuple[bool, str]:
    """(whether ``git init`` ran, the enclosing repository's top folder when it did not)."""
    try:
        top = git_text(root, "rev-parse", "--show-toplevel", check=False).strip()
        if top:
            return False, top
        git(root, "init", "-q")
    except TimedOutError:
        raise
    except EssaylintError as exc:
        raise EssaylintError(
            f"could not run `git init` in {root}: {exc.message}",
            "install git, or run `git init` yourself",
        ) from exc
    return True, ""
