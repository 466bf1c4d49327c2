"""The exported records read back by real parsers: CSL-JSON against the CSL data schema and
through pandoc's citeproc in every shipped style, BibTeX with bibtexparser, RIS with rispy."""

from __future__ import annotations

import json
import re
from pathlib import Path

import bibtexparser
import jsonschema
import pytest
import rispy
from hypothesis import given
from hypothesis import strategies as st

from essaylint.core.records import LibraryEntry
from essaylint.export.csl import SHIPPED, csl_item, resolve_style
from essaylint.export.pandoc import find_pandoc
from essaylint.export.sources import protect_title, to_bibtex, to_csl_json, to_ris

SCHEMA = json.loads((Path(__file__).parent / "data" / "csl-data.json").read_text())


def entry(uid: str, **values: str) -> LibraryEntry:
    return LibraryEntry(doc_uid=uid, citable="true", **values)


ENTRIES = [
    entry(
        "doc_article",
        type="article-journal",
        authors="Sundström, Anna; Rönnlund, Michael; Driggers, Ronald G., III",
        year="2014",
        title="Stressful life events are not associated with dementia in Sweden",
        container="International Psychogeriatrics",
        volume="26",
        issue="1",
        page="147-154",
        publisher="Cambridge University Press",
        doi="10.1017/S1041610213001804",
    ),
    entry(
        "doc_eloc",
        type="article-journal",
        authors="Thomason, Kayla",
        year="2018",
        title="Comparative physiological and metabolomics analysis of wheat",
        container="PLOS ONE",
        volume="13",
        issue="6",
        number="e0197919",
        doi="10.1371/journal.pone.0197919",
    ),
    entry(
        "doc_paper",
        type="paper-conference",
        authors="Krishna, Kalpesh; Lo, Kyle",
        year="2023",
        title="LongEval: Guidelines for Human Evaluation of Faithfulness",
        container="Proceedings of the 17th Conference of the European Chapter of the ACL",
        page="1650-1669",
        publisher="Association for Computational Linguistics",
    ),
    entry(
        "doc_thesis",
        type="thesis",
        authors="Mitton, Nathalie",
        year="2006",
        title="Auto-organisation des réseaux sans fil multi-sauts à grande échelle",
        publisher="INSA de Lyon",
        url="https://tel.archives-ouvertes.fr/tel-00599147",
    ),
    entry(
        "doc_report",
        type="report",
        authors="World Health Organization",
        year="2001",
        title="Iron deficiency anaemia: assessment, prevention and control",
        publisher="World Health Organization",
        number="WHO/NHD/01.3",
    ),
    entry(
        "doc_preprint",
        type="article",
        authors="Shen, Zejiang",
        year="2022",
        title="Multi-LexSum: Real-World Summaries of Civil Rights Lawsuits",
        arxiv="2206.10883v3",
    ),
    entry(
        "doc_web",
        type="webpage",
        title="Policy 77 - Tenure and promotion",
        container="University of Waterloo",
        url="https://uwaterloo.ca/secretariat/policies/policy-77",
        year="2017",
        accessed_at="2026-11-20",
    ),
    entry(
        "doc_book",
        type="book",
        authors="Dean, Jeffrey",
        year="2010",
        title="A Book & its 100% Title_with Specials",
        publisher="Example Press",
        isbn="9780262033848",
    ),
]


def test_csl_json_is_valid_against_the_csl_data_schema() -> None:
    items = json.loads(to_csl_json(ENTRIES))
    jsonschema.validate(items, SCHEMA)
    by_id = {i["id"]: i for i in items}
    assert by_id["doc_article"]["DOI"] == "10.1017/S1041610213001804"  # case kept
    assert by_id["doc_article"]["author"][2] == {
        "family": "Driggers",
        "given": "Ronald G.",
        "suffix": "III",
    }
    assert by_id["doc_eloc"]["number"] == "e0197919"
    assert by_id["doc_preprint"]["number"] == "arXiv:2206.10883v3"
    assert by_id["doc_report"]["author"] == [{"literal": "World Health Organization"}]
    assert by_id["doc_web"]["accessed"] == {"date-parts": [[2026, 11, 20]]}
    assert {i["type"] for i in items} == {
        "article-journal",
        "paper-conference",
        "thesis",
        "report",
        "article",
        "webpage",
        "book",
    }


def test_a_published_articles_arxiv_id_goes_to_the_note_not_its_number() -> None:
    article = entry(
        "doc_pomacs",
        type="article-journal",
        title="A published article with an arXiv copy",
        container="Proceedings of the ACM on Measurement and Analysis of Computing Systems",
        arxiv="2203.00001v1",
    )
    (item,) = json.loads(to_csl_json([article]))
    assert "number" not in item
    assert "arXiv:2203.00001v1" in item["note"]


def test_bibtex_parses_with_the_right_entry_types_and_fields() -> None:
    parsed = bibtexparser.loads(to_bibtex(ENTRIES))
    entries = {e["ID"]: e for e in parsed.entries}
    assert {k: e["ENTRYTYPE"] for k, e in entries.items()} == {
        "doc_article": "article",
        "doc_eloc": "article",
        "doc_paper": "inproceedings",
        "doc_thesis": "phdthesis",
        "doc_report": "techreport",
        "doc_preprint": "misc",
        "doc_web": "misc",
        "doc_book": "book",
    }
    article = entries["doc_article"]
    assert (article["journal"], article["volume"], article["number"], article["pages"]) == (
        "International Psychogeriatrics",
        "26",
        "1",
        "147--154",
    )
    assert article["doi"] == "10.1017/S1041610213001804"
    assert article["author"].endswith("and Driggers, III, Ronald G.")
    # a sentence-case title: only the proper noun keeps its braces
    assert article["title"] == "Stressful life events are not associated with dementia in {Sweden}"
    # a Title Case title: only acronyms and mixed case
    assert entries["doc_paper"]["title"] == (
        "{LongEval}: Guidelines for Human Evaluation of Faithfulness"
    )
    assert entries["doc_eloc"]["pages"] == "e0197919"
    assert entries["doc_paper"]["booktitle"].startswith("Proceedings of the 17th")
    assert entries["doc_thesis"]["school"] == "INSA de Lyon"
    assert entries["doc_report"]["institution"] == "World Health Organization"
    assert entries["doc_report"]["number"] == "WHO/NHD/01.3"
    assert entries["doc_report"]["author"] == "{World Health Organization}"
    assert entries["doc_preprint"]["eprint"] == "2206.10883v3"
    assert entries["doc_book"]["isbn"] == "9780262033848"
    assert entries["doc_book"]["title"] == r"A Book \& its 100\% Title\_with Specials"
    assert all("{{" not in e["title"] for e in entries.values())  # never double-braced


def test_ris_parses_with_the_right_types_and_fields() -> None:
    records = {r["id"]: r for r in rispy.loads(to_ris(ENTRIES))}
    assert {k: r["type_of_reference"] for k, r in records.items()} == {
        "doc_article": "JOUR",
        "doc_eloc": "JOUR",
        "doc_paper": "CPAPER",
        "doc_thesis": "THES",
        "doc_report": "RPRT",
        "doc_preprint": "UNPB",
        "doc_web": "ELEC",
        "doc_book": "BOOK",
    }
    article = records["doc_article"]
    assert (article["start_page"], article["end_page"], article["volume"]) == ("147", "154", "26")
    assert article["number"] == "1" and article["doi"] == "10.1017/S1041610213001804"
    assert article["secondary_title"] == "International Psychogeriatrics"
    assert records["doc_eloc"]["start_page"] == "e0197919"
    assert records["doc_report"]["number"] == "WHO/NHD/01.3"
    assert records["doc_book"]["issn"] == "9780262033848"  # rispy names SN "issn"
    assert "arXiv: 2206.10883v3" in records["doc_preprint"]["notes"]
    assert records["doc_web"]["urls"] == ["https://uwaterloo.ca/secretariat/policies/policy-77"]


@pytest.mark.parametrize(
    ("kind", "ris"), [("speech", "SLIDE"), ("legal_case", "CASE"), ("legislation", "STAT")]
)
def test_slides_cases_and_acts_keep_their_type_in_ris(kind: str, ris: str) -> None:
    item = entry("doc_item", type=kind, authors="Proessl, Felix", title="Data hygiene")
    (record,) = rispy.loads(to_ris([item]))
    assert (record["type_of_reference"], record["title"]) == (ris, "Data hygiene")


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_citeproc_formats_every_record_in_every_shipped_style(name: str, tmp_path: Path) -> None:
    references = tmp_path / "references.json"
    references.write_text(json.dumps([csl_item(e) for e in ENTRIES]), "utf-8")
    style = resolve_style(name)
    markdown = "---\nnocite: '@*'\n---\n\n# References\n"
    text = find_pandoc().convert(
        markdown,
        "markdown",
        "plain",
        ["--citeproc", "--bibliography", str(references), "--csl", str(style.path)],
    )
    flat = " ".join(text.split())
    assert "International Psychogeriatrics" in flat
    assert "10.1017/S1041610213001804" in flat  # the DOI keeps its case
    assert "147" in flat and ("26" in flat)
    assert "Mitton" in flat and "INSA de Lyon" in flat
    assert "World Health Organization" in flat


def test_apa_italicises_the_journal_not_the_article_title(tmp_path: Path) -> None:
    references = tmp_path / "references.json"
    references.write_text(json.dumps([csl_item(ENTRIES[0])]), "utf-8")
    markdown = "---\nnocite: '@*'\n---\n"
    text = find_pandoc().convert(
        markdown,
        "markdown",
        "markdown",
        ["--citeproc", "--bibliography", str(references), "--csl", str(resolve_style("apa").path)],
    )
    flat = " ".join(text.split())
    assert "*International Psychogeriatrics*" in flat and "*26*(1)" in flat
    assert "*Stressful" not in flat


TITLE_WORDS = st.lists(
    st.text(alphabet="abcXYZ&_%$#{}~^\\ -:é", min_size=1, max_size=8), min_size=1, max_size=8
)


@given(TITLE_WORDS)
def test_protected_titles_keep_their_words_and_balance_their_braces(words: list[str]) -> None:
    title = " ".join(words)
    protected = protect_title(title)
    depth = 0
    for char in protected.replace("\\{", "").replace("\\}", ""):
        depth += {"{": 1, "}": -1}.get(char, 0)
        assert depth >= 0
    assert depth == 0
    letters = [c for c in title if c.isalnum()]
    kept = [c for c in re.sub(r"\\text\w+\{\}", "", protected) if c.isalnum()]
    assert kept == letters
    parsed = bibtexparser.loads(f"@misc{{k,\n  title = {{{protected}}}\n}}\n")
    assert parsed.entries[0]["title"] == protected
