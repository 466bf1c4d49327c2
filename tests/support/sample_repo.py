"""An essay repo built from what ships with essaylint: the three sample papers (CC BY), the
demo draft, a course guide, an unreadable PDF, a preprint of one sample paper (tests/data/
duplicates), one source reduced to a single author in library.csv, a small rubric, and one
source added after the last full ingest (parsed into library.csv, not indexed yet).
Ingested once per test session (about half a minute)."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

from essaylint.app.demo import demo_draft, sample_files
from essaylint.app.ingest import run_ingest
from essaylint.app.scaffold import scaffold
from essaylint.audit.citations.rules import DATTA, PREPRINT
from essaylint.config import load_config
from essaylint.core.project import Project
from essaylint.ingest.library import set_fields
from support.paths import DATA

GUIDE_TEXT = (
    "# Course guide\n\nEssays must engage with counter-arguments and cite evidence for every "
    "strong claim.\n"
)
BROKEN_PDF = b"%PDF-1.4\n%%EOF\n"
LATER_TEXT = (
    "# Later reading\n\nStructured programmes keep patients active after discharge, a later "
    "survey found.\n"
)
PREPRINT_FILE = "tully2010_preprint.md"  # a shorter, earlier version of Tully et al. (2010)
RUBRIC = """word_limit: 50
required_sections: [Conclusion]
criteria: []
required_elements:
  - id: R1
    text: Explain what happens to patients' motivation to exercise after a heart failure
      programme ends.
"""


def build_sample_repo(root: Path) -> Project:
    scaffold(root)
    for pdf in sample_files():
        shutil.copyfile(pdf, root / "raw" / "evidence" / pdf.name)
    (root / "raw" / "instruction" / "guidance" / "guide.md").write_text(GUIDE_TEXT)
    (root / "raw" / "evidence" / "broken.pdf").write_bytes(BROKEN_PDF)
    shutil.copyfile(DATA / "duplicates" / PREPRINT_FILE, root / "raw" / "evidence" / PREPRINT_FILE)
    shutil.copyfile(demo_draft(), root / "drafts" / "essay.md")
    project = Project(root)
    run_ingest(project, load_config(project.config_path))
    single_author(project.library_csv, DATTA)
    set_fields(project.library_csv, PREPRINT, {"type": "article", "container": "bioRxiv"})
    run_ingest(project, load_config(project.config_path))
    (root / "rubric.yaml").write_text(RUBRIC)
    (root / "raw" / "evidence" / "later.md").write_text(LATER_TEXT)
    run_ingest(project, load_config(project.config_path), only="parse")
    return project


def single_author(library: Path, doc_uid: str) -> None:
    with library.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    for row in rows:
        if row["doc_uid"] == doc_uid:
            row["authors"] = row["authors"].split(";")[0]
    with library.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
