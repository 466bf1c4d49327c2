"""Bibliographic metadata of a PDF from what it prints and what it embeds.

``layout`` reads the lines of the pages that matter (1, 2, 3 and the last) with their type
size and position; ``titleblock`` finds title and authors; ``covers`` reads the cover pages
archives add (JSTOR, OpenEdition) and a thesis author after "by"; ``printed`` proposes
candidates from citation lines, DOIs, stamps and statements; ``embedded`` reads the info
dictionary and XMP; ``decide`` picks one value per field, printed evidence first.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from essaylint.core.records import DocumentMetadata, ParsedDocument
from essaylint.ingest.library_columns import fold
from essaylint.ingest.metadata.books import BOOK_PAGES, FRONT_MATTER, imprint
from essaylint.ingest.metadata.covers import (
    cairn_cover,
    ebook_central,
    emerald_cover,
    framed_title,
    giga_cover,
    jstor_cover,
    jstor_sici_cover,
    labelled_authors,
    labelled_cover,
    labelled_names,
    labelled_title,
    mersenne_cover,
    name_alone,
    openedition_cover,
    oxford_academic_chapter,
    proquest_cover,
    redalyc_cover,
    researchgate_cover,
    researchgate_lists_some,
    sage_side_head,
    thesis_authors,
    thesis_title,
    un_document,
)
from essaylint.ingest.metadata.decide import decide, set_later_publisher
from essaylint.ingest.metadata.embedded import Embedded, read_embedded
from essaylint.ingest.metadata.journals import journal_names
from essaylint.ingest.metadata.layout import PageLines, read_page_lines, read_page_text
from essaylint.ingest.metadata.names import looks_like_name, surname_first
from essaylint.ingest.metadata.printed import (
    THESIS,
    Candidate,
    PrintedText,
    acl_foot,
    acm_reference_format,
    after_title,
    arxiv_candidates,
    atlantis_head,
    chapter_candidates,
    citation_lines,
    cnki_online_first,
    cover_issuers,
    dagstuhl_foot,
    digital_commons_cover,
    doi_candidates,
    hal_cover,
    highwire_cover,
    imprint_holder,
    is_highwire_cover,
    isbn_candidates,
    labelled_locators,
    mpra_cover,
    names_a_body,
    nature_foot,
    nice_guidance,
    normalise,
    publisher_candidates,
    publishers_note,
    report_number_candidates,
    running_body,
    running_pages,
    siam_stamp,
    springer_eoffprint,
    type_cues,
    url_candidates,
    wiley_stamp,
    year_candidates,
)
from essaylint.ingest.metadata.titleblock import TitleBlock, read_title_block
from essaylint.ingest.pdfpages import load_page

PAGES_READ = (1, 2, 3)  # and the last page
# where pages 2 and 3 print almost nothing, a report's or a book's imprint ("Please cite this
# publication as", its ISBNs) is on page 4
IMPRINT_PAGE = 4
BLANK_PAGES_SKIPPED = 3  # at most, before a title page
COVER_PAGES_CHARACTERS = 300
TITLE_PAGE_LINES = 15  # a book's title page holds few lines
_NOTED_PUBLISHER = re.compile(r"10\.(?:1186|1007|1038|3390)/")  # BMC, Springer, Nature, MDPI


def _read_page(pdf: object, number: int, sized: bool = False) -> PageLines:
    """A page's lines; with their type sizes (slower) for page 1 or where ``sized``."""
    page = load_page(pdf, number)
    if page is None:
        return PageLines(number, 0.0)
    try:
        reader = read_page_lines if number == 1 or sized else read_page_text
        return reader(page, number)
    finally:
        page.close()


class _FromFirstPrintedPage:
    """A document read from its first page with text: a thesis's unprinted flyleaves before
    its title page are not its page 1 (page numbers are counted from that page)."""

    def __init__(self, pdf: Any, skip: int) -> None:
        self.pdf, self.skip = pdf, skip

    def __len__(self) -> int:
        return len(self.pdf) - self.skip

    def __getitem__(self, index: int) -> Any:
        return self.pdf[index + self.skip]

    def get_metadata_dict(self) -> Any:
        return self.pdf.get_metadata_dict()


def _blank_leading_pages(pdf: object, first: PageLines, count: int) -> int:
    """How many pages that hold nothing at all (no text, no image, no drawing) come before
    the first printed one, or 1 for a cover that is a picture with no text before a page
    with text (a scan, text on no page, is read from page 1); 0 when page 1 prints
    something or no page of the first few does."""
    if first.text().strip():
        return 0
    skip = 0
    while skip < min(BLANK_PAGES_SKIPPED, count - 1) and _empty(pdf, skip + 1):
        skip += 1
    if skip == 0 and count > 1:
        skip = 1  # a cover that is a picture alone, no text: the title page follows
    return skip if skip < count and _read_page(pdf, skip + 1).text().strip() else 0


# what an elsarticle preprint may set before its title page
_SUMMARY_PAGE = re.compile(r"^\s*(?:Highlights|Graphical [Aa]bstract)\s*$")


def _summary_pages(pdf: object, pages: list[PageLines], count: int) -> int:
    """How many pages of highlights or a graphical abstract come before the title page (they
    print the title too, under their own heading, which is no title)."""
    skip = 0
    while skip < min(2, count - 1):
        page = pages[skip] if skip < len(pages) else _read_page(pdf, skip + 1)
        top = min(page.lines, key=lambda line: line.top, default=None)
        if top is None or not _SUMMARY_PAGE.match(top.text):
            break
        skip += 1
    return skip


# the page Elsevier set before an author's personal copy of the article
_PERSONAL_COPY_NOTICE = re.compile(
    r"This\s+article\s+appeared\s+in\s+a\s+journal\s+published\s+by\s+Elsevier\.\s+The\s+"
    r"attached\s+copy\s+is\s+furnished\s+to\s+the\s+author"
)


# the cover IOPscience set before an article it delivered (until about 2011)
_IOPSCIENCE_COVER = re.compile(
    r"This\s+article\s+has\s+been\s+downloaded\s+from\s+IOPscience\.\s+Please\s+scroll\s+down"
)


def _notice_pages(pages: list[PageLines], count: int) -> int:
    """1 where page 1 is the publisher's notice before an author's personal copy, or the
    cover of an article downloaded from IOPscience."""
    notice = (_PERSONAL_COPY_NOTICE, _IOPSCIENCE_COVER)
    if count > 1 and pages and any(p.search(pages[0].text()) for p in notice):
        return 1
    return 0


# a US dissertation's signature page, set before its title page (UT Dallas, Texas A&M)
_APPROVAL = re.compile(
    r"^\s*APPROVED\sBY\s(?:SUPERVISORY\s|DISSERTATION\s|THESIS\s)?COMMITTEE\b", re.M
)
APPROVAL_PAGES_SKIPPED = 5  # at most: the signature page, copyright, dedication, epigraph


def _approval_pages(pdf: object, pages: list[PageLines], count: int) -> int:
    """How many pages come before the title page where page 1 is the committee's signature
    page: the title page is the first that says the document is a thesis ("DISSERTATION /
    Presented to the Faculty of …"); 0 where none of the next few does."""
    if not pages or not _APPROVAL.search(pages[0].text()):
        return 0
    for number in range(2, min(APPROVAL_PAGES_SKIPPED + 1, count) + 1):
        page = pages[number - 1] if number <= len(pages) else _read_page(pdf, number)
        if THESIS.search(normalise(page.text())):
            return number - 1
    return 0


def _empty(pdf: object, number: int) -> bool:
    page = load_page(pdf, number)
    if page is None:
        return False
    try:
        return next(iter(page.get_objects()), None) is None
    finally:
        page.close()


def pdf_metadata(pdf: object, path: Path | None = None) -> DocumentMetadata:
    """The metadata of an open pypdfium2 document (``path`` lets the XMP packet be read)."""
    count = len(pdf)  # type: ignore[arg-type]
    pages = [_read_page(pdf, n) for n in PAGES_READ if n <= count]
    skip = _blank_leading_pages(pdf, pages[0], count) if pages else 0
    skip = skip or _summary_pages(pdf, pages, count) or _approval_pages(pdf, pages, count)
    skip = skip or _notice_pages(pages, count)
    if skip:
        pdf, count = _FromFirstPrintedPage(pdf, skip), count - skip
        pages = [_read_page(pdf, n) for n in PAGES_READ if n <= count]
    if _image_cover(pages) or _highwire_cover(pages):
        pages[1] = _read_page(pdf, 2, sized=True)  # its title block is read there
    inside = sum(len(page.text()) for page in pages[1:])
    if count > IMPRINT_PAGE and inside < COVER_PAGES_CHARACTERS:  # covers, a blank, a half title
        pages.append(_read_page(pdf, IMPRINT_PAGE))
    if count not in {page.number for page in pages}:
        pages.append(_read_page(pdf, count))
    embedded = read_embedded(pdf.get_metadata_dict(), path)  # type: ignore[attr-defined]
    metadata = printed_metadata(PrintedText(pages, count), embedded)
    if count > 1 and researchgate_lists_some(pages[0].text()):
        _authors_after_cover(pdf, metadata)
    read = {page.number for page in pages}
    if not metadata.publisher and metadata.type == "report" and IMPRINT_PAGE not in read | {count}:
        # a report's imprint, after a cover, an inside cover and a title page: read only here
        set_later_publisher(metadata, imprint_holder([_read_page(pdf, IMPRINT_PAGE)]))
    if not metadata.publisher and _NOTED_PUBLISHER.match(metadata.doi) and count - 1 not in read:
        # Springer Nature's and MDPI's "Publisher's Note" may close the text before the last page
        set_later_publisher(metadata, publishers_note(_read_page(pdf, count - 1)))
    _book_front_matter(pdf, metadata, pages, count)
    return metadata


def _book_front_matter(
    pdf: object, metadata: DocumentMetadata, pages: list[PageLines], count: int
) -> None:
    """A long document with no ISBN and no journal on its first pages: a book's imprint on a
    later page of its front matter (the ISBN, the edition's year, the holder), and the title
    page before it where page 1 gave no title (covers, a half title)."""
    if count < BOOK_PAGES or metadata.container or metadata.isbn:
        return
    read = {page.number: page for page in pages}
    front = [read.get(n) or _read_page(pdf, n) for n in FRONT_MATTER if n < count]
    found = imprint(front)
    if found is None:
        return
    where = f"p{found.page} the book's imprint"
    metadata.isbn = found.isbn
    metadata.evidence["isbn"] = f"{where} (0.8)"
    if found.year and not metadata.year:
        metadata.year = int(found.year)
        metadata.evidence["year"] = f"{where}, its edition (0.7)"
    if found.publisher and not metadata.publisher:
        metadata.publisher = found.publisher
        metadata.evidence["publisher"] = f"{where}, its copyright holder (0.6)"
    if metadata.type in ("", "manuscript"):
        metadata.type = "book"
        metadata.evidence["type"] = f"{where}: an ISBN and no journal"
    if len(metadata.title.split()) <= 1 or not metadata.authors:
        _title_page(pdf, metadata, found.page)


def _title_page(pdf: object, metadata: DocumentMetadata, imprint_page: int) -> None:
    """The title and authors of the nearest page before the imprint set as a title page: a
    few lines, a title of three words or more in large type (not the series' one word), the
    names above or under it. Each only where page 1 did not give it (a half title gives the
    title and no author)."""
    titled_already = len(metadata.title.split()) > 1
    first = 2 if titled_already else 1  # page 1's names were read with its title
    for number in range(imprint_page - 1, first - 1, -1):
        lines = _read_page(pdf, number, sized=True)
        if not lines.lines or len(lines.lines) > TITLE_PAGE_LINES:
            continue
        block = read_title_block(lines)
        titled = [b for b in (block, *block.alternatives) if len(b.title.split()) >= 3]
        if not titled:
            continue
        names = titled[0].authors or [
            surname_first(line.text.strip())
            for line in lines.lines
            if looks_like_name(line.text.strip())
        ]
        if not titled_already:  # page 1 gave none: covers, a blank
            metadata.title = titled[0].title
            metadata.evidence["title"] = f"p{number} the book's title page (0.6)"
        if names and not metadata.authors:
            metadata.authors = names
            metadata.evidence["authors"] = f"p{number} the book's title page (0.6)"
        return


def _citation_of_itself(
    text: PrintedText, block: TitleBlock, embedded: Embedded
) -> list[Candidate]:
    """The page's citation of itself, found after the title block's title or, where a
    cover's banner is set larger than the title ("Transportation Science" over INFORMS's
    "To cite this article: … Scheduling Aircraft Landings—The Static Case. Transportation
    Science 34(2):180-197"), after another title the page or the file names."""
    titles = [block.title, *(other.title for other in block.alternatives)]
    for title in dict.fromkeys([*titles, embedded.values.get("title", "")]):
        if found := list(after_title(text, title)):
            return found
    return []


def printed_metadata(text: PrintedText, embedded: Embedded) -> DocumentMetadata:
    """The metadata of a document from the lines of the pages that matter and what its PDF
    embeds."""
    pages = text.pages
    cover = (
        jstor_cover(text)
        or jstor_sici_cover(text)
        or oxford_academic_chapter(text)
        or proquest_cover(text)
        or emerald_cover(text)
        or cairn_cover(text)
        or mersenne_cover(text)
        or redalyc_cover(text)
        or giga_cover(text)
        or un_document(text)
        or labelled_cover(text)
    )
    block, from_cover = cover or (
        read_title_block(_page_with_title(pages)) if pages else TitleBlock(),
        [],
    )
    found = thesis_title(text, embedded.authors)
    if not cover and _thesis_title_wins(found, block.title):
        block = replace(block, title=found, over_names=False)
    elif not cover and found and found.casefold() == block.title.casefold():
        block = replace(block, alternatives=[])  # the thesis's title: no banner over the next
    if not cover and _weak_title(block.title) and (labelled := labelled_title(text)):
        block = replace(block, title=labelled, over_names=False)
    names = labelled_authors(text)
    if not names:
        names = thesis_authors(text, found)
    if names:  # "Authors:", "Prepared by"; "by" / "door" and a name on a thesis title page
        named = {"authors": [surname_first(n) for n in names], "author_text": ", ".join(names)}
        alternatives = [replace(other, **named) for other in block.alternatives]
        block = replace(block, alternatives=alternatives, **named)
    block = _title_its_citation_ends(text, block)
    candidates = [
        *from_cover,
        *openedition_cover(text),
        *ebook_central(text),
        *citation_lines(text),
        *journal_names(text),
        *_citation_of_itself(text, block, embedded),
        *doi_candidates(text),
        *arxiv_candidates(text),
        *report_number_candidates(text),
        *isbn_candidates(text),
        *publisher_candidates(text),
        *year_candidates(text),
        *running_pages(text),
        *labelled_locators(text),
        *chapter_candidates(text),
        *acm_reference_format(text),
        *acl_foot(text),
        *url_candidates(text),
        *type_cues(text),
        *cover_issuers(text),
        *running_body(text),
        *hal_cover(text),
        *digital_commons_cover(text),
        *mpra_cover(text),
        *springer_eoffprint(text),
        *highwire_cover(text),
        *siam_stamp(text),
        *cnki_online_first(text),
        *dagstuhl_foot(text),
        *nature_foot(text),
        *atlantis_head(text),
        *nice_guidance(text),
        *wiley_stamp(text),
        *sage_side_head(text),
        *researchgate_cover(text),
    ]
    return decide(text, block, embedded, candidates)


BANNER_WORDS = 4  # a repository's banner over the title: "MIT Open Access Articles"


def _title_its_citation_ends(text: PrintedText, block: TitleBlock) -> TitleBlock:
    """The title the page's citation of itself cites, where it does not cite the block's:
    the block's first lines alone (not the lines in other type under them, its
    translation), or the block set smaller under a banner ("MIT Open Access Articles")."""
    if any(after_title(text, block.title)):
        return block
    if block.head and any(after_title(text, block.head)):
        return replace(block, title=block.head)
    if len(block.title.split()) > BANNER_WORDS:
        return block
    for index, other in enumerate(block.alternatives):
        if len(other.title.split()) > BANNER_WORDS and any(after_title(text, other.title)):
            rest = [block, *block.alternatives[:index], *block.alternatives[index + 1 :]]
            return replace(other, alternatives=[replace(b, alternatives=[]) for b in rest])
    return block


COVER_IMAGE_CHARACTERS = 150  # a page 1 that prints no more, its DOI among it, is a cover
_COVER_DOI = re.compile(r"\b10\.\d{4,9}/\S+")


def _authors_after_cover(pdf: object, metadata: DocumentMetadata) -> None:
    """The authors of the article's own first page, after a ResearchGate cover that lists
    only some of them ("2 authors, including:"), where it prints the same title."""
    page = _read_page(pdf, 2, sized=True)
    inside = read_title_block(page)
    if inside.authors and _same_title(inside.title, metadata.title):
        metadata.authors = inside.authors
        metadata.evidence["authors"] = "p2 author lines, after a ResearchGate cover (0.75)"
    elif metadata.type == "thesis" and (names := labelled_names(normalise(page.text()))):
        metadata.authors = [surname_first(name) for name in names]  # "by" / "Kip C. Killpack"
        metadata.evidence["authors"] = (
            "p2 thesis title page's names, after a ResearchGate cover (0.7)"
        )


def _same_title(one: str, other: str) -> bool:
    """The same title, give or take case, spacing and marks ("10Li" and "10 Li")."""
    return bool(one) and fold(one) == fold(other)


def _page_with_title(pages: list[PageLines]) -> PageLines:
    """Page 1, or page 2 where page 1 is a cover in an image or HighWire's cover."""
    return pages[1] if _image_cover(pages) or _highwire_cover(pages) else pages[0]


def _highwire_cover(pages: list[PageLines]) -> bool:
    """Page 1 the cover HighWire sets before an article it delivers (SAGE's and others'
    journals: "The online version of this article can be found at: …"), page 2 the article."""
    return len(pages) > 1 and pages[1].number == 2 and is_highwire_cover(pages[0].text())


def _image_cover(pages: list[PageLines]) -> bool:
    """Page 1 a cover in an image that prints hardly more than its volume and DOI ("10 I
    January 2022 / https://doi.org/10.22214/…"), before a page that prints more."""
    if len(pages) < 2 or pages[1].number != 2:
        return False
    printed = [sum(len(line.text.strip()) for line in page.lines) for page in pages[:2]]
    doi = any(_COVER_DOI.search(line.text) for line in pages[0].lines)
    return doi and printed[0] < COVER_IMAGE_CHARACTERS < printed[1]


def _weak_title(title: str) -> bool:
    """A title block that read a body's name or a short heading ("URGENT ACTION"): a
    labelled title ("Titel: …") replaces it; a translated title after a label under the
    abstract does not replace the title in display type."""
    return len(title.split()) <= 3 or names_a_body(title)


_BYLINE_LABEL = re.compile(
    r"^\s*(?:(?:Présentée?|Réalisée?|Soutenue?|Presented|Submitted|Prepared|Written|Supervised)"
    r"\s(?:par|by)|Sous\sla\s(?:direction|supervision)\sde)\s?:",
    re.IGNORECASE,
)


def _thesis_title_wins(found: str, title: str) -> bool:
    """Whether a thesis title page's title replaces the title block's: where the block found
    none, read the institution or the degree, or stopped at the first of lines set apart
    ("HARP: A MACHINE LEARNING FRAMEWORK" / "ON TOP OF …"), or began at the second ("AND THE
    EULER EQUATION …" under "LIMITED BOND MARKET PARTICIPATION")."""
    longer = len(found) > len(title)  # the block stopped at its first lines, or began after them
    extends = longer and found.casefold().startswith(title.casefold())
    extends = extends or (longer and bool(title) and found.casefold().endswith(title.casefold()))
    named = name_alone(title) or _BYLINE_LABEL.match(title)  # the author's name (or its
    # label: "Présenté par : Kenneth ASSOGBA") set as large as the title
    return bool(found) and (not title or framed_title(title) or extends or bool(named))


def add_pdf_metadata(path: Path, document: ParsedDocument) -> None:
    """The metadata of a document another parser read, from the original PDF."""
    import pypdfium2 as pdfium

    try:
        pdf = pdfium.PdfDocument(str(path))
    except pdfium.PdfiumError:
        return
    try:
        document.metadata = pdf_metadata(pdf, path)
    finally:
        pdf.close()
