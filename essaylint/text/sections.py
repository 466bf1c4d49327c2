"""Headings that open a document's reference list, in the languages of students' sources.

One pattern for every reader of a page (normalise, the outline, the bibliography, the
regions a quote never comes from), so a Portuguese "Referências" or an Indonesian "Daftar
Pustaka" is a reference list everywhere at once.
"""

from __future__ import annotations

import re

_WORDS = (
    r"references?(?: and notes)?|bibliography(?: and [^\W\d_][^\W\d_ ]*(?: [^\W\d_]+){0,4})?|"
    r"works cited|literature cited|cited literature|reference list|"
    r"literatur(?:verzeichnis)?|literaturangaben|quellen(?:verzeichnis)?|"  # de
    r"bibliographie|r[ée]f[ée]rences(?: bibliographiques)?|"  # fr
    r"bibliograf[íi]a|referencias(?: bibliogr[áa]ficas)?|literatura citada|"  # es, it, pl, pt
    r"refer[êe]ncias(?: bibliogr[áa]ficas)?|riferimenti bibliografici|"  # pt, it
    r"literatuur(?:lijst)?|referenties|"  # nl
    r"referenser|referanser|referencer|litteratur(?:liste|förteckning)?|källor|"  # sv, no, da
    r"literatura|piśmiennictwo|seznam literatury|použitá literatura|"  # pl, cs
    r"daftar pustaka|daftar rujukan|rujukan|"  # id, ms
    r"kaynaklar|kaynakça|tài liệu tham khảo|"  # tr, vi
    r"βιβλιογραφ[ιί]α(?: και [^\W\d_]+(?: [^\W\d_]+){0,3})?|αναφορ[εέ]ς|"  # el
    r"литература|список литературы|библиография|"  # ru
    r"参考文献|參考文獻|引用文献|참고문헌"
)
# A heading line or paragraph: "References", "7. Bibliography", "REFERÊNCIAS", and in a
# manuscript with line numbers "572 References".
REFERENCES_HEADING = re.compile(rf"^(?:\d{{1,4}}\.?\s*)?(?:{_WORDS})\s*:?$", re.IGNORECASE)
# The heading run into the text around it, where the layout gave it no line of its own:
# after a sentence end or a line number, and followed by what starts a reference entry
# ("Bourdieu, P.", "ACOSTA, A. M.;", "[1]", "1. Smith").
GLUED_REFERENCES = re.compile(
    rf"(?:[.!?]|\b\d{{1,4}})\s+({_WORDS})\s*:?\s+(?:\d{{1,4}}\s+)?"
    r"(?=(?-i:\[\d{1,3}\]|\d{1,3}\.\s+[A-ZÀ-Þ]|[A-ZÀ-Þ][^\W\d_'’-]+,\s+[A-ZÀ-Þ(]))",
    re.IGNORECASE,
)


def glued_reference_heading(text: str) -> int | None:
    """The offset of the last reference-list heading run into ``text``, written with a
    capital (a lower-case "references" is prose), or None."""
    found = None
    for match in GLUED_REFERENCES.finditer(text):
        if match.group(1)[0].isupper():
            found = match.start(1)
    return found


_ENTRY_START = re.compile(
    r"^\s*(?:\[\d{1,3}\]|\d{1,3}\.?)\s+[^\W\d_]"  # [12] …, 12. …, 12 Smith (Lancet)
    r"|^[^\W\d_][^\W\d_'’-]+,\s+[^\W\d_]"  # Surname, I. / ACOSTA, A. M.
    r"|^[^\n]{0,100}\((?:1[5-9]|20)\d\d[a-z]?\)"  # Name (2019)
    r"|^[^\n]{0,120}\b(?:1[5-9]|20)\d\d[a-z]?\.\s"  # Name. 2003. Title
)
ENTRY_LINES = 12  # the lines after a heading that must show entries
SHORT_TAIL = 6


def entries_follow(lines: list[str]) -> bool:
    """Whether the lines after a reference-list heading read as its entries: at least two of
    the first ENTRY_LINES start like one, or one where fewer than SHORT_TAIL lines are left
    (the heading near the page's end). A heading over prose ("This guide references some key
    documents…", a JSTOR cover's "Linked references are available…") opens no reference
    list; with fewer than two lines to read, it does."""
    shown = [line for line in lines if line.strip()][:ENTRY_LINES]
    if len(shown) < 2:
        return True
    needed = 1 if len(shown) < SHORT_TAIL else 2
    return sum(bool(_ENTRY_START.match(line)) for line in shown) >= needed
