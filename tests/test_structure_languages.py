"""Structure beyond English papers: footnote markers need superscript evidence (maths
subscripts and exponents are not markers), captions and references in German, French,
Spanish and Chinese, ids that keep their letters, and the regions a quote never uses."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.paths import CORPUS

from essaylint.config.schema import IngestSettings
from essaylint.core.records import PageText, Parent, ParsedDocument
from essaylint.ingest.chunk import chunk_document
from essaylint.ingest.normalise import normalise
from essaylint.ingest.parse.pdf import parse_pdf
from essaylint.ingest.structure.build import build_structure
from essaylint.ingest.structure.records import DocStructure
from essaylint.ingest.structure.regions import reference_list_start, text_regions
from essaylint.ingest.structure.xrefs import find_mentions
from essaylint.text.language import detect_language
from essaylint.text.sections import glued_reference_heading

pytest.importorskip("fpdf")
from support.languages_pdf import make_german

UID = "doc_00000002"


def _parsed(*pages: str) -> ParsedDocument:
    numbered = [PageText(number=i, text=text) for i, text in enumerate(pages, start=1)]
    return ParsedDocument(
        doc_uid="d", source_path="raw/evidence/d.pdf", parser="test", pages=numbered
    )


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
    "heading",
    [
        "REFERÊNCIAS",
        "Referências bibliográficas",
        "Daftar Pustaka",
        "ΒΙΒΛΙΟΓΡΑΦΙΑ ΚΑΙ ΛΙΣΤΑ ΔΗΜΟΣΙΕΥΣΕΩΝ",
        "Bibliography and list of publications",
        "Literatuurlijst",
        "Список литературы",
        "참고문헌",
        "6. Kaynakça",
        "Literatura citada",
    ],
)
def test_reference_list_headings_in_more_languages(heading: str) -> None:
    text = f"Os resultados seguem.\n\n{heading}\n\nACOSTA, A. M. Coalition. 2011.\n\n"
    text += "ALEMÁN, E.; SAIEGH, S. M. Legislative preferences. 2007."
    page = Parent("d:p001", "d", 1, 1, "", text)
    assert reference_list_start([page]) == (0, text.index(heading))


@pytest.mark.parametrize(
    ("text", "heading"),
    [  # a heading the layout ran into the last sentence, and one in a line-numbered preprint
        ("oligopolização no séc. XX. REFERÊNCIAS\n\nBourdieu, P. (2015). A Economia.", "REF"),
        ("as 571 modelled. 572 References 573 Beck, J. W., & Schmidt, A. M. (2013).", "Ref"),
    ],
)
def test_a_reference_heading_run_into_the_text_still_opens_the_list(
    text: str, heading: str
) -> None:
    page = Parent("d:p005", "d", 5, 5, "", "Body text of the essay.\n\n" + text)
    assert reference_list_start([page]) == (0, page.text.index(heading))


@pytest.mark.parametrize(
    "prose",
    [
        "This guide references some key documents that the Authors believe will help.\n\n"
        "If you have achieved this goal please email us.\n\nCreative Commons Attribution.",
        "Linked references are available on JSTOR for this article.\n\n"
        "You may need to log in to JSTOR to access the linked references.\n\n"
        "Sage Publications, Ltd. is collaborating with JSTOR to digitize this journal.",
    ],
)
def test_a_references_heading_over_prose_opens_no_reference_list(prose: str) -> None:
    cover = Parent("d:p001", "d", 1, 1, "", f"Title of the paper\n\nREFERENCES\n\n{prose}")
    body = Parent("d:p002", "d", 2, 2, "", "Violence is present when human beings are hurt.")
    assert reference_list_start([cover, body]) is None
    lines = [line for paragraph in prose.split("\n\n") for line in (paragraph, "")]
    first = "\n".join(["Title of the paper", "", "REFERENCES", "", *lines])
    document = normalise(_parsed(first, "Violence is present when human beings are hurt."))
    assert all(page.references_start is None for page in document.pages)
    assert not glued_reference_heading("as the references show. Smith, J. said so.")
    assert not glued_reference_heading("Glynn, C. (1997). Reference groups, opinion intensity.")


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


def test_a_jstor_cover_page_is_boilerplate() -> None:
    text = (
        "Violence, Peace, and Peace Research Author(s): Johan Galtung\n\n"
        "Source: Journal of Peace Research , 1969, Vol. 6, No. 3 (1969), pp. 167-191 "
        "Published by: Sage Publications, Ltd.\n\n"
        "Stable URL: https://www.jstor.org/stable/422690\n\n"
        "JSTOR is a not-for-profit service that helps scholars, researchers, and students.\n\n"
        "This content downloaded from 10.0.0.1 on Mon, 01 Jan 2024 00:00:00 UTC"
    )
    found, _ = text_regions(Parent("d:p001", "d", 1, 1, "", text))
    assert [(r.kind, text[r.start : r.start + 12]) for r in found] == [
        ("boilerplate", "Source: Jour"),
        ("boilerplate", "Stable URL: "),
        ("boilerplate", "JSTOR is a n"),
        ("boilerplate", "This content"),
    ]


@pytest.mark.parametrize(
    "entries",
    [
        ["1 WHO. Tracking SARS-CoV-2 variants. May 31, 2021.", "2 Davies NG, Abbott S. Science"],
        ["[1] A. T. Adams, J. Costa. Mindless computing. 2015.", "[2] B. Smith. Focus. 2016."],
        ["Acs, Z., & Audretsch, D. (2006). Handbook.", "Abts, K. & Rummens, S. (2007)."],
    ],
)
def test_a_reference_list_showing_its_entries_is_one(entries: list[str]) -> None:
    first = "\n".join(["The variants spread quickly in England.", "", "References", "", *entries])
    document = normalise(_parsed(first, "3 Volz E, Mishra S. Nature 2021; 593: 266–69."))
    assert document.pages[0].references_start is not None
    assert document.pages[1].references_start == 0


def test_one_entry_under_a_heading_at_the_foot_of_a_page_is_enough() -> None:
    entry = ["E. Agirre and A. Soroa. 2007. SemEval-2007 task 2: Evaluating word", "sense"]
    first = "\n".join(
        ["We thank Sebastian Pado for many helpful discussions.", "", "References", "", *entry]
    )
    document = normalise(
        _parsed(first, "induction and discrimination systems. In Proc. of SemEval.")
    )
    assert document.pages[0].references_start is not None


@pytest.mark.parametrize(
    ("text", "citation"),
    [
        (
            "Keywords: software architecture, information retrieval ACM Reference Format:\n\n"
            "Jan Keim and Anne Koziolek. 2024. Recovering Trace Links. In ICSE '24. ACM, 13 "
            "pages.\n\n1 INTRODUCTION\n\nDuring software development, documentation drifts.",
            "Jan Keim and",
        ),
        (
            "Chapter X: The Tour de France Wladimir Andreff\n\nTo cite this version:\n\n"
            "Wladimir Andreff. Chapter X: The Tour de France. Springer, 2016. HAL Id: "
            "halshs-01279855\n\nHAL is a multi-disciplinary open access archive for the deposit.",
            "Wladimir And",
        ),
    ],
)
def test_the_citation_of_the_paper_itself_is_boilerplate(text: str, citation: str) -> None:
    found, _ = text_regions(Parent("d:p001", "d", 1, 1, "", text))
    quoted = [text[r.start : r.start + 12] for r in found if r.kind == "boilerplate"]
    assert citation in quoted
    assert not any(r.start <= text.find("During") < r.end for r in found)
