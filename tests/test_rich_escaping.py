"""Text from sources, library.csv, file names and drafts reaches the terminal verbatim:
``[bracketed]`` words are never taken for Rich markup (nor ``:name:`` for an emoji)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from essaylint.cli.main import cli

SOURCE = """# Night staffing [2019 audit] on medical wards

Nurses [on night shifts] reported that staffing ratios :warning: fell below one nurse to
twelve patients on most medical wards, and that missed observations rose when the ratio
fell further. Ward managers described rota gaps filled by agency staff who did not know
the ward routines, and patients waited longer for pain relief at night than by day.
"""
DRAFT = """# Staffing

Night staffing is thin [EVIDENCE_NEEDED: night ratios :warning: on wards].
"""


def invoke(root: Path, *args: str) -> str:
    result = CliRunner(env={"COLUMNS": "400"}).invoke(cli, ["-C", str(root), *args])
    assert result.exit_code in (0, 1), result.output
    return result.output


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("brackets")
    invoke(root, "init")
    (root / "raw" / "evidence" / "staffing [v2].md").write_text(SOURCE, encoding="utf-8")
    (root / "drafts" / "essay.md").write_text(DRAFT, encoding="utf-8")
    return root


def test_ingest_prints_a_bracketed_file_name(root: Path) -> None:
    out = invoke(root, "ingest")
    assert "staffing [v2].md" in out


def test_query_prints_bracketed_quote_and_question_verbatim(root: Path) -> None:
    invoke(root, "ingest")
    out = invoke(root, "query", "night staffing [ratios] :warning: on wards")
    assert "night staffing [ratios] :warning: on wards" in out
    assert "Nurses [on night shifts] reported" in out
    assert ":warning:" in out


def test_library_list_prints_bracketed_fields(root: Path) -> None:
    invoke(root, "ingest")
    listed = json.loads(invoke(root, "library", "list", "--json"))
    uid = listed[0]["doc_uid"]
    invoke(
        root,
        "library",
        "set",
        uid,
        "authors=Ward Team [Anon]",
        "title=Night staffing [draft] :warning:",
    )
    out = invoke(root, "library", "list")
    assert "Ward Team [Anon]" in out
    assert "Night staffing [draft] :warning:" in invoke(root, "library", "show", uid)


def test_findings_keep_bracketed_text(root: Path) -> None:
    invoke(root, "ingest")
    out = invoke(root, "audit", "--only", "claims")
    assert "night ratios :warning: on wards" in out
