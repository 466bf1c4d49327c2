"""Cover and title pages that print a record in their own way: the covers JSTOR and
OpenEdition put before a paper, with its record in labelled lines ("Source: Journal, Vol.
41, No. 3 (August 2021), pp. P1-P3  Published by: …"; "Éditeur Belin … Pagination : 23-44"),
and a thesis title page, whose author comes after "by"."""

from __future__ import annotations

import re

from essaylint.ingest.metadata.names import looks_like_name, split_names, surname_first
from essaylint.ingest.metadata.printed import THESIS, YEAR, Candidate, PrintedText
from essaylint.ingest.metadata.titleblock import TitleBlock

_JSTOR = re.compile(r"Stable URL:\s*(?P<url>https?://(?:www\.)?jstor\.org/stable/\S+)")
_LABELS = r"(?:Author\(s\)|Source|Review\sby|Reviewed\swork\(s\)|Published\sby|Stable\sURL)"
_FIELD = re.compile(rf"^(?P<label>{_LABELS}):\s*(?P<value>.*?)(?=^{_LABELS}:|\Z)", re.M | re.S)
_SOURCE = re.compile(
    rf"^(?P<container>.+?)\s?,\s(?:(?:[A-Z][a-z]*\.?,?\s)?(?:\d{{1,2}},\s)?{YEAR},\s)?"
    rf"Vol\.\s(?P<volume>[\w.\-]+)(?:,\sNo\.\s(?P<issue>[\w./\-]+))?"
    rf"(?:\s\((?P<date>[^()]*?(?P<year>{YEAR}))\))?(?:,\spp?\.\s(?P<page>[\w\-]+))?"
)
CONFIDENCE = 0.9  # labelled lines an archive writes from its catalogue


def jstor_cover(text: PrintedText) -> tuple[TitleBlock, list[Candidate]] | None:
    """The title, authors and record of a JSTOR cover page; None when page 1 is not one."""
    front = text.front_text()
    stable = _JSTOR.search(front)
    first_label = re.search(rf"^{_LABELS}:", front, re.M)
    if stable is None or first_label is None:
        return None
    fields = {m.group("label"): " ".join(m.group("value").split()) for m in _FIELD.finditer(front)}
    title = " ".join(front[: first_label.start()].split())
    authors = fields.get("Author(s)", "")
    names = [surname_first(n) for n in split_names(authors)]
    block = TitleBlock(title=title, authors=names, author_text=authors)
    where = f"p1 JSTOR cover '{fields.get('Source', '')[:80]}'"
    candidates = [Candidate("url", stable.group("url"), CONFIDENCE, where)]
    if publisher := fields.get("Published by", ""):
        candidates.append(Candidate("publisher", publisher.strip(" ."), CONFIDENCE, where))
    if source := _SOURCE.match(fields.get("Source", "")):
        candidates += [  # one citation line: its fields are taken together
            Candidate(name, value.strip(" ,"), CONFIDENCE, where, line=fields["Source"])
            for name, value in source.groupdict().items()
            if value and name != "date"
        ]
    return block, candidates


_BY = re.compile(
    r"^\s*(?:(?:presented\s|submitted\s)?(?:by|door)|vorgelegt(?:\s[^\n:]{0,25})?\svon|"
    r"eingereicht\svon|apresentad[oa]\spor|presentad[oa]\spor|presenta|sustentante|"
    r"laureand[oa]|candidat[oa]|tesista|verfasser(?:in)?):?\s*(?:\n\s*)?"
    r"(?P<name>[^\n]{3,60}?)\s*$",
    re.M | re.I,
)


_LETTER_SPACED = re.compile(r"\b(?:[A-Z] ){3,}[A-Z]\b")  # "P R E S E N T A"


def thesis_author(text: PrintedText) -> str:
    """The author of a thesis title page as printed ("A dissertation presented / by / Ryan
    Wisnesky"); "" when the document is no thesis or prints no such line."""
    early = "\n".join(text.text_of(n) for n in (1, 2) if text.page(n))
    if not THESIS.search(early):
        return ""
    front = _LETTER_SPACED.sub(lambda m: m.group(0).replace(" ", ""), text.front_text())
    for match in _BY.finditer(front):
        names = split_names(match.group("name"))
        if len(names) == 1 and looks_like_name(names[0]):
            return names[0]
    return ""


# A report's or brief's author label: "Authors:" over "Nicola Davey & Ali Cole",
# "Prepared by Suleman Yousaf", "Autores: …"
_AUTHOR_LABEL = re.compile(
    r"^\s*(?:(?:Authors?|Autor(?:es|in|en)?|Auteur(?:e?s)?|Autori?|Auteurs?)\s*:|"
    r"(?:Prepared|Written|Compiled)\sby:?|Elaborado\spor:?|Rédigé\spar:?|Verfasst\svon:?)"
    r"[ \t]*(?:\n\s*)?(?P<names>[^\n]{3,160}?)\s*$",
    re.M | re.I,
)


def labelled_authors(text: PrintedText) -> list[str]:
    """The names after an author label on page 1, when every one reads as a name."""
    for match in _AUTHOR_LABEL.finditer(text.front_text()):
        names = split_names(match.group("names"))
        if names and all(looks_like_name(n) for n in names):
            return names
    return []


_OPENEDITION = re.compile(r"openedition\.org|revues\.org|OpenEdition", re.IGNORECASE)
_JOURNAL_HEAD = re.compile(
    rf"\A\s*(?P<container>[^\n]{{3,120}})\n(?P<issue>[\w\-]{{1,8}})\s\|\s(?P<year>{YEAR})\b"
)
_LABELLED = {
    "publisher": re.compile(r"^(?:Éditeur|Publisher)\s*:?\s*\n?\s*(?P<value>[^\n:]{2,80})$", re.M),
    "page": re.compile(r"^Pagination\s*:\s*(?P<value>\d+\s?-\s?\d+)\s*$", re.M),
    "year": re.compile(rf"^Year of publication\s*:\s*(?P<value>{YEAR})\s*$", re.M),
    "url": re.compile(r"^URL\s*:\s*(?P<value>https?://\S+)", re.M),
}
_BOOK_REFERENCE = re.compile(
    r"\bIn:\s(?P<container>[^\[\]]{3,200}?)\s\[online\].*?Available on the Internet:\s*<"
    r"(?P<url>[^>]+)>",
    re.S,
)


def openedition_cover(text: PrintedText) -> list[Candidate]:
    """The record an OpenEdition cover prints: a journal's name over "33 | 2011", or a
    book's "Electronic reference … In: Book [online] … Available on the Internet: <URL>",
    and the publisher, pages, year and URL in labelled lines."""
    front = text.front_text()
    if not _OPENEDITION.search(front):
        return []
    where = "p1 OpenEdition cover"
    found: dict[str, str] = {}
    if head := _JOURNAL_HEAD.match(front):
        found |= {k: v for k, v in head.groupdict().items() if v}
    if book := _BOOK_REFERENCE.search(front):
        found["container"] = " ".join(book.group("container").split())
        found["url"] = re.sub(r"\s+", "", book.group("url"))
        found["type_cue"] = "chapter"
    for field, pattern in _LABELLED.items():
        if field not in found and (match := pattern.search(front)):
            found[field] = " ".join(match.group("value").split())
    return [
        Candidate(field, value, CONFIDENCE, where, line=where) for field, value in found.items()
    ]
