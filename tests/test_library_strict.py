"""library.csv is read strictly: what cannot be read is an error naming its line, and a
file that does not parse is never rewritten (issue 16, item 5)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.fault_repo import essaylint, small_repo

from essaylint.core.errors import LibraryError
from essaylint.ingest.library import read_library

HEADER = "doc_uid,citation_key,authors,year,title,citable,status,my_notes\n"
TULLY = 'doc_354b33f6,tully2010_patient,"Tully, N.",2010,Patient experiences,true,present,good\n'
DATTA = 'doc_d22385dc,datta2010_complications,"Datta, I.",2010,Complications,false,present,\n'


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "library.csv"
    path.write_bytes(text.encode("utf-8"))
    return path


def error_of(path: Path) -> str:
    with pytest.raises(LibraryError) as caught:
        read_library(path)
    return caught.value.message


def test_a_good_file_reads_with_the_students_own_columns(tmp_path: Path) -> None:
    rows = read_library(write(tmp_path, HEADER + TULLY + DATTA))
    assert rows["doc_354b33f6"]["authors"] == "Tully, N."
    assert rows["doc_d22385dc"]["citable"] == "false"
    assert rows["doc_354b33f6"]["my_notes"] == "good"


def test_a_quote_left_open_that_swallows_the_next_row_names_its_line(tmp_path: Path) -> None:
    broken = TULLY.replace('"Tully, N."', '"Tully, N.')
    message = error_of(write(tmp_path, HEADER + broken + DATTA))
    assert message.startswith("library.csv:2: a quote opened on line 2")


def test_a_quote_never_closed_names_its_line(tmp_path: Path) -> None:
    broken = DATTA.replace('"Datta, I."', '"Datta, I.')
    message = error_of(write(tmp_path, HEADER + TULLY + broken))
    assert message == "library.csv:3: a quote opened on line 3 is never closed"


def test_a_row_with_too_many_fields_names_its_line(tmp_path: Path) -> None:
    broken = TULLY.replace('"Tully, N."', "Tully, N.")
    assert error_of(write(tmp_path, HEADER + DATTA + broken)).startswith(
        "library.csv:3: 9 fields where the header has 8"
    )


def test_two_rows_with_one_doc_uid_name_both_lines(tmp_path: Path) -> None:
    again = TULLY.replace("good", "my edit")
    message = error_of(write(tmp_path, HEADER + TULLY + DATTA + again))
    assert message == "library.csv:4: doc_uid doc_354b33f6 is also on line 2"


def test_a_row_without_a_doc_uid_or_with_a_bad_one_names_its_line(tmp_path: Path) -> None:
    no_uid = "," + TULLY.split(",", 1)[1]
    assert error_of(write(tmp_path, HEADER + no_uid)) == "library.csv:2: the row has no doc_uid"
    bad = TULLY.replace("doc_354b33f6", "doc_35")
    assert "'doc_35' is not a doc_uid" in error_of(write(tmp_path, HEADER + bad))


def test_a_file_that_is_not_utf8_names_the_line_of_the_first_bad_byte(tmp_path: Path) -> None:
    path = tmp_path / "library.csv"
    latin = DATTA.replace("Datta", "D\xe4tta").encode("latin-1")
    path.write_bytes((HEADER + TULLY).encode() + latin)
    assert error_of(path).startswith("library.csv:3: not UTF-8 (byte 0xe4)")


def test_blank_lines_and_a_bom_are_fine(tmp_path: Path) -> None:
    rows = read_library(write(tmp_path, "\ufeff" + HEADER + "\n" + TULLY + "\n\n" + DATTA))
    assert set(rows) == {"doc_354b33f6", "doc_d22385dc"}


def test_ingest_library_set_and_the_hook_stop_on_a_broken_file_and_never_rewrite_it(
    tmp_path: Path,
) -> None:
    project = small_repo(tmp_path / "essay", commit=False)
    done = essaylint(project.root, "ingest", "--only", "parse")
    assert done.returncode == 0, done.stderr
    text = project.library_csv.read_text(encoding="utf-8")
    first_uid = text.splitlines()[1].split(",", 1)[0]
    broken = text.replace(",true,", ',"true,', 1)  # a quote opened by hand, never closed
    project.library_csv.write_text(broken, encoding="utf-8")
    before = project.library_csv.read_bytes()
    (project.root / "drafts" / "essay.md").write_text(
        f"# Essay\n\nA claim about patients (Anon, 2020){{#{first_uid}}}.\n", encoding="utf-8"
    )
    commands = (
        ("ingest",),
        ("library", "set", first_uid, "year=2011"),
        ("hook", "run", "drafts/essay.md"),  # a commit never goes through on it either
    )
    for args in commands:
        done = essaylint(project.root, *args)
        assert done.returncode == 2, args
        assert "error: library.csv:2: " in done.stderr and "Traceback" not in done.stderr
        assert "git checkout library.csv" in done.stderr
        assert project.library_csv.read_bytes() == before


# -- property: a file csv writes reads back exactly; one quote lost is an error or harmless --

CELL = st.text(alphabet=st.sampled_from(list('ab ,"\n;é-')), min_size=0, max_size=12).filter(
    lambda c: c.strip() == c or not c.strip()
)
ROW = st.tuples(st.integers(0, 2**32 - 1), CELL, CELL, CELL)


def _library(rows: list[tuple[int, str, str, str]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["doc_uid", "title", "authors", "note"])
    seen = set()
    for number, *cells in rows:
        uid = f"doc_{number:08x}"
        if uid not in seen:
            seen.add(uid)
            writer.writerow([uid, *cells])
    return buffer.getvalue()


@settings(max_examples=60, deadline=None)
@given(st.lists(ROW, min_size=1, max_size=6))
def test_what_csv_writes_reads_back_exactly(rows: list[tuple[int, str, str, str]]) -> None:
    text = _library(rows)
    expected = {r["doc_uid"]: r for r in csv.DictReader(io.StringIO(text))}
    assert _read(text) == expected


@settings(max_examples=80, deadline=None)
@given(st.lists(ROW, min_size=2, max_size=6), st.integers(0, 10_000))
def test_a_lost_quote_is_named_never_read_as_other_rows(
    rows: list[tuple[int, str, str, str]], which: int
) -> None:
    text = _library(rows)
    quotes = [i for i, ch in enumerate(text) if ch == '"']
    if not quotes:
        return
    at = quotes[which % len(quotes)]
    damaged = text[:at] + text[at + 1 :]
    try:
        rows_read = _read(damaged)
    except LibraryError as exc:
        assert exc.message.startswith("library.csv:")
        return
    # Read without error: then every row is still its own row, with its own doc_uid.
    assert set(rows_read) == {r["doc_uid"] for r in csv.DictReader(io.StringIO(text))}


def _read(text: str) -> dict[str, dict[str, str]]:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "library.csv"
        path.write_text(text, encoding="utf-8")
        return read_library(path)
