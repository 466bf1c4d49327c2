"""A synthetic paper with real internal links (fpdf2): outline, sections, a table and a
figure caption, a footnote with a superscript marker, a numbered bibliography."""

from __future__ import annotations

from pathlib import Path


def make_paper(path: Path) -> Path:
    from fpdf import FPDF

    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(False)
    pdf.set_font("helvetica", size=11)
    pdf.add_page()
    # fpdf2 wants a page on a link before it is used; the real targets are set below
    to_table, to_section, to_ref1, to_ref2, to_fn = (pdf.add_link(page=1) for _ in range(5))
    pdf.start_section("1 Introduction", level=0)
    _heading(pdf, "1 Introduction")
    pdf.write(6, "We study Quality Improvement (QI) in rural clinics. The staffing results are ")
    pdf.write(6, "in ")
    pdf.write(6, "Table 1", link=to_table)
    pdf.write(6, " and the method is described in ")
    pdf.write(6, "Section 2", link=to_section)
    pdf.write(6, ". Prior work ")
    pdf.write(6, "[1]", link=to_ref1)
    pdf.write(6, " found similar gaps")
    pdf.char_vpos = "SUP"
    pdf.write(6, "1", link=to_fn)
    pdf.char_vpos = "LINE"
    pdf.write(6, ". A later survey ")
    pdf.write(6, "[2]", link=to_ref2)
    pdf.write(6, " agreed.")
    pdf.ln(12)
    pdf.set_y(270)
    pdf.set_link(to_fn, page=1, y=270)
    pdf.set_font("helvetica", size=8)
    pdf.char_vpos = "SUP"
    pdf.write(4, "1")
    pdf.char_vpos = "LINE"
    pdf.set_font("helvetica", size=8)  # fpdf2 keeps the superscript's size otherwise
    pdf.write(4, "The clinics were visited between March and June 2020.")
    pdf.set_font("helvetica", size=11)

    pdf.add_page()
    pdf.set_link(to_section, page=2, y=10)
    pdf.start_section("2 Methods", level=0)
    _heading(pdf, "2 Methods")
    pdf.multi_cell(
        0,
        6,
        "Nurses were counted in each clinic. As Figure 1 shows, most patients "
        "were seen within one hour.",
        new_x="LMARGIN",
        new_y="NEXT",
    )
    pdf.ln(6)
    pdf.set_link(to_table, page=2, y=pdf.get_y())
    pdf.multi_cell(0, 6, "Table 1: Staffing levels by clinic.", new_x="LMARGIN", new_y="NEXT")
    pdf.multi_cell(0, 6, "Clinic A 12 nurses", new_x="LMARGIN", new_y="NEXT")
    pdf.multi_cell(0, 6, "Clinic B 7 nurses", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(20)
    pdf.multi_cell(
        0, 6, "Figure 1: Flow of patients through the clinic.", new_x="LMARGIN", new_y="NEXT"
    )

    pdf.add_page()
    pdf.start_section("References", level=0)
    _heading(pdf, "References")
    pdf.set_link(to_ref1, page=3, y=pdf.get_y())
    pdf.multi_cell(
        0,
        6,
        "[1] Smith J. 2010. Quality in rural clinics. Journal of Care 3:1-9.",
        new_x="LMARGIN",
        new_y="NEXT",
    )
    pdf.set_link(to_ref2, page=3, y=pdf.get_y())
    pdf.multi_cell(
        0,
        6,
        "[2] Brown K, Lee M. 2015. A survey of clinic staffing. Health 7:2-4.",
        new_x="LMARGIN",
        new_y="NEXT",
    )
    pdf.output(str(path))
    return path


def _heading(pdf: object, text: str) -> None:
    pdf.set_font("helvetica", style="B", size=14)  # type: ignore[attr-defined]
    pdf.multi_cell(0, 8, text, new_x="LMARGIN", new_y="NEXT")  # type: ignore[attr-defined]
    pdf.set_font("helvetica", size=11)  # type: ignore[attr-defined]
    pdf.ln(2)  # type: ignore[attr-defined]
