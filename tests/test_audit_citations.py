"""The citation audit on the sample essay, against its answer key (tests/data/sample-essay).

One real essay repo (the four sample PDFs, rubric and feedback) is ingested once per
session and shared with test_audit_cli.py (~30 s the first time).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from support.paths import CORPUS, SAMPLE

from essaylint.app.backends import backends_for
from essaylint.audit.citations import audit_citations
from essaylint.audit.citations.authoryear import fold, read_authors
from essaylint.audit.engine import finalise
from essaylint.config import load_config
from essaylint.core.project import Project
from essaylint.draft import parse_draft_text
from essaylint.ingest.library import library_entries

PDFS = ("agyemanduah2014", "tully2010", "datta2010", "sundstrom2014")
SUPPORTED = ("D02", "D03", "D08", "D11", "D13", "D14", "D15", "D19", "D20")


def build_essay_repo(base: Path) -> Project:
    """Scaffold, copy the sample material and ingest once; later callers reuse it."""
    from essaylint.app.ingest import run_ingest
    from essaylint.app.scaffold import scaffold

    root = base / "audit-essay"
    if (root / ".built").is_file():
        return Project(root)
    if root.exists():
        shutil.rmtree(root)
    scaffold(root)
    for pdf in CORPUS.glob("*.pdf"):
        if pdf.name.startswith(PDFS):
            shutil.copyfile(pdf, root / "raw" / "evidence" / pdf.name)
    sample = SAMPLE
    shutil.copyfile(sample / "rubric.md", root / "raw/instruction/guidance/rubric.md")
    shutil.copyfile(sample / "feedback.md", root / "raw/instruction/feedback/feedback.md")
    shutil.copyfile(sample / "essay.md", root / "drafts" / "essay.md")
    project = Project(root)
    run_ingest(project, load_config(project.config_path))
    (root / ".built").touch()
    return project


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Project:
    return build_essay_repo(tmp_path_factory.getbasetemp())


@pytest.fixture(scope="module")
def answer_key() -> dict[str, dict]:
    data = json.loads((SAMPLE / "answer-key.json").read_text())
    return {item["id"]: item for item in data["items"]}


def run(project: Project, text: str, **config_audit: object):
    config = load_config(project.config_path)
    for key, value in config_audit.items():
        setattr(config.audit, key, value)
    draft = parse_draft_text(text, "drafts/test.md")
    result = audit_citations(draft, project, config, backends_for(config, project.root))
    return result, finalise(result.findings, draft, config)


@pytest.fixture(scope="module")
def essay(project: Project):
    return run(project, (project.root / "drafts" / "essay.md").read_text())


def test_unknown_doc_d21(essay, answer_key) -> None:
    result, findings = essay
    item = answer_key["D21"]
    row = next(r for r in result.rows if r.line == item["line"])
    assert row.status == "UNKNOWN" and row.cited_doc_uids == [item["cited_doc_id"]]
    assert row.suggested_query
    assert any(
        f.rule == "citation/unknown-doc" and f.severity == "error" and f.line == item["line"]
        for f in findings
    )


@pytest.mark.xfail(
    strict=True,
    reason="the judge fitted on public data (bench/fit_support.py) scores D09 0.55, between "
    "Tw and Ts: uncertain (info), not the warning the answer key asks for; the source's 'not "
    "associated' is in its title, which the judge reads as an uncertain cue only "
    "(BENCHMARKS.md, 'Judgement (issue #19): citation support')",
)
def test_contradicted_sundstrom_is_warned_d09(essay, answer_key) -> None:
    """The key accepts CONTRADICTED (preferred) or unsupported: Sundström et al. found no
    association, on top of a source that says nothing of workplace stress."""
    result, findings = essay
    item = answer_key["D09"]
    row = next(r for r in result.rows if r.line == item["line"])
    assert row.status in ("CONTRADICTED", "WEAK"), row
    rule = "citation/contradicted" if row.status == "CONTRADICTED" else "citation/weak-support"
    warned = [f for f in findings if f.rule == rule and f.line == item["line"]]
    assert warned and warned[0].severity == "warning"


def test_sundstrom_d09_is_not_passed_as_supported(essay, answer_key) -> None:
    """Short of the key's warning, D09 is never OK: its finding quotes the closest passage
    and says how sure it is, and the row suggests a query for a better source."""
    result, findings = essay
    item = answer_key["D09"]
    row = next(r for r in result.rows if r.line == item["line"])
    assert row.status in ("CONTRADICTED", "WEAK", "UNCERTAIN"), row
    assert row.suggested_query
    flagged = [f for f in findings if f.line == item["line"] and f.rule.startswith("citation/")]
    assert flagged and flagged[0].data.get("doc_uid") == item["cited_doc_id"]
    assert '"' in flagged[0].message  # the quoted passage
    assert flagged[0].confidence is not None and 0 < flagged[0].confidence <= 1


def test_every_citation_finding_says_how_sure_it_is(essay) -> None:
    _, findings = essay
    assert findings
    assert all(f.confidence is not None and 0 < f.confidence <= 1 for f in findings), findings


@pytest.mark.parametrize("item_id", SUPPORTED)
def test_supported_citations_are_ok(essay, answer_key, item_id: str) -> None:
    result, findings = essay
    item = answer_key[item_id]
    row = next(r for r in result.rows if r.line == item["line"])
    assert row.status == "OK", (item_id, row.support_score, row.sources)
    assert row.cited_doc_uids == [item["cited_doc_id"]]
    flagged = [f for f in findings if f.line == item["line"] and f.severity != "info"]
    assert not flagged, flagged
    best = row.best_passage
    assert best is not None and best.page_start is not None and best.text


def test_citing_course_material_is_not_citable(project: Project) -> None:
    library = library_entries(project.library_csv)
    guidance = next(u for u, e in library.items() if e.source_type == "guidance")
    result, findings = run(
        project, f"The essay must cite evidence (Author, Year){{#{guidance}}}.\n"
    )
    assert result.rows[0].status == "NOT_CITABLE"
    assert [f.rule for f in findings if f.severity == "error"] == ["citation/not-citable"]


def test_author_year_mismatch(project: Project) -> None:
    text = (
        "Tully et al. (2011){#doc_354b33f6} ran focus groups with fifteen people attending "
        "heart failure rehabilitation programmes in Ireland.\n\n"
        "Smith (2010){#doc_354b33f6} ran focus groups with heart failure patients.\n\n"
        "Stressful life events were not associated with dementia (Sundstrom et al., 2014)"
        "{#doc_85aaa86b}.\n\n"
        "Heart failure programmes were studied (Author, Year){#doc_354b33f6}.\n"
    )
    _, findings = run(project, text)
    mismatches = {f.line: f for f in findings if f.rule == "citation/author-year-mismatch"}
    assert set(mismatches) == {1, 3}  # accent-insensitive: Sundstrom = Sundström
    assert "2010" in mismatches[1].message and "Tully et al. (2010)" in mismatches[1].suggestion
    assert "Smith" in mismatches[3].message
    assert any(f.rule == "citation/placeholder" and f.severity == "info" for f in findings)


def test_malformed_citation_has_line_and_column(project: Project) -> None:
    text = "Intro line.\n\nPatients were studied (Tully, 2010){#doc_35xx}.\n"
    _, findings = run(project, text)
    bad = [f for f in findings if f.rule == "citation/malformed"]
    assert bad and bad[0].severity == "error"
    assert bad[0].line == 3 and bad[0].column > 1


def test_ingest_embedded_the_cited_documents_sentences(project: Project) -> None:
    """After an ingest, scoring a new sentence embeds that sentence only: every sentence of
    the cited document it is compared with was embedded by the ingest."""
    from essaylint.audit.citations.support import SupportScorer

    config = load_config(project.config_path)
    library = library_entries(project.library_csv)
    scorer = SupportScorer(project, config, library, backends_for(config, project.root))
    sentence = "Patients described losing the motivation to exercise once the programme ended."
    support = scorer.score(sentence, "doc_354b33f6")
    assert support is not None and support.passage.text
    assert scorer.texts.embedded == 1  # the draft's sentence; none of Tully's


def test_citations_outside_sentences_are_audited(project: Project) -> None:
    """Under a References heading and in a block quotation: the source must exist, be
    citable and be cited well-formed; support is not scored (status LISTED)."""
    library = library_entries(project.library_csv)
    guidance = next(u for u, e in library.items() if e.source_type == "guidance")
    text = (
        "# Essay\n\n"
        "Heart failure programmes were studied (Tully et al., 2010){#doc_354b33f6}.\n\n"
        f"> The essay must cite evidence (Course guide, 2026){{#{guidance}}}.\n\n"
        "## References\n\n"
        "Tully et al. (2010){#doc_354b33f6} Patient experiences of heart failure programmes.\n\n"
        "Marmot (2015){#doc_8f3a2c1d} The Health Gap.\n\n"
        "Datta (2010){#doc_zz} Complications of prophylaxis.\n"
    )
    result, findings = run(project, text)
    by_line = {r.line: r for r in result.rows}
    assert by_line[3].status == "OK"
    assert by_line[5].status == "NOT_CITABLE"
    assert by_line[9].status == "LISTED" and by_line[9].support_score is None
    assert by_line[11].status == "UNKNOWN" and by_line[11].cited_doc_uids == ["doc_8f3a2c1d"]
    errors = {(f.line, f.rule) for f in findings if f.severity == "error"}
    assert errors == {
        (5, "citation/not-citable"),
        (11, "citation/unknown-doc"),
        (13, "citation/malformed"),
    }


def test_waiver_and_severity_override(project: Project) -> None:
    text = (
        "<!-- essaylint-disable-next-line citation/unknown-doc -->\n"
        "Income explains health (Marmot, 2015){#doc_8f3a2c1d}.\n"
    )
    _, findings = run(project, text)
    assert not [f for f in findings if f.rule == "citation/unknown-doc"]
    _, findings = run(
        project,
        "Income explains health (Marmot, 2015){#doc_8f3a2c1d}.\n",
        severity={"citation/unknown-doc": "warning"},
    )
    assert [f.severity for f in findings if f.rule == "citation/unknown-doc"] == ["warning"]


def test_author_text_reading() -> None:
    assert fold("Sundström") == fold("sundstrom")
    assert fold("Agyeman-Duah") == "agyemanduah"
    assert read_authors("Tully et al.")[:2] == ("Tully", "etal")
    assert read_authors("Wilkinson and Pickett")[:2] == ("Wilkinson", "two")
    assert read_authors("Marmot")[:2] == ("Marmot", "single")
