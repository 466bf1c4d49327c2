"""`essaylint demo`, as the README's first command runs it: the whole pipeline on the shipped
sample papers and draft, in a new essay repo, finding the problems planted in the draft."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path


def test_demo_runs_the_pipeline_and_finds_the_planted_problems(tmp_path: Path) -> None:
    root = tmp_path / "demo"
    environ = dict(os.environ, COLUMNS="200")
    done = subprocess.run(
        [sys.executable, "-m", "essaylint", "demo", "--dir", str(root)],
        capture_output=True,
        text=True,
        env=environ,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert f"demo essay repo: {root}" in out
    assert "drafts/demo.md:26:83: error citation/unknown-doc" in out  # the unknown source
    assert "warning claim/needs-evidence" in out  # the uncited strong claim
    assert "style/very-long-sentence sentence of 54 words" in out
    assert "LOCATOR_QUALITY" in out and "(Tully et al., 2010, p." in out
    pack = next(root.glob("outputs/evidence/*.md"))
    assert "doc_354b33f6" in pack.read_text()
    for audit in ("citations", "claims", "style"):
        assert (root / "outputs" / "audits" / f"demo.{audit}.md").is_file()
    pointer = json.loads((root / "index" / "CURRENT.json").read_text())
    assert pointer["build_id"]
    assert (root / ".git").is_dir() and (root / "library.csv").read_text().count("\n") == 4
