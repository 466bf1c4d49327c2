"""Cover and title pages that print a record in their own way: the covers JSTOR and
OpenEdition put before a paper, with its record in labelled lines ("Source: Journal, Vol.
41, No. 3 (August 2021), pp. P1-P3  Published by: …"; "Éditeur Belin … Pagination : 23-44"),
and a thesis title page, whose author comes after "by"."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

from essaylint.ingest.library_columns import fold
from essaylint.ingest.metadata.layout import Line
from essaylint.ingest.metadata.names import (
    CJK_SPACED,
    PARTICLES,
    clean_name,
    given_family,
    looks_like_name,
    split_names,
    surname_first,
)
from essaylint.ingest.metadata.printed import (
    MONTH,
    THESIS,
    YEAR,
    Candidate,
    PrintedText,
    first_cued_doi,
    match_candidates,
)
from essaylint.ingest.metadata.titleblock import ONE_WORD_SPACED, OPEN_END, TitleBlock

_JSTOR = re.compile(
    r"Stable URL:\s*(?P<url>https?://(?:www\.)?jstor\.(?:org|com)/stable/(?P<id>\S+))"
)
_JSTOR_DOI = re.compile(r"10\.\d{4,9}/\S+")  # a stable URL whose path is the article's DOI
_LABELS = (
    r"(?:Author\(s\)|Source|Review\sby|Reviewed\swork\(s\)|Published\sby|Stable\sURL|"
    r"(?:Report|Book|Chapter)\s(?:Part\s)?(?:Title|Subtitle|Author\(s\)))"
)
# a part of a report or a book: "Report Part Title: …" / "Report Title: …" / "Report Author(s)"
_PART = ("Report Part Title", "Chapter Title")
_WHOLE = ("Report Title", "Book Title")
_PUBLISHED_YEAR = re.compile(rf"\s*\((?P<year>{YEAR})\)\s*$")  # "Published by: CSIS (2020)"
_FIELD = re.compile(rf"^(?P<label>{_LABELS}):\s*(?P<value>.*?)(?=^{_LABELS}:|\Z)", re.M | re.S)
_SOURCE = re.compile(
    rf"^(?P<container>.+?)\s?,\s(?:(?:[A-Z][A-Za-z]*\.?,?\s)?(?:\d{{1,2}},\s)?{YEAR},\s)?"
    rf"Vol\.\s(?P<volume>[\w.\-]+)(?:,\sNo\.\s(?P<issue>[\w./\-]+))?"
    rf"(?:\s\((?P<date>[^()]*?(?P<year>{YEAR}))\))?(?:,\spp?\.\s(?P<page>\w+(?:-\s?\w+)?))?"
)  # the page range may break over a line: "pp. 473-" / "522"
CONFIDENCE = 0.9  # labelled lines an archive writes from its catalogue
STABLE_URL_DOI = 0.6
ARTICLE_DOI = 0.8  # the cover's next page is the article's first


def _value(field: str, value: str) -> str:
    value = value.strip(" ,.") if field == "issue" else value.strip(" ,")
    return value.replace(" ", "") if field == "page" else value


def jstor_cover(text: PrintedText) -> tuple[TitleBlock, list[Candidate]] | None:
    """The title, authors and record of a JSTOR cover page; None when page 1 is not one."""
    front = text.front_text()
    stable = _JSTOR.search(front)
    first_label = re.search(rf"^{_LABELS}:", front, re.M)
    if stable is None or first_label is None:
        return None
    fields = {m.group("label"): " ".join(m.group("value").split()) for m in _FIELD.finditer(front)}
    part = next((fields[label] for label in _PART if fields.get(label)), "")
    title = part or " ".join(front[: first_label.start()].split())
    authors = next((fields[k] for k in _AUTHOR_LABELS if fields.get(k)), "")
    names = [surname_first(n) for n in split_names(authors)]
    block = TitleBlock(title=title, authors=names, author_text=authors)
    where = f"p1 JSTOR cover '{(fields.get('Source') or title)[:80]}'"
    candidates = [Candidate("url", stable.group("url"), CONFIDENCE, where)]
    doi = first_cued_doi(text.text_of(2)) if text.page(2) else None
    if doi:
        candidates.append(
            Candidate("doi", doi, ARTICLE_DOI, f"p2, the article's first page '{doi}'")
        )
    if _JSTOR_DOI.fullmatch(stable.group("id")):  # below a DOI the article prints
        candidates.append(Candidate("doi", stable.group("id"), STABLE_URL_DOI, where))
    if publisher := fields.get("Published by", ""):
        if year := _PUBLISHED_YEAR.search(publisher):
            candidates.append(Candidate("year", year.group("year"), CONFIDENCE, where))
            publisher = publisher[: year.start()]
        candidates.append(Candidate("publisher", publisher.strip(" ."), CONFIDENCE, where))
    if part:
        candidates += _whole_of_part(fields, where)
    if source := _SOURCE.match(fields.get("Source", "")):
        candidates += [  # one citation line: its fields are taken together
            Candidate(name, _value(name, value), CONFIDENCE, where, line=fields["Source"])
            for name, value in source.groupdict().items()
            if value and name != "date"
        ]
    return block, candidates


# JSTOR's older cover (before 2010) labels nothing but its URL: the title, the authors and
# "Econometrica, Vol. 22, No. 1. (Jan., 1954), pp. 23-36." over "Stable URL:" and the SICI
# address, then "Econometrica is currently published by The Econometric Society."
_JSTOR_SICI = re.compile(
    r"^Stable URL:\s*\n?\s*(?P<url>https?://links\.jstor\.org/sici\?sici=\S+)", re.M
)
_CURRENTLY_PUBLISHED = re.compile(r"\bis\scurrently\spublished\sby\s(?P<publisher>[^.\n]{3,80})\.")


def jstor_sici_cover(text: PrintedText) -> tuple[TitleBlock, list[Candidate]] | None:
    """The title, authors and record of JSTOR's older cover; None when page 1 is not one."""
    front = text.front_text()
    stable = _JSTOR_SICI.search(front)
    if stable is None:
        return None
    lines = [line.strip() for line in front[: stable.start()].splitlines() if line.strip()]
    source = _SOURCE.match(lines[-1]) if len(lines) >= 3 else None
    if source is None:
        return None
    names = [surname_first(n) for n in split_names(lines[-2])]
    block = TitleBlock(title=" ".join(lines[:-2]), authors=names, author_text=lines[-2])
    where = f"p1 JSTOR cover '{lines[-1][:80]}'"
    candidates = [Candidate("url", stable.group("url"), CONFIDENCE, where)]
    candidates += [
        Candidate(name, _value(name, value), CONFIDENCE, where, line=lines[-1])
        for name, value in source.groupdict().items()
        if value and name != "date"
    ]
    if published := _CURRENTLY_PUBLISHED.search(front):
        publisher = published.group("publisher").strip()
        candidates.append(Candidate("publisher", publisher, CONFIDENCE, where))
    return block, candidates


# Oxford Academic's chapter download: the book's block ("The Oxford Handbook of Aesthetics" /
# "Jerrold Levinson (ed.)" / its DOI / "Published: 2005  Online ISBN: …  Print ISBN: …"),
# "CHAPTER", the chapter's DOI and "Pages 693–705", then its number and title ("41
# Aesthetics and Evolutionary Psychology") over its authors, "Downloaded from …" in the foot
_OUP_BOOK = re.compile(
    r"\A\s*(?P<container>[^\n]{5,200})\n(?:[^\n]{3,120}\((?i:eds?)\.?\)\n)?"
    r"https://doi\.org/10\.1093/\S+\.001\.0001\n"
    rf"Published:\s(?:\d{{1,2}}\s\w+\s)?(?P<year>{YEAR})\b(?P<rest>[^\n]*)"
)
_OUP_CHAPTER = re.compile(
    r"^CHAPTER\s*\n(?:[^\n]*\n){0,2}?https://doi\.org/(?P<doi>10\.1093/\S+\.003\.\d{4})"
    r"\s+Pages\s(?P<page>\d{1,5}[–-]\d{1,5})",
    re.M,
)
_OUP_TITLE = re.compile(r"^\d{1,3}\s(?P<title>[^\n]{3,250}?)\s*\n(?P<names>[^\n]{3,200})$", re.M)
_OUP_DOWNLOADED = re.compile(r"Downloaded\sfrom\s(?P<url>https://academic\.oup\.com/\S+)")


def oxford_academic_chapter(text: PrintedText) -> tuple[TitleBlock, list[Candidate]] | None:
    """The title, authors and record of a chapter downloaded from Oxford Academic; None when
    page 1 is not one."""
    front = text.front_text()
    book, chapter = _OUP_BOOK.match(front), _OUP_CHAPTER.search(front)
    titled = _OUP_TITLE.search(front, chapter.end()) if chapter else None
    if book is None or chapter is None or titled is None:
        return None
    title = re.sub(r"[\ue000-\uf8ff]", "", titled.group("title")).strip()  # an icon's glyph
    names = split_names(titled.group("names"))
    block = TitleBlock(title=title, authors=[surname_first(n) for n in names])
    where = f"p1 Oxford Academic chapter '{chapter.group('doi')}'"
    fields = {
        "container": book.group("container").strip(),
        "year": book.group("year"),
        "doi": chapter.group("doi"),
        "page": chapter.group("page").replace("–", "-"),
        "type_cue": "chapter",
    }
    if isbn := re.search(r"Print\sISBN:\s?(\d{13}|\d{9}[\dX])", book.group("rest")):
        fields["isbn"] = isbn.group(1)
    if url := _OUP_DOWNLOADED.search(front):
        fields["url"] = url.group("url")
    return block, [Candidate(name, value, CONFIDENCE, where) for name, value in fields.items()]


_AUTHOR_LABELS = ("Author(s)", "Chapter Author(s)", "Report Author(s)", "Book Author(s)")


def _whole_of_part(fields: dict[str, str], where: str) -> list[Candidate]:
    """The report or book a JSTOR cover's part belongs to, its title and subtitle joined."""
    for label in _WHOLE:
        if whole := fields.get(label):
            subtitle = fields.get(label.replace("Title", "Subtitle"), "")
            container = f"{whole}: {subtitle}" if subtitle else whole
            return [
                Candidate("container", container, CONFIDENCE, where),
                Candidate("type_cue", "chapter", CONFIDENCE, where),
            ]
    return []


# The cover Emerald Insight puts before an article it delivers: the journal, the title, the
# authors, then "Article information:" and "To cite this document: Kwangmin Park, (2014),
# "Hospitality finance …", International Journal of …, Vol. 26 Iss 5 pp. 751 - 777".
_EMERALD_INFO = re.compile(r"^Article information:\s*$", re.M)
_EMERALD_CITATION = re.compile(
    rf"To cite this document:\s?.{{0,300}}?\((?P<year>{YEAR})\)\s?,\s?[\"“][^\"”]{{3,400}}[\"”]"
    rf"\s?,\s?(?P<container>[^\"“”]{{3,150}}?)\s?,\sVol\.\s?(?P<volume>[\w.\-]+)"
    rf"(?:\s(?:Iss|No)\.?\s?(?P<issue>[\w./\-]+))?(?:\s?pp\.\s?(?P<page>\d+\s?-\s?\d+))?"
)
LONGEST_NAME = 4  # words: an author line whose names no separator splits is not read


def emerald_cover(text: PrintedText) -> tuple[TitleBlock, list[Candidate]] | None:
    """The title, authors and record of an Emerald Insight cover; None when page 1 is not
    one."""
    front = text.front_text()
    info = _EMERALD_INFO.search(front)
    citation = _EMERALD_CITATION.search(text.front_flat)
    if info is None or citation is None or "emerald" not in text.front_flat.casefold():
        return None
    lines = [" ".join(line.split()) for line in front[: info.start()].split("\n") if line.strip()]
    if len(lines) < 3:
        return None
    names = split_names(lines[-1])
    if any(len(name.split()) > LONGEST_NAME for name in names):
        names = []  # "Kwangmin Park SooCheong (Shawn) Jang": where one name ends is not printed
    authors = [surname_first(n) for n in names if looks_like_name(n)]
    block = TitleBlock(title=" ".join(lines[1:-1]), authors=authors, author_text=lines[-1])
    return block, list(match_candidates(citation, "p1 Emerald cover", CONFIDENCE))


# The cover of the journals Centre Mersenne publishes (the Comptes Rendus, the Annales de
# l'Institut Fourier): the journal's name set very large, its section under it, the authors,
# then the title in small type; its foot says "… sont membres du Centre Mersenne".
_MERSENNE = re.compile(r"sont\s+membres\s+du\s+Centre\s+Mersenne")
JOURNAL_CONTRAST = 1.5  # the journal's name is set this much larger than the authors at least


def mersenne_cover(text: PrintedText) -> tuple[TitleBlock, list[Candidate]] | None:
    """The title, authors and journal of a Centre Mersenne cover; None when page 1 is not
    one."""
    first = text.first
    if first is None or not _MERSENNE.search(text.front_flat):
        return None
    lines = sorted((line for line in first.lines if line.text.strip()), key=lambda ln: ln.top)
    top = lines[0].size if lines else 0.0
    small = [i for i, ln in enumerate(lines) if JOURNAL_CONTRAST * ln.size <= top]
    title_at = next((i for i in small if not _all_names(lines[i].text)), None)
    if not title_at or title_at - 1 not in small or not _all_names(lines[title_at - 1].text):
        return None  # the title in small type under the authors' line
    byline = lines[title_at - 1]
    large = [ln for ln in lines[: title_at - 1] if ln.size >= JOURNAL_CONTRAST * byline.size]
    if not large:
        return None
    largest = max(ln.size for ln in large)
    name = " ".join(ln.text.strip() for ln in large if ln.size >= 0.9 * largest)
    section = " ".join(ln.text.strip() for ln in large if ln.size < 0.9 * largest)
    journal = f"{name} — {section}" if section else name
    block = TitleBlock(
        title=_block_text(lines[title_at:]),
        authors=[surname_first(n) for n in split_names(byline.text)],
        author_text=byline.text.strip(),
    )
    where = f"p1 Centre Mersenne cover '{journal}'"
    return block, [Candidate("container", journal, CONFIDENCE, where)]


def _all_names(text: str) -> bool:
    names = split_names(text)
    return bool(names) and all(looks_like_name(n) for n in names)


# The cover Cairn.info puts before an article it delivers: the title, the authors, "Dans
# Terrains & travaux 2020/1 (N° 36-37), pages 9 à 28", the publisher, the article's address
# and its DOI.
_CAIRN_IN = re.compile(
    rf"^Dans\s(?P<container>[^\n]{{3,150}}?)\s(?P<year>{YEAR})/\d{{1,2}}\s?"
    rf"\((?:[Nn]°\s?(?P<issue>[\w\-]{{1,9}})|Vol\.\s?(?P<volume>\d{{1,4}}))\),\s"
    rf"pages\s(?P<first>\d{{1,5}})\sà\s(?P<last>\d{{1,5}})\s*$",
    re.M,
)
_CAIRN_URL = re.compile(r"(?P<url>https?://(?:www\.)?cairn\.info/\S+\.htm)")
_CAIRN_DOI = re.compile(r"^DOI\s?(?P<doi>10\.3917/\S+)\s*$", re.M)  # the layer may lose the space


def cairn_cover(text: PrintedText) -> tuple[TitleBlock, list[Candidate]] | None:
    """The title, authors and record of a Cairn.info cover; None when page 1 is not one."""
    front = text.front_text()
    record = _CAIRN_IN.search(front)
    if record is None or "cairn.info" not in front.casefold():
        return None
    above, below = _lines_around(front, record)
    if len(above) < 2:
        return None
    names = [n for n in split_names(above[-1]) if looks_like_name(n)]
    block = TitleBlock(
        title=" ".join(above[:-1]),
        authors=[surname_first(n) for n in names],
        author_text=above[-1],
    )
    where = f"p1 Cairn.info cover '{record.group(0).strip()[:80]}'"
    fields = {name: value for name, value in record.groupdict().items() if value}
    if after := fields.pop("pages_after", ""):
        fields["page"] = after
    fields["page"] = f"{fields.pop('first')}-{fields.pop('last')}"
    if below and not below[0].startswith("©"):
        fields["publisher"] = re.sub(r"^(Éditions|Editions)(?=\S)", r"\1 ", below[0])
    if url := _CAIRN_URL.search(front):
        fields["url"] = url.group("url")
    if doi := _CAIRN_DOI.search(front):
        fields["doi"] = doi.group("doi")
    return block, _record_candidates(fields, where, record.group(0).strip())


# The cover Redalyc puts before an article it delivers: the journal and its publisher, the
# title, the authors ("Arias, Víctor; Salazar, Juan; …"), the title again over "Revista
# Latinoamericana de Hipertensión, vol. 14, núm. 5, 2019", the publisher and country, and
# "Disponible en: https://www.redalyc.org/articulo.oa?id=…".
# Its volume may be in Roman numerals ("vol. XVIII, núm. 73, julio-sept, 1996"), its pages
# after the year ("Ingeniería, vol. 23, núm. 1, 2019, -, pp. 21-35").
_REDALYC_PAGES = r"pp\.\s(?P<{name}>\d{{1,5}}\s?-\s?\d{{1,5}})"
_REDALYC_RECORD = re.compile(
    rf"^(?P<container>[^\n,]{{3,150}}),\s(?:vol\.\s(?P<volume>\d{{1,4}}|[IVXLC]{{1,7}}),\s)?"
    rf"núm\.\s(?P<issue>[\w\-]{{1,9}}),\s(?:{_REDALYC_PAGES.format(name='page')},\s)?"
    rf"(?:[^\W\d_]+(?:-[^\W\d_]+)?\.?,?\s)?(?P<year>{YEAR})"
    rf"(?:,\s(?:-,\s)?{_REDALYC_PAGES.format(name='pages_after')})?(?:,\s-)?\s*$",
    re.M,
)
_REDALYC_URL = re.compile(r"Disponible\sen:\s*(?P<url>https?://(?:www\.)?redalyc\.org/\S+)")


def redalyc_cover(text: PrintedText) -> tuple[TitleBlock, list[Candidate]] | None:
    """The title, authors and record of a Redalyc cover; None when page 1 is not one."""
    front = text.front_text()
    record = _REDALYC_RECORD.search(front)
    url = _REDALYC_URL.search(front)
    if record is None or url is None:
        return None
    above, below = _lines_around(front, record)
    if len(above) < 2:
        return None
    title, names = above[-1], []
    for line in reversed(above[:-1]):  # the authors' lines, bottom up, over the title again
        if ";" not in line and not line.endswith(","):
            break
        names.insert(0, line)
    if not names and _surname_first_list(above[-2]):
        names = [above[-2]]  # one author: "Suárez y López-Guazo, Laura"
    authors = _surname_first_list(" ".join(names))
    block = TitleBlock(title=title, authors=authors, author_text="; ".join(authors))
    where = f"p1 Redalyc cover '{record.group(0).strip()[:80]}'"
    fields = {name: value for name, value in record.groupdict().items() if value}
    if after := fields.pop("pages_after", ""):
        fields["page"] = after
    fields["url"] = url.group("url")
    if below and not below[0].startswith("Disponible"):
        fields["publisher"] = below[0].rsplit(",", 1)[0]  # "Sociedad …, Venezuela"
    return block, _record_candidates(fields, where, record.group(0).strip())


# The cover of the GIGA Journal Family (Journal of Politics in Latin America, Africa Spectrum,
# Journal of Current Chinese Affairs, …): "Argote, Pablo, and Patricio Navia (2018)," over
# the title, which ends ", in: Journal of Politics in Latin America, 10, 1, 3–28.", then the
# article's URN and "Published by" over the publisher
_GIGA_RECORD = re.compile(
    rf"^(?P<names>[^\n]{{3,200}}?)\s\((?P<year>{YEAR})\),\s*\n(?P<title>[^\n]+(?:\n[^\n]+){{0,3}}?),"
    rf"\sin:\s(?P<container>[^,\n]{{3,120}}),\s(?P<volume>\d{{1,4}}),\s(?P<issue>\d{{1,3}}),\s"
    r"(?P<first>\d{1,5})\s?-\s?(?P<last>\d{1,5})\.",
    re.M,
)
_GIGA_URN = re.compile(r"^URN:\s?(?P<url>https?://nbn-resolving\.org/\S+)", re.M)
_PUBLISHED_BY = re.compile(r"^Published\sby\s*\n(?P<publisher>[^,\n]{3,120})", re.M)


def giga_cover(text: PrintedText) -> tuple[TitleBlock, list[Candidate]] | None:
    """The title, authors and record of a GIGA journal's cover; None when page 1 is not one."""
    front = text.front_text()
    record = _GIGA_RECORD.search(front)
    if record is None or "GIGA" not in front:
        return None
    first, *others = re.split(r",?\s(?:and|&)\s", record["names"])
    authors = [first] + [surname_first(n) for n in others if looks_like_name(n)]
    title = " ".join(record["title"].split())
    block = TitleBlock(title=title, authors=authors, author_text=record["names"])
    fields = {k: record[k] for k in ("year", "container", "volume", "issue")}
    fields["page"] = f"{record['first']}-{record['last']}"
    if urn := _GIGA_URN.search(front):
        fields["url"] = urn["url"]
    if publisher := _PUBLISHED_BY.search(front):
        fields["publisher"] = publisher["publisher"].strip()
    line = " ".join(record.group(0).split())
    return block, _record_candidates(fields, f"p1 GIGA cover '{line[-80:]}'", line)


def _lines_around(front: str, match: re.Match[str]) -> tuple[list[str], list[str]]:
    """The non-blank lines of page 1 above and below a cover's record line."""
    above = [" ".join(line.split()) for line in front[: match.start()].split("\n")]
    below = [" ".join(line.split()) for line in front[match.end() :].split("\n")]
    return [line for line in above if line], [line for line in below if line]


def _record_candidates(fields: dict[str, str], where: str, line: str) -> list[Candidate]:
    return [Candidate(name, value, CONFIDENCE, where, line=line) for name, value in fields.items()]


# A repository's cover of labelled fields, each label alone on its line and its value under it
# (eScholarship: "Title" / "Permalink" / "Journal" / "Authors" / "Publication Date")
_COVER_LABEL = re.compile(
    r"^(?P<label>Title|Permalink|Journal|Series|ISSN|Authors?|Publication\sDate|Issue\sDate|DOI|"
    r"Copyright\sInformation|Peer\sreviewed|Publisher)$"
)
_COVER_JOURNAL = re.compile(r"^(?P<container>.+?),\s(?P<volume>\d{1,4})\((?P<issue>\d{1,4})\)$")


def labelled_cover(text: PrintedText) -> tuple[TitleBlock, list[Candidate]] | None:
    """The title, authors ("Family, Given" a line) and record of a cover of labelled fields;
    None when page 1 holds no "Title" label and two others."""
    first = text.first
    lines = [line.text for line in sorted(first.lines, key=lambda ln: ln.top)] if first else []
    fields = _labelled_fields(lines)
    if "Title" not in fields or len(fields) < 3:
        return None
    title = re.sub(r"(?<=\w-)\s(?=\w)", "", " ".join(fields["Title"]))  # "two-" / "player"
    names = [n for n in fields.get("Authors", fields.get("Author", [])) if n != "et al."]
    authors = [n for n in names if len(n.split(", ")) == 2 and looks_like_name(n.replace(",", ""))]
    block = TitleBlock(title=title, authors=authors, author_text="; ".join(authors))
    record: dict[str, str] = {}
    journal = " ".join(fields.get("Journal", []))
    if cited := _COVER_JOURNAL.match(journal):
        record |= {k: v for k, v in cited.groupdict().items() if v and v != "0"}
    if link := fields.get("Permalink"):
        record["url"] = link[0]
    if dated := re.search(YEAR, " ".join(fields.get("Publication Date", []))):
        record["year"] = dated.group(0)
    where = f"p1 cover of labelled fields '{title[:60]}'"
    return block, _record_candidates(record, where, journal)


def _labelled_fields(lines: list[str]) -> dict[str, list[str]]:
    fields: dict[str, list[str]] = {}
    label = ""
    for line in (" ".join(ln.split()) for ln in lines):
        if match := _COVER_LABEL.match(line):
            label = match.group("label")
            fields.setdefault(label, [])
        elif label and line:
            fields[label].append(line)
    return fields


# The head of a United Nations document: "United Nations  A/56/385" over the organ ("General
# Assembly", "United Nations Conference on Trade and Development"), "Distr.: General", the
# date, the session and agenda item, then the title in display type and "Report of the
# Secretary-General".
_UN_HEAD = re.compile(
    r"^\s*United\sNations\s+(?P<symbol>[A-Z]{1,8}(?:\([\w\-]{1,8}\))?(?:/[\w.()\-]+){1,6})\s*$"
)
_DISTRIBUTION = re.compile(r"\s*\bDistr\.\s?:\s?(?:General|Limited|Restricted)\b.*")
_AGENDA = re.compile(r"\bagenda\b", re.I)
_UN_DATE = re.compile(rf"^\s*\d{{1,2}}\s[A-Z][a-z]+\s(?P<year>{YEAR})\s*$")


def un_document(text: PrintedText) -> tuple[TitleBlock, list[Candidate]] | None:
    """The title, symbol, issuing body and year of a United Nations document; None when page 1
    is not one."""
    first = text.first
    if first is None or not _DISTRIBUTION.search(text.front_text()):
        return None
    lines = sorted(first.lines, key=lambda line: line.top)
    heads = ((i, m) for i, line in enumerate(lines[:4]) if (m := _UN_HEAD.match(line.text)))
    head, match = next(heads, (0, None))
    if match is None:
        return None
    symbol = match.group("symbol")
    where = f"p1 United Nations document '{' '.join(lines[head].text.split())}'"
    fields = {"number": symbol, "publisher": _un_organ(lines, head), "type_cue": "report"}
    dates = (_UN_DATE.match(line.text) for line in lines[head : head + 8])
    if date := next((d for d in dates if d), None):
        fields["year"] = date.group("year")
    block = TitleBlock(title=_un_title(lines, head))
    return block, _record_candidates(fields, where, "")


def _un_organ(lines: list[Line], head: int) -> str:
    """The body the document comes from: "United Nations Conference on Trade and
    Development" where the organ's name says so, else the United Nations."""
    organ = [ln for ln in lines[head + 1 : head + 6] if abs(ln.left - lines[head].left) < 2]
    largest = max((ln.size for ln in organ), default=0.0)
    name = " ".join(_DISTRIBUTION.sub("", ln.text).strip() for ln in organ if ln.size == largest)
    name = " ".join(name.split())
    return name if name.startswith("United Nations ") else "United Nations"


def _un_title(lines: list[Line], head: int) -> str:
    """The lines in display type after the agenda item and its subject, or, with no agenda
    item, the largest lines under the head ("Nationally determined contributions under the
    Paris Agreement" under the session and its dates)."""
    agenda = next((i for i, line in enumerate(lines) if _AGENDA.search(line.text)), None)
    if agenda is None:  # no agenda item: the largest lines under the head and its symbol
        below = lines[head + 1 :]
        largest = max((line.size for line in below), default=0.0)
        start = next((head + 1 + i for i, ln in enumerate(below) if ln.size == largest), None)
    else:
        size = lines[agenda].size
        start = next((i for i in range(agenda + 1, len(lines)) if lines[i].size > size + 1), None)
    return _block_text(lines[start:]) if start is not None else ""


def _block_text(lines: list[Line]) -> str:
    """The first line and those under it set in its size with less than a line between."""
    block = lines[:1]
    for line in lines[1:]:
        if abs(line.size - block[0].size) > _SAME_SIZE or line.top - block[-1].bottom > line.size:
            break
        block.append(line)
    return " ".join(" ".join(line.text.split()) for line in block)


# The head ProQuest prints over an article from its databases: the title (up to three lines),
# "Mellewigt, Thomas;Hoetker, Glenn", "Management Revue; 2006; 17,1; ABI/INFORM Complete",
# "pg. 5". Read line by line: one pattern over all of it backtracks without end on a byline of
# "Name, PhD; Name, PhD; …" (JAMA).
_PROQUEST_RECORD = re.compile(
    rf"^(?P<container>[^;]{{3,120}});\s(?:[A-Z][a-z]{{2,8}}\.?\s\d{{1,2}},\s)?(?P<year>{YEAR});\s"
    rf"(?P<volume>\d{{1,4}})(?:,\s?(?P<issue>[\w\-]{{1,7}}))?;\s"
)
_PROQUEST_PAGE = re.compile(r"^pg\.\s?\S+$")


def proquest_cover(text: PrintedText) -> tuple[TitleBlock, list[Candidate]] | None:
    """The title, authors and record in ProQuest's head over an article it prints; None
    when page 1 does not open with one."""
    lines = [" ".join(line.split()) for line in text.front_text().split("\n")[:7]]
    for names_at in range(1, min(4, len(lines) - 2)):
        record = _PROQUEST_RECORD.match(lines[names_at + 1])
        authors = _surname_first_list(lines[names_at])
        if record and authors and _PROQUEST_PAGE.match(lines[names_at + 2]):
            title = " ".join(lines[:names_at])
            block = TitleBlock(title=title, authors=authors, author_text="; ".join(authors))
            return block, list(match_candidates(record, "p1 ProQuest head", CONFIDENCE))
    return None


def _surname_first_list(line: str) -> list[str]:
    """ "Mellewigt, Thomas;Hoetker, Glenn" as names, or [] when any part is not one; a
    Spanish family name may join its two parts with "y" ("Suárez y López-Guazo, Laura")."""
    names = [" ".join(part.split()) for part in line.split(";")]
    parts = [name.split(", ") for name in names]
    if all(len(p) == 2 and looks_like_name(f"{p[1]} {_joined(p[0])}") for p in parts):
        return names
    return []


def _joined(family: str) -> str:
    return re.sub(r"(?<=\w)\sy\s(?=[A-ZÀ-Þ])", " ", family)


MOST_THESIS_AUTHORS = 5  # more names one a line under the first are a committee
_BY = re.compile(
    r"^\s*(?:(?:presented\s|submitted\s)?(?:by|door)|vorgelegt(?:\s[^\n:]{0,25})?\svon|"
    r"eingereicht\svon|apresentad[oa]\spor|presentad[oa]\spor|presenta|sustentante|"
    r"laureand[oa]|candidat[oa]|tesista|verfasser(?:in)?|autor(?:in|a)?|"
    # "Présentée et soutenue le 02/12/2013 par :" (Toulouse)
    r"(?:pr[ée]sent[ée]e?\s(?:et\ssoutenue?\s)?(?:le\s\d{1,2}/\d{1,2}/\d{4}\s)?)?par|"
    r"выполнила?|autore|realizzat[oa]\sda)\s?:?\s*(?:\n\s*)?"
    r"(?P<name>[^\n]{3,60}?)\s*$",
    re.M | re.I,
)
# a label among others on one line, its name in the same column of the next: "Relatore:
# Laureando:" over "Prof. Tullio Vardanega  Andrea Dorigo"
_AUTHOR_CELL = re.compile(
    r"^(?:laureand[oa]|candidat[oa]|studente|student(?:in)?|author|autor|"
    r"pr[ée]sent[ée]e?\s(?:et\ssoutenue?\s)?par|r[ée]alis[ée]e?\spar)\s*:?$",
    re.I,
)
_CHINESE_AUTHOR = re.compile(
    r"^\s*(?:作\s?者\s?姓\s?名|研\s?究\s?生|学\s?生\s?姓\s?名|姓\s*名)\s*[:：]?\s*"
    r"(?P<name>[\u4e00-\u9fff]{2,4})\s*$",
    re.M,
)
_CELLS = re.compile(r"\s{2,}")
# who a thesis names besides its author: the name under one of these is not the author
_NAME_JOINERS = PARTICLES | {"y", "e"}  # "Dias dos Santos", "Ortega y Gasset"
# the supervisors' labels ("Relatore:", "DIRECTORES DE TESIS:", "PROFESOR GUÍA:")
_ADVISERS = (
    r"(?:co-?)?supervisors?|advis[eo]rs?|promot(?:or|oren|ors|ores)|begeleiders?|veileder|"
    r"betreuer(?:in)?|gutachter(?:in)?|relat(?:or|ore|ori|rice)|directeur|director(?:[ae]s?|s)?|"
    r"orientador[ae]?s?|tutor(?:[ae]s?|s)?|profesor(?:/a)?\sgu[íi]a"
)
_NOT_AUTHOR = re.compile(
    rf"\b(?:{_ADVISERS}|jury|committee|prof|referent(?:in)?|examiners?|readers?|"
    r"επιβλέπ\w*|руководител\w*|指导教师|指導教員)\b",
    re.I,
)


_LETTER_SPACED = re.compile(r"\b(?:[A-Z] ){3,}[A-Z]\b")  # "P R E S E N T A"


def thesis_authors(text: PrintedText, title: str = "") -> list[str]:
    """The authors of a thesis title page as printed ("A dissertation presented / by / Ryan
    Wisnesky"); empty when the document is no thesis or prints no such line. ``title`` is
    the thesis's title (its lines are no author's)."""
    if not text.thesis_statement:
        return []
    front = _unspaced_front(text)
    if names := labelled_names(front):
        return names
    if chinese := _CHINESE_AUTHOR.search(front):  # "作 者 姓 名  李航"
        return [chinese.group("name")]
    if author := _column_author(front.splitlines()):
        return [author]
    return _unlabelled_authors(text, title)


def _unspaced_front(text: PrintedText) -> str:
    """The first pages' text, letter-spaced words joined ("P O R" is "POR")."""
    return _LETTER_SPACED.sub(lambda m: m.group(0).replace(" ", ""), text.front_text())


def labelled_names(front: str) -> list[str]:
    """The names under or after the first author label of a thesis title page that has one
    ("by", "presentada por", "PRESENTA:")."""
    for match in _BY.finditer(front):
        if name := _one_name(match.group("name")):
            return [name, *_names_under(name, front[match.end() :])]
    return []


def _names_under(first: str, rest: str) -> list[str]:
    """The names set one a line under the first author's, in its style: family names in
    capitals ("Cansu KÜNAR / Salih Enes METİN"), as a line of a subject ("Computer Science")
    is not."""
    names: list[str] = []
    for line in rest.splitlines()[1:]:
        name = _one_name(line) if line.strip() else ""
        if not (name and _family_in_capitals(first) and _family_in_capitals(name)):
            break
        names.append(name)
    return names[:MOST_THESIS_AUTHORS]


def _family_in_capitals(name: str) -> bool:
    family = name.split()[-1]
    return len(family) > 1 and family.isupper() and not name.isupper()


def _one_name(text: str) -> str:
    """The one name a line holds, or its last column's ("студент гр. 3431102  Г.М. Костин")."""
    for candidate in (text, _CELLS.split(text.strip())[-1]):
        if CJK_SPACED.match(candidate.strip()):
            return candidate.strip()  # "渡辺 隆弘": one Japanese name, family and given
        names = split_names(candidate)
        if len(names) == 1 and looks_like_name(names[0]):
            return names[0]
    return ""


def _column_author(lines: list[str]) -> str:
    """The name under the author's label where labels stand side by side, counted from the
    left for the first label and from the right for the others (a supervisor's "Prof." may
    take a column of its own)."""
    for line, below in pairwise(lines):
        labels = _CELLS.split(line.strip())
        if len(labels) < 2:
            continue
        cells = _CELLS.split(below.strip())
        for index, label in enumerate(labels):
            from_right = len(labels) - index
            if _AUTHOR_CELL.match(label) and from_right <= len(cells):
                return _one_name(cells[0] if index == 0 else cells[-from_right])
    return ""


def _unlabelled_authors(text: PrintedText, title: str) -> list[str]:
    """The name a thesis title page prints alone on its line, apart from the title above it
    ("Parallelization of … / Skyline Computation" then "Oleksii Kulikov"), and not under a
    supervisor's label; with the names set alike on the lines right under it (a thesis by
    two students: "Love Arreborn" / "Nadim Lakrouz")."""
    lines = sorted(text.pages[0].lines, key=lambda line: line.top) if text.pages else []
    for index, (above, line) in enumerate(pairwise(lines)):
        apart = abs(line.size - above.size) > 0.5 or line.top - above.bottom > 0.8 * line.size
        if (
            not apart
            or above.text.rstrip().endswith(":")
            or _NOT_AUTHOR.search(above.text)
            or _THESIS_FRAME.search(line.text)
            or line.text.strip() in title
        ):
            continue
        if name := _name_alone(line):
            return [name, *_names_set_under(line, lines[index + 2 :])]
    return []


_FAMILY_COMMA_GIVEN = re.compile(
    r"(?P<family>[A-Z][A-Z'\-]+(?:\s[A-Z][A-Z'\-]+)?),\s(?P<given>[A-Z][a-z]+(?:[\s\-][A-Z][a-z]+)?)"
)


def _name_alone(line: Line) -> str:
    """The one name a line holds, of two to four words (five in capitals: "MARIA EDUARDA
    …"), not a label's nor a supervisor's ("Angelo Perkusich (Orientador)")."""
    if inverted := _FAMILY_COMMA_GIVEN.fullmatch(line.text.strip()):  # "YANG, Tongou" (CUHK)
        family = " ".join(w.capitalize() for w in inverted.group("family").split())
        return f"{inverted.group('given')} {family}"
    words = [w for w in line.text.split() if w not in _NAME_JOINERS]
    if not 2 <= len(words) <= (5 if line.text.isupper() else 4):
        return ""
    if ":" in line.text or _NOT_AUTHOR.search(line.text):
        return ""
    return _one_name(line.text)


def _names_set_under(first: Line, below: list[Line]) -> list[str]:
    names = []
    for above, line in pairwise([first, *below]):
        close = line.top - above.bottom <= 0.8 * line.size
        if abs(line.size - first.size) > 0.5 or not close or not (name := _name_alone(line)):
            break
        names.append(name)
    return names


# A report's or brief's author label: "Authors:" over "Nicola Davey & Ali Cole",
# "Prepared by Suleman Yousaf", "Autores: …", "Av: Carl Tuléus, Sabrina Khsassi"
_AUTHOR_LABEL = re.compile(
    r"^\s*(?:(?:Authors?|Autor(?:es|in|en|zy|/a)?|Auteur(?:e?s)?|Autori?|Auteurs?|Av|Door|Von|"
    r"F[öo]rfattare|Forfattere?|Tekijä(?:t)?)\s*:|"  # Swedish "Av:", Danish "Forfatter:", …
    r"(?:Prepared|Written|Compiled)\sby:?|(?:Elaborado|Realizado)\spor\s?:?|(?:Rédigé|Réalisé)\spar\s?:?|"
    r"Pr[ée]sent[ée]e?\s(?:et\ssoutenue?\s)?par\s?:?|"
    r"Verfasst\svon:?|(?:研究生|作\s?者|著\s?者|저\s?자|성\s?명)\s?:)"
    r"[ \t]*(?:\n\s*)?(?P<names>[^\n]{3,160}?)\s*$",
    re.M | re.I,
)


_STUDENT_NUMBER = re.compile(r"\s+[A-Z]{0,3}\d{4,}\s*$")  # "Mohamed Tah   C12896"


# the supervisor named after the author on one line: "Réalisé par DIOP Fatima, sous la
# direction de M. Ousmane NDIAYE"
_SUPERVISED = re.compile(
    r",?\s*(?:sous\sla\sdirection|under\sthe\ssupervision|supervised\sby|bajo\sla\sdirecci[óo]n|"
    r"sob\s(?:a\s)?orienta[çc][ãa]o|unter\s(?:der\s)?betreuung)\b.*$",
    re.I,
)


def labelled_authors(text: PrintedText) -> list[str]:
    """The names after an author label on page 1, when every one reads as a name."""
    if listed := researchgate_authors(text):
        return listed
    front = text.front_text()
    for match in _AUTHOR_LABEL.finditer(front):
        named = _SUPERVISED.sub("", match.group("names"))
        names = split_names(_STUDENT_NUMBER.sub("", named))
        if names and all(looks_like_name(n) for n in names):
            alone = "\n" in front[match.start() : match.start("names")]  # "Authors:" on its line
            listed = alone and len(names) == 1  # and one name a line under it
            return names + _one_a_line(front[match.end() :]) if listed else names
    return []


def _one_a_line(text: str) -> list[str]:
    """The names listed one a line under the first ("Authors:" / "Philip Breuer1" /
    "Gérôme Meyer2"), up to the first line that is not one name."""
    names: list[str] = []
    for line in text.lstrip("\n").split("\n")[:8]:
        found = split_names(_STUDENT_NUMBER.sub("", line))
        if len(found) != 1 or not looks_like_name(found[0]) or ":" in line:
            break
        names.append(found[0])
    return names


_OPENEDITION = re.compile(r"openedition\.org|revues\.org|OpenEdition", re.IGNORECASE)
# the journal's name, perhaps its subtitle ("Œconomia" / "History, Methodology, Philosophy"),
# then "33 | 2011" or "8-2 | 2018" (volume 8, number 2)
_JOURNAL_HEAD = re.compile(
    rf"\A\s*(?P<container>[^\n]{{3,120}})\n(?:[^\n|\d]{{3,80}}\n)?"
    rf"(?P<issue>[\w\-]{{1,8}})\s\|\s(?P<year>{YEAR})\b"
)
_VOLUME_NUMBER = re.compile(r"(?P<volume>\d{1,3})-(?P<issue>\d{1,2})")
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
        if numbered := _VOLUME_NUMBER.fullmatch(found["issue"]):
            found |= numbered.groupdict()
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


# ProQuest Ebook Central's foot on every page it prints: "Ethical Issues in Journalism and the
# Media, edited by Andrew Belsey, and Ruth Chadwick, Routledge, 1992. ProQuest Ebook Central,
# http://ebookcentral.proquest.com/lib/cm/detail.action?docID=165150."
_EBOOK_CENTRAL = re.compile(r"^(?P<record>.+?)\.\sProQuest\sEbook\sCentral,")
_EBOOK_AUTHOR = re.compile(r"^[A-Z][^,.]{1,40},\s[^,.]{1,40}?\.\s")  # "Smith, John. Title, …"
_EBOOK_RECORD = re.compile(
    rf"^(?P<book>.{{1,300}}?)(?:,\sedited\sby\s.{{1,300}}?)?,\s(?P<publisher>[^,]+?"
    rf"(?:,\s(?:Incorporated|Limited|Ltd|LLC|Inc))?),\s(?P<year>{YEAR})$"
)


def ebook_central(text: PrintedText) -> list[Candidate]:
    """The record ProQuest Ebook Central prints at the foot of each page: a chapter's book (its
    container), the publisher and the year; the page it links to is the library's, not the
    item's."""
    first = text.first
    for line in first.lines if first else []:
        foot = _EBOOK_CENTRAL.match(line.text)
        record = _EBOOK_RECORD.match(_EBOOK_AUTHOR.sub("", foot.group("record"))) if foot else None
        if record is None:
            continue
        where = f"p1 ProQuest Ebook Central foot '{foot.group('record')[:80]}'"
        book = record.group("book").strip()
        found = {"publisher": record.group("publisher"), "year": record.group("year")}
        if not _prints_book_title(first.lines, line, book):
            found |= {"container": book, "type_cue": "chapter"}
        return [Candidate(field, value, CONFIDENCE, where) for field, value in found.items()]
    return []


def _prints_book_title(lines: list[Line], foot: Line, book: str) -> bool:
    """Whether page 1 is the book's own title page: it prints the book's title above the foot."""
    wanted = re.sub(r"\W+", " ", book.casefold()).strip()[:40]
    page = " ".join(line.text for line in lines if line is not foot)
    return wanted in re.sub(r"\W+", " ", page.casefold())


# What a thesis title page prints around its title: the institution and the degree
_THESIS_FRAME = re.compile(
    r"universit|universidad|universidade|department|département|faculty|faculté|fakult|"
    r"\bschool\b|institut|college|academy|\bthesis\b|dissertation|m[ée]moire|masterarbeit|"
    r"faculteit|hogeschool|\bcampus\b|"
    r"bachelorarbeit|\btesis?\b|proefschrift|masterproef|\bdegree\b|\bdoctor|docteur|"
    r"\bmaster|\bbachelor|\bth[èe]se\b|работа|бакалавр|магистр|диссертац|университет|министерство|"
    r"πανεπιστήμιο|τμήμα|εργαστήριο|διατριβ|dire[çc][ãa]o|\bcurso\b|\bcentro\b|bacharelado|"
    r"licenciatura|coordena|p[óo]s-gradua|faculdade|escola\b|departamento|disserta[çc][ãa]o|"
    r"facultad|\bcarrera\b|trabajo\s(?:de\s)?fin(?:al)?\sde\b|fachbereich|lehrstuhl|arbeitsgruppe|^AG\s|"
    r"univerzit|sveu\S?ili\S?t|egyetem|\bfacultat|uniwersytet|\bkar\s*$|tansz[ée]k|katedra|\bzavod\b|"
    r"pr[áa]c[ea]\s*$|\bdiplomsk|\bzavr[šs]ni\b|\blucrare\b|dolgozat|diplomamunka|"
    r"\bpara\s(?:obtener|optar)\b|\bingenier[oa]\b|\blicenciad[oa]\b|"  # the degree sought
    r"^\s*\S+(?:\s\S+){0,2}:\s*$|"  # a label: "PROFESOR/A GUÍA:"
    r"mestrado|doutorado|论文|大学|学院|学位|大\s?學|研\s?究\s?所|論\s?文|대학교|대학원|학위",
    re.I,
)
_TITLE_LABEL = re.compile(
    r"^\s*(?:Sujet\sde\sla\sthèse|Titre\sde\sla\sthèse|Title\sof\s(?:the\s)?thesis|Th[èe]me|THEME|"
    r"Thema\sder\sArbeit|Título\sde\sla\stesis|Titolo\sdella\stesi|Тема|(?:论\s?文\s?)?题\s*目)"
    r"\s*[:：]?\s*(?P<title>[^\n]*)$",
    re.M | re.I,
)
_TITLE_GAP = 1.6  # a thesis title page sets its title's lines apart (double spacing)
_SAME_SIZE = 0.3  # one title is set in one size, give or take the text layer's rounding


def thesis_title(text: PrintedText, authors: Sequence[str] = ()) -> str:
    """The title of a thesis title page: after a label ("Sujet de la thèse :", "论文题目"),
    or the largest lines that name neither the institution nor the degree nor one of
    ``authors`` (the PDF's, "Family, Given"); "" when the document is no thesis."""
    if not text.thesis_statement or not text.pages:
        return ""
    lines = sorted(text.pages[0].lines, key=lambda line: line.top)
    for index, line in enumerate(lines):
        if label := _TITLE_LABEL.match(line.text):
            title = label.group("title").strip()
            if not title or OPEN_END.search(title):  # "… à la détection de" / "droites"
                title = f"{title} {_lines_from(lines[index + 1 :])}"
            elif _goes_on_in_chinese(line, below := next(iter(lines[index + 1 :]), None)):
                title += below.text.strip()  # "题目：面向 FPGA 的软硬件结合异步" / "状态机…"
            return " ".join(title.split())
    frame = _frame_lines(lines)
    # the author's name, set larger than the title ("DAVI JOSUÉ MARCON")
    labelled = {fold(name) for name in labelled_names(_unspaced_front(text))}
    named = _names_of(authors) | _catalogued_names(text, lines) | labelled
    named |= {  # ABNT covers: the author in capitals over the title, in one type
        fold(line.text)
        for line, below in zip(lines, [*lines[1:], None], strict=True)
        if _name_in_capitals(line.text) and not (below and _joined_below(line, below))
    }
    framed = [
        i
        for i, line in enumerate(lines)
        if line.size and i not in frame and fold(line.text) not in named
    ]
    if not labelled:  # a name-like line is no author where a label names the author
        framed = _without_author_line(lines, framed)  # ("Database Music" over "by" / the name)
    if not framed:
        return ""
    largest = max(lines[i].size for i in framed)
    start = next(i for i in framed if lines[i].size >= largest - 0.1)
    if largest - min(lines[i].size for i in framed) <= _SAME_SIZE:
        start = _first_unframed(lines, framed) or start  # one size for all: no display type
    while start - 1 in framed and (
        _close(lines[start - 1], lines[start]) or _joined_below(lines[start - 1], lines[start])
    ):
        start -= 1  # the text layer set the title's first lines a little smaller
    return _lines_from(lines[start:])


# "Titel: Die israelische Militäroperation …", "URGENT ACTION TITLE: Honduras: …", a memo's
# "Subject: …": a form's or a report's labelled title, on any kind of document
_ANY_TITLE_LABEL = re.compile(
    r"^\s*(?:[A-Z]{2,}(?:\s[A-Z]{2,}){0,3}\s)?(?:TITLE|Title|Titel|Titre|Título|Titolo|Tytuł|Subject)"
    r"\s?:\s*(?P<title>\S.{8,})$"
)
_NEXT_LABEL = re.compile(r"^\s*[A-Z][\w ]{1,30}:(?:\s|$)")
# the label alone on its line, the title under it ("TESIS:" / "Análisis bibliométrico …")
_TITLE_LABEL_ALONE = re.compile(r"^\s*(?i:T[íi]tulo|Titel|Titre|Title|Tesis|Tese|Thesis)\s?:\s*$")


def labelled_title(text: PrintedText) -> str:
    """The title after a "Title:" label in the upper half of page 1, or under a "TESIS:"
    label alone on its line, with the lines under it set alike ("" when page 1 prints no
    such label)."""
    first = text.first
    if first is None:
        return ""
    lines = sorted(first.lines, key=lambda line: line.top)
    for index, line in enumerate(lines):
        if line.top > first.height * 0.5:
            break
        label = _ANY_TITLE_LABEL.match(line.text)
        alone = not label and _TITLE_LABEL_ALONE.match(line.text) and index + 1 < len(lines)
        if label or alone:
            taken = [label.group("title").strip()] if label else []
            last = line if label else lines[index + 1]
            for below in lines[index + 1 :]:
                if " ".join(below.text.split()) in taken or below.text.strip() in line.text:
                    continue  # a text layer that gives a line twice
                unlike = abs(below.size - last.size) > _SAME_SIZE
                after = unlike or below.top - last.bottom > last.size
                if after or _NEXT_LABEL.match(below.text) or THESIS.search(below.text):
                    break  # "Para optar el título profesional de:" ends a thesis's title
                taken.append(" ".join(below.text.split()))
                last = below
            return " ".join(taken)
    return ""


_DATE_LINE = re.compile(rf"\b{YEAR}\s*$")


def _first_unframed(lines: list[Line], framed: list[int]) -> int | None:
    """On a cover set in one size, the first line that names no institution, degree, date
    or label ("Universidad de Chile" / … / "Memoria para optar al título …" / "¿Quién
    justifica qué?")."""
    return next(
        (
            i
            for i in framed
            if not _DATE_LINE.search(lines[i].text) and not THESIS.search(lines[i].text)
        ),
        None,
    )


def _frame_lines(lines: list[Line]) -> set[int]:
    """The lines that name the institution or the degree, with the lines that go on with
    them ("CURSO DE MESTRADO EM DESENVOLVIMENTO CURRICULAR E" / "INOVAÇÃO EDUCATIVA")."""
    frame: set[int] = set()
    supervised = False  # under "DIRECTORES DE TESIS:", "Advisor": the supervisors' names
    for index, line in enumerate(lines):
        supervised = bool(_SUPERVISOR.search(line.text)) or (
            supervised and _close(lines[index - 1], line)
        )
        goes_on = supervised or (index - 1 in frame and _goes_on(lines[index - 1], line))
        framing = _THESIS_FRAME.search(line.text) or ONE_WORD_SPACED.fullmatch(line.text.strip())
        if goes_on or framing or _imprint_place(lines, index):
            frame.add(index)
    return frame


_SUPERVISOR = re.compile(rf"^\s*(?:{_ADVISERS})\b.{{0,20}}:?\s*$", re.I)  # a label's line
_PLACE_AND_YEAR = re.compile(rf"[^\W\d][^\d]{{1,40}},\s*{YEAR}")  # "México, CDMX, 2024"


def _imprint_place(lines: list[Line], index: int) -> bool:
    """The city over the year at the foot of a cover ("Belém" / "2022"), or the year alone
    (with its month: "mars 2013")."""
    below = lines[index + 1].text.strip() if index + 1 < len(lines) else ""
    line = lines[index].text.strip()
    place = len(line.split()) <= 3 and bool(re.fullmatch(YEAR, below))
    dated = re.fullmatch(rf"(?:{MONTH}\s(?:de\s)?)?{YEAR}", line)
    return place or bool(dated or _PLACE_AND_YEAR.fullmatch(line))


def _goes_on(above: Line, line: Line) -> bool:
    return bool(OPEN_END.search(above.text)) and _close(above, line)


def _close(above: Line, line: Line) -> bool:
    """Two lines of one block: set alike, with less than a line between them."""
    return abs(line.size - above.size) <= _SAME_SIZE and line.top - above.bottom < line.size


def _names_of(authors: Sequence[str]) -> set[str]:
    """Each "Family, Given" name folded in both orders."""
    return {fold(name) for name in authors} | {fold(given_family(name)) for name in authors}


def _catalogued_names(text: PrintedText, lines: list[Line]) -> set[str]:
    """Names on a title page that a later page prints family first, as a library's
    catalogue card does ("Moreira, Rodrigo André Ferreira"): the author, not the title."""
    later = fold(" ".join(text.text_of(n) for n in (2, 3, 4) if text.page(n)))
    return {
        fold(line.text)
        for line in lines
        if name_alone(line.text) and fold(surname_first(clean_name(line.text))) in later
    }


def _without_author_line(lines: list[Line], indexes: list[int]) -> list[int]:
    """The lines that may hold the title, less the author's name where it is set no larger
    than other lines ("Daniel Paulino Catumbela Chicoco" in the title's size); a name-like
    line larger than all else is the title ("Sperimentazione di Apache Kafka")."""
    names = [i for i in indexes if name_alone(lines[i].text)]
    others = [i for i in indexes if i not in names]
    if not names or not others:
        return indexes
    as_large = max(lines[i].size for i in others) >= max(lines[i].size for i in names) - _SAME_SIZE
    return others if as_large else indexes


def name_alone(text: str) -> bool:
    """A name on a line of its own (a title in capitals may look like a name: "PROMOVEM A
    APRENDIZAGEM SIGNIFICATIVA")."""
    if OPEN_END.search(text):
        return False  # "Validación Experimental de": a title's line that breaks off
    return not text.isupper() and looks_like_name(clean_name(text))


def _name_in_capitals(text: str) -> bool:
    """A name alone on its line in capitals, as a Brazilian (ABNT) cover sets its author's
    over the title in the same type ("PAULO FELIPE REIS BISTENE ALEXANDRINO")."""
    words = text.split()
    title_words = not _TITLE_WORDS.isdisjoint(words)  # "DEEP LEARNING FOR VISION"
    latin = re.fullmatch(r"[A-ZÀ-Þ'’.\-\s]+", text) is not None  # not a Cyrillic title's line
    return latin and 3 <= len(words) <= 5 and not title_words and looks_like_name(text)


_TITLE_WORDS = frozenset(
    {"OF", "FOR", "AND", "THE", "IN", "ON", "WITH", "TO", "A", "AN", "AT", "BY", "FROM", "E"}
    | {"EM", "COM", "PARA", "NA", "NO", "UMA", "UM", "SOBRE", "ENTRE", "POR", "O", "AS", "OS"}
    | {"Y", "EL", "LA", "LOS", "LAS", "EN", "CON", "DEL"}
)
# a title line that opens with one of these goes on from the line above, however far apart
# a thesis page sets them ("LIMITED BOND MARKET PARTICIPATION" / "AND THE EULER EQUATION …")
_JOINER_START = re.compile(r"^\s*(?:and|or|of|for|in|on|to|with|from|by|e|y|de|do|da)\s", re.I)


def _joined_below(above: Line, line: Line) -> bool:
    same = abs(line.size - above.size) <= _SAME_SIZE
    near = line.top - above.bottom <= 3 * line.size
    return same and near and bool(_JOINER_START.match(line.text))


def _goes_on_in_chinese(line: Line, below: Line | None) -> bool:
    """A Chinese title line whose next line, set alike and close under it, carries no label."""
    if below is None or not re.search(r"[\u4e00-\u9fff]$", line.text.strip()):
        return False
    unlabelled = not re.search(r"[:：]", below.text)
    return unlabelled and _close(line, below) and bool(re.match(r"\s*[\u4e00-\u9fff]", below.text))


def _lines_from(lines: list[Line]) -> str:
    """The first line and those under it set like it and close to it."""
    if not lines:
        return ""
    taken = [lines[0]]
    for line in lines[1:]:
        last = taken[-1]
        same = abs(line.size - last.size) <= _SAME_SIZE
        broken_off = OPEN_END.search(last.text) is not None  # "… DEL AREA DE LA" / "SALUD EN …"
        apart = line.top - last.bottom > _TITLE_GAP * line.size and not _joined_below(last, line)
        if not same or apart or (_THESIS_FRAME.search(line.text) and not broken_off):
            break
        taken.append(line)
    return " ".join(line.text.strip() for line in taken)


def framed_title(title: str) -> bool:
    """Whether a title block read the institution or the degree of a thesis title page."""
    return bool(_THESIS_FRAME.search(title))


# SAGE's side column on page 1: the journal, then the pages ("1–31", an article online before
# its issue) or the quarter and pages ("July-September 2019: 1–7"), then "© The Author(s)
# 2019", "Article reuse guidelines: sagepub.com/…". The full form ("2020, Vol. 64(1) 1–31")
# is a citation line the citation forms read.
_SAGE_HOLDER = re.compile(rf"The\sAuthor\(s\)\s(?P<year>{YEAR})\s*$")
_SAGE_LOCATOR = re.compile(
    rf"^(?:{MONTH}\s?[-–]\s?{MONTH}\s(?P<year>{YEAR})\s?:\s?)?(?P<page>\d{{1,4}}\s?[-–]\s?\d{{1,4}})$"
)
SAGE_HEAD = 0.8
LETTER_WIDTH = 612.0  # points, where a page's width was not read


def sage_side_head(text: PrintedText) -> list[Candidate]:
    """The journal and pages of a SAGE article's side column; empty where page 1 has none."""
    first = text.first
    if first is None or "sagepub.com" not in text.front_text():
        return []
    side = sorted(
        (line for line in first.lines if line.left > 0.4 * (first.width or LETTER_WIDTH)),
        key=lambda line: line.top,
    )
    for above, locator, holder in zip(side, side[1:], side[2:], strict=False):
        found = _SAGE_LOCATOR.match(locator.text.strip())
        if not found or not _SAGE_HOLDER.search(holder.text) or holder.top - above.top > 40:
            continue
        journal = " ".join(above.text.split())
        quote = f"{journal} / {locator.text.strip()}"
        where = f"p1 SAGE side column '{quote}'"
        page = re.sub(r"\s", "", found.group("page")).replace("–", "-")
        found_year = [("year", found.group("year"))] if found.group("year") else []
        return [
            Candidate(name, value, SAGE_HEAD, where, line=quote)
            for name, value in [("container", journal), ("page", page), *found_year]
        ]
    return []


# ResearchGate's cover: "See discussions, stats, and author profiles for this publication at:
# https://www.researchgate.net/publication/264011501", the title, then "Article in Carbon
# letters · July 2013" (the date is ResearchGate's, not always the issue's: not taken)
_RESEARCHGATE = re.compile(
    r"for\sthis\spublication\sat:\s*(?P<url>https?://www\.researchgate\.net/publication/\d+)"
)
_RESEARCHGATE_JOURNAL = re.compile(
    rf"^Article\s+in\s+(?P<container>[^·\n]{{3,150}}?)\s?·\s(?:{MONTH}\s)?{YEAR}\s*$", re.M
)


_RESEARCHGATE_ALL = re.compile(r"^\s*(?P<count>\d{1,2})\sauthors?:\s*$")  # not "…, including:"
_RESEARCHGATE_STATS = re.compile(r"^\s*[\d,]+\sPUBLICATIONS?\b")


def researchgate_authors(text: PrintedText) -> list[str]:
    """The authors a ResearchGate cover lists when it lists them all ("3 authors:"), each
    name over its affiliation and its counts, in rows of two."""
    first = text.first
    if first is None or not _RESEARCHGATE.search(text.front_text()):
        return []
    lines = first.lines
    label = next((i for i, ln in enumerate(lines) if _RESEARCHGATE_ALL.match(ln.text)), None)
    if label is None:
        return []
    named = [line for i, line in enumerate(lines) if i > label and _researchgate_name(lines, i)]
    names = [line.text.strip() for line in sorted(named, key=lambda ln: (round(ln.top), ln.left))]
    count = int(_RESEARCHGATE_ALL.match(lines[label].text).group("count"))
    return names if len(names) == count and all(looks_like_name(n) for n in names) else []


def _researchgate_name(lines: list[Line], index: int) -> bool:
    """A name of the cover's grid: its counts two lines below it, under its affiliation (a
    name without an affiliation leaves the count short, and the cover is not read)."""

    def stats(i: int) -> bool:
        return i < len(lines) and bool(_RESEARCHGATE_STATS.match(lines[i].text))

    return stats(index + 2) and not stats(index + 1) and not stats(index)


_RESEARCHGATE_SOME = re.compile(r"^\s*\d{1,3}\sauthors?,\sincluding:\s*$", re.M)


def researchgate_lists_some(front: str) -> bool:
    """Page 1's text a ResearchGate cover that lists only some authors ("2 authors,
    including:"): the article's own first page, next, names them all."""
    return bool(_RESEARCHGATE.search(front) and _RESEARCHGATE_SOME.search(front))


def researchgate_cover(text: PrintedText) -> list[Candidate]:
    """The article's address and journal a ResearchGate cover names; empty where page 1 is
    no such cover."""
    front = text.front_text()
    if not (cover := _RESEARCHGATE.search(front)):
        return []
    found = [Candidate("url", cover.group("url"), 0.8, f"p1 '{cover.group(0)[:80]}'")]
    if journal := _RESEARCHGATE_JOURNAL.search(front):
        where = f"p1 ResearchGate cover '{journal.group(0).strip()}'"
        found.append(Candidate("container", journal.group("container").strip(), 0.8, where))
    return found
