"""`essaylint library`: list, show and set library.csv rows without touching other edits."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from click.testing import CliRunner

from essaylint.app.scaffold import scaffold
from essaylint.cli.main import cli
from essaylint.core.records import LIBRARY_COLUMNS
from essaylint.ingest.library import read_library


def make_repo(root: Path) -> Path:
    scaffold(root)
    row = {c: "" for c in LIBRARY_COLUMNS}
    row.update(doc_uid="doc_354b33f6", citation_key="tully2010_patient", year="2010")
    row.update(authors="Tully, Nuala E.", citable="true", status="present", title="Patients")
    with (root / "library.csv").open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=LIBRARY_COLUMNS)
        writer.writeheader()
        writer.writerow(row)
    return root


def run(root: Path, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["-C", str(root), "library", *args])
    return result.exit_code, result.stdout, result.stderr


def test_set_changes_only_the_named_fields(tmp_path: Path) -> None:
    root = make_repo(tmp_path)
    code, _, _ = run(root, "set", "doc_354b33f6", "accessed_at=2026-11-20", "year=2011")
    assert code == 0
    row = read_library(root / "library.csv")["doc_354b33f6"]
    assert (row["accessed_at"], row["year"], row["title"]) == ("2026-11-20", "2011", "Patients")


def test_list_and_show_as_json(tmp_path: Path) -> None:
    root = make_repo(tmp_path)
    code, out, _ = run(root, "list", "--json")
    assert code == 0 and json.loads(out)[0]["doc_uid"] == "doc_354b33f6"
    code, out, _ = run(root, "show", "doc_354b33f6", "--json")
    assert code == 0 and json.loads(out)["citation_key"] == "tully2010_patient"


def test_bad_input_names_the_problem(tmp_path: Path) -> None:
    root = make_repo(tmp_path)
    code, _, err = run(root, "set", "doc_354b33f6", "yeer=2010")
    assert code == 2 and "did you mean 'year'" in err
    code, _, err = run(root, "set", "doc_354b33f7", "year=2010")
    assert code == 2 and "doc_354b33f6" in err
    code, _, err = run(root, "set", "doc_354b33f6", "doc_uid=doc_x")
    assert code == 2 and "cannot be edited" in err
    code, _, err = run(root, "set", "doc_354b33f6", "citable=maybe")
    assert code == 2
    code, _, err = run(root, "set", "doc_354b33f6", "year=abc")
    assert code == 2 and "a year is four digits" in err and "'abc'" in err
    assert read_library(root / "library.csv")["doc_354b33f6"]["year"] == "2010"


def test_library_csv_keeps_its_permissions_when_rewritten(tmp_path: Path) -> None:
    import os

    root = make_repo(tmp_path)
    (root / "library.csv").chmod(0o640)
    previous = os.umask(0o077)
    try:
        code, _, _ = run(root, "set", "doc_354b33f6", "year=2012")
    finally:
        os.umask(previous)
    assert code == 0
    assert (root / "library.csv").stat().st_mode & 0o777 == 0o640  # not the temp file's 0600
