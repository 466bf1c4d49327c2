"""What a PDF says about itself: the info dictionary and the XMP packet.

Both are candidates only. Typesetters leave file ids as titles ("pone.0115884 1..14"),
the publisher as author, the first author alone, a journal or an abstract as subject; the
XMP packet, when there is one, is usually right about the DOI and the journal but rarely
carries volume or pages. The decision (decide.py) trusts these values only where the
printed text confirms them, or where the print says nothing.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from essaylint.ingest.metadata.names import names_no_one, split_names, surname_first

_NS = {
    "dc": "http://purl.org/dc/elements/1.1/",
    "prism": "http://prismstandard.org/namespaces/basic/2.0/",
    "prism2": "http://prismstandard.org/namespaces/basic/2.1/",
    "prism3": "http://prismstandard.org/namespaces/basic/3.0/",
    "pdfx": "http://ns.adobe.com/pdfx/1.3/",
    "crossmark": "http://crossref.org/crossmark/1.0/",
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
}
_PRISM = ("prism", "prism2", "prism3")
_CORPORATE = re.compile(
    r"journals?|publish|press|elsevier|springer|wiley|corporation|\binc\b|\bltd\b|"
    r"university|society|association|microsoft|adobe|latex|\buser\b|admin|author|"
    r"\bhp\b|probook|elitebook|thinkpad|lenovo|toshiba|\basus\b|laptop",  # the computer's name
    re.IGNORECASE,
)
# a public body or organisation named as a document's author
BODY = re.compile(
    r"\b(?:Organi[sz]ation|Institute|Government|Ministry|Minist[ée]rio|Ministerio|Nations|"
    r"Unidas|Council|Agency|Department|Commission|Bureau|Authority|Secretariat|Parliament|"
    r"Congress|Corporation|Programme|Excellence|International|"
    r"Bank|Banco|Banque|Banca|Bundesbank)\b"
)
_TYPESETTER_ID = re.compile(r"\.\.|\.indd|\.dvi|\.tex|\.docx?\b|^\W*$|^[\w\-]+ \d+\.\.\d+$|_", re.I)


@dataclass
class Embedded:
    """Raw values, named as library.csv names them; ``xmp`` says which came from XMP."""

    values: dict[str, str] = field(default_factory=dict)
    authors: list[str] = field(default_factory=list)
    xmp: set[str] = field(default_factory=set)
    created_year: int | None = None


def read_embedded(info: dict[str, str], path: Path | None) -> Embedded:
    embedded = Embedded()
    _from_info(info, embedded)
    if path is not None:
        _from_xmp(_xmp_root(path), embedded)
    return embedded


def plausible_title(title: str) -> bool:
    words = title.split()
    if len(words) < 3 or _TYPESETTER_ID.search(title) or PLACEHOLDER_TITLE.match(title):
        return False
    letters = sum(ch.isalpha() for ch in title)
    return letters >= 0.6 * len(title.replace(" ", ""))


# a template's placeholder: "[Insert title of document]", "Title of the document"
PLACEHOLDER_TITLE = re.compile(r"\[?insert\s|title\sof\s(?:the\s)?document\b", re.IGNORECASE)
# What a word processor's "Save as PDF" puts round a file name: "Microsoft Word - Essay.docx"
_APPLICATION_TITLE = re.compile(
    r"^(?:Microsoft\s(?:Word|PowerPoint)\s-\s)|\.(?:docx?|odt|rtf|pptx?)$", re.IGNORECASE
)


# LaTeX lengths a \title{\vspace{-1cm} … \vspace{0.75cm}} leaves in the info dictionary:
# "-1cm Externalities and the Taxation of Top Earners0.75cm"
_LATEX_LENGTHS = re.compile(
    r"^-?\d*\.?\d+(?:cm|mm|pt|em|ex)\s+|(?<=[^\W\d_])-?\d*\.?\d+(?:cm|mm|pt|em|ex)$"
)


def _from_info(info: dict[str, str], embedded: Embedded) -> None:
    title = _APPLICATION_TITLE.sub("", " ".join((info.get("Title") or "").split())).strip()
    title = _LATEX_LENGTHS.sub("", title)
    if plausible_title(title):
        embedded.values["title"] = title
    author = " ".join((info.get("Author") or "").split())
    if BODY.search(author) and len(author) <= 120:
        embedded.values["body"] = author  # "World Health Organization" wrote it, no person
    else:
        embedded.authors = _people(author)
    subject = " ".join((info.get("Subject") or "").split())
    if subject:
        embedded.values["subject"] = subject
    created = re.match(r"D:(\d{4})", info.get("CreationDate") or "")
    embedded.created_year = int(created.group(1)) if created else None


def _people(text: str) -> list[str]:
    text = re.sub(r"\{?et al\.?\}?", "", text).strip(" ,;")
    text = re.sub(r"<[\w\-]{1,12}>", "", text)  # elsarticle's markup: "Yanzhong Yao<cor1>"
    if not text or _CORPORATE.search(text):
        return []
    names = [
        n
        for n in split_names(text)
        if len(n.split()) >= 2 and ":" not in n and not names_no_one(n)  # "módulo: …"
    ]
    return [surname_first(n) for n in names]


@contextmanager
def _pypdf_quiet() -> Iterator[None]:
    """pypdf logs each repair of a damaged cross-reference table ("Ignoring wrong pointing
    object 8 0") to stderr; reading the XMP is best effort, so those lines are its business,
    not the student's."""
    log = logging.getLogger("pypdf")
    level = log.level
    log.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        log.setLevel(level)


def _xmp_root(path: Path) -> object | None:
    """The parsed XMP packet of the document catalog, or None."""
    with _pypdf_quiet():
        return _read_xmp(path)


def _read_xmp(path: Path) -> object | None:
    try:
        from pypdf import PdfReader
        from pypdf.errors import PyPdfError
    except ImportError:  # pragma: no cover - a core dependency
        return None
    from lxml import etree

    try:
        reader = PdfReader(str(path), strict=False)
        if reader.is_encrypted:
            return None
        metadata = reader.trailer["/Root"].get("/Metadata")
        if metadata is None:
            return None
        data = metadata.get_object().get_data()
        parser = etree.XMLParser(resolve_entities=False, no_network=True, recover=True)
        return etree.fromstring(data.strip(), parser)
    except (PyPdfError, OSError, ValueError, KeyError, TypeError, AttributeError, etree.Error):
        return None


def _from_xmp(root: object | None, embedded: Embedded) -> None:
    if root is None:
        return
    found = {
        "container": _first(root, [f"{p}:publicationName" for p in _PRISM]),
        "volume": _first(root, [f"{p}:volume" for p in _PRISM]),
        "issue": _first(root, [f"{p}:number" for p in _PRISM]),
        "first_page": _first(root, [f"{p}:startingPage" for p in _PRISM]),
        "last_page": _first(root, [f"{p}:endingPage" for p in _PRISM]),
        "doi": _first(root, [*(f"{p}:doi" for p in _PRISM), "pdfx:doi", "crossmark:DOI"]),
        "isbn": _first(root, [f"{p}:isbn" for p in _PRISM]),
        "title": _first(root, ["dc:title"]),
        "publisher": _first(root, ["dc:publisher"]),
        "date": _first(root, [f"{p}:coverDate" for p in _PRISM] + ["prism:publicationDate"]),
    }
    identifier = _first(root, ["dc:identifier"])
    if not found["doi"] and re.match(r"^(?:doi:|https?://(?:dx\.)?doi\.org/)?10\.", identifier):
        found["doi"] = identifier
    for key, value in found.items():
        if not value or (
            key == "title" and ("title" in embedded.values or not plausible_title(value))
        ):
            continue
        embedded.values[key] = value
        embedded.xmp.add(key)
    creators = _all(root, "dc:creator")
    if creators and not embedded.authors:
        people = [surname_first(c) for c in creators if len(c.split()) >= 2 and not names_no_one(c)]
        if people and not any(_CORPORATE.search(c) for c in creators):
            embedded.authors = people


def _first(root: object, names: list[str]) -> str:
    for name in names:
        values = _all(root, name)
        if values:
            return values[0]
    return ""


def _all(root: object, name: str) -> list[str]:
    """Text of every ``name`` element or attribute (rdf:Seq/Alt items included)."""
    prefix, local = name.split(":")
    namespace = _NS[prefix]
    texts: list[str] = []
    for element in root.iter(f"{{{namespace}}}{local}"):  # type: ignore[attr-defined]
        items = element.findall(f".//{{{_NS['rdf']}}}li")
        texts += [(i.text or "").strip() for i in items] if items else [(element.text or "")]
    for element in root.iter(f"{{{_NS['rdf']}}}Description"):  # type: ignore[attr-defined]
        value = element.get(f"{{{namespace}}}{local}")
        if value:
            texts.append(value)
    return [" ".join(t.split()) for t in texts if t and t.strip()]
