"""The commit-time operations: audit the drafts a commit touches (pre-commit), note the
commit's audit summary (post-commit, or the next commit's pre-commit hook), install the
plain git hooks."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from essaylint.app.audit import audit_drafts
from essaylint.app.githooks import committed_files, staged_files
from essaylint.audit.engine import INDEXED_AUDITS
from essaylint.audit.formats import blocking
from essaylint.audit.registry import default_audits
from essaylint.core.errors import EssaylintError
from essaylint.core.git import git, git_text
from essaylint.index.lance import IndexPointer
from essaylint.views.history.notes import note_body, summarise, unnoted, write_note

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
SUMMARIES = "commit-summaries"  # draft path + blob id -> the summary its hook run noted
MAX_SUMMARIES = 200
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
    if not only:  # a single audit's run is not the whole summary a note holds
        remember_summaries(project, copies, run.reports)
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


def note_unnoted(project: Project, config: Config, audits: int = 0, depth: int = 10) -> list[str]:
    """Note the last ``depth`` commits on HEAD's first-parent line that touched a draft and
    carry no note (a commit's pre-commit hook cannot note it: its sha does not exist yet).
    Each is noted from the summary its own hook run kept when the committed drafts are what
    it audited; otherwise, up to ``audits`` of them (newest first), by auditing what was
    committed. The shas noted; none when it cannot be done (a note never fails a commit)."""
    noted: list[str] = []
    try:
        pending = unnoted(project.root, depth)
        if not pending:
            return noted
        top = Path(git_text(project.root, "rev-parse", "--show-toplevel").strip())
        for sha, files in reversed(pending):
            drafts = select_drafts(project, config, [top / f for f in files])
            if drafts and note_from_hook_run(project, sha, drafts):
                noted.append(sha)
            elif drafts and audits > 0:
                audits -= 1
                noted.append(hook_note(project, config, sha)[0])
    except (EssaylintError, OSError):
        pass
    return [sha for sha in noted if sha]


def remember_summaries(
    project: Project, copies: dict[Path, Path], reports: list[DraftReport]
) -> None:
    """Keep each audited draft's summary under its content's git blob id, for the note of
    the commit that will hold it (note_from_hook_run)."""
    if len(reports) != len(copies):
        return
    pointer = IndexPointer.read(project.index)
    build_id = pointer.build_id if pointer else ""
    shelf = project.store.results(SUMMARIES)
    for report, audited in zip(reports, copies, strict=True):
        blob = blob_id(audited.read_bytes())
        shelf.put(f"{report.path}\0{blob}", {"summary": summarise(report), "build_id": build_id})
    shelf.save(limit=MAX_SUMMARIES)


def note_from_hook_run(project: Project, sha: str, drafts: list[Path]) -> bool:
    """Note ``sha`` from the summaries hook runs kept, if each draft's committed content is
    one they audited; whether it was."""
    rels = [project.relative(d) for d in drafts]
    listed = git_text(project.root, "ls-tree", "-z", sha, "--", *rels)
    blobs = {}
    for entry in listed.split("\0"):
        if entry:
            meta, _, path = entry.partition("\t")
            blobs[path] = meta.split()[-1]
    shelf = project.store.results(SUMMARIES)
    kept = {rel: shelf.get(f"{rel}\0{blobs.get(rel, '')}") for rel in rels}
    if not all(isinstance(entry, dict) and "summary" in entry for entry in kept.values()):
        return False
    summaries = {rel: entry["summary"] for rel, entry in kept.items()}
    build_id = str(next(iter(kept.values())).get("build_id", ""))
    write_note(project.root, sha, note_body(summaries, build_id))
    return True


def blob_id(data: bytes) -> str:
    """The id git gives a blob of these bytes."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data, usedforsecurity=False).hexdigest()


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
