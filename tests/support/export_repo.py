"""A temporary essay repo with the sample essay and a hand-written library.csv."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

from essaylint.app.scaffold import scaffold
from essaylint.core.project import Project
from essaylint.core.records import LIBRARY_COLUMNS
from support.paths import SAMPLE

SUPPORT = Path(__file__).resolve().parent
TEST_CSL = SUPPORT / "author_date.csl"
SAMPLE_ESSAY = SAMPLE / "essay.md"
KNOWN = ("doc_439d7ab5", "doc_354b33f6", "doc_d22385dc", "doc_85aaa86b")
UNKNOWN = "doc_8f3a2c1d"

LIBRARY_ROWS = [
    {
        "doc_uid": "doc_439d7ab5",
        "citation_key": "agyemanduah2014_understanding",
        "authors": "Agyeman-Duah, Josephine Nana Afrakoma; Theurer, Antje; Munthali, Charles; "
        "Alide, Noor; Neuhann, Florian",
        "year": "2014",
        "title": "Understanding the barriers to setting up a healthcare quality improvement "
        "process in resource-limited settings: a situational analysis at the Medical "
        "Department of Kamuzu Central Hospital in Lilongwe, Malawi",
        "container": "BMC Health Services Research",
        "doi": "10.1186/1472-6963-14-1",
        "source_path": "raw/evidence/agyemanduah2014.pdf",
    },
    {
        "doc_uid": "doc_354b33f6",
        "citation_key": "tully2010_patient",
        "authors": "Tully, Niamh E.; Morgan, Karen M.; Burke, Helen M.; McGee, Hannah M.",
        "year": "2010",
        "title": "Patient experiences of structured heart failure programmes",
        "container": "Rehabilitation Research and Practice",
        "doi": "10.1155/2010/157939",
        "source_path": "raw/evidence/tully2010.pdf",
    },
    {
        "doc_uid": "doc_d22385dc",
        "citation_key": "datta2010_complications",
        "authors": "Datta, Indraneel; Ball, Chad G.; Rudmik, Luke; Hameed, S. Morad; "
        "Kortbeek, John B.",
        "year": "2010",
        "title": "Complications related to deep venous thrombosis prophylaxis in trauma: "
        "a systematic review of the literature",
        "container": "Journal of Trauma Management & Outcomes",
        "doi": "10.1186/1752-2897-4-1",
        "source_path": "raw/evidence/datta2010.pdf",
    },
    {
        "doc_uid": "doc_85aaa86b",
        "citation_key": "sundstrom2014_stressful",
        "authors": "Sundström, Anna; Rönnlund, Michael; Adolfsson, Rolf; Nilsson, Lars-Göran",
        "year": "2014",
        "title": "Stressful life events are not associated with the development of dementia",
        "container": "International Psychogeriatrics",
        "doi": "10.1017/S1041610213001804",
        "source_path": "raw/evidence/sundstrom2014.pdf",
        "type": "article-journal",
        "volume": "26",
        "issue": "1",
        "page": "147-154",
    },
]


def make_repo(root: Path, draft_text: str | None = None) -> tuple[Project, Path]:
    """Scaffold an essay repo, write library.csv by hand and put a draft in drafts/."""
    scaffold(root)
    with (root / "library.csv").open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=LIBRARY_COLUMNS)
        writer.writeheader()
        for row in LIBRARY_ROWS:
            writer.writerow({**row, "source_type": "evidence_document", "citable": "true"})
    (root / "raw/evidence/agyemanduah2014.pdf").write_bytes(b"%PDF-1.4 test\n")
    draft = root / "drafts" / "essay.md"
    if draft_text is None:
        shutil.copy(SAMPLE_ESSAY, draft)
    else:
        draft.write_text(draft_text, encoding="utf-8")
    return Project(root), draft


def zotero_items() -> list[dict]:
    """Zotero ``data`` for the four sources, each findable a different way."""

    def creators(row: dict) -> list[dict]:
        names = [n.strip() for n in row["authors"].split(";")]
        return [
            {
                "creatorType": "author",
                "lastName": n.split(",")[0].strip(),
                "firstName": n.split(",")[1].strip(),
            }
            for n in names
        ]

    rows = {row["doc_uid"]: row for row in LIBRARY_ROWS}

    def item(key: str, uid: str, **extra: object) -> dict:
        row = rows[uid]
        return {
            "key": key,
            "itemType": "journalArticle",
            "title": row["title"],
            "creators": creators(row),
            "date": row["year"],
            "publicationTitle": row["container"],
            "abstractNote": 'An abstract with & < > " characters.',
            **extra,
        }

    return [
        # Better BibTeX pinned the doc_uid as citation key
        item("AGYE2014", "doc_439d7ab5", extra="Citation Key: doc_439d7ab5"),
        # imported from export-used-sources: the marker is in Extra
        item("TULL2010", "doc_354b33f6", extra="essaylint: doc_354b33f6"),
        # only the DOI links it
        item("DATT2010", "doc_d22385dc", DOI="10.1186/1752-2897-4-1"),
        # only title and year
        item("SUND2014", "doc_85aaa86b"),
    ]
