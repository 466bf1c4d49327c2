"""Render an exported .docx to PDF and PNG pages with LibreOffice (headless) and poppler.

LibreOffice shows the cached field results, so this proves the citations and the
reference list render; it cannot refresh Zotero fields (that needs Word).

    python tests/support/render_docx.py outputs/export/essay.docx /tmp/render [--pages 1-2]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import tempfile
from pathlib import Path


def tools_available() -> bool:
    return all(shutil.which(t) for t in ("soffice", "pdftoppm", "pdftotext"))


def render(docx: Path, out_dir: Path, first: int = 1, last: int = 1) -> tuple[Path, list[Path]]:
    """The PDF and the PNG of pages ``first``..``last``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="lo-home-") as home:
        env = {**os.environ, "HOME": home}
        subprocess.run(
            ["soffice", "--headless", "--convert-to", "pdf", "--outdir", str(out_dir), str(docx)],
            check=True,
            capture_output=True,
            env=env,
            timeout=180,
        )
    pdf = out_dir / (docx.stem + ".pdf")
    prefix = out_dir / docx.stem
    subprocess.run(
        ["pdftoppm", "-png", "-r", "80", "-f", str(first), "-l", str(last), str(pdf), str(prefix)],
        check=True,
        timeout=60,
    )
    return pdf, sorted(out_dir.glob(f"{docx.stem}-*.png"))


def pdf_text(pdf: Path) -> str:
    done = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True)
    return done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("docx", type=Path)
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--pages", default="1-1", help="first-last page to turn into PNG")
    args = parser.parse_args()
    first, last = (int(p) for p in args.pages.split("-"))
    pdf, pngs = render(args.docx, args.out_dir, first, last)
    print(pdf)
    for png in pngs:
        print(png)


if __name__ == "__main__":
    main()
