"""Figure and table captions: a line that starts "Table 4:", "Fig. 2.", "Figure 3 The ...",
"Abbildung 2.3:", "Tableau 1 –", "Figura 4.", "图 1：" (words.py has the words)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from essaylint.ingest.structure.layout import Line, PageLayout, join_lines
from essaylint.ingest.structure.words import CJK_FIGURE, CJK_TABLE, FIGURE, TABLE, caption_kind

CAPTION = re.compile(
    rf"^(?:(?P<word>{TABLE}|{FIGURE})\s*|(?P<cjk>{CJK_TABLE}|{CJK_FIGURE})\s*)"
    r"(?P<label>\d{1,3}(?:[.-]\d{1,3})?|[A-Z]\.?\d{1,2}|S\d{1,2})(?P<sub>[a-z])?"
    r"(?P<after>\s*[:.|：．](?!\d)|\s*[-–—]\s|\s+[A-ZÄÖÜÉ(\"“„]|\s*$|(?<=\d)\s*(?=[\u4e00-\u9fff]))"
)
MAX_CHARS = 500


@dataclass
class Caption:
    kind: str  # table | figure
    label: str
    text: str
    page: int
    line: Line
    punctuated: bool
    end: int = 0  # raw char index after its last line


def kind_of(match: re.Match[str]) -> str:
    return caption_kind(match.group("word") or match.group("cjk"))


def label_of(match: re.Match[str]) -> str:
    """ "4", "2.3", "A1" (from "A.1"), "S2"."""
    label = match.group("label")
    return label.replace(".", "") if label[:1].isalpha() else label


def punctuated(match: re.Match[str]) -> bool:
    return match.group("after").strip()[:1] in {":", ".", "|", "-", "–", "—", "：", "．"}


def find_captions(pages: list[PageLayout]) -> list[Caption]:
    """The first caption of each table and figure (a punctuated one is preferred to a line
    that only starts with "Table 2 The...")."""
    best: dict[tuple[str, str], Caption] = {}
    for layout in pages:
        for i, line in enumerate(layout.lines):
            text = " ".join(line.text.split())
            match = CAPTION.match(text)
            if not match:
                continue
            kind, label, marked = kind_of(match), label_of(match), punctuated(match)
            text, end = _text(layout.lines, i)
            caption = Caption(kind, label, text, layout.number, line, marked, end)
            key = (kind, label)
            if key not in best or (marked and not best[key].punctuated):
                best[key] = caption
    return sorted(best.values(), key=lambda c: (c.page, -c.line.top))


def _text(lines: list[Line], i: int) -> tuple[str, int]:
    """The caption's text (its first line and the lines set like it below) and its end."""
    first = lines[i]
    height = max(first.top - first.bottom, 1.0)
    parts = [first.text.strip()]
    previous = first
    for line in lines[i + 1 :]:
        gap = previous.bottom - line.top
        if gap > 1.2 * height or gap < -height or abs(line.size - first.size) > 1.5:
            break
        parts.append(line.text.strip())
        previous = line
        if sum(len(p) for p in parts) > MAX_CHARS:
            break
    return join_lines(parts)[:MAX_CHARS], previous.end
