"""One value per field from the candidates: printed evidence first, embedded metadata only
where the print confirms it or says nothing, and the CSL type from what was found."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from datetime import date

from essaylint.core.records import DocumentMetadata
from essaylint.ingest.library_columns import fold as _fold
from essaylint.ingest.metadata import learned
from essaylint.ingest.metadata.embedded import BODY, Embedded
from essaylint.ingest.metadata.journals import known_titles
from essaylint.ingest.metadata.layout import PageLines
from essaylint.ingest.metadata.names import family_of, given_family, names_in_citation
from essaylint.ingest.metadata.printed import (
    CITATION_FORMS,
    REPOSITORY_DOI,
    WILEY_STAMP,
    YEAR,
    Candidate,
    PrintedText,
    book_imprint,
    clean_doi,
    dois_anywhere,
    imprint_holder,
    imprint_year,
    recase_title,
)
from essaylint.ingest.metadata.titleblock import TitleBlock

CITATION_FIELDS = ("container", "volume", "issue", "page", "number", "year")
# "PLDI’09", "IJCAI-07", "ACIIDS 2020", "LREC-COLING 2024"
_ACRONYM_YEAR = re.compile(
    r"^[A-Z][A-Za-z]{1,14}(?:-[A-Z]{2,14})?(?:\s?['’\-]\s?\d{2}|\s(?:19|20)\d\d)$"
)
_PUBLISHER_NAME = re.compile(r"\bPublish|\bPress\b|\bInc\b|\bLtd\b|\bGmbH\b|\bB\.?V\b")
_REPORT_TITLE = re.compile(
    r"\b(?:report|guidelines|handbook|policy\sframework|white\spaper|manual|toolkit|"
    r"rapport|informe|relatório|bericht)\b",
    re.IGNORECASE,
)
_TEMPLATE_VENUE = re.compile(r"Conference\s?['’]\d\d|Woodstock\s?['’]\d\d|Conference acronym", re.I)
LOCATOR_FIELDS = ("volume", "issue", "page", "number")
# bioRxiv/medRxiv, arXiv, SSRN, PsyArXiv, SocArXiv, OSF, Preprints.org, Research Square,
# Authorea, ChemRxiv, ESS Open Archive (Crossref's "posted-content" registrants)
_PREPRINT_DOI = re.compile(
    r"10\.(?:1101|48550|2139|31234|31235|31219|20944|21203|22541|26434|1002/essoar)/", re.I
)
_REPORT_DOI = re.compile(r"10\.(?:1787|18356)/", re.I)  # OECD iLibrary, UN iLibrary
_ISBN_IN_DOI = re.compile(r"(?<!\d)97[89]-?(?:\d-?){9}[\dX]")  # 10.1007/978-3-030-…_7
_CONFERENCE = re.compile(
    r"\b(?:proceedings|conference|workshop|symposium|meeting|congress|colloquium|actas|anais|"
    r"atti|coloquio|congreso|congresso|jornadas)\b|"
    r"\b(?:Proc|Conf|Symp)\.",  # "Proc. of the IEEE Int. Conf."
    re.I,
)


def decide(
    text: PrintedText, block: TitleBlock, embedded: Embedded, candidates: list[Candidate]
) -> DocumentMetadata:
    """The document's metadata and, per field, the evidence it rests on."""
    candidates = candidates + list(_embedded_candidates(text, embedded))
    candidates = _without_running_titles(candidates, block.title)
    chosen: dict[str, Candidate] = {}
    group = _best_citation_group(candidates)
    for candidate in group:
        chosen.setdefault(candidate.field, candidate)
    for candidate in sorted(candidates, key=lambda c: -c.confidence):
        if candidate.field in chosen:
            continue
        if (
            group
            and candidate.field in LOCATOR_FIELDS
            and not _stamped_issue(candidate, group)
            and not _same_article_issue(candidate, group, candidates)
        ):
            continue  # volume, issue, pages only ever from the chosen citation line
        chosen[candidate.field] = candidate
    metadata = DocumentMetadata()
    if "container" in chosen:
        chosen["container"] = _banner_whole(chosen["container"], block, candidates)
    block = _not_the_journal(block, chosen.get("container"))
    _title_and_authors(metadata, text, block, embedded)
    metadata.authors = list(dict.fromkeys(metadata.authors))  # one name read twice
    if "container" in chosen:  # a journal banner read as an author line
        banner = _fold(chosen["container"].value)
        metadata.authors = [a for a in metadata.authors if _fold(given_family(a)) != banner]
        chosen["container"] = _known_whole(chosen["container"])
    if not metadata.authors and (cited := _cited_authors(text.front_flat, metadata.title)):
        metadata.authors = cited
        metadata.evidence["authors"] = "p1 the page's citation of itself (0.6)"
    for name in ("container", "volume", "issue", "page", "number", "doi", "arxiv", "isbn", "url"):
        if name in chosen:
            setattr(metadata, name, chosen[name].value)
            metadata.evidence[name] = _describe(chosen[name])
    container = _without_echo(_without_title(metadata.container, metadata.title))
    container = _PUBLISHER_FIRST.sub("", container)
    metadata.container = _without_full_stop(container.split("; ")[0].rstrip(" ,;"))
    if volume := _VOLUME_AFTER.search(metadata.container):
        metadata.container = metadata.container[: volume.start()]
        metadata.volume = metadata.volume or volume.group("volume")
    _labelled_locators(metadata, chosen)
    _pages_and_url(metadata, chosen)
    _year(metadata, chosen)
    _publisher(metadata, chosen)
    body = _corporate_author(metadata, embedded)
    metadata.type = _csl_type(metadata, chosen)
    metadata.evidence["type"] = _type_evidence(metadata, chosen)
    if metadata.type == "article-journal":  # a conference keeps its acronym, as IEEE prints it
        metadata.container = _ACRONYM_AFTER.sub("", metadata.container)
    _as_typed(metadata, chosen, body)
    if metadata.type == "manuscript":
        _learned_type(metadata, text)
    _issuer(metadata, candidates)
    metadata.authors = [_family_as_cited(name, text.flat_of(1)) for name in metadata.authors]
    if metadata.type in ("report", "book"):
        inside = [page for page in text.pages if page.number > 1]  # the back cover too
        if metadata.type == "book":
            _from_book_imprint(metadata, inside)
        if not metadata.publisher:
            set_later_publisher(metadata, imprint_holder(inside))
        if not metadata.year and (dated := imprint_year(inside)):
            metadata.year = int(dated.value)
            metadata.evidence["year"] = _describe(dated)
    return metadata


def _from_book_imprint(metadata: DocumentMetadata, pages: list[PageLines]) -> None:
    """The publisher, DOI and page a book's imprint states, where the first page gave none;
    the press, not the body it is part of ("Cambridge University Press & Assessment")."""
    for candidate in book_imprint(pages):
        now = getattr(metadata, candidate.field)  # publisher, doi, url
        if not now or (candidate.field == "publisher" and now.startswith(candidate.value)):
            setattr(metadata, candidate.field, candidate.value)
            metadata.evidence[candidate.field] = _describe(candidate)


def set_later_publisher(metadata: DocumentMetadata, holder: Candidate | None) -> None:
    """A publisher read on a later page (a report's imprint holder, an article's
    "Publisher's Note"), unless it is one of its authors."""
    if holder is not None and not _names_an_author(holder.value, metadata):
        metadata.publisher = holder.value
        metadata.evidence["publisher"] = _describe(holder)


def _stamped_issue(candidate: Candidate, group: list[Candidate]) -> bool:
    """An issue from Wiley's download stamp where the citation line prints none and the
    stamp's year is the line's ("J Vet Intern Med 2005;19:377-385" and "…, 2005, 3,
    Downloaded from …")."""
    if candidate.field != "issue" or WILEY_STAMP not in candidate.source:
        return False
    years = {c.value for c in group if c.field == "year"}
    return years <= {m.group(0) for m in re.finditer(rf"\b{YEAR}\b", candidate.source)}


def _same_article_issue(
    candidate: Candidate, group: list[Candidate], candidates: list[Candidate]
) -> bool:
    """An issue from another citation line of the same article, where the chosen line prints
    none: the lines agree on volume and year ("Nanoscale, 2012, 4, 1996–2004" on page 1,
    "…, 2023, Vol. 189, No. 2" in the running head)."""
    if candidate.field != "issue" or not candidate.line:
        return False
    ours = {c.field: c.value for c in group}
    theirs = {c.field: c.value for c in candidates if c.line == candidate.line}
    return (
        "volume" in ours
        and theirs.get("volume") == ours["volume"]
        and theirs.get("year", ours.get("year")) == ours.get("year")
    )


def _without_running_titles(candidates: list[Candidate], title: str) -> list[Candidate]:
    """A running head that prints the article's short title where a journal's name would
    stand ("Internal and External Load Metrics NCAA D1 BVB (2022) 36:8"): no citation line.
    (A title block that read the journal's name itself holds that name whole.)"""
    in_title = set(re.findall(r"\w+", title.casefold()))
    running = set()
    for candidate in candidates:
        if (
            candidate.field == "container"
            and candidate.line
            and _fold(candidate.value) not in _fold(title)
        ):
            words = [w for w in re.findall(r"\w+", candidate.value.casefold()) if w not in _MINOR]
            shared = sum(word in in_title for word in words)
            if len(words) >= 3 and shared >= 0.75 * len(words):
                running.add(candidate.line)
    return [c for c in candidates if not (c.line and c.line in running)]


def _learned_type(metadata: DocumentMetadata, text: PrintedText) -> None:
    """Where no rule placed the document, the type the learned reader is sure enough of."""
    found = {name for name in learned.FLAGS if getattr(metadata, name)}
    kind, chance = learned.read_type(text, found)
    if kind:
        metadata.type = kind
        reason = "no venue printed; the learned type reader"
        metadata.evidence["type"] = f"{reason} ({chance:.2f})"


def _as_typed(metadata: DocumentMetadata, chosen: dict[str, Candidate], body: str) -> None:
    """What the type settles: a body's own document is a report it publishes ("World Health
    Organization"); a thesis keeps no journal only embedded metadata names ("Proceedings of
    Master Thesis" in its XMP); a proceedings paper no template's volume 1, issue 1."""
    if body and metadata.type == "manuscript":
        metadata.type = "report"
        metadata.evidence["type"] = f"authored by a body, '{body}' (0.5)"
    if body and not metadata.publisher and metadata.type == "report":
        metadata.publisher = body
        metadata.evidence["publisher"] = f"the body named as author, '{body}' (0.5)"
    weak = "container" in chosen and chosen["container"].confidence < WEAK_CONTAINER
    if metadata.type == "thesis" and weak:
        metadata.container = ""
        metadata.evidence.pop("container", None)
    if metadata.type == "paper-conference" and _template_numbering(metadata):
        metadata.volume = metadata.issue = ""  # acmart's \acmVolume{1} \acmNumber{1}
        metadata.evidence.pop("volume", None)
        metadata.evidence.pop("issue", None)


def _template_numbering(metadata: DocumentMetadata) -> bool:
    """A proceedings paper's volume 1, issue 1, from its XMP alone: the template's defaults."""
    embedded = all(
        metadata.evidence.get(name, "").startswith("XMP") for name in ("volume", "issue")
    )
    return embedded and metadata.volume == metadata.issue == "1"


def _family_as_cited(name: str, page: str) -> str:
    """ "Castillo, Ángel Montes del" as "Montes del Castillo, Ángel" where the page's
    citation of itself gives the family name whole ("Montes del Castillo, Á., & …"): Spanish
    and Portuguese names carry two family names, which a byline cannot tell apart."""
    family, _, given = name.partition(", ")
    words = given.split()
    for moved in (1, 2, 3):
        if moved >= len(words):
            break
        whole = " ".join([*words[-moved:], family])
        if not re.fullmatch(r"[^\W\d_][^\W\d_]+", words[-moved]) or words[-moved].islower():
            continue  # "del Castillo" alone is no family name cited, "S. Lunetta" none at all
        # the citation's "Family, I." (a byline's "Ross S. Lunetta, Robyn …" is not one)
        if re.search(rf"(?<!\w){re.escape(whole)},\s{re.escape(words[0][0])}\.", page):
            return f"{whole}, {' '.join(words[:-moved])}"
    return name


def _corporate_author(metadata: DocumentMetadata, embedded: Embedded) -> str:
    """The body a document names as its only author, where no person is: the info
    dictionary's "World Health Organization", or author lines that each name a body (the
    authors are then left empty); "" otherwise."""
    if not metadata.authors:
        return embedded.values.get("body", "")
    bodies = [" ".join(reversed(a.split(", ", 1))) for a in metadata.authors]
    if not all(BODY.search(body) for body in bodies):
        return ""
    metadata.authors = []
    metadata.evidence.pop("authors", None)
    return bodies[0]


def _banner_whole(
    container: Candidate, block: TitleBlock, candidates: list[Candidate]
) -> Candidate:
    """The journal's whole name where the part read ("Emerging Technologies Volume 15") ends
    the banner set largest ("Global Journal of Information Technology: Emerging
    Technologies"), which another line also gives as the journal."""
    banner, part = _fold(block.title), _fold(container.value)
    for other in candidates:
        whole = _fold(other.value)
        if other.field == "container" and whole == banner != part and whole.endswith(part):
            return replace(container, value=other.value)
    return container


def _known_whole(container: Candidate) -> Candidate:
    """ "Computers and Chemical Engineering 32 (2008)" read as an "A and B" lead of authors
    and the journal "Engineering": the line's opening words make a known journal's name where
    the part read does not."""
    line, value = container.line, container.value
    titles = known_titles()
    at = line.find(value)
    if at <= 0 or _fold(value) in titles or _fold(line[: at + len(value)]) not in titles:
        return container
    return replace(container, value=line[: at + len(value)].strip())


# a cover's department or institution, set as large as the title above it
_INSTITUTION = re.compile(
    r"^(?:Fachbereich|Fakultät|Department|Faculty|School\sof|Institut|Institute|University|"
    r"Universit[äé]t?|Universidad|Hochschule|College|Dipartimento|Departamento|Facultad|"
    r"Faculdade|Département|Faculté)\b"
)


def _not_the_journal(block: TitleBlock, container: Candidate | None) -> TitleBlock:
    """A journal's name set larger than the title ("Critical Care" over a provisional PDF,
    "JSS  Journal of Statistical Software") is not the title: the next block is. Short
    one-line blocks above a longer block are taken for banners too."""
    journal = _fold(container.value) if container else ""
    for candidate in [block, *block.alternatives]:
        if candidate is not block and _banner_word(block.title) and _banner_word(candidate.title):
            continue  # the banner's other words ("Astronomy" / "&" / "Astrophysics")
        title = _fold(candidate.title)
        if journal and title.endswith(journal) and len(title) - len(journal) <= 6:
            continue  # the journal's name, its acronym before it ("JSS Journal of …")
        if journal and title.startswith(journal) and not re.search(r"[a-z]", title[len(journal) :]):
            continue  # the journal's citation line ("Asian Journal of Psychiatry 39 (2019) 91–92")
        if candidate is block and block.alternatives and _INSTITUTION.match(block.title):
            continue  # "Fachbereich Ingenieurwissenschaften und Mathematik" over the title
        if candidate is block and block.alternatives and _a_journals_name(block.title):
            continue  # "QUARTERLY JOURNAL OF ECONOMICS" set over the article's title
        if candidate is block and block.alternatives and len(block.title.split()) <= 3:
            following = _after_banner_lines(block)
            its_byline = bool(block.author_text) and following.title.startswith(block.author_text)
            if following.top > block.top and len(following.title.split()) >= 5 and not its_byline:
                continue  # but "Neutral change" over its own "Henri Kauhanen The University of …"
        return candidate
    return block


def _after_banner_lines(block: TitleBlock) -> TitleBlock:
    """The block after a banner set one word a line ("Astronomy" / "&" / "Astrophysics"):
    past its other words; otherwise the next block."""
    following = block.alternatives[0]
    if not _banner_word(block.title):
        return following
    for other in block.alternatives:
        if not _banner_word(other.title):
            return other if not other.title.casefold().startswith("by ") else following
    return following


def _banner_word(title: str) -> bool:
    return len(title.split()) == 1 and bool(re.fullmatch(r"[A-Z][a-z]+", title.strip()))


def _a_journals_name(title: str) -> bool:
    folded = _fold(re.sub(r"^the\s", "", title, flags=re.IGNORECASE))
    return len(title.split()) >= 2 and folded in known_titles()


def _pages_and_url(metadata: DocumentMetadata, chosen: dict[str, Candidate]) -> None:
    """A journal article's pages from its running page numbers where no citation line gave
    them; no journal home page as the item's URL."""
    running = chosen.get("running_pages")
    if metadata.container and not (metadata.page or metadata.number) and running:
        metadata.page = running.value
        metadata.evidence["page"] = _describe(running)
    if metadata.url and _journal_home(metadata.url, metadata.container):
        metadata.url = ""
        metadata.evidence.pop("url", None)


def _journal_home(url: str, container: str) -> bool:
    """A journal's home page, not the item's: "www.nature.com/naturephysics" under Nature
    Physics, "www.fsp.usp.br/rsp" under Revista de Saúde Pública, a copyright page."""
    if "copyright" in url.casefold():
        return True
    path = re.sub(r"^(?:https?://)?[^/]+/?", "", url).strip("/").casefold()
    if re.fullmatch(r"journals?/[\w\-]+", path):
        return True  # "scitation.org/journal/adv"
    words = re.findall(r"\w+", container.casefold())
    initials = "".join(w[0] for w in words if w not in {"de", "of", "the", "and", "for", "in"})
    return bool(path) and "/" not in path and path in {"".join(words), initials}


def _without_title(container: str, title: str) -> str:
    """A container read from a "How to cite" sentence may start with the end of the
    title ("…Pressure Analyses. PeerJ Comput. Sci."): that part is cut off."""
    folded_title = _fold(title)
    for match in re.finditer(r"[.?!:]\s", container):
        before = _fold(container[: match.start()])
        if len(before) >= 4 and folded_title.endswith(before):  # not "R." of "R. Soc."
            return container[match.end() :].strip()
    return container


WEAK_CONTAINER = 0.5  # embedded metadata alone, not what the pages print
_MINOR = frozenset({"of", "and", "&", "in", "for", "the", "on", "de", "la", "des", "du", "y", "e"})


# the label of a page's citation of itself: "Cite as: AIP Advances 9, 025029 (2019)"
_CITE_AS = re.compile(r"^(?:Cite\sas|Cite\sthis\sarticle|How\sto\scite)\s?:\s*", re.I)
# a running head's authors in capitals before a journal's name that is not: "DANIELLE D.
# IGNACE AND PETER CHESSON Ecology"
_CAPS_NAME = r"[A-Z][A-Z'’\-]+\s(?:[A-Z]\.\s)?[A-Z][A-Z'’\-]+"
_CAPS_AUTHORS = re.compile(rf"^{_CAPS_NAME}(?:\s(?:AND|&)\s{_CAPS_NAME})?\s+(?=[A-Z][a-z])")


# a banner that names its publisher before the journal ("Asian Online Journal Publishing
# Group Journal of Education and e-Learning Research")
_PUBLISHER_FIRST = re.compile(
    r"^.{3,60}?\b(?:Publishing(?:\sGroup)?|Publishers)\s+(?=[A-Z]\w+\s\w)"
)


# the kicker of the article's type read on after the journal's name in its head
_KICKER_AFTER = re.compile(
    r"\s(?:Research|Original|Review|Brief)?\s?(?:Article|Report|Letter|Communication)$"
)


def _a_known_head(container: str) -> bool:
    """ "PSYCHOLOGICAL SCIENCE": a known journal's name in capitals, not two authors'."""
    return container.isupper() and _fold(container) in known_titles()


def _without_echo(container: str) -> str:
    """A journal's name printed beside its own acronym or abbreviation ("IJARCCE International
    Journal of Advanced Research in Computer and Communication Engineering", "STATISTICS IN
    MEDICINE Statist. Med."), or after its authors' names in capitals: the name alone."""
    container = _CITE_AS.sub("", container)
    if _fold(bare := _KICKER_AFTER.sub("", container)) in known_titles():
        container = bare  # "PSYCHOLOGICAL SCIENCE Research Article", not "… Weekly Report"
    if _a_known_head(container):
        container = recase_title(container)
    else:
        container = _CAPS_AUTHORS.sub("", container)
    words = container.split()
    major = [w for w in words[1:] if w.casefold() not in _MINOR]
    acronym = len(words) > 3 and words[0].isupper() and len(words[0]) >= 3
    if acronym and words[0].casefold() == "".join(w[0] for w in major).casefold():
        return " ".join(words[1:])
    for cut in range(2, len(words) - 1):
        name, short = words[:cut], words[cut:]
        full = [w for w in name if w.casefold() not in _MINOR]
        abbreviated = any(w.endswith(".") for w in short)
        if abbreviated and len(short) <= len(full) and _abbreviates(short, full):
            return " ".join(name)
    return container


def _abbreviates(short: list[str], full: list[str]) -> bool:
    """Whether each short word opens a word of the full name, in order ("Statist." of
    "STATISTICS", "Med." of "MEDICINE")."""
    rest = iter(w.casefold() for w in full)
    return all(any(word.startswith(s.rstrip(".").casefold()) for word in rest) for s in short)


def _describe(candidate: Candidate) -> str:
    return f"{candidate.source} ({candidate.confidence:.2f})"


def _labelled_locators(metadata: DocumentMetadata, chosen: dict[str, Candidate]) -> None:
    """A journal's volume and issue labelled in its heads ("Vol. 68 No.1"), where the
    citation line chosen gives neither, or gives the same volume and no issue."""
    volume, issue = chosen.get("labelled_volume"), chosen.get("labelled_issue")
    if not (metadata.container and volume and issue) or metadata.issue:
        return
    if not metadata.volume:
        metadata.volume = volume.value
        metadata.evidence["volume"] = _describe(volume)
    if metadata.volume == volume.value:  # "(Obstet Gynecol 2023;141:555–62)", "VOL. 141, NO. 3"
        metadata.issue = issue.value
        metadata.evidence["issue"] = _describe(issue)


def _best_citation_group(candidates: list[Candidate]) -> list[Candidate]:
    """The candidates read from one citation line, the line with most fields and the
    highest confidence, printed on most pages (so that container, volume and pages come
    from the same line, and a running head outweighs a reference on page 1 read alike)."""
    groups: dict[str, list[Candidate]] = {}
    for candidate in candidates:
        if candidate.field in CITATION_FIELDS and candidate.line:
            groups.setdefault(candidate.line, []).append(candidate)
    if not groups:
        return []

    def score(items: list[Candidate]) -> float:
        fields = {c.field for c in items}
        pages = {c.source.split(" ", 1)[0] for c in items}  # a running head, page after page
        repeated = 1 + 0.05 * min(len(pages) - 1, 2)
        return max(c.confidence for c in items) * (1 + 0.1 * len(fields)) * repeated

    return max(groups.values(), key=score)


def _embedded_candidates(text: PrintedText, embedded: Embedded) -> Iterable[Candidate]:
    values = embedded.values
    printed_dois = {d.casefold(): d for d in dois_anywhere(text)}
    if doi := values.get("doi"):
        doi = clean_doi(
            re.sub(r"^(?:doi:|https?://(?:dx\.)?doi\.org/)", "", doi.strip(), flags=re.I)
        )
        printed = printed_dois.get(doi.casefold())
        where = "XMP" if "doi" in embedded.xmp else "PDF info"
        if printed:
            yield Candidate("doi", printed, 0.85, f"{where} DOI, as printed")
        elif re.match(r"10\.\d{4,9}/", doi):  # not a template's "XXXXXXX.XXXXXXX"
            yield Candidate("doi", doi, 0.4, f"{where} DOI (not found in the text)")
    front_and_margins = "\n".join([text.front_text(), *(line for _, line in text.margin_lines())])
    searchable = _fold(front_and_margins)
    container = values.get("container", "")
    # a template's placeholder ("Proceedings of ACM Conference (Conference'17)", volume 1,
    # issue 1) says nothing about the document
    placeholder = bool(_TEMPLATE_VENUE.search(container))
    # an online-first article's "volume 00, issue 00" and provisional pages; IEEE's early
    # access "volume PP", pages "1-1"
    unnumbered = placeholder or bool(re.fullmatch(r"0+|PP", values.get("volume", "") or "-"))
    if _PUBLISHER_NAME.search(container):  # "Nature Publishing Group" is not a journal
        container = ""
    if container and not placeholder:
        confirmed = _fold(container) in searchable
        yield Candidate(
            "container", container, 0.7 if confirmed else 0.3, "XMP prism:publicationName"
        )
    for name in ("volume", "issue", "isbn"):
        if (value := values.get(name)) and not (unnumbered and name != "isbn"):
            yield Candidate(name, value, 0.5, f"XMP prism:{name}")
    if (first := values.get("first_page")) and not unnumbered:
        last = values.get("last_page")
        yield Candidate("page", f"{first}-{last}" if last else first, 0.5, "XMP prism pages")
    if subject := values.get("subject"):
        yield from _subject_candidates(subject, searchable)
    publisher = values.get("publisher", "")
    stamped = _fold(_DOWNLOADED_BY.sub("", front_and_margins))  # not the library that downloaded it
    named = re.search(r"[^\W\d_]{2}", publisher)  # a dc:publisher of "2016" names nobody
    if named and _fold(publisher) in stamped and _fold(publisher) != "arxiv":  # a repository
        yield Candidate("publisher", publisher, 0.6, "XMP dc:publisher, printed too")


# "Downloaded from https://www.cambridge.org/core. University of Sussex Library, on 09 Mar 2017"
_DOWNLOADED_BY = re.compile(r"(?im)^.*\bDownloaded\s(?:from|by)\b.*$")


def _subject_candidates(subject: str, searchable: str) -> Iterable[Candidate]:
    """Info Subject often reads "Journal 2010 4:1. doi:…"; only its parts the page also
    prints are believed."""
    line = re.sub(r"\s(\d{4})\s(\d+):", r" \1, \2:", subject)
    for form in CITATION_FORMS:
        match = form.pattern.search(line)
        if not match:
            continue
        container = match.groupdict().get("container") or ""
        confirmed = bool(container) and _fold(container) in searchable
        for name, value in match.groupdict().items():
            if value and name in CITATION_FIELDS:
                yield Candidate(name, value.strip(), 0.6 if confirmed else 0.3, "PDF info Subject")
        return
    year = re.search(r"\b(19[5-9]\d|20[0-4]\d)\b", subject)
    if year:
        yield Candidate("year", year.group(1), 0.35, "PDF info Subject")


def _title_and_authors(
    metadata: DocumentMetadata, text: PrintedText, block: TitleBlock, embedded: Embedded
) -> None:
    front = _fold(text.front_text())
    info_title = embedded.values.get("title", "")
    longer_in_print = bool(block.title) and len(_fold(block.title)) > len(_fold(info_title))
    if (
        info_title
        and _fold(info_title) in front
        and (not block.title or (_similar(info_title, block.title) and not longer_in_print))
    ):
        metadata.title = info_title
        metadata.evidence["title"] = "PDF info/XMP title, printed on p1 (0.85)"
    elif block.title and not ((block.over_names or block.faint) and info_title):
        metadata.title = block.title
        metadata.evidence["title"] = (
            "p1 lines over the names (0.6)"
            if block.over_names
            else "p1 lines set a little larger than the text (0.5)"
            if block.faint
            else "p1 title block (largest type) (0.8)"
        )
    elif info_title:
        metadata.title = info_title
        metadata.evidence["title"] = "PDF info/XMP title, not found on p1 (0.4)"
    info_authors = embedded.authors
    printed = block.authors
    confirmed = bool(info_authors) and all(_fold(family_of(a)) in front for a in info_authors)
    if confirmed and _same_people(info_authors, printed):
        info_authors = printed  # the page's order of given and family names, not the XMP's
    if confirmed and printed and _page_says_more(info_authors, printed, front):
        confirmed = False
    if confirmed and len(info_authors) >= len(printed):
        metadata.authors = info_authors
        metadata.evidence["authors"] = "PDF info/XMP authors, printed on p1 (0.8)"
    elif printed:
        metadata.authors = printed
        metadata.evidence["authors"] = f"p1 author lines '{block.author_text[:80]}' (0.75)"
    elif info_authors and _printed_somewhere(info_authors, text):
        metadata.authors = info_authors
        metadata.evidence["authors"] = "PDF info/XMP authors, printed on a later page (0.5)"


# the label of the citation a page prints of itself, its authors before its title
_SELF_CITATION = re.compile(
    r"(?:Cite\sthis\s(?:article|paper|chapter|work)(?:\sas)?|How\sto\scite(?:\sthis\s(?:article|paper))?|"
    r"Suggested\scitation|To\scite\sthis\s(?:article|paper)|Please\scite\sthis\s(?:article|paper)\sas|"
    r"Citation)\s?:\s*",
    re.IGNORECASE,
)
_YEAR_AT_END = re.compile(rf"\(?\s*{YEAR}[a-z]?\s*\)?\s*[.:]?\s*[\"“]?$")


def _cited_authors(front: str, title: str) -> list[str]:
    """The authors of the page's citation of itself ("Cite this article as: Suresh P.,
    Keerthika P. & Kumar A.R.N. Text guided …"): the names between its label and the title."""
    words = re.findall(r"\w+", title)[:6]
    if len(words) < 3:
        return []
    titled = re.compile(r"\W+".join(re.escape(w) for w in words), re.IGNORECASE)
    for label in _SELF_CITATION.finditer(front):
        found = titled.search(front, label.end(), label.end() + 400)
        if found:
            span = _YEAR_AT_END.sub("", front[label.end() : found.start()].strip())
            if names := names_in_citation(span.strip(" ,:")):
                return names
    return []


def _printed_somewhere(authors: list[str], text: PrintedText) -> bool:
    """Whether every family name the PDF's metadata gives is printed on a page read: the
    Author field often names whoever made the file (a ministry's clerk, a typesetter)."""
    read = _fold(" ".join(text.text_of(page.number) for page in text.pages))
    return all(_fold(family_of(a)) in read for a in authors)


def _page_says_more(embedded: list[str], printed: list[str], front: str) -> bool:
    """Whether the page's names are the fuller record: the same number of people, and the
    metadata gives a name the page does not print ("Fatoumata" for "Fatima") or fewer of the
    names it prints ("Abdoulaye Boumanga" for "Abdoulaye Boumanga BA")."""
    if len(embedded) != len(printed):
        return False
    words = [
        [{_fold(w) for w in re.findall(r"\w+", n)} for n in names] for names in (embedded, printed)
    ]
    unprinted = any(w not in front for name in words[0] for w in name)
    return unprinted or all(e < p for e, p in zip(*words, strict=True))


def _same_people(embedded: list[str], printed: list[str]) -> bool:
    """The same names in the same order, each perhaps with given and family swapped."""
    words = [
        [set(re.findall(r"\w+", n.casefold())) for n in names] for names in (embedded, printed)
    ]
    return words[0] == words[1]


def _similar(a: str, b: str) -> bool:
    fa, fb = _fold(a), _fold(b)
    return bool(fa and fb) and (fa in fb or fb in fa)


def _year(metadata: DocumentMetadata, chosen: dict[str, Candidate]) -> None:
    options = [chosen.get("year"), chosen.get("stamp_year")]
    best = max((c for c in options if c), key=lambda c: c.confidence, default=None)
    if best is not None:
        metadata.year = int(best.value)
        metadata.evidence["year"] = _describe(best)
    elif short := _ACRONYM_SHORT_YEAR.search(metadata.container):
        two = int(short.group("yy"))
        metadata.year = (2000 if two <= date.today().year % 100 else 1900) + two
        metadata.evidence["year"] = f"the conference's acronym '{short.group(0)}' (0.6)"


# a conference's acronym with its year in two digits: "(IJCAI-17)", "(AAAI-21)"
_ACRONYM_SHORT_YEAR = re.compile(r"\b[A-Z]{3,10}-(?P<yy>\d{2})\b")


def _publisher(metadata: DocumentMetadata, chosen: dict[str, Candidate]) -> None:
    best = _before_title(_without_journal(chosen.get("publisher"), metadata.container), metadata)
    thesis = chosen.get("type_cue") and chosen["type_cue"].value == "thesis"
    if thesis and "university" in chosen:
        best = chosen["university"]
    if (
        best is not None
        and _fold(best.value) == _fold(metadata.container)
        and not best.source.startswith("p")  # printed "Published by PNAS" stands
    ):
        best = None  # the journal's own name (BMC puts it in dc:publisher)
    holder = _without_journal(chosen.get("holder"), metadata.container)
    holder = _before_title(_without_byline(holder, metadata), metadata)
    if best is None and holder is not None and not _names_an_author(holder.value, metadata):
        best = holder
    if best is not None:
        metadata.publisher = best.value
        metadata.evidence["publisher"] = _describe(best)


# SciTePress's volume after the proceedings' name: "… (ICAART 2018) - Volume 1"
_VOLUME_AFTER = re.compile(r"\s[-–]\s(?:Volume|Vol\.)\s(?P<volume>\d{1,3})$")
# the journal's acronym after its name: "Research Briefs on … Evolution (ReBICTE)"
_ACRONYM_AFTER = re.compile(r"(?<=\w)\s\((?=[A-Za-z\-]*[A-Z]{2})[A-Za-z\-]{2,12}\)$")


def _without_full_stop(container: str) -> str:
    """ "Psychological Science." read with the full stop of its citation line: a name whose
    other words are whole keeps no final stop ("J. Appl. Phys." keeps its own)."""
    words = container.split()
    if len(words) < 2 or not container.endswith(".") or len(words[-1]) < 6:
        return container
    return container[:-1] if not any(w.endswith(".") for w in words[:-1]) else container


def _before_title(holder: Candidate | None, metadata: DocumentMetadata) -> Candidate | None:
    """A publisher read on into the title under it ("© 1993 Springer Publishing Company" /
    "Development and Psychometric …"): the words before the title's first two."""
    opening = " ".join(metadata.title.split()[:2]).casefold()
    if holder is None or len(opening.split()) < 2:
        return holder
    at = holder.value.casefold().find(" " + opening)
    return replace(holder, value=holder.value[:at].rstrip(" ,.;")) if at > 0 else holder


def _without_byline(holder: Candidate | None, metadata: DocumentMetadata) -> Candidate | None:
    """A copyright holder read on into the byline under it ("© 2019 Waxmann" / "Stefan
    Groth"): the words before the first author's full name."""
    if holder is None:
        return None
    words = holder.value.split()
    for author in metadata.authors:
        name = given_family(author).split()
        for start in range(1, len(words) - len(name) + 1):
            if [w.casefold() for w in words[start : start + len(name)]] == [
                w.casefold() for w in name
            ]:
                return replace(holder, value=" ".join(words[:start]))
    return holder


def _without_journal(holder: Candidate | None, container: str) -> Candidate | None:
    """A publisher or copyright holder read on into the journal's line under it ("© 2018 Financial
    Management Association International" / "Financial Management. 2019;48:417-439")."""
    if holder is None or not container:
        return holder
    if not holder.value.casefold().endswith(container.casefold()):
        return holder
    rest = holder.value[: -len(container)].strip(" ,.;")
    joined = re.search(r"\b(?:for|of|the|and|on|in|&)$", rest, re.I)  # "Society for the Study of"
    # "Association Œconomia" publishes Œconomia: its name ends in the journal's, no line runs on
    whole = len(rest.split()) < 2
    return replace(holder, value=rest) if len(rest) > 3 and not joined and not whole else holder


def _issuer(metadata: DocumentMetadata, candidates: list[Candidate]) -> None:
    """A report's or thesis's publisher is the body its cover names, where nothing states
    one (a thesis's university first)."""
    if metadata.publisher or metadata.type not in ("report", "thesis"):
        return
    issuers = [
        c for c in candidates if c.field == "issuer" and _fold(c.value) != _fold(metadata.title)
    ]
    issuers.sort(key=lambda c: bool(_SUBUNIT.match(c.value)))  # "… Department" after its body
    if metadata.type == "thesis":
        issuers.sort(key=lambda c: not re.search(r"(?i)universi", c.value))
    if issuers:
        metadata.publisher = issuers[0].value
        metadata.evidence["publisher"] = _describe(issuers[0])


# a unit within a body, named by its kind alone: "Technical Department", "Asia Region"
_SUBUNIT = re.compile(r"^(?:\w+\s){1,2}(?:Department|Division|Unit|Region|Section|Office)$")


def _names_an_author(text: str, metadata: DocumentMetadata) -> bool:
    """Whether ``text`` holds an author's family name, accents aside ("© 2024 Molnaŕ, …",
    its accent misplaced by the text layer)."""
    words = {_fold(w) for w in re.findall(r"\w+", text)}
    return any(_fold(family_of(a)) in words for a in metadata.authors)


def _csl_type(metadata: DocumentMetadata, chosen: dict[str, Candidate]) -> str:
    cue = chosen.get("type_cue")
    kinds = ("webpage", "chapter", "speech") if _published_article(metadata) else _SET_APART
    if cue is not None and cue.value in kinds:
        return cue.value
    if metadata.container:
        if _CONFERENCE.search(metadata.container) or _ACRONYM_YEAR.match(metadata.container):
            return "paper-conference"
        return "article-journal"
    if "venue" in chosen:
        venue = chosen["venue"].value
        if _CONFERENCE.search(venue) or re.search(r"\b[A-Z]{3,}\s?'?\d{2,4}\b", venue):
            metadata.container = venue
            metadata.evidence["container"] = _describe(chosen["venue"])
            return "paper-conference"
    if cue is not None and cue.value == "report":
        return "report"
    if metadata.arxiv:
        return "article"
    if cue is not None and cue.value == "paper-conference":  # a proceedings template's line
        return "paper-conference"
    if metadata.isbn and not _REPORT_DOI.match(metadata.doi):  # OECD's reports have ISBNs
        return "book"
    if _REPORT_TITLE.search(metadata.title):
        return "report"  # "World malaria report 2025", "… Policy Framework", "… Guidelines"
    return _type_of_doi(metadata.doi) or "manuscript"


_SET_APART = ("thesis", "webpage", "chapter", "speech")  # a cue for these outweighs a journal


def _published_article(metadata: DocumentMetadata) -> bool:
    """A journal, its volume and the article's DOI (or its pages, in the citation the page
    prints of itself), all printed: an article, whatever its acknowledgements say of a degree
    ("a studentship for the degree of PhD")."""
    doi = metadata.doi
    journal_doi = bool(doi) and not REPOSITORY_DOI.match(doi) and not _PREPRINT_DOI.match(doi)
    # or the page's citation of itself gives its pages: "Universitas, XII (20), enero-junio,
    # pp. 91-126" under an article whose text speaks of students' "tesis doctoral"
    cited = "citation of itself" in metadata.evidence.get("container", "") and bool(metadata.page)
    return bool(metadata.container and metadata.volume) and (journal_doi or cited)


def _type_of_doi(doi: str) -> str:
    """What a DOI printed on a document with no venue says: a preprint server's prefix, a
    book's ISBN in the suffix (a chapter where more follows it), or else, as for most DOIs
    registered, a journal article whose citation line the text layer did not give."""
    if not doi or REPOSITORY_DOI.match(doi):
        return ""
    if _PREPRINT_DOI.match(doi):
        return "article"
    if _REPORT_DOI.match(doi):
        return "report"
    if isbn := _ISBN_IN_DOI.search(doi):
        return "chapter" if doi[isbn.end() :].strip("/") else "book"
    return "article-journal"


def _type_evidence(metadata: DocumentMetadata, chosen: dict[str, Candidate]) -> str:
    cue = chosen.get("type_cue")
    if cue is not None and cue.value == metadata.type:
        return _describe(cue)
    if not metadata.container and metadata.type == _type_of_doi(metadata.doi):
        return f"no venue printed; the form of its DOI {metadata.doi}"
    reasons = {
        "paper-conference": "the container names a conference or proceedings",
        "article-journal": "a journal citation line or container was found",
        "article": "an arXiv stamp and no venue",
        "book": "an ISBN and no container",
        "manuscript": "no venue printed",
    }
    return reasons.get(metadata.type, "")
