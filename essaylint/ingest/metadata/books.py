"""A book's front matter: the imprint page (its ISBN, the edition's year, the copyright
holder) and the title page before it, read where the first pages of a long document are
covers, a half title or a list of the institution's officers ("Rosario Castellanos,
intelectual mexicana" on page 5, "Primera edición: 2019 / D.R. © Universidad Autónoma
Metropolitana / ISBN: 978-607-28-1559-9" on page 6)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from essaylint.ingest.library_columns import valid_isbn
from essaylint.ingest.metadata.layout import PageLines
from essaylint.ingest.metadata.printed import YEAR, normalise, publisher_name

BOOK_PAGES = 40  # a document this long may open with a book's front matter
FRONT_MATTER = range(2, 9)  # the pages its imprint may stand on

# "Primera edición: 2019", "First published 2006", "1. Auflage 2019", "Première édition 2018"
_EDITION_YEAR = re.compile(
    rf"(?i:edici[óo]n|edi[çc][ãa]o|[ée]dition|edizione|Auflage|published|publicado)"
    rf"[^\n\d]{{0,30}}?(?P<year>{YEAR})\b"
)
_COPYRIGHT_YEAR = re.compile(rf"(?:©|\(c\)|Copyright)\s*(?P<year>{YEAR})\b")
# the holder a line of the imprint names: "D.R. © Universidad Autónoma Metropolitana",
# "© 2019 Green Tea Press"; one line only (the holder's address follows on the next)
_LINE_HOLDER = re.compile(
    rf"(?:©|\bCopyright)[ ]*(?:{YEAR},?[ ]+)?(?:by[ ])?(?P<holder>[A-ZÀ-Þ][\w'’&\-]*"
    r"(?:[ ](?:[A-ZÀ-Þ][\w'’&\-]*|&|and|of|de|del|für|for|y|e)){0,8})"
    rf"(?:,?[ ]*{YEAR})?[ ]*[.,]?[ ]*$",
    re.MULTILINE,
)
# an imprint's ISBN, its label in any case and with the publisher's name before the number:
# "ISBN: 978-607-477-008-7", "isbn uam: 978-607-28-1559-9"
_IMPRINT_ISBN = re.compile(
    r"\b(?i:isbn)(?:-1[03])?\b[^\d\n]{0,30}?(?P<isbn>(?:97[89][-\s]?)?(?:\d[-\s]?){9}[\dXx])"
)
_NOT_A_HOLDER = re.compile(r"\bauthors?\b|\bautor(?:es|a)?\b|\bAll\b", re.IGNORECASE)


@dataclass(frozen=True)
class Imprint:
    page: int
    isbn: str
    year: str
    publisher: str


def imprint(pages: list[PageLines]) -> Imprint | None:
    """The first of ``pages`` that prints an ISBN beside a copyright or an edition
    statement, and what it says."""
    for page in pages:
        text = normalise(page.text())
        isbn = _first_isbn(text)
        edition = _EDITION_YEAR.search(text)
        copyright_year = _COPYRIGHT_YEAR.search(text)
        if not isbn or not (edition or copyright_year or "©" in text):
            continue
        dated = edition or copyright_year
        year = dated.group("year") if dated else ""
        holders = [m.group("holder") for m in _LINE_HOLDER.finditer(text)]
        holders = [publisher_name(h) for h in holders if not _NOT_A_HOLDER.search(h)]
        return Imprint(page.number, isbn, year, next((h for h in holders if len(h) > 3), ""))
    return None


def _first_isbn(text: str) -> str:
    for match in _IMPRINT_ISBN.finditer(text):
        if valid_isbn(isbn := re.sub(r"[-\s]", "", match.group("isbn")).upper()):
            return isbn
    return ""
