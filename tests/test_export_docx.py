"""`essaylint export --docx`: the produced .docx read back with python-docx, lxml and pandoc."""

from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path
from typing import Any

import docx
import pytest
from click.testing import CliRunner
from lxml import etree
from support.export_env import no_zotero
from support.export_repo import KNOWN, SUPPORT, TEST_CSL, UNKNOWN, make_repo
from support.paths import SAMPLE

from essaylint.cli.main import cli
from essaylint.draft import parse_draft
from essaylint.export.docx import ExportOptions, ExportRefusedError, export_docx
from essaylint.export.docx_check import check_docx, read_docx
from essaylint.export.fields import SCHEMA
from essaylint.export.pandoc import find_pandoc

__all__ = ["no_zotero"]
pytestmark = pytest.mark.usefixtures("no_zotero")
TEST_STYLE_ID = "http://essaylint.test/styles/author-date"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def _export(tmp_path: Path, draft_text: str | None = None, **options: Any) -> tuple[Path, Path]:
    project, draft = make_repo(tmp_path / "essay", draft_text)
    options.setdefault("csl", str(TEST_CSL))
    report = export_docx(project, draft, ExportOptions(**options))
    return Path(report.output), draft


def _roundtrip_cites(path: Path) -> list[dict[str, Any]]:
    """Citations as pandoc's own docx reader recovers them from the fields."""
    pandoc = find_pandoc()
    ast = json.loads(pandoc._run([str(path), "-f", "docx+citations", "-t", "json"], ""))
    cites: list[dict[str, Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("t") == "Cite":
                cites.append(node)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(ast["blocks"])
    return cites


def test_sample_essay_refused_with_line_and_column(tmp_path: Path) -> None:
    project, draft = make_repo(tmp_path / "essay")
    with pytest.raises(ExportRefusedError) as refused:
        export_docx(project, draft, ExportOptions())
    assert [p.where for p in refused.value.problems] == ["58:117"]
    assert not (tmp_path / "essay/outputs/export/essay.docx").exists()
    code, _, err = run("-C", str(tmp_path / "essay"), "export", "--docx", str(draft))
    assert code == 1 and "58:117" in err and UNKNOWN in err and "--force" in err


def test_live_sample_essay_fields(tmp_path: Path) -> None:
    before = (SAMPLE / "essay.md").read_bytes()
    out, draft = _export(tmp_path, force=True, zotero="embed")
    assert hashlib.sha1(draft.read_bytes()).digest() == hashlib.sha1(before).digest()
    docx.Document(str(out))  # python-docx opens it
    report = read_docx(out)
    assert check_docx(out, 10, TEST_STYLE_ID) == []
    expected = [c for c in parse_draft(draft).citations if UNKNOWN not in c.doc_uids]
    assert len(report.citations) == len(expected) == 10
    for citation, field in zip(expected, report.citations, strict=True):
        data = field.json()
        assert set(data) == {"citationID", "properties", "citationItems", "schema"}
        assert data["schema"] == SCHEMA
        assert data["properties"] == {"formattedCitation": field.result, "noteIndex": 0}
        items = data["citationItems"]
        assert [i["id"] for i in items] == list(citation.doc_uids)
        for item in items:
            assert item["uris"] == []  # embed without Zotero: no invented item keys
            assert item["itemData"]["id"] == item["id"]
            assert item["itemData"]["type"] == "article-journal"
            assert item.get("suppress-author", False) == (citation.kind == "narrative")
    assert report.citations[0].result == "(2014)"
    assert report.citations[1].result == "(Agyeman-Duah et al., 2014)"
    sundstrom = next(
        item["itemData"]
        for field in report.citations
        for item in field.json()["citationItems"]
        if item["id"] == "doc_85aaa86b"
    )  # the full record, the DOI in its printed case
    assert (sundstrom["volume"], sundstrom["issue"], sundstrom["page"]) == ("26", "1", "147-154")
    assert sundstrom["DOI"] == "10.1017/S1041610213001804"
    # the unknown source is plain text, with no id left over
    text = "\n".join(p.text for p in docx.Document(str(out)).paragraphs)
    assert "(Marmot, 2015)" in text and UNKNOWN not in text


def test_the_title_is_printed_once(tmp_path: Path) -> None:
    out, draft = _export(tmp_path, force=True, zotero="off")
    paragraphs = [p.text for p in docx.Document(str(out)).paragraphs]
    heading = "Why is it so hard to improve the quality of healthcare?"
    front_matter_title = parse_draft(draft).front_matter["title"]
    assert paragraphs.count(heading) == 1
    assert front_matter_title not in paragraphs


def test_bibliography_field_spans_the_reference_list(tmp_path: Path) -> None:
    out, _ = _export(tmp_path, force=True, zotero="embed")
    report = read_docx(out)
    [bibliography] = report.bibliographies
    assert bibliography.code == (
        ' ADDIN ZOTERO_BIBL {"uncited":[],"omitted":[],"custom":[]} CSL_BIBLIOGRAPHY '
    )
    assert bibliography.last_paragraph - bibliography.first_paragraph == 3  # four entries
    for name in ("Agyeman-Duah", "Datta", "Sundström", "Tully"):
        assert name in bibliography.result
    body = etree.fromstring(zipfile.ZipFile(out).read("word/document.xml"))
    w = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
    paragraphs = list(body.iter(w + "p"))
    entries = paragraphs[bibliography.first_paragraph : bibliography.last_paragraph + 1]
    kinds = [[f.get(w + "fldCharType") for f in p.iter(w + "fldChar")] for p in entries]
    assert kinds[0] == ["begin", "separate"] and kinds[-1] == ["end"]
    assert all(k == [] for k in kinds[1:-1])
    styles = {p.find(f"{w}pPr/{w}pStyle").get(w + "val") for p in entries}
    assert styles == {"Bibliography"}
    assert not list(body.iter(w + "hyperlink"))
    bookmarks = [b.get(w + "name") for b in body.iter(w + "bookmarkStart")]
    assert not [b for b in bookmarks if b.startswith("ref-")]


def test_preferences_and_reference_document(tmp_path: Path) -> None:
    out, _ = _export(tmp_path, force=True, zotero="embed", locale="en-GB")
    report = read_docx(out)
    names = sorted(n for n in report.properties if n.startswith("ZOTERO_PREF_"))
    assert len(names) >= 2 and all(len(report.properties[n]) <= 255 for n in names)
    prefs = etree.fromstring(report.preferences.encode())
    assert prefs.get("data-version") == "3"
    style = prefs.find("style")
    assert style.get("id") == TEST_STYLE_ID and style.get("locale") == "en-GB"
    assert style.get("bibliographyStyleHasBeenSet") == "0"
    assert prefs.find("prefs/pref[@name='fieldType']").get("value") == "Field"
    assert {"bibliography", "csl", "references"}.isdisjoint(report.properties)
    assert report.compatibility_mode == "15"
    styles = zipfile.ZipFile(out).read("word/styles.xml").decode()
    bibliography = styles[styles.index('w:styleId="Bibliography"') :].split("</w:style>")[0]
    assert 'w:hanging="720"' in bibliography


def test_locators_labels_prefix_and_pandoc_roundtrip(tmp_path: Path) -> None:
    draft_text = (SUPPORT / "locators.md").read_text(encoding="utf-8")
    out, _ = _export(tmp_path, draft_text, zotero="embed")
    report = read_docx(out)
    assert check_docx(out, 7, TEST_STYLE_ID) == []
    items = [i for f in report.citations for i in f.json()["citationItems"]]
    pinpoints = [(i["id"], i.get("label"), i.get("locator"), i.get("prefix")) for i in items]
    assert pinpoints == [
        ("doc_439d7ab5", "page", "12", None),
        ("doc_354b33f6", "page", "20-22", None),
        ("doc_439d7ab5", "chapter", "3", "see"),
        ("doc_d22385dc", "page", "45", None),
        ("doc_85aaa86b", "paragraph", "4", None),
        ("doc_d22385dc", "section", "2", None),
        ("doc_354b33f6", "figure", "2", None),
        ("doc_354b33f6", None, None, None),
    ]
    results = [f.result for f in report.citations]
    assert results[0] == "(2014, p. 12)" and results[1] == "(2010, pp. 20–22)"
    text = "\n".join(p.text for p in docx.Document(str(out)).paragraphs)
    assert "Agyeman-Duah et al.\u00a0(2014, p. 12)" in text or "Agyeman-Duah et al. (2014" in text
    assert "@handle" in text and "me@example.com" in text
    assert "(Marmot, 2015){#doc_8f3a2c1d}" in text  # code is left alone
    cites = _roundtrip_cites(out)
    assert len(cites) == 7
    first = cites[0]["c"][0][0]
    assert first["citationId"] == "doc_439d7ab5"
    assert first["citationMode"]["t"] == "SuppressAuthor"
    recovered = [[c["citationId"] for c in cite["c"][0]] for cite in cites]
    assert recovered[2] == ["doc_439d7ab5", "doc_d22385dc"]
    assert all(c["citationMode"]["t"] == "NormalCitation" for c in cites[4]["c"][0])


def test_sample_roundtrip_recovers_every_citation(tmp_path: Path) -> None:
    out, draft = _export(tmp_path, force=True, zotero="embed")
    cites = _roundtrip_cites(out)
    expected = [c for c in parse_draft(draft).citations if UNKNOWN not in c.doc_uids]
    assert [[c["citationId"] for c in cite["c"][0]] for cite in cites] == [
        list(c.doc_uids) for c in expected
    ]
    modes = [cite["c"][0][0]["citationMode"]["t"] for cite in cites]
    assert modes == [
        "SuppressAuthor" if c.kind == "narrative" else "NormalCitation" for c in expected
    ]


def test_offline_fallback_has_text_citations_and_references(tmp_path: Path) -> None:
    essay = tmp_path / "essay"
    make_repo(essay)
    code, out, err = run(
        "-C",
        str(essay),
        "export",
        "--docx",
        "drafts/essay.md",
        "--force",
        "--csl",
        str(TEST_CSL),
        "--json",
    )
    assert code == 0, err
    data = json.loads(out)
    assert data["document"] == "plain" and data["citations"] == 10
    assert data["word_count"] == parse_draft(essay / "drafts/essay.md").word_count
    assert data["word_limit"] == 1500 and data["over_limit"] is False
    assert any("Zotero is not reachable" in w for w in data["warnings"])
    path = Path(data["output"])
    report = read_docx(path)
    assert report.fields == [] and "ZOTERO_PREF_1" not in report.properties
    text = "\n".join(p.text for p in docx.Document(str(path)).paragraphs)
    assert "(Agyeman-Duah et al., 2014)" in text and "(Tully et al., 2010)" in text
    assert "Sundström, A., Rönnlund, M., Adolfsson, R., & Nilsson, L.-G. (2014)" in text


def test_shipped_apa_is_the_default_and_a_zotero_style_can_be_named(
    tmp_path: Path, no_zotero: Path
) -> None:
    project, draft = make_repo(tmp_path / "essay")
    report = export_docx(project, draft, ExportOptions(force=True, zotero="off"))
    assert report.style_id == "http://www.zotero.org/styles/apa"
    assert report.style.startswith("APA Style 7th edition") and "assets/styles" in report.style
    (no_zotero / "styles" / "my-author-date.csl").write_bytes(TEST_CSL.read_bytes())
    options = ExportOptions(force=True, zotero="off", csl="my-author-date")
    report = export_docx(project, draft, options)
    assert report.style.startswith("essaylint test author-date") and str(no_zotero) in report.style


def test_required_without_zotero_is_an_environment_error(tmp_path: Path) -> None:
    essay = tmp_path / "essay"
    make_repo(essay)
    code, _, err = run(
        "-C", str(essay), "export", "--docx", "drafts/essay.md", "--force", "--zotero", "required"
    )
    assert code == 2 and "connection refused" in err


def test_export_help_and_usage(tmp_path: Path) -> None:
    code, out, _ = run("export", "--help")
    assert code == 0 and "Examples:" in out and "LibreOffice" in out
    essay = tmp_path / "essay"
    make_repo(essay)
    code, _, err = run("-C", str(essay), "export", "drafts/essay.md")
    assert code == 2 and "--docx" in err


def test_known_ids_are_the_four_sample_sources() -> None:
    assert len(KNOWN) == 4
