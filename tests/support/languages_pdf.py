"""A German page with maths subscripts, an exponent, a real footnote, an unnumbered heading
with an umlaut, and captions in German, French and Spanish (fpdf2, core fonts)."""

from __future__ import annotations

from pathlib import Path


def make_german(path: Path) -> Path:
    from fpdf import FPDF

    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(False)
    pdf.add_page()
    pdf.start_section("Übungsaufgaben", level=0)
    pdf.set_font("helvetica", style="B", size=14)
    pdf.multi_cell(0, 8, "Übungsaufgaben", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("helvetica", size=11)
    pdf.ln(2)
    pdf.write(6, "Seien U")
    _script(pdf, "1", "SUB")
    pdf.write(6, " und U")
    _script(pdf, "2", "SUB")
    pdf.write(6, " offen in X. Dann ist S")
    _script(pdf, "2", "SUP", 11)
    pdf.write(6, " kompakt. Diese Metrik heißt SNCF-Metrik")
    _script(pdf, "1", "SUP", 11)
    pdf.write(6, ". Siehe Abbildung 1.1 und Abschnitt 2.")
    pdf.ln(14)
    for line in (
        "Abbildung 1.1: Ein Torus mit zwei Schnitten.",
        "Tableau 3 - Données des patients.",
        "Tabla 2: Resultados por clínica.",
    ):
        pdf.multi_cell(0, 6, line, new_x="LMARGIN", new_y="NEXT")
        pdf.ln(4)
    pdf.set_y(270)
    pdf.set_font("helvetica", size=8)
    _script(pdf, "1", "SUP", 8, height=4)
    pdf.write(4, "Sie wird auch französische Eisenbahnmetrik genannt.")
    pdf.output(str(path))
    return path


def _script(pdf: object, text: str, position: str, size: int = 11, height: int = 6) -> None:
    pdf.char_vpos = position  # type: ignore[attr-defined]
    pdf.write(height, text)  # type: ignore[attr-defined]
    pdf.char_vpos = "LINE"  # type: ignore[attr-defined]
    pdf.set_font("helvetica", size=size)  # type: ignore[attr-defined]
