"""Optional: LibreOffice renders the exported sample essay (skipped without LibreOffice)."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.export_env import no_zotero
from support.export_repo import TEST_CSL, make_repo
from support.render_docx import pdf_text, render, tools_available

from essaylint.export.docx import ExportOptions, export_docx

__all__ = ["no_zotero"]
pytestmark = [
    pytest.mark.usefixtures("no_zotero"),
    pytest.mark.skipif(not tools_available(), reason="LibreOffice / poppler not installed"),
]


def test_live_document_renders_its_citations(tmp_path: Path) -> None:
    project, draft = make_repo(tmp_path / "essay")
    options = ExportOptions(force=True, zotero="embed", csl=str(TEST_CSL))
    report = export_docx(project, draft, options)
    pdf, pngs = render(Path(report.output), tmp_path / "render")
    text = " ".join(pdf_text(pdf).split())
    assert "Agyeman-Duah et al. (2014) found" in text
    assert "(Agyeman-Duah et al., 2014)" in text
    assert "ADDIN" not in text and "doc_" not in text
    assert "Sundström, A., Rönnlund, M., Adolfsson, R., & Nilsson, L.-G. (2014)" in text
    assert pngs and pngs[0].stat().st_size > 10_000
