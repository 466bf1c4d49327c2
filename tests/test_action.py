"""CI that installs: the install spec `init` writes (PEP 610 direct_url.json), the workflow
around the GitHub Action, and the action's steps run in a fresh clone of an essay repo.

The install step itself (a fresh virtual environment and pip) runs in .ci/run; here the
essaylint under test stands in for it, so the suite stays offline."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from support.run_action import run_action

from essaylint.app.install_spec import InstallSpec, install_spec
from essaylint.app.scaffold import scaffold
from essaylint.cli.main import cli

ROOT = Path(__file__).resolve().parents[1]
ACTION = ROOT / "action.yml"
COMMIT = "0123456789abcdef0123456789abcdef01234567"
SOURCE = """# Night staffing on medical wards

Nurses on night shifts reported that staffing ratios fell below one nurse to twelve patients
on most medical wards, and that missed observations rose when the ratio fell further.
"""
DRAFT = """# Staffing

Nurses reported that night staffing ratios fell on medical wards (Ward, 2019){#doc_00000000}.
"""


def direct_url(**data: object) -> str:
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "requirement", "action", "origin"),
    [
        (
            direct_url(
                url="https://github.com/someone/essaylint.git",
                vcs_info={"vcs": "git", "commit_id": COMMIT, "requested_revision": "main"},
            ),
            f"git+https://github.com/someone/essaylint.git@{COMMIT}",
            f"someone/essaylint@{COMMIT}",
            "vcs",
        ),
        (
            direct_url(
                url="ssh://git@gitlab.example.org/team/essaylint.git",
                vcs_info={"vcs": "git", "commit_id": COMMIT},
            ),
            f"git+ssh://git@gitlab.example.org/team/essaylint.git@{COMMIT}",
            "essaylint/essaylint@v1.2.3",
            "vcs",
        ),
        (
            direct_url(
                url="https://files.example.org/essaylint-1.2.3-py3-none-any.whl",
                archive_info={"hashes": {"sha256": "ab" * 32}},
            ),
            "https://files.example.org/essaylint-1.2.3-py3-none-any.whl#sha256=" + "ab" * 32,
            "essaylint/essaylint@v1.2.3",
            "archive",
        ),
        (None, "essaylint==1.2.3", "essaylint/essaylint@v1.2.3", "index"),
    ],
)
def test_install_spec_from_direct_url(
    text: str | None, requirement: str, action: str, origin: str
) -> None:
    spec = install_spec(text or "", version="1.2.3")
    assert (spec.requirement, spec.action, spec.origin) == (requirement, action, origin)
    assert spec.reachable


@pytest.mark.parametrize(
    "text",
    [
        direct_url(url="file:///home/me/src/essaylint", dir_info={"editable": True}),
        direct_url(url="file:///home/me/dist/essaylint-1.2.3-py3-none-any.whl", archive_info={}),
        direct_url(
            url="file:///home/me/src/essaylint", vcs_info={"vcs": "git", "commit_id": COMMIT}
        ),
    ],
)
def test_install_spec_from_this_machine_says_what_to_set(text: str) -> None:
    spec = install_spec(text, version="1.2.3")
    assert not spec.reachable
    assert "/home/me/" in spec.advice and "set `install:`" in spec.advice
    assert ".github/workflows/essaylint.yml" in spec.advice


def test_init_writes_the_install_spec_and_the_action_and_says_so(tmp_path: Path) -> None:
    spec = install_spec(
        direct_url(
            url="https://github.com/someone/essaylint",
            vcs_info={"vcs": "git", "commit_id": COMMIT},
        ),
        version="1.2.3",
    )
    result = scaffold(tmp_path / "essay", spec)
    assert result.ci == spec
    workflow = yaml.safe_load((tmp_path / "essay/.github/workflows/essaylint.yml").read_text())
    steps = workflow["jobs"]["audit"]["steps"]
    action = next(s for s in steps if s.get("uses", "").startswith("someone/"))
    assert action["uses"] == f"someone/essaylint@{COMMIT}"
    assert action["with"]["install"] == f"git+https://github.com/someone/essaylint@{COMMIT}"


def test_init_of_a_local_install_warns_with_what_to_set(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["-C", str(tmp_path), "init"])
    spec = install_spec()
    workflow = (tmp_path / ".github/workflows/essaylint.yml").read_text()
    assert spec.action in workflow
    if spec.reachable:  # an essaylint installed from an index or a commit
        assert spec.requirement in result.stdout and spec.requirement in workflow
    else:  # this checkout, installed editable: CI cannot reach it
        assert "set `install:`" in result.stderr and "SET THIS" in workflow


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh clone of a committed essay repo: no index, no caches, no outputs."""
    base = tmp_path_factory.mktemp("action")
    origin = base / "origin"
    scaffold(origin, InstallSpec("essaylint==0", "essaylint/essaylint@v0", "index"))
    (origin / "raw" / "evidence" / "staffing.md").write_text(SOURCE)
    (origin / "drafts" / "essay.md").write_text(DRAFT)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run([*git, "add", "-A"], cwd=origin, check=True)
    subprocess.run([*git, "commit", "-qm", "essay"], cwd=origin, check=True)
    subprocess.run(["git", "clone", "-q", str(origin), str(base / "workspace")], check=True)
    return base / "workspace"


def test_the_action_steps_run_in_a_fresh_clone(clone: Path) -> None:
    run = run_action(ACTION, clone, skip=("install",), extra_path=(Path(sys.executable).parent,))
    ran = {s.name: s.returncode for s in run.steps if s.ran}
    assert ran["Build the evidence index (incremental)"] == 0
    audit = run.step("audit")
    assert audit.returncode == 1, audit.output  # an unknown source is an error: the job fails
    assert "::error file=drafts/essay.md,line=3" in audit.output
    assert "citation/unknown-doc" in audit.output
    assert "## essaylint audit: failed" in run.summary and "citation/unknown-doc" in run.summary
    sarif = run.step("sarif")
    assert sarif.ran and sarif.returncode == 0  # runs after a failed audit (!cancelled())
    report = json.loads((clone / sarif.outputs["path"]).read_text())
    assert report["version"] == "2.1.0"
    rules = {r["ruleId"] for r in report["runs"][0]["results"]}
    assert "citation/unknown-doc" in rules
    not_run = {s.name for s in run.steps if not s.ran}
    assert "Upload the audit tables" in not_run  # needs GitHub
    assert (clone / "index" / "CURRENT.json").is_file()


def test_the_action_passes_when_findings_cannot_fail(clone: Path) -> None:
    run = run_action(
        ACTION,
        clone,
        {"fail-on": "never", "sarif": "outputs/ci/report.sarif"},
        skip=("install",),
        extra_path=(Path(sys.executable).parent,),
    )
    assert not run.failed, [s.output for s in run.steps if s.returncode]
    assert "## essaylint audit: passed" in run.summary
    assert (clone / "outputs" / "ci" / "report.sarif").is_file()


def test_action_inputs_are_documented_and_used() -> None:
    spec = yaml.safe_load(ACTION.read_text())
    text = ACTION.read_text()
    for name, item in spec["inputs"].items():
        assert item["description"], name
        assert f"inputs.{name}" in text, f"input {name} is never used"
    uses = [s["uses"] for s in spec["runs"]["steps"] if "uses" in s]
    assert all("@v" in u for u in uses), uses  # every third-party action pinned to a major
    cache = next(s for s in spec["runs"]["steps"] if "actions/cache" in s.get("uses", ""))
    assert (
        "raw/**" in cache["with"]["key"] and "steps.install.outputs.version" in cache["with"]["key"]
    )
