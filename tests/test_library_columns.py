"""library.csv's columns: `library set` checks each value, and records from Zotero,
Crossref or OpenAlex reach the file only through the same checks."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_library_cmd import make_repo, run

from essaylint.core.records import LIBRARY_COLUMNS
from essaylint.ingest.library import read_library
from essaylint.ingest.library_columns import COLUMNS, check_value, normalise_doi, row_from_csl


def test_every_column_of_the_record_has_a_check() -> None:
    assert tuple(COLUMNS) == LIBRARY_COLUMNS


@pytest.mark.parametrize(
    ("assignment", "message"),
    [
        ("year=abc", "year='abc' is not a valid year: a year is four digits"),
        ("year=20144", "a year is four digits"),
        ("doi=not-a-doi", "a DOI looks like 10.1017/S1041610213001804"),
        ("type=journal", "type is a CSL type: article-journal"),
        ("page=pp. 5 to 9", "a page range looks like 147-154"),
        ("isbn=9780262033849", "valid check digit"),
        ("arxiv=1234", "an arXiv id looks like"),
        ("url=www.example.org", "a URL starts with http"),
        ("accessed_at=20/11/2026", "a date is YYYY, YYYY-MM or YYYY-MM-DD"),
        ("published_date=2026-02-30", "not a real date"),
        ("citation_key=has space", "a citation key is letters"),
    ],
)
def test_set_refuses_a_bad_value_with_what_a_good_one_looks_like(
    tmp_path: Path, assignment: str, message: str
) -> None:
    root = make_repo(tmp_path)
    before = (root / "library.csv").read_bytes()
    code, _, err = run(root, "set", "doc_354b33f6", assignment)
    assert code == 2 and message in err
    assert "Traceback" not in err
    assert (root / "library.csv").read_bytes() == before


def test_set_writes_values_in_their_canonical_form(tmp_path: Path) -> None:
    root = make_repo(tmp_path)
    code, _, err = run(
        root,
        "set",
        "doc_354b33f6",
        "volume=26",
        "issue=1",
        "page=147–154",
        "doi=https://doi.org/10.1017/S1041610213001804",
        "type=article-journal",
        "isbn=978-0-262-03384-8",
        "arxiv=arXiv:2304.02623v1",
    )
    assert code == 0, err
    row = read_library(root / "library.csv")["doc_354b33f6"]
    assert (row["volume"], row["issue"], row["page"]) == ("26", "1", "147-154")
    assert row["doi"] == "10.1017/S1041610213001804"  # case kept
    assert (row["isbn"], row["arxiv"]) == ("9780262033848", "2304.02623v1")


def test_a_citation_key_must_stay_unique(tmp_path: Path) -> None:
    root = make_repo(tmp_path)
    with (root / "library.csv").open("a", encoding="utf-8") as handle:
        handle.write("doc_00000002,other2020_key" + "," * (len(LIBRARY_COLUMNS) - 2) + "\n")
    code, _, err = run(root, "set", "doc_354b33f6", "citation_key=other2020_key")
    assert code == 2 and "already doc_00000002's" in err


@given(st.integers(min_value=1000, max_value=2026))
def test_a_year_is_any_four_digit_year(year: int) -> None:
    assert check_value("year", str(year)) == str(year)


@given(st.text(max_size=12))
def test_year_accepts_only_years(text: str) -> None:
    try:
        value = check_value("year", text)
    except ValueError:
        return
    assert value == "" or (len(value) == 4 and value.isdigit())


@given(st.text(alphabet="0123456789-–e ivx,", max_size=14))
def test_page_checks_are_idempotent(text: str) -> None:
    try:
        once = check_value("page", text)
    except ValueError:
        return
    assert check_value("page", once) == once


@given(st.from_regex(r"10\.\d{4,9}/[A-Za-z0-9._;()/:-]{1,30}", fullmatch=True))
def test_a_doi_keeps_its_case_through_any_prefix(doi: str) -> None:
    for form in (doi, f"https://doi.org/{doi}", f"doi: {doi}"):
        assert normalise_doi(form) == doi.rstrip(".,;")


CSL_VALUES = st.one_of(st.text(max_size=20), st.integers(), st.none())


@given(
    st.fixed_dictionaries(
        {},
        optional={
            "type": st.sampled_from(["article-journal", "book", "nonsense", ""]),
            "title": CSL_VALUES,
            "volume": CSL_VALUES,
            "page": CSL_VALUES,
            "DOI": CSL_VALUES,
            "ISBN": CSL_VALUES,
            "number": CSL_VALUES,
            "issued": st.fixed_dictionaries(
                {"date-parts": st.lists(st.lists(st.integers(0, 3000), max_size=3), max_size=2)}
            ),
            "author": st.lists(
                st.fixed_dictionaries(
                    {"family": st.text(max_size=8), "given": st.text(max_size=8)}
                ),
                max_size=3,
            ),
        },
    )
)
def test_a_source_record_never_brings_a_value_library_set_would_refuse(item: dict) -> None:
    for column, value in row_from_csl(item).items():
        assert check_value(column, value) == value
