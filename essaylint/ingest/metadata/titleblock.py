"""The title block of page 1: the largest type near the top is the title, the lines under
it, up to the first affiliation or the abstract, are the authors."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from essaylint.ingest.library_columns import fold
from essaylint.ingest.metadata.embedded import PLACEHOLDER_TITLE
from essaylint.ingest.metadata.layout import Line, PageLines, join_cjk_breaks
from essaylint.ingest.metadata.names import (
    CJK_LETTERS,
    looks_like_name,
    split_names,
    surname_first,
)
from essaylint.ingest.metadata.printed import MONTH, THESIS, YEAR, names_a_body

_LABEL = re.compile(
    r"^(?:(?:original|research|review|short|brief|regular|full|invited|technical|case|"
    r"clinical|methods?|software|data|systematic|empirical|theoretical|conceptual)\s+)*(?:article|paper|report|communication|"
    r"review|note|letter|study|editorial|commentary|perspective|protocol|research)s?"
    r"(?:\s+open\s+access)?$|^open\s+access$|^abstract$"
    r"|^(?:\d{1,2}\.?\s+|I\.\s+)?introduction$"  # the first section's heading, set larger
    r"|^(?:[工理文]学|공학|이학|문학)?(?:修士|博士|卒業|学位|碩士|硕士|석사|박사|학사)(?:学位)?(?:論文|论文|학위논문|논문)$",
    re.IGNORECASE,
)
_NOT_TITLE = re.compile(
    r"www\.|https?://|@|doi\b|©|\bISSN\b|\bvol(?:ume)?\b\.?\s*(?:\d|[IVXLC]+\b)|=|\bPaper\sSeries\b|"
    r"^\s*(?:NIH|HHS)\sPublic\sAccess\s*$|^\s*Author\smanuscript\s*$|"  # a PMC cover's labels
    r"^\s*(?:article\sin\spress(?:\s?G\s?Model)?|journal\spre-proof)\s*$|"  # a status stamped
    r"^\s*Author['’]s\s(?:personal\scopy|proof)\s*$|"
    r"^\s*[A-Z]{2}(?:\s+[A-Z]{2})+\s*$|"  # language codes: "EN EN"
    r"^\s*(?:Revision|Version)\s[\w.]{1,12}\s*$",  # "Manual for Package: …" / "Revision 7M"
    re.I,
)
# a postal address set large on a cover: "1050 Massachusetts Avenue", "Cambridge, MA 02138"
_ADDRESS = re.compile(
    r"^\s*\d{1,5}\s+(?:[A-Z][\w.'’-]*\s+){1,3}(?:Avenue|Ave\.?|Street|St\.|Road|Rd\.|"
    r"Boulevard|Blvd\.?|Drive|Lane|Place|Square|Way)\s*$|"
    r"^\s*[A-Z][\w.'’ -]+,\s+[A-Z]{2}\s+\d{5}(?:-\d{4})?\s*$"
)
# a cover's date set large: "January 2025, Revised May 2025", "August 1983"
_DATE = rf"(?:{MONTH},?\s+)?(?:\d{{1,2}},?\s+)?{YEAR}"
_DATE_ALONE = re.compile(
    rf"^\s*{_DATE}(?:\s*[,;]?\s*(?i:revised|updated|this\sversion:?)\s+{_DATE})?\s*$"
)
_AFFILIATION = re.compile(
    r"universit|université|universidad|universität|universiteit|\buniv\b|department|departament|"
    r"département|dept\.|"
    r"institut|istituto|instituto|school|college|faculty|hospital|laborator|\bcent(?:er|re)\b|\binc\.|\bltd\b|"
    r"corporation|gmbh|\bdivision\b|\bunit\b|academy|ministry|foundation|\bgroup\b|research|"
    r"\blab\b|\bgoogle\b|microsoft|\bibm\b|street|\broad\b|avenue|\bbox\b|programm?e?\b|"
    r"\bagency\b|\bcouncil\b|\bnetwork\b|\bproject\b|association|society|committee|"
    r"science|engineering|informatics|computing|technolog|mathemati|physics|chemistry|"
    r"biology|medicine|\bhealth\b|\bsystems\b|\bstudies\b|"
    r"\bclinic\b|@|\babstract\b|\bsummary\b|\bkeywords?\b|correspond|received|e-?mail",
    re.IGNORECASE,
)
_STOP = re.compile(
    r"^(?:abstract|summary|résumé|keywords?|(?:(?:1|I)\.?\s+)?introduction|citation\s{2})\b", re.I
)  # "Citation  Daffner, Kirk R., …": a repository's cover cites the work, names inverted
_METADATA_LINE = re.compile(
    r"\bdoi\b|\b(?:19|20)\d\d\b.*\d+:\d+|\b(?:Technical|Research)\sReport\b|\bWorking\sPaper\b"
    r"|\bwas\sautomatically\sgenerated\sfrom\b",  # Manubot: "This manuscript (permalink) was …"
    re.IGNORECASE,
)
# "Kevin J Loope (kjl75@cornell.edu)", "Roxana Burciu, roxanadiana.burciu@phd.unibocconi.it"
_NAME_WITH_EMAIL = re.compile(
    r"^(?:(?P<name>[^\W\d_][^()@]{2,60}?)\s*\(\s*[\w.+\-]+@[\w.\-]+\s*\)|"
    r"(?P<comma_name>[^\W\d_][^()@,]{2,60}?),\s*[\w.+\-]+@[\w.\-]+|"
    r"(?P<gap_name>[^\W\d_][^()@,]{2,60}?)\s{2,}[\w.+\-]+@[\w.\-]+)$"  # JMLR's "Name  e-mail"
)
NAME_ADDRESS_LINES = 3  # the lines of a place under each name with its e-mail
# a lone capitalised word after the last separator of a line, and a line that opens with
# one word and its marks: the two halves of one name
_GIVEN_AT_END = re.compile(r"(?<![,;&])(?<!\band)\s*\b[A-Z][a-z][\w'’\-]*\s*$")
_FAMILY_AT_START = re.compile(
    r"^\s*[A-ZÀ-Þ][a-zß-ÿ][\w'’\-]*?(?:[\d*∗†‡§¶,]|\s?\(\d{1,2}(?:,\s?\d{1,2})*\)|"
    r"(?<=[a-z])(?:I{1,3}|IV|VI{0,3})\b)"
)  # with its mark: "Zhang2", "DutraI" (affiliation I), "Denney-Wilson4", "Mäusezahl (2)"
# a version and review status after the title: "[v2; ref status: indexed, http://f1000r.es/4fj]"
_STATUS_TAG = re.compile(r"\s*\[[^\]]*(?:ref status|https?://)[^\]]*\]\s*$", re.IGNORECASE)
_BY_ALONE = re.compile(r"(?:(?:reviewed|written|edited)\s)?by", re.I)
_BEFORE_NAMES = re.compile(
    rf"^(?:{_BY_ALONE.pattern}|(?:an?\s)?preprint|(?:an?\s)?(?:working\s)?paper|authors?)$", re.I
)
# a line that breaks off at a preposition or conjunction: the next line goes on with it (a
# title's, or a thesis cover's "CURSO DE MESTRADO EM DESENVOLVIMENTO CURRICULAR E")
OPEN_END = re.compile(
    r"\b(?:of|for|and|in|on|to|with|the|a|an|by|from|chez|et|de|du|des|le|la|les|à|pour|sur|"
    r"und|der|die|das|von|für|zu|mit|y|el|los|las|del|en|e|di|della|per|con|do|da|dos|em)\s*$"
    r"|:\s*$",  # "When Regimes Do Not Help:" over its subtitle
    re.I,
)
TOP_SHARE = 0.7  # the title sits in the upper part of page 1
TITLE_CONTRAST = 1.15  # a title is set larger than the body text
FAINT_CONTRAST = 1.05  # or, where nothing is, a little larger near the top
FAINT_SHARE = 0.45
FAINT_LINES = 3
# A name and its affiliation on one line (ACM: "KIRAN GARIMELLA, Aalto University"; a USENIX
# cover: "Xueqiang Wang, University of Central Florida; Yifan Zhang and XiaoFeng Wang, …")
_NAME_AND_AFFILIATION = re.compile(
    r"(?:^|;\s)(?P<name>[A-Z][^,;()\d]{2,60}?),\s+(?=[^;]*?(?:Universit|Institut|Research|"
    r"Laborator|Inc\b|School|College|CNRS|Google|Microsoft))"
)
_NAME_MARK = re.compile(r"[\d*∗†‡§¶,]")
NAMES_SHARE = 0.45  # where no type is larger, the names under the title sit this high
APA_NAMES_SHARE = 0.6  # an APA manuscript's title page ("Running head: …") centres them
_RUNNING_HEAD = re.compile(r"^\s*Running\s(?:head|title)\s?:", re.IGNORECASE)
COVER_LINES = 12  # page 1 prints no more lines than this: a cover
COVER_CHARACTERS = 600  # or no more text than this, its title set line by line in display type
COVER_TITLE_SIZE = 14.0  # and its title is display type (points), not a fragment of text
PARAGRAPH_LINE = 40  # characters: a line of running text
PROSE_TITLE_WORDS = 60  # a "title" this long is a paragraph
MAX_AUTHOR_LINES = 24  # a long list one name a line (BMC's provisional PDFs)
MAX_AUTHOR_FRAGMENTS = 60


@dataclass
class TitleBlock:
    title: str = ""
    authors: list[str] = field(default_factory=list)
    author_text: str = ""
    alternatives: list[TitleBlock] = field(default_factory=list)  # smaller type, in order
    top: float = 0.0
    over_names: bool = False  # found over the names, not by its type size: weaker evidence
    faint: bool = False  # set only a little larger than the text: weaker evidence still
    head: str = ""  # its first lines, where a line of other type (a translation?) follows


def read_title_block(page: PageLines) -> TitleBlock:
    """The block set in the largest type (and, as alternatives, the next largest: a journal
    banner may be set larger than the title)."""
    lines = page.lines
    body = _body_size(lines)
    candidates = [
        i
        for i, line in enumerate(lines)
        if line.top < page.height * TOP_SHARE
        and _could_be_title(line)
        and line.size >= TITLE_CONTRAST * body
        and not _size_misread(lines, i)
        and not _after_by(lines, i)
    ]
    blocks: list[TitleBlock] = []
    used: set[int] = set()
    for start in sorted(candidates, key=lambda i: -lines[i].size):  # page order within a size
        if sum(not names_a_body(b.title) for b in blocks) == 3:
            break
        if start in used:
            continue  # a banner and the title may share a size: both are kept
        block, span = _block_at(lines, start)
        used |= span
        if _name_over_affiliation(lines, span):
            continue  # a cover's byline, each name over its university, set as large
        if block.title and all(block.title != b.title for b in blocks):
            blocks.append(block)
    if not blocks:
        over_names = _block_over_names(page, body)
        if over_names.title:
            return over_names
        if len(lines) > COVER_LINES and _characters(lines) > COVER_CHARACTERS:
            return _faint_block(page, body)
        blocks = _cover_block(lines)
    if not blocks:
        return TitleBlock()
    blocks = _byline_last(_body_names_last(_prose_last(blocks)))
    listed = _names_with_emails(lines)
    for block in blocks:
        if listed and _fuller(block.authors, [surname_first(n) for n in listed]):
            block.authors = [surname_first(n) for n in listed]
            block.author_text = ", ".join(listed)
    first = blocks[0]
    first.alternatives = blocks[1:]
    return first


# an affiliation's own word, whole ("Versus Institutions" under "Geographic Proximity" is a
# title's second line)
_ORGANISATION = re.compile(
    r"\b(?:University|Universit[éàäy]\w*|College|Institute|School|Hospital|Cent(?:er|re)|"
    r"Laboratory|Academy|Inc\.?|Ltd\.?|GmbH)\b"
)


def _name_over_affiliation(lines: list[Line], span: set[int]) -> bool:
    """A block that is a name over its affiliation ("David Lazer" / "John F. Kennedy School of
    Government - Harvard University"), as a working paper's cover sets its authors."""
    ordered = sorted(span, key=lambda i: lines[i].top)
    if len(ordered) < 2:
        return False
    first = lines[ordered[0]].text.strip()
    rest = " ".join(lines[i].text for i in ordered[1:])
    return (
        len(split_names(first)) == 1 and looks_like_name(first) and bool(_ORGANISATION.search(rest))
    )


def _after_by(lines: list[Line], index: int) -> bool:
    """A line under a "by" of its own: the authors, however large they are set."""
    return index > 0 and bool(_BY_ALONE.fullmatch(lines[index - 1].text.strip()))


def _size_misread(lines: list[Line], index: int) -> bool:
    """A size the text layer misstates: a line above or below, said to be set as large,
    stands less than half that size away ("Resumen: …" read as 55.8 pt on an 11 pt pitch)."""
    line = lines[index]
    return (
        len(line.text) >= PARAGRAPH_LINE
        and any(
            abs(other.size - line.size) <= 0.1
            and 0 < abs(other.top - line.top) < 0.5 * line.size
            and len(other.text) >= PARAGRAPH_LINE  # not a formula's piece set a little higher
            for other in lines[max(0, index - 1) : index + 2]
            if other is not line
        )
    )


def _fuller(read: list[str], listed: list[str]) -> bool:
    """Whether the names listed with their e-mails say more than those read under the title
    (the first of them only, where a department follows each)."""
    return len(listed) > len(read) and set(read) <= set(listed)


def _characters(lines: list[Line]) -> int:
    return sum(len(line.text.strip()) for line in lines)


def _byline_last(blocks: list[TitleBlock]) -> list[TitleBlock]:
    """The byline set a hair larger than a title in capitals above it ("Yaffa Yeshurun and
    Liat Levy" under "TRANSIENT SPATIAL ATTENTION …"): the block above is the title, and the
    byline its names."""
    names = authors_from_text(blocks[0].title)
    above = [b for b in blocks[1:] if b.top < blocks[0].top]
    if len(names) < 2 or not above:
        return blocks
    title = above[-1]
    if not title.authors:
        title = replace(title, authors=names, author_text=blocks[0].title)
    return [title] + [b for b in blocks if b is not above[-1] and b is not blocks[0]]


def _prose_last(blocks: list[TitleBlock]) -> list[TitleBlock]:
    """A paragraph of running text set in the largest type (IMS journals set the body larger
    than the title in capitals over it) is no title while a shorter block is there."""
    prose = [b for b in blocks if len(b.title.split()) > PROSE_TITLE_WORDS]
    return [b for b in blocks if b not in prose] + prose if len(prose) < len(blocks) else blocks


def _body_names_last(blocks: list[TitleBlock]) -> list[TitleBlock]:
    """A report's cover sets its issuer larger than its title ("World Health Organization",
    "KINGDOM OF MOROCCO" over "THE TOURISM SECTOR: …"): the issuer's name is no title
    while a block of three words or more that names no body is there."""
    if not names_a_body(blocks[0].title):
        return blocks
    titles = [b for b in blocks if not names_a_body(b.title) and len(b.title.split()) >= 3]
    return titles + [b for b in blocks if b not in titles] if titles else blocks


def _cover_block(lines: list[Line]) -> list[TitleBlock]:
    """A cover that prints little but its title (an OECD report, a proceedings volume, a fact
    sheet): the largest type wherever it sits, whatever the few other lines are set in."""
    titles = [
        i
        for i, line in enumerate(lines)
        if _could_be_title(line)
        and line.size >= COVER_TITLE_SIZE
        and not _size_misread(lines, i)
        and not _after_by(lines, i)
    ]
    if not titles:
        return []
    largest = max(lines[i].size for i in titles)
    blocks: list[TitleBlock] = []
    used: set[int] = set()
    for start in (i for i in titles if lines[i].size >= largest - 0.1 and i not in used):
        block, span = _block_at(lines, start, names_above=False)
        used |= span
        if block.author_text.isupper():
            block.authors, block.author_text = [], ""  # "A. ADULTS": a section heading
        if block.title:
            blocks.append(block)  # in page order: the later ones are alternatives
    return blocks[:3]


def _faint_block(page: PageLines, body: float) -> TitleBlock:
    """The last resort where no type stands out: the first lines near the top of page 1 set
    a little larger than the text ("Pitch Extraction / and Fundamental Frequency: …" in 10.6
    points over a report's 9.7)."""
    lines = page.lines
    faint = [
        i
        for i, line in enumerate(lines)
        if line.top < page.height * FAINT_SHARE
        and _could_be_title(line)
        and FAINT_CONTRAST * body <= line.size < TITLE_CONTRAST * body
    ]
    if not faint:
        return TitleBlock()
    largest = max(lines[i].size for i in faint)
    first = next(i for i in faint if lines[i].size >= largest - 0.1)
    end, named = first, False
    while end + 1 < len(lines) and _same_line_of_type(lines[end + 1], lines[end]):
        if named := end > first and _name_set_apart(lines[first : end + 2]):
            break
        end += 1
    after = lines[end + 1] if end + 1 < len(lines) and not named else None
    if end - first >= FAINT_LINES or (after and after.size >= largest - 0.1):
        return TitleBlock()  # a paragraph set larger, not a title
    title = _tidy_title(" ".join(line.text for line in lines[first : end + 1]))
    if len(title.split()) < 2:
        return TitleBlock()
    return _block_of(title, _author_text(lines[end + 1 :], largest), lines[first].top, faint=True)


def _name_set_apart(lines: list[Line]) -> bool:
    """The last line a name in the title's capitals ("HÉLITON PANDORFI"), further below the
    line above it than the title's lines are from each other."""
    *title, above, last = lines
    step = above.top - (title[-1].top if title else above.top)
    apart = last.top - above.top > 1.5 * step > 0
    return apart and looks_like_name(" ".join(w.capitalize() for w in last.text.split()))


def _block_of(title: str, author_text: str, top: float, **weaker: bool) -> TitleBlock:
    authors = authors_from_text(author_text)
    return TitleBlock(title=title, authors=authors, author_text=author_text, top=top, **weaker)


def _same_line_of_type(line: Line, above: Line) -> bool:
    gap = line.top - above.bottom
    return (
        abs(line.size - above.size) <= 0.02 * above.size
        and -0.5 * above.size < gap < 0.8 * above.size
    )


def _block_over_names(page: PageLines, body: float) -> TitleBlock:
    """A title set no larger than the text (bioRxiv, AASTeX drafts, some IEEE letters): the
    lines right above the first line of names near the top of page 1, set alike and at
    least as large as the text."""
    lines = page.lines
    apa = any(_RUNNING_HEAD.match(line.text) for line in lines[:40])
    share = APA_NAMES_SHARE if apa else NAMES_SHARE
    for index, line in enumerate(lines[:40]):
        if line.top > page.height * share:
            continue  # a page number the text layer gives first, or the body
        named = _names_line(_row(lines, index)) or _one_a_line(lines, index)
        if index == 0 or not (named or _name_apart(lines, index)):
            continue  # one name and no mark: a title's line ("Differential Constellation …")
        if _capitals_over_names(lines, index):
            continue  # "AI, HUMAN COGNITION AND KNOWLEDGE COLLAPSE" over "Daron Acemoglu"
        end = index - 1
        if end > 0 and _BEFORE_NAMES.match(lines[end].text.strip()):
            end -= 1  # "Reviewed by" over the reviewer's name
        size = lines[end].size
        if not _could_be_title(lines[end]) or size < body - 0.3:
            return TitleBlock()
        start = end
        while start > 0 and _continues_title(lines[start - 1], size, lines[start], before=True):
            start -= 1
        title = _tidy_title(" ".join(lines[i].text for i in range(start, end + 1)))
        author_text = _author_text(lines[index:], float("inf"))
        return _block_of(title, author_text, lines[start].top, over_names=True)
    return TitleBlock()


def _capitals_over_names(lines: list[Line], index: int) -> bool:
    """A line in capitals read as names, right over names one a line in mixed case: the
    title in capitals over its byline (an NBER cover, all in one type)."""
    return (
        lines[index].text.isupper()
        and index + 1 < len(lines)
        and not lines[index + 1].text.isupper()
        and _one_a_line(lines, index + 1)
    )


def _row(lines: list[Line], index: int) -> Line:
    """The line and the pieces the text layer set beside it ("Cartaud Alice1", ", Quesque
    François2", ", Coello Yann1" at one height)."""
    row = [lines[index]]
    for line in lines[index + 1 : index + 8]:
        if abs(line.top - lines[index].top) > 1.0:
            break
        row.append(line)
    if len(row) == 1:
        return lines[index]
    text = " ".join(piece.text for piece in row)
    marked = " ".join(piece.names_text for piece in row)
    return replace(lines[index], text=text, marked=marked if marked != text else "")


def _one_a_line(lines: list[Line], index: int) -> bool:
    """Names one a line ("Peter Arcidiacono" / "Josh Kinsler"), perhaps each over its
    affiliation ("Olga Stavrova" / "Tilburg University" / "Daniel Ehlebracht")."""
    line = lines[index]
    if line.text.isupper() or _name_count(line) != 1:
        return False
    following = lines[index + 1 : index + 3]
    if following and _name_count(following[0]) == 1:
        return True
    return (
        len(following) == 2
        and bool(_AFFILIATION.search(following[0].text))
        and _name_count(following[1]) == 1
    )


def _name_apart(lines: list[Line], index: int) -> bool:
    """One name alone on its line, set apart under a long line: a single author under a
    title in text type ("Relación entre la desigualdad … 2014-2024" / "Alan Matheo Morales
    Gualotuña"); the last line of a title sits close under the one before it."""
    line, above = lines[index], lines[index - 1]
    return (
        not line.text.isupper()
        and _name_count(line) == 1
        and len(above.text.split()) >= 6
        and not above.text.rstrip().endswith(".")  # a paragraph's last line over a heading
        and line.top - above.bottom > 0.8 * line.size
    )


def _names_line(line: Line) -> bool:
    """A line of names set like the title: two names or more, or one with its mark."""
    count = _name_count(line)
    return count >= 2 or (count == 1 and bool(_NAME_MARK.search(line.names_text)))


_HAN_OR_HANGUL = re.compile(f"[{CJK_LETTERS}]")
_CJK_GAP = re.compile(f"(?<=[{CJK_LETTERS}])\\s+(?=[{CJK_LETTERS}])")


def _cjk_alike(line: Line, above: Line) -> bool:
    """A Korean or Chinese title's next line, set in its very type: its words are as short
    as names ("탄성체의 거동 해석"), but names are not set in the title's size."""
    return bool(_HAN_OR_HANGUL.search(line.text)) and abs(line.size - above.size) <= 0.3


def _name_count(line: Line) -> int:
    return len(authors_from_text(line.names_text))


def _names_with_emails(lines: list[Line]) -> list[str]:
    """Authors listed one a line with their e-mail, "Kevin J Loope (kjl75@cornell.edu)", or
    with the e-mail alone on the line under the name (JMLR's "Jun Chen 1" / "junc@zju.edu.cn"
    among "Hanwen Chen 1  chenhanwen@zju.edu.cn" lines)."""
    names: list[str] = []
    since = 0  # lines since the last name
    for above, line in zip([None, *lines[:59]], lines[:60], strict=False):
        match = _NAME_WITH_EMAIL.match(line.names_text.strip()) or _NAME_WITH_EMAIL.match(
            line.text.strip()  # an e-mail set a little raised reads as marks in names_text
        )
        name = next((g for g in match.groups() if g), "").strip() if match else ""
        if not name and above is not None and _EMAIL_ALONE.fullmatch(line.text.strip()):
            name = _name_alone_on(above)
        name = re.sub(r"[\s\d,*∗†‡§¶]+$", "", name)  # its marks
        if name and looks_like_name(name):
            names.append(name)
            since = 0
            continue
        since += 1
        if names and (since > NAME_ADDRESS_LINES or _STOP.match(line.text.strip())):
            break  # each name over its department and place
    return names


_EMAIL_ALONE = re.compile(r"\(?[\w.+\-]+@[\w.\-]+\)?")


def _name_alone_on(line: Line) -> str:
    parts = split_names(line.names_text)
    return parts[0] if len(parts) == 1 else ""


# "By Claire Duddy  Coronavirus: Long covid": the byline and the title in one line of the text
# layer, a wide gap between them (the House of Commons Library's briefings)
_BYLINE_BESIDE = re.compile(
    r"By\s(?P<name>[A-Z][\w.'’\-]+(?:\s[A-Z][\w.'’\-]+){1,3})\s{2,}(?P<title>\S.+)"
)


def _block_at(
    lines: list[Line], start: int, names_above: bool = True
) -> tuple[TitleBlock, set[int]]:
    size = lines[start].size
    while start > 0 and _continues_title(lines[start - 1], size, lines[start], before=True):
        start -= 1
    end = start
    while (
        end + 1 < len(lines)
        and _continues_title(lines[end + 1], size, lines[end])
        and (
            _name_count(lines[end + 1]) < 2
            or OPEN_END.search(lines[end].text)
            or _comma_in_same_type(lines[end], lines[end + 1])
            or _cjk_alike(lines[end + 1], lines[end])
            or _title_goes_on(lines, end + 1, size)
        )
        and not NUMBERED_NOTE.search(lines[end].text)  # the title's end, its translation under it
    ):  # the names under it stop it, unless the line above breaks off ("… chez" / "Raymond
        end += 1  # Queneau et Marie-Sissi Labrèche")
    while (  # a text layer that gives a title's lines bottom first
        end + 1 < len(lines)
        and _continues_title(lines[end + 1], size, lines[end], before=True)
        and _name_count(lines[end + 1]) < 2
    ):
        end += 1
    chosen = sorted(range(start, end + 1), key=lambda i: lines[i].top)
    if _section_label(lines, chosen):
        chosen = chosen[1:]
    title = " ".join(lines[i].text for i in chosen)
    beside = _BYLINE_BESIDE.fullmatch(title.strip())
    if beside and looks_like_name(beside["name"]):
        title = beside["title"]
    block = TitleBlock(
        title=_tidy_title(title), top=lines[chosen[0]].top, head=_head(lines, chosen)
    )
    names_from = end + 1
    if NUMBERED_NOTE.search(lines[end].text):  # the names come after the title's translation
        while names_from < len(lines) and _continues_title(
            lines[names_from], size, lines[names_from - 1]
        ):
            names_from += 1
    block.author_text = _author_text(
        lines[names_from:], max(lines[i].size for i in range(start, end + 1)), block.title
    )
    block.authors = authors_from_text(block.author_text)
    if beside and not block.authors:
        block.authors, block.author_text = [surname_first(beside["name"])], beside["name"]
    if not block.authors and start > 0 and names_above and lines[start - 1].size < size:
        # De Gruyter sets the names above the title, in a proof after a query mark ("Q1")
        above = _PROOF_QUERY.sub("", _names_above(lines, start)).strip()
        block.authors = authors_from_text(above)
        block.author_text = above if block.authors else block.author_text
    return block, set(range(start, end + 1))


def _comma_in_same_type(line: Line, below: Line) -> bool:
    """A title line that ends with a comma goes on in its own type: "Past Life’: Transported
    Convicts," / "Former Lives and Previous Offences" are no names."""
    return line.text.rstrip().endswith(",") and abs(below.size - line.size) <= 0.02 * line.size


_DASHED_LABEL = re.compile(r"[A-Z]{3,}(?:\s?[—–/]\s?[A-Z]{3,})+")  # "POLLS—TRENDS"


def _section_label(lines: list[Line], chosen: list[int]) -> bool:
    """A journal section's label in capitals over the title, in a type of its own
    ("POLLS—TRENDS" in 13.8 points over "NORTH AMERICAN PUBLIC OPINION …" in 13.4)."""
    if len(chosen) < 2:
        return False
    first, second = lines[chosen[0]], lines[chosen[1]]
    rest = " ".join(lines[i].text for i in chosen[1:])
    return (
        bool(_DASHED_LABEL.fullmatch(first.text.strip()))
        and abs(first.size - second.size) > 0.1
        and len(rest.split()) >= 4
    )


def _head(lines: list[Line], chosen: list[int]) -> str:
    """The title's first lines in one type, where lines in another type follow them ("Manejo
    de la gestión del tiempo …" in 16 points over "Management of time management …" in 14)."""
    size = lines[chosen[0]].size
    same = next((n for n, i in enumerate(chosen) if abs(lines[i].size - size) > 0.1), 0)
    return _tidy_title(" ".join(lines[i].text for i in chosen[:same])) if same else ""


# "WHO/CDS/CSR/ISR/2000.1": a document's code set as large as its title
_DOCUMENT_CODE = re.compile(r"[A-Z][A-Z0-9]{1,9}(?:/[\w.()\-]+){2,}")
_PROOF_QUERY = re.compile(r"^\s*Q\d{1,2}\s+")
_NAMES_GO_ON = re.compile(r"(?:[·•,;&]|\band)\s*$")


def _title_goes_on(lines: list[Line], index: int, size: float) -> bool:
    """Whether a line that reads as names ("Promote Long-Term Survival, and Have No Impact")
    sits inside the title: the title's next line goes on in its type, mid-sentence ("on the
    Incidence of …"); names are not followed by more of the title."""
    following = lines[index + 1] if index + 1 < len(lines) else None
    if following is None or abs(lines[index].size - size) > 0.02 * size:
        return False
    if not _continues_title(following, size, lines[index]):
        return False
    # "Among White and Black Respondents," / "Relative to Multiracial Respondents": a line
    # broken at a comma whose next line, in the title's type, names no one
    broken = lines[index].text.rstrip().endswith(",") and _name_count(following) < 2
    return broken or following.text.lstrip()[:1].islower()


def _names_above(lines: list[Line], start: int) -> str:
    """The line of names right above a title, with the lines above it that end on a
    separator ("J. Einarsson · A. Johansson ·" / "J.R. Angilella · D. Hanstorp")."""
    first = start - 1
    while (
        first > 0
        and start - first < 3
        and abs(lines[first - 1].size - lines[start - 1].size) <= 0.6
        and _NAMES_GO_ON.search(lines[first - 1].names_text)
    ):
        first -= 1
    return " ".join(lines[i].names_text.strip() for i in range(first, start))


# a supervisor's title after the name on a Japanese, Chinese or Korean thesis cover
_TITLE_SMALL_WORDS = frozenset(
    ["as", "of", "in", "on", "for", "to", "with", "from", "the", "a", "an"]
)
_ADVISOR = re.compile(r"教授|助教|准教授|講師|指導|指导|导师|지도")


def _reads_as_title(piece: str) -> bool:
    """A piece of a "byline" that is a title's words ("Comparisons as Anticipatory", split
    from "… and Relational Practice" at its "and"): three words or more from a capital, one
    of them a small word in lower case that no name holds."""
    words = piece.split()
    capitalised = words[0][:1].isupper() if words else False  # not "on behalf of the …"
    return capitalised and len(words) >= 3 and any(w in _TITLE_SMALL_WORDS for w in words[1:])


def authors_from_text(text: str) -> list[str]:
    """Names from an author line; empty when the line holds anything but names. A "name"
    printed more than once is an affiliation under each name of a grid ("UC Merced"); the
    names of supervisors ("杉山 和靖 教授") are no authors."""
    if _ADVISOR.search(text):
        return []
    names = split_names(text)
    names = [n for n in names if names.count(n) == 1]
    good = [n for n in names if looks_like_name(n)]
    if not good or len(good) < 0.6 * len(names) or any(_reads_as_title(n) for n in names):
        return []
    return [surname_first(n) for n in good]


ONE_WORD_SPACED = re.compile(r"(?:[A-ZÀ-Þ]\s+){2,}[A-ZÀ-Þ]")  # "T  E  S  I  S": a genre's label


def _could_be_title(line: Line, fewest_letters: int = 4) -> bool:
    text = _STATUS_TAG.sub("", line.text).strip()
    letters = sum(c.isalpha() for c in text)
    unspaced = _CJK_GAP.sub("", text)  # a label set letter-spaced: "修  士  学  位 論  文"
    return (
        letters >= fewest_letters
        and not re.fullmatch(r"\w+\s?:", text)  # "DECRETA:", a label
        and not _LABEL.match(unspaced)
        and not _NOT_TITLE.search(text)
        and not _ADDRESS.match(text)
        and not _DATE_ALONE.match(text)
        and not PLACEHOLDER_TITLE.match(text)
        and not _DOCUMENT_CODE.fullmatch(text)
        and not ONE_WORD_SPACED.fullmatch(text)
        and not _equation(text)
    )


# a math font's brackets ("ð2Þ" for "(2)"): a displayed equation set in large type
_MATH_BRACKETS = re.compile(r"ð\s?\d{0,3}\s?Þ")


def _equation(text: str) -> bool:
    """A displayed equation ("ð Þrþβα ð2Þ"): a math font's brackets, hardly a word."""
    return bool(_MATH_BRACKETS.search(text)) and len(re.findall(r"[a-z]{4,}", text)) < 2


_CLOSED = re.compile(r"[^\W\d_]{4,}\.\s*$")  # a line that ends a sentence


def _continues_title(line: Line, size: float, neighbour: Line, before: bool = False) -> bool:
    """A line of the same title: type within 15 % of its size, close above or below. Its
    last line may be a short word set in the same type ("… directly from transcript" / "IDs")."""
    same_type = abs(line.size - size) <= 0.02 * size
    fewest = 2 if same_type and not before and len(line.text.split()) == 1 else 4
    upper, lower = (line, neighbour) if before else (neighbour, line)
    colon = upper.text.rstrip().endswith(":")  # "THE TOURISM SECTOR:" / "PROGRESS REPORT …"
    alike = 0.25 if colon and not before else 0.15  # a subtitle may be set smaller
    as_above = not before and abs(line.size - neighbour.size) <= 0.02 * size  # the subtitle's
    near = abs(line.size - size) <= (0.25 if as_above else alike) * size
    # a line the title breaks off at ("… Childbirth: A" / "Case Report", "… by Clustering
    # and" / "Neural Networks", set double-spaced) goes on, whatever the next line reads as
    small_start = lower.text.lstrip()[:1].islower() and not _BY_START.match(lower.text)
    auxiliary = _AUXILIARY_END.search(upper.text)  # "How Transparency and Reproducibility Can"
    broken = not before and bool(OPEN_END.search(upper.text) or small_start or auxiliary)
    if not near or not (_could_be_title(line, fewest) or (broken and _letters(line) >= fewest)):
        return False
    named = not before and looks_like_name(line.text.strip(" ."))
    if named and (_CLOSED.search(upper.text) or (not same_type and not broken)):
        return False  # "Projet de master en Philosophie." / "Aubin Robert.", "… Model" / "Linna Hu"
    gap = lower.top - upper.bottom
    # a title in capitals set wide goes on; its translation under it, made alike, does not
    capitals = upper.text.isupper() and lower.text.isupper() and ":" not in upper.text + lower.text
    widest = (
        1.6 if colon else 2.0 if broken and same_type else 1.2 if capitals and same_type else 0.8
    )
    if small_start and abs(line.size - neighbour.size) <= 0.05 * size:
        widest = 3.0  # a thesis title set with wide spacing: "… Methods" / "for Electoral Politics"
    return -0.5 * size < gap < widest * size


_BY_START = re.compile(r"\s*by\b")
_AUXILIARY_END = re.compile(
    r"\b(?:Can|Could|May|Might|Must|Should|Will|Would|Does|Do|Did|Is|Are|Was|Were)\s*$"
)


def _letters(line: Line) -> int:
    return sum(c.isalpha() for c in line.text)


# a note's number set on a title's last word ("… de época imperial1", "… FOR GERMANY1"); a
# word in mixed case keeps its digit ("Web3")
NUMBERED_NOTE = re.compile(r"\b(?P<word>[^\W\d_A-Z]{4,}|[^\W\d_a-z]{4,})[1-9]\s*$")
# and on a capitalised word that ends the title ("… en Colima, México1", "… Term Premium
# News1"), not on a short one ("Web3")
_NAME_NOTE = re.compile(r"\b(?P<word>[^\W\d_a-z][^\W\d_A-Z]{3,})[1-9]$")


# a label before the title on its line: "Thème : Conception et …", "Tema: …"; a form's
# "Title" over its title ("Title" / "Novel Bayesian analysis …"), not "Title IX"
_THEME_LABEL = re.compile(
    r"^\s*(?:(?i:Th[èe]me|Tema|Sujet)\s?:\s*(?=\S)|"
    r"(?:Title|Titre|Titel|Título)\s+(?![IVXLC]+\b)(?=[A-Z]))"
)


# a chapter's number over its title: "Chapter 2", "CHAPTER 5", "Kapitel 3"
_CHAPTER_NUMBER = re.compile(
    r"^(?:Chapter|CHAPTER|Kapitel|Chapitre|Cap[íi]tulo|Capitolo)\s\d{1,3}\.?\s+(?=\S+\s\S)"
)


# a journal's kicker set before the title on its line: "LETTER  Correlation between …"
_KICKER = re.compile(
    r"^(?:LETTERS?|ARTICLE|REVIEWS?|ESSAY|COMMENTARY|PERSPECTIVES?|REPORTS?|SYNTHESIS|"
    r"(?:RESEARCH|ORIGINAL|REVIEW|BRIEF)\s(?:ARTICLE|RESEARCH|REPORT|COMMUNICATION))\s{2,}(?=[A-Z])"
)


def _tidy_title(title: str) -> str:
    title = _KICKER.sub("", _CHAPTER_NUMBER.sub("", title))
    title = _STATUS_TAG.sub("", title)
    title = _THEME_LABEL.sub("", title)
    title = re.sub(r"(\w)\x02\s*(?=[A-Z][a-z])", r"\1-", title)  # kept: "Multi-Robot"
    title = re.sub(r"(\w)[\u00ad\x02]\s*(\w)", r"\1\2", title)  # soft hyphens at line ends
    title = title.replace("\u00ad", "")
    title = re.sub(r"[\s*∗†‡§¶]+(?:(?<=[*∗†‡§¶])\d{1,2})?$", "", title)  # its note's mark: "*1"
    title = NUMBERED_NOTE.sub(r"\g<word>", title)
    title = _NAME_NOTE.sub(r"\g<word>", title)
    title = re.sub(r"\s+", " ", title).strip(" .")
    return join_cjk_breaks(title)


# a word no name opens with: a line of four words or more that starts with it goes on a
# sentence ("receptor isoform B1 (EcR-B1) and …")
_SENTENCE_START = re.compile(
    r"^(?!(?:van|von|der|den|del|della|dos|das|ten|ter|with|edited|and)\b)[a-z]{4,}(?:\s+\S+){3}"
)


MAX_TITLE_TRANSLATION_LINES = 2  # lines of running text between a title and its names


def _names_next(lines: list[Line], index: int) -> bool:
    """Whether the first line after this one (and one more of running text) that is no
    running text opens like a line of names: with a capital, not a sentence's lower case."""
    for line in lines[index + 1 : index + 1 + MAX_TITLE_TRANSLATION_LINES]:
        if not _running_prose(line.text):
            return line.text.lstrip()[:1].isupper()
    return False


def _out_of_order(line: Line, following: list[Line]) -> bool:
    """Whether a line the text layer gives before the names sits beside or below them: a
    column's text read ahead of the byline next to it."""
    return any(other.top < line.top + 0.5 * line.size for other in following[:8])


def _running_prose(text: str) -> bool:
    """A line of running text (the next column's, set at the names' height): most of its
    words, four or more, open in lower case ("It is conceivable that the axon pruning …"), or
    its first word is a sentence's."""
    words = text.split()
    lower = sum(w[0].islower() for w in words)
    return (lower >= 4 and lower >= 0.6 * len(words)) or bool(_SENTENCE_START.match(text))


def _folded_words(text: str) -> set[str]:
    return {fold(word) for word in re.findall(r"[^\W\d_]{3,}", text)} - _JOINING_WORDS


_JOINING_WORDS = {"and", "the", "for", "with", "und", "les", "des", "del", "por", "para", "per"}


def _echoes_title(text: str, title: str) -> bool:
    """A line that says the title again in another language ("TRIANGOLAZIONE METODOLOGICA E
    BIG DATA" under "TRIANGULACIÓN METODOLÓGICA Y BIG DATA"): half its words, two or more, are
    the title's."""
    words = _folded_words(text)
    shared = words & _folded_words(title)
    return len(shared) >= 2 and len(shared) >= 0.5 * len(words)


def _author_text(lines: list[Line], title_size: float, title: str = "") -> str:
    """The author lines: after the title, while each line holds names (or only the commas
    and marks between them), before affiliations, the abstract or large type. Where names
    stand in columns, each above its own affiliation, the later name lines (set like the
    first) are collected up to the abstract. A line may come in pieces (one per name, set
    at the same height); at most MAX_AUTHOR_LINES printed lines are read."""
    taken: list[str] = []
    first_size = 0.0
    rows: set[int] = set()
    broken = ""  # the given name of a name broken over two lines
    index = skipped = 0
    for index, line in enumerate(lines[:MAX_AUTHOR_FRAGMENTS]):
        rows.add(round(line.top))
        if len(rows) > MAX_AUTHOR_LINES:
            break
        if not taken and title and _echoes_title(line.text, title):
            continue
        if not taken and _running_prose(line.text):
            skipped += 1  # a translated title, or the next column's text beside the names
            translated = skipped <= MAX_TITLE_TRANSLATION_LINES and _names_next(lines, index)
            if translated or _out_of_order(line, lines[index + 1 :]):
                continue
        text = _without_bracketed_affiliation(f"{broken} {line.names_text.strip()}".strip())
        broken = ""
        if named := _names_before_affiliations(text):
            taken.append(named)
            continue
        if not taken and (
            _METADATA_LINE.search(text)
            or _BEFORE_NAMES.match(text)
            or (_DATE_ALONE.match(text) and _label_next(lines, index))  # "July 2020" over
            # "Working Paper" (an R manual's date over its "Type Package" field is no such line)
            or (THESIS.search(text) and ":" not in text)  # not a supervisor's label
        ):  # a citation or DOI line, "by", "A Preprint", "Tesis de Licenciatura en …"
            continue
        as_large = line.size >= title_size - 0.5
        over_affiliation = index + 1 < len(lines) and _AFFILIATION.search(lines[index + 1].text)
        first = index == 0 and (_name_count(line) >= 2 or bool(over_affiliation))
        if as_large and not taken and (first or _after_by(lines, index)):
            as_large = False  # the names right under the title (or its "by"), set in its type
        if _STOP.match(text) or _AFFILIATION.search(_no_email(text)) or as_large:
            break
        parts = split_names(text)  # marks and degrees ("PhD") left out
        marks_only = not parts or re.fullmatch(r"[\W\d_]*", text) is not None
        names = [n for n in parts if looks_like_name(n)]
        if not names and not marks_only:
            following = lines[index + 1].names_text if index + 1 < len(lines) else ""
            same_size = abs(line.size - first_size) <= 0.6
            broken_off = _ends_broken(taken[-1], text, following) if taken else False
            if same_size and broken_off and not _DATE_ALONE.match(text):  # not "October, 2018"
                taken[-1] += " " + text  # the family name of the last line's last name
                continue
            if not taken and _subtitle(line, lines[index + 1 :]):
                continue  # "A Retrospective Cohort Study", set larger than the names under it
            if _ends_broken(text, following):
                broken = text  # a given name whose family name opens the next line
                continue
            break
        if first_size and not marks_only and abs(line.size - first_size) > 0.6:
            break
        first_size = first_size or line.size
        taken.append(text)
    else:
        index = len(lines[:MAX_AUTHOR_FRAGMENTS])
    if taken:
        taken += _column_names(lines[index : index + 30], first_size, taken[0].isupper())
    return _join_author_lines(taken)


def _label_next(lines: list[Line], index: int) -> bool:
    return index + 1 < len(lines) and bool(_BEFORE_NAMES.match(lines[index + 1].text.strip()))


def _without_bracketed_affiliation(text: str) -> str:
    """A name's affiliation in brackets after it ("Marie Chartrand-Caulet (Université
    McGill)") left out, so the line reads as names."""
    return re.sub(
        r"\s*\((?=[^()]*(?:" + _AFFILIATION.pattern + r"))[^()]{3,80}\)",
        "",
        text,
        flags=re.IGNORECASE,
    ).strip()


def _names_before_affiliations(text: str) -> str:
    """The names of a line that sets each name (or "A and B") before its affiliation, as
    one author line; "" when the line is not of that kind."""
    found = [m.group("name") for m in _NAME_AND_AFFILIATION.finditer(text)]
    names = [n for part in found for n in split_names(part)]
    if not names or not all(looks_like_name(n) and not _AFFILIATION.search(n) for n in names):
        return ""
    return ", ".join(names)


def _subtitle(line: Line, following: list[Line]) -> bool:
    return bool(following) and line.size >= following[0].size + 2 and len(line.text.split()) <= 12


def _ends_broken(text: str, following: str, after: str = "") -> bool:
    """Whether ``text`` ends with a given name and ``following`` opens with its family name:
    with its mark ("Zhang2"), alone with the mark opening the piece ``after`` it, or alone
    after the last name's "and" ("…, Hyunsoo Kim, and Eun-Kyung" / "Suh")."""
    if not _GIVEN_AT_END.search(text):
        return False
    alone = re.fullmatch(r"\s*[A-Z][a-z][\w'’\-]*\s*", following) and re.match(
        r"\s*[\d*∗†‡§¶]", after
    )
    last = re.search(r"\band\s[A-Z][\w'’\-]+\s*$", text) and re.fullmatch(
        r"\s*[A-Z][\w'’\-]+\s*", following
    )
    return bool(_FAMILY_AT_START.match(following) or alone or last)


def _join_author_lines(texts: list[str]) -> str:
    """The author lines as one list: a name broken over two lines ("…, Zhihe" / "Zhang2, …")
    is joined with a space, other lines with a comma."""
    joined = ""
    for text in texts:
        if joined and _ends_broken(joined, text):
            joined += " " + text
        else:
            joined = f"{joined}, {text}" if joined else text
    return joined


_LABEL_LINE = re.compile(r"(?:\S+\s){0,3}\S+\s?:")


def _column_names(lines: list[Line], size: float, capitals: bool) -> list[str]:
    """Later name lines set like the first; in capitals only where the first one is (AIP's
    cover lists related articles whose capitalised titles read as names: "QUANTUM
    MEASUREMENTS")."""
    found = []
    for line in lines:
        text = line.names_text.strip()
        if _STOP.match(text) or _LABEL_LINE.fullmatch(text):  # "Project director:" over a name
            break
        if abs(line.size - size) > 0.6 or _AFFILIATION.search(text) or re.search(r"\d{3}", text):
            continue
        if text.isupper() and not capitals:
            continue
        names = split_names(text)
        if names and all(looks_like_name(n) and " " in n for n in names):
            found.append(text)
    return found


def _no_email(text: str) -> str:
    return re.sub(r"\(?[\w.+\-]+@[\w.\-]+\)?", "", text)


def _body_size(lines: list[Line]) -> float:
    """The type size most of the page's characters are set in."""
    sizes: dict[float, int] = {}
    for index, line in enumerate(lines):
        if line.size and not _size_misread(lines, index):
            sizes[line.size] = sizes.get(line.size, 0) + len(line.text)
    return max(sizes, key=lambda s: sizes[s]) if sizes else 0.0
