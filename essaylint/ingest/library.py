"""library.csv: one row per source, created by ingest and then merged, never clobbered.

A three-way merge keeps the student's corrections: the values ingest extracted last time
are remembered in .essaylint/library_extracted.json, so a cell that still holds the old
extracted value may be refreshed, while a cell the student changed is left alone. New
documents are appended; documents whose file is gone are marked ``removed``.
"""

from __future__ import annotations

import csv
import io
import json
import re
import unicodedata
from pathlib import Path

from essaylint.core.fsio import atomic_write_text
from essaylint.core.records import LIBRARY_COLUMNS, DocumentMetadata, LibraryEntry, SourceFile
from essaylint.text.stopwords import TITLE

_STOPWORDS = TITLE
MEMORY_STATE = "library_extracted"  # what ingest wrote last, per row (the merge's base)
EVIDENCE_STATE = "library_evidence"  # where each extracted value was read (library show)
APPLIED_STATE = "library_applied"  # what `library enrich` wrote, per row


def read_library(path: Path) -> dict[str, dict[str, str]]:
    """Rows by doc_uid, every column kept (including ones the student added)."""
    if not path.is_file():
        return {}
    text = path.read_text(encoding="utf-8-sig")
    rows = {}
    for row in csv.DictReader(io.StringIO(text)):
        uid = (row.get("doc_uid") or "").strip()
        if uid:
            rows[uid] = {k: (v or "") for k, v in row.items() if k is not None}
    return rows


def library_entries(path: Path) -> dict[str, LibraryEntry]:
    known = set(LIBRARY_COLUMNS)
    return {
        uid: LibraryEntry(**{k: v for k, v in row.items() if k in known})
        for uid, row in read_library(path).items()
    }


def extracted_row(
    source: SourceFile, metadata: DocumentMetadata, pages: int, reading_list: dict[str, str]
) -> dict[str, str]:
    """What ingest knows about a source, reading-list values first."""
    row = {
        "doc_uid": source.doc_uid,
        "authors": "; ".join(metadata.authors),
        "year": str(metadata.year or ""),
        "title": metadata.title or _title_from_filename(source.path),
        "container": metadata.container,
        "publisher": metadata.publisher,
        "doi": metadata.doi,
        "url": metadata.url,
        "source_type": source.source_type,
        "citable": "true" if source.citable else "false",
        "source_path": source.path,
        "pages": str(pages),
        "accessed_at": "",
        "published_date": metadata.published_date,
        "status": "present",
        "type": metadata.type,
        "volume": metadata.volume,
        "issue": metadata.issue,
        "page": metadata.page,
        "number": metadata.number,
        "isbn": metadata.isbn,
        "arxiv": metadata.arxiv,
    }
    for key, value in reading_list.items():
        if key in row and value.strip() and key not in {"doc_uid", "source_path"}:
            row[key] = value.strip()
    return row


def merge_library(
    library_path: Path,
    memory_path: Path,
    extracted: dict[str, dict[str, str]],
    present: set[str],
) -> list[LibraryEntry]:
    """Merge freshly extracted rows into library.csv; returns the resulting entries."""
    current = read_library(library_path)
    memory = json.loads(memory_path.read_text()) if memory_path.is_file() else {}
    taken = {row.get("citation_key", "") for row in current.values()}
    for uid, fresh in extracted.items():
        if uid not in current:
            fresh = dict(fresh, citation_key=_unique_key(_base_key(fresh), taken))
            taken.add(fresh["citation_key"])
            current[uid] = fresh
            continue
        row, before = current[uid], memory.get(uid)
        for key, value in fresh.items():
            if key == "citation_key":
                continue
            if key == "source_path" or _unedited(row.get(key, ""), before, key):
                row[key] = value
    for uid, row in current.items():
        row["status"] = "present" if uid in present else "removed"
    memory.update(extracted)
    write_library(library_path, current)
    atomic_write_text(memory_path, json.dumps(memory, indent=1, sort_keys=True))
    known = set(LIBRARY_COLUMNS)
    return [
        LibraryEntry(**{k: v for k, v in row.items() if k in known}) for row in current.values()
    ]


def set_fields(path: Path, doc_uid: str, updates: dict[str, str]) -> dict[str, str]:
    """Write the student's values for one row of library.csv; returns the updated row."""
    rows = read_library(path)
    if doc_uid not in rows:
        raise KeyError(doc_uid)
    rows[doc_uid].update(updates)
    write_library(path, rows)
    return rows[doc_uid]


def _unedited(cell: str, before: dict[str, str] | None, key: str) -> bool:
    """A cell may be refreshed if it still holds what ingest wrote last time; without that
    memory (a fresh clone) only an empty cell may be filled."""
    if before is None:
        return not cell.strip()
    return cell == before.get(key, "")


def read_reading_list(raw: Path) -> dict[str, dict[str, str]]:
    """raw/reading_list.csv rows keyed by file name (column ``file``) or doc_uid."""
    for name in ("reading_list.csv", "reading-list.csv"):
        path = raw / name
        if path.is_file():
            rows = csv.DictReader(io.StringIO(path.read_text(encoding="utf-8-sig")))
            out = {}
            for row in rows:
                key = (row.get("file") or row.get("doc_uid") or "").strip()
                if key:
                    out[Path(key).name if "/" in key else key] = {
                        k: v or "" for k, v in row.items() if k
                    }
            return out
    return {}


def write_library(path: Path, rows: dict[str, dict[str, str]]) -> None:
    """library.csv with every known column (a file from an older version gains the new
    ones, empty, at the end) and the student's own columns after them."""
    extra = sorted({k for row in rows.values() for k in row} - set(LIBRARY_COLUMNS))
    columns = list(LIBRARY_COLUMNS) + extra
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    for uid in sorted(rows, key=lambda u: (rows[u].get("source_path", ""), u)):
        writer.writerow({c: rows[uid].get(c, "") for c in columns})
    atomic_write_text(path, buffer.getvalue())


def _base_key(row: dict[str, str]) -> str:
    surname = row["authors"].split(";")[0].split(",")[0].strip() or "anon"
    words = [
        w for w in re.findall(r"[a-z0-9]+", _ascii(row["title"]).lower()) if w not in _STOPWORDS
    ]
    year = row["year"] or "nd"
    return f"{_slug(surname)}{year}_{'-'.join(words[:2]) or 'untitled'}"


def _unique_key(base: str, taken: set[str]) -> str:
    if base not in taken:
        return base
    for suffix in "abcdefghijklmnopqrstuvwxyz":
        if base + suffix not in taken:
            return base + suffix
    return f"{base}{len(taken)}"


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "", _ascii(text).lower())


def _ascii(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


def _title_from_filename(path: str) -> str:
    stem = Path(path).stem
    return re.sub(r"[_\-]+", " ", stem).strip()
