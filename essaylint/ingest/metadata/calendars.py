"""Years printed in the calendars of East and South-East Asia, as Gregorian years.

A Taiwanese thesis dates its cover "中華民國一百一十一年六月" (Minguo 111, 2022), a Japanese
one "平成 29 年 12 月" (Heisei 29, 2017) and a Thai act "พ.ศ. ๒๕๕๘" (Buddhist Era 2558, 2015):
none of them prints the Gregorian year. Only a year with its era's name is read; a bare
"2565" could be a page or a count.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

# the Gregorian year before each era's first year
_ERA_START = {
    "中華民國": 1911,
    "民國": 1911,
    "民国": 1911,
    "昭和": 1925,
    "平成": 1988,
    "令和": 2018,
}
_CJK_DIGITS = {c: i for i, c in enumerate("〇一二三四五六七八九")} | {"零": 0}
_ERA_YEAR = re.compile(
    r"(?P<era>中華民國|民國|民国|昭和|平成|令和)\s?"
    r"(?P<number>\d{1,3}|[〇零一二三四五六七八九十百]{1,6}|元)\s?年"
)
BUDDHIST_ERA_OFFSET = 543
# "พ.ศ. ๒๕๕๘" (Python's \d reads Thai digits too), "B.E. 2565"
_BUDDHIST_ERA_YEAR = re.compile(r"(?:พ\.\s?ศ\.|\bB\.\s?E\.)\s?(?P<number>\d{4})(?!\d)")
EARLIEST = 1850


def gregorian_years(text: str, latest: int) -> Iterator[tuple[int, str]]:
    """Each year ``text`` prints in an era, as a Gregorian year no later than ``latest``,
    with the words that print it."""
    for match in _ERA_YEAR.finditer(text):
        number = _number(match.group("number"))
        if number is not None:
            yield from _plausible(_ERA_START[match.group("era")] + number, match, latest)
    for match in _BUDDHIST_ERA_YEAR.finditer(text):
        yield from _plausible(int(match.group("number")) - BUDDHIST_ERA_OFFSET, match, latest)


def _plausible(year: int, match: re.Match[str], latest: int) -> Iterator[tuple[int, str]]:
    if EARLIEST <= year <= latest:
        yield year, match.group(0)


def _number(written: str) -> int | None:
    """111 from "111" or "一百一十一"; 1 from "元" (an era's first year)."""
    if written == "元":
        return 1
    if written.isdigit():
        return int(written)
    if "百" not in written and "十" not in written:  # "一一一", digit by digit
        return int("".join(str(_CJK_DIGITS[c]) for c in written))
    total, digit = 0, None
    for char in written:
        if char in _CJK_DIGITS:
            digit = _CJK_DIGITS[char]
        elif char in "十百":
            total += (1 if digit is None else digit) * (10 if char == "十" else 100)
            digit = None
        else:
            return None
    return total + (digit or 0)
