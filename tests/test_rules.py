"""Every rule fires on its example and not on its counter-example (the rule docs show both).
The examples are published sentences (each rule names its source).

The examples run through the real audit engine in the sample repo (tests/support/
sample_repo.py): the three sample papers shipped with essaylint, a course guide, an
unreadable PDF, one source with a single author in library.csv, and a rubric with a
required Conclusion, a 50-word limit and one required element.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from essaylint.app.audit import audit_drafts, with_counterevidence
from essaylint.audit import counterevidence
from essaylint.audit.citations.rules import BROKEN, DATTA, GUIDE
from essaylint.audit.docs import rules_markdown
from essaylint.audit.registry import RULES
from essaylint.config import load_config
from essaylint.core.project import Project

# style/unclear-reference judges only with spaCy's parse; with style.use_spacy: auto (the
# sample repo's setting) the style audit uses spaCy once it is imported in the process.
pytest.importorskip("spacy")


@pytest.fixture(scope="module")
def project(sample_repo: Project) -> Project:
    return sample_repo


def fired(project: Project, text: str, counterevidence: str = "off") -> set[str]:
    draft = project.root / "drafts" / "example.md"
    draft.write_text(text + "\n", encoding="utf-8")
    config = with_counterevidence(load_config(project.config_path), counterevidence)
    (report,) = audit_drafts(project, config, [draft], write=False)
    return {f.rule for f in report.findings}


def mode_for(rule_id: str) -> str:
    """The counterevidence rules are off by default: their examples run with strict."""
    return "strict" if rule_id in {r.id for r in counterevidence.RULES} else "off"


def test_the_fixture_holds_the_sources_the_examples_cite(project: Project) -> None:
    uids = {row["doc_uid"] for row in csv.DictReader(project.library_csv.open())}
    assert {GUIDE, BROKEN, DATTA} <= uids


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_rule_fires_on_its_example(project: Project, rule_id: str) -> None:
    rule = RULES[rule_id]
    assert rule.example and rule.counter_example, f"{rule_id} needs both examples"
    assert rule_id in fired(project, rule.example, mode_for(rule_id))


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_rule_is_silent_on_its_counter_example(project: Project, rule_id: str) -> None:
    assert rule_id not in fired(project, RULES[rule_id].counter_example, mode_for(rule_id))


def test_every_rule_is_documented() -> None:
    docs = Path(__file__).resolve().parents[1] / "docs" / "rules.md"
    assert docs.read_text(encoding="utf-8") == rules_markdown(), (
        "docs/rules.md is stale: run `essaylint rules --markdown > docs/rules.md`"
    )
    for rule_id in RULES:
        assert f"### {rule_id}\n" in rules_markdown()
