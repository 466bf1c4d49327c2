"""library.csv: the three-way merge that never overwrites a student's correction."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

import pytest

from essaylint.core.records import LIBRARY_COLUMNS, DocumentMetadata, LibraryEntry, SourceFile
from essaylint.ingest.library import extracted_row, merge_library, read_library

TULLY_UID = "doc_354b33f6"
DATTA_UID = "doc_d22385dc"


def tully_metadata(**changes: object) -> DocumentMetadata:
    values: dict[str, object] = {
        "title": "Patient Experiences of Structured Heart Failure Programmes",
        "authors": ["Tully, Nuala E.", "Smith, Susan"],
        "year": 2010,
        "doi": "10.1155/2010/157939",
        "container": "Rehabilitation Research and Practice",
    }
    values.update(changes)
    return DocumentMetadata(**values)  # type: ignore[arg-type]


def datta_metadata(**changes: object) -> DocumentMetadata:
    values: dict[str, object] = {
        "title": "Complications related to deep venous thrombosis prophylaxis in trauma",
        "authors": ["Datta, Indraneel"],
        "year": 2010,
    }
    values.update(changes)
    return DocumentMetadata(**values)  # type: ignore[arg-type]


def source(uid: str, name: str, folder: str = "raw/evidence") -> SourceFile:
    citable = folder == "raw/evidence"
    kind = "evidence_document" if citable else "guidance"
    return SourceFile(f"{folder}/{name}", uid, uid[4:] + "0" * 32, 1000, kind, citable)


@dataclass
class Library:
    root: Path

    @property
    def csv_path(self) -> Path:
        return self.root / "library.csv"

    @property
    def memory_path(self) -> Path:
        return self.root / ".essaylint" / "library_extracted.json"

    def merge(
        self, *documents: tuple[SourceFile, DocumentMetadata], present: set[str] | None = None
    ) -> dict[str, LibraryEntry]:
        extracted = {src.doc_uid: extracted_row(src, meta, 6, {}) for src, meta in documents}
        uids = {src.doc_uid for src, _ in documents} if present is None else present
        entries = merge_library(self.csv_path, self.memory_path, extracted, uids)
        return {entry.doc_uid: entry for entry in entries}

    def rows(self) -> list[dict[str, str]]:
        with self.csv_path.open(encoding="utf-8", newline="") as handle:
            return list(csv.DictReader(handle))

    def header(self) -> list[str]:
        with self.csv_path.open(encoding="utf-8", newline="") as handle:
            return next(csv.reader(handle))

    def edit(self, uid: str, **cells: str) -> None:
        """Change cells the way a student would in a spreadsheet (columns may be added)."""
        rows = self.rows()
        columns = self.header() + [c for c in cells if c not in self.header()]
        for row in rows:
            if row["doc_uid"] == uid:
                row.update(cells)
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=columns, lineterminator="\r\n")
        writer.writeheader()
        writer.writerows(rows)
        self.csv_path.write_text(buffer.getvalue(), encoding="utf-8")


@pytest.fixture
def library(tmp_path: Path) -> Library:
    return Library(tmp_path)


TULLY = source(TULLY_UID, "tully2010.pdf")
DATTA = source(DATTA_UID, "datta2010.pdf")


def test_first_merge_creates_one_row_per_document(library: Library) -> None:
    entries = library.merge((TULLY, tully_metadata()), (DATTA, datta_metadata()))
    tully = entries[TULLY_UID]
    assert tully.citation_key == "tully2010_patient-experiences"
    assert entries[DATTA_UID].citation_key == "datta2010_complications-related"
    assert tully.authors == "Tully, Nuala E.; Smith, Susan"
    assert (tully.year, tully.doi, tully.pages) == ("2010", "10.1155/2010/157939", "6")
    assert (tully.source_type, tully.citable, tully.status) == (
        "evidence_document",
        "true",
        "present",
    )
    assert library.header() == list(LIBRARY_COLUMNS)
    assert [row["doc_uid"] for row in library.rows()] == [DATTA_UID, TULLY_UID]
    assert library.memory_path.is_file()


def test_citation_key_handles_accents_and_missing_values(library: Library) -> None:
    sundstrom = source("doc_85aaa86b", "sundstrom.pdf")
    anonymous = source("doc_00000001", "the_unknown-report.pdf")
    entries = library.merge(
        (sundstrom, DocumentMetadata(title="Stressful life events", authors=["Sundström, Anna"],
                                     year=2014)),
        (anonymous, DocumentMetadata()),
    )  # fmt: skip
    assert entries["doc_85aaa86b"].citation_key == "sundstrom2014_stressful-life"
    assert entries["doc_00000001"].citation_key == "anonnd_unknown-report"
    assert entries["doc_00000001"].title == "the unknown report"


def test_student_edits_survive_while_untouched_cells_refresh(library: Library) -> None:
    library.merge((TULLY, tully_metadata()))
    library.edit(TULLY_UID, title="Patient experiences of heart failure programmes", year="2011")
    refreshed = tully_metadata(
        title="PATIENT EXPERIENCES (extracted differently)",
        year=2009,
        container="Rehabil Res Pract",
        doi="10.1155/2010/999999",
    )
    entry = library.merge((TULLY, refreshed))[TULLY_UID]
    assert entry.title == "Patient experiences of heart failure programmes"
    assert entry.year == "2011"
    assert entry.container == "Rehabil Res Pract"
    assert entry.doi == "10.1155/2010/999999"
    assert entry.citation_key == "tully2010_patient-experiences"
    entry = library.merge((TULLY, refreshed))[TULLY_UID]  # a third run changes nothing
    assert (entry.title, entry.year) == ("Patient experiences of heart failure programmes", "2011")


def test_student_corrections_of_key_and_citable_are_kept(library: Library) -> None:
    library.merge((TULLY, tully_metadata()))
    library.edit(TULLY_UID, citation_key="tully_hf_2010", citable="false")
    entry = library.merge((TULLY, tully_metadata(title="Another extraction")))[TULLY_UID]
    assert entry.citation_key == "tully_hf_2010"
    assert not entry.is_citable


def test_a_student_added_column_is_preserved(library: Library) -> None:
    library.merge((TULLY, tully_metadata()), (DATTA, datta_metadata()))
    library.edit(TULLY_UID, my_notes="key source for section 3, p. 4")
    library.merge((TULLY, tully_metadata(container="Changed")), (DATTA, datta_metadata()))
    rows = {row["doc_uid"]: row for row in library.rows()}
    assert "my_notes" in library.header()
    assert rows[TULLY_UID]["my_notes"] == "key source for section 3, p. 4"
    assert rows[DATTA_UID]["my_notes"] == ""
    assert read_library(library.csv_path)[TULLY_UID]["container"] == "Changed"


def test_a_document_no_longer_present_is_marked_removed(library: Library) -> None:
    library.merge((TULLY, tully_metadata()), (DATTA, datta_metadata()))
    library.edit(DATTA_UID, title="Corrected Datta title")
    entries = library.merge((TULLY, tully_metadata()), present={TULLY_UID})
    assert entries[DATTA_UID].status == "removed"
    assert entries[DATTA_UID].title == "Corrected Datta title"
    assert entries[TULLY_UID].status == "present"
    assert {row["doc_uid"] for row in library.rows()} == {TULLY_UID, DATTA_UID}
    entries = library.merge((TULLY, tully_metadata()), (DATTA, datta_metadata()))
    assert entries[DATTA_UID].status == "present"
    assert entries[DATTA_UID].title == "Corrected Datta title"


def test_a_moved_file_updates_its_source_path(library: Library) -> None:
    library.merge((TULLY, tully_metadata()))
    moved = source(TULLY_UID, "heart-failure.pdf", folder="raw/evidence/week2")
    entry = library.merge((moved, tully_metadata()))[TULLY_UID]
    assert entry.source_path == "raw/evidence/week2/heart-failure.pdf"


def test_key_collisions_get_letter_suffixes(library: Library) -> None:
    same = {"title": "Patient Experiences: a second paper", "authors": ["Tully, N."]}
    second = source("doc_aaaaaaa2", "tully-b.pdf")
    third = source("doc_aaaaaaa3", "tully-c.pdf")
    entries = library.merge(
        (TULLY, tully_metadata()),
        (second, tully_metadata(**same)),
        (third, tully_metadata(**same)),
    )
    base = "tully2010_patient-experiences"
    keys = [entries[uid].citation_key for uid in (TULLY_UID, "doc_aaaaaaa2", "doc_aaaaaaa3")]
    assert keys == [base, base + "a", base + "b"]
    fourth = source("doc_aaaaaaa4", "tully-d.pdf")
    entries = library.merge(
        (TULLY, tully_metadata()),
        (second, tully_metadata(**same)),
        (third, tully_metadata(**same)),
        (fourth, tully_metadata(**same)),
    )
    assert entries["doc_aaaaaaa4"].citation_key == base + "c"
    assert entries["doc_aaaaaaa3"].citation_key == base + "b"  # existing keys never move


def test_reading_list_values_win_over_extracted_ones() -> None:
    row = extracted_row(
        TULLY, tully_metadata(), 6, {"title": "From the reading list", "doc_uid": "x", "year": " "}
    )
    assert row["title"] == "From the reading list"
    assert row["doc_uid"] == TULLY_UID
    assert row["year"] == "2010"


def test_student_edits_survive_a_lost_extraction_cache(library: Library) -> None:
    library.merge((TULLY, tully_metadata()))
    library.edit(TULLY_UID, title="Corrected by the student", year="2011")
    library.memory_path.unlink()
    entry = library.merge((TULLY, tully_metadata()))[TULLY_UID]
    assert (entry.title, entry.year) == ("Corrected by the student", "2011")


# -- migrating a library.csv written before the bibliographic columns existed ------------------

OLD_COLUMNS = [
    "doc_uid",
    "citation_key",
    "authors",
    "year",
    "title",
    "container",
    "publisher",
    "doi",
    "url",
    "source_type",
    "citable",
    "source_path",
    "pages",
    "accessed_at",
    "published_date",
    "status",
]
AGYEMAN_UID = "doc_439d7ab5"
CORPUS_FILES = {
    TULLY_UID: "tully2010_rrp_heart_failure_programmes.pdf",
    DATTA_UID: "datta2010_jtmo_dvt_prophylaxis_review.pdf",
    AGYEMAN_UID: "agyemanduah2014_bmc_hsr_quality_improvement_malawi.pdf",
}


def old_row(uid: str, **cells: str) -> dict[str, str]:
    row = dict.fromkeys(OLD_COLUMNS, "")
    row.update(
        doc_uid=uid,
        citation_key=uid,
        source_type="evidence_document",
        citable="true",
        source_path=f"raw/evidence/{CORPUS_FILES[uid]}",
        status="present",
    )
    row.update(cells)
    return row


def test_an_old_library_is_migrated_in_place_without_losing_an_edit(tmp_path: Path) -> None:
    from support.paths import CORPUS

    from essaylint.app.ingest import run_ingest
    from essaylint.app.scaffold import scaffold
    from essaylint.config import load_config
    from essaylint.core.project import Project
    from essaylint.ingest.library import MEMORY_STATE

    scaffold(tmp_path)
    for name in CORPUS_FILES.values():
        (tmp_path / "raw" / "evidence" / name).write_bytes((CORPUS / name).read_bytes())
    project = Project(tmp_path)
    # what the previous version extracted (its memory) ...
    extracted = {
        TULLY_UID: old_row(TULLY_UID, title="Patient Experiences of Structured Heart Failure",
                           authors="Tully, Nuala E.", year="2010"),
        DATTA_UID: old_row(DATTA_UID, authors="Datta, Indraneel", year="2010",
                           title="Complications related to deep venous thrombosis prophylaxis"),
        AGYEMAN_UID: old_row(AGYEMAN_UID, title="6489122611071476 1..10", year="2014"),
    }  # fmt: skip
    project.store.state(MEMORY_STATE).write(extracted)
    # ... and what the student made of it in a spreadsheet: corrected cells, a column of
    # their own (with a comma, quotes and a line break), their own "volume" column,
    # Windows line ends and a byte-order mark
    edits = {
        TULLY_UID: {"title": "Patient experiences of heart failure programmes (corrected)",
                    "my notes": 'key source, see "Results"\nand p. 4', "volume": ""},
        DATTA_UID: {"authors": "Datta, I.; Ball, C. G.", "citable": "false",
                    "my notes": "", "volume": "4 (my reading)"},
        AGYEMAN_UID: {"my notes": "", "volume": ""},
    }  # fmt: skip
    header = [*OLD_COLUMNS, "my notes", "volume"]
    with project.library_csv.open("w", encoding="utf-8-sig", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=header, lineterminator="\r\n")
        writer.writeheader()
        for uid, row in extracted.items():
            writer.writerow({**row, **edits[uid]})
    before = read_library(project.library_csv)

    run_ingest(project, load_config(project.config_path), only="parse")

    after = read_library(project.library_csv)
    with project.library_csv.open(encoding="utf-8", newline="") as handle:
        written_header = next(csv.reader(handle))
    assert written_header == [*LIBRARY_COLUMNS, "my notes"]
    for uid, cells in edits.items():  # every cell the student wrote, as they wrote it
        for column, value in cells.items():
            if value:
                assert after[uid][column] == value, (uid, column)
    assert after[DATTA_UID]["citable"] == "false"
    assert after[TULLY_UID]["my notes"] == 'key source, see "Results"\nand p. 4'
    # the new columns are filled from the PDF where the student had nothing
    assert (after[TULLY_UID]["type"], after[TULLY_UID]["number"]) == ("article-journal", "157939")
    assert (after[AGYEMAN_UID]["volume"], after[AGYEMAN_UID]["number"]) == ("14", "1")
    # a cell still holding the old extraction is refreshed with the better one
    assert after[AGYEMAN_UID]["title"].startswith("Understanding the barriers")
    assert before[AGYEMAN_UID]["title"] == "6489122611071476 1..10"
    # and a second run changes nothing
    run_ingest(project, load_config(project.config_path), only="parse")
    assert read_library(project.library_csv) == after
