"""Audit reports as text for a terminal or a commit hook, GitHub Actions workflow commands
(+ job summary) and SARIF 2.1.0. Pure functions of the reports: no I/O but reading drafts
for fingerprints and appending to $GITHUB_STEP_SUMMARY."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from essaylint import __version__
from essaylint.audit.findings import SEVERITY_RANK, Finding, Rule
from essaylint.audit.registry import RULES

if TYPE_CHECKING:
    from essaylint.audit.report import DraftReport

FORMATS = ("text", "json", "github", "sarif")
GITHUB_CAP = 10  # annotations per severity per step (GitHub drops the rest)
GITHUB_LEVEL = {"error": "error", "warning": "warning", "info": "notice"}
SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note"}
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://github.com/essaylint/essaylint"
SUMMARY_ROWS = 200


def blocking(findings: Iterable[Finding], fail_on: str) -> list[Finding]:
    """The findings that reach ``fail_on`` (none for ``never``), in file order."""
    if fail_on == "never":
        return []
    threshold = SEVERITY_RANK[fail_on]
    chosen = [f for f in findings if SEVERITY_RANK[f.severity] >= threshold]
    return sorted(chosen, key=_order)


def _order(f: Finding) -> tuple[str, int, int, str]:
    return (f.file, f.line, f.column, f.rule)


def location(f: Finding) -> str:
    return f"{f.file}:{f.line}:{f.column}"


# -- text --------------------------------------------------------------------------------


def text_report(reports: Sequence[DraftReport], fail_on: str, *, full: bool = True) -> str:
    """A summary line per audit, then the findings: all of them (``full``) or only those
    that block (commit hooks: short, with a pointer to the tables)."""
    lines: list[str] = []
    for report in reports:
        lines += [f"{report.path}: warning: {warning}" for warning in report.warnings]
        for result in report.results:
            where = f" → {result.table}" if result.table and full else ""
            lines.append(f"{report.path}: {result.name}: {result.summary}{where}")
            lines += [f"  note: {note}" for note in result.notes] if full else []
        shown = sorted(report.findings, key=_order) if full else blocking(report.findings, fail_on)
        for f in shown:
            sure = f" (confidence {f.confidence:.2f})" if f.confidence is not None else ""
            lines.append(f"{location(f)}: {f.severity} {f.rule} {f.message}{sure}")
            if f.suggestion:
                lines.append(f"    suggestion: {f.suggestion}")
        if not full and report.results:
            tables = {r.table.rsplit(".", 2)[0] for r in report.results if r.table}
            if tables:
                lines.append(f"  full tables: {sorted(tables)[0]}.<audit>.md")
    return "\n".join(lines)


COMMIT_WARNINGS = 5  # warnings listed at commit (the rest are counted)


def commit_summary(reports: Sequence[DraftReport], fail_on: str) -> str:
    """What a commit prints, every time: per draft the errors, warnings and info counted, a
    line per audit, every finding that blocks, the first few warnings, and where the tables
    and the full list of findings are."""
    lines: list[str] = []
    for report in reports:
        counts = {level: 0 for level in ("error", "warning", "info")}
        for f in report.findings:
            counts[f.severity] = counts.get(f.severity, 0) + 1
        head = ", ".join(f"{n} {_plural(level, n)}" for level, n in counts.items())
        lines.append(f"essaylint: {report.path}: {head}")
        lines += [f"  {r.name}: {r.summary}" for r in report.results]
        blocks = blocking(report.findings, fail_on)
        shown = set(map(id, blocks))
        warnings = [f for f in sorted(report.findings, key=_order) if f.severity == "warning"]
        listed = [f for f in warnings if id(f) not in shown][:COMMIT_WARNINGS]
        for f in sorted([*blocks, *listed], key=_order):
            lines.append(f"  {location(f)}: {f.severity} {f.rule} {_clip(f.message)}")
        hidden = len([f for f in warnings if id(f) not in shown]) - len(listed)
        if hidden > 0:
            lines.append(f"  … and {hidden} more {_plural('warning', hidden)}")
        tables = [r.table for r in report.results if r.table]
        if tables:
            stem = tables[0].rsplit(".", 2)[0]
            names = ",".join(t.rsplit(".", 2)[1] for t in tables)
            findings = f"; every finding: {report.findings_json}" if report.findings_json else ""
            lines.append(f"  tables: {stem}.{{{names}}}.md{findings}")
    return "\n".join(lines)


def _plural(word: str, n: int) -> str:
    return word if n == 1 or word == "info" else word + "s"


def _clip(text: str, limit: int = 140) -> str:
    first = text.splitlines()[0] if text else ""
    return first if len(first) <= limit else first[: limit - 1] + "…"


# -- GitHub Actions ----------------------------------------------------------------------


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def github_annotations(reports: Sequence[DraftReport]) -> list[str]:
    """``::error file=..,line=..,col=..,title=..::message`` lines, at most GITHUB_CAP per level
    (errors first); a last plain line says how many were left for the job summary."""
    out: list[str] = []
    left = 0
    used: dict[str, int] = {}
    findings = [f for r in reports for f in r.findings]
    findings.sort(key=lambda f: (-SEVERITY_RANK[f.severity], *_order(f)))
    for f in findings:
        level = GITHUB_LEVEL[f.severity]
        if used.get(level, 0) >= GITHUB_CAP:
            left += 1
            continue
        used[level] = used.get(level, 0) + 1
        message = f.message + (f"\n{f.suggestion}" if f.suggestion else "")
        props = f"file={_escape_property(f.file)},line={f.line},col={f.column}"
        props += f",title={_escape_property('essaylint ' + f.rule)}"
        out.append(f"::{level} {props}::{_escape_data(message)}")
    if left:
        out.append(f"essaylint: {left} more findings are in the job summary and outputs/audits/")
    return out


def github_summary(reports: Sequence[DraftReport], failed: bool) -> str:
    """Markdown for $GITHUB_STEP_SUMMARY: per-audit summaries and a table of findings."""
    lines = ["## essaylint audit: " + ("failed" if failed else "passed"), ""]
    for report in reports:
        lines.append(f"### `{report.path}`")
        lines += [f"- **{r.name}**: {r.summary}" for r in report.results]
        lines.append("")
    findings = [f for r in reports for f in r.findings if f.severity != "info"]
    findings.sort(key=lambda f: (-SEVERITY_RANK[f.severity], *_order(f)))
    infos = sum(1 for r in reports for f in r.findings if f.severity == "info")
    if findings:
        lines += ["| severity | location | rule | message |", "|---|---|---|---|"]
        for f in findings[:SUMMARY_ROWS]:
            message = " ".join(f.message.split()).replace("|", "\\|")
            lines.append(f"| {f.severity} | `{location(f)}` | `{f.rule}` | {message} |")
        if len(findings) > SUMMARY_ROWS:
            lines.append(f"\n… and {len(findings) - SUMMARY_ROWS} more (see outputs/audits/)")
    if infos:
        lines.append(f"\n{infos} info findings are in the audit tables (outputs/audits/).")
    return "\n".join(lines) + "\n"


def write_github_summary(reports: Sequence[DraftReport], failed: bool) -> bool:
    target = os.environ.get("GITHUB_STEP_SUMMARY")
    if not target:
        return False
    with open(target, "a", encoding="utf-8") as handle:
        handle.write(github_summary(reports, failed))
    return True


# -- SARIF 2.1.0 -------------------------------------------------------------------------


def _line_text(root: Path, file: str, line: int, cache: dict[str, list[str]]) -> str:
    if file not in cache:
        try:
            cache[file] = (root / file).read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            cache[file] = []
    lines = cache[file]
    return lines[line - 1].strip() if 0 < line <= len(lines) else ""


def fingerprint(f: Finding, line_text: str, occurrence: int) -> str:
    """Stable across runs and line moves: rule, file, the line's text and which occurrence."""
    text = "\0".join((f.rule, f.file, " ".join(line_text.split()), str(occurrence)))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def sarif_log(reports: Sequence[DraftReport], root: Path) -> dict[str, Any]:
    rules = RULES
    findings = sorted((f for r in reports for f in r.findings), key=_order)
    used = sorted({f.rule for f in findings} | set(rules))
    index = {rule_id: n for n, rule_id in enumerate(used)}
    lines: dict[str, list[str]] = {}
    seen: dict[str, int] = {}
    results = []
    for f in findings:
        text = _line_text(root, f.file, f.line, lines)
        base = fingerprint(f, text, 0)
        seen[base] = seen.get(base, 0) + 1
        region: dict[str, int] = {"startLine": max(f.line, 1), "startColumn": max(f.column, 1)}
        if f.end_line:
            region["endLine"] = f.end_line
        if f.end_column:
            region["endColumn"] = f.end_column
        message = f.message + (f" ({f.suggestion})" if f.suggestion else "")
        properties = {"confidence": f.confidence} if f.confidence is not None else {}
        results.append(
            {
                "properties": properties,
                "ruleId": f.rule,
                "ruleIndex": index[f.rule],
                "level": SARIF_LEVEL[f.severity],
                "message": {"text": message},
                "locations": [
                    {
                        "physicalLocation": {
                            "artifactLocation": {"uri": f.file, "uriBaseId": "%SRCROOT%"},
                            "region": region,
                        }
                    }
                ],
                "partialFingerprints": {"essaylint/v1": fingerprint(f, text, seen[base] - 1)},
            }
        )
    driver = {
        "name": "essaylint",
        "version": __version__,
        "semanticVersion": __version__,
        "informationUri": INFORMATION_URI,
        "rules": [_rule(rules.get(rule_id), rule_id) for rule_id in used],
    }
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": driver},
                "originalUriBaseIds": {"%SRCROOT%": {"uri": root.resolve().as_uri() + "/"}},
                "results": results,
            }
        ],
    }


def _rule(rule: Rule | None, rule_id: str) -> dict[str, Any]:
    summary = rule.summary if rule else rule_id
    level = SARIF_LEVEL[rule.severity] if rule else "warning"
    return {
        "id": rule_id,
        "name": rule_id.replace("/", "-"),
        "shortDescription": {"text": summary},
        "fullDescription": {"text": (rule.rationale if rule else "") or summary},
        "helpUri": f"{INFORMATION_URI}/blob/main/docs/rules.md#{rule_id.replace('/', '')}",
        "defaultConfiguration": {"level": level},
        "properties": {"tags": [rule_id.split("/")[0], "essay"]},
    }


def sarif_text(reports: Sequence[DraftReport], root: Path) -> str:
    return json.dumps(sarif_log(reports, root), indent=1, ensure_ascii=False)
