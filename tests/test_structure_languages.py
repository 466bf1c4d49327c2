"""Structure beyond English papers: footnote markers need superscript evidence (maths
subscripts and exponents are not markers), captions and references in German, French,
Spanish and Chinese, ids that keep their letters, and the regions a quote never uses."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.paths import CORPUS

from essaylint.config.schema import IngestSettings
from essaylint.core.records import Parent
from essaylint.ingest.chunk import chunk_document
from essaylint.ingest.normalise import normalise
from essaylint.ingest.parse.pdf import parse_pdf
from essaylint.ingest.structure.build import build_structure
from essaylint.ingest.structure.records import DocStructure
from essaylint.ingest.structure.regions import reference_list_start, text_regions
from essaylint.ingest.structure.xrefs import find_mentions
from essaylint.text.language import detect_language

pytest.importorskip("fpdf")
from support.languages_pdf import make_german

UID = "doc_00000002"


def structure_of(path: Path) -> tuple[DocStructure, object]:
    parsed = parse_pdf(path, UID, f"raw/evidence/{path.name}")
    chunked = chunk_document(UID, normalise(parsed), True, IngestSettings())
    return build_structure(chunked, path), chunked


@pytest.fixture(scope="module")
def german(tmp_path_factory: pytest.TempPathFactory) -> DocStructure:
    return structure_of(make_german(tmp_path_factory.mktemp("de") / "notes.pdf"))[0]


def test_only_the_real_marker_links_to_the_footnote(german: DocStructure) -> None:
    notes = german.of_kind("footnote")
    assert [(n.label, n.page) for n in notes] == [("1", 1)]
    assert notes[0].text.startswith("Sie wird auch")
    markers = [e for e in german.edges if e.kind == "footnote"]
    assert [(e.text, e.target) for e in markers] == [("1", notes[0].elem_id)]


def test_captions_and_references_in_other_languages(german: DocStructure) -> None:
    captions = {(e.kind, e.label) for e in german.elements if e.kind in ("figure", "table")}
    assert captions == {("figure", "1.1"), ("table", "3"), ("table", "2")}
    targets = {e.target.split(":", 1)[1] for e in german.edges if e.kind == "figure"}
    assert targets == {"fig1.1"}


def test_section_ids_keep_unicode_letters(german: DocStructure) -> None:
    assert f"{UID}:s:übungsaufgaben" in german.by_id()


def test_chinese_paper_captions_footnotes_and_sections() -> None:
    structure, _ = structure_of(CORPUS / "elegantpaper_cn_template_paper_zh.pdf")
    captions = {
        (e.kind, e.label, e.page) for e in structure.elements if e.kind in ("figure", "table")
    }
    assert captions == {("figure", "1", 3), ("table", "1", 4)}
    assert [(e.label, e.page) for e in structure.of_kind("footnote")] == [("1", 1), ("2", 3)]
    titles = {e.text for e in structure.of_kind("section")}
    assert "参考文献" in titles
    kinds = {(e.kind, e.target.split(":", 1)[1]) for e in structure.edges if e.target}
    assert {("figure", "fig1"), ("table", "tab1")} <= kinds


def test_mentions_in_five_languages() -> None:
    def found(text: str) -> list[tuple[str, str]]:
        return [(m.kind, m.label) for m in find_mentions(text)]

    assert found("siehe Abbildung 2.3 und Abschnitt 5.1") == [("figure", "2.3"), ("section", "5.1")]
    assert found("comme le montre le tableau 2") == [("table", "2")]
    assert found("véase la Tabla 4 y la sección 2.1") == [("table", "4"), ("section", "2.1")]
    assert found("如图 1 所示，表 1 是一个示例，见第 3 节") == [
        ("figure", "1"),
        ("table", "1"),
        ("section", "3"),
    ]
    assert found("发表1篇论文") == []
    assert found("as in Table 1 of the original manuscript") == []


def test_text_regions_mark_references_back_matter_boilerplate_and_captions() -> None:
    text = (
        "Bleeding occurred in 3.9% of patients.\n\n"
        "Table 2: Complications by agent.\n\n"
        "Acknowledgements\n\nWe thank the nurses.\n\n"
        "Cite this article as: Datta et al.: Complications.\n\n"
        "References\n\n1. Smith J. Trauma. 2001."
    )
    parent = Parent("d:p001", "d", 1, 1, "", text, references_start=text.index("References"))
    assert reference_list_start([parent]) == (0, text.index("References"))
    found, goes_on = text_regions(parent, text.index("References"))
    kinds = [(r.kind, text[r.start : r.end][:12]) for r in found]
    assert kinds == [
        ("caption", "Table 2: Com"),
        ("backmatter", "Acknowledgem"),
        ("backmatter", "We thank the"),
        ("backmatter", "Cite this ar"),
        ("references", "References\n\n"),
    ]
    assert goes_on


def test_a_reference_list_in_another_language_runs_on_to_the_next_page() -> None:
    cite = "Literaturverzeichnis\n\nWie man zitiert."
    first = "Ergebnisse folgen.\n\nLiteraturverzeichnis\n\n[1] Thoma M. Skript. 2014."
    second = "[2] Herrlich F. Vorlesung. 2013.\n\nA Anhang\n\nWeitere Beweise folgen hier."
    pages = [Parent(f"d:p00{n}", "d", n, n, "", t) for n, t in enumerate((cite, first, second))]
    assert reference_list_start(pages) == (1, first.index("Literatur"))  # the last heading
    found, goes_on = text_regions(pages[1], first.index("Literatur"))
    assert [(r.kind, r.start) for r in found] == [("references", first.index("Literatur"))]
    found, goes_on = text_regions(pages[2], 0 if goes_on else None)
    assert [(r.kind, r.start, r.end) for r in found] == [
        ("references", 0, second.index("A Anhang"))
    ]
    assert not goes_on


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Sei X ein topologischer Raum und U eine offene Teilmenge von X.", "de"),
        ("Les résultats montrent une réduction significative de la mortalité.", "fr"),
        ("Los resultados muestran una reducción significativa de la mortalidad.", "es"),
        ("此模板是基于标准文类设计的，也即意味着你可以把文类的选项传递给本模板。", "zh"),
        ("Bleeding occurred in a small share of the trauma patients.", "en"),
    ],
)
def test_language_of_a_text(text: str, language: str) -> None:
    assert detect_language(text) == language
