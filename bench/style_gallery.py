"""Render the demo essay, exported once per shipped style, to images for docs/references.md.

    python bench/style_gallery.py [--out docs/img/styles]

The path is the student's: `essaylint demo`'s sources and draft in a fresh repo, `ingest
--only parse` (the library records read from the three PDFs), then `export --docx --zotero
off --style NAME` for each style. LibreOffice is not needed: pandoc reads each .docx back
and writes Typst, which the `typst` package (dev extra) renders to PNG; the two pages are
set side by side.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PPI = 80


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img" / "styles")
    args = parser.parse_args(argv)

    from essaylint.app.demo import prepare_demo
    from essaylint.app.ingest import run_ingest
    from essaylint.config import load_config
    from essaylint.core.project import Project
    from essaylint.export.csl import SHIPPED
    from essaylint.export.docx import ExportOptions, export_docx

    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="essaylint-styles-") as tmp:
        project = Project(Path(tmp) / "essay")
        prepare_demo(project.root)
        run_ingest(project, load_config(project.config_path), only="parse")
        draft = project.root / "drafts" / "demo.md"
        for name in SHIPPED:
            docx = Path(tmp) / f"demo-{name}.docx"
            options = ExportOptions(output=docx, zotero="off", csl=name, force=True)
            report = export_docx(project, draft, options)
            image = args.out / f"{name}.png"
            image.write_bytes(render(docx, Path(tmp)))
            print(f"{name:<10} {report.style:<70} → {image.relative_to(ROOT)}")
    return 0


def render(docx: Path, tmp: Path) -> bytes:
    """The document's pages, side by side, as one PNG."""
    import typst
    from PIL import Image

    from essaylint.export.pandoc import find_pandoc

    source = tmp / (docx.stem + ".typ")
    subprocess.run(
        [find_pandoc().path, str(docx), "-f", "docx", "-t", "typst", "-s", "-o", str(source)],
        check=True,
    )
    pages = typst.compile(str(source), format="png", ppi=PPI)
    pages = pages if isinstance(pages, list) else [pages]
    images = [Image.open(BytesIO(p)).convert("RGB") for p in pages[:2]]
    sheet = Image.new(
        "RGB",
        (sum(i.width for i in images) + 10 * (len(images) - 1), max(i.height for i in images)),
        "#bbbbbb",
    )
    x = 0
    for page in images:
        sheet.paste(page, (x, 0))
        x += page.width + 10
    out = BytesIO()
    sheet.save(out, "PNG", optimize=True)
    return out.getvalue()


if __name__ == "__main__":
    sys.exit(main())
