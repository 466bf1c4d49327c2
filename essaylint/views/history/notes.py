"""The audit summary of each commit, as a JSON git note on refs/notes/essaylint.

One note per commit: ``{"essaylint": version, "build_id": ..., "drafts": {path: summary}}``
for the drafts the commit touched. :func:`history` reads them back, oldest first.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from essaylint import __version__
from essaylint.core.git import git, git_text

if TYPE_CHECKING:
    from essaylint.audit.report import DraftReport

NOTES_REF = "refs/notes/essaylint"
CITATION_STATUSES = (
    "OK",
    "UNCERTAIN",
    "WEAK",
    "CONTRADICTED",
    "MISSING",
    "NOT_CITABLE",
    "UNKNOWN",
)


def summarise(report: DraftReport) -> dict[str, Any]:
    """The numbers a student follows over time (SPEC §7): words, claims needing evidence,
    citations by status, style findings, rubric coverage, and findings by severity."""
    out: dict[str, Any] = {}
    severities: dict[str, int] = {}
    for f in report.findings:
        severities[f.severity] = severities.get(f.severity, 0) + 1
    out["findings"] = severities
    for result in report.results:
        statuses: dict[str, int] = {}
        for row in result.rows:
            status = str(row.get("status", ""))
            statuses[status] = statuses.get(status, 0) + 1
        if result.name == "citations":
            out["citations"] = {s: statuses.get(s, 0) for s in CITATION_STATUSES}
        elif result.name == "claims":
            out["claims"] = {"total": len(result.rows), "need": statuses.get("NEED", 0)}
        elif result.name == "style":
            out["words"] = result.metrics.get("words")
            out["style"] = {"findings": len(result.findings)}
        elif result.name == "rubric" and result.rows:
            total = len(result.rows)
            covered = statuses.get("COVERED", 0)
            out["rubric"] = {
                "covered": covered,
                "partial": statuses.get("PARTIAL", 0),
                "missing": statuses.get("MISSING", 0),
                "total": total,
                "coverage": round((covered + 0.5 * statuses.get("PARTIAL", 0)) / total, 3),
            }
    return out


def note_body(summaries: dict[str, dict[str, Any]], build_id: str = "") -> str:
    data = {"essaylint": __version__, "build_id": build_id, "drafts": summaries}
    return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def unnoted(root: Path, depth: int) -> list[tuple[str, list[str]]]:
    """The commits on HEAD's first-parent line since the last noted one (at most ``depth``,
    oldest first), each with the files it added or changed; one git call."""
    if not git_text(root, "rev-parse", "--verify", "-q", "HEAD", check=False).strip():
        return []
    args = ["log", "--first-parent", f"-n{depth}", f"--notes={NOTES_REF}"]
    args += ["--format=%x1e%H%x1f%N%x1f", "--name-only", "--diff-filter=ACMR", "-z"]
    found = []
    for record in git_text(root, *args).split("\x1e")[1:]:
        sha, note, files = record.split("\x1f", 2)
        if note.strip():
            break
        found.append((sha, [f.strip("\n") for f in files.split("\0") if f.strip("\n")]))
    return found[::-1]


def write_note(root: Path, commit: str, body: str) -> None:
    """Attach (or replace) the essaylint note of ``commit``."""
    git(root, "notes", f"--ref={NOTES_REF}", "add", "-f", "-F", "-", commit, input=body.encode())


@dataclass
class Point:
    """One noted commit: when, what, and the summary of each draft it touched."""

    commit: str
    time: int
    subject: str
    drafts: dict[str, dict[str, Any]] = field(default_factory=dict)


def history(root: Path, limit: int = 0) -> list[Point]:
    """Noted commits reachable from HEAD, oldest first (commits without a note are skipped)."""
    if not git_text(root, "rev-parse", "--verify", "-q", "HEAD", check=False).strip():
        return []
    args = ["log", f"--notes={NOTES_REF}", "--format=%H%x1f%ct%x1f%s%x1f%N%x1e"]
    if limit:
        args.append(f"-n{limit}")
    points = []
    for record in git_text(root, *args).split("\x1e"):
        parts = record.strip("\n").split("\x1f")
        if len(parts) < 4 or not parts[3].strip():
            continue
        try:
            data = json.loads(parts[3])
        except ValueError:
            continue
        points.append(Point(parts[0], int(parts[1]), parts[2], data.get("drafts", {})))
    return points[::-1]
