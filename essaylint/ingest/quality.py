"""meta/parse_quality_report.md: how well each document's text came out of its file."""

from __future__ import annotations

from typing import TYPE_CHECKING

from essaylint.config.schema import QualitySettings
from essaylint.core.fsio import atomic_write_text
from essaylint.core.records import (
    ChunkedDocument,
    DuplicateGroup,
    ParsedDocument,
    QualityStats,
)

if TYPE_CHECKING:
    from essaylint.core.project import Project
    from essaylint.core.records import DocOutcome


def flag_quality(quality: QualityStats, limits: QualitySettings) -> None:
    reasons = []
    if quality.repeated_line_ratio > limits.max_repeated_line_ratio:
        reasons.append(f"repeated-line ratio {quality.repeated_line_ratio:.2f}")
    if quality.non_letter_ratio > limits.max_non_letter_ratio:
        reasons.append(f"non-letter share {quality.non_letter_ratio:.2f}")
    if (
        quality.pages
        and len(quality.pages_without_text) / quality.pages > limits.max_empty_page_share
    ):
        reasons.append(f"{len(quality.pages_without_text)} of {quality.pages} pages without text")
    quality.reasons = reasons
    quality.needs_manual_check = bool(reasons)


def write_quality_report(
    project: Project,
    parsed: dict[str, ParsedDocument],
    chunked: dict[str, ChunkedDocument],
    failures: list[DocOutcome],
    groups: list[DuplicateGroup] = (),  # type: ignore[assignment]
) -> None:
    lines = [
        "# Parse quality report",
        "",
        "Written by `essaylint ingest`. Documents over the thresholds in `essaylint.yaml`",
        "(`ingest.quality`) are flagged `needs_manual_check`: open the PDF and compare.",
        "",
        "| doc_uid | file | pages | no text | repeated lines | non-letter | paragraph words "
        "p10/median/p90 | dehyphenated | text repaired | status |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for uid, document in sorted(parsed.items(), key=lambda kv: kv[1].source_path):
        q = chunked[uid].quality if uid in chunked else QualityStats()
        status = "needs_manual_check: " + "; ".join(q.reasons) if q.needs_manual_check else "ok"
        lines.append(
            f"| {uid} | {document.source_path} | {q.pages} | {_pages(q.pages_without_text)} | "
            f"{q.repeated_line_ratio:.2f} | {q.non_letter_ratio:.2f} | "
            f"{q.paragraph_words_p10}/{q.paragraph_words_median}/{q.paragraph_words_p90} | "
            f"{q.dehyphenated} | {_repaired(document)} | {status} |"
        )
    if failures:
        lines += [
            "",
            "## Not ingested",
            "",
            "Not citable until they are ingested; fix the file (or the bug reported) and run "
            "`essaylint ingest` again.",
            "",
            "| file | stage | reason | what to do |",
            "|---|---|---|---|",
        ]
        lines += [
            f"| {_cell(f.path)} | {f.stage or 'parse'} | {_cell(f.reason)} | {_cell(f.hint)} |"
            for f in sorted(failures, key=lambda f: f.path)
        ]
    lines += _duplicate_lines(groups, parsed)
    lines += ["", "## Header and footer lines removed", ""]
    for uid, document in sorted(parsed.items(), key=lambda kv: kv[1].source_path):
        templates = chunked[uid].quality.removed_templates if uid in chunked else {}
        if not templates:
            continue
        lines.append(f"### {document.source_path} ({uid})")
        lines.append("")
        for key, examples in templates.items():
            lines.append(f"- `{key}` — e.g. " + " · ".join(f"“{e}”" for e in examples[:3]))
        lines.append("")
    warnings = [(d.source_path, w) for d in parsed.values() for w in d.warnings]
    if warnings:
        lines += ["## Warnings", ""] + [f"- {path}: {w}" for path, w in sorted(warnings)]
    atomic_write_text(project.meta / "parse_quality_report.md", "\n".join(lines) + "\n")


def _duplicate_lines(groups: list[DuplicateGroup], parsed: dict[str, ParsedDocument]) -> list[str]:
    """Copies and versions of one work (`essaylint library duplicates`)."""
    if not groups:
        return []
    lines = [
        "",
        "## Copies and versions of one work",
        "",
        "Copies are cited as the preferred one (library.csv `duplicate_of`: set or clear it "
        "to decide); versions stay separate sources. `essaylint library duplicates` lists them.",
        "",
        "| kind | preferred | others | why |",
        "|---|---|---|---|",
    ]
    for group in groups:
        others = [u for u in group.doc_uids if u != group.preferred]
        named = ", ".join(_named(u, parsed) for u in others)
        if group.kept_apart:
            named += " (kept apart by you: " + ", ".join(group.kept_apart) + ")"
        lines.append(
            f"| {group.kind} | {_named(group.preferred, parsed)} | {named} | {_cell(group.why)} |"
        )
    return lines


def _named(uid: str, parsed: dict[str, ParsedDocument]) -> str:
    document = parsed.get(uid)
    return f"{uid} ({_cell(document.source_path)})" if document else uid


def _repaired(document: ParsedDocument) -> str:
    """Characters text hygiene changed (ingest/hygiene.py): joined / replaced."""
    if not document.joined_chars and not document.replaced_chars:
        return "–"
    return f"{document.joined_chars} joined, {document.replaced_chars} replaced"


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _pages(numbers: list[int]) -> str:
    if not numbers:
        return "–"
    shown = ", ".join(str(n) for n in numbers[:8])
    return shown + (f" (+{len(numbers) - 8})" if len(numbers) > 8 else "")
