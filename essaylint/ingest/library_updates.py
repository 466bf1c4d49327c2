"""Proposed changes to library.csv from other records of the same work (the student's
Zotero, Crossref, OpenAlex), as a per-field diff the student accepts.

A cell the student edited is never changed: it still differs from both what ingest
extracted last (``library_extracted``) and what an earlier enrichment wrote
(``library_applied``). The student's own Zotero record comes first; Crossref and OpenAlex
fill gaps, and where they disagree with each other the field is reported as a conflict and
left alone.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path

from essaylint.core.fsio import atomic_write_text
from essaylint.ingest.library import read_library, write_library
from essaylint.ingest.library_columns import RECORD_COLUMNS
from essaylint.ingest.library_columns import fold as _fold

SOURCES = ("zotero", "crossref", "openalex")
KINDS = ("fill", "replace", "kept", "conflict")


@dataclass(frozen=True)
class SourceRecord:
    """One source's record of a library row's work, in library.csv's columns."""

    source: str  # zotero | crossref | openalex
    fields: dict[str, str]
    matched_by: str  # "DOI", "title and year", ...
    reference: str = ""  # Zotero item key, DOI, OpenAlex id


@dataclass
class Proposal:
    doc_uid: str
    column: str
    current: str
    value: str
    source: str
    kind: str  # fill (empty cell) | replace (an extracted value) | kept (your edit) | conflict
    note: str = ""

    def as_dict(self) -> dict[str, str]:
        return asdict(self)


@dataclass
class Memory:
    """What ingest extracted last and what enrichment applied, per row and column."""

    extracted: dict[str, dict[str, str]] = field(default_factory=dict)
    applied: dict[str, dict[str, str]] = field(default_factory=dict)

    @classmethod
    def read(cls, extracted: Path, applied: Path) -> Memory:
        return cls(_json(extracted), _json(applied))

    def edited(self, uid: str, column: str, cell: str) -> bool:
        """Whether the student wrote this cell (a fresh clone, with no memory, counts any
        non-empty cell as the student's)."""
        if not cell.strip():
            return False
        extracted = self.extracted.get(uid)
        if extracted is None:
            return True
        return cell != extracted.get(column, "") and cell != self.applied.get(uid, {}).get(column)


def plan_updates(
    rows: dict[str, dict[str, str]],
    memory: Memory,
    records: dict[str, list[SourceRecord]],
    columns: Iterable[str] = RECORD_COLUMNS,
) -> list[Proposal]:
    proposals: list[Proposal] = []
    for uid, found in records.items():
        row = rows.get(uid)
        if row is None or not found:
            continue
        for column in columns:
            proposal = _propose(uid, column, row.get(column, ""), memory, found)
            if proposal is not None:
                proposals.append(proposal)
    return proposals


def _propose(
    uid: str, column: str, cell: str, memory: Memory, found: list[SourceRecord]
) -> Proposal | None:
    value, source, conflict = _agreed_value(column, found)
    if conflict:
        if cell.strip() and any(same(column, cell, r.fields.get(column, "")) for r in found):
            return None
        return Proposal(uid, column, cell, "", "", "conflict", conflict)
    if not value or same(column, cell, value):
        return None
    if memory.edited(uid, column, cell):
        return Proposal(uid, column, cell, value, source, "kept", "you edited this cell")
    return Proposal(uid, column, cell, value, source, "fill" if not cell.strip() else "replace")


def _agreed_value(column: str, found: list[SourceRecord]) -> tuple[str, str, str]:
    """(value, source, conflict): Zotero's value when it has one, else the online sources'
    when they agree."""
    ordered = sorted(found, key=lambda r: SOURCES.index(r.source) if r.source in SOURCES else 9)
    for record in ordered:
        if record.source == "zotero" and record.fields.get(column):
            return record.fields[column], "zotero", ""
    online = [(r.source, r.fields[column]) for r in ordered if r.fields.get(column)]
    if not online:
        return "", "", ""
    first_source, first = online[0]
    for other_source, other in online[1:]:
        if not same(column, first, other):
            return "", "", f"{first_source} says {first!r}, {other_source} says {other!r}"
    return first, first_source, ""


def apply_updates(
    library_path: Path, applied_path: Path, proposals: list[Proposal]
) -> list[Proposal]:
    """Write fill and replace proposals to library.csv (the rows re-read first, so that a
    cell edited since the plan is left alone); returns those written."""
    rows = read_library(library_path)
    applied = _json(applied_path)
    written = []
    for proposal in proposals:
        row = rows.get(proposal.doc_uid)
        if proposal.kind not in ("fill", "replace") or row is None:
            continue
        if row.get(proposal.column, "") != proposal.current:
            continue
        row[proposal.column] = proposal.value
        applied.setdefault(proposal.doc_uid, {})[proposal.column] = proposal.value
        written.append(proposal)
    if written:
        write_library(library_path, rows)
        atomic_write_text(applied_path, json.dumps(applied, indent=1, sort_keys=True))
    return written


# -- is it the same work? ---------------------------------------------------------------------


def best_match(row: dict[str, str], candidates: list[dict[str, str]]) -> dict[str, str] | None:
    """The candidate record (library columns) that is the row's work: the same title
    (words, case and punctuation aside), a year at most one apart, and the same first
    author when both name one. None when no candidate is sure, or two are."""
    sure = [c for c in candidates if _same_work(row, c)]
    return sure[0] if len(sure) == 1 else None


def _same_work(row: dict[str, str], candidate: dict[str, str]) -> bool:
    if _title_words(row.get("title", "")) != _title_words(candidate.get("title", "")):
        return False
    years = [v for v in (row.get("year", ""), candidate.get("year", "")) if v.isdigit()]
    if len(years) == 2 and abs(int(years[0]) - int(years[1])) > 1:
        return False
    first = [_surnames(v)[:1] for v in (row.get("authors", ""), candidate.get("authors", ""))]
    return not (first[0] and first[1] and first[0] != first[1])


def _title_words(title: str) -> list[str]:
    text = unicodedata.normalize("NFKD", re.sub(r"<[^>]+>", "", title))
    return [w for w in re.findall(r"\w+", text.casefold()) if not w.isdigit() or len(w) > 1]


# -- comparing values --------------------------------------------------------------------------


def same(column: str, a: str, b: str) -> bool:
    """Whether two values of a column say the same thing (case, accents, punctuation and
    dash styles aside; authors by their surnames; page ranges "140-4" = "140-144")."""
    a, b = a.strip(), b.strip()
    if not a or not b:
        return a == b
    if column == "doi":
        return a.casefold() == b.casefold()
    if column == "authors":
        return _surnames(a) == _surnames(b)
    if column == "page":
        return _pages(a) == _pages(b)
    return _fold(a) == _fold(b)


def _surnames(authors: str) -> list[str]:
    return [_fold(name.split(",")[0]) for name in authors.split(";") if name.strip()]


def _pages(text: str) -> str:
    text = re.sub(r"[\u2010-\u2015\u2212]", "-", text).replace(" ", "")
    match = re.fullmatch(r"(\w*?)(\d+)-(\w*?)(\d+)", text)
    if match and len(match.group(4)) < len(match.group(2)):
        first = match.group(2)
        last = first[: len(first) - len(match.group(4))] + match.group(4)
        return f"{match.group(1)}{first}-{last}".casefold()
    return text.casefold()


def _json(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}
