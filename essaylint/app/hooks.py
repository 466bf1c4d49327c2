"""The commit-time operations: audit the drafts a commit touches (pre-commit), note the
commit's audit summary (post-commit), install the plain git hooks."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from essaylint.app.audit import audit_drafts
from essaylint.app.githooks import committed_files, staged_files
from essaylint.audit.engine import INDEXED_AUDITS
from essaylint.audit.formats import blocking
from essaylint.audit.registry import default_audits
from essaylint.core.git import git, git_text
from essaylint.index.lance import IndexPointer
from essaylint.views.history.notes import note_body, summarise, write_note

if TYPE_CHECKING:
    from essaylint.audit.report import DraftReport
    from essaylint.config.schema import Config
    from essaylint.core.project import Project

WHOLE_REPO_INPUTS = ("essaylint.yaml", "library.csv", "rubric.yaml")
MARKDOWN = (".md", ".markdown")
# Without an index (a fresh clone: index/ is git-ignored) the hook still fails closed on
# what library.csv alone can tell: malformed citations, unknown doc_uids, sources that may
# not be cited (course material, citable=false, files that failed to parse). The support
# check and the claim audit wait for `essaylint ingest` (docs/hooks.md).
NO_INDEX = (
    "no evidence index yet: citations checked against library.csv only; the support check "
    "and the claim audit need `essaylint ingest`"
)
NEEDS_INDEX_ONLY = ("claims", "counterevidence")  # audits that mean nothing without the index


@dataclass
class HookRun:
    """What a commit hook found: the reports, notes for the writer, whether it blocks."""

    reports: list[DraftReport] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    blocked: bool = False
    threshold: str = "error"


def hook_run(
    project: Project,
    config: Config,
    files: list[Path],
    only: tuple[str, ...] = (),
    staged: bool = False,
    fail_on: str | None = None,
) -> HookRun:
    """Audit the drafts among ``files`` (every tracked draft when essaylint.yaml,
    library.csv or rubric.yaml is among them; the staged ones with ``staged``)."""
    threshold = fail_on or config.audit.fail_on
    if staged:
        top = Path(git_text(project.root, "rev-parse", "--show-toplevel").strip())
        files = [top / f for f in staged_files(project.root)]
    paths = select_drafts(project, config, files)
    run = HookRun(threshold=threshold)
    if not paths:
        return run
    copies = staged_copies(project, paths) if staged else {p: p for p in paths}
    run.reports, run.notes = audit_copies(project, config, copies, only)
    run.blocked = blocking([f for r in run.reports for f in r.findings], threshold)
    return run


def hook_note(project: Project, config: Config, commit: str = "HEAD") -> tuple[str, HookRun]:
    """Audit what ``commit`` committed of the drafts and attach the summary as a git note;
    returns the commit's sha and the audits (the pre-commit hook's, from the report cache,
    when the commit holds what was staged)."""
    top = Path(git_text(project.root, "rev-parse", "--show-toplevel").strip())
    files = [top / f for f in committed_files(project.root, commit)]
    paths = select_drafts(project, config, files)
    if not paths:
        return "", HookRun()
    sha = git_text(project.root, "rev-parse", commit).strip()
    copies = committed_copies(project, top, sha, paths)
    reports, notes = audit_copies(project, config, copies, (), write=False)
    summaries = {
        project.relative(original): summarise(report)
        for report, original in zip(reports, copies.values(), strict=True)
    }
    pointer = IndexPointer.read(project.index)
    write_note(project.root, sha, note_body(summaries, pointer.build_id if pointer else ""))
    return sha, HookRun(reports, notes)


def select_drafts(project: Project, config: Config, files: list[Path]) -> list[Path]:
    """The Markdown drafts among ``files`` (every draft when a whole-repo input changed)."""
    drafts_dir = (project.root / config.project.drafts_dir).resolve()
    chosen: list[Path] = []
    for path in files:
        resolved = path.resolve()
        if resolved.parent == project.root.resolve() and resolved.name in WHOLE_REPO_INPUTS:
            return tracked_drafts(project, drafts_dir)
        if resolved.suffix in MARKDOWN and drafts_dir in resolved.parents and resolved.is_file():
            chosen.append(resolved)
    return sorted(set(chosen))


def tracked_drafts(project: Project, drafts_dir: Path) -> list[Path]:
    """The drafts git knows about (an untracked scratch draft is not part of the commit)."""
    listed = git_text(project.root, "ls-files", "-z", "--", str(drafts_dir), check=False)
    paths = [project.root / p for p in listed.split("\0") if p]
    return sorted(p.resolve() for p in paths if p.suffix in MARKDOWN and p.is_file())


def audit_copies(
    project: Project,
    config: Config,
    copies: dict[Path, Path],
    only: tuple[str, ...],
    write: bool = True,
) -> tuple[list[DraftReport], list[str]]:
    """Audit each copy (audited file → the draft it stands for) and report it under the
    draft's own path. Without an index the citations are checked against library.csv
    alone and the claim audit is left out, with a note: a fresh clone must be able to
    commit a good draft, and must not commit a citation library.csv can tell is wrong."""
    wanted = tuple(only or default_audits(config.audit.counterevidence))
    notes = []
    if IndexPointer.read(project.index) is None and set(wanted) & INDEXED_AUDITS:
        wanted = tuple(a for a in wanted if a not in NEEDS_INDEX_ONLY)
        notes.append(NO_INDEX)
    if not wanted:
        return [], notes
    reports = audit_drafts(project, config, list(copies), wanted, False, write, index_optional=True)
    for report, original in zip(reports, copies.values(), strict=True):
        rel = project.relative(original)
        if report.path != rel:
            report.path = rel
            for finding in report.findings:
                finding.file = rel
    return reports, notes


def staged_copies(project: Project, paths: list[Path]) -> dict[Path, Path]:
    """audit path → draft: the draft itself, or a copy of its staged content when the working
    copy has unstaged edits (the commit holds the staged content)."""
    out: dict[Path, Path] = {}
    for path in paths:
        rel = project.relative(path)
        staged = git(project.root, "show", f":{rel}", check=False)
        if not staged or staged == path.read_bytes():
            out[path] = path
            continue
        copy = project.store.folder("staged", rel)
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_bytes(staged)
        out[copy] = path
    return out


def committed_copies(project: Project, top: Path, sha: str, paths: list[Path]) -> dict[Path, Path]:
    """audit path → draft for what ``sha`` committed (not the working copy)."""
    out: dict[Path, Path] = {}
    for path in paths:
        rel = Path(path).resolve().relative_to(top.resolve()).as_posix()
        blob = git(project.root, "show", f"{sha}:{rel}", check=False)
        if blob == path.read_bytes():
            out[path] = path
            continue
        copy = project.store.folder("committed", project.relative(path))
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_bytes(blob)
        out[copy] = path
    return out
