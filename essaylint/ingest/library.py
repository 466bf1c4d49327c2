"""library.csv: one row per source, created by ingest and then merged, never clobbered.

A three-way merge keeps the student's corrections: the values ingest extracted last time
are remembered in .essaylint/library_extracted.json, so a cell that still holds the old
extracted value may be refreshed, while a cell the student changed is left alone. New
documents are appended; documents whose file is gone are marked ``removed``, those whose
file does not parse ``failed``.

The file is read strictly: a quote left open, a row with too many or too few fields, a
row without a doc_uid or two rows with one doc_uid are errors naming the line
(``library.csv:LINE``), and a file that does not parse is never rewritten. Columns are
not checked: a student's own columns are kept as they are.
"""

from __future__ import annotations

import csv
import io
import json
import re
import unicodedata
from pathlib import Path

from essaylint.core.errors import LibraryError
from essaylint.core.fsio import atomic_write_text, read_json
from essaylint.core.records import LIBRARY_COLUMNS, DocumentMetadata, LibraryEntry, SourceFile
from essaylint.ingest.library_columns import DOC_UID
from essaylint.text.stopwords import TITLE

_STOPWORDS = TITLE
MEMORY_STATE = "library_extracted"  # what ingest wrote last, per row (the merge's base)
EVIDENCE_STATE = "library_evidence"  # where each extracted value was read (library show)
APPLIED_STATE = "library_applied"  # what `library enrich` wrote, per row


_ROW_START = re.compile(r"\n[ \t]*\"?doc_[0-9a-f]{8}")
LIBRARY_HINT = (
    "fix that line (a spreadsheet saving as CSV UTF-8 writes it correctly), or take back "
    "the last committed version with `git checkout library.csv`; essaylint does not "
    "rewrite library.csv until it parses"
)


def read_library(path: Path) -> dict[str, dict[str, str]]:
    """Rows by doc_uid, every column kept (including ones the student added); raises
    LibraryError naming the line of anything that cannot be read."""
    if not path.is_file():
        return {}
    data = path.read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise LibraryError(
            f"{path.name}:{line}: not UTF-8 (byte 0x{data[exc.start]:02x})",
            "save it as CSV UTF-8 (in Excel: Save As → CSV UTF-8), then run the command again",
        ) from None
    return _parse_library(text, path.name)


def _parse_library(text: str, name: str) -> dict[str, dict[str, str]]:
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    header: list[str] | None = None
    rows: dict[str, dict[str, str]] = {}
    lines: dict[str, int] = {}
    while True:
        start = reader.line_num + 1
        try:
            record = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            raise _bad(name, start, _csv_problem(str(exc), start, reader.line_num)) from None
        if not any(cell.strip() for cell in record):
            continue
        if header is None:
            header = _header(record, name, start)
            continue
        _check_record(record, header, name, start, reader.line_num)
        row = dict(zip(header, record, strict=True))
        uid = row["doc_uid"].strip()
        if uid in lines:
            raise LibraryError(
                f"{name}:{start}: doc_uid {uid} is also on line {lines[uid]}",
                "keep one of the two rows (copy your edits into it) and delete the other",
            )
        lines[uid] = start
        rows[uid] = dict(row, doc_uid=uid)
    return rows


def _header(record: list[str], name: str, line: int) -> list[str]:
    header = [cell.strip() for cell in record]
    if "doc_uid" not in header:
        raise _bad(name, line, "the first line names no doc_uid column")
    repeated = sorted({c for c in header if c and header.count(c) > 1})
    if repeated:
        raise _bad(name, line, f"the column {repeated[0]!r} appears twice")
    return header


def _check_record(record: list[str], header: list[str], name: str, start: int, end: int) -> None:
    if end > start and any(_ROW_START.search(cell) for cell in record):
        raise _bad(
            name,
            start,
            f"a quote opened on line {start} is closed only on line {end}, so the rows "
            "between were read as one cell",
        )
    if len(record) != len(header):
        raise _bad(
            name,
            start,
            f"{len(record)} fields where the header has {len(header)} (a comma inside a "
            "value needs the value in double quotes)",
        )
    uid = record[header.index("doc_uid")].strip()
    if not uid:
        raise _bad(name, start, "the row has no doc_uid")
    if not DOC_UID.fullmatch(uid):
        raise _bad(name, start, f"{uid!r} is not a doc_uid (doc_ and 8 or more hex digits)")


def _csv_problem(message: str, start: int, end: int) -> str:
    if "end of data" in message or "EOF" in message:
        return f"a quote opened on line {start} is never closed"
    if end > start:
        return (
            f"a quote opened on line {start} runs on to line {end}, taking the rows between "
            "into one cell (a closing quote is missing)"
        )
    return f'not valid CSV ({message}): a double quote inside a value is written twice ("")'


def _bad(name: str, line: int, problem: str) -> LibraryError:
    return LibraryError(f"{name}:{line}: {problem}", LIBRARY_HINT)


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


def minimal_row(source: SourceFile) -> dict[str, str]:
    """What is known of a source whose metadata could not be extracted."""
    row = dict.fromkeys(LIBRARY_COLUMNS, "")
    row.update(
        doc_uid=source.doc_uid,
        title=_title_from_filename(source.path),
        source_type=source.source_type,
        citable="true" if source.citable else "false",
        source_path=source.path,
        status="present",
    )
    row.pop("citation_key")
    row.pop("duplicate_of")  # written by the duplicates stage, never by the parse
    return row


def merge_library(
    library_path: Path,
    memory_path: Path,
    extracted: dict[str, dict[str, str]],
    present: set[str],
    failed: set[str] = frozenset(),  # type: ignore[assignment]
) -> list[LibraryEntry]:
    """Merge freshly extracted rows into library.csv; returns the resulting entries.
    ``failed``: the present documents whose file did not parse (status ``failed``)."""
    current = read_library(library_path)
    memory = read_json(memory_path, {})
    memory = memory if isinstance(memory, dict) else {}
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
        row["status"] = _status(uid, present, failed)
    memory.update(extracted)
    write_library(library_path, current)
    atomic_write_text(memory_path, json.dumps(memory, indent=1, sort_keys=True))
    known = set(LIBRARY_COLUMNS)
    return [
        LibraryEntry(**{k: v for k, v in row.items() if k in known}) for row in current.values()
    ]


def mark_failed(path: Path, doc_uids: set[str]) -> None:
    """Mark these present documents ``failed`` (they failed after their parse)."""
    rows = read_library(path)
    changed = False
    for uid in doc_uids & set(rows):
        if rows[uid].get("status", "present") in ("present", ""):
            rows[uid]["status"] = "failed"
            changed = True
    if changed:
        write_library(path, rows)


def _status(uid: str, present: set[str], failed: set[str]) -> str:
    if uid not in present:
        return "removed"
    return "failed" if uid in failed else "present"


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
