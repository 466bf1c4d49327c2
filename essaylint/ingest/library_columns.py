"""The columns of library.csv: what each holds, which the student may edit, and how a value
is checked and written (``essaylint library set``, `library enrich`, Zotero records).

Values are text as the student edits them; a check either returns the value in its
canonical form ("https://doi.org/10.1017/S104…" → "10.1017/S104…", case kept) or raises
``ValueError`` with a sentence that says what a right value looks like.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from essaylint.core.records import LIBRARY_COLUMNS

CSL_TYPES = (
    "article",
    "article-journal",
    "article-magazine",
    "article-newspaper",
    "book",
    "chapter",
    "dataset",
    "document",
    "entry-encyclopedia",
    "manuscript",
    "paper-conference",
    "report",
    "thesis",
    "webpage",
    "post",
    "post-weblog",
    "software",
    "speech",
    "standard",
    "legislation",
    "legal_case",
    "motion_picture",
    "broadcast",
    "interview",
    "map",
    "patent",
    "personal_communication",
    "review",
)
# Columns ingest keeps to itself.
READ_ONLY = frozenset({"doc_uid", "source_path", "status"})
# The bibliographic record: what enrichment (Zotero, Crossref, OpenAlex) may fill.
RECORD_COLUMNS = (
    "type",
    "title",
    "authors",
    "year",
    "container",
    "volume",
    "issue",
    "page",
    "number",
    "publisher",
    "doi",
    "isbn",
    "arxiv",
    "url",
    "published_date",
)

_DOI_PREFIX = re.compile(r"^(?:https?://(?:dx\.)?doi\.org/|doi:\s*|DOI\s+)", re.IGNORECASE)
_DOI = re.compile(r"^10\.\d{4,9}/\S+$")
_ARXIV = re.compile(r"^(?:\d{4}\.\d{4,5}|[a-z\-]+(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?$")
_PAGE = re.compile(
    r"^[A-Za-z]{0,3}\d{1,7}[A-Za-z]?(?:\s*[-–]\s*[A-Za-z]{0,3}\d{1,7}[A-Za-z]?)?"
    r"(?:\s*,\s*[A-Za-z]{0,3}\d{1,7}(?:\s*[-–]\s*[A-Za-z]{0,3}\d{1,7})?)*$"
    r"|^[ivxlcdm]+(?:\s*[-–]\s*[ivxlcdm]+)?$",
    re.IGNORECASE,
)
_DATE = re.compile(r"^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$")
DOC_UID = re.compile(r"doc_[0-9a-f]{8,40}")
_KEY = re.compile(r"^[A-Za-z0-9][\w:.\-]*$")


def fold(text: str) -> str:
    """Text for comparing: accents, case, punctuation and spacing aside, "&" read as "and"."""
    text = unicodedata.normalize("NFKD", text.replace("&", " and "))
    return "".join(c for c in text.casefold() if c.isalnum() and not unicodedata.combining(c))


def normalise_doi(doi: str) -> str:
    """The bare DOI, its case kept (DOIs are case-insensitive, but printed case is what a
    reference shows)."""
    return _DOI_PREFIX.sub("", doi.strip()).strip().rstrip(".,;")


def _doi(value: str) -> str:
    doi = normalise_doi(value)
    if not _DOI.match(doi):
        raise ValueError("a DOI looks like 10.1017/S1041610213001804 (a doi.org link is fine)")
    return doi


def _year(value: str) -> str:
    year = value.strip()
    if not re.fullmatch(r"\d{4}", year) or not 1000 <= int(year) <= date.today().year + 1:
        raise ValueError(f"a year is four digits, 1000-{date.today().year + 1} (e.g. 2014)")
    return year


def _iso_date(value: str) -> str:
    text = value.strip()
    match = _DATE.match(text)
    if not match:
        raise ValueError("a date is YYYY, YYYY-MM or YYYY-MM-DD (e.g. 2026-11-20)")
    year, month, day = (int(p) if p else None for p in match.groups())
    try:
        date(year, month or 1, day or 1)  # type: ignore[arg-type]
    except ValueError:
        raise ValueError(f"{text} is not a real date (YYYY-MM-DD)") from None
    return text


def _type(value: str) -> str:
    kind = value.strip()
    if kind not in CSL_TYPES:
        common = "article-journal, paper-conference, chapter, book, report, thesis, article"
        raise ValueError(f"type is a CSL type: {common} (preprint), manuscript, webpage, ...")
    return kind


def _page(value: str) -> str:
    page = value.strip().replace("–", "-")
    if not _PAGE.match(page):
        raise ValueError("a page range looks like 147-154, e0197919, 12 or xii-xv")
    return re.sub(r"\s*-\s*", "-", page)


def _short(limit: int, example: str) -> Callable[[str], str]:
    def check(value: str) -> str:
        text = value.strip()
        if len(text) > limit:
            raise ValueError(f"at most {limit} characters (e.g. {example})")
        return text

    return check


def _isbn(value: str) -> str:
    digits = re.sub(r"[-\s]", "", value).upper()
    if not valid_isbn(digits):
        raise ValueError("an ISBN has 10 or 13 digits with a valid check digit")
    return digits


def valid_isbn(digits: str) -> bool:
    """An ISBN-10 or ISBN-13 (digits only) with a right check digit."""
    if re.fullmatch(r"\d{9}[\dX]", digits):
        return sum((10 - i) * (10 if c == "X" else int(c)) for i, c in enumerate(digits)) % 11 == 0
    if re.fullmatch(r"97[89]\d{10}", digits):
        return sum((3 if i % 2 else 1) * int(c) for i, c in enumerate(digits)) % 10 == 0
    return False


def _arxiv(value: str) -> str:
    ident = re.sub(r"^(?:arxiv:|https?://arxiv\.org/abs/)", "", value.strip(), flags=re.I)
    if not _ARXIV.match(ident):
        raise ValueError("an arXiv id looks like 2304.02623v1 or hep-ph/9412269")
    return ident


def _url(value: str) -> str:
    url = value.strip()
    if not re.match(r"^https?://[^\s/]+\.[^\s]+$", url):
        raise ValueError("a URL starts with http:// or https://")
    return url


def _authors(value: str) -> str:
    names = [n.strip() for n in value.split(";")]
    if any(not n for n in names[:-1]) or any(n.count(",") > 2 for n in names):
        raise ValueError(
            "authors are 'Surname, Given; Surname, Given' (an organisation without a comma)"
        )
    return "; ".join(n for n in names if n)


def _citable(value: str) -> str:
    text = value.strip().lower()
    if text not in {"true", "false"}:
        raise ValueError("citable is true or false")
    return text


def _citation_key(value: str) -> str:
    key = value.strip()
    if not _KEY.match(key):
        raise ValueError("a citation key is letters, digits and _ : . - (e.g. tully2010_patient)")
    return key


def _count(value: str) -> str:
    text = value.strip()
    if not text.isdigit():
        raise ValueError("the page count is a whole number")
    return text


def _uid(value: str) -> str:
    uid = value.strip()
    if not DOC_UID.fullmatch(uid):
        raise ValueError("duplicate_of is the doc_uid of another source (e.g. doc_354b33f6)")
    return uid


def _text(value: str) -> str:
    return " ".join(value.split())


@dataclass(frozen=True)
class Column:
    name: str
    meaning: str
    check: Callable[[str], str] = _text


COLUMNS: dict[str, Column] = {
    c.name: c
    for c in (
        Column("doc_uid", "the document's id (from its content)"),
        Column("citation_key", "the key drafts may cite it by", _citation_key),
        Column("authors", "Surname, Given; Surname, Given", _authors),
        Column("year", "year of publication", _year),
        Column("title", "title as printed"),
        Column("container", "journal, proceedings, book or website title"),
        Column("publisher", "publisher, university (thesis) or institution (report)"),
        Column("doi", "DOI, case as printed", _doi),
        Column("url", "the item's own URL", _url),
        Column("source_type", "evidence_document, guidance, feedback, slides, exemplar"),
        Column("citable", "true or false", _citable),
        Column("source_path", "the file under raw/"),
        Column("pages", "number of pages in the file", _count),
        Column("accessed_at", "date you accessed a web source, YYYY-MM-DD", _iso_date),
        Column("published_date", "full date of publication, YYYY-MM-DD", _iso_date),
        Column("status", "present or removed"),
        Column("type", "CSL type: article-journal, paper-conference, book, thesis...", _type),
        Column("volume", "volume", _short(20, "26")),
        Column("issue", "issue or number of the volume", _short(20, "1")),
        Column("page", "page range as printed, or e-locator", _page),
        Column("number", "article number (e0197919) or report number", _short(40, "157939")),
        Column("isbn", "ISBN-10 or ISBN-13", _isbn),
        Column("arxiv", "arXiv id, e.g. 2304.02623v1", _arxiv),
        Column("duplicate_of", "doc_uid of the copy to cite instead (empty: cite this)", _uid),
    )
}
assert tuple(COLUMNS) == LIBRARY_COLUMNS, "library_columns.COLUMNS must follow LibraryEntry"


def check_value(column: str, value: str) -> str:
    """``value`` in its canonical form for ``column``; an empty value clears the cell.
    Unknown columns (a student's own) take any text."""
    if not value.strip():
        return ""
    spec = COLUMNS.get(column)
    if spec is None:
        return value.strip()
    return spec.check(value)


# -- a CSL-JSON record (Zotero, Crossref, OpenAlex) in library.csv's columns ----------------------

_SUFFIX_WORDS = frozenset({"jr", "jr.", "sr", "sr.", "ii", "iii", "iv"})


def row_from_csl(item: dict) -> dict[str, str]:
    """The bibliographic columns of a CSL-JSON item; values that fail their column's check
    are left out (a source's bad value never reaches library.csv)."""
    row: dict[str, str] = {
        "type": str(item.get("type") or ""),
        "title": _plain(item.get("title")),
        "authors": "; ".join(_name(a) for a in item.get("author") or [] if _name(a)),
        "container": _plain(item.get("container-title")),
        "volume": _plain(item.get("volume")),
        "issue": _plain(item.get("issue")),
        "page": _plain(item.get("page")),
        "number": _plain(item.get("number")),
        "publisher": _plain(item.get("publisher")),
        "doi": _plain(item.get("DOI")),
        "isbn": _plain(item.get("ISBN")).split(",")[0].split(" ")[0],
        "url": _plain(item.get("URL")),
    }
    parts = ((item.get("issued") or {}).get("date-parts") or [[]])[0] or []
    if parts and str(parts[0]).isdigit():
        row["year"] = str(parts[0])
        if len(parts) == 3:
            row["published_date"] = "{:04d}-{:02d}-{:02d}".format(*(int(p) for p in parts))
    if row["number"].lower().startswith("arxiv:"):
        row["arxiv"] = row.pop("number")[6:].strip()
    if re.fullmatch(r"e\d+", row["page"]) and not row["number"]:
        row["number"] = row.pop("page")  # an e-locator is an article number
    checked = {}
    for column, value in row.items():
        try:
            value = check_value(column, value)
        except ValueError:
            continue
        if value:
            checked[column] = value
    return checked


def _plain(value: object) -> str:
    if isinstance(value, list):
        value = value[0] if value else ""
    text = re.sub(r"<[^>]+>", "", str(value or ""))  # Crossref titles carry <i>, <sub>
    return " ".join(text.split())


def _name(author: dict) -> str:
    if author.get("literal"):
        return str(author["literal"]).strip()
    family = str(author.get("family") or "").strip()
    particle = str(author.get("non-dropping-particle") or "").strip()
    family = f"{particle} {family}".strip()
    given = " ".join(
        str(author.get(k) or "").strip() for k in ("given", "dropping-particle") if author.get(k)
    )
    suffix = str(author.get("suffix") or "").strip()
    if not family:
        return given
    return ", ".join(p for p in (family, given, suffix) if p)
