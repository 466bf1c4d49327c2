"""parse_source: real PDFs, their failure modes and metadata, and the markup formats."""

from __future__ import annotations

import csv
import hashlib
import unicodedata
from functools import cache
from pathlib import Path

import pytest
from support.paths import CORPUS

from essaylint.core.errors import SourceError
from essaylint.core.records import ParsedDocument, SourceFile
from essaylint.ingest.parse import parse_source
from essaylint.ingest.parse.pdf import parse_pdf


def source_for(root: Path, rel: str) -> SourceFile:
    data = (root / rel).read_bytes()
    sha = hashlib.sha1(data).hexdigest()
    return SourceFile(rel, "doc_" + sha[:8], sha, len(data), "evidence_document", True)


def parse(root: Path, rel: str, max_file_mb: float = 200, max_pages: int = 2000) -> ParsedDocument:
    return parse_source(root, source_for(root, rel), max_file_mb, max_pages)


@cache
def parsed_corpus_pdf(name: str) -> ParsedDocument:
    return parse(CORPUS, name)


def manifest_rows() -> list[dict[str, str]]:
    with (CORPUS / "manifest.csv").open(encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def write(tmp_path: Path, rel: str, data: bytes | str) -> str:
    path = tmp_path / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    else:
        path.write_bytes(data)
    return rel


def texts(document: ParsedDocument) -> list[str]:
    return [page.text for page in document.pages]


# -- PDFs that cannot be ingested ----------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "word"),
    [
        ("pypdf_libreoffice_writer_password_protected.pdf", "encrypted"),
        ("ocrmypdf_invalid_truncated.pdf", "corrupt"),
        ("ocrmypdf_c02-22_scanned_page.pdf", "OCR"),
    ],
)
def test_unreadable_pdfs_raise_a_source_error_that_says_why(
    corpus_dir: Path, name: str, word: str
) -> None:
    with pytest.raises(SourceError) as info:
        parse(corpus_dir, name)
    assert word in info.value.reason
    assert info.value.hint


@pytest.mark.parametrize("suffix", [".pdf", ".md", ".docx", ".txt"])
def test_an_empty_file_is_reported_as_empty(tmp_path: Path, suffix: str) -> None:
    rel = write(tmp_path, f"raw/evidence/blank{suffix}", b"")
    with pytest.raises(SourceError, match="empty"):
        parse(tmp_path, rel)


def test_a_whitespace_only_text_file_has_no_text(tmp_path: Path) -> None:
    rel = write(tmp_path, "raw/evidence/blank.txt", "   \n\n \t\n")
    with pytest.raises(SourceError, match="no text"):
        parse(tmp_path, rel)


def test_a_non_docx_with_docx_suffix_is_reported(tmp_path: Path) -> None:
    rel = write(tmp_path, "raw/evidence/fake.docx", b"this is not a zip file")
    with pytest.raises(SourceError, match="Word document"):
        parse(tmp_path, rel)


def test_limits_from_the_configuration_are_enforced(corpus_dir: Path) -> None:
    name = "datta2010_jtmo_dvt_prophylaxis_review.pdf"  # 4 pages, 238 kB
    with pytest.raises(SourceError, match=r"ingest\.max_pages"):
        parse(corpus_dir, name, max_pages=3)
    with pytest.raises(SourceError, match=r"ingest\.max_file_mb"):
        parse(corpus_dir, name, max_file_mb=0.1)
    assert len(parse(corpus_dir, name, max_pages=4).pages) == 4


# -- PDF metadata and pages ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "surname", "year", "title_start"),
    [
        (
            "agyemanduah2014_bmc_hsr_quality_improvement_malawi.pdf",
            "Agyeman-Duah",
            2014,
            "Understanding the barriers to setting up a healthcare quality improvement",
        ),
        (
            "tully2010_rrp_heart_failure_programmes.pdf",
            "Tully",
            2010,
            "Patient Experiences of Structured Heart Failure Programmes",
        ),
        (
            "datta2010_jtmo_dvt_prophylaxis_review.pdf",
            "Datta",
            2010,
            "Complications related to deep venous thrombosis prophylaxis in trauma",
        ),
        (
            "sundstrom2014_ipg_stressful_life_events_dementia.pdf",
            "Sundström",
            2014,
            "Stressful life events are not associated with the development of dementia",
        ),
    ],
)
def test_metadata_of_the_sample_essay_sources(
    name: str, surname: str, year: int, title_start: str
) -> None:
    metadata = parsed_corpus_pdf(name).metadata
    first_author = metadata.authors[0]
    assert first_author.split(",")[0].strip() == surname
    assert unicodedata.is_normalized("NFC", first_author)
    assert metadata.year == year
    assert " ".join(metadata.title.split()).lower().startswith(title_start.lower())


@pytest.mark.parametrize(
    ("name", "authors"),
    [
        # The info dictionary says "Nuala E. Tully {et al.}": the first page has them all.
        ("tully2010_rrp_heart_failure_programmes.pdf", ["Tully", "Morgan", "Burke", "McGee"]),
        # Author lines broken after affiliation marks (", Chad G Ball1*" on the next line).
        (
            "datta2010_jtmo_dvt_prophylaxis_review.pdf",
            ["Datta", "Ball", "Rudmik", "Hameed", "Kortbeek"],
        ),
        ("webb2017_peerj_vespa.pdf", ["Webb", "Walsh", "O’Connell"]),
        (
            "agyemanduah2014_bmc_hsr_quality_improvement_malawi.pdf",
            ["Agyeman-Duah", "Theurer", "Munthali", "Alide", "Neuhann"],
        ),
    ],
)
def test_every_author_on_the_first_page_is_kept(name: str, authors: list[str]) -> None:
    found = parsed_corpus_pdf(name).metadata.authors
    assert [a.split(",")[0] for a in found] == authors


@pytest.mark.parametrize(
    ("name", "doi"),
    [
        ("tully2010_rrp_heart_failure_programmes.pdf", "10.1155/2010/157939"),
        ("sundstrom2014_ipg_stressful_life_events_dementia.pdf", "10.1017/S1041610213001804"),
    ],
)
def test_doi_printed_on_the_first_page_is_recorded(name: str, doi: str) -> None:
    document = parsed_corpus_pdf(name)
    assert doi in document.pages[0].text
    assert document.metadata.doi == doi


PAGE_COUNTS = [
    (row["file"], int(row["pages"]))
    for row in manifest_rows()
    if row["pages"] and row["encrypted"] == "False" and not row["parse_error"]
]


@pytest.mark.parametrize(("name", "pages"), PAGE_COUNTS, ids=[n for n, _ in PAGE_COUNTS])
def test_page_count_equals_the_manifest(corpus_dir: Path, name: str, pages: int) -> None:
    document = parse_pdf(corpus_dir / name, "doc_test", f"raw/evidence/{name}")
    assert len(document.pages) == pages
    assert [p.number for p in document.pages] == list(range(1, pages + 1))
    assert document.has_page_numbers


def test_the_corpus_covers_every_parseable_pdf(corpus_dir: Path) -> None:
    readable = {p.name for p in corpus_dir.glob("*.pdf")} - {
        "pypdf_libreoffice_writer_password_protected.pdf",
        "ocrmypdf_invalid_truncated.pdf",
    }
    assert {name for name, _ in PAGE_COUNTS} == readable


def test_a_scanned_page_is_flagged_for_ocr_with_its_page_number(corpus_dir: Path) -> None:
    document = parse_pdf(corpus_dir / "ocrmypdf_c02-22_scanned_page.pdf", "doc_x", "x.pdf")
    assert document.empty_pages == [1]
    assert any("needs OCR" in w and "1" in w for w in document.warnings)


def test_text_pdfs_have_no_ocr_warning() -> None:
    document = parsed_corpus_pdf("tully2010_rrp_heart_failure_programmes.pdf")
    assert document.warnings == []
    assert all(len(page.text) > 1000 for page in document.pages)


# -- DOCX, HTML, Markdown, plain text ------------------------------------------------------


def test_docx_sections_start_at_headings(tmp_path: Path) -> None:
    import docx

    word = docx.Document()
    word.core_properties.title = "Barriers to quality improvement"
    word.core_properties.author = "Mensah, Ama; Okafor, Chidi"
    word.add_heading("Barriers to quality improvement", 0)
    word.add_paragraph("An opening paragraph before any numbered section.")
    word.add_heading("Introduction", 1)
    word.add_paragraph("Quality improvement stalls when staff are short.")
    word.add_paragraph("A second paragraph of the introduction.")
    word.add_heading("Methods", 1)
    word.add_paragraph("We interviewed twelve nurses.")
    word.add_heading("Sampling", 2)
    word.add_paragraph("Purposive sampling was used.")
    path = tmp_path / "raw/evidence/paper.docx"
    path.parent.mkdir(parents=True)
    word.save(str(path))

    document = parse(tmp_path, "raw/evidence/paper.docx")
    assert document.parser == "python-docx"
    assert not document.has_page_numbers
    assert [t.split("\n")[0] for t in texts(document)] == [
        "Barriers to quality improvement",
        "Introduction",
        "Methods",
        "Sampling",
    ]
    assert "Quality improvement stalls when staff are short.\n\nA second" in texts(document)[1]
    assert document.metadata.title == "Barriers to quality improvement"
    assert document.metadata.authors == ["Mensah, Ama", "Okafor, Chidi"]


def test_docx_table_text_is_kept(tmp_path: Path) -> None:
    import docx

    word = docx.Document()
    word.add_heading("Marking criteria", 1)
    table = word.add_table(rows=2, cols=2)
    table.cell(0, 0).text = "Criterion"
    table.cell(0, 1).text = "Weight"
    table.cell(1, 0).text = "Critical analysis of evidence"
    table.cell(1, 1).text = "40%"
    path = tmp_path / "raw/instruction/guidance/rubric.docx"
    path.parent.mkdir(parents=True)
    word.save(str(path))
    document = parse(tmp_path, "raw/instruction/guidance/rubric.docx")
    assert "Critical analysis of evidence" in "\n".join(texts(document))


HTML = """<!doctype html>
<html><head><title>Heart failure clinics: what patients say</title>
<style>p { color: red; }</style><script>var tracking = "secret-script-text";</script></head>
<body>
<nav>Home | Journals | Login</nav>
<header>Site banner</header>
<h1>Heart failure clinics</h1>
<p>Patients valued <em>continuity</em> of care.</p>
<h2>Findings</h2>
<p>Most patients felt supported.</p>
<ul><li>Education</li><li>Exercise</li></ul>
<footer>Copyright footer</footer>
</body></html>
"""


def test_html_sections_text_and_title(tmp_path: Path) -> None:
    document = parse(tmp_path, write(tmp_path, "raw/evidence/page.html", HTML))
    assert document.metadata.title == "Heart failure clinics: what patients say"
    assert texts(document) == [
        "Heart failure clinics\n\nPatients valued continuity of care.",
        "Findings\n\nMost patients felt supported.\n\nEducation\n\nExercise",
    ]
    joined = "\n".join(texts(document))
    for boilerplate in ("secret-script-text", "color", "Login", "Site banner", "footer"):
        assert boilerplate not in joined


def test_html_nested_blocks_are_not_duplicated(tmp_path: Path) -> None:
    html = (
        "<html><body><h1>T</h1><blockquote><p>A quoted finding about staff.</p></blockquote>"
        "<ul><li><p>A list item paragraph.</p></li></ul></body></html>"
    )
    document = parse(tmp_path, write(tmp_path, "raw/evidence/nested.html", html))
    joined = "\n".join(texts(document))
    assert joined.count("A quoted finding about staff.") == 1
    assert joined.count("A list item paragraph.") == 1


def test_html_inline_markup_does_not_add_spaces(tmp_path: Path) -> None:
    html = (
        "<html><body><p>Care was <em>non</em>-invasive and <a href='#'>cheap</a>. "
        "Patients (<i>n</i>=12) agreed.</p></body></html>"
    )
    document = parse(tmp_path, write(tmp_path, "raw/evidence/inline.html", html))
    assert texts(document) == ["Care was non-invasive and cheap. Patients (n=12) agreed."]


def test_html_text_outside_paragraph_tags_is_kept(tmp_path: Path) -> None:
    html = "<html><body><div>Evidence written straight in a div.</div></body></html>"
    document = parse(tmp_path, write(tmp_path, "raw/evidence/div.html", html))
    assert "Evidence written straight in a div." in "\n".join(texts(document))


MARKDOWN = """---
title: "Lecture 3: Quality improvement"
author: Dr Example
---
# Quality improvement

Intro paragraph.

## PDSA cycles

Plan, do, study, act.

### Pitfalls

Projects end when funding ends.
"""


def test_markdown_front_matter_is_dropped_and_headings_split(tmp_path: Path) -> None:
    document = parse(tmp_path, write(tmp_path, "raw/instruction/slides/lecture.md", MARKDOWN))
    assert document.parser == "markdown"
    assert document.metadata.title == "Quality improvement"
    assert [t.split("\n")[0] for t in texts(document)] == [
        "# Quality improvement",
        "## PDSA cycles",
        "### Pitfalls",
    ]
    joined = "\n".join(texts(document))
    assert "author:" not in joined and "---" not in joined
    assert "Projects end when funding ends." in joined


def test_markdown_front_matter_with_crlf_line_endings_is_dropped(tmp_path: Path) -> None:
    data = MARKDOWN.replace("\n", "\r\n").encode("utf-8")
    document = parse(tmp_path, write(tmp_path, "raw/evidence/windows.md", data))
    assert "author:" not in "\n".join(texts(document))


def test_markdown_with_bom_is_read_as_utf8(tmp_path: Path) -> None:
    data = "\ufeff# Überblick\n\nGrüße aus Köln.\n".encode()
    document = parse(tmp_path, write(tmp_path, "raw/evidence/bom.md", data))
    assert document.warnings == []
    assert texts(document) == ["# Überblick\n\nGrüße aus Köln."]


def test_cp1252_text_file_is_read_with_a_warning(tmp_path: Path) -> None:
    text = "Caf\u00e9 na\u00efvet\u00e9 \u2013 \u201cquoted\u201d evidence costs \u20ac5."
    rel = write(tmp_path, "raw/evidence/notes.txt", text.encode("cp1252"))
    document = parse(tmp_path, rel)
    assert document.parser == "text"
    assert texts(document) == [text]
    assert len(document.warnings) == 1
    assert "UTF-8" in document.warnings[0] and "1252" in document.warnings[0]


def test_long_text_is_split_into_sections_at_paragraph_breaks(tmp_path: Path) -> None:
    paragraphs = [" ".join(["word"] * 500) + "." for _ in range(6)]
    rel = write(tmp_path, "raw/evidence/long.txt", "\n\n".join(paragraphs))
    document = parse(tmp_path, rel)
    assert len(document.pages) > 1
    assert all(len(t.split()) <= 1200 for t in texts(document))
    assert sum(len(t.split()) for t in texts(document)) == 3000
