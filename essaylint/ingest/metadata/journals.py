"""Journal names a page prints in its heads and feet, recognised against a list of known
titles where no citation form surrounds them: "PSYCHOLOGICAL SCIENCE" alone over page 1,
"Journal of Speech, Language, and Hearing Research • Vol. 62 • 1225–1242". The list
(``essaylint/assets/journals.txt.gz``, 107,527 folded names of two words or more) is built by
``bench/journal_list.py`` from JabRef's CC0 abbreviation lists and the NLM catalogue's titles."""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterator
from functools import cache
from importlib.resources import files
from itertools import pairwise

from essaylint.ingest.library_columns import fold
from essaylint.ingest.metadata.printed import (
    IBERIAN_MONTH,
    MONTH,
    YEAR,
    Candidate,
    PrintedText,
    normalise,
    plausible_journal,
    recase_title,
    skeleton,
    without_kicker,
)

LONGEST = 14  # words in a journal's name
# what may follow a journal's name on its line: its volume, year or date, a separator
_AFTER = re.compile(
    rf"^\s*(?:$|[,|•·:;(/]|\d|(?:vol|volume|no|issue|number)\b|{MONTH}\b|published\b|©)",
    re.IGNORECASE,
)
# "July", "enero-febrero de": the months of an issue, in English, French, German, Spanish or
# Portuguese
_MONTH_WORD = rf"(?:{MONTH}|(?i:{IBERIAN_MONTH}))"
_MONTHS = rf"{_MONTH_WORD}(?:\s?[-–/]\s?{_MONTH_WORD})?"
# what a head or foot prints after the name: "(1999) 7, 469–477", "2017, 54, 872–882",
# "• Vol. 62 • 1225–1242 • May 2019", "13(1): 82-87, 2012", ", VOL. 29, NO. 9, SEPTEMBER 2025",
# "136, September 2012, pp 373-390", "(August 2019) 100(4):309–319", ", v. 04, n. 23, 2016,
# pp. 129-141" (Portuguese labels), ", November 13, 2013 • 33(46):18277-18287" (J Neurosci)
_LOCATORS = re.compile(
    rf"""^[\s,.;:|•·/]*
    (?:(?:{MONTH}\s+)?\(?(?:{MONTH}\s+(?:\d{{1,2}},\s+)?)?(?P<year>{YEAR})\)?[\s,.;:|•·]*)?
    (?:(?:vol(?:ume)?\.?:?\s*|v\.\s?)(?P<labelled>\d{{1,4}})
      |vol(?:ume)?\.?\s*(?P<roman>(?-i:(?!X{{2,}}\b)[IVXLC]{{1,7}}))(?=,?\s)(?!,?\s*no\.?\s*X\b)
        # "VOL. LX, NO. 1"; not a template's "VOL. XX, NO. X"
      |(?P<volume>(?!{YEAR}\b)\d{{1,4}})
      |(?<=\)\s)(?P<year_volume>{YEAR})(?=:\s?\d))(?!\d)  # Springer's "(2022) 2022:23"
    (?!\s*(?:of|st|nd|rd|th)\b|\s?[-–—]\s?\d)
    (?:\s*\((?:{MONTH}\s+)?(?P<year_mid>{YEAR})\)  # AER: "101 (December 2011): 3253–3285"
      |\s*\((?P<issue>[^()]{{1,12}})\)
      |:\s?(?P<issue_b>\d{{1,3}})(?=,\s*(?:pp|\d))
      |[\s,.;|•·]*(?:no|number|issue|iss|n[º°o]|n(?=\.))\.?:?\s*(?P<issue_c>\d{{1,4}}))?
    (?:[\s,]+(?:{_MONTHS}\s+)?(?P<year_b>{YEAR})(?=,\s*pp?\.?\s)  # ", Nº 2, 2020, pp. 343-361"
      |\s\((?P<year_c>{YEAR})\)(?=\s\d))?  # "127, Issue 1 (2025) 183-200"
    (?:[\s,.;:|•·]*(?:pp?\.?\s*)?(?P<page>\d{{1,6}}\s?[-–—]\s?\d{{1,6}})(?!\d)
      |:\s?(?P<number>[A-Z]?\d{{1,7}})\b(?![-–—])
      |,\s(?P<number_b>\d{{5,7}})(?:\([A-Z]\))?(?=\s\((?:{YEAR})\))
      |,\s(?P<number_c>[A-RT-Z]\d{{1,5}})(?=,|\s*$)
      |\s+(?P<number_d>\d{{5,7}})(?=\s*$))?  # Elsevier: "Social Science Research 126 (2025) 103099"
    (?:[\s,.;|•·]*(?:{_MONTHS}\s+(?:de\s)?)?(?:\d{{1,2}},?\s+)?(?P<year_after>{YEAR})\b)?""",
    re.IGNORECASE | re.VERBOSE,
)
_DOI_AFTER = re.compile(r"\s*10\.\d{4,9}/")
# a report series the lists carry among their journals ("NIST Special Publication 800",
# "NASA Technical Memorandum 106711"): what follows it is a report's number, not a volume
_NUMBER_GROUPS = ("number", "number_b", "number_c", "number_d")
_REPORT_SERIES = re.compile(
    r"\b(?:memorandum|working\s+papers?|discussion\s+papers?|special\s+publications?|"
    r"technical\s+(?:reports?|notes?)|occasional\s+papers?|(?:policy|data|research|issue)\s+briefs?)\b",
    re.IGNORECASE,
)
# the journal's name in a second language, before its volume: "Rev Panam Salud Publica/Pan Am
# J Public Health 10(1), 2001"
_TRANSLATED_NAME = re.compile(r"^\s*/\s*(?!vol|no\b)[^\d/]{3,80}?(?=\s\d)", re.IGNORECASE)
# what may precede it: nothing, a page number, a bar, bullet or slash, "et al."
_BEFORE = re.compile(r"^(?:|\d{1,5}|.*[|•·/]|.*\bet al\.?)\s*$")


# journals known by one word or an acronym, which the list (names of two words or more) lacks
ONE_WORD_JOURNALS = frozenset(["jama", "bmj", "pnas", "nejm", "lancet", "thelancet"])


@cache
def known_titles() -> frozenset[str]:
    data = files("essaylint.assets").joinpath("journals.txt.gz").read_bytes()
    return (frozenset(gzip.decompress(data).decode().split("\n")) | ONE_WORD_JOURNALS) - {""}


def journal_names(text: PrintedText) -> Iterator[Candidate]:
    """A journal's name where a head or foot starts with it (after a page number, a bar or
    "et al."), with the volume, issue, pages and year printed after it."""
    seen: set[str] = set()
    for number, line, (name, rest), how in _named_lines(text):
        found = dict(journal_locators(rest))
        if name in seen and not found:
            continue
        seen.add(name)  # a later head may print the locators a banner alone does not
        quote = " ".join(line.split())[:120]
        where = f"p{number} head/foot with {how} '{quote[:80]}'"
        shared = quote if found else ""
        small_caps = name.islower()  # "salud pública de méxico": set in small capitals
        container = recase_title(name.upper() if small_caps else name)
        yield Candidate("container", container, 0.7, where, line=shared)
        for field_name, value in found.items():
            yield Candidate(field_name, value, 0.7, where, line=shared)
    yield from _locators_below(text)
    yield from _early_access_stamp(text)


# IEEE's stamp over an article in early access: "… Citation information: DOI
# 10.1109/TMI.2020.2991266, IEEE Transactions on Medical Imaging" (the name may wrap)
_EARLY_ACCESS = re.compile(r"Citation information: DOI \S+?,\s(?P<rest>IEEE\s.{0,160})")


def _early_access_stamp(text: PrintedText) -> Iterator[Candidate]:
    """The journal the early-access stamp names: the longest known name after the DOI."""
    if not (match := _EARLY_ACCESS.search(text.front_flat)):
        return
    words = match["rest"].split()
    for j in range(min(len(words), LONGEST), 1, -1):
        if fold(name := " ".join(words[:j]).rstrip(".,;")) in known_titles():
            quote = " ".join(match.group(0).split())[:120]
            yield Candidate("container", name, 0.75, f"p1 early-access stamp '{quote}'")
            return


def _locators_below(text: PrintedText) -> Iterator[Candidate]:
    """A known journal's name alone on a line of page 1's head or foot, and its year, volume,
    issue and pages on the line under it (the Psychonomic Society's "Attention, Perception, &
    Psychophysics" / "2009, 71 (2), 273-280"; AERA's "American Educational Research Journal" /
    "April 2019, Vol. 56, No. 2, pp. 247–288")."""
    lines = [line for number, line in text.margin_lines() if number == 1]
    page = [normalise(line.text) for line in text.first.lines] if text.first else []
    yield from _labelled_locators_alone(text, lines)
    under = [(above, below) for above, below in pairwise(page) if above in lines]  # a head's
    for above, below in [*pairwise(lines), *under]:  # second line, not read as a margin
        name, rest = known_name(above)
        if not name or rest.strip() or not re.match(rf"\s*(?:{MONTH}\s+)?(?:19|20)\d\d,\s", below):
            continue
        if found := dict(journal_locators(below)):
            quote = " ".join(f"{above} / {below}".split())[:120]
            where = f"p1 head/foot with a known journal's name over its volume '{quote}'"
            yield Candidate("container", recase_title(name), 0.75, where, line=quote)
            for field_name, value in found.items():
                yield Candidate(field_name, value, 0.75, where, line=quote)


# the volume, issue and pages alone on a line of page 1's head, a few lines under the journal's
# name (SAGE: "Conflict Management and Peace Science" / "© The Author(s). 2012. …" / "[DOI: …]"
# / "Vol 29(3): 279–313")
_LOCATORS_ALONE = re.compile(
    r"^\s*Vol(?:ume)?\.?\s?(?P<volume>\d{1,4})\s?\((?P<issue>\d{1,3})\)\s?:\s?"
    r"(?P<page>\d{1,6}\s?-\s?\d{1,6})\s*$"
)
HEAD_SHARE = 0.25


def _labelled_locators_alone(text: PrintedText, heads: list[str]) -> Iterator[Candidate]:
    first = text.first
    named = [name for name, rest in map(known_name, heads) if name and not rest.strip()]
    if first is None or not named:
        return
    for line in first.lines:
        found = _LOCATORS_ALONE.match(normalise(line.text))
        if found and line.bottom <= first.height * HEAD_SHARE:
            quote = f"{named[0]} / {found.group(0).strip()}"
            where = f"p1 head with a known journal's name and its locators alone '{quote}'"
            yield Candidate("container", recase_title(named[0]), 0.7, where, line=quote)
            for field_name in ("volume", "issue", "page"):
                value = re.sub(r"\s", "", found.group(field_name))
                yield Candidate(field_name, value, 0.7, where, line=quote)
            return


_Named = tuple[int, str, tuple[str, str], str]  # page, line, (name, what follows), how found


def _named_lines(text: PrintedText) -> Iterator[_Named]:
    """The heads and feet that name a journal: page 1's and those that recur; a head of page
    2 or 3 that starts with its page number and goes on with a known journal and its volume
    ("394 Journal of Cognitive Neuroscience  Volume 12, Number 3"), though no other page read
    repeats it; a line near the top of page 1 that is a known journal's name and nothing
    else."""
    known = "a known journal's name"
    margins = text.margin_lines()
    recurring = {skeleton(line) for number, line in margins if number != 1}  # heads of 2 pages+
    for number, line in margins:
        if (named := known_name(line))[0]:
            yield number, line, named, known
        elif (named := venue_by_form(line))[0]:
            yield number, line, named, "a journal's name by its form"
        elif (named := one_word_venue(line))[0]:
            yield number, line, named, "a journal's one-word name before its full locators"
        elif skeleton(line) in recurring and (named := name_before_volume(line))[0]:
            yield number, line, named, "a running head's name before its volume"
    for page in text.pages[1:3]:
        for head in (normalise(line.text) for line in page.margins()):
            if not re.match(r"\d{1,5}\s", head.strip()):
                continue
            named = known_name(head)
            if named[0] and any(journal_locators(named[1])):
                yield page.number, head, named, known
    first = text.first
    for line in first.lines if first else []:
        if line.top > first.height * 0.15:
            continue
        named = known_name(banner := normalise(line.text))
        if named[0] and named[0] == banner.strip():
            yield 1, banner, named, known


def journal_locators(rest: str) -> Iterator[tuple[str, str]]:
    """Volume, issue, pages and year printed after the name; none from a template's zeros
    ("00 (2017) 00–00")."""
    if _DOI_AFTER.match(rest):  # AGU's head: "Space Weather 10.1029/2025SW004546"
        return
    match = _LOCATORS.match(_TRANSLATED_NAME.sub("", rest))
    if not match:
        return
    groups = match.groupdict()
    volume = groups["labelled"] or groups["roman"] or groups["volume"] or groups["year_volume"]
    page = re.sub(r"[–—]", "-", re.sub(r"\s", "", groups["page"] or ""))
    if not volume or set(volume) == {"0"} or page.startswith("0"):
        return
    yield "volume", volume
    if issue := groups["issue"] or groups["issue_b"] or groups["issue_c"]:
        yield "issue", issue.strip()
    if page:
        yield "page", page
    elif number := next((groups[k] for k in _NUMBER_GROUPS if groups[k]), ""):
        # APS, AIP: "84, 011902(R) (2011)"; Cambridge's JFM: "vol. 948, A48, doi:…"
        yield "number", number
    years = ("year", "year_mid", "year_b", "year_c", "year_after")
    if year := next((groups[k] for k in years if groups[k]), ""):
        yield "year", year


_VENUE_WORD = (
    r"(?:Journal|Revista|Review|Annals|Transactions|Letters|Bulletin|Proceedings|Archives|"
    r"Jurnal|Zeitschrift|Cuadernos|Acta|Quarterly|Rivista|Revue|Tijdschrift)"
)
_LINK = r"(?:of|and|for|on|in|the|de|da|do|das|dos|del|la|di|e|y|&|für|und|et|des|du)"
_WORD = r"(?:[A-Z][\w'’-]*,?|" + _LINK + r")"
# a journal's name by its form where no list knows it: "Revista de Direito da Cidade, vol. 10",
# "ICTACT JOURNAL ON SOFT COMPUTING, JULY 2013, VOLUME: 03", "International Journal of …
# (IJLERA) ISSN: 2455-7137"; a word with digits is no part of it (JETIR's paper number
# "JETIR2011001" before the name)
_VENUE = re.compile(
    rf"^(?:[A-Z]{{2,8}}\d{{4,10}}\s+)?"
    rf"(?P<name>(?:[A-Z](?:[^\W\d_]|['’-])*\s+){{0,4}}{_VENUE_WORD}(?:\s+{_WORD}){{1,12}}?)"
    rf"(?=\s*(?:$|[,(•·|]|ISSN\b|vol\b|volume\b|\d))",
    re.IGNORECASE,
)


def venue_by_form(line: str) -> tuple[str, str]:
    """A head or foot that starts with a journal's name by its form: a venue word
    ("Journal", "Revista", "Annals", …) among capitalised words and links, three words or
    more, then the end of the line, a comma, a parenthesis, "ISSN", "vol" or a number."""
    match = _VENUE.match(line.strip())
    if not match:
        return "", ""
    name = re.split(rf",\s*{MONTH}\b", match.group("name"), flags=re.I)[0].rstrip(",")
    name = re.sub(rf"(?:\s+{_LINK})+$", "", name, flags=re.I)
    rest = line.strip()[match.start("name") + len(name) :]
    name = without_kicker(name)
    words = name.split()
    capitalised = all(w[0].isupper() for w in words if not re.fullmatch(_LINK, w, re.I))
    kicker = re.search(r"pre-?proof|article|clinical\sreview\s&\seducation", name, re.I)
    unnamed = not plausible_journal(name)  # "IEEE TRANSACTIONS ON XXX": a template's
    if len(words) < 3 or not capitalised or kicker or unnamed:  # JAMA's "Clinical Review & …"
        return "", ""
    return name, rest


# a journal named by one word, which no list can tell from a word of a head, stands only
# before its volume, year and page range: "Ecology, 97(10), 2016, pp. 2580–2592"
_ONE_WORD = re.compile(r"(?P<name>[A-Z][a-z]{3,})(?=,?\s+\d)")
# words a head prints for itself that are no journal's name alone (a plausible journal's
# name is checked for the rest: pages, volume, issue, a month)
_HEAD_WORD = re.compile(
    r"(?i:number|article|paper|research|review|original|chapter|section|supplement|report"
    r"|edition|proceedings|spring|summer|autumn|fall|winter)"
)


# any name a running head prints before a labelled volume and its issue or year: "J.Oto.Ktrl.Inst
# (J.Auto.Ctrl.Inst)  Vol 7 (2), 2015  ISSN : 2085-2517", "ISSN : 2355-9365  e-Proceeding of
# Engineering : Vol.4, No.3 Desember 2017 | Page 3091"
_NAME_BEFORE_VOLUME = re.compile(
    r"^(?:ISSN\s?:?\s?\d{4}-\d{3}[\dX]\s+)?(?P<name>[^\W\d_][^\d|•:()]{2,80}?)"
    r"\s*(?:\([^()\d]{2,40}\))?\s*:?\s*(?=vol(?:ume)?\b\.?\s?\d)",
    re.IGNORECASE,
)


def name_before_volume(line: str) -> tuple[str, str]:
    match = _NAME_BEFORE_VOLUME.match(line := line.strip())
    if not match or not plausible_journal(name := match["name"].strip()):
        return "", ""
    if re.search(r"[\u3000-\u9fff\uac00-\ud7af]", name):
        return "", ""  # "物 理 学 报 Acta Phys. Sin.": two names, read elsewhere
    rest = line[match.end() :]
    found = dict(journal_locators(rest))
    if "volume" in found and ("issue" in found or "year" in found):
        return name, rest
    return "", ""


def one_word_venue(line: str) -> tuple[str, str]:
    """A head or foot that opens with one capitalised word (no month, no word a head
    prints for itself) and goes on with a volume, a year and a page range."""
    match = _ONE_WORD.match(line := line.strip())
    if not match or _HEAD_WORD.fullmatch(match["name"]) or not plausible_journal(match["name"]):
        return "", ""
    rest = line[match.end() :]
    if {"volume", "year", "page"} <= dict(journal_locators(rest)).keys():
        return match["name"], rest
    return "", ""


def known_name(line: str) -> tuple[str, str]:
    """The longest known journal name in the line that stands where a running head or foot
    prints one, and what follows it; ("", "") when there is none."""
    words = list(re.finditer(r"[^\s/]+", line))  # "Salud Publica/Pan Am J Public Health"
    titles = known_titles()
    for i, first in enumerate(words):
        if not _BEFORE.match(line[: first.start()]):
            continue
        for j in range(min(len(words), i + LONGEST), i, -1):
            if not any(c.isalnum() for c in words[j - 1].group()):
                continue  # a name ends with a word, not with the bullet after it
            span = line[first.start() : words[j - 1].end()].rstrip(".,;:")
            rest = line[words[j - 1].end() :]
            if j == i + 1 and fold(span) not in ONE_WORD_JOURNALS:
                continue  # one word names a journal only when it is one of the few known so
            if fold(span) in titles and _AFTER.match(rest) and not _REPORT_SERIES.search(span):
                return span, rest
    return "", ""
