"""What a document prints about itself: citation lines, DOIs, statements, stamps.

Each finder reads one kind of printed evidence in the zones where it is printed (page 1,
the running heads and feet, a "Cite this article" block) and proposes candidates, each with
a confidence and the words it was read from. The patterns describe the common printed
forms of a reference ("Journal (2014), 26:1, 147–154", "Journal 2016;57(5):1260-6",
"Volume 2010, Article ID 157939", "Proceedings of …, pages 624–633"), not any one file;
they are restricted to the heads, feet and first page, because a reference list prints the
same forms for other works.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from datetime import date
from functools import cached_property
from itertools import zip_longest

from essaylint.ingest.library_columns import valid_isbn
from essaylint.ingest.metadata.calendars import gregorian_years
from essaylint.ingest.metadata.layout import PageLines, join_cjk_breaks


@dataclass(frozen=True)
class Candidate:
    field: str
    value: str
    confidence: float
    source: str  # where it was read: "p1 citation line 'Clinical Science (2014) 126, 305–313'"
    line: str = ""  # the citation line it came from: its fields are taken together


@dataclass
class PrintedText:
    """The zones of a document that carry its bibliographic data."""

    pages: list[PageLines]  # page 1, 2, 3 and the last page (those the document has)
    page_count: int
    _texts: dict[int, str] = field(default_factory=dict, init=False, repr=False)
    _flats: dict[int, str] = field(default_factory=dict, init=False, repr=False)

    @property
    def first(self) -> PageLines | None:
        return self.pages[0] if self.pages else None

    def page(self, number: int) -> PageLines | None:
        return next((p for p in self.pages if p.number == number), None)

    @property
    def front_pages(self) -> list[PageLines]:
        """Pages 1-3, and page 4 where it was read as an imprint (not as the last page)."""
        return [p for p in self.pages if p.number <= 3 or (p.number == 4 < self.page_count)]

    def margin_lines(self) -> list[tuple[int, str]]:
        """The head and foot lines of page 1, and the running heads and feet of the other
        pages read (lines that recur, numbers aside, on two pages or more): the last lines
        of a reference list sit in the same zone but do not recur."""
        return list(self._margins)

    @cached_property
    def _margins(self) -> list[tuple[int, str]]:  # read by most candidate finders: once
        lines = [(p.number, normalise(line.text)) for p in self.pages for line in p.margins()]
        pages_of: dict[str, set[int]] = {}
        for number, text in lines:
            pages_of.setdefault(skeleton(text), set()).add(number)
        return [
            (number, text)
            for number, text in lines
            if number == 1 or len(pages_of[skeleton(text)]) >= 2
        ]

    def front_text(self) -> str:
        return self.text_of(1) if self.first else ""

    @property
    def front_flat(self) -> str:
        """Page 1's text on one line (a reference or a foot a line break may cut)."""
        return self.flat_of(1)

    def flat_of(self, number: int) -> str:
        """A page's text on one line."""
        if number not in self._flats:
            self._flats[number] = " ".join(self.text_of(number).split())
        return self._flats[number]

    @cached_property
    def early_text(self) -> str:
        """Pages 1 and 2, where a thesis says what it is."""
        return "\n".join(self.text_of(n) for n in (1, 2) if self.page(n))

    @cached_property
    def thesis_statement(self) -> re.Match[str] | None:
        """Where pages 1 and 2 say the document is a thesis ("A thesis submitted …"); not a
        paper's note that it comes from its author's ("based on chapter three of my doctoral
        dissertation", "Tugas Akhir ini membahas …": this final project discusses)."""
        text = self.early_text
        for match in THESIS.finditer(text):
            own = _ONES_OWN.search(text, max(0, match.start() - 20), match.start())
            if not own and not _THIS_PROJECT.match(text, match.end()):
                return match
        return None

    def text_of(self, number: int) -> str:
        if number not in self._texts:
            page = self.page(number)
            self._texts[number] = normalise(page.text()) if page else ""
        return self._texts[number]


_ONES_OWN = re.compile(r"\b(?:my|his|her|their|our|author['’]s)\s+$", re.IGNORECASE)
_THIS_PROJECT = re.compile(r"\s+ini\b")  # an article's "Tugas Akhir ini membahas …"


def skeleton(line: str) -> str:
    """A line with its numbers blanked out: a running head the same on every page."""
    return re.sub(r"\d+", "#", " ".join(line.split()).casefold())


# -- text normalisation ------------------------------------------------------------------------

_DASHES = re.compile(r"[\u2010-\u2015\u2212]")
_COPYRIGHT_GLYPH = re.compile(
    r"[\x00-\x08][Cc](?=\s)|^c(?= (?:19|20)\d\d )|\(c\)|\bc(?=(?:19|20)\d\d\b)"
    r"|(?<=\.\s)c(?= (?:19|20)\d\d )"
    r"|^q(?= (?:19|20)\d\d (?:by )?(?:the )?[A-Z])"  # Elsevier's and Chicago's symbol fonts: "q"
    # "#", "r", "?" or "9" for © in other symbol fonts: "# 2005 Elsevier Ireland Ltd.", "r 1998
    # Wiley-Liss, Inc.", "Copyright ? 2004 John Wiley & Sons", "# Mary Ann Liebert, Inc.",
    # "Copyright 9 1999 by Academic Press."; "Ó 2010 American Society for …" (the Symbol font's
    # code for ©), "Copyright q 2005 by the …", "Copyright \x17 2000 by Academic Press",
    # "\x02 2014 by the Ecological Society of America" (pdfium's code for that glyph), AAAI's
    # "Copyright c 2019, Association for the Advancement of Artificial Intelligence"
    r"|(?:^|(?<=\s))[#rÓ\x02](?= ?(?:19|20)\d\d (?:by )?(?:the )?[A-Z])"  # "r2010 American …"
    # SAGE's journals for AERA: "! 2018 AERA. http://…"; Wiley's "& 2003 Wiley-Liss, Inc."
    r"|^[!&](?= (?:19|20)\d\d [A-Z])"
    r"|(?<=\$\d\.\d\d)\s?Q(?= (?:19|20)\d\d IEEE\b)"  # IEEE's "…/96 $5.00Q 1996 IEEE"
    r"|(?<=Copyright )(?:[\x0e\x0f]?[?9]|[\x00-\x1fq])(?= (?:19|20)\d\d\b)"
    r"|(?<=Copyright[ \n])c(?= (?:19|20)\d\d\b)"
    r"|^#(?= [A-Z][^\n]{0,40}\b(?:Inc|Ltd|LLC|GmbH|Press|Publishing)\b)"
    # Springer's "# Saudi Society for Geosciences 2021", LaTeX's "c World Scientific
    # Publishing Company", a symbol font's "D 2004 Elsevier Inc."
    r"|^#(?= [A-Z][^\n#]{0,60}\b(?:19|20)\d\d\s*$)"
    r"|^c(?= [A-Z][^\n]{0,50}\b(?:Inc|Ltd|LLC|GmbH|Press|Publishing|Company|Society)\b)"
    r"|^D(?= (?:19|20)\d\d [A-Z][^\n]{0,50}\b(?:Inc|Ltd|LLC|GmbH|B\.\s?V|Press|Publishing)\b)"
    r"|^G(?=(?:19|20)\d\d [A-Z][^\n]{0,50}\bPublishers\sLimited\b)"  # Nature's "G2015 Macmillan …"
    # "( 1998 John Wiley & Sons, Ltd.": a parenthesis that opens a year and a holder and
    # never closes
    r"|(?:^|(?<=\.\s)|(?<=Copyright ))\((?= (?:19|20)\d\d [A-Z][^()\n]*$)"
    # "ª Mary Ann Liebert, Inc.", "ª 2020 Royal College of …" (ª is an ordinal after a digit)
    r"|(?<!\w)ª(?= (?:(?:19|20)\d\d )?[A-Z])"
    r"|[\x00-\x08](?= [A-Z][^\n]{0,60}\b(?:19|20)\d\d\b)"  # "\x01 Springer …, Inc. 2006"
    # a private-use glyph opening a line that ends with the year: "\ue000 The Institution of
    # Engineers (India) 2019" (Springer's partner journals)
    r"|^[\ue000-\uf8ff](?= [A-Z][^\n]{0,80}\b(?:19|20)\d\d\s*$)"
    r"|\u20dd\s?[cC]\b|\b[cC]\s?\u20dd",  # LaTeX's \copyright: a "c" and an enclosing circle
    re.M,
)


# full-width punctuation and digits (CJK typesetting) as their ASCII forms
_FULL_WIDTH = {
    code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F) if not chr(code - 0xFEE0).isalpha()
}
_HAS_FULL_WIDTH = re.compile("[\uff01-\uff5e]")


def normalise(text: str) -> str:
    """Dashes as "-", © glyphs that text layers garble ("\\x04C", a lone "c") as "©",
    soft-hyphen artefacts removed."""
    text = text.replace("\r", "\n").replace("\ufffe", "").replace("\xad", "")
    if _HAS_FULL_WIDTH.search(text):  # "计算机工程，2022，48（5）" as "…,2022,48(5)"
        text = text.translate(_FULL_WIDTH)
    text = re.sub(r"(\w)\x02(\w)", r"\1\2", text)
    text = re.sub(r"(?<=\d)[\x03-\x08](?=\d)", "-", text)  # an en dash some fonts code as 4
    text = re.sub(r"(?<=\d)±(?=\d)", "-", text)  # and old Elsevier fonts as ±: "311±340"
    text = _COPYRIGHT_GLYPH.sub("©", text)
    text = re.sub(r"(?<=\w)[®™]", "", text)  # "Neurology® 2018;91:395-402"
    text = re.sub(r"(\d)\s(st|nd|rd|th)\b", r"\1\2", text)  # "28 th" (a raised suffix)
    text = re.sub(r"[\ue000-\uf8ff](?=\s*(?:19|20)\d\d\b)", "©", text)  # a private-use © glyph
    text = re.sub(r"(?<=©)\s?[\ue000-\uf8ff]{4}(?=\s)", "", text)  # a year in private-use digits
    if "PNAS" in text:
        text = _PNAS_GLYPHS.sub(_pnas_glyph, text)
    return _DASHES.sub("-", text)


# PNAS's feet of about 2000-2005 in a font whose bullet reads "u" and whose slash reads "y":
# "10214-10219 u PNAS u August 28, 2001 u vol. 98 u no. 18 www.pnas.orgycgiydoiy10.1073ypnas…"
_PNAS_GLYPHS = re.compile(
    r"(?<=\S)\s+u\s+(?=PNAS\b|[A-Z][a-z]+ \d{1,2}, \d{4}|vol\.|no\.|\d{1,6}\s*$)"
    r"|(?<=\bPNAS)\s+u\s+"
    r"|www\.pnas\.orgycgiydoiy10\.1073ypnas"
)


def _pnas_glyph(match: re.Match[str]) -> str:
    return "www.pnas.org/cgi/doi/10.1073/pnas" if match.group(0).startswith("www") else " • "


# -- building blocks ---------------------------------------------------------------------------

YEAR = r"(?:1[89]\d\d|20[0-4]\d)"
# A page range; some typesetters' text layers turn the en dash into an "e" ("272e278").
PAGES = r"[A-Za-z]{0,2}\d{1,6}\s?(?:-|e(?=\d))\s?[A-Za-z]{0,2}\d{1,6}"
ARTICLE_NO = r"e?\d{1,8}"
# A journal title: capitalised words, small joining words, abbreviations ending in a dot
# (short ones only: "Comput." is an abbreviation, "Analyses." ends a sentence).
# a capitalised word or abbreviation, "e-Learning", or a number before a capitalised word
# ("Rev.Phil.Psych.": Springer sets some abbreviations without spaces)
_TITLE_WORD = (
    r"(?:[A-Z][\w'’&\-]{0,7}\.(?:[A-Z][a-z]{1,7}\.){0,3}|[A-Z][\w'’&\-]*:?|e-[A-Z][\w'’\-]*"
    r"|\d{1,3}(?=\s[A-Z]))"
)
_SMALL_WORD = r"(?i:of|and|&|in|for|the|on|de|la|des|du|di|y|e|fur|für|der|und)"
JOURNAL = rf"(?P<container>(?:The\s)?{_TITLE_WORD}(?:\s(?:{_TITLE_WORD}|{_SMALL_WORD}))*)"
# a Vancouver abbreviation with its place or edition: "Rev. Hosp. Niños (B. Aires)",
# "Clin Med (Lond)"
_PLACED_JOURNAL = JOURNAL[:-1] + r"(?:\s\([A-Z][\w.]*(?:\s[A-Z][\w.]*){0,2}\))?)"
_SURNAME = r"[A-Z][\w'’\-]+"
# Before a running head's citation: the page number, or the authors ("Smith et al.").
_PARTICLE = r"(?:(?:De|de|Da|da|Di|di|Van|van|Von|von|Le|La|Du|Mc|Mac|Dos|dos)\s)?"
LEAD = (
    rf"(?:\d{{1,5}}\s+)?(?:{_PARTICLE}{_SURNAME}\s(?:et\sal\.?,?|(?:and|&)\s{_PARTICLE}{_SURNAME}"
    rf"|[A-Z]{{1,3}}(?:,\set\sal)?\.)\s+)?"  # BMJ's foot: "Guetterman TC. Fam Med Com Health …"
)
MONTH = (
    # the names whole or cut short, not any word they begin ("Decision", "Marketing", "Mayo")
    r"(?i:(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|"
    r"Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\b\.?"
    r"|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre"
    r"|Januar|Februar|März|Juni|Juli|Oktober|Dezember)"
)
IBERIAN_MONTH = (
    r"janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro|"
    r"enero|febrero|marzo|mayo|junio|julio|septiembre|octubre|noviembre|diciembre"
)
_ISSUE = r"(?:\s?\((?P<issue>[\w\-]{1,7})\)|,\s?(?P<issue_b>\d{1,4}))"
# ABNT's journal may hold Portuguese and Spanish small words ("Revista do TCU"), a city may
# follow it, and the months may precede the year ("jul./dez. 2024", "Nov. 2021")
_LUSO_SMALL_WORD = r"(?i:do|da|dos|das|del|em|en)"
_ABNT_JOURNAL = (
    rf"(?P<container>{_TITLE_WORD}(?:\s(?:{_TITLE_WORD}|{_SMALL_WORD}|{_LUSO_SMALL_WORD}))*)"
)
_ABNT_PLACE = r"(?:[A-Z][^\W\d_]+(?:\s(?:(?:de|do|da|del)\s)?[A-Z][^\W\d_]+){0,3},\s)?"
_ABNT_MONTHS = r"(?:[^\W\d_]{3,5}\.?(?:\s?/\s?[^\W\d_]{3,5}\.?)?\s)?"


@dataclass(frozen=True)
class CitationForm:
    name: str
    pattern: re.Pattern[str]
    confidence: float


def _form(name: str, pattern: str, confidence: float = 0.9) -> CitationForm:
    return CitationForm(name, re.compile(pattern, re.MULTILINE), confidence)


CITATION_FORMS: tuple[CitationForm, ...] = (
    # International Psychogeriatrics (2014), 26:1, 147-154
    _form(
        "journal (year), vol:issue, pages",
        rf"^{LEAD}{JOURNAL}\s\((?P<year>{YEAR})\),\s*(?P<volume>\d{{1,4}}):"
        rf"(?P<issue>\w{{1,5}}),\s*(?P<page>{PAGES})",
    ),
    # 402 Erdkunde Band 56/2002 (a German running foot: Band = volume)
    _form(
        "journal Band vol/year",
        rf"^{LEAD}{JOURNAL}\sBand\s(?P<volume>\d{{1,4}})\s?/\s?(?P<year>{YEAR})\s*$",
        0.8,
    ),
    # Nat. Hazards Earth Syst. Sci., 6, 1007-1015, 2006 (Copernicus journals); Annals of
    # Operations Research 134, 215–238, 2005 (Kluwer's and Springer's, the comma left out)
    _form(
        "journal, vol, pages, year",
        rf"^{JOURNAL},?\s(?P<volume>\d{{1,4}}),\s(?P<page>{PAGES}),\s(?P<year>{YEAR})\s*$",
        0.85,
    ),
    # Clinical Science (2014) 126, 305-313 / Behav Ecol Sociobiol (2015) 69:1383-1394 /
    # Cambridge's "The Cognitive Behaviour Therapist (2017), vol. 10, e12, page 1 of 24" and
    # "State Politics & Policy Quarterly (2024), 24: 3, 300–321"
    _form(
        "journal (year) vol, pages",
        rf"^{LEAD}{JOURNAL}\s\((?P<year>{YEAR})\)\.?,?\s*(?:vol\.\s?)?(?P<volume>\d{{1,4}})"
        rf"(?:\s?\((?P<issue>[\w\-]{{1,7}})\)|:\s(?P<issue_b>\d{{1,3}})(?=,\s))?"
        rf"(?:[:,]\s*|\s)(?:(?P<page>{PAGES})|"
        rf"(?P<number>{ARTICLE_NO}))\b",
    ),
    # PAIN 155 (2014) 2461-2470 / Journal of Cosmology and Astroparticle Physics 10 (2008) 003 /
    # "AcP 225 (2025), 164–217" (Mohr Siebeck)
    _form(
        "journal vol (year) pages",
        rf"(?:^|^{LEAD}){JOURNAL}\s(?P<volume>\d{{1,4}})\s\((?P<year>{YEAR})\),?\s"
        rf"(?:(?P<page>{PAGES})|(?P<number>{ARTICLE_NO}))\b",
        0.85,
    ),
    # "Reprinted with corrections from The Bell System Technical Journal, Vol. 27, pp. 379–423,
    # 623–656, July, October, 1948." (a classic paper's reprint)
    _form(
        "reprinted from journal, vol., pp., year",
        rf"\bReprinted\s(?:with\scorrections\s)?from\s{JOURNAL},\s*Vol\.\s(?P<volume>\d{{1,4}}),"
        rf"\s*pp\.\s(?P<page>{PAGES})(?:,\s*{PAGES})*,\s*(?:{MONTH},?\s*)*(?P<year>{YEAR})\b",
        0.8,
    ),
    # American Economic Journal: Applied Economics 2009, 1:4, 34–68
    _form(
        "journal year, vol:issue, pages",
        rf"^{LEAD}{JOURNAL}\s(?P<year>{YEAR}),\s*(?P<volume>\d{{1,4}}):(?P<issue>\w{{1,5}}),\s*"
        rf"(?P<page>{PAGES})\b",
    ),
    # Agyeman-Duah et al. BMC Health Services Research 2014, 14:1 / Metabolites 2014, 4, 932-950
    _form(
        "journal year, vol:number",
        rf"^{LEAD}{JOURNAL}\s(?P<year>{YEAR}),\s*(?P<volume>\d{{1,4}})"
        rf"(?:\s?\((?P<issue>[\w\-]{{1,7}})\))?(?::\s?|,\s)(?:(?P<page>{PAGES})|"
        rf"(?P<number>{ARTICLE_NO})(?!,\s?\d))\b",
        0.85,
    ),
    # "1996 | Nanoscale, 2012, 4, 1996–2004" (the Royal Society of Chemistry), "European Journal of
    # Endocrinology, 2023, 189, G43–G64" (Oxford's newer head); an advance article's "00" is
    # no volume
    _form(
        "journal, year, vol, pages",
        rf"(?:^{LEAD}|^\d{{1,5}}\s\|\s){JOURNAL},\s(?P<year>{YEAR}),\s"
        rf"(?P<volume>(?!0+\b)\d{{1,4}}),\s(?P<page>{PAGES})(?:\s*$|\s\|\s\d{{1,5}}\s*$|\s{{2,}})",
        0.85,
    ),
    # "… beach volleyball. J Strength Cond Res 36(8): 2223–2229, 2022—The purpose": the
    # citation that opens an NSCA abstract, after the article's title
    _form(
        "title. journal vol(issue): pages, year",
        rf"(?<=[a-z]\.\s){JOURNAL}\s(?P<volume>\d{{1,4}})\((?P<issue>[\w\-]{{1,7}})\):\s?"
        rf"(?P<page>{PAGES}),\s(?P<year>{YEAR})\b",
        0.8,
    ),
    # Advances in Medical Education and Practice 2016:7 623-633
    _form(
        "journal year:vol pages",
        rf"^{LEAD}{JOURNAL}\s(?P<year>{YEAR}):(?P<volume>\d{{1,4}})\s(?P<page>{PAGES})\b",
        0.85,
    ),
    # Yonsei Med J 2016 Sep;57(5):1260-1266 / Open Med. 2016; 11: 298-302 / Arch Med Sci 2016;
    # 12, 5: 1110-1117 / Postgrad Med J 2010;86:272e278 / (Obstet Gynecol 2023;141:555–62) /
    # an abstract's last line "… replacement. (Crit Care Med 2010; 38:1030-1035)" /
    # Texto Contexto Enferm, 2018; 27(1):e5500016 / Euro Surveill. 2015;20(48):pii=30083
    _form(
        "journal year;vol(issue):pages",
        rf"(?:^{LEAD}|\.\s|\s{{2}}|(?<=:\s)|(?<=\()){_PLACED_JOURNAL}[.,]?\s{{1,3}}(?P<year>{YEAR})(?:\s{MONTH}(?:\s\d{{1,2}})?)?\s?;\s?"
        rf"(?P<volume>\d{{1,4}}){_ISSUE}?\s?:\s?(?:(?P<page>{PAGES})|(?:pii=)?(?P<number>{ARTICLE_NO}))\b",
        0.85,
    ),
    # Int J Adapt Control Signal Process. 2020;1–14. (Wiley's Early View: no volume yet)
    _form(
        "journal. year;pages.",
        rf"^{LEAD}{_PLACED_JOURNAL}\.\s(?P<year>{YEAR});(?P<page>{PAGES})\.(?=\s|$)",
        0.75,
    ),
    # Transinformação, v. 33, e200057, 2021 / Revista, v. 7, n. 1, p. 58-68, 2005 / Revista do
    # TCU, Brasília, v. 154, n. 1, p. 32-51, jul./dez. 2024 / Eng. Agríc., Jaboticabal, v.27, n.1,
    # p.83-92, jan./abr. 2007 (ABNT style, the "how to cite" of
    # Brazilian and Spanish-language journals: a city and the months may stand before the year)
    _form(
        "journal, v. vol, n. issue, p. pages, year",
        rf"{_ABNT_JOURNAL},\s{_ABNT_PLACE}v\.\s?(?P<volume>\d{{1,4}}),\s"
        rf"(?:n\.\s?(?P<issue>[\w\-]{{1,7}}),\s)?(?:p\.\s?(?P<page>{PAGES})|(?P<number>e?\d{{1,8}})),\s"
        rf"{_ABNT_PLACE}{_ABNT_MONTHS}(?P<year>{YEAR})\b",
        0.85,
    ),
    # DADOS, Rio de Janeiro, vol.63(3): e20180152, 2020. (SciELO Brazil's running foot)
    _form(
        "journal, place, vol.vol(issue): pages, year",
        rf"^{LEAD}{_ABNT_JOURNAL},\s{_ABNT_PLACE}vol\.\s?(?P<volume>\d{{1,4}})"
        rf"\((?P<issue>[\w\-]{{1,7}})\):\s?(?:(?P<page>{PAGES})|(?P<number>e?\d{{1,8}})),\s"
        rf"(?P<year>{YEAR})\b",
        0.85,
    ),
    # Amalia Lejavitzer. "El papel de la fruta..." Estudio Avanzados 16 (Dic. 2011): 37-50
    # (Chicago and MLA: the journal after the quoted title, the month in any language)
    _form(
        '"title" journal vol (month year): pages',
        rf"(?<=[”\"]\s){JOURNAL}\s(?P<volume>\d{{1,4}})(?:\.(?P<issue>\d{{1,3}}))?\s"
        rf"\((?:[^\W\d_]{{3,10}}\.?\s)?(?P<year>{YEAR})\):\s?(?P<page>{PAGES})\b",
        0.8,
    ),
    # Cytometry Part A • 89A: 653-662, 2016 (Wiley; the bullet may be a control code)
    _form(
        "journal • vol: pages, year",
        rf"{JOURNAL}\s[\x01-\x08•·]\s(?P<volume>\d{{1,4}}[A-Z]?):\s(?P<page>{PAGES}),\s(?P<year>{YEAR})",
        0.85,
    ),
    # J Med Food 23 (6) 2020, 1-9 (Mary Ann Liebert)
    _form(
        "journal vol (issue) year, pages",
        rf"^{JOURNAL}\s(?P<volume>\d{{1,4}})\s\((?P<issue>[\w\-]{{1,7}})\)\s(?P<year>{YEAR}),\s"
        rf"(?P<page>{PAGES})\s*$",
        0.85,
    ),
    # PLoS ONE 13(6): e0197919 / PeerJ Comput. Sci. 3:e118
    _form(
        "journal vol(issue): e-locator",
        rf"{JOURNAL}\s+(?P<volume>\d{{1,4}})(?:\((?P<issue>\w{{1,5}})\))?:\s*(?P<number>e\d{{2,8}})",
        0.85,
    ),
    # APPLIED PHYSICS LETTERS 98, 082505 (2011) / PHYSICAL REVIEW B 83, 104409 (2011) (some
    # AIP fonts map the parentheses to control codes 2 and 3)
    _form(
        "journal vol, number (year)",
        rf"(?:^{LEAD}|^){JOURNAL}\s(?P<volume>\d{{1,4}}),\s(?:(?P<page>{PAGES})|"
        rf"(?P<number>\d{{3,8}}))\s[(\x01\x02]?(?P<year>{YEAR})[)\x02\x03]?(?=\s|$)",
        0.85,
    ),
    # Nature Chemistry | VOL 12 | October 2020 | 891-897 | www.nature.com/naturechemistry
    _form(
        "journal | VOL v | month year | pages",
        rf"{JOURNAL}\s\|\s(?i:vol)\.?\s(?P<volume>\d{{1,4}})\s\|\s(?:{MONTH}\s)?(?P<year>{YEAR})"
        rf"\s\|\s(?:(?P<page>{PAGES})|(?P<number>{ARTICLE_NO}))\b",
        0.9,
    ),
    # Revista Brasileira de Ensino de Física, vol. 44, e20220214 (2022) (SciELO)
    _form(
        "journal, vol. v, number (year)",
        rf"^{JOURNAL},\s(?i:vol)\.\s(?P<volume>\d{{1,4}}),\s(?P<number>e\d{{4,10}})\s\((?P<year>{YEAR})\)",
        0.85,
    ),
    # Journal of Economic Perspectives—Volume 34, Number 2—Spring 2020—Pages 49–67 (AEA)
    _form(
        "journal-Volume v, Number n-season year-Pages pages",
        rf"^{JOURNAL}\s?[-—–]\s?Volume\s(?P<volume>\d{{1,4}}),\s(?:Number|No\.)\s(?P<issue>\w{{1,5}})"
        rf"\s?[-—–]\s?(?:[A-Z][a-z]+\s)?(?P<year>{YEAR})\s?[-—–]\s?Pages\s(?P<page>{PAGES})",
        0.9,
    ),
    # Strat. Mgmt. J., 28: 331–343 (2007) (Wiley InterScience)
    _form(
        "journal, vol: pages (year)",
        rf"^{JOURNAL},\s(?P<volume>\d{{1,4}}):\s?(?P<page>{PAGES})\s\((?P<year>{YEAR})\)",
        0.85,
    ),
    # "Iverson, R. M. & George, D. L. (2016). Géotechnique 66, No. 3, 175–187 [http://dx.doi…"
    # (ICE Publishing's citation over the title)
    _form(
        "authors (year). journal vol, No. issue, pages",
        rf"\((?P<year>{YEAR})\)\.\s{JOURNAL}\s(?P<volume>\d{{1,4}}),\sNo\.\s(?P<issue>[\w\-]{{1,7}}),"
        rf"\s(?P<page>{PAGES})(?=\s*\[|\s*$)",
        0.85,
    ),
    # Rev. Int. Contam. Ambie. 34 (3) 527-540, 2018
    _form(
        "journal vol (issue) pages, year",
        rf"^{JOURNAL}\s(?P<volume>\d{{1,4}})\s\((?P<issue>[\w\-]{{1,7}})\)\s(?P<page>{PAGES}),\s"
        rf"(?P<year>{YEAR})\s*$",
        0.85,
    ),
    # J Med Internet Res 2011 | vol. 13 | iss. 4 | e107 | p.1
    _form(
        "journal year | vol. | iss. | number",
        rf"{JOURNAL}\s(?P<year>{YEAR})\s\|\s(?i:vol)\.\s(?P<volume>\d{{1,4}})\s\|\s"
        rf"(?i:iss)\.\s(?P<issue>[\w\-]{{1,7}})\s\|\s(?P<number>{ARTICLE_NO})\b",
        0.85,
    ),
    # © 2014 Society for the Study of Addiction  Addiction, 109, 1845-1856 (a foot's end)
    _form(
        "journal, vol, pages (foot)",
        rf"(?:^|\s{{2,}}){JOURNAL},\s(?P<volume>\d{{1,4}}),\s(?P<page>{PAGES})\s*$",
        0.8,
    ),
    # Annals of Surgery • Volume 277, Number 5, May 2023 (the bullet may be a control code)
    _form(
        "journal • Volume v, Number n, month year",
        rf"{JOURNAL}\s[^\w\s]?\s?Volume\s(?P<volume>\d{{1,4}}),\s(?:Number|Issue)\s"
        rf"(?P<issue>[\w\-]{{1,7}}),\s{MONTH}\s(?P<year>{YEAR})\b",
        0.85,
    ),
    # The Stata Journal (2004) 4, Number 2, pp. 127-141
    _form(
        "journal (year) vol, Number n, pp. pages",
        rf"{JOURNAL}\s\((?P<year>{YEAR})\)\s+(?P<volume>\d{{1,4}}),\s(?i:Number|No\.)\s"
        rf"(?P<issue>[\w\-]{{1,7}}),\s(?:pp?\.\s?)?(?P<page>{PAGES})\b",
        0.85,
    ),
    # GLIA 24:39-49 (1998) / GLIA 24:39-49, 1998.
    _form(
        "journal vol:pages (year)",
        rf"{JOURNAL}\s(?P<volume>\d{{1,4}}):(?P<page>{PAGES})(?:\s\(|,\s)(?P<year>{YEAR})\b",
        0.8,
    ),
    # CMAJ • DECEMBER 8, 2009 • 181(12)
    _form(
        "journal • date • vol(issue)",
        rf"^{JOURNAL}\s•\s{MONTH}\s\d{{1,2}},\s(?P<year>{YEAR})\s•\s(?P<volume>\d{{1,4}})"
        rf"\((?P<issue>[\w\-]{{1,7}})\)\s*$",
        0.85,
    ),
    # Water Quality Research Journal | 53.1 | 2018 (IWA Publishing's heads)
    _form(
        "journal | vol.issue | year",
        rf"{JOURNAL}\s\|\s(?P<volume>\d{{1,4}})\.(?P<issue>\d{{1,3}})\s\|\s(?P<year>{YEAR})\s*$",
        0.85,
    ),
    # J Physiol 567.1 (2005) pp 79-93
    _form(
        "journal vol.issue (year) pp pages",
        rf"{JOURNAL}\s(?P<volume>\d{{1,4}})\.(?P<issue>\d{{1,3}})\s\((?P<year>{YEAR})\)\s"
        rf"pp\.?\s?(?P<page>{PAGES})\b",
        0.85,
    ),
    # APPLIED AND ENVIRONMENTAL MICROBIOLOGY, Nov. 2011, p. 7469-7478  Vol. 77, No. 21
    _form(
        "journal, month year, p. pages vol. v, no. n",
        rf"{JOURNAL},\s{MONTH}\s(?P<year>{YEAR}),\sp{{1,2}}\.\s?(?P<page>{PAGES})\s+"
        rf"(?i:Vol\.)\s?(?P<volume>\d{{1,4}}),\s(?i:No\.)\s?(?P<issue>[\w\-]{{1,7}})",
        0.85,
    ),
    # 植物生态学报  2023, 47 (10): 1432-1440 (a Chinese journal's head) / 创新教育研究, 2020,
    # 8(6): 891-895 / 计算机工程,2022,48(5):185-190 (GB/T 7714: how it cites its articles)
    _form(
        "Chinese journal[,] year, vol(issue): pages",
        rf"(?P<container>[\u4e00-\u9fff]{{1,20}}(?:\s[\u4e00-\u9fff]{{1,20}})?)\s*,?\s*(?P<year>{YEAR}),"
        rf"\s?(?P<volume>\d{{1,4}})"
        rf"\s?\((?P<issue>[\w\-]{{1,7}})\)\s?[:,]\s?(?P<page>{PAGES})\b",
        0.86,
    ),
    # Middle-East Journal of Scientific Research 23 (11): 2805-2810, 2015
    _form(
        "journal vol (issue): pages, year",
        rf"{JOURNAL}\s(?P<volume>\d{{1,4}})\s?\((?P<issue>[\w\-]{{1,7}})\):\s?(?P<page>{PAGES}),"
        rf"\s(?P<year>{YEAR})\b",
        0.85,
    ),
    # Text&Talk 2020; aop (De Gruyter's head on an article online ahead of its issue)
    _form("journal year; aop", rf"^{JOURNAL}\s(?P<year>{YEAR});\s?aop\s*$", 0.8),
    # Statist. Med. 2011, 30 2481-2498 (a Wiley foot)
    _form(
        "journal year, vol pages",
        rf"(?:^|\s{{2}}){JOURNAL}\s(?P<year>{YEAR}),\s(?P<volume>\d{{1,4}})\s(?P<page>{PAGES})\b",
        0.8,
    ),
    # BioScience 67: 546-557. (the year printed apart)
    _form(
        "journal vol: pages.",
        rf"^{JOURNAL}\s(?P<volume>\d{{1,4}}):\s?(?P<page>{PAGES})\.",
        0.8,
    ),
    # BioScience • June 2017 / Vol. 67 No. 6 (OUP heads)
    _form(
        "journal • month year / Vol. v No. n",
        rf"{JOURNAL}\s[•·]\s{MONTH}\s(?P<year>{YEAR})\s/\sVol\.\s?(?P<volume>\d{{1,4}})\s"
        rf"No\.\s?(?P<issue>[\w\-]{{1,7}})",
        0.8,
    ),
    # American Political Science Review (2025) 1-10 (first view: no volume yet)
    _form(
        "journal (year) pages",
        rf"^{JOURNAL}\s\((?P<year>{YEAR})\)\s(?P<page>{PAGES})\s*$",
        0.8,
    ),
    # Neurology | Volume 91, Number 9 | August 28, 2018
    _form(
        "journal | Volume v, Number n | date",
        rf"{JOURNAL}\s\|\sVolume\s(?P<volume>\d{{1,4}}),\s(?:Number|Issue)\s(?P<issue>[\w\-]{{1,7}})"
        rf"\s\|\s{MONTH}\s\d{{1,2}},\s(?P<year>{YEAR})",
        0.8,
    ),
    # OXFORD BULLETIN OF ECONOMICS AND STATISTICS, 72, 4 (2010) (a Blackwell head)
    _form(
        "journal, vol, issue (year)",
        rf"^{LEAD}{JOURNAL},\s(?P<volume>\d{{1,4}}),\s(?P<issue>\d{{1,3}})\s\((?P<year>{YEAR})\)",
        0.85,
    ),
    # ÚLTIMA DÉCADA, N°64, MAYO 2025, PP. 287-315 (a head in capitals, the month in Spanish)
    _form(
        "JOURNAL, N°n, MONTH year, PP. pages",
        r"^(?P<container>[A-ZÀ-Þ][A-ZÀ-Þ'’\-]+(?:\s(?:[A-ZÀ-Þ][A-ZÀ-Þ'’\-]+|DE|DEL|LA|Y|E|OF|AND)){0,6}),\s"
        rf"(?:N[°º]|No\.)\s?(?P<issue>\d{{1,4}}),\s(?:[^\W\d_]{{3,10}}\.?\s)?(?P<year>{YEAR}),\s"
        rf"(?i:pp?\.)\s?(?P<page>{PAGES})\b",
        0.8,
    ),
    # Indian J Med Res 136, September 2012, pp 373-390
    _form(
        "journal vol, month year, pp pages",
        rf"^{LEAD}{JOURNAL}\s(?P<volume>\d{{1,4}}),\s(?:{MONTH}\s)?(?P<year>{YEAR}),\s"
        rf"pp?\.?\s?(?P<page>{PAGES})\b",
        0.85,
    ),
    # a reprint's notice of where it was published: "Este artículo es copia fiel del publicado
    # en la revista Nueva Sociedad No 267, enero-febrero de 2017" (every Nueva Sociedad PDF)
    _form(
        "publicado en la revista journal No n",
        rf"publicad[oa]\sen\sla\srevista\s{JOURNAL},?\s(?:N[°º]|No\.?)\s?(?P<issue>\d{{1,4}})\b",
        0.85,
    ),
    # International Journal of Engineering & Technology, 7 (4.5) (2021) 370-373
    _form(
        "journal, vol (issue) (year) pages",
        rf"^{LEAD}{JOURNAL},\s(?P<volume>\d{{1,4}})\s\((?P<issue>[\w.\-]{{1,7}})\)\s\((?P<year>{YEAR})\)\s"
        rf"(?P<page>{PAGES})\b",
        0.85,
    ),
    # Historical Social Research, Vol. 32 — 2007 — No. 4, 203-221 (the dashes read as "-")
    _form(
        "journal, Vol. v - year - No. n, pages",
        rf"^{JOURNAL},\sVol\.\s?(?P<volume>\d{{1,4}})\s-\s(?P<year>{YEAR})\s-\sNo\.\s?"
        rf"(?P<issue>\d{{1,3}}),\s(?P<page>{PAGES})\b",
        0.85,
    ),
    # Stellenbosch Papers in Linguistics Plus, Vol. 60, 2020, 1-12
    _form(
        "journal, Vol. v, year, pages",
        rf"(?:^|(?<=[.:]\s)){JOURNAL},\s(?i:Vol\.?|Volume)\s?(?P<volume>\d{{1,4}}),\s(?P<year>{YEAR}),\s"
        rf"(?:pp?\.\s?)?(?P<page>{PAGES})\b",
        0.85,
    ),
    # PNAS 2022 Vol. 119 No. 16 e2118705119 (the foot may set it with wide gaps)
    _form(
        "journal year Vol. v No. n number",
        rf"{JOURNAL}\s+(?P<year>{YEAR})\s+(?i:Vol\.?)\s?(?P<volume>\d{{1,4}})\s+(?i:No\.?)\s?"
        rf"(?P<issue>[\w\-]{{1,7}})\s+(?P<number>e\d{{4,12}})\b",
        0.85,
    ),
    # Proceedings of Machine Learning Research vol 284:1-2, 2026
    _form(
        "journal vol v:pages, year",
        rf"{JOURNAL}\s(?i:vol\.?)\s?(?P<volume>\d{{1,4}}):(?P<page>{PAGES}),\s(?P<year>{YEAR})\b",
        0.85,
    ),
    # "Proceedings of Machine Learning Research - 100:1-12, 2025" (MIDL's template)
    _form(
        "journal - v:pages, year",
        rf"^{JOURNAL}\s-\s(?P<volume>\d{{1,4}}):(?P<page>{PAGES}),\s(?P<year>{YEAR})\b",
        0.85,
    ),
    # The Journal of Neuroscience, December 1, 1998, 18(23):10105-10115
    _form(
        "journal, month day, year, vol(issue):pages",
        rf"{JOURNAL},\s{MONTH}\s\d{{1,2}},\s(?P<year>{YEAR}),\s(?P<volume>\d{{1,4}})"
        rf"\((?P<issue>[\w\-]{{1,7}})\):\s?(?P<page>{PAGES})\b",
        0.85,
    ),
    # Jurnal Manajemen/Volume XX, No. 02, Juni 2016: 293-309 (a Roman volume)
    _form(
        "journal/Volume v, No. n, month year: pages",
        rf"{JOURNAL}\s?/\s?(?i:Volume|Vol\.)\s(?P<volume>\d{{1,4}}|[IVXLC]{{1,6}}),\s(?i:No\.)\s?"
        rf"(?P<issue>[\w\-]{{1,7}}),\s[^\W\d_]+\s(?P<year>{YEAR}):\s?(?P<page>{PAGES})\b",
        0.85,
    ),
    # Econometrica, Vol. 82, No. 5 (September, 2014), 1671–1748 / …, No. 3 (Jun., 1997), pp. 473-522
    # / International Journal of Bifurcation and Chaos, Vol. 20, No. 9 (2010) 2701–2721
    _form(
        "journal, Vol. v, No. n (month, year), pages",
        rf"{JOURNAL},\s(?i:Vol\.)\s?(?P<volume>\d{{1,4}}),\s(?i:No\.)\s?(?P<issue>[\w\-]{{1,7}})\s"
        rf"\((?:{MONTH},?\s)?(?P<year>{YEAR})\),?\s(?:pp\.\s?)?(?P<page>{PAGES})\b",
        0.85,
    ),
    # a Russian journal's head (GOST): "Дальневосточный математический журнал. 2015. Том 15. № 2.
    # С. 45–56" ("Т. 15, № 2"; some text layers read № as "В")
    _form(
        "Russian journal. year. Том v. № n. С. pages",
        rf"^(?P<container>[А-ЯЁ][^\n.]{{3,120}})\.\s(?P<year>{YEAR})\.\s(?:Том|Т\.)\s?(?P<volume>\d{{1,4}})"
        rf"[.,]\s(?:№|N|В)\s?(?P<issue>\d{{1,4}})(?:\.\s[СC]\.\s(?P<page>[1-9]\d{{0,5}}\s?-\s?\d{{1,6}}))?",
        0.8,
    ),
    # Cell Press's head: "Neuron, Vol. 38, 871–885, June 19, 2003, Copyright 2003 by Cell Press"
    _form(
        "journal, Vol. v, pages, month day, year",
        rf"^{JOURNAL},\sVol\.\s(?P<volume>\d{{1,4}}),\s(?P<page>{PAGES}),\s{MONTH}\s\d{{1,2}},\s"
        rf"(?P<year>{YEAR})\b",
        0.85,
    ),
    # a journal's short name in a barred foot: "PNAS | July 5, 2016 | vol. 113 | no. 27 | 7353-7360"
    _form(
        "NAME | month day, year | vol. v | no. n | pages",
        rf"(?:^|\s)(?P<container>[A-Z][A-Za-z&]{{2,10}})\s\|\s{MONTH}\s\d{{1,2}},\s(?P<year>{YEAR})\s\|\s"
        rf"vol\.\s(?P<volume>\d{{1,4}})\s\|\sno\.\s(?P<issue>\d{{1,4}})(?:\s\|\s(?P<page>{PAGES}))?",
        0.85,
    ),
    # the American Physical Society's head: "VOLUME 80, NUMBER 17  PHYSICAL REVIEW LETTERS  27
    # APRIL 1998"
    _form(
        "VOLUME v, NUMBER n journal day month year",
        rf"^VOLUME\s(?P<volume>\d{{1,4}}),\sNUMBER\s(?P<issue>\d{{1,4}})\s{{2,}}{JOURNAL}\s{{2,}}"
        rf"(?:\d{{1,2}}\s)?{MONTH}\s(?P<year>{YEAR})\b",
        0.85,
    ),
    # an Italian foot, the journal in guillemets: "«Diciottesimo Secolo», anno I, 2016, pp. 1-36."
    _form(
        "«journal», anno v, year, pp. pages",
        rf"«(?P<container>[^»\n]{{3,80}})»,\s(?i:anno|vol\.?)\s(?P<volume>[IVXLC]{{1,6}}|\d{{1,4}}),\s"
        rf"(?:(?:n\.|fasc\.)\s?(?P<issue>[\w\-]{{1,7}}),\s)?(?P<year>{YEAR}),\s(?:pp?\.\s?)?(?P<page>{PAGES})\b",
        0.85,
    ),
    # Ubiquity Press's head: "Helen Rogers, ‘A Very Fair Statement …’ (2015) 1(1): e3 Open Library
    # of Humanities, DOI: http://dx.doi.org/10.16995/olh.27" (the journal after its numbers)
    _form(
        "(year) vol(issue): number journal, DOI",
        rf"\((?P<year>{YEAR})\)\s(?P<volume>\d{{1,4}})\((?P<issue>[\w\-]{{1,7}})\):\s?"
        rf"(?:(?P<page>{PAGES})|(?P<number>e?\d{{1,6}}))\s{JOURNAL},\sDOI\b",
        0.95,
    ),
    # Project MUSE's cover: "Journal of Democracy, Volume 32, Number 2, April 2021, pp. 116-131
    # (Article)", the season for the month in some ("Fall/Winter 2010"), "Issue" for "Number"
    # and no month in others ("Observational Studies, Volume 9, Issue 2, 2023, pp. 1-42")
    _form(
        "journal, Volume v, Number n, month year, pp. pages",
        rf"^{JOURNAL},\sVolume\s(?P<volume>\d{{1,4}}),\s(?:Number|Issue)\s(?P<issue>[\w\-]{{1,7}}),\s"
        rf"(?:[A-Z][a-z]+(?:[/\-][A-Z][a-z]+)?\s)?(?P<year>{YEAR}),\spp\.\s(?P<page>{PAGES})\b",
        0.9,
    ),
    # IEEE TRANSACTIONS ON ..., VOL. 7, NO. 5, OCTOBER 1997 / Journal, Vol. 12, No. 3, pp. 45-67
    _form(
        "journal, vol. v, no. n",
        rf"{JOURNAL},?\s+(?i:Vol\.?|Volume)\s*(?P<volume>\d{{1,4}})\s*[,(]?\s*(?i:No\.?|Issue|"
        rf"Number|Nr\.?)\s*(?P<issue>[\w\-]{{1,7}})\)?(?:\s*,\s*(?:pp?\.\s*)?(?P<page>{PAGES}))?"
        rf"(?:,\sArticle\s(?P<number>\d{{1,6}}))?"
        rf"(?:\s*,?\s*(?:\(?{MONTH}\s)?(?P<year>{YEAR})\)?)?",
        0.8,
    ),
)

# Hindawi-style head: publisher line, journal line, "Volume 2010, Article ID 157939, 6 pages"
_VOLUME_ARTICLE = re.compile(
    r"(?:^(?P<container>[A-Z][^\n]{3,120})\n)?^Volume\s(?P<volume>\d{1,4}),\s*(?:Article\s"
    r"(?:ID|No\.?|Number)\s*(?P<number>[\w\-]+)|Issue\s(?P<issue>[\w\-]+))",
    re.MULTILINE,
)
# "Volume 5 | Article 1582" / "Vol. 5, Article 1582"
_VOLUME_BAR_ARTICLE = re.compile(
    r"\b(?:Volume|Vol\.)\s*(?P<volume>\d{1,4})\s*[|,]\s*(?:Issue\s*(?P<issue>\w+)\s*[|,]\s*)?"
    r"Article\s*(?:ID\s*|No\.?\s*)?(?P<number>[\w\-]+)"
)
# A journal's name on the line above its volume line
# the journal's name over its volume line, on two lines where the first breaks off
# ("Australian & New Zealand Journal of" / "Criminology")
_BANNER = r"^(?P<banner>(?:[A-Z][^\n]{3,80}\s(?:of|and|&|for|in|on)\n)?[A-Z][^\n]{3,120})\n"
# "January 2007, Volume 18, Issue 3." under the journal's banner (Journal of Statistical Software)
# "August 2018, 31, 549-557" under the journal's banner (Wiley society journals)
_MONTH_YEAR_VOL_PAGES = re.compile(
    rf"(?:{_BANNER})?^{MONTH}\s(?P<year>{YEAR}),\s(?P<volume>\d{{1,4}}),\s(?P<page>{PAGES})\s*$",
    re.MULTILINE,
)
# "115. Jahrgang 2019, Heft 2, S. 238–259" under the journal's banner (German journals)
_JAHRGANG = re.compile(
    rf"(?:{_BANNER})?^(?P<volume>\d{{1,4}})\.\s(?:Jahrgang|Jg\.)\s(?P<year>{YEAR}),\s"
    rf"(?:Heft|H\.)\s(?P<issue>[\w\-/]{{1,7}}),\sS\.\s(?P<page>{PAGES})\s*$",
    re.MULTILINE,
)
# a Spanish-language head: "VOLUMEN 45 / N° 2 / 2025 / 187-203" over "ISSN: 0718-090X" and
# the journal's name ("Revista de Ciencia Política")
_VOLUMEN_LINE = re.compile(
    rf"^VOLUMEN\s(?P<volume>\d{{1,4}})\s/\sN[°º]\s?(?P<issue>[\w\-]{{1,7}})\s/\s(?P<year>{YEAR})"
    rf"\s/\s(?P<page>{PAGES})\s*$"
    r"(?:\n(?:ISSN[^\n]*\n)?(?P<container>[A-Z][^\n\d]{5,80}))?",
    re.MULTILINE,
)
_DATE_VOLUME_ISSUE = re.compile(
    rf"(?:{_BANNER})?^(?:{MONTH}\s)?(?P<year>{YEAR}),\s*Volume\s"
    r"(?P<volume>\d{1,4}),\s*Issue\s(?P<issue>[\w\-]{1,7})\b",
    re.MULTILINE,
)
# a Turkish journal's head: "Eğitim ve Bilim" over "2012, Cilt 37, Sayı 164"
_CILT_SAYI = re.compile(
    rf"(?:{_BANNER})?^(?P<year>{YEAR}),\sCilt\s(?P<volume>\d{{1,4}}),\sSayı\s"
    r"(?P<issue>[\w\-]{1,7})\s*$",
    re.MULTILINE,
)
# a Chinese journal's head: "2024 年 8 月  拉丁美洲研究  Aug. 2024" over "第 46 卷  第 4 期  Journal
# of Latin American Studies  Vol. 46 No. 4"
_CJK_DATE_HEAD = re.compile(
    rf"^(?P<year>{YEAR})\s?年\s?\d{{1,2}}\s?月\s{{2,}}(?P<container>[\u4e00-\u9fff]{{2,20}})\s{{2,}}[^\n]*\n"
    r"第\s?(?P<volume>\d{1,4})\s?卷\s{1,3}第\s?(?P<issue>\d{1,3})\s?期",
    re.MULTILINE,
)
# IRJMETS: "Volume:04/Issue:07/July-2022" under the journal's name
_VOLUME_ISSUE_SLASHES = re.compile(
    rf"^(?i:Volume):\s?(?P<volume>\d{{1,4}})\s?/\s?(?i:Issue):\s?(?P<issue>\d{{1,4}})\s?/\s?"
    rf"{MONTH}-(?P<year>{YEAR})\b",
    re.MULTILINE,
)
# the journal's name in parentheses before its volume line, an acronym before it, the month
# in the journal's language: "(Jurnal Teknologi Informasi) Vol.2, No.2. Desember 2018",
# "JAIIT (Journal of Advances in Information and Industrial Technology)" over "Vol. 5, No. 2
# Nov 2023, ISSN …" (Indonesian journals)
_PARENTHESISED_NAME_VOL_NO = re.compile(
    r"^(?:[A-Z][A-Za-z\-]{1,10}\s)?\((?P<container>[A-Z][^()\n\d]{5,100})\)\s*\n?"
    r"(?i:Vol\.?|Volume)\s?(?P<volume>\d{1,4}),\s?(?i:No\.?)\s?(?P<issue>[\w\-]{1,7})[.,]?\s"
    rf"(?:[^\W\d_]{{3,9}}\.?\s)?(?P<year>{YEAR})\b",
    re.MULTILINE,
)
_CITED_VOL_ISSUE_PAGES = re.compile(  # Taylor & Francis: "…, 5:1, 1-13"
    rf"\W{{0,3}}(?P<container>[^\d()\[\]]{{3,80}}?\.?),?\s(?P<volume>\d{{1,4}}):(?P<issue>\d{{1,3}}),"
    rf"\s?(?P<page>{PAGES})\b"
)
_CITED_AFTER_TITLE = re.compile(
    rf"\W{{0,3}}(?P<container>[^\d()\[\]]{{3,80}}?)\.?\s(?:\(?(?P<year>{YEAR})\)?[;,.]?\s*)?"
    rf"(?P<volume>\d{{1,4}})(?:\s?\((?P<issue>[\w\-]{{1,7}})\))?\s?[:,]\s?"
    rf"(?:(?P<page>{PAGES})|(?P<number>{ARTICLE_NO}))\b"
)
# AGU's: "… approach. Water Resources Research, 57, e2020WR029262." (its article numbers hold
# the year and the journal's code)
_CITED_AGU = re.compile(
    r"\W{0,3}(?P<container>[^\d()\[\]]{3,80}?),\s(?P<volume>\d{1,4}),\s"
    r"(?P<number>e(?:19|20)\d\d[A-Z]{2,4}\d{5,7})\b"
)
# a volume in Roman numerals, the months before the pages: "Universitas, XII (20),
# enero-junio, pp. 91-126"
_CITED_ROMAN = re.compile(
    rf"\W{{0,3}}(?P<container>[^\d()\[\]]{{3,80}}?),\s(?P<volume>[IVXLC]{{1,7}})\s?"
    rf"\((?P<issue>[\w\-]{{1,7}})\),\s(?:[^\W\d_]+(?:-[^\W\d_]+)?,\s)?(?:pp?\.\s?)?"
    rf"(?P<page>{PAGES})\b"
)
# Chicago's: "“… Reply.” American Economic Review 102, no. 6 (October 2012): 3077–3110"
_CITED_CHICAGO = re.compile(
    rf"\W{{0,3}}(?P<container>[^\d()\[\]]{{3,80}}?)\s(?P<volume>\d{{1,4}}),\sno\.\s"
    rf"(?P<issue>[\w\-]{{1,7}})\s\((?:{MONTH}\s)?(?P<year>{YEAR})\):\s?(?P<page>{PAGES})\b"
)
# a title cited closes with a full stop or a comma, after its question mark or quotation
# marks ("… Real Estate?, Journal of …") or a closing parenthesis ("… forecast (1998-2024).
# Space Weather, 23, …"), or goes on with the label of its citation ("…
# structures  Cite as: AIP Advances 9, 025029"); a heading's "?" before its byline does not
_TITLE_CLOSED = re.compile(r"[\"”’'?!)]{0,2}\s?[.,]|\s?(?i:cite|citation)\b")
# an abbreviated name ("R. Soc. open sci") that lost its last dot to the pattern
_ABBREVIATION_END = re.compile(r"\.\s.*\b[^\W\d_]{1,4}$")
_ENDS_WITH_MONTH = re.compile(rf"\b{MONTH}$")  # "… January 3, 2024" is a date
# "2017, Vol. 21(2) 151–177" under the journal's name (SAGE)
_YEAR_VOL_PAGES = re.compile(
    rf"(?:{_BANNER})?^(?P<year>{YEAR}),\s*Vol\.\s?(?P<volume>\d{{1,4}})"
    rf"(?:\s?\((?P<issue>[\w\-]{{1,7}})\))?\s+(?P<page>{PAGES})\s*$",
    re.MULTILINE,
)
# OUP: "BIOINFORMATICS  ORIGINAL PAPER  Vol. 25 no. 22 2009, pages 3005–3011"
_OUP_HEAD = re.compile(
    rf"^(?P<container>[A-Z][A-Za-z&\- ]{{2,60}}?)\s{{2,}}(?:[A-Z ]{{3,30}}\s{{2,}})?Vol\.\s"
    rf"(?P<volume>\d{{1,4}})\sno\.\s(?P<issue>[\w\-]{{1,7}})\s(?P<year>{YEAR}),\spages\s(?P<page>{PAGES})",
    re.MULTILINE,
)
# SAGE: "Journal of Management" over "Vol. 45 No. 6, July 2019 2498–2537"
_VOL_NO_DATE_PAGES = re.compile(
    rf"{_BANNER}Vol\.\s(?P<volume>\d{{1,4}})\sNo\.\s(?P<issue>[\w\-]{{1,7}}),"
    rf"\s(?:{MONTH}\s)?(?P<year>{YEAR})\s(?P<page>{PAGES})\s*$",
    re.MULTILINE,
)
# "22(4) 490–497" under the journal's name (SAGE), the year printed elsewhere
_VOL_ISSUE_PAGES = re.compile(
    rf"{_BANNER}(?P<volume>\d{{1,4}})\((?P<issue>[\w\-]{{1,7}})\)\s+"
    rf"(?P<page>{PAGES})\s*$",
    re.MULTILINE,
)
_NATURE_HEAD = re.compile(
    rf"^(?P<container>[A-Za-z][A-Za-z ]{{3,60}}?)\s+VOLUME\s(?P<volume>\d{{1,4}})\s\|\sNUMBER\s"
    rf"(?P<issue>[\w\-]{{1,7}})\s\|\s{MONTH}\s(?P<year>{YEAR})\b"
)
# "Chinese Medical Journal ¦ July 20, 2017 ¦ Volume 130 ¦ Issue 14  1683" (Medknow)
_BAR_DATE_VOLUME_ISSUE = re.compile(
    rf"(?:^|\d\s)(?P<container>[A-Z][A-Za-z ]{{3,60}}?)\s[|¦]\s{MONTH}\s\d{{1,2}},\s"
    rf"(?P<year>{YEAR})\s[|¦]\sVolume\s(?P<volume>\d{{1,4}})\s[|¦]\sIssue\s(?P<issue>[\w\-]{{1,7}})"
)
# "NATURE MATERIALS | VOL 13 | SEPTEMBER 2014 | www.nature.com/naturematerials  897"
_NATURE_FOOT = re.compile(
    rf"^(?P<container>[A-Z][A-Z ]{{3,60}}?)\s\|\sVOL\s(?P<volume>\d{{1,4}})\s\|\s{MONTH}\s"
    rf"(?P<year>{YEAR})\s\|"
    # the older foot without bars: "nature physics VOL 3 NOVEMBER 2007 www.nature.com/…"
    rf"|^(?P<old>nature(?:\s[a-z]+){{0,3}})\sVOL\s(?P<old_volume>\d{{1,4}})\s{MONTH}\s"
    rf"(?P<old_year>{YEAR})\swww\.nature\.com"
)
# APA journals: "Journal of Applied Psychology  © 2016 American Psychological Association" over
# "2016, Vol. 101, No. 10, 1353-1385  0021-9010/16/$12.00"
_APA_LINES = re.compile(
    rf"^(?P<container>[A-Z][^\n©]{{3,100}}?)\s+(?:©|Copyright\s)[^\n]*\n(?P<year>{YEAR}),\sVol\.\s"
    rf"(?P<volume>\d{{1,4}}),\sNo\.\s(?P<issue>[\w\-]{{1,7}}),\s(?P<page>{PAGES})\b",
    re.MULTILINE,
)
# and the newer layout: the journal's name on a line or two of its own ("Journal of
# Experimental Psychology:" / "Learning, Memory, and Cognition") over "© 2021 American
# Psychological Association  2021, Vol. 47, No. 11, 1856-1869"
_APA_HEAD = re.compile(
    rf"^(?P<container>[A-Z][^\n©]{{2,100}}(?:\n[A-Z][^\n©]{{2,100}})?)\n(?:©|Copyright)\s?{YEAR}\s"
    rf"American\sPsychological\sAssociation\s+(?P<year>{YEAR}),\sVol\.\s(?P<volume>\d{{1,4}}),\s"
    rf"No\.\s(?P<issue>[\w\-]{{1,7}}),\s(?P<page>{PAGES})\b",
    re.MULTILINE,
)
# a head with the volume in Roman numerals: "Hesperis-Tamuda, Vol. XLV, (2010), pp. 35-53",
# "Hespéris-Tamuda LVI (1) (2021): 17-33"
_ROMAN_VOLUME_HEAD = re.compile(
    rf"(?P<container>[A-ZÀ-Þ][^\n,:()\d]{{2,80}}?),?\s(?:Vol\.\s)?(?P<volume>[IVXLC]{{1,7}})"
    rf"(?:,|\s\((?P<issue>[\w\-]{{1,7}})\))?\s\((?P<year>{YEAR})\)(?::|,\spp\.)\s?"
    rf"(?P<page>{PAGES})\s*$"
)
# "Revista Jurídica de la Universidad de Palermo | ISSN 0328-5642 | pp. 75-125"
_ISSN_BAR_FOOT = re.compile(
    r"(?P<container>[A-ZÀ-Þ][a-zà-ÿ]+(?:\s[^|\n,\d]{2,100}?)?)\s\|\sISSN\s\d{4}-\d{3}[\dXx]\s\|\s"
    rf"pp\.\s(?P<page>{PAGES})\b"
)
# An IEEE magazine's first page: "10  1541-1672/11/$26.00 © 2011 IEEE  IEEE INTELLIGENT
# SYSTEMS" (the name in small capitals, which the text layer gives as "Ieee InTeLLIGenT SySTemS")
_MAGAZINE_FOOT = re.compile(
    rf"^\d{{1,4}}\s+\d{{4}}-\d{{3}}[\dX]/\d{{2}}/\$\s?\d+\.\d\d\s©\s?(?P<year>{YEAR})\sIEEE\s{{2,}}"
    r"(?P<container>(?i:IEEE)\s[A-Za-z][A-Za-z&\- ]{3,60}?)\s*$"
)


def _magazine_word(word: str) -> str:
    return word.upper() if word.upper() in _ACRONYMS else word.capitalize()


# the New England Journal of Medicine's foot: "n engl j med 380;8 nejm.org February 21, 2019"
_NEJM_FOOT = re.compile(
    r"^(?:\d{1,5}\s+)?n\s?engl\sj\smed\s(?P<volume>\d{1,4});(?P<issue>\d{1,3})\s+nejm\.org\b", re.I
)
_ACRONYM_FOOT = re.compile(r"^(?P<container>[A-Z]{3,10}-\d{2})$")  # "IJCAI-07" on every page
# "SCIENTIFIC REPORTS | 5 : 8555 | DOI: 10.1038/srep08555", "… | (2018) 8:12906 | DOI…"
_BAR_FOOT = re.compile(
    rf"^(?P<container>[A-Z][A-Za-z ]{{3,60}}?)\s\|\s(?:\((?P<year>{YEAR})\)\s?)?"
    r"(?P<volume>\d{1,4})\s?:\s?(?P<number>\d{1,8})"
    r"\s\|\s(?=DOI|https?://doi\.org)"
)
_BANNER_BREAK = re.compile(r"\s{2,}|\s\|\s|\s(?=www\.|https?://)")
# not after a quoted title: a cited paper's venue (a footnote's "…Mental Content,”
# Proceedings of the Aristotelian Society, c (2000): 115–35")
_PROCEEDINGS = re.compile(
    r"(?<![”\"],\s)(?<![”\"]\s)(?P<container>(?:In\s)?Proceedings\sof\s(?:the\s)?[^\n]{8,200}?)(?=,\s|\.\s|\s{2}|\.?$)"
    r"(?:[^\n]*?(?:,\s*pages|\.?\s*pp\.)\s*(?P<page>\d+\s?-\s?\d+))?",
    re.MULTILINE,
)
# its name cut short: "In Proc. of the IEEE Int. Conf. on Robotics and Automation, Apr 2004"
_PROC_ABBREVIATED = re.compile(
    r"(?P<container>(?:In\s)?Proc\.\sof\s(?:the\s)?[A-Z][\w\-]*\.?"
    r"(?:\s(?:[A-Z][\w\-]*\.?|\d{1,4}(?:st|nd|rd|th)|of|on|and|the|for|in|&))*)"
    r"(?:[^\n]*?\.?\s*pp\.\s*(?P<page>\d+\s?-\s?\d+))?"
)
CONFERENCE_FOOT_SHARE = 0.2  # a proceedings' foot may take three lines: its name sits higher
# 2010 International Conference on Data Storage and Data Engineering (a p1 foot)
_ORDINAL_CONFERENCE = re.compile(  # "9th International Particle Accelerator Conference  IPAC2018"
    r"^(?P<container>\d{1,3}(?:st|nd|rd|th)\s(?:[A-Z][\w\-]*\s){1,6}(?:Conference|Symposium|"
    r"Workshop))(?=\s{2}|,\s|\s*$)"
)
# "Thirty-Fifth", "Twenty-Sixth", "Tenth": an edition spelled out
_SPELLED_ORDINAL = (
    r"(?:(?:Twenty|Thirty|Forty|Fifty|Sixty|Seventy|Eighty|Ninety)-)?(?:First|Second|Third|"
    r"Fourth|Fifth|Sixth|Seventh|Eighth|Ninth)|Tenth|Eleventh|Twelfth|Thirteenth|Fourteenth|"
    r"Fifteenth|Sixteenth|Seventeenth|Eighteenth|Nineteenth|Twentieth|Thirtieth|Fortieth|Fiftieth"
)
_CONFERENCE_LINE = re.compile(
    r"^(?P<container>(?:(?P<year>(?:19|20)\d\d)\s)?(?:The\s)?"
    r"(?:(?:IEEE|ACM)\s(?=\d+(?:st|nd|rd|th)\s))?"  # "2014 IEEE 25th International Symposium"
    r"(?:(?:\d+(?:st|nd|rd|th)|"
    rf"{_SPELLED_ORDINAL})\s)?"
    r"(?:(?:IEEE|ACM|IFIP|ISCA|AAAI|SIAM)(?:/\w+)?\s)?(?:International\s|Annual\s|European\s|"
    r"National\s|Joint\s)*(?:Conference|Symposium|Workshop|Congress)\s(?:on|of|in)\s[^\n.;:()]{4,120}?"
    r"(?:\s\([\w\s\-]+\))?(?:\sWorkshop\son\s[^\n.;:()]{2,60})?"
    r"(?::\s[A-Z][^\n.;:()]{3,60})?)"  # IEEE's "…Computing Systems: Technology and Applications"
    # a place or a date after the name, not more of its topics ("…on Dependable, Autonomic and
    # Secure Computing")
    r"(?=(?:,\s(?![A-Z][\w\-]+(?:,\s[A-Z][\w\-]+)*,?\s(?:and|&)\s[A-Z])[^\n]{2,60})?\.?\s*$)",
    re.MULTILINE,
)
# the ACM permission block: "PLDI’09, June 15–20, 2009, Dublin, Ireland."
_ACM_VENUE = re.compile(  # "CHI 2017, May 6-11, 2017, Denver, CO, USA." too
    rf"^(?P<container>[A-Z][A-Za-z]{{1,14}}(?:\s?['’]\s?\d{{2}}|\s(?:19|20)\d\d)),\s+{MONTH}\s\d{{1,2}}"
    rf"[^\n]{{0,20}}?,\s(?P<year>{YEAR})\b",
    re.MULTILINE,
)
# the venue alone between the block and its copyright line, the template's "20XX" unfilled:
# "permission and/or a fee." / "MAMA 2011" / "Copyright 20XX ACM X-XXXXX-XX-X/XX/XX"
_ACM_BLOCK_VENUE = re.compile(
    r"permission\s+and/or\s+a\s+fee\.\s*\n\s*(?P<container>[A-Z][A-Za-z\-]{1,14}\s?['’]?\s?"
    r"(?P<year>(?:19|20)\d\d)?\d{0,2})(?:,[^\n]{0,80})?\s*\n\s*Copyright\s(?:(?:19|20)\d\d|20XX)\sACM\b"
)
_ACM_ISBN = re.compile(r"\bACM\s(?:ISBN\s)?(?P<isbn>97[89](?:-?\d){10})/\d{2}/\d{2}\b")
_VENUE_LINE = re.compile(
    r"^(?:Published\s(?:as\sa\s(?:conference\s)?paper\s)?(?:at|in)|Accepted\s(?:at|to|for)|"
    r"Appeared\sin|To\sappear\sin|Presented\sat)\s(?P<container>[^\n]{4,150}?)\.?"
    r"(?:\s+(?!(?:19|20)\d\d$)\d{1,4})?$",  # a page number after it, not the venue's year
    re.MULTILINE | re.IGNORECASE,
)


def citation_lines(text: PrintedText) -> Iterator[Candidate]:
    """Candidates from printed citation lines in the heads, feet and first page."""
    banners = [" ".join(line.split()) for line in text.front_text().split("\n")]
    banners = [b for b in banners if 2 <= len(b.split()) <= 10 and not re.search(r"\d", b)]
    for candidate in _citation_lines(text):
        yield _whole_banner(candidate, banners)


def _whole_banner(candidate: Candidate, banners: list[str]) -> Candidate:
    """ "Earth and Planetary Science Letters 436 (2016) 108-120" read as "Earth and Planetary"
    (an "A and B" lead of authors) + "Science Letters": the journal is the whole banner that
    the line starts with, when the page sets that banner on a line of its own."""
    if candidate.field != "container" or not candidate.line:
        return candidate
    value = candidate.value.casefold()
    for banner in banners:
        whole = banner.casefold()
        if len(whole) > len(value) and whole.endswith(value) and candidate.line.startswith(banner):
            return replace(candidate, value=banner)
    return candidate


def _citation_lines(text: PrintedText) -> Iterator[Candidate]:
    zones = [(n, line) for n, line in text.margin_lines()]
    front = text.front_text()
    seen: set[tuple[str, str]] = set()
    for number, line in zones:
        yield from _forms_in(line, f"p{number} head/foot", seen)
    single = [c for line in front.split("\n") for c in _forms_in(line, "p1", seen, factor=0.95)]
    yield from single
    joined = _join_wrapped(front)
    yield from _longer_than_its_line(list(_forms_in(joined, "p1", seen, factor=0.9)), single)
    for match in _VOLUME_ARTICLE.finditer(front):
        yield from match_candidates(match, "p1 volume/article line", 0.85)
    for number, line in zones + [(1, ln) for ln in front.split("\n")]:
        for match in _VOLUME_BAR_ARTICLE.finditer(line):
            yield from match_candidates(match, f"p{number} volume/article line", 0.8)
            yield from _container_before(line[: match.start()], f"p{number} volume/article line")
    for match in _VOL_ISSUE_PAGES.finditer(front):
        banner = match.group("banner").replace("\n", " ")
        if plausible_journal(banner.strip()):
            if match.group("volume") != "0":  # SAGE's OnlineFirst "0(0) 1–20": no issue yet
                yield from match_candidates(match, "p1 volume/issue line under its banner", 0.75)
            yield from _container_before(banner, "p1 banner over its volume line")
    margins = "\n".join(line for n, line in zones if n == 1)
    for match in (*_APA_LINES.finditer(margins), *_APA_HEAD.finditer(margins)):
        yield from match_candidates(match, "p1 APA journal lines", 0.85)
    for match in _OUP_HEAD.finditer(front):
        yield from match_candidates(match, "p1 journal and volume head", 0.85)
    dated = (
        _VOLUMEN_LINE,
        _DATE_VOLUME_ISSUE,
        _YEAR_VOL_PAGES,
        _VOL_NO_DATE_PAGES,
        _MONTH_YEAR_VOL_PAGES,
        _JAHRGANG,
        _CILT_SAYI,
        _PARENTHESISED_NAME_VOL_NO,
        _VOLUME_ISSUE_SLASHES,
        _CJK_DATE_HEAD,
    )
    for match in (m for pattern in dated for m in pattern.finditer(front)):
        placeholder = re.fullmatch(r"0+", match.groupdict().get("volume") or "1")
        for candidate in match_candidates(match, "p1 volume/issue line", 0.8):
            if not (placeholder and candidate.field in ("volume", "issue")):
                yield candidate  # SAGE's OnlineFirst "2024, Vol. 0(0) 1-15": no issue yet
        if banner := match.groupdict().get("banner"):
            where = "p1 banner over its volume line"
            yield from _container_before(banner.replace("\n", " "), where)
    for number, line in zones:
        if match := _NATURE_HEAD.match(line):
            yield from _nature_head(match, number)
        if match := _BAR_DATE_VOLUME_ISSUE.search(line.strip()):
            yield from match_candidates(match, f"p{number} head/foot", 0.8)
        if match := _NATURE_FOOT.match(line.strip()):
            yield from _nature_head(match, number)
        if match := _BAR_FOOT.match(line.strip()):
            yield from match_candidates(match, f"p{number} foot", 0.8)
        if number == 1 and (match := _ROMAN_VOLUME_HEAD.match(line.strip())):
            yield from match_candidates(match, "p1 head", 0.8)
        if match := _ISSN_BAR_FOOT.search(line):
            yield from match_candidates(match, f"p{number} foot", 0.75)
        if match := _MAGAZINE_FOOT.match(line.strip()):
            name = " ".join(_magazine_word(w) for w in match.group("container").split())
            yield Candidate("container", name, 0.8, f"p{number} foot '{line.strip()[:80]}'")
            yield Candidate("year", match.group("year"), 0.8, f"p{number} foot '{line[:80]}'")
        if match := _NEJM_FOOT.match(line.strip()):
            where = f"p{number} foot '{line.strip()[:60]}'"
            yield Candidate("volume", match.group("volume"), 0.8, where, line=line.strip())
            yield Candidate("issue", match.group("issue"), 0.8, where, line=line.strip())
        if number > 1 and (match := _ACRONYM_FOOT.match(line.strip())):
            yield Candidate("container", match.group("container"), 0.7, f"p{number} foot '{line}'")
    for match in _PMC_FINAL_FORM.finditer(front):
        yield from match_candidates(match, "p1 PMC author manuscript", 0.85)
    for page in (2, 3):  # set on even pages only, so not a head that recurs on the pages read
        head = text.text_of(page).strip().split("\n", 1)[0].strip() if text.page(page) else ""
        if match := _PROCEEDINGS_RUNNING_HEAD.match(head):
            yield from match_candidates(match, f"p{page} proceedings head", 0.8)
    yield from _proceedings(text)


# "42 | Actas del XVIII Coloquio de Historia de la Educación. Vol. 2. Sección 3": the running
# head of proceedings in Spanish, Portuguese or Italian
_PROCEEDINGS_RUNNING_HEAD = re.compile(
    r"^\d{1,4}\s\|\s(?P<container>(?:Actas|Anais|Atti)\s[^.|\n]{5,120}?)\.\s"
    r"Vol\.\s(?P<volume>\d{1,3})\b"
)


def _nature_head(match: re.Match[str], number: int) -> Iterator[Candidate]:
    """ "nature NEUROSCIENCE  VOLUME 14 | NUMBER 2 | FEBRUARY 2011": the journal's logotype,
    set in mixed case, in the words' usual case."""
    where = f"p{number} head '{match.group(0)[:80]}'"
    groups = match.groupdict()
    words = (groups.get("container") or groups.get("old") or "").split()
    name = " ".join(w.capitalize() if w.isupper() or w.islower() else w for w in words)
    yield Candidate("container", name, 0.85, where, line=match.group(0))
    for part in ("volume", "issue", "year"):
        if value := groups.get(part) or groups.get(f"old_{part}"):
            yield Candidate(part, value, 0.85, where, line=match.group(0))


def _longer_than_its_line(joined: list[Candidate], single: list[Candidate]) -> list[Candidate]:
    """A citation whose journal name a line break cut ("… PLoS" / "Comput Biol 15(6):
    e1007128") is read whole from the joined text: there it outranks the cut line."""
    out = []
    for candidate in joined:
        cut = [c for c in single if c.line != candidate.line and candidate.line.endswith(c.line)]
        if cut:
            best = max(c.confidence for c in cut)
            candidate = replace(candidate, confidence=round(best + 0.01, 3))
        out.append(candidate)
    return out


def after_title(text: PrintedText, title: str) -> Iterator[Candidate]:
    """The citation a page prints of itself, found by its title ("Cite this article: … mature
    milk in a bear, the giant panda, Ailuropoda melanoleuca. R. Soc. open sci. 2: 150395."):
    what follows the title up to the volume is the journal, in whatever case it is set."""
    words = re.findall(r"\w+", title)
    if len(words) < 2:
        return
    # "\W*": a word broken at its hyphen over a line end is joined whole ("CrossNational")
    joined = r"\W*".join(re.escape(w) for w in words)
    # a title this short only right after a citation's year: "(2017). Neutral change."
    if len(words) == 2:
        joined = rf"\({YEAR}[a-z]?\)\.?\s*" + joined
    pattern = re.compile(joined, re.IGNORECASE)
    for number in (1, 2):  # a cover's next page may print it ("Cómo citar: …")
        if found := list(_cited_after(pattern, text.flat_of(number), number)):
            yield from found
            return


def _cited_after(pattern: re.Pattern[str], page: str, number: int) -> Iterator[Candidate]:
    for found in pattern.finditer(page):
        tail = page[found.end() : found.end() + 160]
        if not _TITLE_CLOSED.match(tail):
            continue  # the title as a heading, the text under it ("… for 2020 Key facts")
        match = (
            _CITED_VOL_ISSUE_PAGES.match(tail)
            or _CITED_AFTER_TITLE.match(tail)
            or _CITED_CHICAGO.match(tail)
            or _CITED_ROMAN.match(tail)
            or _CITED_AGU.match(tail)
        )
        container = match.group("container").strip(" .") if match else ""
        if plausible_journal(container) and not _ENDS_WITH_MONTH.search(container):
            where = f"p{number} citation of itself after its title"
            for candidate in match_candidates(match, where, 0.75):
                if candidate.field == "container" and _ABBREVIATION_END.search(candidate.value):
                    candidate = replace(candidate, value=candidate.value + ".")
                yield candidate


def _container_before(text: str, where: str) -> Iterator[Candidate]:
    """The journal named first in a foot or banner that goes on with its site, date or
    volume ("Frontiers in Psychology  www.frontiersin.org  January 2015 | Volume 5 | …");
    an acronym set before the name ("JSS  Journal of Statistical Software") is left out."""
    parts = [p.strip() for p in _BANNER_BREAK.split(text) if p and p.strip()]
    if parts and re.fullmatch(r"[A-Z]{2,6}", parts[0]) and len(parts) > 1:
        parts = parts[1:]
    name = _without_acronym(parts[0]) if parts else ""
    if plausible_journal(name) and not re.search(r"\d", name):
        yield Candidate("container", recase_title(name), 0.8, f"{where} '{text.strip()[:80]}'")


def _without_acronym(name: str) -> str:
    """ "JSS Journal of Statistical Software" → "Journal of Statistical Software": a leading
    acronym made of the initials of the capitalised words after it."""
    head, _, rest = name.partition(" ")
    initials = "".join(w[0] for w in rest.split() if w[:1].isupper())
    return rest if rest and len(head) >= 2 and head == initials else name


def _join_wrapped(text: str) -> str:
    """Page text with line breaks inside a sentence joined (a citation box wraps)."""
    return re.sub(r"(?<=[^.\n])\n(?=[\w(])", " ", text)


_HELD_BY = re.compile(r"(?:©|\bCopyright)\s*\d{0,4}\s*$")  # a copyright's holder follows


def _forms_in(line: str, where: str, seen: set[tuple[str, str]], factor: float = 1.0):
    for form in CITATION_FORMS:
        for match in form.pattern.finditer(line):
            container = _no_page_number(match.groupdict().get("container") or "")
            if container and _HELD_BY.search(line[: match.start("container")]):
                continue  # "© 1995 Society for Industrial and Applied Mathematics / Vol. 37"
            if not plausible_journal(container) or re.fullmatch(
                r"0+", match.groupdict().get("volume") or "1"
            ):
                continue  # "MNRAS 000, 1-14 (2025)": a template's placeholder
            key = (form.name, match.group(0))
            if key in seen:
                continue
            seen.add(key)
            head = _JOURNAL_HEAD.search(line[: match.start("container")]) if container else None
            for candidate in match_candidates(
                match, f"{where} citation line", form.confidence * factor
            ):
                if head and candidate.field == "container":  # "Journal of Money, " + "Credit …"
                    joined = " ".join(f"{head.group('head')}{candidate.value}".split())
                    candidate = replace(candidate, value=joined)
                yield candidate


# the first part of a journal's name that holds a comma, before the part a citation form
# reads ("Journal of Money, Credit and Banking, Vol. 51"; "Journal of Public Budgeting,
# Accounting & Financial Management Vol. 32 No. 5, 2020")
_JOURNAL_HEAD = re.compile(
    r"(?:^|\s{2}|[.;:\d]\s)(?P<head>(?:The\s)?(?:Journal|Review|Annals|Bulletin|Transactions|"
    r"Archives|Revista|Revue|Zeitschrift)\s[^,;:.\n]{2,60},\s(?:[^,;:.\n]{2,40},\s)*)$",
    re.M,
)


def match_candidates(match: re.Match[str], where: str, confidence: float) -> Iterator[Candidate]:
    """A candidate per named group a citation line's pattern matched, its values cleaned."""
    quote = " ".join(match.group(0).split())[:120]
    for name, value in match.groupdict().items():
        if not value or name == "banner":
            continue
        name = "issue" if name == "issue_b" else name
        value = " ".join(value.split()).strip(" ,;")
        if name == "container":
            value = recase_title(join_cjk_breaks(_no_page_number(value)))
            if not plausible_journal(value):
                continue
        if name == "page":
            value = re.sub(r"(?<=\d)e(?=\d)", "-", re.sub(r"\s", "", value))
            if re.fullmatch(r"0+-0+", value):
                continue  # a proof's placeholder: "24: 000-000"
        yield Candidate(name, value, confidence, f"{where} '{quote}'", line=quote)


_CITE_LABEL = re.compile(
    r"^(?:Cite\s(?:this|This)(?:\sarticle)?|Citation|Zitierweise|Como\scitar|Cómo\scitar|"
    r"Pour\sciter(?:\scet\sarticle)?|To\scite(?:\sthis\sarticle)?)\s?:\s*"
)


def _no_page_number(container: str) -> str:
    """Without a page number or a "Cite this:" label before it, or a "Vol." label after it."""
    container = _CITE_LABEL.sub("", container.strip())
    container = re.sub(r"^.*\bSource:\s*", "", container)  # a JSTOR cover's labelled line
    container = re.sub(r"\s+(?:Vol|Volume|VOL|VOLUME)\.?$", "", container)
    container = _ENDS_WITH_MONTH.sub("", container).strip()  # "… Stress August 2018, 31, …"
    return without_kicker(re.sub(r"^\d{1,5}\s+", "", container))


# an article's kind printed before the journal's name in capitals: "Review TRENDS in Ecology …"
_KICKER_WORD = re.compile(
    r"^(?:Review|Opinion|Letter|Article|Perspective|Commentary|Update|Editorial)\s+(?=[A-Z]{2,}\b)"
)


def without_kicker(container: str) -> str:
    return _KICKER_WORD.sub("", container)


# what a head's other words start with; whole words only ("Nonlinear Dynamics", "Nordic
# Journal of Psychiatry" and "Tablet" are no "No." or "Table")
_NOT_JOURNAL = re.compile(
    r"^(?:(?:page|pages|vol|volume|no|issue|copyright|received|accepted|published|doi|"
    r"the authors?|et al|fig|figure|table|http|www|issn|isbn)\b|\d|"
    r"(?:version|revision|draft|release)\s*$)",  # "Version 5, 8 February 2023": a document's
    re.IGNORECASE,
)


def plausible_journal(name: str) -> bool:
    """A name a journal may have: one to sixteen words, letters enough, no head's word or
    date, no metric."""
    if re.fullmatch(MONTH, name.strip()):
        return False  # "August 2018, 31, 549-557": a date, not a journal
    if re.search(r"\bX{3,}\b", name, re.IGNORECASE):
        return False  # "IEEE TRANSACTIONS ON XXX": a template's journal, unnamed
    words = name.split()
    letters = sum(c.isalpha() for c in name)
    metric = re.search(r"\bimpact\sfactor\b", name, re.IGNORECASE)  # "SJIF Impact Factor 7.421"
    # "Eye (2021) 35:409–417", "Gut", "AcP"; "A&A 460, 743–749 (2006)"
    short = re.fullmatch(r"[A-Z][A-Za-z]{2}|[A-Z]&[A-Z]", name.strip())
    enough = letters >= 4 or bool(short)
    return 1 <= len(words) <= 16 and enough and not _NOT_JOURNAL.match(name) and not metric


_ACRONYMS = frozenset(
    [
        "IEEE",
        "ACM",
        "IET",
        "SIAM",
        "IBM",
        "AIAA",
        "ASME",
        "IEICE",
        "ACS",
        "RSC",
        "BMJ",
        "JAMA",
        "PLOS",
        "AAAI",
        "IJCAI",
        "USA",
        "UK",
        "EU",
        "SPIE",
    ]
)
_SMALL = frozenset(
    [
        "of",
        "and",
        "in",
        "for",
        "the",
        "on",
        "at",
        "to",
        "a",
        "an",
        "de",
        "la",
        "des",
        "du",
        "di",
        "y",
        "e",
        "für",
        "der",
        "und",
        "à",  # not "do": "WHAT DO STUDENTS NEED"
        "da",
        "dos",
        "das",
        "del",
        "della",
        "degli",
    ]
)


def recase_title(text: str) -> str:
    """A title printed in capitals ("IEEE TRANSACTIONS ON CIRCUITS") in title case, known
    acronyms kept; other text unchanged."""
    letters = [c for c in text if c.isalpha()]
    if len(letters) < 6 or not all(c.isupper() for c in letters):
        return text
    words = []
    for i, word in enumerate(text.split()):
        bare = word.strip(".,:;()")
        if bare in _ACRONYMS:
            words.append(word)
        elif i and bare.lower() in _SMALL:
            words.append(word.lower())
        else:
            words.append("-".join(part.capitalize() for part in word.split("-")))
    return " ".join(words)


# a conference's short name and year after its proceedings' name: "(IMC ’24)", "(SIGCSE 2023)"
_SHORT_NAME_AFTER = re.compile(
    r"\s*\((?:(?:[A-Z][\w&/-]*\s?){1,3}(?:[’']\d{2}|\d{4})|[A-Z]{2,8})\)$"  # or "(CIAA)"
)


_JOINER_AT_END = re.compile(r"(?:\s(?:of|on|and|the|for|in|&))+$")


def _cut_by_its_line(match: re.Match[str], line: str, whole: list[str]) -> bool:
    """A proceedings' name its line break cut ("In Proceedings of The 29th ACM" / "Joint
    European …"), which the joined lines give whole."""
    cut = match.group("container").rstrip(" ,.")
    ends_line = not line[match.end("container") :].strip(" ,.")
    return (
        ends_line and not cut.endswith(")") and any(w.startswith(cut) and w != cut for w in whole)
    )


def _proceedings(text: PrintedText) -> Iterator[Candidate]:
    front = text.front_text()
    zones = [line for _, line in text.margin_lines()] + front.split("\n")
    joined = _join_wrapped(front)
    patterns = (_PROCEEDINGS, _PROC_ABBREVIATED)
    whole = [m.group("container") for p in patterns for m in p.finditer(joined)]
    for source in (*zones, joined):
        for match in (m for pattern in patterns for m in pattern.finditer(source)):
            if source is not joined and _cut_by_its_line(match, source, whole):
                continue
            container = re.sub(r"^In\s", "", match.group("container")).strip(" ,.")
            container = _JOINER_AT_END.sub("", container)
            container = _DATES_AFTER.sub("", container)  # USENIX's "… Symposium August 16-18"
            quote = " ".join(match.group(0).split())[:120]
            where = f"p1 proceedings line '{quote}'"
            named = _SHORT_NAME_AFTER.sub("", container)  # "… Conference (IMC ’24)"
            yield Candidate("container", named, 0.8, where, line=quote)
            if match.group("page"):
                page = re.sub(r"\s", "", match.group("page"))
                yield Candidate("page", page, 0.8, where, line=quote)
            tail = source[match.end() : match.end() + 200]
            if volume := re.match(r"[^\n]{0,60}?\bVolume\s(\d{1,4})\s*$", tail, re.MULTILINE):
                yield Candidate("volume", volume.group(1), 0.7, where, line=quote)
            elif pmlr := re.match(  # ICML's "…, PMLR 139, 2021", "…, Vancouver, Canada. PMLR 267"
                r"(?:,\s[^\n.]{2,60}\.)?[,\s]{0,3}PMLR\s(\d{1,4})\b", tail
            ):
                yield Candidate("volume", pmlr.group(1), 0.75, where, line=quote)
            year = re.search(rf"\b({YEAR})\b", match.group(0)[len(container) :] + tail)
            if year:
                yield Candidate("year", year.group(1), 0.75, where, line=quote)
    yield from _ceur_footer(text.front_flat)
    yield from _ceurart_footer(text.text_of(1))
    yield from _usenix(text)
    if match := _XPLORE_BANNER.search(front):
        quote = match.group(0)[:120]
        where = f"p1 IEEE Xplore banner '{quote}'"
        venue = html.unescape(match.group("container"))  # "Power Electronics &amp; Engineering"
        yield Candidate("container", venue, 0.85, where, line=quote)
        yield Candidate("year", match.group("year"), 0.85, where, line=quote)
    if match := _ATTRIBUTION.search(text.front_flat):
        quote = match.group(0)[-120:]
        where = f"p1 licence attribution '{quote}'"
        yield Candidate("container", match.group("container"), 0.8, where, line=quote)
        yield Candidate("year", match.group("year"), 0.8, where, line=quote)
    for match in _SPRINGER_SERIES_FOOT.finditer(front):
        for candidate in match_candidates(match, "p1 proceedings foot", 0.85):
            if candidate.field == "container":  # the venue's acronym as printed: "ACIIDS 2020"
                candidate = replace(candidate, value=match.group("container").strip())
            yield candidate
    for match in _ACM_VENUE.finditer(front):
        where = f"p1 ACM permission block '{match.group(0)[:60]}'"
        yield Candidate("container", match.group("container"), 0.7, where)  # "CCS’15": short
        yield Candidate("year", match.group("year"), 0.7, where)
    if match := _ACM_BLOCK_VENUE.search(front):
        where = f"p1 ACM permission block '{' '.join(match.group(0).split())[-80:]}'"
        yield Candidate("container", match.group("container"), 0.7, where)
        yield Candidate("publisher", "ACM", 0.75, where)
        if match.group("year"):
            yield Candidate("year", match.group("year"), 0.7, where)
    for match in _ACM_ISBN.finditer(front):
        where = f"p1 ACM permission block '{match.group(0)[:60]}'"
        if valid_isbn(isbn := re.sub(r"\D", "", match.group("isbn"))):
            yield Candidate("isbn", isbn, 0.8, where)
        yield Candidate("publisher", "ACM", 0.75, where)
    venue_zone = front + "\n" + "\n".join(line for _, line in text.margin_lines())
    for match in _VENUE_LINE.finditer(venue_zone):
        venue = match.group("container").strip()
        quote = match.group(0)[:100]
        yield Candidate("venue", venue, 0.6, f"p1 venue line '{quote}'")
        if year := re.search(rf"\b({YEAR})\b", venue):
            yield Candidate("year", year.group(1), 0.6, f"p1 venue line '{quote}'")
    first = text.first
    if first is not None:
        for line in first.margins():
            if ordinal := _ORDINAL_CONFERENCE.match(normalise(line.text).strip()):
                where = f"p1 conference line '{ordinal.group(0)[:100]}'"
                yield Candidate("container", ordinal.group("container"), 0.7, where)
    heads = [(1, normalise(line.text)) for line in first.margins()] if first else []
    heads += [(n, line) for n, line in text.margin_lines() if n > 1]  # IEEE's running heads
    for number, line in heads:
        if match := _CONFERENCE_LINE.match(line.strip().rstrip(",")):
            quote = match.group(0)[:100]
            where = f"p{number} conference line '{quote}'"
            yield Candidate("container", match.group("container"), 0.7, where, line=quote)
            if match.group("year"):
                yield Candidate("year", match.group("year"), 0.7, where, line=quote)


_DATES_AFTER = re.compile(rf"\s{MONTH}\s\d{{1,2}}(?:\s?-\s?\d{{1,2}})?$")
# USENIX: the paper's page on the cover ("https://www.usenix.org/conference/usenixsecurity17/
# technical-sessions/presentation/ho") and "USENIX Association" at the foot of its pages
_USENIX_PAGE = re.compile(r"https?://www\.usenix\.org/conference/\S+/presentation/\S+")
_USENIX_FOOT = re.compile(r"^\s*(?:\d{1,5}\s+)?USENIX Association\b|\bUSENIX Association\s*$")


def _usenix(text: PrintedText) -> Iterator[Candidate]:
    if match := _USENIX_PAGE.search(text.front_text()):
        yield Candidate("url", match.group(0).rstrip(".,;)"), 0.8, "p1 USENIX cover")
    feet = {
        page.number
        for page in text.pages
        if page.number > 1 and any(_USENIX_FOOT.search(line.text) for line in page.margins())
    }
    if feet and "USENIX" in text.front_text():  # the cover names it; the first foot confirms
        yield Candidate("publisher", "USENIX Association", 0.75, f"feet of pages {sorted(feet)}")


# the banner IEEE Xplore sets in the margin of a conference paper: "2022 IEEE/ACM International
# Symposium on Code Generation and Optimization (CGO) | 978-1-6654-0584-3/22/$31.00 ©2022 IEEE
# | DOI: 10.1109/CGO53902.2022.9741270"
_XPLORE_BANNER = re.compile(
    r"^[ \t]*(?P<container>[^|\n]{10,200}?)[ \t]*\|[ \t]*(?:ISBN:?[ \t]?)?97[89][\d\-]{10,16}"
    rf"/\d\d/\$\d{{1,3}}\.\d\d[ \t]*©[ \t]?(?P<year>{YEAR})[ \t]+IEEE\b",
    re.M,
)
# the licence footnote of ISMIR's template: "Attribution: Vincent Lostanlen and Carmine-Emanuele
# Cella. “Deep convolutional networks …”, 17th International Society for Music Information
# Retrieval Conference, 2016."
_ATTRIBUTION = re.compile(
    r"\bAttribution:\s[^“”\"]{3,300}?[“\"][^“”\"]{5,300}[”\"],\s(?P<container>[^,“”]{5,150}?"
    rf"\b(?:Conference|Symposium|Workshop)),\s(?P<year>{YEAR})\."
)


def _ceur_footer(front: str) -> Iterator[Candidate]:
    """CEUR Workshop Proceedings' page-1 foot: "S. Kolb, C. Sturm (Eds.): 11th ZEUS Workshop,
    ZEUS 2019, Bayreuth, Germany, 14-15 February 2019, published at
    http://ceur-ws.org/Vol-2339": the workshop's name runs to its first part with a year."""
    match = _CEUR.search(front)
    if not match:
        return
    parts = [p.strip() for p in match.group("body").split(",")]
    end = next((i for i, p in enumerate(parts) if re.search(rf"\b{YEAR}\b", p)), None)
    where = f"p1 CEUR foot '{match.group(0)[:100]}'"
    if end is not None and not re.match(r"\d", parts[end]):
        yield Candidate("container", ", ".join(parts[: end + 1]), 0.85, where)
        yield Candidate("year", re.search(rf"\b({YEAR})\b", parts[end]).group(1), 0.8, where)
    yield Candidate("volume", match.group("volume"), 0.85, where)
    yield Candidate("url", match.group("url"), 0.8, where)


def _ceurart_footer(front: str) -> Iterator[Candidate]:
    """CEUR's later template ("ceurart") prints no volume on page 1, only the event's line in
    its foot over the footnotes, and its licence line ("© 2025 Copyright for this paper by
    its authors. Use permitted under Creative Commons…"): "Ital-IA 2025: 5th National
    Conference on Artificial Intelligence, organized by CINI, June 23-24, 2025, Trieste, IT"."""
    if not _CEURART_LICENCE.search(front):
        return
    events = [m for m in _EVENT_LINE.finditer(front) if re.search(rf"\b{YEAR}\b", m.group(0))]
    if not events:
        return
    line = events[-1].group(0).strip()
    parts = [p.strip() for p in line.split(",")]
    end = next(i for i, p in enumerate(parts) if re.search(rf"\b{YEAR}\b", p))
    if re.match(r"\d", parts[end]) or not _CONFERENCE_WORD.search(", ".join(parts[: end + 1])):
        return
    where = f"p1 CEUR foot '{line[:100]}'"
    yield Candidate("container", ", ".join(parts[: end + 1]), 0.8, where)
    yield Candidate("year", re.search(rf"\b({YEAR})\b", parts[end]).group(1), 0.75, where)


# PubMed Central's author manuscripts: "Published in final edited form as:" over
# "Curr Psychiatry Rep. ; 21(11): 116. doi:…" (the date may be left out)
_PMC_FINAL_FORM = re.compile(
    rf"Published\sin\sfinal\sedited\sform\sas:\s*(?P<container>[^\n;]{{3,80}}?\.?)\s*"
    rf"(?:(?P<year>{YEAR})[^;\n]{{0,20}})?\s?;\s?(?P<volume>\d{{1,4}})(?:\((?P<issue>[\w\-]{{1,7}})\))?"
    rf"\s?:\s?(?:(?P<page>{PAGES})|(?P<number>{ARTICLE_NO}))\b"
)
# Springer's proceedings foot: "P. Sitek et al. (Eds.): ACIIDS 2020, CCIS 1178, pp. 493–504,
# 2020." (the venue, the series' volume, the pages); the part of a venue's proceedings may
# come between ("ICSI 2016, Part II, LNCS 9713")
_SPRINGER_SERIES_FOOT = re.compile(
    rf"\(Eds?\.\)\s?:\s?(?P<container>[^,()\n]{{3,80}}),\s(?:Part\s[IVX]{{1,5}},\s)?(?:LNCS|LNAI|LNBI|CCIS|LNICST|LNBIP|"
    rf"LNNS|LNEE|AISC|IFIP\sAICT|SIST|SCI|LNDECT)\s(?P<volume>\d{{1,5}}),\spp\.\s?(?P<page>{PAGES}),"
    rf"\s(?P<year>{YEAR})\b"
)
_CEURART_LICENCE = re.compile(
    r"Copyright\sfor\sthis\spaper\sby\sits\sauthors\.\sUse\spermitted\sunder\sCreative\sCommons"
)
_CONFERENCE_WORD = re.compile(r"\b(?:Conference|Workshop|Symposium|Congress|Forum|Meeting)\b")
_EVENT_LINE = re.compile(
    r"^[^\n]{0,120}\b(?:Conference|Workshop|Symposium|Congress|Forum|Meeting)\b[^\n]{0,200}$",
    re.MULTILINE,
)
_CEUR = re.compile(
    r"\(Eds?\.\):\s*(?P<body>[^()]{8,300}?),?\s+published\s+at\s+"
    r"(?P<url>https?://ceur-ws\.org/Vol-(?P<volume>\d{1,5}))",
    re.IGNORECASE,
)


# -- DOIs ----------------------------------------------------------------------------------------

DOI = r"10\.\d{4,9}/[^\s\"<>,;]+"
_DOI_CUE = re.compile(
    rf"(?:\bdoi\s*:\s*|\bDOI:?\s+|doi\.org/|/cgi/doi/|\bdoi\s+)(?P<doi>{DOI})",  # PNAS's URL
    re.IGNORECASE,
)
_BARE_DOI = re.compile(rf"(?<![\w/.])(?P<doi>{DOI})")
_CITE_BLOCK = re.compile(
    r"\b(?:cite\s+this\s+(?:article|paper|chapter|report|publication)|how\s+to\s+cite|"
    r"please\s+cite\s+(?:this\s+(?:publication|report|paper)\s+)?as)",
    re.I,
)


def join_broken_dois(text: str) -> str:
    """A DOI broken at the end of a line ("journal.\\npone.0197919") made whole again, and a
    Springer chapter's whose underscore the text layer lost ("…-32827-8 3," for "…-8_3")."""
    text = re.sub(r"(10\.\d{4,9}/\S*[./\-])\n(?=[a-z0-9])(?!\d+\.\s)", r"\1", text)
    return re.sub(r"(10\.1007/978-[\d\-]{10,17}[\dX])\s(\d{1,3})(?=,)", r"\1_\2", text)


def clean_doi(doi: str) -> str:
    doi = re.split(r"[\x00-\x1f\x7f-\x9f]", doi, maxsplit=1)[0]  # a control glyph ends it
    doi = re.sub(r"(?<=\d)[A-Z][a-z]{3,}$", "", doi)  # the next word glued on: "….006Cambridge"
    doi = re.sub(r"\(0123456789.*$", "", doi)  # Springer's hidden "(0123456789().,-volV)" mark
    # bioRxiv's and medRxiv's "doi: …/2020.05.06.20092999.this version posted May 7, 2020"
    doi = re.sub(r"^(10\.1101/\d{4}\.\d{2}\.\d{2}\.\d{6,8}(?:v\d{1,2})?)\.[a-z].*$", r"\1", doi)
    doi = re.sub(r"\.www\.[a-z\-]+(?:\.[a-z]{2,6})+/?$", "", doi)  # "….19.X" + "www.medienpaed.com"
    return doi.rstrip(".)],;:'’\"")


def doi_candidates(text: PrintedText) -> Iterator[Candidate]:
    """The document's own DOI: printed on page 1 or in its running heads and feet, or in
    the "Cite this article" block; DOIs of cited works (reference lists) are not taken."""
    counts: Counter[str] = Counter()
    where: dict[str, str] = {}
    front = join_broken_dois(text.front_text())
    for match in _DOI_CUE.finditer(front):
        doi = clean_doi(match.group("doi"))
        counts[doi] += 3
        where.setdefault(doi, f"p1 '{match.group(0)[:80]}'")
    for number, line in text.margin_lines():
        for match in _DOI_CUE.finditer(line):
            doi = clean_doi(match.group("doi"))
            counts[doi] += 2
            where.setdefault(doi, f"p{number} head/foot '{line[:80]}'")
    for number in {p.number for p in text.pages if p.number > 1}:
        for doi, quote in _cite_block_dois(join_broken_dois(text.text_of(number))):
            counts[doi] += 3
            where.setdefault(doi, f"p{number} 'Cite this' block '{quote}'")
    if text.page(2) is not None:  # the article's first page behind a publisher's cover
        for match in _COPYRIGHT_FOOT_DOI.finditer(text.text_of(2)):
            doi = clean_doi(match.group("doi"))
            counts[doi] += 2
            where.setdefault(doi, f"p2 foot '{' '.join(match.group(0).split())[:80]}'")
    if not counts:
        for match in _BARE_DOI.finditer(front):
            doi = clean_doi(match.group("doi"))
            counts[doi] += 1
            where.setdefault(doi, f"p1 '{doi}'")
    for doi, count in counts.most_common():
        if _PLACEHOLDER_DOI.search(doi):
            continue  # a template's "10.1145/nnnnnnn.nnnnnnn", left unfilled
        stub = not re.search(r"\d", doi.partition("/")[2])
        if stub and any(other != doi and other.startswith(doi) for other in counts):
            continue  # "10.1002/jts." in every head, "10.1002/jts.22303" on page 1
        confidence = min(0.95, 0.6 + 0.1 * count)
        yield Candidate("doi", doi, confidence, f"printed {where[doi]}")


_PLACEHOLDER_DOI = re.compile(r"/(?:[nNxX#]{4,}|.*[nNxX]{7})(?:[.\-][nNxX#]+)*$")
# a first page's foot: "© 2014 The Econometric Society DOI: 10.3982/ECTA10489"
_COPYRIGHT_FOOT_DOI = re.compile(rf"©[^\n©]{{0,80}}?\bDOI:?\s*(?P<doi>{DOI})", re.I)
REPOSITORY_DOI = re.compile(r"10\.(?:5281|6084|17605|7910)/", re.I)  # Zenodo, figshare, …


def first_cued_doi(page_text: str) -> str | None:
    """The first DOI a page prints after a "doi:" or "doi.org/" cue, not a data set's."""
    for match in _DOI_CUE.finditer(join_broken_dois(page_text)):
        if not REPOSITORY_DOI.match(doi := clean_doi(match.group("doi"))):
            return doi
    return None


def _cite_block_dois(page_text: str) -> Iterator[tuple[str, str]]:
    """The DOI nearest a "Cite this article" line (within three lines)."""
    lines = page_text.split("\n")
    for i, line in enumerate(lines):
        if not _CITE_BLOCK.search(line):
            continue
        nearest: tuple[int, str] | None = None
        for j in range(max(0, i - 3), min(len(lines), i + 6)):
            for match in _DOI_CUE.finditer(lines[j]):
                distance = abs(j - i)
                if nearest is None or distance < nearest[0]:
                    nearest = (distance, clean_doi(match.group("doi")))
        if nearest is not None:
            yield nearest[1], line.strip()[:60]


def dois_anywhere(text: PrintedText) -> set[str]:
    """Every DOI printed in the zones read (to confirm an embedded one), case kept."""
    found: set[str] = set()
    for number in {p.number for p in text.pages}:
        body = join_broken_dois(text.text_of(number))
        found |= {clean_doi(m.group("doi")) for m in _BARE_DOI.finditer(body)}
    return found


# -- arXiv stamps, report numbers, ISBN ------------------------------------------------------------

_YYMM = r"\d\d(?:0[1-9]|1[0-2])"  # an id's year and month: "arXiv:0000.0000" is a template's
_ARXIV_NEW = re.compile(
    rf"arXiv:\s?(?P<id>{_YYMM}\.\d{{4,5}})(?P<version>v\d+)?\s*(?:\[(?P<cat>[\w.\-]+)\])?\s*"
    r"(?P<date>\d{1,2}\s[A-Z][a-z]{2}\s(?P<year>\d{4}))?"
)
_ARXIV_OLD = re.compile(
    r"(?:arXiv:\s?)?(?P<id>[a-z\-]+(?:\.[A-Z]{2})?/\d{7})(?P<version>v\d+)?\s*"
    r"(?:\[(?P<cat>[\w.\-]+)\])?\s*(?P<date>\d{1,2}\s[A-Z][a-z]{2}\s(?P<year>\d{4}))?"
)


_ARXIV_LABEL = re.compile(
    rf"\barXiv(?:\se-?print|\spreprint)?\s*:?\s*(?P<id>{_YYMM}\.\d{{4,5}}(?:v\d+)?|"
    r"[a-z\-]+(?:\.[A-Z]{2})?/\d{7})",
    re.IGNORECASE,
)


def arxiv_candidates(text: PrintedText) -> Iterator[Candidate]:
    """The arXiv stamp (rotated in the left margin of page 1, or in a head/foot), else an
    "arXiv ePrint: …" label, when page 1 names only one id."""
    page = text.front_text()
    yield from _arxiv_stamp(text, page)
    labelled = {m.group("id") for m in _ARXIV_LABEL.finditer(page)}
    if len(labelled) == 1:
        ident = labelled.pop()
        yield Candidate("arxiv", ident, 0.6, f"p1 arXiv label '{ident}'")


def _arxiv_stamp(text: PrintedText, page: str) -> Iterator[Candidate]:
    zones = [(1, page), *text.margin_lines()]
    if "researchgate.net/publication/" in page:  # the preprint's own page 1 follows the cover
        zones.insert(1, (2, text.text_of(2)))
    for number, zone in zones:
        for pattern in (_ARXIV_NEW, _ARXIV_OLD):
            for match in pattern.finditer(zone):
                stamped = bool(match.group("date") or match.group("cat"))
                explicit = match.group(0).startswith("arXiv")
                if not stamped and not (explicit and pattern is _ARXIV_NEW):
                    continue
                ident = match.group("id") + (match.group("version") or "")
                source = f"p{number} arXiv stamp '{match.group(0).strip()[:60]}'"
                yield Candidate("arxiv", ident, 0.9 if stamped else 0.6, source)
                if match.group("year"):
                    yield Candidate("stamp_year", match.group("year"), 0.5, source)
                return


# A United Nations or WTO document symbol alone on its line: "TD/B/EX(72)/2", "WT/TPR/S/408/Rev.1"
# "WHO/CDS/CSR/ISR/2000.1", "WHO/nCoV/Clinical/2020.1", "WHO-EM/DIN6/E/G", "CRC/C/ECU/5-6",
# "WP/23/67"
_DOCUMENT_SYMBOL = re.compile(
    r"^[A-Z]{1,6}(?:-[A-Z]{1,4})?(?:\([\dA-Z\-]{1,8}\))?(?:/(?:[A-Za-z][A-Za-z\d]{0,9}"
    r"(?:\([\dA-Z\-]{1,8}\))?|\d{1,5}(?:-\d{1,5})?|(?:19|20)\d\d\.\d{1,2}|"
    r"Rev\.\d{1,2}"
    r"|Add\.\d{1,3}|Corr\.\d{1,2})){2,6}$"
)
_REPORT_NUMBER = re.compile(
    r"^(?:(?:Report|Technical\sReport|Tech\.\sRep\.|Staff\sReport|Working\sPaper|Preprint)\s"
    r"(?:(?:No\.?|Number|#)"
    r"\s?:?\s?|(?=\d))(?P<labelled>[\w./\-]{2,30})|(?P<code>[A-Z][A-Z0-9]{1,9}(?:[-/][A-Z0-9]{1,9}){1,4}"
    r"[-/]\d{2,6}(?:[-/][A-Z0-9]{1,5})?|[A-Z]{2,6}\s(?:SP|IR|TN|TM|TR|CR|GCR)\s\d{2,5}"
    r"(?:-\d{1,5}[A-Za-z]?)?))\s*$",
    re.MULTILINE,
)

# a code of four parts or more ("CMU-CS-18-122") is a report's number lower on the page too
_LONG_CODE = re.compile(r"[A-Z]{2,6}(?:-[A-Z]{1,6}){1,2}-\d{2,4}-\d{1,5}")


_SERIES_NUMBER = re.compile(
    r"\bReport\sSeries\s+(?P<number>[A-Z]{1,6}-\d{2,4}-\d{1,5})\b|"
    r"\b(?:Research|Working|Discussion|Departmental|Occasional)\sPapers?\sSeries,?\s*(?:#|No\.\s?)"
    r"(?P<paper>\d{1,4}(?:-+\d{2,4})?)\b|"  # "Departmental Papers Series, No.2" (the World Bank)
    r"^IZA\sDP\sNo\.\s?(?P<iza>\d{2,6})\s*$|"  # the IZA Institute's discussion papers
    # "October 2025, WP #1017" (the Banque de France), "Document de travail n° 1017"
    r"(?:^|,\s)(?:WP|Working\sPaper|Document\sde\stravail)\s?(?:#|n[°º]\s?)(?P<wp>\d{2,5})\s*$|"
    # "IDB WORKING PAPER SERIES Nº IDB-WP-970" (the Inter-American Development Bank)
    r"\b(?i:working|discussion)\s(?i:papers?)\s(?i:series)\s+N[º°o]\.?\s*"
    r"(?P<code>[A-Z]{2,6}(?:-[A-Z]{1,4})?-\d{1,5})\b",
    re.MULTILINE,
)


# a cover's series line: "Faculty Research Working Papers Series" (the Harvard Kennedy School's)
_WORKING_PAPER_SERIES = re.compile(r"^(?:[A-Z][a-z]+\s){0,3}Working\sPapers?\sSeries\s*$", re.M)
_TR_CODE = re.compile(rf"TR{YEAR}-\d{{2,4}}")  # a laboratory's technical report: "TR2016-009"
_SERIES_CODE = re.compile(r"[A-Z]{1,6}\d{0,4}(?:[-/][A-Z0-9]{1,9}){0,3}[-/]\d{2,6}")  # "RWP08-044"


# a document index after its label: "INDEX NUMBER: AMR 37/6674/2017", "AI Index: POL
# 10/001/2011" (Amnesty International), "Aktenzeichen: WD 2 - 3000 - 029/25" (the Bundestag)
_LABELLED_INDEX = re.compile(
    r"^\s*(?:(?:AI\s)?Index(?:\sNumber)?|INDEX(?:\sNUMBER)?|Aktenzeichen|Document\snumber)\s?:\s*"
    r"(?P<number>[A-Z]{2,5}\s?\d{1,4}(?:\s?[-/]\s?\d{1,5}){2,3})\s*$"
    r"|^\s*Publication\s(?:approval\s)?reference\s?:\s*(?P<reference>PR\d{3,6}|\d{5,6})\s*$"  # NHS
    r"|^\s*\[(?P<bracketed>[A-Z]{2,5}\s\d{1,4}/\d{3,5}/(?:19|20)\d\d)\]\s*$",  # "[POL 10/004/2006]"
    re.MULTILINE,
)


def report_number_candidates(text: PrintedText) -> Iterator[Candidate]:
    """A report's number, and the address on page 1 that holds it ("Working Paper 33345" and
    "http://www.nber.org/papers/w33345")."""
    for candidate in _report_numbers(text):
        yield candidate
        if candidate.field == "number" and re.search(r"\d{3}", candidate.value):
            number = re.escape(candidate.value)
            for match in re.finditer(rf"https?://\S*\D{number}\b/?", text.front_text()):
                yield Candidate("url", match.group(0), 0.75, f"p1 address of {candidate.value}")


def _report_numbers(text: PrintedText) -> Iterator[Candidate]:
    """A report or preprint number printed on its own line at the top of page 1
    ("CEBAF-TH-94-22", "Report No. 17/2019"), or after a report series' name ("BRICS Report
    Series  RS-96-37")."""
    first = text.first
    if first is None:
        return
    for number in (1, 2):
        if match := _LABELLED_INDEX.search(text.text_of(number)):
            where = f"p{number} '{match.group(0).strip()}'"
            value = match.group("number") or match.group("reference") or match.group("bracketed")
            yield Candidate("number", " ".join(value.split()), 0.75, where)
            yield Candidate("type_cue", "report", 0.6, where)
            return
    if match := _SERIES_NUMBER.search(text.front_text()):
        where = f"p1 report series '{match.group(0)}'"
        paper = match.group("paper")
        number = match.group("number") or match.group("iza") or match.group("code")
        number = number or match.group("wp")
        number = number or re.sub(r"-+", "-", paper)
        yield Candidate("number", number, 0.75, where)
        yield Candidate("type_cue", "report", 0.7, where)
        return
    if _WORKING_PAPER_SERIES.search(text.front_text()):  # a series' cover: its code anywhere
        for line in (normalise(line.text).strip() for line in first.lines):
            if _SERIES_CODE.fullmatch(line):
                where = f"p1 a working paper series' number '{line}'"
                yield Candidate("number", line, 0.7, where)
                yield Candidate("type_cue", "report", 0.7, where)
                return
    # (line, in the top quarter) for the upper 60 % of page 1: a document symbol or a bare
    # code sits at the top, a labelled number ("Working Paper 27068", the New York Fed's
    # "Staff Report No. 751" under the authors) may sit lower
    upper = [
        (normalise(line.text).strip(), line.bottom <= first.height * 0.25)
        for line in first.lines
        if line.bottom <= first.height * 0.6
    ]
    symbols = [  # a piece of a line of its own: "Naciones Unidas  CRC/C/ECU/5-6"
        piece
        for ln in first.lines
        if ln.bottom <= first.height / 2
        for piece in re.split(r"\s{2,}", normalise(ln.text).strip())
    ]
    for line in symbols:
        if match := _DOCUMENT_SYMBOL.match(line) or _TR_CODE.fullmatch(line):
            where = f"p1 document symbol '{line}'"
            yield Candidate("number", match.group(0), 0.7, where)
            yield Candidate("type_cue", "report", 0.6, where)
            return
    for line, at_top in upper:
        match = _REPORT_NUMBER.match(line)
        if match and (match.group("labelled") or at_top or _LONG_CODE.fullmatch(line)):
            value = match.group("labelled") or match.group("code")
            if re.search(r"\d", value) and not re.match(rf"^{DOI}", value):
                yield Candidate("number", value, 0.7, f"p1 report number '{line}'")
                yield Candidate("type_cue", "report", 0.6, f"p1 report number '{line}'")
                return


# "ISBN: 978-…", and an imprint's label in any case with the publisher's name before the
# number: "isbn uam: 978-607-28-1559-9"
_ISBN = re.compile(
    r"\b(?i:isbn)(?:-1[03])?\b[^\d\n]{0,30}?(?P<isbn>(?:97[89][-\s]?)?(?:\d[-\s]?){9}[\dXx])"
)


def _isbns(text: str) -> Iterator[tuple[str, re.Match[str]]]:
    """The valid ISBNs a text labels as such, without their hyphens, with their matches."""
    for match in _ISBN.finditer(text):
        if valid_isbn(isbn := re.sub(r"[-\s]", "", match.group("isbn")).upper()):
            yield isbn, match


def first_isbn(text: str) -> str:
    return next((isbn for isbn, _ in _isbns(text)), "")


_PRICE_CODE = re.compile(
    r"(?P<isbn>97[89](?:-?\d){10}|\d{1,5}-\d{1,7}-\d{1,7}-[\dX])/\d{2}\s?(?:/\d{2,4}[.\s]*)?/?"
    r"\s?\$\s?\d+\.\d\d"
)
# "1051-8215/97$10.00 © 1997 IEEE": the price line of IEEE and ACM articles
_PRICE_LINE = re.compile(rf"\$\s?\d+\.\d\d\s*(?:©\s*)?(?P<year>{YEAR})\s+(?P<publisher>IEEE|ACM)\b")


# a numbered note citing a book: "1. Aragon, Cahiers Aragon, Meurcourt : Éditions les Cahiers,
# 2016, isbn : 9782953480696."
_NOTE_CITING = re.compile(rf"^\s*(?:\d{{1,3}}[.)]|\[\d{{1,3}}\])\s.*\b{YEAR}\b.*$", re.MULTILINE)


def isbn_candidates(text: PrintedText) -> Iterator[Candidate]:
    for page in text.front_pages:
        body = normalise(page.text())
        notes = [note.span() for note in _NOTE_CITING.finditer(body)]
        for isbn, match in _isbns(body):
            if any(start <= match.start() < end for start, end in notes):
                continue
            yield Candidate("isbn", isbn, 0.8, f"p{page.number} '{match.group(0)}'")
            return
        for match in _PRICE_CODE.finditer(body):
            isbn = re.sub(r"-", "", match.group("isbn"))
            if valid_isbn(isbn):
                where = f"p{page.number} '{match.group(0)}'"
                yield Candidate("isbn", isbn, 0.7, where)
                # The price line of a paper in a proceedings volume: the ISBN is the book's.
                yield Candidate("type_cue", "paper-conference", 0.6, where)
                return


# -- publisher, year, URL, type cues ---------------------------------------------------------------

ORGANISATION = (
    r"(?:Press|Publish\w*|Publications|Society|Association|Institute|Verlag|Editions|Éditions|"
    r"Elsevier|Springer[\w\-]*(?:\s[A-Z][\w+\-]*)*|Wiley[\w\-]*(?:\s[A-Z][\w+\-]*)*|"
    r"Taylor\s&\sFrancis|SAGE|Sage|Informa|IEEE|ACM|"
    r"BioMed\sCentral|Hindawi|MDPI|Frontiers\sMedia|De\sGruyter|Karger|Thieme|Emerald|"
    r"IOP|AIP|APS|ACS|RSC|BMJ|Nature|Cell\sPress|Ltd|Inc|GmbH|S\.A\.|B\.V\.|LLC|Limited|"
    r"Organi[sz]ation|Foundation|Academy|Council|College|Universit\w*|Group)"
)
_JOIN = r"(?:(?:of|for|and|&|the|de|du|des|für|in)\s){0,2}"  # "Society for the Study of …"
_CAP = r"[A-Z][\w&'.+\-]*"  # "Springer Science+Business Media"
# "Mary Ann Liebert, Inc.": a legal form may follow the name after a comma
_LEGAL_COMMA = r"(?:,(?=\s(?:Inc|Ltd|LLC)\b))?"
_ORG_NAME = rf"(?:{_CAP}{_LEGAL_COMMA}\s{_JOIN}){{0,6}}{ORGANISATION}(?:\s{_JOIN}{_CAP}){{0,4}}"
_PUBLISHER_STATEMENTS: tuple[tuple[re.Pattern[str], float], ...] = (
    (re.compile(r"\b[Ll]icensee\s(?P<publisher>[A-Z][\w&' ]+?)(?=[.,;]|\s*$)", re.M), 0.85),
    # SCIRP's "Copyright © 2020 by author(s) and" / "Scientific Research Publishing Inc."
    (
        re.compile(
            rf"Copyright\s©\s{YEAR}\sby\sauthor\(s\)\sand\s+"
            r"(?P<publisher>[A-Z][\w&'\- ]{2,80}?(?:\sInc\.|\sLtd\.)?)(?=\.?\s*$)",
            re.M,
        ),
        0.85,
    ),
    (
        re.compile(
            r"\b(?:Published|published|licensed|distributed|Produced|produced)(?:\sonline)?"
            r"(?:\sand\s(?:licensed|published|"
            r"distributed))?(?:\s(?:under|with)\slicen[cs]e)?"
            # "First published in 2006 by", "Published by: …" (a printer "Produced by:" is not)
            rf"(?:\sin\s{YEAR})?\s(?:by|for)(?::(?<=ublished\sby:))?\s+(?:the\s)?"
            r"(?:[A-Z][\w&'\- \n]{2,60}?,\strading\sas\s)?"
            r"(?P<publisher>[A-Z](?:[\w&'\- ]|(?<=Co)\.){2,80}?)"  # "GmbH & Co. KGaA"
            r"(?=\son\sbehalf\b|\sunder\b|(?!\.\sKG)[.,;(]|\sin\s|\sand\savailable\b|\s*$)",
            re.M,
        ),
        0.85,
    ),
    (  # "Publicado por Permanyer", "Publiée par l'Organisation …", "Publicado en 2026 por la …"
        re.compile(
            r"\b(?:Publicad[oa]|Publi[ée]e?s?|Pubblicat[oa]|Veröffentlicht|Gepubliceerd)"
            rf"(?:\s(?:en|em|in)\s{YEAR})?\s(?:por|par|da|von|door)\s(?:la\s|el\s|le\s|l['’]|der\s|o\s|a\s)?"
            # a name that goes on after a comma or on the next line is not cut there
            r"(?P<publisher>[A-Z][\w&'\- ]{2,80}?)"
            r"(?=(?!,\s(?:la|el|le|les|y|et|e|and|the)\s)[.,;(]|\s{2}|\s*$(?!\n\s*[a-zà-ÿ]))",
            re.M,
        ),
        0.8,
    ),
    (  # a label in an article's foot: "Publisher: Akademik Perspektif Derneği https://…"
        re.compile(
            r"^\s*Publisher\s?:\s*(?P<publisher>[A-Z][\w&'\- ]{2,80}?)"
            r"(?=\s{2}|\s+https?:|[.,;(]|\s*$)",
            re.M,
        ),
        0.8,
    ),
    (  # "A publication of the Technology and Assessment Study Collaborative"
        re.compile(
            r"^\s*A\spublication\sof\s(?:the\s)?(?P<publisher>[A-Z][\w&'\- ]{2,80}?)\s*$", re.M
        ),
        0.8,
    ),
    (
        re.compile(
            r"\bpermission\sof\s+(?:the\s)?(?P<publisher>[A-Z][\w&' ]+?\s(?:Press|Publishing|"
            r"Publishers))"
        ),
        0.8,
    ),
    (
        re.compile(
            rf"Journal\scompilation\s*©?\s*{YEAR}\s(?P<publisher>[A-Z]\w+(?:\s[A-Z]\w+)*)",
        ),
        0.85,
    ),
    (
        re.compile(
            rf"(?:©|Copyright\s*(?:©\s*)?)\s*(?:{YEAR}[,\s]+)?(?:by\s)?(?:the\s)?"
            rf"(?P<publisher>{_ORG_NAME})(?:,?\s*{YEAR})?(?=[.,;|]|\s+All\s|\s*$|\s+\(|\s{{2}}|\sDOI\b|"
            r"\s[·•]|\s\d[\d\-]*\s*$)",  # "©2011 American Physical Society 011902-1"
            re.M,
        ),
        0.75,
    ),
    (
        re.compile(
            r"^(?P<publisher>[A-Z][\w&' ]+\sPublishing\s(?:Corporation|Company|Group))$", re.M
        ),
        0.8,
    ),
    (_PRICE_LINE, 0.75),
    (
        re.compile(
            rf"(?:©|Copyright)\s*(?:©|\bc\b)?\s*{YEAR}\s(?P<publisher>ACM|IEEE)\s+"
            # an ISBN (an old one of ten digits: "1-58113-664-1/04/0006"), or an ISSN code
            # "2469-7818/2017/01-ART3"
            r"(?:97[89]|\d{1,5}-\d{1,7}-\d{1,6}-[\dX]/|\d{4}-\d{3}[\dX]/)"
        ),
        0.8,
    ),
    (re.compile(r"\b(?P<publisher>ACM)\sISBN\s97[89]"), 0.75),
    (  # Springer's e-offprint cover: "all rights are held exclusively by Springer Science
        # +Business Media New York."
        re.compile(
            r"rights\sare\sheld\sexclusively\sby\s(?P<publisher>[A-Z][\w&'+\- \n]{2,60}?)\."
        ),
        0.8,
    ),
    (re.compile(r"\s{2}(?P<publisher>[A-Z][A-Za-z]+\sPublishing)\s*$", re.M), 0.7),  # JACoW
)
# "Publisher's Note: Springer Nature remains neutral with regard to jurisdictional claims"
_PUBLISHERS_NOTE = re.compile(
    r"Publisher['’]s\s+(?i:note):?\s+(?P<publisher>[A-Z][\w&' ]{2,60}?)\s+remains\s+neutral"
)
# Any copyright holder ("Copyright © 2016 Termedia & Banach"): the publisher when it is not
# the authors (decide.py drops holders that name an author).
_HOLDER = r"(?P<holder>[A-Z][\w&'\-]*(?:\s(?:St\.|[A-Z][\w&'\-]*|&|and|of|de|für|for)){0,8})"
# the holder ends at punctuation, "All rights", a bracket, a wide gap, or the ISSN and price
# code of a journal's foot ("Society for Neuroscience 0270-6474/98/1810105-11$05.00/0")
_HOLDER_END = (
    r"(?=\s?[.,;|]|\s+All\s|\s*$|\s+\(|\s{2}|\s+This\s|\sDOI\b|\s\d{4}-\d{3}[\dX]/|\s\d[\d\-]*\s*$"
    r"|\sor\sits\slicensors\b"  # "© 2009 Canadian Medical Association or its licensors"
    r"|\s(?:and|&)\sthe\sauthors?\b"  # "© 2020 – IOS Press and the authors": the publisher
    # a code after the holder ("… Monetary Fund WP/23/67"), a second holder ("Ltd/CNRS")
    r"|\s[A-Z]{1,4}/\d|/(?=[A-Z]))"
)
_COPYRIGHT_HOLDER = re.compile(
    # (AGU's "© 2021. American Geophysical Union." has a full stop after its year)
    rf"(?:©|Copyright\s*:?\s*(?:[©#]\s*)?)\s*(?:{YEAR}(?:\s?-\s?{YEAR})?(?:\.?[,\s]+|\s-\s)(?:by\s)?(?:the\s)?{_HOLDER}{_HOLDER_END}|"
    # the year after the holder ends it: "© IWA Publishing 2018 Water Quality Research Journal"
    # (not a founding year that is part of the name: "© Mattioli 1885")
    rf"(?:by\s)?(?:the\s)?{_HOLDER.replace('holder', 'holder_b')},?\s*"
    r"(?:19[5-9]\d|20\d\d)(?![\d\-/]))",
    re.M,
)
# "© Akadémiai Kiadó, Budapest", "Copyright by Sociedade Brasileira de Física.": a holder of
# two words or more with no year beside it ("Copyright # Taylor & Francis Group, LLC": a
# symbol font's © read as "#")
_YEARLESS_HOLDER = re.compile(
    rf"(?:©|\bCopyright\s(?:by|#))\s*(?:the\s)?(?P<holder>[A-Z][\w&'\-]*(?:\s(?:[A-Z][\w&'\-]*|&|and|of|de|für|for)){{1,8}})"
    rf"{_HOLDER_END}",
    re.M,
)
# a foot set in small capitals, which the text layer gives in lower case: "© koninklijke
# brill nv, leiden, 2022 | doi:10.30965/…" (the holder, its seat, the year)
_SMALL_CAPS_HOLDER = re.compile(
    rf"©\s+(?P<holder>[a-z][a-z'\-]+(?:\s[a-z][a-z'\-]+){{0,5}}),\s[a-z]+,\s{YEAR}\b"
)
_LEGAL_ABBREVIATIONS = frozenset(["nv", "bv", "ag", "sa", "llc", "plc"])
_AUTHORS_HOLD = re.compile(r"\bauthors?\b|\bet\sal\b|\bowners?\b", re.IGNORECASE)
_LEGAL_FORM = re.compile(
    r"(?:,?\s(?:B\.\s?V\.?|BV|S\.\s?A\.?|Ltd\.?|Limited|Inc\.?|GmbH|LLC|plc|Co\.|AG|"
    r"S\.\s?r\.\s?l\.?|Pty))+$"
)


def _legal(text: str) -> str:
    """Abbreviated legal forms written without their dots, so that a name is not cut at
    "Elsevier B." by a pattern that ends at a full stop."""
    return re.sub(r"\b(B|S)\.\s?(V|A)\.", r"\1\2", text)


def publisher_name(text: str) -> str:
    """A publisher as a reference names it: without "Ltd", "B.V.", "Inc."."""
    name = re.sub(r"\s*\+\s*", "+", " ".join(text.split())).strip(" .,;")  # "Science\n+Business"
    name = re.sub(r"\.?\s*All\s+Rights\s+Reserved\.?$", "", name, flags=re.IGNORECASE)
    name = re.sub(r"(\b(?:BV|Ltd|Inc|GmbH|LLC)\.?)\s+All$", r"\1", name)  # "… BV All" / "rights …"
    name = re.sub(r"\s(?:ARTICLE|ESSAY|NOTE|COMMENT|REVIEW)$", "", name)  # the kicker under it
    name = re.sub(r"\s(?:Abstract|ABSTRACT|Keywords|KEYWORDS)\.?$", "", name)  # the next column
    name = re.sub(r"\s\d{1,4}$", "", name)  # the page number after it in a foot
    name = re.sub(r"\s(?:Vol|Volume|No)\.?$", "", name)  # the journal's next line read on
    return _LEGAL_FORM.sub("", name).strip(" .,;") or name


_NAME_SMALL_WORDS = _SMALL | {"do", "et", "le", "zu"}  # the small words inside a name


def _in_running_text(name: str) -> bool:
    """A "publisher" that goes on in lower-case words is a sentence's object, not a name."""
    lower = [w for w in name.split() if w[:1].islower() and w not in _NAME_SMALL_WORDS]
    return len(lower) >= 2


# a society's logo set over two lines of page 1 (the Association for Psychological Science's
# journals: "ASSOCIATION FOR" / "PSYCHOLOGICAL SCIENCE")
_SOCIETY_LOGO = re.compile(
    r"^\s*(?P<first>ASSOCIATION\sFOR)\s*\n(?:[^\n]{0,40}\n){0,3}?[^\n]{0,40}?"
    r"(?P<rest>PSYCHOLOGICAL\sSCIENCE)\s*$",
    re.M,
)


def publishers_note(page: PageLines) -> Candidate | None:
    """The publisher a "Publisher's Note" names on a page near the end."""
    if not (match := _PUBLISHERS_NOTE.search(page.text())):
        return None
    name = publisher_name(match.group("publisher"))
    return Candidate("publisher", name, 0.8, f"p{page.number} '{' '.join(match.group(0).split())}'")


# a publisher's download cover before the article ("To cite this article: …", "Submit your
# article to this journal"), and how many lines of the next page are its head
_DOWNLOAD_COVER = re.compile(
    r"^To cite this article:|^Submit your article to this journal|^Full Terms & Conditions", re.M
)
COVERED_HEAD_LINES = 8


def publisher_candidates(text: PrintedText) -> Iterator[Candidate]:
    if logo := _SOCIETY_LOGO.search(text.front_text()):
        name = recase_title(f"{logo.group('first')} {logo.group('rest')}")
        yield Candidate("publisher", name, 0.6, f"p1 logo '{name.upper()}'")
    zones = [(1, text.front_text())] + [(n, line) for n, line in text.margin_lines()]
    covered_head = ""
    if text.page(2) is not None:
        zones.append((2, text.text_of(2)))
        if _DOWNLOAD_COVER.search(text.front_text()):  # the article's own head is on page 2
            covered_head = "\n".join(text.text_of(2).splitlines()[:COVERED_HEAD_LINES])
            zones.append((2, covered_head))
    last = text.page_count
    if last > 2 and text.page(last) is not None:  # "licensee MDPI" closes an MDPI article
        for pattern in (_PUBLISHER_STATEMENTS[0][0], _PUBLISHERS_NOTE):
            for match in pattern.finditer(text.text_of(last)):
                name = publisher_name(match.group("publisher"))
                yield Candidate("publisher", name, 0.8, f"p{last} '{match.group(0)[:100]}'")
    for number, raw in zones:
        zone = re.sub(r"\s&\s*\n\s*", " & ", _legal(raw))  # "Taylor &" / "Francis Group"
        for pattern, confidence in _PUBLISHER_STATEMENTS:
            for match in pattern.finditer(zone):
                name = publisher_name(match.group("publisher"))
                if more := _NAME_WRAPS.match(zone, match.end("publisher")):
                    name = publisher_name(f"{name} {more.group('more')}")  # a narrow column
                if _AUTHORS_HOLD.search(name) or len(name) < 3 or len(name.split()) > 10:
                    continue
                if re.fullmatch(_ISSUER_HEAD, name):
                    continue  # "Publiée par l'Organisation" / "des Nations Unies …": cut short
                if _in_running_text(name):
                    continue  # "produced by CLASP only after running to completion"
                if number != 1 and match.group(0).lower().startswith("produced"):
                    continue  # "produced by Shanghai Schering-Plough" in a methods section
                if _credit_in_sentence(zone, match.start()):
                    continue  # "… au Niger [[5], ©University of Chicago": a figure's credit
                if " " not in name and _name_goes_on(zone, match.end("publisher")):
                    continue  # "published by the American" / "Psychiatric Association …"
                quote = " ".join(match.group(0).split())[:100]
                yield Candidate("publisher", name, confidence, f"p{number} '{quote}'")
        if number != 1 and len(raw) > 300 and raw != covered_head:
            continue  # a copyright holder only from page 1, the heads and feet, a cover's next page
        holders = [*_COPYRIGHT_HOLDER.finditer(zone), *_YEARLESS_HOLDER.finditer(zone)]
        for match in holders:
            if _credit_in_sentence(zone, match.start()):
                continue
            if name := _holder_name(match):
                quote = " ".join(match.group(0).split())[:100]
                yield Candidate("holder", name, 0.5, f"p{number} '{quote}'")
        for match in _SMALL_CAPS_HOLDER.finditer(zone):
            name = _from_small_capitals(match["holder"])
            yield Candidate("holder", name, 0.5, f"p{number} '{match.group(0)[:100]}'")


_NAME_GOES_ON = re.compile(r"[ \t]*\n\s*[A-Z][a-z]+\s[A-Z][a-z]")
# a body's name a narrow column breaks before its "for" or "of": "exclusive licensee American
# Association" / "for the Advancement" / "of Science. Distributed"
_NAME_WRAPS = re.compile(
    r"(?<=[a-z])[ \t]*\n\s*(?P<more>(?:for|of)\s(?:the\s)?[A-Z][^\n.,;]{0,40}"
    r"(?:\n\s*(?:of|for|and)\s[A-Z][^\n.,;]{0,40})?)(?=[.,;])"
)


def _name_goes_on(zone: str, end: int) -> bool:
    """A name cut at its line's end whose next line opens with more capitalised words."""
    return bool(_NAME_GOES_ON.match(zone, end))


def _from_small_capitals(name: str) -> str:
    """ "koninklijke brill nv" → "Koninklijke Brill NV"."""
    words = name.split()
    return " ".join(w.upper() if w in _LEGAL_ABBREVIATIONS else w.capitalize() for w in words)


_COPYRIGHT_BEFORE = re.compile(rf"©\s?{YEAR}\s[^,©]{{1,60}},$")


def _credit_in_sentence(zone: str, start: int) -> bool:
    """Whether a statement goes on a sentence after its comma (a picture's credit: "… au
    Niger [[5], ©University of Chicago"), not after a full stop or "see front matter"."""
    before = zone[zone.rfind("\n", 0, start) + 1 : start].rstrip()
    if _COPYRIGHT_BEFORE.search(before):
        return False  # "© 2025 the author(s), published by De Gruyter": one statement
    lower = sum(w[:1].islower() for w in before.split())
    return lower >= 2 and before[-1:] == ","


def _holder_name(match: re.Match[str]) -> str:
    """The holder a copyright line names, or "" where it names the authors or nothing."""
    name = publisher_name(match.groupdict().get("holder") or match.group("holder_b"))
    # "© 2018 INDIACom-2018": a conference's name cut at its year; "© 2022 Marcelo S. Perlin":
    # a person's name cut at the initial's full stop
    cut = name.endswith("-") or bool(re.search(r"\s[A-Z]$", name))
    return "" if _AUTHORS_HOLD.search(name) or len(name) < 3 or name == "Copyright" or cut else name


def line_holder(line: str) -> str:
    """The copyright holder one line names ("D.R. © Universidad Autónoma Metropolitana"), or
    "" where it names none, or the authors."""
    for match in (_COPYRIGHT_HOLDER.search(line), _YEARLESS_HOLDER.search(line)):
        if match and (name := _holder_name(match)):
            return name
    return ""


def imprint_holder(pages: list[PageLines]) -> Candidate | None:
    """The copyright holder a report's imprint page names ("© World Health Organization
    2017" on page 4, "© 2023 International Monetary Fund" on page 2): its publisher where
    nothing else states one."""
    if found := _imprint_copyright(pages):
        where, _, name = found
        return Candidate("publisher", name, 0.45, where)
    return None


# A university press's imprint page: "Cambridge University Press is part of Cambridge
# University Press & Assessment", "Oxford University Press is a department of the University
# of Oxford"; its "DOI: 10.1017/9781009042529" and "Information on this title:
# www.cambridge.org/9781316517512"
_PRESS_PART_OF = re.compile(
    r"^(?P<publisher>[A-Z][\w&' ]{3,60}?\s(?:Press|Publishing|Publishers))\s"
    r"is\s(?:part|a\sdepartment)\sof\b",
    re.M,
)
_IMPRINT_DOI = re.compile(rf"^\s*DOI:?\s*(?P<doi>{DOI})\s*$", re.M | re.I)
_TITLE_INFORMATION = re.compile(r"^Information\son\sthis\stitle:\s*(?P<url>\S+)\s*$", re.M)


def book_imprint(pages: list[PageLines]) -> Iterator[Candidate]:
    """What a book's imprint page says of the edition beyond its copyright: the press that
    publishes it, its DOI, its page on the publisher's site."""
    for page in pages:
        text = normalise(page.text())
        where = f"p{page.number} imprint"
        if match := _PRESS_PART_OF.search(text):
            yield Candidate("publisher", match.group("publisher"), 0.7, f"{where} '{match[0]}'")
        if match := _IMPRINT_DOI.search(text):
            yield Candidate("doi", clean_doi(match.group("doi")), 0.7, f"{where} '{match[0]}'")
        if match := _TITLE_INFORMATION.search(text):
            yield Candidate("url", match.group("url"), 0.6, f"{where} '{match[0]}'")


def imprint_year(pages: list[PageLines]) -> Candidate | None:
    """The year of the copyright an imprint page states, where nothing else dates the
    report or book."""
    if (found := _imprint_copyright(pages)) and (year := re.search(rf"\b{YEAR}\b", found[1])):
        return Candidate("year", year.group(0), 0.4, found[0])
    return None


def _imprint_copyright(pages: list[PageLines]) -> tuple[str, str, str] | None:
    """Where the first © line naming a holder stands, the line, and the holder."""
    for page in pages:
        for match in _COPYRIGHT_HOLDER.finditer(normalise(page.text())):
            if name := _holder_name(match):
                statement = " ".join(match.group(0).split())
                return f"p{page.number} imprint '{statement[:100]}'", statement, name
    return None


# The body a report or thesis cover names on a line of its own ("Coventry City Council",
# "National Disaster Management Authority", "EUROPEAN ORGANIZATION FOR NUCLEAR RESEARCH
# (CERN)"): its issuer when nothing states a publisher.
_ISSUER_HEAD = (
    r"(?i:Organi[sz]ation|Institut[eo]?|Istituto|Council|Authority|Agency|Ministry|Ministerio|Ministère|"
    r"Commission|Secretariat|Facility|Laboratory|Cent(?:re|er)|"
    r"Universi(?:ty|tät|té|te|tà|ta|tat|tas|teit|tet|dad|dade)|"
    r"Bank|Fund|Clinic|Association|Society|Foundation|Academy|Office|Service|Department|"
    r"Bureau|Board|Directorate)"
)
# the small words inside a body's name: "Université du Québec à Montréal", "Università degli
# Studi di Bari", "Institute for the Study of Labor"
_CONNECTOR = r"(?i:of|for|and|on|&|the|de|du|des|für|à|di|degli|della|del|da|do|dos|das|zu|der)"
_ISSUER_LINE = re.compile(
    rf"^(?:The\s)?(?P<issuer>(?:[A-Z][\w&'’\-]*\s(?:{_CONNECTOR}\s)*)"
    rf"{{0,6}}{_ISSUER_HEAD}(?:\s(?:{_CONNECTOR}\s)*[A-Z][\w&'’\-]*){{0,5}}"
    rf"(?:\sLtd\.?|\sInc\.?)?)(?:\s\([A-Z]{{2,10}}\))?$",
)
COVER_LINES = 40
_STATE = re.compile(
    r"^(?:The\s)?(?:Kingdom|Republic|Government|Commonwealth|Principality|Federal\sRepublic)"
    r"\sof\s[A-Z][\w\s]{2,40}$",
    re.IGNORECASE,
)


def names_a_body(line: str) -> bool:
    """Whether a line names an organisation or a state and nothing else ("World Health
    Organization", "KINGDOM OF MOROCCO", "Department of Communicable Disease …")."""
    words = " ".join(normalise(line).split())
    return len(words.split()) <= 10 and bool(_ISSUER_LINE.match(words) or _STATE.match(words))


_GOES_ON = re.compile(rf"^\s*{_CONNECTOR}\s[A-Z]")
_REPORT_WORD = re.compile(
    r"\b(?:report|paper|brief|guidelines?|handbook|manual|review|policy|framework|series)\b", re.I
)


_DATE_AFTER_GAP = re.compile(rf"\s{{2,}}(?:{MONTH}\s)?{YEAR}\s*$")


def cover_issuers(text: PrintedText) -> Iterator[Candidate]:
    first = text.first
    lines = first.lines[:COVER_LINES] if first else []
    for line, below in zip_longest(lines, lines[1:]):
        dateless = _DATE_AFTER_GAP.sub("", normalise(line.text))  # "World Bank  May 1991"
        words = " ".join(dateless.split())
        if below is not None and _GOES_ON.match(below.text) and abs(below.size - line.size) < 0.3:
            joined = f"{words} {' '.join(normalise(below.text).split())}"  # "… Study" / "of Labor"
            words = joined if _ISSUER_LINE.match(joined) else words
        if len(words) > 80 or _REPORT_WORD.search(words):
            continue  # "REPORT BY THE SECRETARIAT" names the document, not its issuer
        if any(c.isdigit() for c in words):
            continue  # "Philip Protter³Cornell University": an author and the mark of his place
        if match := _ISSUER_LINE.match(words):
            name = recase_title(match.group("issuer")) if words.isupper() else match.group("issuer")
            yield Candidate("issuer", name.strip(" ."), 0.3, f"p1 cover line '{words}'")


def running_body(text: PrintedText) -> Iterator[Candidate]:
    """A body whose name runs in the feet of the pages ("Data & Society Research Institute
    datasociety.net 3"): the issuer of a report it publishes."""
    pages_of: dict[str, set[int]] = {}
    for number, line in text.margin_lines():
        name = _FOOT_TAIL.sub("", line).strip()
        if _ISSUER_LINE.match(name) and not _NOT_A_BODY.search(name):
            pages_of.setdefault(name, set()).add(number)
    for name, pages in pages_of.items():
        if len(pages) >= 2:
            where = f"feet of pages {sorted(pages)} '{name}'"
            yield Candidate("issuer", name, 0.35, where)
            yield Candidate("type_cue", "report", 0.35, where)


# a site and its path, a page number or a bar at a foot's end; each token splits one way only
# (a path must start with "/"), or a line of "a.b" words backtracks without end
_FOOT_TAIL = re.compile(r"(?:\s+(?:(?:https?://)?[\w\-]+(?:\.[\w\-]+)+(?:/\S*)?|\d{1,4}|\|))+\s*$")
# a journal's or a university's name in the feet is no report's issuer
_NOT_A_BODY = re.compile(
    r"\b(?:Journal|Review|Proceedings|Bulletin|Annals|Quarterly|Transactions|Letters|Studies|"
    r"Universit|Revista|Zeitschrift)",
    re.IGNORECASE,
)


_PUBLISHED = re.compile(
    rf"\b(?:Published(?:\sonline)?|Publication\sdate|Date\sof\spublication|Last\supdated|"
    rf"Updated|Online)\s*:?\s*(?:\d{{1,2}}(?:st|nd|rd|th)?\s)?(?:(?:{MONTH})\s)?(?:\d{{1,2}},?\s)?"
    rf"(?P<year>{YEAR})\b",
    re.IGNORECASE,
)
_POSTED = re.compile(rf"\bversion\sposted\s(?:{MONTH})\.?\s\d{{1,2}},\s(?P<year>{YEAR})\b")
_COPYRIGHT_YEAR = re.compile(  # "© 2005 - 2014 JATIT": a journal's span ends with this issue
    rf"(?:©|Copyright)\s*(?:©\s*)?(?:The\sAuthor\(?s?\)?\s)?(?:{YEAR}\s?-\s?)?(?P<year>{YEAR})\b",
    re.IGNORECASE,
)
_MONTH_YEAR_LINE = re.compile(rf"^\s*{MONTH}\s(?P<year>{YEAR})\s*$", re.MULTILINE)
_DATE_LINE = re.compile(
    rf"^(?:[^\n]{{0,40}}\b)?(?:(?:{MONTH})\s\d{{1,2}}(?:st|nd|rd|th)?,?\s(?P<y1>{YEAR})|\d{{1,2}}\.?\s(?:de\s)?"
    rf"(?:{MONTH}|Januar|Februar|März|Mai|Juni|Juli|Oktober|Dezember|{IBERIAN_MONTH})\s"
    rf"(?:de\s)?(?P<y2>{YEAR})|(?P<y3>{YEAR})-[01]\d-[0-3]\d(?:\s*$|\s+Time\b)|"
    rf"(?:Date|Datum|Fecha|Data|Submitted(?:\son)?|Accepted)\s?:?\s(?:der\s)?"
    rf"[0-3]?\d[./\-][01]?\d[./\-](?P<y4>{YEAR})|"  # "Submitted on 30-06-2023"
    rf"^[A-ZÀ-Þ][^\W\d_]+,\s(?:(?:der|den|le|el)\s)?[0-3]?\d\.[01]?\d\.(?P<y5>{YEAR})\s*$)\b",
    re.MULTILINE | re.IGNORECASE,
)  # and a place and a date ("Hamburg, 21.12.2018", "München, der 19.08.2024")


# a date alone on its line with a two-digit year of this century ("10/22/20")
_SHORT_DATE_LINE = re.compile(
    r"^\s*(?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)/(?P<yy>[0-2]\d)\s*$", re.MULTILINE
)


# A year only the front matter gives away: the year in a document's own "To cite this
# article" line (a publisher's cover; its "Published online" date is the upload's), and,
# weaker, a proceedings line, a loose copyright line or an elsarticle "Preprint submitted to"
# line.
_CITE_THIS_YEAR = re.compile(
    rf"\b(?:To\scite\sthis\s(?:article|paper|chapter|report)|Cite\sthis\s(?:article|paper)|"
    rf"Reference|Citation)\s?:[^()]{{0,240}}?\((?P<year>{YEAR})[a-z]?\)",
    re.IGNORECASE,
)
# the same on an imprint page, labelled so that it cannot be a body's "Reference:"
_IMPRINT_CITE_YEAR = re.compile(
    rf"\b(?:Please\s)?cite\sthis\s(?:publication|report|document|book)\sas\s?:"
    rf"[^()]{{0,240}}?\((?P<year>{YEAR})[a-z]?\)",
    re.IGNORECASE,
)
_PROCEEDINGS_YEAR = re.compile(
    rf"^(?:The\s)?(?:\d{{1,3}}(?:st|nd|rd|th)\s)?(?:[A-Z][\w\-]*\s){{0,4}}(?:Conference|"
    rf"Proceedings|Symposium|Workshop|Congress|Colloquium)\b[^\n]*?\b(?P<year>{YEAR})\b",
    re.MULTILINE,
)
_LOOSE_COPYRIGHT = re.compile(
    rf"(?:©|\bCopyright\b)(?:\s?[c©])?\s[^\n\d©]{{0,40}}?\b(?P<year>{YEAR})\b", re.IGNORECASE
)
_SUBMITTED = re.compile(rf"\bPreprint\ssubmitted\sto\b[^\n]{{0,100}}?\b(?P<year>{YEAR})\s*$", re.M)


# The weakest: a date on a short line of the first two pages (a report's cover "August
# 2015", "Analysis — March 2026", "Rapport oktober 2015", "Final Report … Fall 2021").
_COVER_DATE = re.compile(
    rf"\b(?:(?:{MONTH}|(?i:{IBERIAN_MONTH})),?\s(?:\d{{1,2}}(?:st|nd|rd|th)?,?\s)?(?:de\s)?|"
    rf"(?i:spring|summer|fall|autumn|winter)\s)(?P<year>{YEAR})\s*(?:\([^)]*\))?$"
)  # the date ends its line: "December 2014 and September 2015." is a sentence
_DATE_RANGE = re.compile(r"\d{4}(?:\s+[-–]\s*|\s*–\s*)\d")  # not an ISO date's "2026-06"
COVER_LINE_CHARS = 60  # longer lines are prose, whose dates are other events'


def _cover_dates(text: PrintedText) -> Iterator[Candidate]:
    for number in (1, 2):
        for line in text.text_of(number).splitlines():
            line = " ".join(line.split())
            if len(line) > COVER_LINE_CHARS or _DATE_RANGE.search(line):
                continue
            if match := _COVER_DATE.search(line):
                yield Candidate("year", match.group("year"), 0.3, f"p{number} date '{line}'")
    for match in _LOOSE_COPYRIGHT.finditer(text.text_of(2)):
        quote = " ".join(match.group(0).split())[-60:]
        yield Candidate("year", match.group("year"), 0.3, f"p2 copyright line '{quote}'")


def _weak_year_candidates(front: str) -> Iterator[Candidate]:
    for pattern, confidence, what in (
        (_PROCEEDINGS_YEAR, 0.35, "proceedings line"),
        (_LOOSE_COPYRIGHT, 0.33, "copyright line"),
        (_SUBMITTED, 0.34, "'Preprint submitted to' line"),
    ):
        for match in pattern.finditer(front):
            year = match.group("year")
            quote = " ".join(match.group(0).split())[-60:]
            yield Candidate("year", year, confidence, f"p1 {what} '{quote}'")


# "Vol. 68 No.1", "Vol-07, Issue-01", "Volume 130 ¦ Issue 14", "Volume 18-Number 12": a
# journal's volume and issue labelled in a head or foot with no citation form around them
_LABELLED_LOCATOR = re.compile(
    r"\bVol(?:ume)?\.?\s?[-:]?\s?(?P<volume>\d{1,4})\b[^\w\n]{0,4}"
    r"(?:Issue|No|Number|Nr|Iss)\.?\s?[-:]?\s?(?P<issue>\d{1,4})\b",
    re.IGNORECASE,
)


def labelled_locators(text: PrintedText) -> Iterator[Candidate]:
    """Volume and issue labelled in page 1's heads and feet or the running ones; decide.py
    takes them only where the chosen citation line gives neither."""
    for number, line in text.margin_lines():
        if match := _LABELLED_LOCATOR.search(line):
            where = f"p{number} head/foot '{match.group(0)}'"
            yield Candidate("labelled_volume", match.group("volume").lstrip("0"), 0.4, where)
            yield Candidate("labelled_issue", match.group("issue").lstrip("0"), 0.4, where)
            return


def running_pages(text: PrintedText) -> Iterator[Candidate]:
    """The page range a journal's running heads or feet give: page 1 numbered n (n > 1), page
    2 (when read) n + 1 and the last page n + count - 1."""
    count = text.page_count
    last, second = text.page(count), text.page(2)
    if text.first is None or count < 2 or last is None or _ACM_PAGE_COUNT.search(text.front_flat):
        return
    numbers = {
        page.number: {int(n) for line in page.margins() for n in _PAGE_NUMBER.findall(line.text)}
        for page in (text.first, second, last)
        if page is not None
    }
    for first in sorted(numbers[1]):
        end = first + count - 1
        if first > 1 and end in numbers[count] and (second is None or first + 1 in numbers[2]):
            yield Candidate("running_pages", f"{first}-{end}", 0.6, "running page numbers")
            return


_PAGE_NUMBER = re.compile(r"(?<![\w./:-])(\d{1,5})(?![\w./:-])")
# ACM's reference to the paper gives its length, not its pages: "ACM, New York, NY, USA, 6 pages."
_ACM_PAGE_COUNT = re.compile(r"\bACM,\sNew\sYork,\sNY,\sUSA,\s\d{1,3}\spages\b")


# A chapter's own reference: "In E. Groff and C. Haberman (Eds.), The study of crime and place:
# A methods handbook (Temple University Press, 2021)"
_CHAPTER_IN = re.compile(
    rf"\((?:Eds?\.|Hrsg\.|dir\.)\),\s(?P<container>[A-Z][^()]{{4,160}}?)\s\((?:pp\.\s{PAGES},\s)?"
    rf"(?P<publisher>[A-Z][^(),]{{2,60}}?),\s(?P<year>{YEAR})\)"
)


# ACM's "ACM Reference Format: Authors. Year. Title. In KDD 2018: 24th ACM SIGKDD
# International Conference on …, August 19-23, 2018, London. ACM, New York, NY, USA, 10 pages."
_ACM_REFERENCE_FORMAT = re.compile(
    r"ACM\sReference\sFormat:.{0,600}?\.\sIn\s(?P<container>[^.]{5,250}?)\.\s(?P<publisher>ACM),\s"
)


_SHORT_NAME = re.compile(r"\s\([A-Z][\w\-/]{1,15}\s?['’]?\d{2,4}\)$")  # "(ESEC/FSE 2021)"


def acm_reference_format(text: PrintedText) -> Iterator[Candidate]:
    match = _ACM_REFERENCE_FORMAT.search(text.front_flat)
    if match:
        where = f"p1 ACM Reference Format '…In {match.group('container')[:60]}'"
        container = re.sub(rf",\s(?:{MONTH})\s\d.*$", "", match.group("container"))
        container = _SHORT_NAME.sub("", container.strip())  # "… Proceedings (CHI 2019)"
        yield Candidate("container", container, 0.85, where)
        yield Candidate("publisher", "ACM", 0.8, where)


# a chapter's own citation in the author-date style: "… (2022). Title. In Piza, E. and Welsh,
# B. (eds.) The Globalization of Evidence-Based Policing: … (pp.153-165). London, UK:
# Routledge Press."
_CHAPTER_IN_EDS = re.compile(
    rf"\bIn\s[A-Z][^()]{{2,150}}?\s\((?i:eds?)\.?\),?\s(?P<container>[A-Z][^()]{{4,200}}?)\s"
    rf"\((?:pp?\.\s?)(?P<page>{PAGES})\)\.\s(?:[A-Z][^:.()]{{1,40}}:\s)?"
    rf"(?P<publisher>[A-Z][^.()]{{1,60}}?)\."
)


# The ACL Anthology's foot on page 1: "Proceedings of the 2020 Conference on Empirical Methods
# in Natural Language Processing, pages 1234–1245, November 16–20, 2020. ©2020 Association for
# Computational Linguistics"; "LREC-COLING 2024, pages 7185–7195 20-25 May, 2024. © 2024 ELRA
# Language Resource Association: CC BY-NC 4.0"
_ACL_FOOT = re.compile(
    rf"(?P<container>Proceedings\sof\s[^©.]{{5,300}}?|[A-Z][A-Za-z\-]{{2,30}}\s{YEAR}),\spages\s"
    rf"(?P<page>{PAGES})(?P<date>[^©]{{0,80}}?)©\s?(?P<year>{YEAR})\s(?P<publisher>Association\sfor\s"
    rf"Computational\sLinguistics|ELRA[^:©]{{0,60}}?(?=:)|European\sLanguage\sResources\sAssociation)"
)


def acl_foot(text: PrintedText) -> Iterator[Candidate]:
    """The record the ACL Anthology prints at the foot of page 1; the year is the meeting's
    (a template's © line may keep the year before)."""
    if match := _ACL_FOOT.search(text.front_flat):
        where = f"p1 ACL Anthology foot '{match.group(0)[:80]}'"
        found = {k: " ".join(v.split()) for k, v in match.groupdict().items() if k != "date"}
        if dated := re.findall(rf"\b{YEAR}\b", match.group("date")):
            found["year"] = dated[-1]
        for field_name, value in found.items():
            yield Candidate(field_name, value, 0.85, where, line=match.group(0))
        yield Candidate("type_cue", "paper-conference", 0.8, where)


# Springer's foot on a chapter's first page: "V. Esposito Vinzi et al. (eds.), Handbook of
# Partial Least Squares, Springer Handbooks of Computational Statistics, DOI
# 10.1007/978-3-540-32827-8 3, © Springer-Verlag …" (the underscore of the DOI lost), "R.
# Patman et al. (eds.), From Asia-Pacific to Indo-Pacific, Global Political Transitions,
# https://doi.org/10.1007/978-981-16-…"
_SPRINGER_CHAPTER_FOOT = re.compile(
    r"\b[A-Z][\w.\-'’ ]{1,60}?\s\((?i:eds?)\.\),\s(?P<container>[A-Z][^,]{4,200}?),\s"
    r"(?:[A-Z][^,]{2,120}?,\s)?(?:(?i:vol)\.\s\d{1,5},\s)?"
    r"(?:DOI:?\s?10\.1007/978-|https?://doi\.org/10\.)"
)


# a chapter's head at Research Signpost / Transworld Research Network: the book, the year,
# the chapter's pages, the ISBN and the editors ("Understanding the Dynamics of … Models, 2012:
# 133-156 ISBN: 978-81-7895-549-0 Editors: Steady Mushayabasa and Claver P. Bhunu")
_BOOK_LINE_WITH_EDITORS = re.compile(
    rf"^(?P<container>[A-Z][^.:;,\n]{{10,200}}(?:\n[^.:;,\n]{{1,200}})?),\s(?P<year>{YEAR}):\s?"
    rf"(?P<page>{PAGES})\s+ISBN:\s?(?P<isbn>97[89][\d\-]{{10,16}})\s+Editors?:",
    re.M,
)


def chapter_candidates(text: PrintedText) -> Iterator[Candidate]:
    match = _CHAPTER_IN.search(text.front_flat) or _CHAPTER_IN_EDS.search(text.front_flat)
    if match:
        yield from match_candidates(match, "p1 chapter reference", 0.75)
        yield Candidate("type_cue", "chapter", 0.7, f"p1 chapter reference '{match.group(0)[:80]}'")
    if book := _BOOK_LINE_WITH_EDITORS.search(text.front_text()):
        yield from match_candidates(book, "p1 book line", 0.8)
        yield Candidate("type_cue", "chapter", 0.8, f"p1 book line '{book.group(0)[:80]}'")
    if foot := _SPRINGER_CHAPTER_FOOT.search(text.front_flat):
        where = f"p1 chapter foot '{foot.group(0)[:80]}'"
        folio_free = re.sub(r"\s(?!(?:19|20)\d\d\b)\d{1,4}(?=\s)", "", foot.group("container"))
        yield Candidate("container", folio_free, 0.8, where)
        yield Candidate("type_cue", "chapter", 0.8, where)


_HANDED_IN = re.compile(
    r"\b(?:Abgabetermin|Abgabedatum|Datum\sder\sAbgabe|Eingereicht\sam|Abgegeben\sam)\s*:?\s*"
    rf"\d{{1,2}}\.\s?\d{{1,2}}\.\s?(?P<year>{YEAR})\b"
)


def year_candidates(text: PrintedText) -> Iterator[Candidate]:
    front = text.front_text()
    for page in text.front_pages:  # an imprint's "Please cite this publication as: OECD (2025)"
        pattern = _CITE_THIS_YEAR if page.number == 1 else _IMPRINT_CITE_YEAR
        for match in pattern.finditer(text.text_of(page.number)):
            quote = " ".join(match.group(0).split())[:60]
            yield Candidate("year", match.group("year"), 0.75, f"p{page.number} '{quote}'")
    yield from _weak_year_candidates(front)
    for match in _POSTED.finditer(front):  # the stamp bioRxiv and medRxiv set on every page
        yield Candidate("year", match.group("year"), 0.7, f"p1 '{match.group(0)[:60]}'")
    for match in _PUBLISHED.finditer(front):
        yield Candidate("year", match.group("year"), 0.7, f"p1 '{match.group(0)[:60]}'")
    for match in _COPYRIGHT_YEAR.finditer(front):
        yield Candidate("year", match.group("year"), 0.5, f"p1 '{match.group(0)[:60]}'")
    for match in _HANDED_IN.finditer(front):  # a student's paper: "Abgabetermin: 14.12.2018"
        yield Candidate("year", match.group("year"), 0.6, f"p1 '{match.group(0)}'")
    first = text.first
    if first is not None:
        head = "\n".join(normalise(line.text) for line in first.lines[:25])
        for match in _DATE_LINE.finditer(head):
            if _DATE_RANGE.search(head[match.start() :].split("\n", 1)[0]):
                continue  # "28. August 1749 - 22. März 1832": a life or an event, not the date
            year = next(match.group(f"y{n}") for n in range(1, 6) if match.group(f"y{n}"))
            yield Candidate("year", year, 0.45, f"p1 date '{match.group(0)[:60]}'")
        for match in _MONTH_YEAR_LINE.finditer(head):
            yield Candidate("year", match.group("year"), 0.4, f"p1 date '{match.group(0).strip()}'")
        for match in _SHORT_DATE_LINE.finditer(head):  # a student's "10/22/20" under the title
            if min(int(match.group("a")), int(match.group("b"))) <= 12:
                year = f"20{match.group('yy')}"
                yield Candidate("year", year, 0.45, f"p1 date '{match.group(0).strip()}'")
    feet = text.margin_lines()
    dated_feet = {(n, m.group("year")) for n, line in feet if (m := _MONTH_YEAR_LINE.match(line))}
    years = {year for _, year in dated_feet}
    if len(dated_feet) >= 2 and len(years) == 1:  # "February 2024" in a report's every foot
        yield Candidate("year", years.pop(), 0.4, "a month and year in the running feet")
    yield from _cover_dates(text)
    yield from _era_year(text)
    yield from _latest_year_printed(text)


def _era_year(text: PrintedText) -> Iterator[Candidate]:
    """The latest year pages 1-2 print in an East or South-East Asian era ("平成 29 年",
    "พ.ศ. ๒๕๕๘"), where that is how a cover or an act is dated."""
    found = list(gregorian_years(text.early_text, date.today().year + 1))
    if found:
        year, words = max(found)
        yield Candidate("year", str(year), 0.4, f"p1-2 era date '{words}'")


# A year among other words of a head, a foot or a cover line, not a cited work's ("Smith et
# al., 2010") nor one joined to another ("2004/2005": academic years have their own rule).
_LOOSE_YEAR = re.compile(rf"(?<![\w/.\-]){YEAR}(?![\w/\-]|\.\d)")
_CITED_YEAR = re.compile(r"(?:et\s+al\.?,?|[A-Z][a-z]+,|&\s[A-Z][a-z]+)\s*\(?$")
# A span ("1749 - 1832", "2009 a 2017"): a life, a plan or a study period, not a date; a
# download stamp dates the reader's copy
_YEAR_SPAN = re.compile(rf"(?<!©\s){YEAR}\s?(?:-|a|to|bis|até)\s?{YEAR}\b")
_DOWNLOADED = re.compile(r"download|available\sin\sPMC|accessed|retrieved", re.IGNORECASE)
FIRST_LINES = 25
PROSE_WORDS = 6  # a line with this many lower-case words is a sentence, its years events


def _dating_line(line: str) -> bool:
    prose = len(re.findall(r"(?<!\S)[^\W\d_A-Z][^\W\d_]{1,}", line)) >= PROSE_WORDS
    spans = _YEAR_SPAN.search(line) or _DATE_RANGE.search(line)
    # two years on a line ("December 2014 and September 2015") date events, except the
    # span of a copyright ("© 2005 - 2014 JATIT")
    years = len(set(_LOOSE_YEAR.findall(line))) > 1 and not line.lstrip().startswith("©")
    return not (prose or spans or years or _DOWNLOADED.search(line))


def _latest_year_printed(text: PrintedText) -> Iterator[Candidate]:
    """The last resort: the latest year page 1's heads, feet and first lines print ("12(1),
    21-27, 2024", "Wintersemester 2018", "Санкт-Петербург 2021", "2025 年 1 月"); a
    publication is dated after what it cites, its submission and its journal's founding
    ("© 2005 - 2014 JATIT")."""
    lines = [line for n, line in text.margin_lines() if n == 1]
    lines += text.front_text().splitlines()[:FIRST_LINES]
    latest = date.today().year + 1  # "Vision 2045", "Net zero by 2050": a target, not a date
    found = [
        (int(match.group(0)), line)
        for line in lines
        if _dating_line(line)
        for match in _LOOSE_YEAR.finditer(line)
        if not _CITED_YEAR.search(line[: match.start()]) and int(match.group(0)) <= latest
    ]
    if found:
        year, line = max(found)
        quote = " ".join(line.split())[:60]
        yield Candidate("year", str(year), 0.15, f"p1 latest year printed '{quote}'")


_URL = re.compile(r"\b(?:https?://|www\.)[^\s<>\"]+[\w/]", re.IGNORECASE)
_AVAILABLE = re.compile(
    r"(?P<subject>\b(?:this|the|das|diese[rs]?|ce(?:tte)?|le|la)\s(?:article|paper|report|thesis|"
    r"document|book|skript|script|notes|preprint|dissertation|manuscript|chapter|version|"
    r"publication|lecture\snotes|arbeit|thèse|mémoire|rapport)\b[^.\n]{0,60}?)"
    r"(?:(?:available|verfügbar|disponible)\s(?:at|from|online\sat|under|via|sur|unter|en)?\s*"
    r"(?P<url>(?:https?://)?[\w\-]+(?:\.[\w\-]+)+/[^\s<>\"]*[\w/])|"
    r"(?P<url2>(?:https?://)?[\w\-]+(?:\.[\w\-]+)+/[^\s<>\"]*[\w/])\s(?:verfügbar|available))",
    re.IGNORECASE,
)
_NOT_ITEM_URL = re.compile(  # ebookcentral…/lib/<library>/: a library's own link to a book
    r"creativecommons|doi\.org|/licenses?/|orcid\.org|mailto:|/submit\b|crossmark|"
    r"ebookcentral\.proquest\.com/lib/|"
    r"twitter\.com|facebook\.com|/about\b|/authors?\b|/subscri|/reprints?\b|/permissions?\b|"
    r"/terms\b|/terms-and-?conditions|/privacy\b|/cookies?\b|/rights/|"  # a site's terms
    r"/suppl/|DCSupplemental|/cgi/doi/",  # the supporting information, a DOI link
    re.IGNORECASE,
)


_BARE_URL = re.compile(
    r"(?<![@\w.])(?:[\w\-]+\.)+(?:org|com|net|edu|gov|fr|de|uk|io|info)/[^\s<>\"()]+"
)
_ONLINE_AT = re.compile(
    r"\b(?:Online\sat|Available\sonline\sat|Permanent\slink|Stable\sURL|URL)\s*:?\s*"
    r"(?P<url>(?:https?://)?[\w\-]+(?:\.[\w\-]+)+/[^\s<>\"()]*[\w/=])",
    re.IGNORECASE,
)
# Project MUSE's cover: "For additional information about this article" over the article's
# page, which the text layer may give a line later
_MUSE_PAGE = re.compile(
    r"For\sadditional\sinformation\sabout\sthis\s(?:article|book|chapter)\s*\n(?:[^\n]*\n)?\s*"
    r"(?P<url>https?://muse\.jhu\.edu/\S+)"
)
# … or several lines later, after the labels ("For content related to this article"), as
# the item's own page, not its related content's
_MUSE_LABEL = re.compile(r"For\sadditional\sinformation\sabout\sthis\s(?:article|book|chapter)")
_MUSE_ITEM = re.compile(r"(?P<url>https?://muse\.jhu\.edu/(?:article|book|chapter)/\d+)\b")


def _muse_item_after_labels(front: str) -> re.Match[str] | None:
    return _MUSE_ITEM.search(front) if _MUSE_LABEL.search(front) else None


_HAL_ID = re.compile(
    r"HAL\sId:\s?(?P<id>(?:hal|tel|inria|halshs|cea|in2p3|insu|meteo)-\d+)\s*\n?"
    r"\s*(?P<url>https?://\S+)",
    re.IGNORECASE,
)


def url_candidates(text: PrintedText) -> Iterator[Candidate]:
    """An item-specific URL: one repeated in the heads/feet of several pages, or printed
    after "available at"; journal home pages (no path) and licence links are not taken."""
    pages_with: dict[str, set[int]] = {}
    for number, line in text.margin_lines():
        found = [m.group(0) for m in _URL.finditer(line)]
        found += [
            m.group(0) for m in _BARE_URL.finditer(line) if not any(m.group(0) in u for u in found)
        ]
        for url in found:
            url = url.rstrip(".,;)")
            if _has_path(url) and not _NOT_ITEM_URL.search(url):
                pages_with.setdefault(url, set()).add(number)
    for match in _ONLINE_AT.finditer(text.front_text()):
        url = match.group("url").rstrip(".,;)")
        if not _NOT_ITEM_URL.search(url):
            yield Candidate("url", url, 0.75, f"p1 '{match.group(0)[:80]}'")
    front = text.front_text()
    if match := _MUSE_PAGE.search(front) or _muse_item_after_labels(front):
        yield Candidate("url", match.group("url").rstrip(".,;)"), 0.85, "p1 Project MUSE cover")
    if match := _HAL_ID.search(text.front_text()):
        yield Candidate(
            "url", match.group("url").rstrip(".,;)"), 0.85, f"p1 HAL cover '{match.group('id')}'"
        )
    for url, pages in pages_with.items():
        if len(pages) >= 2:
            yield Candidate("url", url, 0.75, f"heads/feet of pages {sorted(pages)}")
    for number in sorted({p.number for p in text.front_pages}):
        if stamp := _ARTICLE_PAGE_STAMP.search(text.text_of(number)):
            yield Candidate("url", stamp.group("url"), 0.8, f"p{number} '{stamp.group(0)[:80]}'")
            break
    for number in sorted({p.number for p in text.pages if p.number <= 3}):
        joined = _join_wrapped(text.text_of(number))
        for match in _AVAILABLE.finditer(joined):
            url = (match.group("url") or match.group("url2")).rstrip(".,;)")
            if not _NOT_ITEM_URL.search(url):
                yield Candidate("url", url, 0.7, f"p{number} '{match.group(0)[:80]}'")


# The article's page in Oxford's download stamp ("Downloaded from
# https://academic.oup.com/restud/article/79/1/37/1562110 by guest on …", set up the margin
# of every page)
_ARTICLE_PAGE_STAMP = re.compile(
    r"Downloaded\sfrom\s(?P<url>https?://academic\.oup\.com/[\w\-]+/(?:advance-)?"
    r"article(?:-abstract)?/\S+?)\s+by\s"
)


def _has_path(url: str) -> bool:
    """Whether a URL names more than a site: a path, and not one bare word
    ("www.nature.com/naturechemistry", a journal's home page)."""
    rest = re.sub(r"^(?:https?://)?", "", url, flags=re.I)
    path = rest.split("/", 1)[1].strip("/") if "/" in rest else ""
    return bool(path) and not re.fullmatch(r"[A-Za-z]+", path)


_CJK_THESIS = [
    "修士論文",
    "博士論文",
    "卒業論文",
    "学位論文",
    "硕士学位论文",
    "博士学位论文",
    "学士学位论文",
    "碩士論文",
    "碩士學位論文",
    "博士學位論文",
    "學位論文",
    "석사학위논문",
    "박사학위논문",
    "학사학위논문",
    "졸업논문",
    "特別研究報告",  # the bachelor's thesis of Kyoto University's engineering faculty
    "卒業研究",
    "毕业设计",  # "本科毕业设计（论文）": no word boundary before it after "本科"
    "毕业论文",
    "综合论文训练",  # Tsinghua's bachelor's thesis
]


def _letter_spaced(term: str) -> str:
    """A CJK term as a pattern that also finds it set letter-spaced ("碩 士 論 文", "修  士")."""
    return r"\s{0,3}".join(term)


THESIS = re.compile(
    r"\b(?:(?:PhD|Ph\.D\.|doctoral|master['’]?s?|bachelor['’]?s?|diploma)\s(?:thesis|dissertation)|"
    r"(?:a\s)?thesis\s(?:submitted|presented)|dissertation\s(?:submitted|presented)|"
    r"submitted\sin\s(?:partial\s)?fulfil+ment|for\sthe\sdegree\sof|Doctor\sof\sPhilosophy|"
    r"Thèse\s(?:de\sdoctorat|présentée|pour)|pour\sobtenir\sle\sgrade|Dissertation\szur\s"
    r"Erlangung|HAL\sId:\s?tel-|Disserta\S{1,3}ão\sde\sMestrado|Tese\sde\sDoutorado|"
    r"Tesis\sDoctoral|Masterarbeit|Bachelorarbeit|Diplomarbeit|Disserta\S{1,3}ão\sapresentada|"
    r"Proefschrift\ster\sverkrijging|Masterproef|M[ée]moire\spr[ée]sent[ée]|"
    r"M[ée]moire\sde\s(?:master|M[12]|L3|fin\sd['’][ée]tudes|fin\sde\scycle|licence)|"
    r"en\svue\sde\sl['’]obtention|"
    r"Trabajo\s(?:de\s)?fin(?:al)?\sde\s(?:grado|m[áa]ster|carrera)|Tesi\sdi\s(?:laurea|dottorato)|"
    r"para\sobtener\sel\s(?:t[íi]tulo|grado)|Tesis\spara\s(?:optar|obtener)|"
    r"requisito\sparcial\spara\s(?:optar|obtener)|Memoria\spara\soptar|"
    r"para\soptar\s(?:el|al)\s(?:t[íi]tulo|grado)|para\sobten\S{1,3}ão\sdo\s(?:grau|t[íi]tulo)\sde|"
    r"(?:Disserta\S{1,3}ão|Tese)\s(?:submetida|apresentada)|^\s*Tesis\s*:?\s*$|"
    r"Tesis\sde\s(?:Licenciatura|Maestr[íi]a|Grado|Doctorado)|Trabajo\sde\sgrado|"
    r"毕业设计|毕业论文|学位论文|Trabalho\sde\sConclus\S{1,3}o\sde\sCurso|"
    r"Masteroppgave|Masteravhandling|Examensarbete|Kandidatarbeit|Magisterarbeit|"
    # Czech, Slovak, Polish, Croatian/Serbian/Slovenian, Romanian, Hungarian, Finnish,
    # Spanish and Catalan degree labels: "Diplomová práce", "DIPLOMSKI RAD", "LUCRARE DE LICENȚĂ"
    r"(?:Diplomov|Bakal[áa]řsk|Bakal[áa]rsk|Diserta[čc]n|Rigor[óo]zn)\S{1,2}\spr[áa]c[ea]|"
    r"Praca\s(?:magisterska|licencjacka|in[żz]ynierska|doktorska|dyplomowa)|"
    r"(?:Diplomski|Zavr[šs]ni|Magistarski|Doktorski|Master)\srad\b|Magistrsko\sdelo|"
    r"Diplomsko\sdelo|Lucrare\sde\s(?:licen\S{1,2}\S|diserta\S{1,2}ie|diplom\S)|"
    r"Tez\S\sde\sdoctorat|Szakdolgozat|Diplomamunka|Doktori\s\(PhD\)\s(?:értekezés|disszertáció)|"
    r"Pro\sgradu|Opinn[äa]ytety[öo]|Diplomity[öo]|Kandidaatintutkielma|"
    r"Proyecto\s(?:de\s)?fin\sde\s"
    r"(?:grado|carrera|m[áa]ster)|Treball\s(?:de\s)?fi\sde\s(?:grau|m[àa]ster)|"
    r"^\s*(?-i:TH[ÈE]SE|Thèse)\s*$|"  # a French cover's label, not "These" alone
    r"^\s*Skripsi\s*$|Tugas\sAkhir|gelar\s(?:sarjana|magister)|Scriptie\svoorgedragen|Bachelorproef|"
    r"(?:Yüksek\sLisans|Doktora|Bitirme)\s(?:Tezi|Projesi)|"
    r"Выпускная\sквалификационная\sработа|Диссертация\sна\sсоискание|"
    r"Магистерская\sдиссертация|Бакалаврская\sработа|Работа\sбакалавра|"
    r"^\s*(?:Supervisor|Supervised\sby|Advisor|Adviser|Veileder|Handledare|Vejleder|"
    r"Relat(?:ore|rice)|Director\(?a?\)?\sde\stesis|Betreuer(?:in)?|Erstgutachter(?:in)?|"
    r"Themensteller(?:/in)?|Orientador(?:a)?|Promotor|Begeleider|指導教員|"
    r"(?:Project|Thesis|Research)\s(?:director|supervisor|advisor))\s*(?::|$)|"
    r"^\s*Research\sThesis\s*$|^\s*(?:A\s)?(?:Doctoral\s)?Dissertation\s*$|Διδακτορική\sΔιατριβή|Διατριβή\sπου\s"
    r"υποβλήθηκε)|"  # no word boundary in Chinese and Japanese: "专业学位硕士学位论文"
    + "|".join(_letter_spaced(term) for term in _CJK_THESIS),
    re.IGNORECASE | re.MULTILINE,
)
# The copyright line of the AAAI proceedings template.
_AAAI = re.compile(
    r"Copyright\s©?\s?(?:19|20)\d\d,\sAssociation\sfor\sthe\sAdvancement\sof\sArtificial\s"
    r"Intelligence\s\(www\.aaai\.org\)"
)
_REPORT = re.compile(
    r"^(?:[A-Z]{2,6}(?:/[A-Z]{2,6})?\s)?(?:(?:Technical|Research|Working|Discussion|Internal|Project|Final|Annual|Staff)\s"
    r"(?:Report|Paper|Note|Memorandum)|Data\sBrief|Redpaper|NIST\sSpecial\sPublication|NISTIR|NIST\sInteragency|"
    r"(?:Policy|Research)\s(?:Brief|Paper)|Briefing\s(?:Paper|Note)|Issue\sBrief|White\sPaper|"
    r"Occasional\sPaper|Informe\st[ée]cnico|Documento\sde\strabajo|Document\sde\stravail|"
    r"Arbeitspapier|Rapport(?=\s(?:[^\W\d_]+\s)?(?:19|20)\d\d\b)|"
    r"Серия\sдокладов|Рабочий\sдоклад|Аналитическая\sзаписка)\b",  # the Bank of Russia's
    re.IGNORECASE | re.MULTILINE,
)
# a German agency's imprint: "Diese Veröffentlichung ist der Abschlussbericht zum Projekt …"
_GERMAN_REPORT = re.compile(
    r"\bist\s(?:der|ein)\s(?:Abschluss|Forschungs|Schluss|Zwischen)bericht\b"
)
_PLACES_YEAR = re.compile(rf"^\s*[A-ZÄÖÜ][\w\-]+(?:/[A-ZÄÖÜ][\w\-]+)*\s(?P<year>{YEAR})\s*$", re.M)
# its issuer, a body: "Herausgeber: Bundesanstalt für Arbeitsschutz und Arbeitsmedizin" (a
# book's "Herausgeber" are its editors, persons)
_ISSUING_BODY = re.compile(
    r"^\s*(?:Herausgeber(?:in)?|Hrsg\.)\s?:\s*(?P<publisher>(?=[^\n]*(?i:anstalt|institut|amt\b|"
    r"verlag|stiftung|gesellschaft|verband|ministerium|zentrum|agentur|universität|hochschule|"
    r"akademie|kommission|bundes|landes))[A-ZÄÖÜ][\w&'\- ]{2,80}?)(?=\s{2}|[,;(]|\s*$)",
    re.M,
)


def _german_report(text: PrintedText) -> Iterator[Candidate]:
    """A German agency's report, as its front pages (cover, title page, imprint) say."""
    pages = [(page.number, text.text_of(page.number)) for page in text.front_pages]
    stated = next((m for _, t in pages if (m := _GERMAN_REPORT.search(" ".join(t.split())))), None)
    if stated is None:
        return
    yield Candidate("type_cue", "report", 0.6, f"imprint '{stated.group(0)}'")
    for number, page in pages:
        if year := _PLACES_YEAR.search(page):  # the title page's "Dortmund/Berlin/Dresden 2013"
            yield Candidate("year", year.group("year"), 0.6, f"p{number} '{year.group(0).strip()}'")
        if body := _ISSUING_BODY.search(page):
            name = " ".join(body.group("publisher").split())
            yield Candidate("publisher", name, 0.8, f"p{number} '{body.group(0).strip()[:80]}'")


_THESIS_MONTH = rf"(?:{MONTH}|(?i:{IBERIAN_MONTH}))"
# a name before the word, joined to it by hyphens too: "Rheinische Friedrich-Wilhelms-Universität";
# a French university's number after it, and its name after that
_UNIVERSITY = re.compile(
    r"(?<![\w'’\-])(?P<university>"
    r"(?:(?!(?i:en|una?|de|la|el|y|of|and|in|at)\s)[A-ZÀ-Þ][\w'’\-]+[ ]){0,4}"
    r"(?:[A-ZÀ-Þ][\w'’]+-){0,3}"
    r"(?i:Universi(?:ty|tät|té|tà|dade|dad|teit|tetet|tet|tário|tario|taria|tatea|tat|tas)|[ÉE]cole|"
    r"Uniwersytet|Univerzita|Üniversitesi|Sveu[čc]ili[šs]te|\w*egyetem|"  # Polish, Czech,
    # Turkish, Croatian (its caron may come apart: "SVEUCILIŠTE"), Hungarian ("Tudományegyetem")
    r"Institute\sof\sTechnology|"  # "Illinois Institute of Technology"
    r"Högskolan?|Høgskolen?|Hogeschool)"  # "Södertörns Högskola": a Nordic or Dutch college
    # the name may go on over a line break at its link word: "Universidad Politécnica" / "de Madrid"
    r"(?:(?:[ ]|\n(?=(?i:of|de|di|do|da|del|della|degli|zu)[ ]))"
    r"(?:(?i:of|at|de|du|des|di|do|da|dos|the|degli|della|del|dei|i|zu|der|à|u|v|w|din)[ ])*"
    r"[A-ZÀ-Þ][\w'’\-]+){0,5}"
    r"(?:[ ]\d{1,2}(?![\d.,:])(?:[ ]?[-–][ ]?[A-ZÀ-Þ][\w'’\-]+)?)?)"  # "Paris 7 - Diderot"
)
# Brazil's federal institutes, which grant degrees as universities do: "Instituto Federal de
# Educação, Ciência e Tecnologia do Ceará (IFCE) - Campus Morada Nova", set in capitals and
# broken over two lines on a cover
_FEDERAL_INSTITUTE = re.compile(
    r"(?i:Instituto\s+Federal\s+de\s+Educa[çc][ãa]o,\s+Ci[êe]ncia\s+e\s+Tecnologia)"
    r"\s+(?P<of>(?i:d[oae]s?))\s+(?P<place>[^\W\d_]+(?:[ ][^\W\d_]+){0,3})"
)
# in other scripts: the line that names a university ("Санкт-Петербургский политехнический
# университет Петра Великого"), or a Chinese or Japanese name up to 大学 ("京都大学大学院…")
_SCRIPT_UNIVERSITY = re.compile(
    r"^\s*(?P<university>[^\n]{0,60}(?i:университет|πανεπιστήμιο)[^\n]{0,40}?)\s*$|"
    r"(?P<cjk>[\u4e00-\u9fff]{1,10}?(?:大学|大學)|[\uac00-\ud7af]{1,10}?대학교)",
    re.M,
)
# the author's date of birth a French medical thesis prints: "Né le 18 Mai 1984"
_BIRTH = r"\s*(?i:n[ée]e?\sle|born|geboren|nacid[oa]|nascid[oa]|nat[oa]\sil)\b"
# the day of the defence: "Présentée et soutenue le 02/12/2013 par :"
_DEFENDED_ON = re.compile(rf"\bsoutenue?\sle\s\d{{1,2}}/\d{{1,2}}/(?P<year>{YEAR})\b", re.I)
# "Anno Accademico 2020/2021", "Academiejaar 2021-2022", "Curso Académico 2021/2022": the year
# the thesis is handed in
_ACADEMIC_YEAR = re.compile(
    rf"\b(?i:Anno\sAccademico|Academiejaar|Academic\sYear|A[ñn]o\sacad[ée]mico|Studienjahr|"
    rf"Curso\sacad[ée]mico|Curs\sacad[èe]mic|Ann[ée]e\s(?:universitaire|acad[ée]mique))\s*:?\s*"
    rf"(?:{YEAR}\s?[/\-–]\s?)?(?P<year>{YEAR})\b"
)
_PLACE_YEAR = re.compile(  # "Ciudad Universitaria, Cd. Mx., 2020", "Universitetet i Agder, 2018"
    rf"^[^\W\d_][^\n\d]{{2,60}},\s(?P<year>{YEAR})\s*$", re.M
)
_BROWSER_FOOT = re.compile(r"(?P<url>https?://\S+)\s+\d{1,3}\s?/\s?\d{1,3}\s*$")


# HAL's angle brackets; some text layers give each as "ff" or U+FFFD
_HAL_BRACKET = r"(?:[<>⟨⟩\ufffd]|ff)"
_HAL_CITATION = re.compile(
    rf"To\scite\sthis\sversion\s*:\s*(?P<citation>.+?)\s*{_HAL_BRACKET}(?P<id>[a-z0-9]+-\d+)",
    re.IGNORECASE | re.DOTALL,
)
# the journal an article was published in, after its title: "… 1970s. Revue d’économie
# politique, 2020, Vol. 131 (3), pp.557-582. ⟨10.3917/redp.313.0239⟩"
_HAL_JOURNAL = re.compile(
    rf"\.\s(?P<container>[A-Z][^.,;⟨<]{{2,120}}),\s(?P<year>{YEAR})"
    r"(?:,\s(?:[Vv]ol\.\s?)?(?P<volume>\d{1,4})(?:\s?\((?P<issue>[\w\-]{1,7})\))?)?"
    r"(?:,\s(?:pp?\.\s?(?P<page>\d{1,5}\s?[-–]\s?\d{1,5})|(?P<number>\d{1,8})))?"
    rf"(?:\.|,)\s*(?:{_HAL_BRACKET}(?P<doi>10\.\d{{4,9}}/[^\s⟩>\ufffd]+?){_HAL_BRACKET})?"
)


_HAL_REPORT = re.compile(
    r"\[(?:Research|Technical)\sReport\]\s(?P<number>[A-Z][\w./\-]*\d[\w./\-]*)(?=,|\s|$)"
)


def hal_cover(text: PrintedText) -> Iterator[Candidate]:
    """The cover page HAL adds to its deposits: "To cite this version: Author. Title.
    Discipline. Institution, 2006. French. <tel-00599147>"; its year and, for a thesis,
    the degree-granting institution."""
    match = _HAL_CITATION.search(text.front_text())
    if not match:
        return
    citation = " ".join(match.group("citation").split())
    where = f"p1 HAL cover '{citation[:90]}'"
    if report := _HAL_REPORT.search(citation):  # "[Research Report] RR-7687, 2011, pp.18."
        yield Candidate("number", report.group("number"), 0.8, where)
        yield Candidate("type_cue", "report", 0.8, where)
    article = not match.group("id").startswith("tel-") and not report
    if article and (journal := list(_hal_journal(citation, where))):
        yield from journal  # its year among them
        return
    parts = [p.strip() for p in re.split(r"\.\s+", citation) if p.strip()]
    for part in reversed(parts):
        if year := re.fullmatch(rf"(?P<who>.+?),\s(?P<year>{YEAR})", part):
            yield Candidate("year", year.group("year"), 0.8, where)
            if match.group("id").startswith("tel-"):
                yield Candidate("university", year.group("who"), 0.8, where)
            break


def _hal_journal(citation: str, where: str) -> Iterator[Candidate]:
    """The journal, volume, issue, pages and DOI of a HAL cover's citation of an article
    (a conference's "…, Jun 2019, Lyon, France" has a month and place, and no match)."""
    for found in _HAL_JOURNAL.finditer(citation):
        if not plausible_journal(found.group("container")):
            continue
        yield Candidate("type_cue", "article-journal", 0.7, where)
        for name, value in found.groupdict().items():
            if value:
                value = re.sub(r"\s", "", value) if name in ("page", "doi") else value.strip()
                yield Candidate(name, value, 0.8, where, line=citation[:120])
        return


# The foot of page 1 in Dagstuhl's series (LIPIcs, OASIcs): "Editors: …; Article No. 3;
# pp. 3:1–3:14" over "Schloss Dagstuhl – Leibniz-Zentrum für Informatik, Dagstuhl Publishing"
_DAGSTUHL_FOOT = re.compile(
    r"^\s*(?P<venue>[^\n]{10,200}?)\.?\s*\n\s*"
    r"Editors?:[^\n]{0,300}?;\s*Article\sNo\.\s?(?P<number>\d{1,4});\s*"
    r"pp\.\s?(?P<pages>\d{1,4}:\d{1,4}\s?[–\-]\s?\d{1,4}:\d{1,4})",
    re.M,
)
_DAGSTUHL = "Schloss Dagstuhl – Leibniz-Zentrum für Informatik"


def dagstuhl_foot(text: PrintedText) -> Iterator[Candidate]:
    """The venue, article number, pages and publisher of a Dagstuhl series paper's foot."""
    first = text.text_of(1)
    if "Dagstuhl Publishing" not in first:
        return
    match = _DAGSTUHL_FOOT.search(first)  # re.M: the venue's line starts the match
    if not match:  # Dagstuhl Reports: the publisher's line, and the seminar's dates
        yield from _dagstuhl_report(first)
        return
    foot = " ".join(match.group(0).split())
    where = f"p1 Dagstuhl foot '{foot[-60:]}'"
    yield Candidate("container", match.group("venue").strip(), 0.85, where, line=foot)
    yield Candidate("number", match.group("number"), 0.85, where, line=foot)
    yield Candidate("page", re.sub(r"\s", "", match.group("pages")), 0.85, where, line=foot)
    yield Candidate("publisher", _DAGSTUHL, 0.85, where)


_DAGSTUHL_SEMINAR = re.compile(
    rf"^\s*Seminar\s{MONTH}\s\d{{1,2}}(?:\s?[–\-]\s?(?:{MONTH}\s)?\d{{1,2}})?,\s(?P<year>{YEAR})\b",
    re.M,
)


def _dagstuhl_report(first: str) -> Iterator[Candidate]:
    """A Dagstuhl Report's publisher line and the year of its seminar ("Seminar December
    1–6, 2024 – https://www.dagstuhl.de/24492")."""
    if re.search(r"^\s*Schloss\sDagstuhl\s[–\-]\sLeibniz-Zentrum", first, re.M):
        yield Candidate("publisher", _DAGSTUHL, 0.8, "p1 Dagstuhl's publisher line")
    if seminar := _DAGSTUHL_SEMINAR.search(first):
        where = f"p1 Dagstuhl seminar '{seminar.group(0).strip()}'"
        yield Candidate("year", seminar.group("year"), 0.6, where)


# the foot of Nature's journals, its letters spaced in the text layer: "57 2 | NATURE | VO L 5 2 3 |
# 30 JULY 20 1 5", "NATURE PHYSICS | VOL 11 | MARCH 2015", "13 April 2017 | VO L 544 | NATU R E |
# 227"
_NATURE_WORD = r"N\s?A\s?T\s?U\s?R\s?E"
_NATURE = rf"(?P<container>{_NATURE_WORD}(?:\s[A-Z]{{2,}}){{0,3}})"
_SPACED_VOLUME = r"V\s?O\s?L\s*(?P<volume>\d(?:\s?\d){0,3})"
_NATURE_FEET = (
    re.compile(
        rf"(?:^|\|\s*){_NATURE}\s*\|\s*{_SPACED_VOLUME}\s*\|\s*(?:\d{{1,2}}\s)?[A-Z]{{3,9}}\s"
        rf"(?P<year>\d(?:\s?\d){{3}})\b"
    ),
    re.compile(
        rf"(?:\d{{1,2}}\s)?[A-Z][a-z]{{2,8}}\s(?P<year>{YEAR})\s*\|\s*{_SPACED_VOLUME}\s*\|\s*"
        rf"{_NATURE}\s*\|"
    ),
)


def nature_foot(text: PrintedText) -> Iterator[Candidate]:
    """The journal, volume and year of a Nature journal's foot."""
    for number, line in text.margin_lines():
        for pattern in _NATURE_FEET:
            if match := pattern.search(line):
                foot = " ".join(line.split())
                where = f"p{number} Nature foot '{foot[:80]}'"
                name = re.sub(rf"^{_NATURE_WORD}", "NATURE", match.group("container"))
                yield Candidate("container", recase_title(name), 0.8, where, foot)
                for key in ("volume", "year"):
                    yield Candidate(key, re.sub(r"\s", "", match.group(key)), 0.8, where, foot)
                return


# Atlantis Press's head: "Advances in Intelligent Systems Research, volume 156" by "7th
# International Conference on Management, Education and Information (MEICI 2017)"
_ATLANTIS_SERIES = re.compile(
    r"^\s*(?:Advances\sin|Atlantis\s(?:Highlights|Transactions)\sin)\s[^\n]{3,120}?,\s(?i:volume)\s"
    r"(?P<volume>\d{1,4})\b",
    re.M,
)
_MEETING = re.compile(
    rf"^\s*(?P<container>[^\n]{{0,150}}?\b(?:Conference|Symposium|Workshop|Congress|Forum|Seminar)\b"
    rf"[^\n]{{0,150}}?\((?:[A-Z][\w\-]{{1,15}}\s)?(?P<year>{YEAR})\))",
    re.M,
)


def atlantis_head(text: PrintedText) -> Iterator[Candidate]:
    """The conference, the series' volume and the year of an Atlantis Press paper's head."""
    front = text.front_text()
    if not (series := _ATLANTIS_SERIES.search(front)) or not (meeting := _MEETING.search(front)):
        return
    where = f"p1 proceedings head '{series.group(0).strip()[:80]}'"
    head = f"{series.group(0)} {meeting.group(0)}"
    yield Candidate("volume", series.group("volume"), 0.85, where, head)
    for name in ("container", "year"):
        yield Candidate(name, " ".join(meeting.group(name).split()), 0.85, where, head)
    yield Candidate("type_cue", "paper-conference", 0.8, where)


# NICE's guidance: "NICE guideline / Published: 19 July 2017 / www.nice.org.uk/guidance/ng71"
_NICE_GUIDANCE = re.compile(
    r"\b(?P<url>(?:https?://)?www\.nice\.org\.uk/guidance/(?P<id>(?:ng|cg|qs|ta|ph|dg|ipg|mtg)\d{1,4}))\b",
    re.IGNORECASE,
)


def nice_guidance(text: PrintedText) -> Iterator[Candidate]:
    """The number and address of a NICE guideline, from the address on its cover."""
    front = text.front_text()
    if not (match := _NICE_GUIDANCE.search(front)) or "NICE" not in front:
        return
    where = f"p1 NICE guidance '{match.group('url')}'"
    yield Candidate("number", match.group("id").upper(), 0.8, where)
    yield Candidate("url", match.group("url"), 0.85, where)
    yield Candidate("type_cue", "report", 0.7, where)


def mpra_cover(text: PrintedText) -> Iterator[Candidate]:
    """The cover the Munich Personal RePEc Archive puts on its working papers: "MPRA Paper
    No. 8468, posted 26. April 2008" (the posting date is not the paper's year)."""
    front = text.front_text()
    match = _MPRA_PAPER.search(front)
    if not match or "Munich Personal RePEc Archive" not in front:
        return
    where = f"p1 MPRA cover '{match.group(0)[:60]}'"
    yield Candidate("number", match.group("number"), 0.85, where)
    yield Candidate("type_cue", "report", 0.85, where)
    yield Candidate("publisher", "Munich Personal RePEc Archive", 0.85, where)


def cnki_online_first(text: PrintedText) -> Iterator[Candidate]:
    """The address CNKI stamps over a journal article it publishes online first ("网络首发地址:
    https://link.cnki.net/urlid/11.1160.C.20240826.1646.010")."""
    if match := _CNKI_FIRST.search(text.front_text()):
        where = f"p1 CNKI's online-first stamp '{match.group('url')[:60]}'"
        yield Candidate("url", match.group("url"), 0.8, where)
        yield Candidate("type_cue", "article-journal", 0.7, where)


_CNKI_FIRST = re.compile(r"网络首发地址\s?[:：]\s?(?P<url>https?://\S+)")


def siam_stamp(text: PrintedText) -> Iterator[Candidate]:
    """The stamp SIAM prints at the foot of every page of a paper in its conference
    proceedings (SDM, SODA): "461 Copyright © by SIAM." over "Unauthorized reproduction of
    this article is prohibited." """
    folios = {
        number: match.group("folio")
        for number, line in text.margin_lines()
        if (match := _SIAM_STAMP.match(line))
    }
    if not folios:
        return
    first = min(folios)
    where = f"p{first} SIAM's page stamp '{folios[first]} Copyright © by SIAM.'"
    yield Candidate("publisher", "SIAM", 0.75, where)
    yield Candidate("type_cue", "paper-conference", 0.6, where)
    count = text.page_count
    start, end = int(folios.get(1) or 0), int(folios.get(count) or 0)
    if start > 1 and end == start + count - 1:  # its pages in the proceedings volume
        yield Candidate("page", f"{start}-{end}", 0.7, f"{where} to p{count}'s")


_SIAM_STAMP = re.compile(r"^\s*(?P<folio>\d{1,5})?\s*Copyright\s©\sby\sSIAM\.\s*$")
_MPRA_PAPER = re.compile(r"\bMPRA\sPaper\sNo\.\s?(?P<number>\d{1,7})")


def springer_eoffprint(text: PrintedText) -> Iterator[Candidate]:
    """The cover of Springer's e-offprint: the journal's name over its ISSN (the article's
    pages name it only in short: "Soc Just Res"), and the year of the article's copyright
    line, whose © the text layer may drop ("Springer Science+Business Media New York 2013")."""
    if "e-offprint" not in text.early_text:
        return
    match = _OVER_ITS_ISSN.search(text.front_text())
    if match and plausible_journal(match.group("container")):
        where = f"p1 e-offprint cover '{match.group(0)[:60]}'"
        yield Candidate("container", match.group("container"), 0.85, where)
    for page in text.pages[:3]:
        if match := _SPRINGER_LINE_YEAR.search(text.text_of(page.number)):
            where = f"p{page.number} copyright line '{match.group(0).strip()[:60]}'"
            yield Candidate("year", match.group("year"), 0.7, where)
            return


_HIGHWIRE_ONLINE = "The online version of this article can be found at:"
_HIGHWIRE_SERVICES = re.compile(
    r"^Additional\sservices\sand\sinformation\sfor\s(?P<container>[^\n]{3,120}?)\scan\sbe\sfound\sat:",
    re.M,
)
_HIGHWIRE_ON_BEHALF = re.compile(r"^On\sbehalf\sof:\s*\n(?P<publisher>[A-Z][^\n:/]{3,100})$", re.M)
_HIGHWIRE_URL = re.compile(r"^(?P<url>https?://\S+/content/\S+)\s*$", re.M)


def is_highwire_cover(page_text: str) -> bool:
    return _HIGHWIRE_ONLINE in page_text and _HIGHWIRE_SERVICES.search(page_text) is not None


def highwire_cover(text: PrintedText) -> Iterator[Candidate]:
    """The journal, the society it is published for and the article's address on the cover
    HighWire sets before an article (SAGE's journals: "Additional services and information
    for Psychological Science can be found at:", "On behalf of: Association for …")."""
    front = text.front_text()
    if not is_highwire_cover(front):
        return
    if match := _HIGHWIRE_SERVICES.search(front):
        where = f"p1 HighWire cover '{match.group(0)[:60]}'"
        yield Candidate("container", match.group("container"), 0.85, where)
    if match := _HIGHWIRE_ON_BEHALF.search(front):
        where = f"p1 HighWire cover 'On behalf of: {match.group('publisher')[:40]}'"
        yield Candidate("publisher", match.group("publisher"), 0.8, where)
    if match := _HIGHWIRE_URL.search(front):
        yield Candidate("url", match.group("url"), 0.8, "p1 HighWire cover, the article's address")


_OVER_ITS_ISSN = re.compile(
    r"^(?P<container>[A-Z][^\n\d]{3,100})\nISSN\s\d{4}-\d{3}[\dX]\s*$", re.M
)
_SPRINGER_LINE_YEAR = re.compile(
    rf"^\s*(?:©\s?)?Springer\sScience\s?\+\s?Business\sMedia[^\n\d]{{0,40}}\s(?P<year>{YEAR})\s*$",
    re.M,
)


def digital_commons_cover(text: PrintedText) -> Iterator[Candidate]:
    """The cover a bepress Digital Commons repository (Research Online, Purdue e-Pubs,
    ScholarlyCommons…) sets before a paper: the item's page ("This conference paper is
    available at Research Online: http://ro.uow.edu.au/infopapers/904"), and the paper's
    citation ("…," in Australasian Conference on Robotics and Automation, 2008, pp. 1-7.";
    "…Processing, 2011 IEEE International Conference on …, Dec. 2011, doi: …"; a series'
    "(1992). ECE Technical Reports. Paper 275.")."""
    pages = [text.flat_of(n) for n in (1, 2) if text.page(n) is not None]
    flat = " ".join(pages)
    if not _DIGITAL_COMMONS.search(flat):
        return
    where = "repository cover"
    if page := _ITEM_PAGE.search(flat):
        yield Candidate("url", page.group(0).rstrip("."), 0.8, f"{where} '{page.group(0)}'")
    if match := _IN_PROCEEDINGS_CITED.search(flat):
        yield from match_candidates(match, f"{where} citation", 0.8)
    elif match := _PROCEEDINGS_THEN_DOI.search(flat):  # the year opens the name: keep it
        quote = f"{where} citation '{match.group(0)[:100]}'"
        yield Candidate("container", " ".join(match.group("container").split()), 0.8, quote)
        yield Candidate("year", match.group("year"), 0.8, quote)
    if series := _SERIES_PAPER.search(flat):
        quote = series.group(0)[:80]
        yield Candidate("year", series.group("year"), 0.75, f"{where} '{quote}'")
        yield Candidate("type_cue", "report", 0.8, f"{where} '{quote}'")
        if body := _COVER_INSTITUTION.match(text.text_of(1)):
            yield Candidate("publisher", body.group("name"), 0.7, f"{where} '{body.group(0)}'")


_DIGITAL_COMMONS = re.compile(
    r"\bis\s(?:available|posted)\sat\s[\w\s]{2,40}[:.]\s?https?://|"
    r"\bFollow\sthis\sand\sadditional\sworks\sat:\s?https?://"
)
_ITEM_PAGE = re.compile(r"https?://(?:[\w\-]+\.)+[a-z]{2,}/[\w\-]+/\d{1,7}(?![\w/])")
_IN_PROCEEDINGS_CITED = re.compile(
    rf",[\"”]\sin\s(?P<container>[A-Z][^,\"”]{{5,150}}),\s(?P<year>{YEAR}),\spp?\.\s?(?P<page>{PAGES})"
)
_PROCEEDINGS_THEN_DOI = re.compile(
    rf",\s(?P<container>{YEAR}\s[A-Z][^,]{{5,150}}?(?:Conference|Symposium|Workshop)[^,]{{0,100}}),"
    rf"\s(?:{MONTH}\s)?(?P<year>{YEAR}),\sdoi:"
)
_SERIES_PAPER = re.compile(
    rf"[\"”]\s\((?P<year>{YEAR})\)\.\s[A-Z][\w\s]{{2,40}}(?:Reports?|Papers)\.\sPaper\s\d{{1,6}}\."
)
_COVER_INSTITUTION = re.compile(
    r"\s*(?P<name>(?:[A-Z][\w\-]+\s){0,3}University(?:\sof\s[A-Z][\w\-]+)?)\s*$", re.M
)


# The stamp Wiley Online Library sets up the margin of each page it delivers: "19391676, 2005,
# 3, Downloaded from https://onlinelibrary.wiley.com/doi/10.1111/j.1939-1676.2005.tb02713.x by
# …" (the journal's ISSN, the issue's year and number, the article's DOI)
_WILEY_STAMP = re.compile(
    rf"\b\d{{7}}[\dX],\s(?P<year>{YEAR}),\s(?P<issue>\d{{1,3}}),\sDownloaded\sfrom\s"
    rf"https?://[\w.\-]*onlinelibrary\.wiley\.com/doi/(?:(?:pdf|epdf|full|abs|pdfdirect)/)?"
    rf"(?P<doi>{DOI}?)(?=\sby\b|,|\s*$)",
    re.MULTILINE,
)


WILEY_STAMP = "Wiley download stamp"


def wiley_stamp(text: PrintedText) -> Iterator[Candidate]:
    """The DOI, issue and year of Wiley's download stamp, from the first page that has one
    (an article online before its issue has "0" for the issue)."""
    for page in text.pages:
        if match := _WILEY_STAMP.search(text.text_of(page.number)):
            where = f"p{page.number} {WILEY_STAMP} '{match.group(0)[:60]}'"
            yield Candidate("doi", match.group("doi").rstrip("."), 0.85, where)
            if match.group("issue") != "0":
                yield Candidate("issue", match.group("issue"), 0.6, where)
                yield Candidate("year", match.group("year"), 0.5, where)
            return


def _place_word(word: str) -> str:
    """A place's word as a name writes it: "CEARÁ" → "Ceará", "DO" → "do"."""
    if not word.isupper():
        return word
    return word.lower() if word.lower() in ("do", "da", "de", "dos", "das") else word.capitalize()


def _degree_university(around: str) -> str:
    """The university a thesis statement names: a name of two words or more, not a school
    within it ("the University Graduate School" of "Indiana University"), nor the bare
    word of an e-mail label ("E-Mail (Universität)"); one that opens its line before one
    inside a line (a title's "… EN UNA UNIVERSIDAD DE LA CIUDAD DE CARTAGENA")."""
    names = []
    for university in (*_UNIVERSITY.finditer(around), *_SCRIPT_UNIVERSITY.finditer(around)):
        found = university.groupdict()
        name = recase_title(" ".join((found.get("university") or found.get("cjk") or "").split()))
        within = re.search(r"\b(?:School|College|Faculty|Library)$|\bDoctorale?\b", name)
        if (len(name.split()) >= 2 or found.get("cjk")) and not within:
            opens = not around[
                around.rfind("\n", 0, university.start()) + 1 : university.start()
            ].strip()
            names.append((not opens, name))
    for institute in _FEDERAL_INSTITUTE.finditer(around):
        place = re.split(r"\s(?i:campus)\b", institute.group("place"))[0]
        name = f"Instituto Federal de Educação, Ciência e Tecnologia {institute['of'].lower()} "
        names.append((False, name + " ".join(_place_word(w) for w in place.split())))
    return min(names, key=lambda found: found[0])[1] if names else ""


SLIDES_FEWEST_PAGES = 5
SLIDE_WORDS = 160  # a slide holds fewer words than this; a title slide fewer than 60


def _slides(text: PrintedText) -> bool:
    """A deck of slides: every page read is landscape and holds few words."""
    pages = [page for page in text.pages if page.number <= 3]
    words = [len(page.text().split()) for page in pages]
    return (
        text.page_count >= SLIDES_FEWEST_PAGES
        and len(pages) == 3
        and all(page.landscape for page in pages)
        and words[0] < 60
        and max(words) < SLIDE_WORDS
    )


_CJK_YEAR = re.compile(rf"(?P<year>{YEAR})\s?[년年]")  # "2022년 2월", "2017年3月"


def type_cues(text: PrintedText) -> Iterator[Candidate]:
    front = text.front_text()
    if _slides(text):
        yield Candidate("type_cue", "speech", 0.85, "landscape pages of few words: slides")
    if match := text.thesis_statement:
        yield Candidate("type_cue", "thesis", 0.8, f"thesis statement '{match.group(0)}'")
        around = join_cjk_breaks(text.early_text[max(0, match.start() - 600) : match.end() + 600])
        if name := _degree_university(around):
            yield Candidate("university", name, 0.7, f"thesis statement '{name}'")
        alone = re.search(
            rf"^\s*(?:[^\W\d_][^\W\d_ ]{{2,30}}(?:\s[^\W\d_]+)?,?\s)?(?P<year>{YEAR})\s*$",
            front,
            re.M,
        )
        alone = alone or re.search(
            rf"^(?!{_BIRTH}).*\b{_THESIS_MONTH}\s(?:de\s)?(?P<year>{YEAR})\s*$", front, re.M
        )
        alone = alone or _ACADEMIC_YEAR.search(front) or _PLACE_YEAR.search(front)
        alone = alone or _CJK_YEAR.search(front) or _DEFENDED_ON.search(front)
        if alone:
            yield Candidate("year", alone.group("year"), 0.6, "thesis title page, a year alone")
    if match := _REPORT.search(front):
        yield Candidate("type_cue", "report", 0.6, f"p1 '{match.group(0)}'")
    else:
        yield from _german_report(text)
    if match := _AAAI.search(text.front_flat):
        yield Candidate("type_cue", "paper-conference", 0.6, f"p1 '{match.group(0)}'")
    browser = [
        (n, m.group("url")) for n, line in text.margin_lines() if (m := _BROWSER_FOOT.search(line))
    ]
    if len({n for n, _ in browser}) >= 2 or (browser and text.page_count == 1):
        yield Candidate("type_cue", "webpage", 0.8, f"browser print footer '{browser[0][1]}'")
        yield Candidate("url", browser[0][1], 0.85, f"browser print footer '{browser[0][1]}'")
