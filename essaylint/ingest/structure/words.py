"""What papers call their parts, in English, German, French, Spanish, Italian, Portuguese,
Dutch and Chinese: the words of captions ("Abbildung 2.3:", "图 1：") and of in-text
references ("siehe Abschnitt 5.1", "cf. tableau 2", "第 3 节"), as regular expressions."""

from __future__ import annotations

import re

TABLE = (
    r"Tables?|TABLES?|Tab\.|Tabellen?|TABELLE|Tableaux?|TABLEAU|Tablas?|TABLA|Cuadros?|CUADRO|"
    r"Tabell[ae]|Tabelas?|Tabel"
)
FIGURE = (
    r"Figures?|FIGURES?|Figs?\.?|FIGS?\.?|Abbildung(?:en)?|ABBILDUNG|Abb\.|Figuras?|FIGURA|"
    r"Figuur|Bild"
)
SECTION = (
    r"Sections?|Sects?\.|Secs?\.|§§?|Chapters?|Ch\.|Subsections?|Abschnitte?|Abschn\.|"
    r"Kapitel|Kap\.|Chapitres?|Sections?|Secci[oó]n(?:es)?|Sec\.|Cap[ií]tulos?|Sezione|Se[cç][aã]o"
)
EQUATION = r"Equations?|Eqs?\.|Eqn\.?|Gleichung(?:en)?|Gl\.|[ÉE]quations?|Ecuaci[oó]n(?:es)?|Ec\."
APPENDIX = r"Append(?:ix|ices)|Anhang|Annexe|Ap[eé]ndice|Anexo"
# Chinese: the word touches the number ("图1", "表 2"); 表 only where it is not part of
# a word such as 发表 (publish), 代表 (represent) or 列表 (list).
CJK_TABLE = r"(?<![发代列图年报外])表"
CJK_FIGURE = r"图|圖"
CJK_EQUATION = r"公式|式"

KIND_WORDS: list[tuple[str, str]] = [
    ("table", TABLE),
    ("figure", FIGURE),
    ("section", SECTION),
    ("equation", EQUATION),
]
_TABLE_WORD = re.compile(rf"^(?:{TABLE}|{CJK_TABLE})$")


def caption_kind(word: str) -> str:
    """ "Tabelle" → table; "Abbildung", "图" → figure."""
    return "table" if _TABLE_WORD.match(word) else "figure"
