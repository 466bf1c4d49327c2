"""The lines of a PDF page with where they sit and how large they are printed.

Bibliographic data hides in a few places: the title block (the largest type on page 1), the
running heads and feet, and a citation line somewhere on page 1. Finding them needs each
line's glyph height and vertical position, which the plain text of a page does not keep.
A wide horizontal gap inside a line (names set apart by space, not commas) becomes two
spaces in the line's text.
"""

from __future__ import annotations

import ctypes
import re
import statistics
import unicodedata
from dataclasses import dataclass, field, replace
from itertools import pairwise

MARGIN_SHARE = 0.11  # top and bottom share of the page where running heads and feet sit
WORD_GAP_EM = 0.1  # of the glyph height: this gap before a capital after a small letter is a space
WIDE_GAP_EM = 0.9  # a gap wider than this many glyph heights separates words in a line
RAISED_SIZE = 0.75  # a superscript glyph is at most this share of the line's glyph height
RAISED_SHIFT = 0.15  # and sits at least this share of it above the line's baseline
FAR_LINES = 3  # a glyph this many of its heights off the line's last one starts a new line
MARK = "†"  # what a raised letter becomes in a line's ``marked`` text


@dataclass(frozen=True)
class Line:
    text: str
    size: float  # median glyph height (points) of its letters
    top: float  # distance of its top from the top of the page (points)
    bottom: float
    left: float
    # the text with each raised letter (an affiliation mark: "Bardonᵃ,1") as MARK;
    # empty when nothing is raised
    marked: str = ""

    @property
    def names_text(self) -> str:
        """The text to read names from: affiliation letters set as superscripts are marks."""
        return self.marked or self.text


@dataclass
class PageLines:
    number: int  # 1-based
    height: float
    lines: list[Line] = field(default_factory=list)
    margin_lines: list[Line] | None = None  # read directly from the zones (later pages)
    width: float = 0.0

    @property
    def landscape(self) -> bool:
        return self.width > 1.1 * self.height > 0

    def margins(self, share: float = MARGIN_SHARE) -> list[Line]:
        """Lines in the top or bottom ``share`` of the page (running heads and feet)."""
        if self.margin_lines is not None:
            return self.margin_lines
        return [
            line
            for line in self.lines
            if line.bottom <= self.height * share or line.top >= self.height * (1 - share)
        ]

    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)


def read_page_lines(page: object, number: int, max_chars: int = 15000) -> PageLines:
    """The lines of one pypdfium2 page, in the order the text layer gives them."""
    import pypdfium2.raw as pdfium_c

    height = float(page.get_height())  # type: ignore[attr-defined]
    width = float(page.get_width())  # type: ignore[attr-defined]
    textpage = page.get_textpage()  # type: ignore[attr-defined]
    builder = _LineBuilder(height)
    try:
        rect = pdfium_c.FS_RECTF()
        for index in range(min(textpage.count_chars(), max_chars)):
            char = chr(pdfium_c.FPDFText_GetUnicode(textpage.raw, index))
            if char in "\r\n":
                builder.end_line()
                continue
            pdfium_c.FPDFText_GetLooseCharBox(textpage.raw, index, ctypes.byref(rect))
            builder.add(char, rect.left, rect.right, rect.top, rect.bottom)
        builder.end_line()
    finally:
        textpage.close()
    lines = with_raised_marks_inline(builder.lines)
    return PageLines(number, height, without_line_numbers(lines), width=width)


RAISED_MARK_CHARS = 3  # "∗", "2", "†": what a text layer sets on a line of its own


def with_raised_marks_inline(lines: list[Line]) -> list[Line]:
    """Lines the text layer broke around a raised mark joined again: "de C" / "∗" /
    "-algèbres" on one baseline is "de C∗-algèbres" (the mark is kept, as printed)."""
    out: list[Line] = []
    index = 0
    while index < len(lines):
        if index + 2 < len(lines) and _broken_at_mark(*lines[index : index + 3]):
            before, mark, after = lines[index : index + 3]
            glue = "" if not after.text[:1].isalnum() else " "
            out.append(replace(before, text=f"{before.text}{mark.text}{glue}{after.text}"))
            index += 3
            continue
        out.append(lines[index])
        index += 1
    return out


def _broken_at_mark(before: Line, mark: Line, after: Line) -> bool:
    return (
        len(mark.text) <= RAISED_MARK_CHARS
        and not any(c.isalpha() for c in mark.text)
        and abs(before.top - after.top) < 0.5
        and abs(before.size - after.size) < 0.5
        and before.top - before.size < mark.top < before.bottom
        and not before.marked
        and not after.marked
    )


_LINE_NUMBER = re.compile(r"^(?P<n>\d{1,4})\s+(?=\S)")
NUMBERED_SHARE = 0.6  # of a page's lines, a draft's line numbers before them


def without_line_numbers(lines: list[Line]) -> list[Line]:
    """A draft's lines without the numbers its margin prints before them ("1 A combined fit
    to the Higgs Branching" / "2 Ratios at ILD"): most lines start with a number, and the
    numbers rise down the page."""
    numbers = [int(m.group("n")) for line in lines if (m := _LINE_NUMBER.match(line.text))]
    rising = sum(b > a for a, b in pairwise(numbers))
    if (
        len(numbers) < 5
        or len(numbers) < NUMBERED_SHARE * len(lines)
        or rising < 0.8 * (len(numbers) - 1)
    ):
        return lines
    return [replace(line, text=_LINE_NUMBER.sub("", line.text)) for line in lines]


# Accents a TeX-made text layer sets apart from their letter: before it ("R´eseaux",
# "M¨uhlenberg", "J˛edrzej", sometimes with a space: "Fred´ eric"), except the cedilla, which
# follows ("Franc¸ois").
_ACCENT_BEFORE = {
    "´": "\u0301",
    "`": "\u0300",
    "¨": "\u0308",
    "ˆ": "\u0302",
    "˜": "\u0303",
    "ˇ": "\u030c",
    "˝": "\u030b",
    "˚": "\u030a",
    "˛": "\u0328",
    "˘": "\u0306",
    "˙": "\u0307",
}
_ACCENT_AFTER = {"¸": "\u0327"}


def repair_accents(text: str) -> str:
    if not any(a in text for a in (*_ACCENT_BEFORE, *_ACCENT_AFTER)):
        return text
    text = re.sub(
        "([" + "".join(_ACCENT_BEFORE) + "]) ?([A-Za-zıȷ])",
        lambda m: m.group(2).replace("ı", "i").replace("ȷ", "j") + _ACCENT_BEFORE[m.group(1)],
        text,
    )
    text = re.sub(
        "([A-Za-z])([" + "".join(_ACCENT_AFTER) + "])",
        lambda m: m.group(1) + _ACCENT_AFTER[m.group(2)],
        text,
    )
    return unicodedata.normalize("NFC", text)


# Chinese characters and Japanese kana (Korean sets spaces between words: not joined)
_CJK_BREAK = re.compile(r"(?<=[\u3040-\u30ff\u4e00-\u9fff]) (?=[\u3040-\u30ff\u4e00-\u9fff])")


def join_cjk_breaks(text: str) -> str:
    """Chinese text that a line break cut ("计算机工 程"), whole again: the script puts no
    space between words."""
    return _CJK_BREAK.sub("", text)


def read_page_text(page: object, number: int) -> PageLines:
    """A later page: its text by lines, and its head and foot zones read as such (sizes
    and positions are only needed on page 1, and reading them costs a call per glyph)."""
    height = float(page.get_height())  # type: ignore[attr-defined]
    width = float(page.get_width())  # type: ignore[attr-defined]
    textpage = page.get_textpage()  # type: ignore[attr-defined]
    try:
        body = _text_lines(textpage.get_text_range())
        head = _text_lines(textpage.get_text_bounded(0, height * (1 - MARGIN_SHARE), width, height))
        foot = _text_lines(textpage.get_text_bounded(0, 0, width, height * MARGIN_SHARE))
    finally:
        textpage.close()
    middle = height / 2
    return PageLines(
        number,
        height,
        [Line(t, 0.0, middle, middle, 0.0) for t in body],
        [Line(t, 0.0, 0.0, 0.0, 0.0) for t in head]
        + [Line(t, 0.0, height, height, 0.0) for t in foot],
        width=width,
    )


def _text_lines(text: str) -> list[str]:
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return [repair_accents(line.strip()) for line in text.split("\n") if line.strip()]


# five letters or more each set apart ("P H Y S I C A L"); single digits ("0 1 2 3 4", a table's
# row) are no such run
_SPACED_RUN = re.compile(r"(?:^|\s)(?:[^\W\d_] ){4,}[^\W\d_](?:\s|$)")


def _single(chars: list[str], index: int) -> bool:
    """A glyph that stands alone between spaces (or the line's ends)."""
    before = index == 0 or chars[index - 1].isspace()
    after = index == len(chars) - 1 or chars[index + 1].isspace()
    return bool(chars[index].strip()) and before and after


class _LineBuilder:
    def __init__(self, page_height: float) -> None:
        self.page_height = page_height
        self.lines: list[Line] = []
        self._reset()

    def _reset(self) -> None:
        self.chars: list[str] = []
        self.sizes: list[float] = []
        self.tops: list[float] = []
        self.bottoms: list[float] = []
        self.lefts: list[float] = []
        self.glyphs: list[tuple[int, float, float]] = []  # (index in chars, height, bottom)
        self.gaps: dict[int, float] = {}  # index in chars: the gap before that glyph
        self.last_right: float | None = None

    def add(self, char: str, left: float, right: float, top: float, bottom: float) -> None:
        if char.isspace() or char == "\ufffe":
            if char != "\ufffe":
                self.chars.append(" ")
            return
        height = abs(top - bottom)
        if self.bottoms and height > 0 and self._far_below_or_above(top, bottom, height):
            self.end_line()  # a page's folio the text layer gives after its head, no break between
        if self.last_right is not None and self.sizes:
            gap = left - self.last_right
            if gap > WIDE_GAP_EM * self.sizes[-1]:
                while self.chars and self.chars[-1] == " ":
                    self.chars.pop()
                self.chars.append("  ")
            elif gap > WORD_GAP_EM * self.sizes[-1] and self._new_word(char):
                self.chars.append(" ")  # "EllenVanden": a space the text layer does not hold
        if self.last_right is not None:
            self.gaps[len(self.chars)] = left - self.last_right
        self.glyphs.append((len(self.chars), height, self.page_height - min(top, bottom)))
        self.chars.append(char)
        self.last_right = right
        if char.isalpha() and height > 0:
            self.sizes.append(round(height, 1))
        self.tops.append(self.page_height - max(top, bottom))
        self.bottoms.append(self.page_height - min(top, bottom))
        self.lefts.append(left)

    def _far_below_or_above(self, top: float, bottom: float, height: float) -> bool:
        """Whether a glyph sits many lines away from the line's last one (not a superscript,
        nor the next glyph of text set vertically)."""
        previous = self.bottoms[-1]
        here = self.page_height - min(top, bottom)
        return abs(here - previous) > FAR_LINES * max(height, self.sizes[-1] if self.sizes else 0.0)

    def _new_word(self, char: str) -> bool:
        """A capital after a small letter: a name's or a word's start, not a kerned pair."""
        return bool(self.chars) and self.chars[-1][-1:].islower() and char.isupper()

    def end_line(self) -> None:
        text = repair_accents(self._words_of_spaced_letters().strip())
        marked = self._marked()
        if text:
            self.lines.append(
                Line(
                    text=text,
                    size=statistics.median(self.sizes) if self.sizes else 0.0,
                    top=min(self.tops) if self.tops else 0.0,
                    bottom=max(self.bottoms) if self.bottoms else 0.0,
                    left=min(self.lefts) if self.lefts else 0.0,
                    marked=repair_accents(marked.strip()) if marked else "",
                )
            )
        self._reset()

    def _words_of_spaced_letters(self) -> str:
        """The line's text with its letter-spaced runs as words ("P H Y S I C A L R E V I E
        W" as "PHYSICAL REVIEW"): a gap well wider than the run's usual one ends a word."""
        chars = self.chars
        text = "".join(chars)
        if not _SPACED_RUN.search(text):
            return text
        letters = [i for i, c in enumerate(chars) if c.strip() and _single(chars, i)]
        run_gaps = [self.gaps[i] for i in letters if i in self.gaps and self.gaps[i] >= 0]
        if len(run_gaps) < 4:
            return text
        usual = statistics.median(run_gaps)
        out = list(chars)
        for i in letters:
            if i >= 2 and chars[i - 1] == " " and _single(chars, i - 2):
                wide = self.gaps.get(i, 0.0) > max(2 * usual, usual + 2.0)
                out[i - 1] = " " if wide else ""
        return "".join(out)

    def _marked(self) -> str:
        """The line with its raised letters as MARK ("" when none is raised): a lower-case
        letter set smaller than the line and above its baseline, not the line's first."""
        letters = [(h, b) for i, h, b in self.glyphs if self.chars[i].isalpha() and h > 0]
        if len(letters) < 4:
            return ""
        size = statistics.median(h for h, _ in letters)
        baseline = statistics.median(b for h, b in letters if h > RAISED_SIZE * size)
        chars = list(self.chars)
        raised = False
        for index, height, bottom in self.glyphs:
            char = chars[index]
            if (
                char.isalpha()
                and char.islower()
                and 0 < height <= RAISED_SIZE * size
                and bottom <= baseline - RAISED_SHIFT * size
                and index > 0
            ):
                chars[index] = MARK
                raised = True
        return "".join(chars) if raised else ""
