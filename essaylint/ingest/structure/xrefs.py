"""In-text references found by pattern: "Table 4", "Figs. 2 and 3", "Section 3.2", "§4",
"Appendix B", "Eq. (3)", "Abbildung 2.3", "Abschnitt 5.1", "tableau 2", "Figura 4", "图 1",
"第 3 节", "see above", numeric citations "[3, 5-7]" and author-year citations
"(Smith et al., 2010a; Jones, 2011)" / "Smith and Jones (2010)". A reference to another
paper's part ("Table 1 of the original manuscript") is not one of this document's."""

from __future__ import annotations

import re
from dataclasses import dataclass

from essaylint.ingest.structure import words

_NUM = r"(?:\d{1,3}(?:\.\d{1,2}){0,3}(?:[a-z]|[A-Z]\d?(?![\w]))?|[A-Z](?:\.\d{1,2}){1,3}|S\d{1,2})"
_LIST = rf"{_NUM}(?:\s*(?:,|and|&|–|-|to)\s*{_NUM})*"
_KIND_WORDS = words.KIND_WORDS
_LABELLED = re.compile(
    r"(?<![^\W\d_])(?P<word>" + "|".join(f"(?:{w})" for _, w in _KIND_WORDS) + r")\s*"
    rf"(?P<list>\(?{_LIST}\)?)",
    re.IGNORECASE,
)
_CJK = [
    ("table", re.compile(rf"(?:{words.CJK_TABLE})\s*(?P<list>\d{{1,3}}(?:\.\d{{1,2}})*)")),
    ("figure", re.compile(rf"(?:{words.CJK_FIGURE})\s*(?P<list>\d{{1,3}}(?:\.\d{{1,2}})*)")),
    ("section", re.compile(r"第\s*(?P<list>\d{1,2}(?:\.\d{1,2})*)\s*[章节節]")),
    ("equation", re.compile(r"(?:公式|式)\s*[(（](?P<list>\d{1,3}(?:\.\d{1,2})?)[)）]")),
]
# "Table 1 of the original manuscript", "Table 1 and page 2 of the original paper":
# what follows the reference within a few words says it is in another document.
_ELSEWHERE = re.compile(
    r"^[^.;:()]{0,25}?\b(?:of|in|from|aus|de|del|dans)\s+(?:the\s+|their\s+|der\s+|la\s+|el\s+)?"
    r"(?:original|cited|\[|ref\.|[A-Z][a-z]+ et al|supplement|S\d)",
)
_APPENDIX = re.compile(
    rf"\b(?:{words.APPENDIX})\s+(?P<list>[A-Z](?:\.\d{{1,2}})*(?:\s*(?:,|and)\s*[A-Z])*)\b"
)
_SEE = re.compile(r"\b(?:see|cf\.?|as (?:shown|discussed|described|noted))\s+(above|below)\b", re.I)
_NUMERIC_CITE = re.compile(r"\[(\d{1,3}(?:\s*[-–,]\s*\d{1,3})*)\]")
_NAME = r"[A-Z][A-Za-z'’\u00C0-\u017F-]+(?:\s+(?:van|von|de|der|da|del|la|le)\s+[A-Z][\w'’-]+)?"
_AUTHORS = rf"{_NAME}(?:\s+et\s+al\.?|\s+(?:and|&)\s+{_NAME})?"
_YEARS = r"(?:19|20)\d{2}[a-z]?(?:\s*,\s*(?:19|20)\d{2}[a-z]?)*"
_PAREN = re.compile(r"\(([^()]{4,300}?(?:19|20)\d{2}[a-z]?[^()]{0,40})\)")
_ONE = re.compile(rf"(?P<authors>{_AUTHORS}),?\s+(?P<years>{_YEARS})")
_NARRATIVE = re.compile(rf"(?P<authors>{_AUTHORS})\s+\((?P<years>{_YEARS})(?:[,;][^)]*)?\)")


@dataclass
class Mention:
    kind: str  # table | figure | section | equation | appendix | above | below | citation
    label: str  # "4", "3.2", "B"; citations: "12" or "smith|2010a" (surname key | year)
    start: int
    end: int
    text: str


def find_mentions(text: str) -> list[Mention]:
    out: list[Mention] = []
    for match in _LABELLED.finditer(text):
        kind = _kind_of(match.group("word"))
        if kind == "equation" and not re.search(r"\d", match.group("list")):
            continue
        if match.group("word")[:1].islower() and not _lower_ok(match.group("word")):
            continue
        if _ELSEWHERE.match(text[match.end() : match.end() + 80]):
            continue
        for label in _labels(match.group("list")):
            out.append(Mention(kind, label, match.start(), match.end(), match.group(0)))
    for kind, pattern in _CJK:
        for match in pattern.finditer(text):
            for label in _labels(match.group("list")):
                out.append(Mention(kind, label, match.start(), match.end(), match.group(0)))
    for match in _APPENDIX.finditer(text):
        for label in re.findall(r"[A-Z](?:\.\d{1,2})*", match.group("list")):
            out.append(Mention("appendix", label, match.start(), match.end(), match.group(0)))
    for match in _SEE.finditer(text):
        out.append(Mention(match.group(1).lower(), "", match.start(), match.end(), match.group(0)))
    out += citation_mentions(text)
    return sorted(out, key=lambda m: (m.start, m.label))


_KINDS = [(name, re.compile(rf"^(?:{pattern})$", re.IGNORECASE)) for name, pattern in _KIND_WORDS]


def _kind_of(word: str) -> str:
    return next(name for name, rx in _KINDS if rx.match(word))


def _lower_ok(word: str) -> bool:
    """French and Spanish write "le tableau 2", "la figura 3", "la sección 4" in lower case;
    English "table 2" in lower case is more often furniture than a reference."""
    return word.lower().startswith(
        ("tableau", "figur", "fig", "tabla", "cuadro", "secci", "cap", "sec")
    )


def citation_mentions(text: str) -> list[Mention]:
    from essaylint.ingest.structure.bibliography import surname_key

    out: list[Mention] = []
    for match in _NUMERIC_CITE.finditer(text):
        for label in _expand(match.group(1)):
            out.append(Mention("citation", label, match.start(), match.end(), match.group(0)))
    taken: list[tuple[int, int]] = []
    for match in _PAREN.finditer(text):
        inner_start = match.start(1)
        for part in _ONE.finditer(match.group(1)):
            name = surname_key(part.group("authors").split()[0])
            for year in re.findall(r"(?:19|20)\d{2}[a-z]?", part.group("years")):
                start, end = inner_start + part.start(), inner_start + part.end()
                out.append(Mention("citation", f"{name}|{year}", start, end, part.group(0)))
                taken.append((start, end))
    for match in _NARRATIVE.finditer(text):
        if any(a <= match.start() < b for a, b in taken):
            continue
        name = surname_key(match.group("authors").split()[0])
        for year in re.findall(r"(?:19|20)\d{2}[a-z]?", match.group("years")):
            out.append(
                Mention("citation", f"{name}|{year}", match.start(), match.end(), match.group(0))
            )
    return out


def _labels(raw: str) -> list[str]:
    raw = raw.strip("()")
    parts = re.split(r"\s*(?:,|and|&)\s*", raw)
    labels: list[str] = []
    for part in parts:
        bounds = re.split(r"\s*(?:–|-|to)\s*", part)
        if len(bounds) == 2 and bounds[0].isdigit() and bounds[1].isdigit():
            a, b = int(bounds[0]), int(bounds[1])
            labels += [str(n) for n in range(a, b + 1)] if 0 < b - a <= 10 else bounds
        else:
            labels += [b for b in bounds if b]
    return labels


def _expand(raw: str) -> list[str]:
    labels: list[str] = []
    for part in re.split(r"\s*,\s*", raw):
        bounds = re.split(r"\s*[-–]\s*", part)
        if len(bounds) == 2 and 0 < int(bounds[1]) - int(bounds[0]) <= 20:
            labels += [str(n) for n in range(int(bounds[0]), int(bounds[1]) + 1)]
        else:
            labels += [b for b in bounds if b]
    return labels
