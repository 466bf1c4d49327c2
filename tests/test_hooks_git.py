"""Git-native workflow end to end: the published hooks installed with the real pre-commit,
a commit refused for an unknown doc id (file:line:col), accepted once fixed, the audit note
on refs/notes/essaylint, `essaylint log`; plus plain-hook install, CI formats and caches."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from essaylint.cli.main import cli
from essaylint.core.project import Project

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_audit_citations import build_essay_repo

ESSAYLINT_REPO = Path(__file__).resolve().parents[1]  # holds .pre-commit-hooks.yaml
BIN = Path(sys.executable).parent
UNKNOWN = "(Marmot, 2015){#doc_8f3a2c1d}"


def env(home: Path) -> dict[str, str]:
    out = dict(os.environ)
    out["PATH"] = f"{BIN}{os.pathsep}{out.get('PATH', '')}"
    out["PRE_COMMIT_HOME"] = str(home / "pre-commit-store")
    for key in ("GIT_DIR", "GIT_INDEX_FILE", "GIT_WORK_TREE"):
        out.pop(key, None)
    out.update(GIT_AUTHOR_NAME="Student", GIT_AUTHOR_EMAIL="s@example.org")
    out.update(GIT_COMMITTER_NAME="Student", GIT_COMMITTER_EMAIL="s@example.org")
    return out


def sh(cwd: Path, *args: str, environ: dict[str, str], check: bool = True):
    done = subprocess.run(args, cwd=cwd, env=environ, capture_output=True, text=True, timeout=120)
    if check and done.returncode != 0:
        raise AssertionError(f"{args} failed:\n{done.stdout}\n{done.stderr}")
    return done


def hook_repo(base: Path, environ: dict[str, str]) -> tuple[Path, str]:
    """A hook repository holding this checkout's .pre-commit-hooks.yaml (pre-commit clones
    a commit, and the work tree's manifest may not be committed yet)."""
    repo = base / "hook-repo"
    repo.mkdir()
    shutil.copyfile(ESSAYLINT_REPO / ".pre-commit-hooks.yaml", repo / ".pre-commit-hooks.yaml")
    sh(repo, "git", "init", "-q", environ=environ)
    sh(repo, "git", "add", ".", environ=environ)
    sh(repo, "git", "commit", "-q", "-m", "hooks", environ=environ)
    return repo, sh(repo, "git", "rev-parse", "HEAD", environ=environ).stdout.strip()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Project:
    return build_essay_repo(tmp_path_factory.getbasetemp())


@pytest.fixture(scope="module")
def essay(built: Project, tmp_path_factory: pytest.TempPathFactory):
    """A copy of the ingested repo with the hooks installed by the real pre-commit."""
    base = tmp_path_factory.mktemp("hooks")
    root = base / "essay"
    shutil.copytree(built.root, root, ignore=shutil.ignore_patterns(".git", "outputs"))
    environ = env(base)
    repo, rev = hook_repo(base, environ)
    (root / ".pre-commit-config.yaml").write_text(
        "default_install_hook_types: [pre-commit, post-commit]\n"
        "repos:\n"
        f"  - repo: {repo}\n"
        f"    rev: {rev}\n"
        "    hooks:\n"
        "      - id: essaylint\n"
        "      - id: essaylint-note\n"
    )
    sh(root, "git", "init", "-q", environ=environ)
    sh(root, sys.executable, "-m", "pre_commit", "install", environ=environ)
    sh(root, "git", "add", "-A", environ=environ)
    sh(root, "git", "reset", "-q", "drafts/essay.md", environ=environ)
    sh(root, "git", "commit", "-q", "-m", "essay repo", environ=environ)
    return Project(root), environ


def test_commit_refused_then_accepted_with_note_and_log(essay) -> None:
    project, environ = essay
    root = project.root
    draft = root / "drafts" / "essay.md"
    text = draft.read_text()
    line = next(n for n, t in enumerate(text.splitlines(), 1) if UNKNOWN in t)
    column = text.splitlines()[line - 1].index(UNKNOWN) + 1
    sh(root, "git", "add", "drafts/essay.md", environ=environ)
    refused = sh(root, "git", "commit", "-m", "first draft", environ=environ, check=False)
    out = refused.stdout + refused.stderr
    assert refused.returncode != 0, out
    assert f"drafts/essay.md:{line}:{column}: error citation/unknown-doc" in out, out
    assert "tables: outputs/audits/essay.{citations,claims,style,rubric}.md" in out
    assert "files were modified by this hook" not in out
    head = sh(root, "git", "rev-list", "--count", "HEAD", environ=environ).stdout.strip()
    assert head == "1"

    draft.write_text(text.replace(UNKNOWN, "(Marmot, 2015)"))
    sh(root, "git", "add", "drafts/essay.md", environ=environ)
    accepted = sh(root, "git", "commit", "-m", "fix citation", environ=environ, check=False)
    out = accepted.stdout + accepted.stderr
    assert accepted.returncode == 0, out
    # A passing commit still prints its summary (pre-commit shows it: verbose: true).
    assert "essaylint: drafts/essay.md: 0 errors," in out and " warnings, " in out, out
    assert "  claims: " in out and "tables: outputs/audits/essay." in out
    assert "audit summary noted on" in out
    note = sh(
        root, "git", "notes", "--ref=refs/notes/essaylint", "show", "HEAD", environ=environ
    ).stdout
    summary = json.loads(note)["drafts"]["drafts/essay.md"]
    assert summary["words"] > 900 and summary["citations"]["UNKNOWN"] == 0
    assert summary["citations"]["OK"] >= 5 and "need" in summary["claims"]
    assert sh(root, "git", "status", "--porcelain", environ=environ).stdout == ""

    draft.write_text(draft.read_text() + "\nThis closing sentence is new.\n")
    sh(root, "git", "commit", "-q", "-am", "add a sentence", environ=environ)
    logged = sh(root, "essaylint", "log", "drafts/essay.md", environ=environ)
    assert logged.stdout.count("| fix citation") == 1 and "| add a sentence" in logged.stdout
    assert ("words" in logged.stdout and "▁" in logged.stdout) or "█" in logged.stdout
    svg = root / "outputs" / "log" / "essay.svg"
    assert svg.is_file() and svg.read_text().startswith("<svg")


def test_plain_hook_install_refuses_foreign_hook(essay) -> None:
    project, environ = essay
    result = sh(project.root, "essaylint", "hook", "install", environ=environ, check=False)
    assert result.returncode == 1
    assert "refused" in result.stderr and "pre-commit framework" in result.stderr
    hooks = project.root / ".git" / "hooks"
    assert "pre_commit" in (hooks / "pre-commit").read_text()  # left alone


def test_plain_hooks_block_and_note(built: Project, tmp_path: Path) -> None:
    root = tmp_path / "plain"
    shutil.copytree(built.root, root, ignore=shutil.ignore_patterns(".git", "outputs"))
    environ = env(tmp_path)
    sh(root, "git", "init", "-q", environ=environ)
    installed = sh(root, "essaylint", "hook", "install", environ=environ)
    assert installed.stdout.count("installed") == 2
    again = sh(root, "essaylint", "hook", "install", environ=environ)
    assert again.stdout.count("up to date") == 2
    sh(root, "git", "add", "-A", environ=environ)
    refused = sh(root, "git", "commit", "-m", "draft", environ=environ, check=False)
    assert refused.returncode == 1 and "citation/unknown-doc" in refused.stderr
    draft = root / "drafts" / "essay.md"
    fixed = draft.read_text().replace(UNKNOWN, "(Marmot, 2015)")
    draft.write_text(fixed)
    sh(root, "git", "add", "drafts/essay.md", environ=environ)
    draft.write_text(fixed.replace("(Marmot, 2015)", "(Marmot, 2015){#doc_00000000}"))
    done = sh(root, "git", "commit", "-m", "staged copy is clean", environ=environ, check=False)
    assert done.returncode == 0, done.stdout + done.stderr  # the unstaged edit is not audited
    note = sh(root, "git", "notes", "--ref=essaylint", "show", "HEAD", environ=environ).stdout
    assert json.loads(note)["drafts"]["drafts/essay.md"]["citations"]["UNKNOWN"] == 0


def test_github_and_sarif_formats(built: Project, tmp_path: Path) -> None:
    summary = tmp_path / "summary.md"
    runner = CliRunner(env={"GITHUB_STEP_SUMMARY": str(summary)})
    args = ["-C", str(built.root), "audit", "drafts/essay.md", "--no-suggest"]
    result = runner.invoke(cli, [*args, "--format", "github"])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    errors = [x for x in lines if x.startswith("::error ")]
    assert errors and "file=drafts/essay.md,line=58," in errors[0]
    for level in ("::error ", "::warning ", "::notice "):
        assert sum(x.startswith(level) for x in lines) <= 10
    assert "## essaylint audit: failed" in summary.read_text()
    never = runner.invoke(cli, [*args, "--format", "github", "--fail-on", "never"])
    assert never.exit_code == 0
    sarif = runner.invoke(cli, [*args, "--format", "sarif", "--fail-on", "never"])
    assert sarif.exit_code == 0
    log = json.loads(sarif.output)
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-2.1.0.json")
    run = log["runs"][0]
    rule_ids = [r["id"] for r in run["tool"]["driver"]["rules"]]
    assert "citation/unknown-doc" in rule_ids and "claim/needs-evidence" in rule_ids
    results = run["results"]
    assert all(rule_ids[r["ruleIndex"]] == r["ruleId"] for r in results)
    prints = [r["partialFingerprints"]["essaylint/v1"] for r in results]
    assert len(set(prints)) == len(prints)
    again = json.loads(runner.invoke(cli, [*args, "--format", "sarif"]).output)
    assert [r["partialFingerprints"] for r in again["runs"][0]["results"]] == [
        r["partialFingerprints"] for r in results
    ]


def _reading(analysis: Any) -> tuple:
    return analysis.cues, analysis.hedges, analysis.boosters, analysis.key_phrases


def test_cached_claims_match_a_fresh_analysis(built: Project, tmp_path: Path) -> None:
    from essaylint.audit.claims.cache import CachedDetector
    from essaylint.audit.claims.detect import get_detector
    from essaylint.core.store import ResultCache
    from essaylint.draft import parse_draft

    texts = [s.plain_text for s in parse_draft(built.root / "drafts" / "essay.md").sentences]
    fresh = CachedDetector(None).analyse(texts)  # remembers nothing
    spacy = get_detector(CachedDetector(None).names).analyse(texts)
    assert [_reading(a) for a in fresh] == [_reading(a) for a in spacy]
    assert any(a.citeworthiness is not None for a in fresh)  # scores are compared too
    first = CachedDetector(ResultCache(tmp_path / "claims.json"))
    assert first.analyse(texts) == fresh and first.analysed == len(set(texts))
    second = CachedDetector(ResultCache(tmp_path / "claims.json"))
    assert second.analyse(texts) == fresh and second.analysed == 0


def test_unchanged_draft_loads_no_model_no_index(built: Project, tmp_path: Path) -> None:
    root = tmp_path / "warm"
    shutil.copytree(built.root, root, ignore=shutil.ignore_patterns(".git"))
    code = (
        "import sys\n"
        "from essaylint.cli.main import cli\n"
        "try:\n"
        f"    cli(['-C', {str(root)!r}, 'hook', 'run', 'drafts/essay.md'])\n"
        "except SystemExit as exc:\n"
        "    print('EXIT', exc.code)\n"
        "print('MODULES', *[m in sys.modules for m in ('lancedb', 'spacy', 'onnxruntime')])\n"
    )
    draft = root / "drafts" / "essay.md"
    anchor = "This essay asks why that happens."
    new = anchor + " Nurse training causes better outcomes in every ward."
    subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    warm = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert "EXIT 1" in warm.stdout and "MODULES False False False" in warm.stdout, warm.stdout
    draft.write_text(draft.read_text().replace(anchor, new))
    first = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    # The new sentence is analysed before the tables are written (spaCy loads); no LanceDB.
    assert "EXIT 1" in first.stdout and "MODULES False True" in first.stdout, first.stdout
    table = (root / "outputs" / "audits" / "essay.claims.md").read_text()
    assert "Nurse training causes better outcomes in every ward." in table


def test_tables_written_at_commit_are_complete(essay) -> None:
    """A new claim committed is in the claims table the commit wrote (not only in the note),
    and the table equals what a full `essaylint audit` writes."""
    project, environ = essay
    root = project.root
    draft = root / "drafts" / "essay.md"
    if UNKNOWN in draft.read_text():
        draft.write_text(draft.read_text().replace(UNKNOWN, "(Marmot, 2015)"))
    claim = "Night staffing causes most medication errors in every surgical ward."
    body, references = draft.read_text().split("## References")
    draft.write_text(f"{body.rstrip()}\n\n{claim}\n\n## References{references}")
    sh(root, "git", "add", "drafts/essay.md", environ=environ)
    sh(root, "git", "commit", "-m", "a new claim", environ=environ)
    table = root / "outputs" / "audits" / "essay.claims.md"
    at_commit = table.read_text()
    row = next(line for line in at_commit.splitlines() if claim in line)
    assert "| NEED |" in row, row
    note = json.loads(
        sh(root, "git", "notes", "--ref=essaylint", "show", "HEAD", environ=environ).stdout
    )
    assert at_commit.count("| NEED |") == note["drafts"]["drafts/essay.md"]["claims"]["need"]
    shutil.rmtree(root / ".essaylint" / "results")
    sh(root, "essaylint", "audit", "drafts/essay.md", environ=environ, check=False)
    assert table.read_text() == at_commit


def test_template_hook_notes_each_commit_at_the_next_or_at_log(
    built: Project, tmp_path: Path
) -> None:
    """The config `essaylint init` writes starts pre-commit once per commit (no post-commit
    stage): a commit's note is written by the next commit's hook run, from the report its
    own hook run cached, or by `essaylint log`; commits that touch no draft get none."""
    from essaylint.app.templates import template_text

    root = tmp_path / "essay"
    shutil.copytree(built.root, root, ignore=shutil.ignore_patterns(".git", "outputs"))
    environ = env(tmp_path)
    (root / ".pre-commit-config.yaml").write_text(template_text("pre-commit-config.yaml"))
    draft = root / "drafts" / "essay.md"
    draft.write_text(draft.read_text().replace(UNKNOWN, "(Marmot, 2015)"))
    sh(root, "git", "init", "-q", environ=environ)
    sh(root, sys.executable, "-m", "pre_commit", "install", environ=environ)
    assert not (root / ".git" / "hooks" / "post-commit").exists()

    def commit(message: str) -> str:
        sh(root, "git", "add", "-A", environ=environ)
        sh(root, "git", "commit", "-q", "-m", message, environ=environ)
        return sh(root, "git", "rev-parse", "HEAD", environ=environ).stdout.strip()

    def noted(sha: str) -> dict[str, Any] | None:
        shown = sh(
            root, "git", "notes", "--ref=essaylint", "show", sha, environ=environ, check=False
        )
        return json.loads(shown.stdout) if shown.returncode == 0 else None

    first = commit("first draft")
    assert noted(first) is None  # its sha did not exist while its hook ran
    (root / "NOTES.txt").write_text("not a draft\n")
    second = commit("a file that is not a draft")
    draft.write_text(draft.read_text() + "\nThis closing sentence is new.\n")
    third = commit("add a sentence")
    summary = noted(first)["drafts"]["drafts/essay.md"]  # by the third commit's hook
    assert summary["citations"]["UNKNOWN"] == 0 and summary["words"] > 900
    assert noted(second) is None and noted(third) is None
    kept = noted(first)["drafts"]  # the summary the first commit's hook run kept...
    sh(root, "essaylint", "hook", "note", "--commit", first, environ=environ)
    assert noted(first)["drafts"] == kept  # ...is what auditing the commit again gives

    (root / ".essaylint" / "results" / "commit-summaries.json").unlink()
    draft.write_text(draft.read_text() + "\nAnother closing sentence.\n")
    fourth = commit("another sentence")
    assert noted(third) is None  # nothing kept for it: not audited again at commit time
    logged = sh(root, "essaylint", "log", "drafts/essay.md", "--chart", "none", environ=environ)
    assert noted(third) is not None and noted(fourth) is not None and noted(second) is None
    for subject in ("first draft", "add a sentence", "another sentence"):
        assert f"| {subject}" in logged.stdout
