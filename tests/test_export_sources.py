"""`essaylint export-used-sources`: CSL-JSON, BibTeX and RIS that re-import with their ids."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from support.export_env import no_zotero
from support.export_repo import KNOWN, UNKNOWN, make_repo

from essaylint.cli.main import cli

__all__ = ["no_zotero"]
pytestmark = pytest.mark.usefixtures("no_zotero")


def test_used_sources_files(tmp_path: Path) -> None:
    essay = tmp_path / "essay"
    make_repo(essay)
    before = (essay / "drafts/essay.md").read_bytes()
    result = CliRunner().invoke(
        cli, ["-C", str(essay), "export-used-sources", "drafts/essay.md", "--json"]
    )
    assert result.exit_code == 1  # the draft cites an id that is not in library.csv
    data = json.loads(result.stdout)
    assert data["unknown"] == [UNKNOWN] and sorted(data["cited"]) == sorted(KNOWN)
    items = json.loads(Path(data["files"]["csljson"]).read_text())
    assert {i["id"] for i in items} == set(KNOWN)
    assert all(i["note"] == f"essaylint: {i['id']}" for i in items)
    tully = next(i for i in items if i["id"] == "doc_354b33f6")
    assert tully["author"][0] == {"family": "Tully", "given": "Niamh E."}
    assert tully["issued"] == {"date-parts": [[2010]]} and tully["DOI"] == "10.1155/2010/157939"
    bib = Path(data["files"]["bibtex"]).read_text()
    assert "@article{doc_354b33f6," in bib and "note = {essaylint: doc_354b33f6}" in bib
    assert r"Journal of Trauma Management \& Outcomes" in bib
    ris = Path(data["files"]["ris"]).read_text()
    assert ris.count("TY  - JOUR") == 4 and "KW  - essaylint:doc_85aaa86b" in ris
    assert "N1  - essaylint: doc_85aaa86b" in ris
    pdfs = Path(data["files"]["pdfs"]).read_text().splitlines()
    assert pdfs == [str(essay / "raw/evidence/agyemanduah2014.pdf")]
    assert (essay / "drafts/essay.md").read_bytes() == before
    help_result = CliRunner().invoke(cli, ["export-used-sources", "--help"])
    assert "Examples:" in help_result.stdout
