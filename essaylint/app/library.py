"""`essaylint library enrich`: complete library.csv from the student's Zotero and, when
asked, Crossref and OpenAlex, as a per-field diff the student accepts.

Nothing leaves the machine unless this runs: Zotero's local API is on the machine, its web
API is asked only when ZOTERO_API_KEY and ZOTERO_LIBRARY_ID are set, and Crossref and
OpenAlex only when named in ``--from`` (the default names them).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from essaylint.app.backends import metadata_sources
from essaylint.config.schema import Config
from essaylint.core.errors import BackendError, EssaylintError
from essaylint.core.ports import MetadataSource
from essaylint.core.project import Project
from essaylint.export.zotero import (
    ZoteroSession,
    ZoteroSettings,
    ZoteroUnavailableError,
    zotero_records,
)
from essaylint.ingest.library import APPLIED_STATE, MEMORY_STATE, library_entries, read_library
from essaylint.ingest.library_columns import RECORD_COLUMNS, row_from_csl
from essaylint.ingest.library_updates import (
    SOURCES,
    Memory,
    Proposal,
    SourceRecord,
    apply_updates,
    best_match,
    plan_updates,
)

Say = Callable[[str], None]


@dataclass
class EnrichOptions:
    uids: list[str] = field(default_factory=list)  # empty: every present row
    sources: tuple[str, ...] = SOURCES
    apply: bool = False
    replace: bool = False  # let Crossref/OpenAlex replace extracted values too
    columns: tuple[str, ...] = ()  # empty: every bibliographic column
    refresh: bool = False  # ask again instead of reusing cached answers
    zotero_settings: ZoteroSettings | None = None
    confirm: Callable[[Proposal], bool] | None = None  # asks the student, per change


@dataclass
class RowMatches:
    doc_uid: str
    citation_key: str
    title: str
    matched: dict[str, str] = field(default_factory=dict)  # source → how (and which record)
    unmatched: dict[str, str] = field(default_factory=dict)  # source → why not


@dataclass
class EnrichReport:
    sources: dict[str, str] = field(default_factory=dict)  # source → "used" or why not
    rows: list[RowMatches] = field(default_factory=list)
    proposals: list[Proposal] = field(default_factory=list)
    written: list[Proposal] = field(default_factory=list)
    requests: dict[str, int] = field(default_factory=dict)  # answers fetched, not cached

    def as_dict(self) -> dict[str, Any]:
        return {
            "sources": self.sources,
            "rows": [r.__dict__ for r in self.rows],
            "proposals": [p.as_dict() for p in self.proposals],
            "written": [p.as_dict() for p in self.written],
            "requests": self.requests,
        }


def enrich_library(
    project: Project, config: Config, options: EnrichOptions, say: Say | None = None
) -> EnrichReport:
    say = say or (lambda _: None)
    rows = read_library(project.library_csv)
    selected = _selected(rows, options.uids)
    report = EnrichReport()
    report.rows = [
        RowMatches(u, rows[u].get("citation_key", ""), rows[u].get("title", "")) for u in selected
    ]
    by_uid = {r.doc_uid: r for r in report.rows}
    records: dict[str, list[SourceRecord]] = {u: [] for u in selected}
    if "zotero" in options.sources:
        _from_zotero(project, options, selected, records, by_uid, report)
    online = [s for s in options.sources if s != "zotero"]
    for source in metadata_sources(config, project.root, online, options.refresh):
        _from_service(source, rows, selected, records, by_uid, report, say)
        report.requests[source.name] = getattr(source, "requests", 0)
    memory = Memory.read(
        project.store.state(MEMORY_STATE).path, project.store.state(APPLIED_STATE).path
    )
    columns = options.columns or RECORD_COLUMNS
    report.proposals = plan_updates(rows, memory, records, columns)
    if options.apply:
        chosen = [p for p in report.proposals if _applies(p, options)]
        report.written = apply_updates(
            project.library_csv, project.store.state(APPLIED_STATE).path, chosen
        )
    return report


def _selected(rows: dict[str, dict[str, str]], uids: list[str]) -> list[str]:
    unknown = [u for u in uids if u not in rows]
    if unknown:
        raise EssaylintError(
            f"not in library.csv: {', '.join(unknown)}", "see `essaylint library list`"
        )
    if uids:
        return list(dict.fromkeys(uids))
    return [u for u, row in rows.items() if row.get("status", "present") in ("present", "")]


def _applies(proposal: Proposal, options: EnrichOptions) -> bool:
    if proposal.kind == "replace" and proposal.source != "zotero" and not options.replace:
        return False
    if proposal.kind not in ("fill", "replace"):
        return False
    return options.confirm(proposal) if options.confirm else True


def _from_zotero(
    project: Project,
    options: EnrichOptions,
    selected: list[str],
    records: dict[str, list[SourceRecord]],
    by_uid: dict[str, RowMatches],
    report: EnrichReport,
) -> None:
    settings = options.zotero_settings or ZoteroSettings.from_env()
    entries = library_entries(project.library_csv)
    try:
        session = ZoteroSession.connect(settings)
        found, missing = zotero_records(session, {u: entries[u] for u in selected})
    except ZoteroUnavailableError as exc:
        report.sources["zotero"] = f"not reachable: {exc.reason}"
        return
    report.sources["zotero"] = f"used ({session.api} API)"
    for uid, record in found.items():
        records[uid].append(record)
        by_uid[uid].matched["zotero"] = f"{record.matched_by}, item {record.reference}"
    for uid, why in missing.items():
        by_uid[uid].unmatched["zotero"] = why


def _from_service(
    source: MetadataSource,
    rows: dict[str, dict[str, str]],
    selected: list[str],
    records: dict[str, list[SourceRecord]],
    by_uid: dict[str, RowMatches],
    report: EnrichReport,
    say: Say,
) -> None:
    say(f"asking {source.name} about {len(selected)} source(s)")
    for uid in selected:
        row = rows[uid]
        doi = row.get("doi", "") or _doi_found(records[uid])
        try:
            record = _look_up(source, row, doi)
        except BackendError as exc:
            report.sources[source.name] = f"not reachable: {exc.message}"
            return
        if record is None:
            by_uid[uid].unmatched[source.name] = (
                f"no record of DOI {doi}, nor of this title and year"
                if doi
                else "no record of this title and year"
            )
            continue
        records[uid].append(record)
        by_uid[uid].matched[source.name] = record.matched_by
    report.sources[source.name] = "used"


def _look_up(source: MetadataSource, row: dict[str, str], doi: str) -> SourceRecord | None:
    if doi:
        item = source.by_doi(doi)
        if item is not None:
            fields = row_from_csl(item)
            return SourceRecord(source.name, fields, f"DOI {doi}", fields.get("doi", doi))
    title = row.get("title", "").strip()
    if not title:
        return None
    first = row.get("authors", "").split(";")[0].split(",")[0].strip()
    year = int(row["year"]) if row.get("year", "").isdigit() else None
    candidates = [row_from_csl(item) for item in source.search(title, first, year)]
    match = best_match(row, candidates)
    if match is None:
        return None
    return SourceRecord(source.name, match, "title, year and first author", match.get("doi", ""))


def _doi_found(found: list[SourceRecord]) -> str:
    return next((r.fields["doi"] for r in found if r.fields.get("doi")), "")
