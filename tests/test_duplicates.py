"""Each work once: copies and versions of one work found at ingest, in a real git repo with
real PDFs (a shared-corpus paper, a re-saved copy written by pypdf, its text layer
re-extracted into Markdown, a shorter "preprint" of it from tests/data/duplicates) and two
other papers."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path
from typing import Any

import bibtexparser
import docx
import pypdfium2 as pdfium
import pytest
import rispy
from click.testing import CliRunner
from pypdf import PdfReader, PdfWriter
from support.export_env import no_zotero
from support.fault_repo import git
from support.paths import CORPUS, DATA

from essaylint.app.scaffold import scaffold
from essaylint.cli.main import cli

__all__ = ["no_zotero"]
TULLY = "tully2010_rrp_heart_failure_programmes.pdf"
OTHERS = ("webb2017_peerj_vespa.pdf", "datta2010_jtmo_dvt_prophylaxis_review.pdf")
QUESTION = "What do patients value in heart failure programmes?"


def run(root: Path, *args: str, input: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["-C", str(root), *args], input=input)
    return result.exit_code, result.output


def run_json(root: Path, *args: str) -> Any:
    result = CliRunner().invoke(cli, ["-C", str(root), *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def resaved_copy(source: Path, target: Path) -> None:
    """Other bytes, the same pages: pypdf rewrites every object and the Info dictionary."""
    writer = PdfWriter(clone_from=PdfReader(source))
    writer.add_metadata({"/Producer": "re-saved by a reference manager"})
    writer.write(target)


def page_texts(source: Path) -> list[str]:
    pdf = pdfium.PdfDocument(str(source))
    try:
        return [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
    finally:
        pdf.close()


def markdown_copy(source: Path, target: Path) -> None:
    """The text layer re-extracted as Markdown: one paragraph per blank-line block."""
    text = "\n\n".join(" ".join(page.split()) for page in page_texts(source))
    target.write_text("# Patient Experiences of Structured Heart Failure Programmes\n\n" + text)


def uid_of(root: Path, name: str) -> str:
    rows = csv.DictReader(io.StringIO((root / "library.csv").read_text()))
    return next(r["doc_uid"] for r in rows if r["source_path"].endswith(name))


def library_rows(root: Path) -> dict[str, dict[str, str]]:
    rows = csv.DictReader(io.StringIO((root / "library.csv").read_text()))
    return {r["doc_uid"]: r for r in rows}


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    root = tmp_path_factory.mktemp("duplicates") / "essay"
    scaffold(root)
    evidence = root / "raw" / "evidence"
    for name in (TULLY, *OTHERS):
        shutil.copyfile(CORPUS / name, evidence / name)
    resaved_copy(CORPUS / TULLY, evidence / "tully_resaved.pdf")
    markdown_copy(CORPUS / TULLY, evidence / "tully_fulltext.md")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "evidence")
    code, first = run(root, "ingest")
    assert code == 0, first
    shutil.copyfile(DATA / "duplicates" / "tully2010_preprint.md", evidence / "tully_preprint.md")
    code, second = run(root, "ingest")
    assert code == 0, second
    uids = {
        "tully": uid_of(root, TULLY),
        "resaved": uid_of(root, "tully_resaved.pdf"),
        "md": uid_of(root, "tully_fulltext.md"),
        "preprint": uid_of(root, "tully_preprint.md"),
        "webb": uid_of(root, OTHERS[0]),
        "datta": uid_of(root, OTHERS[1]),
    }
    return {"root": root, "first": first, "second": second, "uids": uids}


def groups_by_kind(root: Path) -> dict[str, dict[str, Any]]:
    return {g["kind"]: g for g in run_json(root, "library", "duplicates")["groups"]}


def test_copies_are_one_group_preferring_the_pdf_with_pages(repo: dict[str, Any]) -> None:
    u = repo["uids"]
    copy = groups_by_kind(repo["root"])["copy"]
    assert sorted(copy["doc_uids"]) == sorted([u["tully"], u["resaved"], u["md"]])
    assert copy["preferred"] in {u["tully"], u["resaved"]}  # a PDF with pages over Markdown
    assert copy["why"]


def test_the_preprint_is_a_version_and_other_papers_stay_apart(repo: dict[str, Any]) -> None:
    u = repo["uids"]
    groups = run_json(repo["root"], "library", "duplicates")["groups"]
    version = next(g for g in groups if g["kind"] == "version")
    assert u["preprint"] in version["doc_uids"] and u["tully"] in version["doc_uids"]
    assert version["preferred"] != u["preprint"]
    grouped = {uid for g in groups for uid in g["doc_uids"]}
    assert u["webb"] not in grouped and u["datta"] not in grouped


def test_library_csv_names_the_preferred_copy(repo: dict[str, Any]) -> None:
    u, rows = repo["uids"], library_rows(repo["root"])
    preferred = groups_by_kind(repo["root"])["copy"]["preferred"]
    copies = {u["tully"], u["resaved"], u["md"]} - {preferred}
    assert {rows[c]["duplicate_of"] for c in copies} == {preferred}
    assert rows[preferred]["duplicate_of"] == ""
    assert rows[u["preprint"]]["duplicate_of"] == ""  # a version is its own source
    assert rows[u["webb"]]["duplicate_of"] == rows[u["datta"]]["duplicate_of"] == ""


def test_ingest_summary_and_quality_report_name_the_groups(repo: dict[str, Any]) -> None:
    u = repo["uids"]
    assert "copy of one work" in repo["first"] and u["md"] in repo["first"]
    assert "version of one work" in repo["second"] and u["preprint"] in repo["second"]
    assert "copy of one work" not in repo["second"]  # not new any more
    report = (repo["root"] / "meta" / "parse_quality_report.md").read_text()
    section = report.split("## Copies and versions of one work", 1)[1].split("\n## ", 1)[0]
    assert u["md"] in section and u["preprint"] in section and "| version |" in section


def test_a_draft_citing_two_copies_exports_one_reference(
    repo: dict[str, Any], tmp_path: Path, no_zotero: Path
) -> None:
    root, u = repo["root"], repo["uids"]
    draft = root / "drafts" / "copies.md"
    draft.write_text(
        "# Heart failure\n\nPatients valued peer support (Tully et al., 2010){#"
        + u["tully"]
        + "}. They missed the programme when it ended (Tully et al., 2010){#"
        + u["md"]
        + "}. Analyses of selective pressure need care (Webb et al., 2017){#"
        + u["webb"]
        + "}.\n"
    )
    data = run_json(root, "export-used-sources", "drafts/copies.md", "-o", str(tmp_path))
    preferred = groups_by_kind(root)["copy"]["preferred"]
    assert sorted(data["cited"]) == sorted([preferred, u["webb"]])
    csl = json.loads((tmp_path / "copies.sources.json").read_text())
    assert len(csl) == 2 and sum("Heart Failure" in item["title"] for item in csl) == 1
    bib = bibtexparser.loads((tmp_path / "copies.sources.bib").read_text())
    assert len(bib.entries) == 2
    ris = rispy.loads((tmp_path / "copies.sources.ris").read_text())
    assert len(ris) == 2
    out = tmp_path / "copies.docx"
    code, output = run(
        root, "export", "--docx", "drafts/copies.md", "--zotero", "off", "-o", str(out)
    )
    assert code == 0, output
    text = "\n".join(p.text for p in docx.Document(str(out)).paragraphs)
    references = text.split("References", 1)[1]
    assert (
        references.count("Patient experiences of structured heart failure")
        + references.count("Patient Experiences of Structured Heart Failure")
        == 1
    )


def test_an_evidence_pack_shows_a_passage_once(repo: dict[str, Any]) -> None:
    u = repo["uids"]
    pack = run_json(repo["root"], "query", QUESTION)
    items = pack["items"]
    copies = {u["tully"], u["resaved"], u["md"]}
    quotes = [" ".join(i["quote"].split()) for i in items if i["doc_uid"] in copies]
    assert quotes and len(quotes) == len(set(quotes))
    assert any(i["also_in"] for i in items if i["doc_uid"] in copies)
    for item in items:
        assert not set(item["also_in"]) & {u["webb"], u["datta"]}
        if item["doc_uid"] == u["preprint"]:
            assert u["tully"] in item["versions"]


def test_the_students_duplicate_of_survives_reingest(repo: dict[str, Any]) -> None:
    root, u = repo["root"], repo["uids"]
    code, output = run(root, "library", "set", u["md"], "duplicate_of=")
    assert code == 0, output
    code, output = run(root, "library", "set", u["webb"], f"duplicate_of={u['datta']}")
    assert code == 0, output
    code, output = run(root, "ingest")
    assert code == 0, output
    rows = library_rows(root)
    assert rows[u["md"]]["duplicate_of"] == ""
    assert rows[u["webb"]]["duplicate_of"] == u["datta"]
    groups = run_json(root, "library", "duplicates")["groups"]
    copy = next(g for g in groups if u["md"] in g["doc_uids"] and g["kind"] == "copy")
    assert copy["kept_apart"] == [u["md"]]
    by_hand = next(g for g in groups if u["webb"] in g["doc_uids"])
    assert by_hand["preferred"] == u["datta"] and "library.csv" in by_hand["why"]
    run(root, "library", "set", u["webb"], "duplicate_of=")


def test_a_duplicate_of_that_is_not_a_doc_uid_is_refused(repo: dict[str, Any]) -> None:
    code, output = run(repo["root"], "library", "set", repo["uids"]["md"], "duplicate_of=tully")
    assert code != 0 and "doc_uid" in output
