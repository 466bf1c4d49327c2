"""Footnotes from layout evidence: a note is a raised, small label that starts its line low on
the page, followed by text smaller than the body; a marker is a raised, small label right
after a word or punctuation in body text, resolved to a note with its label on its own page
or the next (docs/structure.md).

Each glyph is measured against the glyph to its left, found geometrically (pdfium's text
order may put a marker on its own line or glue two columns): its raise is the distance from
that glyph's baseline to its own glyph box bottom (superior-figure fonts keep the origin on
the baseline and draw the glyph high), its smallness its glyph height against a full digit.
A digit after a maths-font glyph (X₁, R², γ₁) is mathematics, not a marker.
"""

from __future__ import annotations

import bisect
import re
import statistics
from collections import Counter
from dataclasses import dataclass

from essaylint.ingest.structure.layout import Line, PageLayout, join_lines

SYMBOLS = frozenset("*∗†‡§¶‖")
AFFILIATION = frozenset("♠♢♡♣♦♥☯")  # author-affiliation symbols a marker cluster may follow
MATH_FONT = re.compile(
    r"CMMI|CMSY|CMEX|MSBM|MSAM|Math|Symbol|rsfs|EUFM|esint|txsy|txmi|pxmi|MnSymbol|LMMath|STIX",
    re.IGNORECASE,
)
SUP_FONT = re.compile(r"sups|superior|\bSup\b", re.IGNORECASE)
CLOSERS = frozenset(".,;:!?)]}”’\"'»«“‘›‹")
NOTE_ZONE = 0.45  # notes start below this share of the page height
NOTE_SMALL = 0.92  # note text is at most this share of the body size
RAISE = (0.15, 0.75)  # glyph bottom above the neighbour's baseline, in em
SMALL_DIGIT = 0.82  # glyph height against a full-size digit (0.68 em)
TOUCH = 0.35  # a marker touches the word before it (em)
MAX_NOTE_CHARS = 600


@dataclass
class Glyph:
    i: int  # index in the page's text
    ch: str
    x: float  # origin: pen position on the baseline
    y: float
    left: float
    bottom: float
    right: float
    top: float
    size: float
    font: str


@dataclass
class Footnote:
    label: str
    text: str
    page: int
    line: Line  # the first line of the note text
    start: int  # raw char range of the note (label included)
    end: int


@dataclass
class Marker:
    label: str
    page: int
    start: int  # raw char range of the marker
    end: int
    note_page: int


@dataclass
class _Candidate:
    page: int
    label: str
    glyphs: list[Glyph]
    left: Glyph | None  # the glyph it sits on
    gap: float  # horizontal gap to the nearest glyph on its left, in em
    after_symbol: bool
    left_small: bool  # the glyph it sits on is not body-size text
    note: Footnote | None = None

    @property
    def left_kind(self) -> str:
        return _kind(self.left)


class _Page:
    """The drawn, upright glyphs of a page, sorted by baseline for neighbour look-ups."""

    def __init__(self, layout: PageLayout) -> None:
        self.layout = layout
        self.glyphs = [
            Glyph(i, ch, *layout.origins[i], *layout.boxes[i], layout.sizes[i], layout.fonts[i])
            for i, ch in enumerate(layout.text)
            if layout.sizes[i] > 0 and not ch.isspace() and not layout.rotated[i]
        ]
        self.by_y = sorted(self.glyphs, key=lambda g: g.y)
        self.ys = [g.y for g in self.by_y]

    def band(self, low: float, high: float) -> list[Glyph]:
        return self.by_y[bisect.bisect_left(self.ys, low) : bisect.bisect_right(self.ys, high)]

    def left_of(self, c: Glyph) -> Glyph | None:
        """The nearest glyph to the left whose baseline lies between 0.9 em below and 0.3 em
        above the glyph's bottom."""
        best = None
        reach = max(6.0, 1.2 * c.size)
        for v in self.band(c.bottom - 0.9 * 30, c.bottom + 0.3 * 30):
            if v.i == c.i or v.right > c.left + 0.8 or v.right < c.left - reach:
                continue
            if not c.bottom - 0.9 * v.size <= v.y <= c.bottom + 0.3 * v.size:
                continue
            if best is None or v.right > best.right:
                best = v
        return best

    def right_of(self, c: Glyph) -> Glyph | None:
        """The nearest non-label glyph to the right on a baseline at or below the glyph's bottom."""
        best = None
        for v in self.band(c.bottom - 0.9 * 30, c.bottom + 0.15 * 30):
            if v.i == c.i or v.left < c.right - 0.8 or v.left > c.right + max(6.0, 1.2 * c.size):
                continue
            if not c.bottom - 0.9 * v.size <= v.y <= c.bottom + 0.15 * v.size:
                continue
            if v.ch.isdigit() or v.ch in SYMBOLS:
                continue
            if best is None or v.left < best.left:
                best = v
        return best

    def row_after(self, c: Glyph) -> list[Glyph]:
        """The glyphs of the line a note label introduces, up to a column gap."""
        line = [
            v
            for v in self.band(c.bottom - 1.2 * 30, c.bottom + 0.5)
            if c.right - 1.0 <= v.left <= c.right + 400 and c.bottom - 1.2 * v.size <= v.y
        ]
        if not line:
            return []
        first = min(line, key=lambda v: v.left)
        row = sorted(
            (v for v in line if abs(v.y - first.y) < 0.35 * first.size), key=lambda v: v.left
        )
        out: list[Glyph] = []
        for v in row:
            if out and v.left - out[-1].right > 2.0 * v.size:
                break
            out.append(v)
        return out

    def base_of(self, c: Glyph, raised: dict[int, bool]) -> Glyph | None:
        """The glyph a raised glyph sits on, skipping the raised marks of its own cluster
        (Lo†∗, the first digit of '11') and subscripts (R₁²: the ² sits on R)."""
        left = self.left_of(c)
        for _ in range(4):
            if left is None or not (
                left.ch.isdigit() or left.ch in SYMBOLS or left.ch in AFFILIATION
            ):
                return left
            below = self.left_of(left)
            known = raised.get(left.i)
            if known is None:
                known = below is not None and _raised(left, below)
            if not known and below is not None and left.size < 0.85 * below.size:
                known = True
            if not known:
                return left
            if below is None:
                return None
            left = below
        return left


def _raised(c: Glyph, ref: Glyph | None) -> bool:
    if ref is None:
        return False
    lift = (c.bottom - ref.y) / max(ref.size, 1.0)
    if c.ch.isdigit():
        small = (c.top - c.bottom) / (0.68 * ref.size) <= SMALL_DIGIT or c.size < 0.85 * ref.size
    else:
        small = c.size < 0.85 * ref.size or bool(SUP_FONT.search(c.font)) or lift > 0.25
    return RAISE[0] <= lift <= RAISE[1] and small


def _kind(glyph: Glyph | None) -> str:
    if glyph is None:
        return "none"
    if MATH_FONT.search(glyph.font):
        return "math"
    if glyph.ch.isalpha():
        return "letter"
    if glyph.ch.isdigit():
        return "digit"
    return "punct" if glyph.ch in CLOSERS else "other"


def text_body_size(pages: list[PageLayout]) -> float:
    """The largest font size holding at least 20% of the glyphs (the mode alone can pick a
    document's small code listings)."""
    counts: Counter[float] = Counter()
    for layout in pages:
        counts.update(round(s * 2) / 2 for s in layout.sizes if s > 0)
    total = sum(counts.values())
    big = [size for size, n in counts.items() if n >= 0.2 * total]
    return max(big) if big else (counts.most_common(1)[0][0] if counts else 10.0)


def _candidates(page: _Page, body: float, skip: set[int]) -> list[_Candidate]:
    raised: dict[int, bool] = {}
    for c in page.glyphs:
        if c.ch.isdigit() or c.ch in SYMBOLS:
            ref = page.base_of(c, raised) or page.right_of(c)
            raised[c.i] = _raised(c, ref)
    runs: list[list[Glyph]] = []
    for c in page.glyphs:
        if not raised.get(c.i) or c.i in skip:
            if runs and runs[-1]:
                runs.append([])
            continue
        run = runs[-1] if runs else None
        joins = (
            run
            and c.ch.isdigit()
            and run[-1].ch.isdigit()
            and 0 < c.x - run[-1].x <= 0.75 * run[-1].size
        )
        if joins and run is not None:
            run.append(c)
        else:
            runs.append([c])
    return [_candidate(page, run, body, raised) for run in runs if run]


def _candidate(page: _Page, run: list[Glyph], body: float, raised: dict[int, bool]) -> _Candidate:
    first = run[0]
    left = page.base_of(first, raised)
    nearest = page.left_of(first)
    ref = left if left is not None else page.right_of(run[-1])
    size = ref.size if ref else body
    label = "".join(g.ch for g in run).replace("∗", "*")
    candidate = _Candidate(
        page.layout.number,
        label,
        run,
        left,
        (first.left - nearest.right) / size if nearest else 9.0,
        bool(nearest and (nearest.ch in AFFILIATION or nearest.ch in SYMBOLS)),
        bool(left and left.size < 0.8 * body),
    )
    if first.y < NOTE_ZONE * page.layout.height and (left is None or candidate.gap > 1.5):
        candidate.note = _note(page, candidate, body)
    return candidate


def _note(page: _Page, c: _Candidate, body: float) -> Footnote | None:
    """A note label starts its line, has at most one body-size line below it in its column,
    and is followed by smaller text."""
    first = c.glyphs[0]
    row = page.row_after(c.glyphs[-1])
    text = "".join(g.ch for g in row)
    if not row or len(text) <= 2 or not text[:1].isalnum():
        return None
    if statistics.median(g.size for g in row) > NOTE_SMALL * body:
        return None
    below = {
        round(v.y)
        for v in page.band(-1e9, first.y - 2)
        if v.size >= 0.97 * body and first.left - 5 <= v.left <= first.left + 180
    }
    if len(below) > 1:
        return None
    layout = page.layout
    line = layout.line_at(row[0].i)
    if line is None:
        return None
    start = first.i if line.start <= first.i < line.end else min(first.i, line.start)
    return Footnote(c.label, "", layout.number, line, start, line.end)


def _is_marker(c: _Candidate) -> bool:
    """Raised and small, right after a text-font word or punctuation (not a maths glyph),
    touching it, in body-size text."""
    if c.note is not None or c.left_kind not in ("letter", "punct", "digit"):
        return False
    if c.gap > TOUCH and not (c.gap < 0.7 and c.after_symbol):
        return False
    return not c.left_small


def _family(font: str) -> str:
    """SFRM1095 / ABCDEF+SFRM0800 → SFRM."""
    return re.sub(r"\d+$", "", re.sub(r"^[A-Z]{6}\+", "", font))


def find_footnotes(
    pages: list[PageLayout], exclude: set[tuple[int, int]] | None = None
) -> tuple[list[Footnote], list[Marker]]:
    """The notes and the markers resolved to them. ``exclude``: (page, raw char index) of
    characters known to be something else (bibliography lines)."""
    skipped: dict[int, set[int]] = {}
    for page_number, index in exclude or ():
        skipped.setdefault(page_number, set()).add(index)
    body = text_body_size(pages)
    candidates: list[_Candidate] = []
    fonts: Counter[str] = Counter()
    for layout in pages:
        page = _Page(layout)
        fonts.update(_family(g.font) for g in page.glyphs[::7])
        candidates += _candidates(page, body, skipped.get(layout.number, set()))
    notes = [c.note for c in candidates if c.note is not None]
    for note in notes:
        _fill(note, pages[note.page - 1], {n.start for n in notes if n.page == note.page}, body)
    markers = _resolve(candidates, notes, fonts.most_common(1)[0][0] if fonts else "")
    return notes, markers


def _fill(note: Footnote, layout: PageLayout, starts: set[int], body: float) -> None:
    """The note's text: its first line and the small lines below it, up to the next note."""
    parts: list[str] = []
    end = note.line.end
    lines = layout.lines
    index = lines.index(note.line)
    for line in lines[index:]:
        if line is not note.line:
            small = 0 < line.size <= body * NOTE_SMALL and line.top < layout.height * NOTE_ZONE
            if not small or any(line.start <= s < line.end for s in starts):
                break
        parts.append(line.text.strip())
        end = line.end
        if sum(len(p) for p in parts) > MAX_NOTE_CHARS:
            break
    text = join_lines(parts)
    label_at = text.find(note.label)
    note.text = text[label_at + len(note.label) :].strip() if 0 <= label_at < 3 else text
    note.end = end


def _resolve(candidates: list[_Candidate], notes: list[Footnote], text_font: str) -> list[Marker]:
    """Markers on the note's page or the next; a re-used marker after punctuation on the page
    after its note; a note nobody points at takes the one candidate with its label on its page."""
    by_key = {(n.page, n.label): n for n in notes}
    markers: list[Marker] = []
    cited: set[tuple[int, str]] = set()
    later = []
    typographic = [c for c in candidates if _is_marker(c)]
    for c in typographic:
        page = next((p for p in (c.page, c.page + 1) if (p, c.label) in by_key), None)
        if page is None:
            later.append(c)
            continue
        markers.append(_marker(c, page))
        cited.add((page, c.label))
    for c in later:
        if (c.page - 1, c.label) in cited and c.left_kind == "punct":
            markers.append(_marker(c, c.page - 1))
    for note in notes:
        if (note.page, note.label) in cited:
            continue
        options = [
            c
            for c in candidates
            if c.note is None and c.page == note.page and c.label == note.label
        ]
        options = [c for c in options if c.left_kind != "digit"]
        if len(options) > 1:
            same_font = [c for c in options if _family(c.glyphs[0].font) == text_font]
            options = same_font or options
        if len(options) == 1:
            markers.append(_marker(options[0], note.page))
    return sorted(markers, key=lambda m: (m.page, m.start))


def _marker(c: _Candidate, note_page: int) -> Marker:
    indices = [g.i for g in c.glyphs]
    return Marker(c.label, c.page, min(indices), max(indices) + 1, note_page)
