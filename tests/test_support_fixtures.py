"""The support rules on real published text: SciFact claims citing a real abstract
(tests/data/support-fixtures/, picked by bench/support_fixtures.py; provenance and licences
in tests/data/README.md), each a true example of a rule (it must fire) or a false one (it
must not). The abstracts are ingested into a real essay repo and the claims audited by the
real engine, as a student's draft would be. The cases show behaviour on text nobody here
wrote; the rules' precision is measured by bench/judgement_support.py."""

from __future__ import annotations

import csv
import gzip
import json
from pathlib import Path

import pytest
from support.paths import DATA

from essaylint.app.audit import audit_drafts
from essaylint.app.ingest import run_ingest
from essaylint.app.scaffold import scaffold
from essaylint.config import load_config
from essaylint.core.project import Project

FIXTURES = DATA / "support-fixtures" / "cases.jsonl.gz"


def cases() -> list[dict]:
    with gzip.open(FIXTURES, "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]


def source_markdown(case: dict) -> str:
    heading = f"# {case['title']}\n\n" if case["title"] else ""
    return heading + "\n\n".join(case["doc_sentences"]) + "\n"


@pytest.fixture(scope="module")
def fired(tmp_path_factory: pytest.TempPathFactory) -> dict[str, set[str]]:
    """Case id → the rules that fired on its sentence."""
    root = tmp_path_factory.mktemp("support-fixtures")
    scaffold(root)
    documents = {c["doc_id"]: c for c in cases()}
    for doc_id, case in documents.items():
        (root / "raw" / "evidence" / f"{doc_id}.md").write_text(source_markdown(case))
    project = Project(root)
    config = load_config(project.config_path)
    run_ingest(project, config)
    with project.library_csv.open(newline="", encoding="utf-8") as handle:
        uid = {Path(r["source_path"]).stem: r["doc_uid"] for r in csv.DictReader(handle)}
    lines, paragraphs = {}, []
    for case in cases():
        lines[2 * len(paragraphs) + 1] = case["id"]
        claim = case["claim"].rstrip(". ")
        paragraphs.append(f"{claim} (Author, 2020){{#{uid[case['doc_id']]}}}.")
    draft = root / "drafts" / "claims.md"
    draft.write_text("\n\n".join(paragraphs) + "\n", encoding="utf-8")
    (report,) = audit_drafts(project, config, [draft], only=("citations",), write=False)
    out: dict[str, set[str]] = {case_id: set() for case_id in lines.values()}
    for finding in report.findings:
        out[lines[finding.line]].add(finding.rule)
    return out


@pytest.mark.parametrize("case", cases(), ids=lambda c: f"{c['rule']}-{c['fires']}-{c['id']}")
def test_rule_on_published_text(fired: dict[str, set[str]], case: dict) -> None:
    rules = fired[case["id"]]
    assert (case["rule"] in rules) == case["fires"], (case["claim"], case["gold"], rules)
