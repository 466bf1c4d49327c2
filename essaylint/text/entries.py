"""Reference entries recognised by their shape, where no heading marks the list.

An arXiv paper's "[9] L. D. Landau, Dokl. Akad. Nauk 60 207 (1948)", a chemistry journal's
notes ("17 (a) D. P. Curran and T. R. McFadden, J. Am. Chem. Soc., 2016, 138, 7741–7752")
or a list whose heading the text layer lost read as prose to every heading rule
(text/sections.py). What gives them away is density: initials before surnames, a year with
volume and pages, entry numbers or surnames first, DOIs, all within a few lines. Prose that
cites ("Smith et al. (2003) found …") has one such mark at a time, not a run of them.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import cached_property

# An entry's start: "[12] J. Smith", "[3] Smith, J.", a chemistry note's "17 (a) D. P.
# Curran", and after a sentence's end "Smith, J. A., Jones, B. & …" or "King, B. E. Title"
ENTRY_START = re.compile(
    r"(?:^|(?<=[\s.;]))(?:\[\d{1,3}\]|\d{1,3}\s+\([a-h]\))\s+"
    r"(?:[A-Z]\.\s?-?|[A-Z][^\W\d_'’-]+,\s[A-Z]\.)"
    r"|(?:^|(?<=[.)]\s))[A-Z][^\W\d_'’-]+(?:-[A-Z][^\W\d_'’-]+)?,\s(?:[A-Z]\.\s?-?){1,3}(?=[,&\s])"
    r"|(?:^|(?<=\s))\d{1,3}[A-Z]\.\s(?:[A-Z]\.\s)?[A-Z][^\W\d_'’-]+"  # AIP: "12M. Schmid"
)
# "L. D. Landau", "J.-H. Kim", "Landau, L. D."
INITIALS_NAME = re.compile(
    r"\b(?:[A-Z]\.\s?-?){1,3}\s?[A-Z][^\W\d_'’-]+(?:[-'’][^\W\d_]+)?\b"
    r"|\b[A-Z][^\W\d_'’-]+,\s(?:[A-Z]\.\s?-?){1,3}"
)
# Where an entry was published: year, volume and pages in the styles of the sciences, and
# the locators of any style (pp., vol., a DOI, arXiv, "accessed")
VENUE = re.compile(
    r"(?:19|20)\d\d[a-z]?,\s*\d{1,4},\s*\d{1,6}(?:\s?[–-]\s?\d+)?"  # 2016, 138, 7741–7752
    r"|\b\d{1,4},?\s+[eE]?\d{1,6}\s+\((?:19|20)\d\d\)"  # 77 242 (1950), 4, e4338 (2009)
    r"|\b\d{1,4},\s*(?-i:[A-Z]?)\d{1,6}\s(?:19|20)\d\d\b"  # AIP: 91, 173120 2007; 4, S7 2002
    r"|\b\d{1,4}\s*\(\d{1,4}\)\s*[:,]\s*[eE]?\d+"  # 26(1): 147
    r"|(?:19|20)\d\d[a-z]?;\s*\d+"  # 2014;26
    r"|\b\d{1,4}:\s*\d{1,6}\s?[-–]\s?\d{1,6}"  # 5: 73-80
    r"|\b\d{1,3},\s*\d{1,6}\s?[-–]\s?\d{1,6}\b"  # Applied Psychology, 54, 245–254
    r"|(?-i:\b[A-Z]\.\s?)\((?:19|20)\d\d[a-z]?\)"  # Bandura, A. (2005), not "et al. (2005)"
    r"|\bpp?[.:]\s*\d+|\bvol\.\s*\d+|\bdoi[:.]\s*10\.|\b10\.\d{4,9}/\S+|arXiv:\s?\d|\(accessed",
    re.IGNORECASE,
)
URL = re.compile(r"https?://")
# Marks that let a sentence be judged by its neighbours, too weak to count as entries: a
# journal's abbreviated name ("Phys. Rev.", "J. Am. Chem."), "et al." before "," or "[".
ABBREVIATED = re.compile(r"\b[A-Z][a-z]{0,6}\.\s?[A-Z][a-z]{0,6}\.|\bet al\.\s*[,\[]")
# Beside a sentence, this many characters either way are read with it: the sentence
# splitter cuts entries at their initials ("[10] C." | "N. Yang, Phys." | "Rev. 77 …").
CONTEXT = 200
FRAGMENT_WORDS = 4  # a piece this short is judged by its neighbours alone
NEIGHBOUR = 60  # the characters just before and after a sentence, for an entry's title
# A piece cut off a prose sentence at a lower-case abbreviation ("… metade do séc. | XX.")
# (two or three letters) is the end of that sentence, not an entry's fragment ("Proc. |
# Natl."; "et al.", "pp.", "ed.", "no." aside; a title's last word is longer),
# unless it is an abbreviated journal word ("… given prophylaxis. | Thromb.").
PROSE_ABBREVIATION = re.compile(r"(?<![\w.])(?!al\.|pp\.|ed\.|no\.)[^\W\d_A-Z]{2,3}\.\s*$")
# a journal's name after a title's last word: "Thromb.", "J Trauma.", "Thromb Res."
JOURNAL_WORDS = re.compile(r"\s*(?:[A-Z][a-z]*\.?\s+)*[A-Z][a-z]+\.\s*")


def reads_as_entries(text: str) -> bool:
    """Whether the whole of ``text`` reads as reference entries."""
    return ReferenceEntries(text).dense(0, len(text))


def _dense(starts: int, names: int, venues: int) -> bool:
    """Two entry starts with a venue, one with a name and a venue, three names with three
    venues, or a long author list (six names with two venues, ten with one)."""
    return (
        (starts >= 2 and venues >= 1)
        or (starts >= 1 and names >= 1 and venues >= 1)
        or (names >= 3 and venues >= 3)
        or (names >= 6 and venues >= 2)
        or (names >= 10 and venues >= 1)
    )


class ReferenceEntries:
    """The marks of one text, found once, so that each of its sentences is judged by
    counting them (reading each sentence's window anew took twice as long on a page)."""

    def __init__(self, text: str, start: int = 0, end: int | None = None) -> None:
        """Marks are read in ``text[start:end]`` and as far around it as its sentences'
        windows reach; sentences outside it are judged as if the text stopped there."""
        self.text = text
        reach = CONTEXT + NEIGHBOUR
        self._start = max(0, start - reach)
        self._end = len(text) if end is None else min(len(text), end + reach)

    def __contains__(self, span: tuple[int, int]) -> bool:
        """Whether the sentence ``text[start:end]`` is part of a run of reference entries: the
        text CONTEXT characters either side reads as entries, and the sentence carries an
        entry's mark itself (a journal's abbreviated name is one; a URL alone is not: "The
        code is available at https://…"), is a short fragment that does not end a prose
        sentence cut at an abbreviation, or sits between two marked pieces (an entry's
        title: "Bandura, A. (2005). | The primacy of self-regulation. | Applied Psychology,
        54, 245–254.")."""
        start, end = span
        if not (self._marked(start, end) or self._entry_piece(start, end)):
            return False
        return self.dense(max(0, start - CONTEXT), end + CONTEXT)

    def _entry_piece(self, start: int, end: int) -> bool:
        """An unmarked piece that still belongs to an entry: a fragment (unless it ends a
        prose sentence cut at an abbreviation), or a title between two marked pieces."""
        sentence = self.text[start:end]
        if len(sentence.split()) <= FRAGMENT_WORDS:
            before = self.text[max(0, start - NEIGHBOUR) : start]
            return bool(JOURNAL_WORDS.fullmatch(sentence)) or not PROSE_ABBREVIATION.search(before)
        return self._marked(max(0, start - NEIGHBOUR), start) and self._marked(end, end + NEIGHBOUR)

    def dense(self, start: int, end: int) -> bool:
        """Whether the marks that start in [start, end) read as entries (``_dense``)."""
        return _dense(
            *(len(self._within(kind, start, end)) for kind in ("starts", "names", "venues"))
        )

    def _marked(self, start: int, end: int) -> bool:
        """A mark wholly inside [start, end) (a name begun in a sentence and ended in the
        next, "… UreD-urease (I.-S. | Park …", marks neither)."""
        return any(
            mark_end <= end
            for kind in ("starts", "names", "own", "short")
            for _, mark_end in self._within(kind, start, end)
        )

    def _within(self, kind: str, start: int, end: int) -> list[tuple[int, int]]:
        """The marks of ``kind`` that start in [start, end)."""
        found = self._marks[kind]
        first = bisect_left(found, start, key=lambda span: span[0])
        return found[first : bisect_left(found, end, key=lambda span: span[0])]

    @cached_property
    def _marks(self) -> dict[str, list[tuple[int, int]]]:
        """(start, end) of each kind of mark: entry starts, names, venues (URLs included),
        the venues that are not URLs, and abbreviated journal words."""

        def at(pattern: re.Pattern[str]) -> list[tuple[int, int]]:
            return [m.span() for m in pattern.finditer(self.text, self._start, self._end)]

        own = at(VENUE)
        return {
            "starts": at(ENTRY_START),
            "names": at(INITIALS_NAME),
            "venues": sorted(own + at(URL)),
            "own": own,
            "short": at(ABBREVIATED),
        }


def in_reference_entries(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is part of a run of reference entries (one sentence;
    for many sentences of one text build ``ReferenceEntries`` once)."""
    return (start, end) in ReferenceEntries(text, start, end)
