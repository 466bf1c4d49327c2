"""`essaylint audit` / `verify-citations`: exit codes, outputs, drafts never modified, and
no LanceDB import on the verify-citations fast path."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from essaylint.app.scaffold import scaffold
from essaylint.audit.citations.rules import WEAK_SUPPORT
from essaylint.cli.main import cli
from essaylint.core.project import Project

sys.path.insert(0, str(Path(__file__).resolve().parent))
from support.paths import SAMPLE
from test_audit_citations import build_essay_repo


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Project:
    built = build_essay_repo(tmp_path_factory.getbasetemp())
    target = tmp_path_factory.mktemp("cli") / "essay"
    shutil.copytree(built.root, target)  # this module edits the draft
    add_misplaced_citation(target / "drafts" / "essay.md")
    return Project(target)


def add_misplaced_citation(draft: Path) -> None:
    """A sentence citing a paper that says nothing of it, so that the draft has a
    citation/weak-support warning whatever the judge makes of the sample's own citations.
    It goes at the end of the body (the reference list is not audited)."""
    text = draft.read_text(encoding="utf-8")
    heading = "\n## References\n"
    assert text.count(heading) == 1
    draft.write_text(text.replace(heading, f"\n{WEAK_SUPPORT.example}\n{heading}"), "utf-8")


def invoke(root: Path, *args: str):
    return CliRunner().invoke(cli, ["-C", str(root), *args])


def sha1(path: Path) -> str:
    return hashlib.sha1(path.read_bytes()).hexdigest()


def test_errors_exit_1_and_draft_untouched(project: Project) -> None:
    draft = project.root / "drafts" / "essay.md"
    before = sha1(draft)
    result = invoke(project.root, "verify-citations", "drafts/essay.md")
    assert result.exit_code == 1, result.output
    assert "drafts/essay.md:58:" in result.output and "error citation/unknown-doc" in result.output
    assert "warning citation/weak-support" in result.output
    assert sha1(draft) == before
    table = project.root / "outputs" / "audits" / "essay.citations.md"
    assert "| sentence_id | line | sentence_text |" in table.read_text()
    findings = json.loads((project.root / "outputs/audits/essay.findings.json").read_text())
    assert any(f["rule"] == "citation/unknown-doc" for f in findings["findings"])


def test_json_output(project: Project) -> None:
    result = invoke(project.root, "audit", "--only", "citations", "--no-suggest", "--json")
    assert result.exit_code == 1
    data = json.loads(result.output)
    rows = data["drafts"][0]["audits"]["citations"]["rows"]
    assert {r["status"] for r in rows} >= {"OK", "WEAK", "UNKNOWN"}
    assert data["failed"] is True


def test_fixed_draft_exits_0(project: Project, tmp_path: Path) -> None:
    draft = project.root / "drafts" / "fixed.md"
    text = (project.root / "drafts" / "essay.md").read_text()
    draft.write_text(text.replace("(Marmot, 2015){#doc_8f3a2c1d}", "(Marmot, 2015)"))
    try:
        result = invoke(project.root, "verify-citations", "drafts/fixed.md")
        assert result.exit_code == 0, result.output
        assert "warning citation/weak-support" in result.output  # warnings do not fail
    finally:
        draft.unlink()


def test_suggest_names_a_better_source(project: Project) -> None:
    result = invoke(project.root, "verify-citations", "drafts/essay.md", "--suggest", "--json")
    assert result.exit_code == 1
    rows = json.loads(result.output)["drafts"][0]["audits"]["citations"]["rows"]
    weak = [r for r in rows if r["status"] == "WEAK"]
    assert weak and all("suggestion" in r for r in weak)  # None when nothing better exists


def test_no_index_exits_2(tmp_path: Path) -> None:
    scaffold(tmp_path)
    shutil.copyfile(SAMPLE / "essay.md", tmp_path / "drafts" / "essay.md")
    result = CliRunner().invoke(cli, ["-C", str(tmp_path), "audit"])
    assert result.exit_code == 2
    assert "essaylint ingest" in result.output


def test_verify_citations_does_not_import_lancedb(project: Project) -> None:
    code = (
        "import sys\n"
        "from essaylint.cli.main import cli\n"
        "try:\n"
        f"    cli(['-C', {str(project.root)!r}, 'verify-citations', 'drafts/essay.md'])\n"
        "except SystemExit as exc:\n"
        "    print('EXIT', exc.code)\n"
        "print('LANCEDB', 'lancedb' in sys.modules, 'spacy' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    out = done.stdout
    assert "EXIT 1" in out, done.stderr[-2000:]
    assert "LANCEDB False False" in out


def _table_rows(path: Path, header_start: str) -> tuple[list[str], list[list[str]]]:
    lines = path.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header_start))
    cells = [[c.strip() for c in line.strip("|").split(" | ")] for line in lines[start:]]
    body = [row for row in cells[2:] if len(row) == len(cells[0])]
    return cells[0], body


def test_claims_and_rubric_tables_the_cli_writes_are_filled_in(project: Project) -> None:
    from essaylint.views.rubric import draft_rubric, write_rubric

    write_rubric(project, draft_rubric(project))
    result = invoke(project.root, "audit", "drafts/essay.md", "--no-suggest")
    assert result.exit_code in (0, 1), result.output
    audits = project.root / "outputs" / "audits"
    header, rows = _table_rows(audits / "essay.claims.md", "| claim_id")
    assert rows and all(row[header.index("claim_type")] for row in rows)
    linked = [row[header.index("linked_evidence")] for row in rows]
    assert any("doc_" in cell for cell in linked)
    assert not any("{" in cell or "'doc_uid'" in cell for cell in linked)
    header, rows = _table_rows(audits / "essay.rubric.md", "| criterion")
    assert rows and all(row[header.index("criterion")] for row in rows)
    assert not any("{" in row[header.index("where")] for row in rows)
