"""rubric.yaml drafted from the sample rubric, merged without losing edits, coverage checked."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml
from support.paths import SAMPLE

from essaylint.app.ingest import run_ingest
from essaylint.app.scaffold import scaffold
from essaylint.audit.rubric import audit_rubric, load_rubric, render_rubric_table, row_dict
from essaylint.audit.rubric.records import Rubric
from essaylint.config import load_config
from essaylint.core.project import Project
from essaylint.core.records import PageText, ParsedDocument
from essaylint.draft import parse_draft, parse_draft_text
from essaylint.views.rubric import draft_rubric, write_rubric
from essaylint.views.rubric.documents import InstructionDoc, to_instruction_doc
from essaylint.views.rubric.extract import extract_rubric


def make_project(root: Path, with_instructions: bool = True) -> Project:
    scaffold(root)
    if with_instructions:
        shutil.copyfile(SAMPLE / "rubric.md", root / "raw/instruction/guidance/rubric.md")
        shutil.copyfile(SAMPLE / "feedback.md", root / "raw/instruction/feedback/feedback.md")
    shutil.copyfile(SAMPLE / "essay.md", root / "drafts/essay.md")
    return Project(root)


@pytest.fixture(scope="module")
def ingested(tmp_path_factory: pytest.TempPathFactory) -> Project:
    project = make_project(tmp_path_factory.mktemp("essay"))
    run_ingest(project, load_config(project.config_path))
    # Warm the paragraph-vector cache once; each test's copy then re-embeds nothing.
    audit_rubric(parse_draft(project.drafts / "essay.md"), draft_rubric(project), project)
    return project


@pytest.fixture
def project(ingested: Project, tmp_path: Path) -> Project:
    target = tmp_path / "copy"
    shutil.copytree(ingested.root, target)
    return Project(target)


def test_draft_rubric_extracts_the_sample_rubric(ingested: Project) -> None:
    rubric = draft_rubric(ingested)
    assert [(c.id, c.weight) for c in rubric.criteria] == [
        ("C1", 30),
        ("C2", 25),
        ("C3", 20),
        ("C4", 15),
        ("C5", 10),
    ]
    assert rubric.criteria[0].name == "Argument and critical analysis"
    assert rubric.criteria[0].descriptors[0].startswith("First (70-100): A sustained")
    assert len(rubric.criteria[4].descriptors) == 5
    assert rubric.criteria[0].source.file == "raw/instruction/guidance/rubric.md"
    assert rubric.criteria[0].source.section == "Criteria and weights"
    texts = [e.text for e in rubric.required_elements]
    assert len(texts) == 5
    assert texts[1] == "Uses at least three peer-reviewed empirical sources."
    assert texts[4].startswith("Offers implications or recommendations")
    assert all(e.source.section.startswith("Required elements") for e in rubric.required_elements)
    assert rubric.word_limit == 1500
    assert "excluding references" in rubric.word_limit_note
    assert rubric.referencing_style == "Harvard"
    assert rubric.required_sections == []
    assert rubric.warnings == []


def test_rubric_yaml_is_written_with_comments_and_reads_back(project: Project) -> None:
    result = write_rubric(project, draft_rubric(project))
    assert result.action == "created"
    text = project.rubric_yaml.read_text(encoding="utf-8")
    assert text.startswith("# rubric.yaml")
    data = yaml.safe_load(text)
    assert [c["weight"] for c in data["criteria"]] == [30, 25, 20, 15, 10]
    assert data["criteria"][0]["source"] == {
        "file": "raw/instruction/guidance/rubric.md",
        "section": "Criteria and weights",
    }
    assert load_rubric(project.rubric_yaml).word_limit == 1500


def test_rerun_keeps_student_edits_and_appends_new_criteria(project: Project) -> None:
    write_rubric(project, draft_rubric(project))
    text = project.rubric_yaml.read_text(encoding="utf-8")
    text = text.replace("weight: 30", "weight: 35", 1)
    project.rubric_yaml.write_text(text + "# my note\n", encoding="utf-8")
    assert write_rubric(project, draft_rubric(project)).action == "unchanged"
    assert "# my note" in project.rubric_yaml.read_text(encoding="utf-8")

    extra = project.raw / "instruction/guidance/extra.md"
    extra.write_text("# Assessment criteria\n\n- C6 Reflection on practice (5%)\n")
    result = write_rubric(project, draft_rubric(project))
    assert result.action == "updated" and "C6" in result.added
    rubric = load_rubric(project.rubric_yaml)
    weights = {c.id: c.weight for c in rubric.criteria}
    assert weights["C1"] == 35  # the student's edit survives
    assert weights["C6"] == 5
    assert "criteria.C1.weight" in result.kept_edits


def test_unedited_fields_refresh_and_no_memory_means_no_overwrite(project: Project) -> None:
    write_rubric(project, draft_rubric(project))
    guidance = project.raw / "instruction/guidance/rubric.md"
    guidance.write_text(guidance.read_text().replace("1,500 words", "2,000 words"))
    write_rubric(project, draft_rubric(project))
    assert load_rubric(project.rubric_yaml).word_limit == 2000  # unedited: refreshed

    project.store.state("rubric_generated").path.unlink()
    guidance.write_text(guidance.read_text().replace("2,000 words", "2,500 words"))
    write_rubric(project, draft_rubric(project))
    assert load_rubric(project.rubric_yaml).word_limit == 2000  # no memory: kept


def test_deleted_criterion_is_not_brought_back(project: Project) -> None:
    write_rubric(project, draft_rubric(project))
    data = yaml.safe_load(project.rubric_yaml.read_text(encoding="utf-8"))
    data["criteria"] = data["criteria"][:4]
    project.rubric_yaml.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    write_rubric(project, draft_rubric(project))
    assert [c.id for c in load_rubric(project.rubric_yaml).criteria] == ["C1", "C2", "C3", "C4"]


def test_without_instruction_documents_a_commented_template(tmp_path: Path) -> None:
    project = make_project(tmp_path / "empty", with_instructions=False)
    result = write_rubric(project, draft_rubric(project))
    assert result.action == "template"
    text = project.rubric_yaml.read_text(encoding="utf-8")
    assert "# No instruction documents were found" in text
    assert "#   - id: C1" in text
    data = yaml.safe_load(text)
    assert data["criteria"] == [] and data["required_elements"] == []
    assert load_rubric(project.rubric_yaml).is_empty
    # Once the guidance arrives, the template's blanks are filled in.
    shutil.copyfile(SAMPLE / "rubric.md", project.root / "raw/instruction/guidance/rubric.md")
    assert write_rubric(project, draft_rubric(project)).action == "updated"
    rubric = load_rubric(project.rubric_yaml)
    assert rubric.word_limit == 1500 and len(rubric.criteria) == 5


def _doc(text: str, path: str = "raw/instruction/guidance/brief.md") -> InstructionDoc:
    parsed = ParsedDocument("doc_x", path, "markdown", [PageText(1, text)], has_page_numbers=False)
    return to_instruction_doc(parsed, "guidance")


def test_required_sections_and_list_weights_are_extracted() -> None:
    doc = _doc(
        "# Essay brief\n\nWrite no more than 2000 words. Use APA 7th edition referencing.\n\n"
        "## Structure\n\n- Introduction: state your question\n- Literature review\n"
        "- Conclusion\n\n## Marking criteria\n\n- Analysis – 50%\n- Use of literature – 30%\n"
        "- Presentation – 20%\n"
    )
    rubric = extract_rubric([doc])
    assert rubric.required_sections == ["Introduction", "Literature review", "Conclusion"]
    assert [(c.name, c.weight) for c in rubric.criteria] == [
        ("Analysis", 50),
        ("Use of literature", 30),
        ("Presentation", 20),
    ]
    assert rubric.word_limit == 2000 and rubric.referencing_style == "APA"


def _status_of(rows, prefix: str) -> str:
    return next(r.status for r in rows if r.label.startswith(prefix))


def test_coverage_matches_the_answer_key(project: Project) -> None:
    write_rubric(project, draft_rubric(project))
    rubric = load_rubric(project.rubric_yaml)
    draft = parse_draft(project.drafts / "essay.md")
    rows, findings = audit_rubric(draft, rubric, project, load_config(project.config_path))
    key = json.loads((SAMPLE / "answer-key.json").read_text())["rubric_coverage"]
    met = [k["expected"].startswith("met") for k in key]
    assert met == [True] * 4 + [False]
    elements = [r for r in rows if r.kind == "element"]
    assert [r.status for r in elements[:4]] == ["COVERED"] * 4
    # R5 is "partially met" in the key because the recommendation is not grounded in the
    # evidence: a judgement of quality, not of coverage (the Conclusion does state
    # implications; claim/strong-wording flags the ungrounded recommendation on line 76).
    assert elements[4].status != "MISSING"
    limitations = elements[2]
    discussion = next(s for s in draft.sections if s.heading == "Discussion")
    assert limitations.where[0].section == "Discussion"  # the whole section, not a paragraph
    assert discussion.line <= limitations.where[0].line_start <= 69 <= limitations.where[0].line_end
    assert not any(f.rule == "rubric/missing-section" for f in findings)
    table = render_rubric_table("essay.md", [row_dict(r) for r in rows], "")
    assert "| criterion | weight | status | where | score | next_action |" in table.splitlines()
    assert "| C1 Argument and critical analysis | 30% |" in table
    assert list(project.store.cache_dir.glob("vectors/*/texts-*.npz"))


def test_missing_section_and_unaddressed_element_are_findings(project: Project) -> None:
    rubric = Rubric(required_sections=["Introduction", "Methodology"])
    rubric.required_elements = extract_rubric(
        [_doc("## Required elements\n\n1. Applies Gibbs' reflective cycle to a placement.\n")]
    ).required_elements
    draft = parse_draft(project.drafts / "essay.md")
    rows, findings = audit_rubric(draft, rubric, project)
    rules = {(f.rule, f.severity) for f in findings}
    assert ("rubric/missing-section", "error") in rules
    assert ("rubric/not-covered", "info") in rules
    assert [r.status for r in rows if r.kind == "section"] == ["COVERED", "MISSING"]


def test_over_word_limit_is_a_finding() -> None:
    draft = parse_draft_text("# T\n\n## Introduction\n\n" + "Word after word here. " * 40)
    rows, findings = audit_rubric(draft, Rubric(word_limit=50))
    assert rows == [] and [f.rule for f in findings] == ["rubric/over-word-limit"]


def test_cli_rubric_and_coverage(project: Project) -> None:
    from click.testing import CliRunner

    from essaylint.cli.main import cli

    runner = CliRunner()
    result = runner.invoke(cli, ["-C", str(project.root), "rubric", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["action"] == "created"
    result = runner.invoke(
        cli, ["-C", str(project.root), "rubric", "--coverage", "drafts/essay.md", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    statuses = [r["status"] for r in data["rows"] if r["kind"] == "element"]
    assert statuses[:4] == ["COVERED"] * 4 and statuses[-1] in {"COVERED", "PARTIAL"}
    assert (project.root / data["report"]).is_file()
    help_text = runner.invoke(cli, ["rubric", "--help"]).output
    assert "Examples:" in help_text
