"""An Evidence Inference annotations/ folder in the release's layout, for the bench recipes
that read one (bench/evinf_contradictions.py, bench/reader_tune.py)."""

from __future__ import annotations

import csv
from pathlib import Path

PROMPT_HEADER = ["PromptID", "PMCID", "Outcome", "Intervention", "Comparator"]
ANNOTATION_HEADER = [
    *("UserID", "PromptID", "PMCID", "Valid Label", "Valid Reasoning", "Label", "Annotations"),
    *("Label Code", "In Abstract", "Evidence Start", "Evidence End"),
]


def annotations_folder(tmp_path: Path, prompts: list[list], annotations: list[list]) -> Path:
    """annotations/ with prompts_merged.csv and v2_annotations.csv holding these rows (in the
    headers' order) and empty abstracts/ and xml_files/ folders to fill."""
    root = tmp_path / "annotations"
    (root / "abstracts").mkdir(parents=True)
    (root / "xml_files").mkdir()
    for name, header, rows in (
        ("prompts_merged.csv", PROMPT_HEADER, prompts),
        ("v2_annotations.csv", ANNOTATION_HEADER, annotations),
    ):
        with (root / name).open("w", newline="", encoding="utf-8") as handle:
            csv.writer(handle).writerows([header, *rows])
    return root
