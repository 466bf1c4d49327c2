"""A book's front matter: the imprint page (its ISBN, the edition's year, the copyright
holder) and the title page before it, read where the first pages of a long document are
covers, a half title or a list of the institution's officers ("Rosario Castellanos,
intelectual mexicana" on page 5, "Primera edición: 2019 / D.R. © Universidad Autónoma
Metropolitana / ISBN: 978-607-28-1559-9" on page 6)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from essaylint.ingest.metadata.layout import PageLines
from essaylint.ingest.metadata.printed import YEAR, first_isbn, line_holder, normalise

BOOK_PAGES = 40  # a document this long may open with a book's front matter
FRONT_MATTER = range(2, 9)  # the pages its imprint may stand on

# "Primera edición: 2019", "First published 2006", "1. Auflage 2019", "Première édition 2018"
_EDITION_YEAR = re.compile(
    rf"(?i:edici[óo]n|edi[çc][ãa]o|[ée]dition|edizione|Auflage|published|publicado)"
    rf"[^\n\d]{{0,30}}?(?P<year>{YEAR})\b"
)
_COPYRIGHT_YEAR = re.compile(rf"(?:©|\(c\)|Copyright)\s*(?P<year>{YEAR})\b")


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
        isbn = first_isbn(text)
        edition = _EDITION_YEAR.search(text)
        copyright_year = _COPYRIGHT_YEAR.search(text)
        if not isbn or not (edition or copyright_year or "©" in text):
            continue
        dated = edition or copyright_year
        year = dated.group("year") if dated else ""
        # one line at a time: the holder's address follows on the next
        holders = [line_holder(line) for line in text.splitlines()]
        return Imprint(page.number, isbn, year, next((h for h in holders if len(h) > 3), ""))
    return None
