"""PDFs that break parsers, made with fpdf2 (no file of anyone else's): text outside the
Basic Multilingual Plane, 400 pages, a 200 × 200 inch page, a font whose program is
damaged, a file cut off half way.

The fonts are matplotlib's (STIX General for the mathematical alphanumerics, DejaVu Sans),
installed with the dev extra; their licences ship with matplotlib (SIL OFL / Bitstream
Vera).
"""

from __future__ import annotations

import re
from pathlib import Path

import matplotlib
from fpdf import FPDF

FONTS = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
# Mathematical italic a, b, E, m, c (U+1D44E, U+1D44F, U+1D438, U+1D45A, U+1D450)
MATH = "\U0001d44e", "\U0001d44f", "\U0001d438", "\U0001d45a", "\U0001d450"
NON_BMP_TITLE = f"On the energy {MATH[2]} of a moving body"
NON_BMP_BODY = (
    f"Let {MATH[0]} and {MATH[1]} be the sides of the triangle; the energy "
    f"{MATH[2]} = {MATH[3]}{MATH[4]}\u00b2 holds for every body at rest. Measurements of "
    "the moving body agree with the prediction within the stated error. "
)


def _pdf(**kwargs: object) -> FPDF:
    pdf = FPDF(**kwargs)  # type: ignore[arg-type]
    pdf.set_auto_page_break(auto=True, margin=15)
    return pdf


def non_bmp_pdf(path: Path) -> Path:
    """A physics-style paper whose title and text hold mathematical italic letters."""
    pdf = _pdf()
    pdf.add_font("stix", fname=str(FONTS / "STIXGeneral.ttf"))
    pdf.add_page()
    pdf.set_font("stix", size=20)
    pdf.multi_cell(0, 10, NON_BMP_TITLE, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("stix", size=11)
    for _ in range(3):
        pdf.multi_cell(0, 6, NON_BMP_BODY * 3, new_x="LMARGIN", new_y="NEXT")
        pdf.ln(4)
    pdf.output(str(path))
    return path


TOPICS = ("exercise", "diet", "medication", "sleep", "peer support", "follow-up visits")
OUTCOMES = ("improved", "did not change", "worsened slightly", "varied widely")


def long_pdf(path: Path, pages: int = 400) -> Path:
    """A report of ``pages`` pages: a running header and page number (removed as
    templates by the ingest) and a different short paragraph on each page."""
    pdf = _pdf()
    for number in range(1, pages + 1):
        pdf.add_page()
        pdf.set_font("helvetica", size=8)
        pdf.cell(0, 5, "Regional rehabilitation report", new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("helvetica", size=11)
        topic = TOPICS[number % len(TOPICS)]
        outcome = OUTCOMES[(number * 7) % len(OUTCOMES)]
        pdf.multi_cell(
            0,
            6,
            f"Ward {number * 13 % 97}: {topic} {outcome} in week {number % 11 + 2}.",
            new_x="LMARGIN",
            new_y="NEXT",
        )
        pdf.set_y(-20)
        pdf.set_font("helvetica", size=8)
        pdf.cell(0, 5, f"Page {number}", align="C")
    pdf.output(str(path))
    return path


def huge_page_pdf(path: Path) -> Path:
    """One page of 200 × 200 inches (the largest a PDF page may be), text all over it."""
    pdf = _pdf(unit="pt", format=(14400, 14400))
    pdf.set_auto_page_break(auto=False)
    pdf.add_page()
    pdf.set_font("helvetica", size=40)
    for row in range(0, 14000, 700):
        pdf.set_xy(200, row + 100)
        pdf.cell(
            text=f"Row {row // 700}: heart failure programmes keep patients active.",
        )
    pdf.output(str(path))
    return path


def broken_font_pdf(path: Path) -> Path:
    """A PDF whose embedded font program is overwritten with garbage (same length, so the
    file's cross-reference offsets stay right): the glyphs are damaged, the text is not."""
    pdf = _pdf()
    pdf.add_font("dejavu", fname=str(FONTS / "DejaVuSans.ttf"))
    pdf.add_page()
    pdf.set_font("dejavu", size=12)
    pdf.multi_cell(
        0,
        7,
        "Structured heart failure programmes were valued by patients, who reported "
        "that supervised exercise and peer support kept them active. " * 4,
    )
    data = bytearray(pdf.output())
    for match in re.finditer(rb"/Length1? \d+[^>]*>>\s*stream\r?\n", bytes(data)):
        start = match.end()
        end = data.find(b"endstream", start)
        if end - start > 2000:  # the font program (the page content is short)
            data[start + 64 : end - 64] = bytes((i * 37) % 251 for i in range(end - start - 128))
    path.write_bytes(bytes(data))
    return path


def truncated_pdf(path: Path) -> Path:
    """A paper cut off after 60% of its bytes (an interrupted download)."""
    whole = path.with_name(path.stem + "-whole.pdf")
    long_pdf(whole, pages=5)
    data = whole.read_bytes()
    whole.unlink()
    path.write_bytes(data[: len(data) * 6 // 10])
    return path


def damaged_page_pdf(path: Path) -> Path:
    """A three-page paper whose first page object cannot be loaded: its cross-reference
    entry points at byte 0, as in some publishers' files (pdfium opens the document but not
    that page)."""
    pdf = _pdf()
    for number, topic in enumerate(TOPICS[:3], start=1):
        pdf.add_page()
        pdf.set_font("helvetica", size=11)
        text = f"Page {number} reports that {topic} {OUTCOMES[number % len(OUTCOMES)]}. " * 6
        pdf.multi_cell(0, 6, text, new_x="LMARGIN", new_y="NEXT")
    pdf.output(str(path))
    data = path.read_bytes()
    first_page = int(re.search(rb"/Kids \[(\d+) 0 R", data).group(1))  # type: ignore[union-attr]
    table = data.rindex(b"\nxref")
    entries = list(re.finditer(rb"(\d{10}) (\d{5}) [nf]", data[table:]))
    start = table + entries[first_page].start(1)
    path.write_bytes(data[:start] + b"0" * 10 + data[start + 10 :])
    return path


def partly_scanned_pdf(path: Path) -> Path:
    """Three pages, the second a scanned image with no text layer."""
    from PIL import Image

    pdf = _pdf()
    for number in (1, 2, 3):
        pdf.add_page()
        if number == 2:
            pdf.image(Image.new("L", (400, 560), color=200), x=10, y=10, w=180)
            continue
        pdf.set_font("helvetica", size=11)
        text = f"Page {number} reports that {TOPICS[number]} {OUTCOMES[number]}. " * 6
        pdf.multi_cell(0, 6, text, new_x="LMARGIN", new_y="NEXT")
    pdf.output(str(path))
    return path
